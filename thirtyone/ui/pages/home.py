"""Home: what the app is and what each page is for, for a teacher and for a student."""

import streamlit as st

from thirtyone.core import parse_hand
from thirtyone.i18n import N_, _
from thirtyone.ui.shell import nav
from thirtyone.ui.shell.common import current_variant
from thirtyone.ui.widgets.cards import hand_html, show
from thirtyone.ui.widgets.headings import heading


def page() -> None:
    """Draws the page (registered in ``thirtyone.ui.shell.nav``)."""
    st.title(_("Thirty-One"))
    heading(_("A card game about one number: get as close to **31** in one suit as you can."), 2,
            look=4)

    show(hand_html(parse_hand("AH KH QH"), size="lg",
                   captions=("11", "10", "10")))
    st.markdown(_("Ace, king and queen of hearts: 11 + 10 + 10 = **31**, the best hand there is. "
                  "Thirty-One has been played for more than five hundred years and has many "
                  "relatives; this app teaches them all on one set of rules."))

    variant = current_variant()
    st.info(_("The variant chosen in the sidebar is **{variant}**. Every page uses it: "
              "change it once and the scorer, the table and the odds follow.").format(
                  variant=_(variant.name)),
            icon=":material/tune:")

    PAGES = [
        ("learn", N_("Learn"), ":material/school:",
         N_("Short lessons with quizzes, from what a card is worth to when to knock.")),
        ("scorer", N_("Hand scorer"), ":material/calculate:",
         N_("Pick or type three cards and see what they are worth, why, in every variant, and "
            "how often a hand like that wins.")),
        ("play", N_("Play"), ":material/playing_cards:",
         N_("Play a full game against computer players, with hints when you want them.")),
        ("variants", N_("Variants"), ":material/menu_book:",
         N_("Compare the variants side by side: their rules, names, regions and history.")),
        ("odds_lab", N_("Odds lab"), ":material/query_stats:",
         N_("Exact odds and simulations: how often each value is dealt, and which habits win.")),
    ]

    st.subheader(_("What is here"))
    # three to a row: a page's name in Russian or Ukrainian needs room at 1024 px
    cols = [c for _row in range(0, len(PAGES), 3) for c in st.columns(3)]
    for col, (path, title, icon, text) in zip(cols, PAGES, strict=False):
        with col.container(border=True):
            nav.link(path, label=_(title), icon=icon)
            st.write(_(text))

    teacher, student = st.columns(2)
    with teacher:
        st.subheader(_("For a teacher"))
        st.markdown(_(
            "- Put the **Hand scorer** on the projector: the cards are big, the value and the "
            "reason are written under them.\n"
            "- Ask the class to guess the value first, then click the cards.\n"
            "- Switch the variant to show how one hand changes value from game to game.\n"
            "- The **Odds lab** turns a hunch (\"is 25 a good hand?\") into a number."))
    with student:
        st.subheader(_("For a student"))
        st.markdown(_(
            "- Start with **Learn**: each lesson is a few minutes and ends with a quiz.\n"
            "- Check a hand you are unsure of in the **Hand scorer**.\n"
            "- Then **Play**: ask for a hint when stuck, and read why it suggests that move.\n"
            "- Curious where the game comes from? See **Variants**."))
