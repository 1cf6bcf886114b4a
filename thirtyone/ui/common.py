"""Session-state helpers and shared widgets: the sidebar variant picker."""

from __future__ import annotations

import streamlit as st

from thirtyone.rules import VARIANTS, Variant

VARIANT_KEY = "variant_key"


def variant_picker() -> Variant:
    """The sidebar variant picker; its choice persists across pages and reruns."""
    if VARIANT_KEY not in st.session_state:
        st.session_state[VARIANT_KEY] = "scat"
    keys = list(VARIANTS)
    st.sidebar.selectbox("Variant", keys, key=VARIANT_KEY,
                         format_func=lambda k: VARIANTS[k].name,
                         help="Used by every page: the scorer, the table and the odds.")
    return VARIANTS[st.session_state[VARIANT_KEY]]


def current_variant() -> Variant:
    return VARIANTS[st.session_state.get(VARIANT_KEY, "scat")]
