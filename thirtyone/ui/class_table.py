"""Shared class tables: several people at one table. (Being built.)

Public for the Class page: ``student_tables(store, learner)`` (a learner's view: the class
tables, take a seat, open one) and ``teacher_tables(store, klass)`` (make a table, see and
manage them), ``tables_frame(store, klass)`` (a DataFrame for the CSV export)."""

from __future__ import annotations

import pandas as pd
import streamlit as st


def table_page() -> None:
    st.title("Class table")


def student_tables(store, learner) -> None:
    """The class's tables for a student (on the Class page)."""


def teacher_tables(store, klass) -> None:
    """The class's tables for the teacher (on the dashboard)."""


def tables_frame(store, klass) -> pd.DataFrame:
    return pd.DataFrame()
