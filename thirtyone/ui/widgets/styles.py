"""The app's stylesheets, kept as ``.css`` files in ``thirtyone/ui/css/`` (``cards.css``,
``lessons.css``...) and read as package resources, so an installed wheel carries them."""

from __future__ import annotations

import functools
from importlib import resources

from markupsafe import Markup


@functools.cache  # read once: the sidebar's display options ask on every rerun
def stylesheet(name: str) -> Markup:
    """The ``<style>`` element for the file ``name`` of ``thirtyone/ui/css/``, as ``Markup``
    (the package's own file) for ``widgets.html.show``."""
    css = (resources.files("thirtyone.ui") / "css" / name).read_text(encoding="utf-8")
    return Markup(f"<style>\n{css}</style>\n")
