"""Hand scorer: pick or type three cards; see the value, why, every variant and the odds."""

from __future__ import annotations

import streamlit as st

from thirtyone.core import score
from thirtyone.i18n import _
from thirtyone.odds import hand_standing
from thirtyone.plots import score_code
from thirtyone.ui.pages.scorer import scorer as sc
from thirtyone.ui.shell.common import (
    HAND_VALUE_OPTIONS,
    changed_options_text,
    current_variant,
    rules_editor,
)
from thirtyone.ui.widgets.cards import card_picker, show
from thirtyone.ui.widgets.figures import show_code
from thirtyone.ui.widgets.headings import heading
from thirtyone.ui.widgets.plain import plain


def page() -> None:
    """Draws the page (registered in ``thirtyone.ui.shell.nav``)."""
    variant = current_variant()
    pack, hand = sc.start(variant)
    name = _(variant.name)

    st.title(_("Hand scorer"))
    st.caption(_("Scoring as **{variant}** ({n}-card pack). Change the variant in the "
                 "sidebar.").format(variant=name, n=len(pack)))
    with st.expander(_("House rules for hand values")):
        if variant.rules.hand_value == "suit_sum":
            rules = rules_editor(variant.rules, key=f"scorer_house_{variant.key}",
                                 names=HAND_VALUE_OPTIONS)
        else:
            rules = variant.rules
            st.caption(_("{variant} does not use the suit sum, so these options do not "
                         "apply.").format(variant=name))
    house = changed_options_text(rules, variant.rules)
    if house:
        st.caption(_("House rules on: {rules}.").format(rules=house))

    s = score(hand, rules) if len(hand) == 3 else None
    show(sc.result_html(hand, s, rules))
    if s is not None:
        show_code(score_code(" ".join(str(c) for c in hand), rules, variant.key))

    error = sc.error_now(rules.pack)
    if error:
        st.error(plain(error), icon=":material/error:")  # quotes the typing
    note = sc.note_now(variant)
    if note:
        st.info(plain(note), icon=":material/info:")

    heading(_("Choose three cards"), 2, look=3)
    text_col, random_col, clear_col = st.columns([3, 1.4, 1.4], vertical_alignment="bottom")
    text_col.text_input(_("Type them"), key=sc.TEXT, on_change=sc.typed, args=(rules.pack,),
                        placeholder=_("e.g. AH KH 9S, 10h Th A♥"),
                        help=_("Rank 2-9, 10 or T, J, Q, K, A, then suit S H D C or ♠ ♥ ♦ ♣; "
                               "any case. Press Enter to score."))
    random_col.button(_("Random"), on_click=sc.random_hand, args=(rules.pack,),
                      icon=":material/casino:", width="stretch", key="scorer_random")
    clear_col.button(_("Clear"), on_click=sc.set_hand, args=([],), icon=":material/backspace:",
                     width="stretch", key="scorer_clear")
    st.caption(_("Or click cards. Click a chosen card to take it back; with three chosen, a new "
                 "card replaces the one picked first."))
    card_picker(pack, selected=set(hand), on_pick=sc.pick, key="scorer")

    if s is not None:
        st.subheader(_("How good is it?"))
        standing = hand_standing(s.cards, rules)
        n_hands = sc.starting_hands(rules)
        a, b = st.columns(2)
        a.metric(_("Starting hands it beats"), sc.percent(standing.beats),
                 help=_("Out of all {n} possible three-card hands; {ties} are exactly as "
                        "good.").format(n=sc.number(n_hands), ties=sc.percent(standing.ties)))
        at = None
        if sc.shown_down(rules):       # Banking is played against a banker, not shown down
            with b:
                at = sc.at_table(s.cards, rules, sc.opponents_picker(rules))
                b.metric(sc.at_table_label(at), sc.percent(at.chance), help=sc.at_table_help(at))
        if at is not None:
            st.markdown(sc.at_table_words(at, rules))
        st.caption(_("Exact figures over every possible deal. This hand beats {beats} of all {n} "
                     "starting hands and ties with {ties}.").format(
                         beats=sc.percent(standing.beats), n=sc.number(n_hands),
                         ties=sc.percent(standing.ties)))

        st.subheader(_("The same hand in every variant"))
        st.table(sc.every_variant_table(s.cards, variant.key), hide_index=True,
                 border="horizontal")
        st.caption(_("Each variant with its usual rules (no house rules). ‘Beats’ is the share of "
                     "all starting hands of that variant this hand is better than."))
