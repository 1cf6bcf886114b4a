"""The Class page: create, join and resume a class; the teacher's dashboard. (Being built.)"""

from __future__ import annotations

import streamlit as st


def class_page() -> None:
    st.title("Class")
