"""Tables of numbers in the reader's language.

``st.dataframe`` writes numbers by its own column formats (``"percent"``, ``"%.1f"``), with a
decimal point whatever the page's language. In Russian and Ukrainian a table is therefore
handed over as a pandas ``Styler`` whose display text is written with ``thirtyone.i18n``
(``12,34 %``, ``23,4``) while the cells keep their numbers, so a click on a heading still
sorts by value. English tables are left exactly as they were (the column formats apply).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pandas as pd

from thirtyone.i18n import DEFAULT, PSEUDO, current, format_number, format_percent


def in_english() -> bool:
    """Numbers are written the English way (English and the pseudo-language)."""
    return current() in (DEFAULT, PSEUDO)


def _cell(write: Callable[[float], str], v: Any) -> str:
    if v is None or (isinstance(v, float) and pd.isna(v)):
        return ""
    if isinstance(v, str):
        return v
    return write(v)


def percent_cells(digits: int = 2) -> Callable[[Any], str]:
    """A cell formatter: a share as a percentage with ``digits`` decimals."""
    return partial(_cell, lambda v: format_percent(float(v), digits))


def decimal_cells(digits: int = 1) -> Callable[[Any], str]:
    """A cell formatter: a number with ``digits`` decimals."""
    return partial(_cell, lambda v: format_number(float(v), digits))


def shown_numbers(df: pd.DataFrame, formats: dict[str, Callable[[Any], str]]):
    """``df`` for ``st.dataframe`` with the ``formats`` columns written in the reader's
    language: ``df`` itself in English, else a ``Styler`` (display text; values kept)."""
    if in_english():
        return df
    return df.style.format({c: f for c, f in formats.items() if c in df.columns})


def english_only(column_config: dict) -> dict | None:
    """Column formats that write numbers the English way, given only where they apply (in
    Russian and Ukrainian ``shown_numbers`` writes the numbers)."""
    return column_config if in_english() else None
