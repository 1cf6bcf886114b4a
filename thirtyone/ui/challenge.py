"""Class challenges: the same deals for every student. (Being built.)

Public for the Class page: ``student_challenges(store, learner)``, ``teacher_challenges(store,
klass)`` and ``challenges_frame(store, klass)`` (a DataFrame for the CSV export)."""

from __future__ import annotations

import pandas as pd
import streamlit as st


def challenge_page() -> None:
    st.title("Challenge")


def student_challenges(store, learner) -> None:
    """The class's challenges for a student (on the Class page)."""


def teacher_challenges(store, klass) -> None:
    """The class's challenges for the teacher (on the dashboard)."""


def challenges_frame(store, klass) -> pd.DataFrame:
    return pd.DataFrame()
