"""Hand scorer: pick or type three cards; see the value, why, every variant and the odds."""

from __future__ import annotations

import streamlit as st

from thirtyone.core.scoring import score
from thirtyone.odds.dealt import hand_standing
from thirtyone.plots import score_code
from thirtyone.ui import scorer as sc
from thirtyone.ui.cards import card_picker, show
from thirtyone.ui.common import (
    HAND_VALUE_OPTIONS,
    changed_options_text,
    current_variant,
    rules_editor,
)
from thirtyone.ui.odds_lab import show_code
from thirtyone.ui.plain import plain

variant = current_variant()
pack, hand = sc.start(variant)

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

s = score(hand, rules) if len(hand) == 3 else None
show(sc.result_html(hand, s, rules))
if s is not None:
    show_code(score_code(" ".join(str(c) for c in hand), rules, variant.key))

if st.session_state[sc.ERROR]:
    st.error(plain(st.session_state[sc.ERROR]), icon=":material/error:")  # quotes the typing
if st.session_state[sc.NOTE]:
    st.info(plain(st.session_state[sc.NOTE]), icon=":material/info:")

st.subheader("Choose three cards")
text_col, random_col, clear_col = st.columns([4, 1, 1], vertical_alignment="bottom")
text_col.text_input("Type them", key=sc.TEXT, on_change=sc.typed, args=(rules.pack,),
                    placeholder="e.g. AH KH 9S, 10h Th A♥",
                    help="Rank 2-9, 10 or T, J, Q, K, A, then suit S H D C or ♠ ♥ ♦ ♣; "
                         "any case. Press Enter to score.")
random_col.button("Random", on_click=sc.random_hand, args=(rules.pack,),
                  icon=":material/casino:", width="stretch", key="scorer_random")
clear_col.button("Clear", on_click=sc.set_hand, args=([],), icon=":material/backspace:",
                 width="stretch", key="scorer_clear")
st.caption("Or click cards. Click a chosen card to take it back; with three chosen, a new "
           "card replaces the one picked first.")
card_picker(pack, selected=set(hand), on_pick=sc.pick, key="scorer")

if s is not None:
    st.subheader("How good is it?")
    standing = hand_standing(s.cards, rules)
    n_hands = sc.starting_hands(rules)
    a, b = st.columns(2)
    a.metric("Starting hands it beats", sc.percent(standing.beats),
             help=f"Out of all {n_hands:,} possible three-card hands; "
                  f"{sc.percent(standing.ties)} are exactly as good.")
    b.metric("Chance one opponent's hand is better", sc.percent(standing.opponent_beats),
             help=f"The opponent is dealt three of the other {rules.pack - 3} cards; "
                  f"{sc.percent(standing.opponent_ties)} of the time it is a tie.")
    st.caption(f"Exact figures over every possible deal. This hand beats "
               f"{sc.percent(standing.beats)} of all {n_hands:,} starting hands and ties with "
               f"{sc.percent(standing.ties)}.")

    st.subheader("The same hand in every variant")
    st.table(sc.every_variant_table(s.cards, variant.key), hide_index=True,
             border="horizontal")
    st.caption("Each variant with its usual rules (no house rules). ‘Beats’ is the share of "
               "all starting hands of that variant this hand is better than.")
