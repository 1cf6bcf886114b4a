"""The pages when the store cannot write (issue 25, items 7 and 8), through AppTest on real
SQLite files: a class table, joining and starting a class show one sentence and keep the
page (the table as it is) when the database stays locked ("The class is busy, try again."),
and when it cannot be written at all (read-only: viewing a class, a table and the dashboard
still works; a page that must write says nothing could be saved). Old code showed Streamlit's
error box ("This app has encountered an error")."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from test_store_hitch import Holder, read_only_url

from thirtyone.core.rules import get_variant
from thirtyone.store import open_store, shared
from thirtyone.store.store import BUSY, READ_ONLY
from thirtyone.ui.shell.nav import switch_to
from thirtyone.ui.widgets.plain import plain

ROOT = Path(__file__).resolve().parents[1]



@pytest.fixture
def room(tmp_path, monkeypatch):
    """A class, Ada seated at a table with two bots and to move; the app opens the same
    SQLite file. Waits for a lock are short here (the store's own constants)."""
    from thirtyone.store import engine as engine_mod
    from thirtyone.store import store as st_mod
    monkeypatch.setattr(st_mod, "BUSY_MS", 250)
    monkeypatch.setattr(engine_mod, "BUSY_MS", 250)
    monkeypatch.setattr(st_mod, "RETRIES", 3)
    url = f"sqlite:///{tmp_path / 'class.db'}"
    monkeypatch.setenv("THIRTYONE_DATABASE_URL", url)
    shared.forget_cache()
    store = open_store(url)
    klass, key = store.create_class("Busy class")
    ada, tok = store.join_class(klass.code, "Ada")
    for _deal in range(50):   # a deal that ends at once (a dealt 31) has no move: deal again
        row = shared.make_table(store, klass.id, "Table A", "scat",
                                get_variant("scat").rules, ["student", "basic", "basic"])
        shared.take_seat(store, row.id, ada)
        row, game = shared.load(store, row.id)
        if game.to_move == 0:
            break
    assert game.to_move == 0
    yield {"store": store, "url": url, "klass": klass, "key": key, "token": tok,
           "tid": row.id}
    store.engine.dispose()


def page(name: str, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    switch_to(at, f"{name}")
    at.query_params.update(params)
    at.run()
    assert not at.exception
    return at


def status_version(at: AppTest) -> int | None:
    import re
    for m in at.markdown:
        found = re.search(r'data-testid="play-status" data-version="(\d+)"', m.value)
        if found:
            return int(found.group(1))
    return None


def test_a_move_on_a_locked_table_says_busy_and_shows_the_table(room):
    store, tid = room["store"], room["tid"]
    at = page("table", table=str(tid), me=room["token"])
    before = store.table_version(tid)
    with Holder(room["url"]):
        at.button(key="play_act_draw").click().run()
        assert not at.exception
        assert [e.value for e in at.error] == [BUSY]
        assert status_version(at) == before                  # the table as it is
        assert at.button(key="play_act_draw")                # and the move can be tried again
    assert store.table_version(tid) == before
    at.button(key="play_act_draw").click().run()
    assert not at.exception and store.table_version(tid) == before + 1


def test_joining_and_starting_a_class_while_locked_say_busy(room):
    join = page("class")
    start = page("class")
    with Holder(room["url"]):
        join.text_input(key="t31_join_code").input(room["klass"].code)
        join.text_input(key="t31_join_name").input("Ben")
        join.button(key="t31_join_go").click().run()
        start.text_input(key="t31_start_name").input("Year 10")
        start.button(key="t31_start_go").click().run()
    for at in (join, start):
        assert not at.exception
        assert [e.value for e in at.error] == [BUSY]
    assert join.text_input(key="t31_join_name").value == "Ben"     # what was typed stays
    assert "me" not in join.query_params


def test_a_read_only_store_shows_the_class_table_and_dashboard_and_refuses_writes(
        room, monkeypatch):
    room["store"].engine.dispose()
    monkeypatch.setenv("THIRTYONE_DATABASE_URL", read_only_url(room["url"]))
    shared.forget_cache()
    # a student comes back with the resume link: the class page reads
    student = page("class", me=room["token"])
    assert any("**Ada**" in m.value for m in student.markdown)
    assert not student.error
    # the teacher's dashboard
    teacher = page("class", teacher=room["key"])
    assert any(m.value.startswith('<h2 class="t31-look-3">Dashboard') for m in teacher.markdown)
    assert not teacher.error and not teacher.exception
    # the table; a move must write: one sentence, the table stays
    at = page("table", table=str(room["tid"]), me=room["token"])
    before = status_version(at)
    assert before is not None
    at.button(key="play_act_draw").click().run()
    assert not at.exception
    assert [e.value for e in at.error] == [plain(READ_ONLY)]   # shown as plain text
    assert status_version(at) == before
    # joining must write too
    join = page("class")
    join.text_input(key="t31_join_code").input(room["klass"].code)
    join.text_input(key="t31_join_name").input("Ben")
    join.button(key="t31_join_go").click().run()
    assert not join.exception and [e.value for e in join.error] == [READ_ONLY]


def test_an_answer_while_locked_says_busy_and_the_lesson_goes_on(room):
    at = page("learn", me=room["token"])
    at.button(key="t31lesson_02-hand-value-and-suits").click().run()
    at.button(key="t31step_next").click().run()
    with Holder(room["url"]):
        at.button_group[0].select("27").run()
    assert not at.exception
    assert [w.value for w in at.warning] == [BUSY]
    assert at.button_group[0].value == "27"           # the answer stays on the screen
    ada = room["store"].learner_by_token(room["token"])
    assert room["store"].learner_answers(ada.id) == []   # and nothing was half kept


def test_a_game_on_play_with_a_read_only_store_says_it_is_not_saved_and_plays_on(
        room, monkeypatch):
    """Play keeps a game in the store after every move: when nothing can be written the page
    says so in one sentence, and the game on screen goes on."""
    room["store"].engine.dispose()
    monkeypatch.setenv("THIRTYONE_DATABASE_URL", read_only_url(room["url"]))
    shared.forget_cache()
    at = page("play")
    assert not at.warning
    at.text_input(key="play_w_name").input("Sam")
    at.button(key="play_new").click().run()
    assert not at.exception
    assert [w.value for w in at.warning] == [plain(READ_ONLY)]
    assert at.session_state["play"].game is not None            # the game is on
    at.button(key="play_act_draw").click().run()
    assert not at.exception and not at.error
    assert [w.value for w in at.warning] == [plain(READ_ONLY)]
