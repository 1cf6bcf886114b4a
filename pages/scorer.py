"""Hand scorer: pick or type three cards; see the value, why, every variant and the odds."""

from __future__ import annotations

import html

import numpy as np
import pandas as pd
import streamlit as st

from thirtyone.core.cards import (
    CardError,
    cards_display,
    cards_text,
    make_pack,
    parse_card,
    parse_hand,
)
from thirtyone.core.scoring import score
from thirtyone.odds.dealt import hand_standing
from thirtyone.teach.compare import every_variant
from thirtyone.ui.cards import card_picker, hand_html, show
from thirtyone.ui.common import (
    HAND_VALUE_OPTIONS,
    changed_options_text,
    current_variant,
    rules_editor,
)
from thirtyone.ui.styles import stylesheet

HAND = "scorer_hand"      # the chosen cards, canonical text, in the order picked
TEXT = "scorer_text"      # the text box
ERROR = "scorer_error"    # the last bad input, one sentence
NOTE = "scorer_note"      # a short notice (e.g. cards taken out when the pack changed)

VALUE_CSS = stylesheet("scorer.css")


def _hand() -> list:
    return [parse_card(t) for t in st.session_state.get(HAND, [])]


def _set_hand(cards: list) -> None:
    st.session_state[HAND] = [str(c) for c in cards]
    st.session_state[TEXT] = cards_text(cards)
    st.session_state[ERROR] = None
    st.session_state[NOTE] = None


def _pick(card) -> None:
    """A click on the grid: take a chosen card back, add a new one, or (hand full) replace
    the card picked first."""
    hand = _hand()
    if card in hand:
        hand.remove(card)
    else:
        hand = (hand if len(hand) < 3 else hand[1:]) + [card]
    _set_hand(hand)


def _typed(pack_size: int) -> None:
    text = st.session_state.get(TEXT, "")
    if not text.strip():
        _set_hand([])
        return
    try:
        hand = parse_hand(text, pack=pack_size)
    except CardError as e:
        st.session_state[ERROR] = str(e)  # keep the previous hand and the text as typed
        return
    _set_hand(list(hand))


def _random(pack_size: int) -> None:
    pack = make_pack(pack_size)
    rng = np.random.default_rng()
    _set_hand([pack[i] for i in rng.choice(len(pack), size=3, replace=False)])


def _percent(p: float) -> str:
    if p == 0:
        return "0%"
    if p < 0.001:
        return f"{p:.2%}"
    return f"{p:.1%}"


# --- state -------------------------------------------------------------------------------

variant = current_variant()
st.session_state.setdefault(HAND, [])
st.session_state.setdefault(ERROR, None)
st.session_state.setdefault(NOTE, None)


pack = make_pack(variant.rules.pack)  # house rules never change the pack
hand = _hand()
left_out = [c for c in hand if c not in pack]
if left_out:  # the variant changed to a smaller pack: keep what still fits
    _set_hand([c for c in hand if c in pack])
    st.session_state[NOTE] = (f"{cards_display(left_out)} "
                              f"{'is' if len(left_out) == 1 else 'are'} not in the "
                              f"{len(pack)}-card pack of {variant.name}, so "
                              f"{'it was' if len(left_out) == 1 else 'they were'} taken out "
                              "of the hand.")
    hand = _hand()
if TEXT not in st.session_state:  # back from another page: show the kept hand
    st.session_state[TEXT] = cards_text(hand)

# --- page --------------------------------------------------------------------------------

st.title("Hand scorer")
st.caption(f"Scoring as **{variant.name}** ({len(pack)}-card pack). "
           "Change the variant in the sidebar.")
with st.expander("House rules for hand values"):
    if variant.rules.hand_value == "suit_sum":
        rules = rules_editor(variant.rules, key=f"scorer_house_{variant.key}",
                             names=HAND_VALUE_OPTIONS)
    else:
        rules = variant.rules
        st.caption(f"{variant.name} does not use the suit sum, so these options do not apply.")
