"""Headings whose level follows the page's outline (h1 the title, then h2, h3...: what a screen
reader lists, and axe-core's heading-order rule) while their size stays what the page needs:
``heading(_("Move log"), 2, look=4)`` is an h2 that looks like the small h4 it was."""

from __future__ import annotations

import html
import re
from typing import Any

import streamlit as st

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def heading_html(text: str, level: int, look: int | None = None) -> str:
    """An ``<h{level}>`` of plain ``text`` (``**bold**`` kept as bold), sized like an
    ``<h{look}>`` (``display.css``: ``.t31-look-4``...).

    >>> heading_html("Get **31** <now>", 2, look=4)
    '<h2 class="t31-look-4">Get <b>31</b> &lt;now&gt;</h2>'
    """
    if not 1 <= level <= 6 or not 1 <= (look or level) <= 6:
        raise ValueError(f"A heading level is 1 to 6, not {level} ({look}).")
    inner = _BOLD.sub(r"<b>\1</b>", html.escape(text))
    return f'<h{level} class="t31-look-{look or level}">{inner}</h{level}>'


def heading(text: str, level: int, look: int | None = None, container: Any = None) -> None:
    """Draw ``heading_html`` in ``container`` (default: where Streamlit draws now)."""
    (container or st).markdown(heading_html(text, level, look), unsafe_allow_html=True)
