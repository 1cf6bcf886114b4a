"""Headings whose level follows the page's outline (h1 the title, then h2, h3...: what a screen
reader lists, and axe-core's heading-order rule) while their size stays what the page needs:
``heading(_("Move log"), 2, look=4)`` is an h2 that looks like the small h4 it was."""

from __future__ import annotations

import re
from typing import Any

from thirtyone.ui.widgets.html import Markup, escape, markup, show

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def heading_html(text: str, level: int, look: int | None = None, **values: Any) -> Markup:
    """An ``<h{level}>`` of plain ``text`` (``**bold**`` kept as bold), sized like an
    ``<h{look}>`` (``display.css``: ``.t31-look-4``...). With ``values`` given, ``text`` is a
    template whose ``{name}`` fields they fill as plain text (no ``**bold**`` of their own).

    >>> heading_html("Get **31** <now>", 2, look=4)
    Markup('<h2 class="t31-look-4">Get <b>31</b> &lt;now&gt;</h2>')
    >>> heading_html("Class **{name}**", 2, name="**<i>x</i>**")
    Markup('<h2 class="t31-look-2">Class <b>**&lt;i&gt;x&lt;/i&gt;**</b></h2>')
    """
    if not 1 <= level <= 6 or not 1 <= (look or level) <= 6:
        raise ValueError(f"A heading level is 1 to 6, not {level} ({look}).")
    inner = Markup(_BOLD.sub(r"<b>\1</b>", str(escape(text))))  # str: re joins with Markup
    if values:
        inner = inner.format(**values)
    return markup('<h{level} class="t31-look-{look}">{inner}</h{level}>', level=level,
                  look=look or level, inner=inner)


def heading(text: str, level: int, look: int | None = None, container: Any = None,
            **values: Any) -> None:
    """Draw ``heading_html`` in ``container`` (default: where Streamlit draws now)."""
    show(heading_html(text, level, look, **values), container)
