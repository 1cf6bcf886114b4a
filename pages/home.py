"""Home: what the app is and what each page is for, for a teacher and for a student."""

import streamlit as st

from thirtyone.core.cards import parse_hand
from thirtyone.ui.cards import hand_html, show
from thirtyone.ui.common import current_variant

st.title("Thirty-One")
st.markdown("#### A card game about one number: get as close to **31** in one suit as you can.")

show(hand_html(parse_hand("AH KH QH"), size="lg",
               captions=("11", "10", "10")))
st.markdown("Ace, king and queen of hearts: 11 + 10 + 10 = **31**, the best hand there is. "
            "Thirty-One has been played for more than five hundred years and has many "
            "relatives; this app teaches them all on one set of rules.")

variant = current_variant()
st.info(f"The variant chosen in the sidebar is **{variant.name}**. Every page uses it: "
        "change it once and the scorer, the table and the odds follow.",
        icon=":material/tune:")

PAGES = [
    ("pages/learn.py", "Learn", ":material/school:",
     "Short lessons with quizzes, from what a card is worth to when to knock."),
    ("pages/scorer.py", "Hand scorer", ":material/calculate:",
     "Pick or type three cards and see what they are worth, why, in every variant, and how "
     "often a hand like that wins."),
    ("pages/play.py", "Play", ":material/playing_cards:",
     "Play a full game against computer players, with hints when you want them."),
    ("pages/variants.py", "Variants", ":material/menu_book:",
     "Compare the variants side by side: their rules, names, regions and history."),
    ("pages/odds_lab.py", "Odds lab", ":material/query_stats:",
     "Exact odds and simulations: how often each value is dealt, and which habits win."),
]

st.subheader("What is here")
cols = st.columns(len(PAGES))
for col, (path, title, icon, text) in zip(cols, PAGES, strict=True):
    with col.container(border=True):
        st.page_link(path, label=title, icon=icon)
        st.write(text)

teacher, student = st.columns(2)
with teacher:
    st.subheader("For a teacher")
    st.markdown(
        "- Put the **Hand scorer** on the projector: the cards are big, the value and the "
        "reason are written under them.\n"
        "- Ask the class to guess the value first, then click the cards.\n"
        "- Switch the variant to show how one hand changes value from game to game.\n"
        "- The **Odds lab** turns a hunch (\"is 25 a good hand?\") into a number.")
with student:
    st.subheader("For a student")
    st.markdown(
        "- Start with **Learn**: each lesson is a few minutes and ends with a quiz.\n"
        "- Check a hand you are unsure of in the **Hand scorer**.\n"
        "- Then **Play**: ask for a hint when stuck, and read why it suggests that move.\n"
        "- Curious where the game comes from? See **Variants**.")
