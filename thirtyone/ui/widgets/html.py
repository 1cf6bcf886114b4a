"""The one door for HTML on the page: the only module of the package that calls Streamlit with
``unsafe_allow_html=True`` (or ``st.html``, or a component frame); ``tests/test_html_sites.py``
counts the sites and fails on one anywhere else.

What it puts on the page is a ``Markup`` (markupsafe's, the field's standard tool, as in
Jinja): markup whose every interpolated value was escaped unless it was itself ``Markup``.
Build it so and it composes without escaping anything twice::

    markup('<div class="play-name">{}</div>', name)     # name escaped: "<b>Ada</b>" as text
    markup("<ol>{}</ol>", join(markup("<li>{}</li>", t) for t in lines))

``markup(template, ...)`` is ``Markup(template).format(...)``: the template is the project's
own text, the values are escaped. ``join`` joins like ``str.join`` and escapes every part that
is not ``Markup``. Beware what gives a plain ``str`` (and so is refused by ``show``): an
f-string, ``"".join`` or ``str % ...`` of ``Markup`` parts; and ``+``, which escapes the
plain side (``"<b>" + Markup("<i>")`` is ``&lt;b&gt;<i>``). A ``str`` the caller vouches
for (a package stylesheet) becomes ``Markup(text)`` by name, never by accident.

The markup goes into ``st.markdown``, which reads Markdown between HTML blocks: an escaped
value inside an HTML block (``<div ...>`` starting a line) shows exactly as typed, ``**x**``
too, while it keeps to one line; text the app takes in is one line (``ui.plain`` and the
stores' name checks).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import streamlit as st
from markupsafe import Markup, escape

__all__ = ["Markup", "escape", "join", "markup", "script", "show", "style"]


def markup(template: str, /, *args: Any, **kwargs: Any) -> Markup:
    """``template`` (the project's own HTML) with ``{}`` fields filled by ``args`` and
    ``kwargs``, each escaped unless it is ``Markup``.

    >>> markup('<b title="{t}">{}</b>', "<i>&amp;</i>", t='say "hi"')
    Markup('<b title="say &#34;hi&#34;">&lt;i&gt;&amp;amp;&lt;/i&gt;</b>')
    >>> markup("<p>{}</p>", markup("<i>{}</i>", "x & y"))
    Markup('<p><i>x &amp; y</i></p>')
    """
    return Markup(template).format(*args, **kwargs)


def join(parts: Iterable[Any], sep: str = "") -> Markup:
    """``sep`` (the project's own HTML) between ``parts``; each part escaped unless ``Markup``.

    >>> join([Markup("<br>"), "a<b"], "")
    Markup('<br>a&lt;b')
    """
    return Markup(sep).join(parts)


def _checked(content: Markup) -> str:
    if not isinstance(content, Markup):
        raise TypeError("HTML for the page is built as Markup (widgets.html.markup), not as "
                        f"a plain {type(content).__name__}: its values would not be escaped.")
    return str(content)


def show(content: Markup, container: Any = None) -> None:
    """Put ``content`` on the page through ``st.markdown`` (in ``container``, default where
    Streamlit draws now). A plain ``str`` is refused: nothing in it was escaped."""
    (container or st).markdown(_checked(content), unsafe_allow_html=True)


def style(content: Markup) -> None:
    """Put ``<style>`` elements on the page through ``st.html`` (no element of its own)."""
    st.html(_checked(content))


def script(content: Markup, fallback: Markup | None = None) -> None:
    """Run ``content`` (a ``<script>`` the app wrote) in the page through ``st.html``; on a
    Streamlit whose ``st.html`` runs no scripts, run ``fallback`` in a same-origin frame of
    no height instead."""
    body = _checked(content)
    spare = None if fallback is None else _checked(fallback)
    try:
        st.html(body, unsafe_allow_javascript=True)
    except TypeError:
        if spare is None:
            raise
        import streamlit.components.v1 as components
        components.html(spare, height=0)
