"""HTML on the page goes through one door, ``thirtyone/ui/widgets/html.py``: the sites that
hand Streamlit raw HTML are counted (none outside the helper), and hostile text (a player's,
a student's or a class's name with ``<script>``, ``<b>``, ``&amp;`` and ``**Markdown**``)
reaches the page as plain text, escaped exactly once."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from sqlalchemy import update
from streamlit.testing.v1 import AppTest

from thirtyone.core.rules import VARIANTS, get_variant
from thirtyone.game.table import new_game
from thirtyone.store import shared
from thirtyone.store.schema import classes, learners
from thirtyone.ui.pages.classroom import classroom
from thirtyone.ui.shell.nav import switch_to
from thirtyone.ui.widgets.table_html import log_html, seat_html, seats_html, showdown_rows_html

ROOT = Path(__file__).resolve().parents[1]
HELPER = ROOT / "thirtyone" / "ui" / "widgets" / "html.py"

# What a hostile name looks like, and the same text escaped once, written out by hand
HOSTILE = "<script>x</script><b>Ada</b> &amp; **y**"
ONCE = "&lt;script&gt;x&lt;/script&gt;&lt;b&gt;Ada&lt;/b&gt; &amp;amp; **y**"
SHORT = "<b>Di</b>&amp;**y**"          # the Play page's name box takes 20 characters
SHORT_ONCE = "&lt;b&gt;Di&lt;/b&gt;&amp;amp;**y**"


# --- the sites ---------------------------------------------------------------------------

def html_sites(path: Path) -> list[int]:
    """Lines of ``path`` that hand Streamlit raw HTML: a call with ``unsafe_allow_html`` or
    ``unsafe_allow_javascript``, ``st.html(...)`` or ``components.html(...)``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        unsafe = any(k.arg in ("unsafe_allow_html", "unsafe_allow_javascript")
                     for k in node.keywords)
        raw = (isinstance(node.func, ast.Attribute) and node.func.attr == "html"
               and isinstance(node.func.value, ast.Name)
               and node.func.value.id in ("st", "components"))
        if unsafe or raw:
            lines.append(node.lineno)
    return lines


def python_files() -> list[Path]:
    return [p for p in sorted((ROOT / "thirtyone").rglob("*.py"))
            if "__pycache__" not in p.parts] + [ROOT / "app.py"]


def test_html_reaches_streamlit_only_through_the_helper():
    sites = {p.relative_to(ROOT).as_posix(): html_sites(p) for p in python_files()}
    outside = {p: lines for p, lines in sites.items()
               if lines and p != HELPER.relative_to(ROOT).as_posix()}
    assert not outside, f"raw HTML handed to Streamlit outside widgets/html.py: {outside}"
    # the helper's own doors: st.markdown, st.html (styles), st.html with scripts, a frame
    assert len(sites[HELPER.relative_to(ROOT).as_posix()]) == 4


def test_the_count_sees_a_site(tmp_path):
    # the counter itself: it finds the forms that were in the UI before the helper
    code = ("import streamlit as st\n"
            "st.markdown('<b>x</b>', unsafe_allow_html=True)\n"
            "col.markdown(f'<i>{name}</i>', unsafe_allow_html=True)\n"
            "st.html(css)\n"
            "components.html('<script></script>', height=0)\n")
    path = tmp_path / "sample.py"
    path.write_text(code, encoding="utf-8")
    assert html_sites(path) == [2, 3, 4, 5]


# --- the helper ----------------------------------------------------------------------------

def test_markup_escapes_every_value_once_and_composes_without_escaping_again():
    from thirtyone.ui.widgets.html import join, markup

    inner = markup("<i>{}</i>", HOSTILE)
    assert str(inner) == f"<i>{ONCE}</i>"
    outer = markup('<div title="{}">{}</div>', 'say "hi"', inner)
    assert str(outer) == f'<div title="say &#34;hi&#34;"><i>{ONCE}</i></div>'
    joined = join([inner, HOSTILE], "<br>")
    assert str(joined) == f"<i>{ONCE}</i><br>{ONCE}"


