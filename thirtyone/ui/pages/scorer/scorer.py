"""The Hand scorer page's state, callbacks and derived facts: the chosen hand (kept as card
text in session state), the clicks and the text box that change it, the result panel's HTML,
and the tables and figures shown under it. The page
(``pages/scorer/__init__.py``) only lays out the widgets."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
import streamlit as st

from thirtyone.core import (
    VARIANTS,
    Card,
    CardError,
    Rules,
    Score,
    Variant,
    cards_display,
    cards_typed,
    label_text,
    make_pack,
    parse_card,
    parse_hand,
)
from thirtyone.i18n import _, format_number, format_percent, ngettext
from thirtyone.odds import (
    AtTable,
    OddsError,
    check_hand_rules,
    hand_at_table,
    knock_risk,
    most_opponents,
)
from thirtyone.teach import every_variant
from thirtyone.ui.widgets.cards import hand_html
from thirtyone.ui.widgets.html import Markup, markup
from thirtyone.ui.widgets.styles import stylesheet

HAND = "scorer_hand"      # the chosen cards, canonical text, in the order picked
TEXT = "scorer_text"      # the text box: what was typed, or the hand in the language's letters
ERROR = "scorer_error"    # the last bad input, one sentence (said again in today's language)
NOTE = "scorer_note"      # cards taken out when the pack changed: {"cards": [...], "variant": key}

VALUE_CSS = stylesheet("scorer.css")


def chosen_hand() -> list[Card]:
    return [parse_card(t) for t in st.session_state.get(HAND, [])]


def set_hand(cards: Sequence[Card]) -> None:
    st.session_state[HAND] = [str(c) for c in cards]
    st.session_state[TEXT] = cards_typed(cards)  # Тч Кч 9п in Russian; the URL keeps AH+KH+9S
    st.session_state[ERROR] = None
    st.session_state[NOTE] = None


def pick(card: Card) -> None:
    """A click on the grid: take a chosen card back, add a new one, or (hand full) replace
    the card picked first."""
    hand = chosen_hand()
    if card in hand:
        hand.remove(card)
    else:
        hand = (hand if len(hand) < 3 else hand[1:]) + [card]
    set_hand(hand)


def typed(pack_size: int) -> None:
    """The text box changed: score what was typed, or keep the hand and say what is wrong."""
    text = st.session_state.get(TEXT, "")
    if not text.strip():
        set_hand([])
        return
    try:
        hand = parse_hand(text, pack=pack_size)
    except CardError as e:
        # The text stays as typed, to correct it; the previous hand goes, so its value is
        # not left on screen beside the error as if it were this text's.
        st.session_state[HAND] = []
        st.session_state[NOTE] = None
        st.session_state[ERROR] = str(e)
        return
    set_hand(list(hand))


def random_hand(pack_size: int) -> None:
    pack = make_pack(pack_size)
    rng = np.random.default_rng()
    set_hand([pack[i] for i in rng.choice(len(pack), size=3, replace=False)])


def percent(p: float) -> str:
    """A share as the reader's language writes it (``thirtyone.i18n.format_percent``):
    ``1.5%`` in English, ``1,5 %`` in Russian, ``1,5%`` in Ukrainian (Babel's locale data)."""
    if p == 0:
        return format_percent(0)
    if p < 0.001:
        return format_percent(p, 2)
    return format_percent(p, 1)


def number(n: int) -> str:
    """A whole number with its thousands marked, in the current language's way."""
    return format_number(n)


def error_now(pack_size: int) -> str | None:
    """What is wrong with the typed text, in the current language (the kept sentence when
    the text now reads, e.g. a link filled it in since)."""
    kept = st.session_state.get(ERROR)
    if not kept:
        return None
    try:
        parse_hand(st.session_state.get(TEXT, ""), pack=pack_size)
    except CardError as e:
        return str(e)
    return str(kept)


def note_now(variant: Variant) -> str | None:
    """The note about cards taken out of the hand, in the current language."""
    note = st.session_state.get(NOTE)
    if not note:
        return None
    if not isinstance(note, dict):
        return str(note)
    cards = [parse_card(c) for c in note.get("cards", [])]
    was = VARIANTS.get(note.get("variant", ""), variant)
    pack = was.rules.pack
    return ngettext("{cards} is not in the {n}-card pack of {variant}, so it was taken out "
                    "of the hand.",
                    "{cards} are not in the {n}-card pack of {variant}, so they were taken "
                    "out of the hand.", len(cards)).format(
        cards=cards_display(cards), n=pack, variant=_(was.name))


def start(variant: Variant) -> tuple[tuple[Card, ...], list[Card]]:
    """Set up the page's state for ``variant``; return its pack and the hand to show.

    Cards not in the variant's pack (the variant changed to a smaller pack) are taken out of
    the hand, with a note saying so."""
    st.session_state.setdefault(HAND, [])
    st.session_state.setdefault(ERROR, None)
    st.session_state.setdefault(NOTE, None)
    pack = make_pack(variant.rules.pack)  # house rules never change the pack
    hand = chosen_hand()
    left_out = [c for c in hand if c not in pack]
    if left_out:  # the variant changed to a smaller pack: keep what still fits
        set_hand([c for c in hand if c in pack])
        st.session_state[NOTE] = {"cards": [str(c) for c in left_out], "variant": variant.key}
        hand = chosen_hand()
    if TEXT not in st.session_state or _reads_as(st.session_state[TEXT], hand):
        # back from another page, or the language changed: the kept hand in today's letters
        st.session_state[TEXT] = cards_typed(hand)
    return pack, hand


def _reads_as(text: str, hand: Sequence[Card]) -> bool:
    """Whether the box's text is the hand itself (not a typing still to correct)."""
    try:
        return list(parse_hand(text, size=None)) == list(hand)
    except CardError:
        return False


def result_html(hand: Sequence[Card], s: Score | None, rules: Rules) -> Markup:
    """The hand in big cards, and beside it the value, a badge and why (or how many cards
    are still to pick); with the stylesheet."""
    if s is None:
        more = 3 - len(hand)
        pick_more = ngettext("Pick {n} more card.", "Pick {n} more cards.", more).format(n=more)
        side = markup('<div class="scorer-label">{}</div>', pick_more)
    else:
        badge = (_("fire") if s.fire else _("blitz") if s.blitz and rules.counts_blitz
                 else _("natural") if s.blitz else "")
        value = s.label_text if isinstance(s.points, tuple) else s.value_text
        label = "" if isinstance(s.points, tuple) else s.label_text
        side = (markup('<div class="scorer-value" data-testid="scorer-value">{}</div>'
                       '<div class="scorer-label">{}</div>', value, label)
                + (markup('<span class="scorer-badge">{}</span>', badge) if badge else "")
                + markup('<div class="scorer-why">{}</div>', s.explain()))
    return VALUE_CSS + markup(
        '<div class="scorer-result">{}<div class="scorer-side">{}</div></div>',
        hand_html(hand, size="lg", counted=s.counted if s else None, empty=3 - len(hand)), side)


def starting_hands(rules: Rules) -> int:
    """How many three-card hands the pack of ``rules`` can deal."""
    return len(make_pack(rules.pack)) * (rules.pack - 1) * (rules.pack - 2) // 6


def every_variant_table(cards: Sequence[Card], current: str) -> pd.DataFrame:
    """The same hand scored by every variant's usual rules; ``current`` is marked ▶."""
    return pd.DataFrame([{
        _("Variant"): ("▶ " if r.key == current else "") + _(r.name),
        _("Value"): r.value or "—",
        _("Counted as"): label_text(r.label) if not r.error else _("not in this pack"),
        _("Beats"): percent(r.beats) if r.beats is not None else "—",
        _("Why"): r.explanation or r.error,
    } for r in every_variant(cards)])


# --- the chance that matters for this scoring, at a table (issue 26 item 2) -----------------

OPPONENTS = "scorer_opponents"


def opponents_picker(rules: Rules) -> int:
    """How many opponents the hand is shown down against (1 to 5, or what the pack holds)."""
    most = max(1, min(5, most_opponents(rules)))
    choice = st.segmented_control(_("Opponents at the table"), list(range(1, most + 1)),
                                  default=min(3, most), key=OPPONENTS)
    return int(choice or min(3, most))    # a click on the chosen one unselects it


def shown_down(rules: Rules) -> bool:
    """Whether hands under ``rules`` are compared at a showdown (not Banking's buying)."""
    try:
        check_hand_rules(rules)
    except OddsError:
        return False
    return True


def at_table(cards: Sequence[Card], rules: Rules, opponents: int) -> AtTable:
    return hand_at_table(tuple(cards), rules, opponents)


def at_table_label(at: AtTable) -> str:
    if at.kind == "pot":
        return _("Chance someone holds a better hand")
    if at.kind == "place":
        return _("Chance it is alone at the bottom")
    return _("Chance it is the lowest hand")


def at_table_help(at: AtTable) -> str:
    if at.exact:
        return _("Exact: every way of dealing the other cards to the opponents is counted.")
    return _("Simulated over {n} deals of the other cards; the true chance is within "
             "{half} of it, 95 times in 100.").format(n=number(at.rounds),
                                                      half=percent(at.half_width))


def at_table_words(at: AtTable, rules: Rules) -> str:
    """The chance in one sentence that says what it means for the round."""
    bad = knock_risk(rules).bad
    n = at.opponents
    if at.kind == "pot":
        text = ngettext(
            "Against {n} opponent dealt from the other cards, someone holds a better hand "
            "{p} of the time: shown down now, that is how often {bad}.",
            "Against {n} opponents dealt from the other cards, someone holds a better hand "
            "{p} of the time: shown down now, that is how often {bad}.", n)
    elif at.kind == "place":
        text = ngettext(
            "Against {n} opponent dealt from the other cards, this hand is alone at the "
            "bottom {p} of the time: shown down now, that is how often {bad}.",
            "Against {n} opponents dealt from the other cards, this hand is alone at the "
            "bottom {p} of the time: shown down now, that is how often {bad}.", n)
    else:
        text = ngettext(
            "Against {n} opponent dealt from the other cards, this hand is the lowest (or "
            "tied for it) {p} of the time: shown down now, that is how often {bad}.",
            "Against {n} opponents dealt from the other cards, this hand is the lowest (or "
            "tied for it) {p} of the time: shown down now, that is how often {bad}.", n)
    text = text.format(n=n, p=percent(at.chance), bad=bad)
    if at.kind != "pot":    # a pot goes to the highest hand, a 31 included
        text += " " + _("A 31 (or another hand that ends the round at once) in someone else's "
                        "hand is not counted here; in some games it costs you a life too.")
    return text
