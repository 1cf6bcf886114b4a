"""Variants: the rules side by side, each variant's card, history, names and statistics."""

import streamlit as st

from thirtyone.i18n import _
from thirtyone.ui.pages.variants.variants import variants_page
from thirtyone.ui.shell.common import current_variant
from thirtyone.ui.shell.lang import keep_choices


def page() -> None:
    """Draws the page (registered in ``thirtyone.ui.shell.nav``)."""
    st.title(_("Variants"))
    st.caption(_("Thirty-One is a family of games. Here they are side by side, generated from the "
                 "same presets the rest of the app plays with."))
    keep_choices(["t31var_compare"])   # the variants' names follow the language
    variants_page(current_variant().key)