def test_plain_text_is_refused_by_the_door():
    from thirtyone.ui.widgets.html import Markup, show

    with pytest.raises(TypeError, match="Markup"):
        show("<b>not escaped</b>")           # type: ignore[arg-type]
    with pytest.raises(TypeError):
        show(f"{Markup('<b>')}x")             # type: ignore[arg-type]  # an f-string: a str


# --- the table's HTML with hostile names -------------------------------------------------------

def test_table_html_shows_hostile_names_once_escaped():
    from thirtyone.ui.widgets.html import Markup

    v = VARIANTS["scat"]
    g = new_game(v.rules, [HOSTILE, "Bo"], seed=3)
    obs = g.observation(1)
    for part in (seat_html(v, obs, 0, 1), seats_html(v, obs, [0], 1), log_html(obs, 1, 0)):
        assert isinstance(part, Markup)
        assert ONCE in part
        assert "<script>" not in part and "<b>Ada" not in part and "&amp;lt;" not in part
    g.apply("knock")
    while not g.round_over:
        g.apply(g.observation(g.to_move).legal_actions[0])
    rows = showdown_rows_html(v, g.observation(0))
    assert f"<b>{ONCE}</b>" in rows and "<script>" not in rows and "&amp;lt;" not in rows


# --- pages (AppTest) --------------------------------------------------------------------------

def page_html(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def assert_plain(html: str, once: str) -> None:
    assert once in html, "the hostile name is missing, or escaped other than once"
    assert "<script>" not in html
    assert "<b>Ada</b>" not in html and "<b>Di</b>" not in html
    assert "&amp;lt;" not in html and "&amp;amp;amp;" not in html, "escaped twice"
    assert "<b>y</b>" not in html and "<strong>y" not in html, "Markdown made it bold"


def test_play_shows_a_hostile_player_name_as_text():
    from test_app_play import PAGE, play_to_the_end, start

    at = AppTest.from_string(PAGE, default_timeout=60).run()
    at = start(at, "scat", bots=2, name=SHORT)
    html = page_html(at)
    assert_plain(html, SHORT_ONCE)
    assert "play-log" in html and "play-seat" in html      # the felt and the log drew
    # play on to a showdown: the result table names the player too
    play_to_the_end(at, seed=4, one_round=True)
    html = page_html(at)
    assert "play-show" in html
    assert_plain(html, SHORT_ONCE)


def rename(store, table, where, value: str) -> None:
    """A name the store's own checks would refuse, as a store written by another tool (or
    an older version) may hold it: the page must still show it as text."""
    with store.engine.begin() as conn:
        conn.execute(update(table).where(where).values(name=value))


def test_the_class_table_shows_a_hostile_student_name_as_text(db):
    store = db
    klass, _key = store.create_class("Table class")
    (ada, ada_tok), (ben, _) = (store.join_class(klass.code, n) for n in ("Ada", "Ben"))
    rename(store, learners, learners.c.id == ada.id, HOSTILE)
    row = shared.make_table(store, klass.id, "Table A", "scat", get_variant("scat").rules,
                            ["student", "student", "basic"])
    shared.take_seat(store, row.id, store.learner(ada.id))
    shared.take_seat(store, row.id, ben)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    at = switch_to(at, "table")
    at.query_params["table"] = str(row.id)
    at.query_params["me"] = ada_tok
    at.run()
    assert not at.exception, at.exception
    html = page_html(at)
    assert "play-seat" in html
    assert_plain(html, ONCE)


def test_the_dashboard_shows_a_hostile_class_name_as_text(db, monkeypatch):
    """The dashboard's heading turned a class name's ``**y**`` into bold (the heading's own
    ``**`` reading reached into the name)."""
    monkeypatch.setattr(classroom, "client_address", lambda: "test-html-sites")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    switch_to(at, "class")
    at.run()
    at.text_input(key="t31_start_name").input("Year 9")
    at.button(key="t31_start_go").click().run()
    at.button(key="t31_key_noted").click().run()
    assert not at.exception
    rename(db, classes, classes.c.name == "Year 9", HOSTILE)
    at.run()
    assert not at.exception
    (head,) = [m.value for m in at.markdown if m.value.startswith('<h2 class="t31-look-3">')]
    assert head == f'<h2 class="t31-look-3">Dashboard: {ONCE}</h2>'
    assert_plain(page_html(at), ONCE)
