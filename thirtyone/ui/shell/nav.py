"""The app's pages: one table of every page (its address, title, icon and the room
that draws it), the ``st.Page`` for each, and links between pages.

Each page is a callable, ``page()`` in its room ``thirtyone.ui.pages.<room>``, registered with
``st.Page(fn, url_path=...)``. The addresses (``/learn``, ``/play``, ``/table``...) are part of
the class-link contract (README "Links for a class") and do not change. A room is imported only
when its page is drawn, so the shell does not depend on every room at import time.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st

from thirtyone.i18n import N_, _


@dataclass(frozen=True)
class PageSpec:
    url_path: str          # the page's address: /<url_path> ("home" is also the root)
    title: str             # marked with N_, translated when drawn
    icon: str
    room: str              # the module under thirtyone.ui.pages with ``page()``


PAGES: tuple[PageSpec, ...] = (
    PageSpec("home", N_("Home"), ":material/home:", "home"),
    PageSpec("learn", N_("Learn"), ":material/school:", "learn"),
    PageSpec("scorer", N_("Hand scorer"), ":material/calculate:", "scorer"),
    PageSpec("play", N_("Play"), ":material/playing_cards:", "play"),
    PageSpec("variants", N_("Variants"), ":material/menu_book:", "variants"),
    PageSpec("odds_lab", N_("Odds lab"), ":material/query_stats:", "odds_lab"),
    PageSpec("class", N_("Class"), ":material/groups:", "classroom"),
    PageSpec("plan", N_("Teacher's plan"), ":material/event_note:", "plan"),
    PageSpec("table", N_("Class table"), ":material/table_restaurant:", "class_table"),
    PageSpec("challenge", N_("Challenge"), ":material/emoji_events:", "challenge"),
    PageSpec("live", N_("Live lesson"), ":material/cast_for_education:", "live"),
)
DEFAULT = "home"
BY_PATH = {p.url_path: p for p in PAGES}


def _runner(spec: PageSpec) -> Callable[[], None]:
    """The page's callable: imports the room when the page is drawn and calls its ``page()``."""
    def run() -> None:
        importlib.import_module(f"thirtyone.ui.pages.{spec.room}").page()
    run.__name__ = spec.room
    run.__qualname__ = spec.room
    return run


def page(url_path: str) -> Any:
    """The ``st.Page`` of the page at ``url_path`` (a ``StreamlitPage``; the same page on every
    call, since Streamlit knows a page by its address)."""
    spec = BY_PATH[url_path]
    return st.Page(_runner(spec), title=_(spec.title), icon=spec.icon, url_path=spec.url_path,
                   default=spec.url_path == DEFAULT)


def navigation() -> Any:
    """``st.navigation`` over every page, in one list. Not in sections: Streamlit draws a
    sectioned sidebar as a list whose items are headings, which fails axe-core's WCAG "list"
    rule (tests/test_e2e_axe.py), and every page must pass it."""
    return st.navigation([page(spec.url_path) for spec in PAGES])


def link(url_path: str, label: str, **kwargs: Any) -> None:
    """``st.page_link`` to the page at ``url_path`` (``icon``, ``query_params``... passed on)."""
    st.page_link(page(url_path), label=label, **kwargs)


def switch_to(at: Any, url_path: str) -> Any:
    """Streamlit's ``AppTest.switch_page`` for a page registered as a callable: open the page at
    ``url_path`` on the app's next run (a test or ``thirtyone.bench``'s page timings).

    ``AppTest.switch_page`` takes a page's file only, and these pages have none. Streamlit
    knows a page by the hash of its address (``StreamlitPage._script_hash``); that hash is
    the one thing set here, on the attribute ``AppTest.switch_page`` itself sets (Streamlit
    1.56 to 1.67; CI runs the suite at the lowest version allowed too)."""
    from streamlit import util  # calc_hash since Streamlit 1.6x, calc_md5 before it

    hasher = getattr(util, "calc_hash", None) or getattr(util, "calc_md5")  # noqa: B009
    at._page_hash = hasher(BY_PATH[url_path].url_path)
    return at


def page_script(url_path: str) -> str:
    """The script that draws the page at ``url_path`` alone, without the app around it (no
    sidebar, no navigation): ``AppTest.from_string(page_script("play"))`` in a test."""
    return f"from thirtyone.ui.pages.{BY_PATH[url_path].room} import page\n\npage()\n"
