"""The page's link kept true after a fragment's run.

The shell (``shell.links``) writes the URL and the sidebar's "Copy link for the class" after
each whole-page run. A page that redraws itself in a fragment (Learn: each step, answer and
lesson is a run of its own fragment, not of the page) changes what the link says without a
run of the shell, so it calls ``refresh_link()`` at the end of its fragment. The shell sits
above the pages and sets what that does (``set_link_filler``); without it (a page drawn alone,
in a test) nothing happens.
"""

from __future__ import annotations

from collections.abc import Callable

_FILLER: dict[str, Callable[[], None]] = {}   # "fill": the shell's, once it has run


def set_link_filler(fill: Callable[[], None]) -> None:
    """What ``refresh_link`` does (the shell sets it on each run; the same every time)."""
    _FILLER["fill"] = fill


def refresh_link() -> None:
    """The URL and the sidebar's link say what the page shows now."""
    fill = _FILLER.get("fill")
    if fill is not None:
        fill()


__all__ = ["refresh_link", "set_link_filler"]
