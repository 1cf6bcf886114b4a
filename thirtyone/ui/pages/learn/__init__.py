"""Learn: short lessons, one step at a time, with quizzes the engine checks."""

import streamlit as st

from thirtyone.i18n import _
from thirtyone.ui.pages.learn.lessons import learn_page


def page() -> None:
    """Draws the page (registered in ``thirtyone.ui.shell.nav``)."""
    st.title(_("Learn"))
    st.caption(_("Short lessons, one step at a time. Every quiz is answered and explained by the "
                 "rules engine itself. Your progress is kept while you visit other pages, and "
                 "after a reload too (the address remembers you)."))
    learn_page()