house = changed_options_text(rules, variant.rules)
if house:
    st.caption(f"House rules on: {house}.")

full = len(hand) == 3
s = score(hand, rules) if full else None

if s is None:
    more = 3 - len(hand)
    side = f'<div class="scorer-label">Pick {more} more card{"s" if more > 1 else ""}.</div>'
else:
    badge = ("fire" if s.fire else "blitz" if s.blitz and rules.counts_blitz
             else "natural" if s.blitz else "")
    value = s.label if isinstance(s.points, tuple) else s.value_text
    label = "" if isinstance(s.points, tuple) else s.label
    side = (f'<div class="scorer-value" data-testid="scorer-value">{html.escape(value)}</div>'
            f'<div class="scorer-label">{html.escape(label)}</div>'
            + (f'<span class="scorer-badge">{badge}</span>' if badge else "")
            + f'<div class="scorer-why">{html.escape(s.explain())}</div>')
show(VALUE_CSS + '<div class="scorer-result">'
     + hand_html(hand, size="lg", counted=s.counted if s else None, empty=3 - len(hand))
     + f'<div class="scorer-side">{side}</div></div>')

if st.session_state[ERROR]:
    st.error(st.session_state[ERROR], icon=":material/error:")
if st.session_state[NOTE]:
    st.info(st.session_state[NOTE], icon=":material/info:")

st.subheader("Choose three cards")
text_col, random_col, clear_col = st.columns([4, 1, 1], vertical_alignment="bottom")
text_col.text_input("Type them", key=TEXT, on_change=_typed, args=(rules.pack,),
                    placeholder="e.g. AH KH 9S, 10h Th A♥",
                    help="Rank 2-9, 10 or T, J, Q, K, A, then suit S H D C or ♠ ♥ ♦ ♣; "
                         "any case. Press Enter to score.")
random_col.button("Random", on_click=_random, args=(rules.pack,),
                  icon=":material/casino:", width="stretch", key="scorer_random")
clear_col.button("Clear", on_click=_set_hand, args=([],), icon=":material/backspace:",
                 width="stretch", key="scorer_clear")
st.caption("Or click cards. Click a chosen card to take it back; with three chosen, a new "
           "card replaces the one picked first.")
card_picker(pack, selected=set(hand), on_pick=_pick, key="scorer")

if s is not None:
    st.subheader("How good is it?")
    standing = hand_standing(s.cards, rules)
    n_hands = len(make_pack(rules.pack)) * (rules.pack - 1) * (rules.pack - 2) // 6
    a, b = st.columns(2)
    a.metric("Starting hands it beats", _percent(standing.beats),
             help=f"Out of all {n_hands:,} possible three-card hands; "
                  f"{_percent(standing.ties)} are exactly as good.")
    b.metric("Chance one opponent's hand is better", _percent(standing.opponent_beats),
             help=f"The opponent is dealt three of the other {rules.pack - 3} cards; "
                  f"{_percent(standing.opponent_ties)} of the time it is a tie.")
    st.caption(f"Exact figures over every possible deal. This hand beats "
               f"{_percent(standing.beats)} of all {n_hands:,} starting hands and ties with "
               f"{_percent(standing.ties)}.")

    st.subheader("The same hand in every variant")
    rows = every_variant(s.cards)
    table = pd.DataFrame([{
        "Variant": ("▶ " if r.key == variant.key else "") + r.name,
        "Value": r.value or "—",
        "Counted as": r.label if not r.error else "not in this pack",
        "Beats": _percent(r.beats) if r.beats is not None else "—",
        "Why": r.explanation or r.error,
    } for r in rows])
    st.table(table, hide_index=True, border="horizontal")
    st.caption("Each variant with its usual rules (no house rules). ‘Beats’ is the share of "
               "all starting hands of that variant this hand is better than.")
