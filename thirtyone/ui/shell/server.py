"""The server's start and stop, for ``streamlit.starlette.App(lifespan=server.lifespan)`` in
``app.py``: the table bell (``shell.bell``) rings from start to stop, and the process's
long-lived objects are read once and set aside from the garbage collector.

Why the second: Python's collector now and then walks every object the process holds that it
tracks, holding the interpreter while it does. In a class of 100 on one process that walk took
150-180 ms every 5 s or so (issue 25 item 18), and every click waiting at that moment waited
that much longer. Most of those objects never become garbage: the modules of the app, of
Streamlit and of the libraries (about 190,000 objects; a class of 100 adds some 60,000).
``warm`` imports the shell and every page in a thread of its own just after the start (the
first session would import them anyway) and then freezes what the process holds
(``gc.freeze``): the walk then covers only what the sessions made, 10-55 ms in the same class.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import threading
from collections.abc import AsyncIterator
from typing import Any

from thirtyone.ui.shell import bell

WARMED = threading.Event()   # set once ``warm`` has loaded and frozen the long-lived objects


def warm() -> int:
    """Import the shell and every page, then collect once and freeze what is left; returns
    how many objects were frozen."""
    from thirtyone.ui.shell import nav

    # the shell and every room: their objects are long-lived
    importlib.import_module("thirtyone.ui.shell.main")
    for spec in nav.PAGES:
        importlib.import_module(f"thirtyone.ui.pages.{spec.room}")
    gc.collect()
    gc.freeze()
    WARMED.set()
    return gc.get_freeze_count()


def _warm_quietly() -> None:
    with contextlib.suppress(Exception):  # the app works without it, only less smoothly
        warm()


@contextlib.asynccontextmanager
async def lifespan(app: Any) -> AsyncIterator[None]:
    """The bell's lifespan, with ``warm`` started beside it (the server answers meanwhile)."""
    threading.Thread(target=_warm_quietly, name="thirtyone-warm", daemon=True).start()
    async with bell.lifespan(app):
        yield None


__all__ = ["WARMED", "lifespan", "warm"]
