"""The table bell (``thirtyone.ui.shell.bell``): a seated Class table page holds one request
that the server answers when the table moves on, instead of rerunning its script every
second (issue 25, item 18: a class of 100 on one process). On a real store (SQLite and
PostgreSQL), through a real app server, and the page's hidden button through AppTest; the
browser's side is in ``test_e2e_class_table.py``."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from class_helpers import a_move, arun, table_in_play
from e2e_helpers.server import AppServer
from starlette.requests import Request
from starlette.routing import Match, Router
from streamlit.testing.v1 import AppTest

from thirtyone.bench import load_class
from thirtyone.store import open_store, shared
from thirtyone.ui.shell import bell
from thirtyone.ui.shell.nav import switch_to

ROOT = Path(__file__).resolve().parents[1]


def _table(store) -> tuple[int, int, list]:
    """A class with two seated students and a bot at a table in play: (table id, version,
    [(learner, token)])."""
    row, people = table_in_play(store, ["student", "student", "basic"], ("Ada", "Ben"),
                                "Bell class")
    return row.id, row.version, people


def _move(store, tid: int) -> int:
    """The seat to move makes a legal move; the table's new version."""
    seat, action, v = a_move(store, tid)
    return shared.play(store, tid, seat, action, v).version


@pytest.fixture
def fresh(store):
    shared.forget_cache()
    return store


def _bell(store) -> bell.Bell:
    b = bell.Bell()
    b.store = store
    shared.watch(b.ring)
    return b


def test_a_wait_answers_at_once_when_the_page_is_behind_and_times_out_when_not(fresh):
    tid, v, _ = _table(fresh)
    b = _bell(fresh)

    async def waits():
        t0 = time.monotonic()
        behind = await b.wait(tid, v - 1, 5)
        t1 = time.monotonic()
        level = await b.wait(tid, v, 0.6)
        t2 = time.monotonic()
        none = await b.wait(tid + 1000, 0, 5)
        return behind, t1 - t0, level, t2 - t1, none

    behind, fast, level, slow, none = arun(waits())
    assert (behind, level, none) == (v, v, None)
    assert fast < 0.5
    assert 0.55 <= slow < 2.0
    assert not b.waiters and b.count == 0     # nothing left behind


def test_a_move_written_in_this_process_wakes_every_waiter_of_the_table_at_once(fresh):
    tid, v, _ = _table(fresh)
    other, w, _ = _table(fresh)
    b = _bell(fresh)

    async def waits():
        loop = asyncio.get_running_loop()
        b.loop = loop
        t0 = time.monotonic()
        tasks = [asyncio.create_task(b.wait(tid, v, 20)) for _ in range(5)]
        bystander = asyncio.create_task(b.wait(other, w, 1.5))
        await asyncio.sleep(0.3)
        # the move is written from another thread, as a page's script run writes it
        written = await asyncio.to_thread(_move, fresh, tid)
        got = await asyncio.gather(*tasks)
        return written, got, time.monotonic() - t0, await bystander

    written, got, took, bystander = arun(waits())
    assert written > v
    assert got == [written] * 5
    assert took < 2.0, f"the waiters woke {took:.2f} s after the wait began (move at 0.3 s)"
    assert bystander == w       # another table's waiter is not woken by this move


def test_a_ring_for_another_stores_table_wakes_no_one(fresh):
    """A process running tests holds several stores; table ids repeat across them."""
    tid, v, _ = _table(fresh)
    b = _bell(fresh)

    async def waits():
        waiting = asyncio.create_task(b.wait(tid, v, 0.8))
        await asyncio.sleep(0.2)
        b.ring("sqlite:///another-store.db", tid, v + 5)
        return await waiting

    assert arun(waits()) == v


def test_a_move_written_by_another_process_is_found_by_the_checker(fresh):
    tid, v, _ = _table(fresh)
    b = _bell(fresh)
    url = fresh.engine.url.render_as_string(hide_password=False)
    code = ("import sys; from thirtyone.store import open_store, shared\n"
            "s = open_store(sys.argv[1]); tid = int(sys.argv[2])\n"
            "row, g = shared.load(s, tid); texts = [str(a) for a in g.legal_actions()]\n"
            "a = g.legal_actions()[texts.index('draw') if 'draw' in texts else 0]\n"
            "print(shared.play(s, tid, g.to_move, a, row.version).version)\n")

    async def waits():
        waiting = asyncio.create_task(b.wait(tid, v, 60))
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-c", code, url, str(tid), stdout=subprocess.PIPE)
        out, _ = await proc.communicate()
        written = time.monotonic()
        got = await waiting
        return int(out), got, time.monotonic() - written

    new, got, after = arun(waits())
    assert got == new > v
    # the checker reads once per CHECK_SECONDS; shared.version may hold a read VERSION_AGE
    limit = bell.CHECK_SECONDS + shared.VERSION_AGE + 1.5
    assert after < limit, f"found {after:.2f} s after the other process wrote it"


def test_the_route_refuses_bad_requests_and_too_many_waiters(monkeypatch):
    def call(query: str) -> tuple[int, str]:
        request = Request({"type": "http", "method": "GET", "path": bell.PATH,
                           "query_string": query.encode(), "headers": []})
        response = arun(bell.wait_route(request))
        assert response.headers["cache-control"] == "no-store"
        return response.status_code, response.body.decode()

    for query in ("", "table=1", "table=x&v=1", "table=1&v=-1", "table=1&v=" + "9" * 10,
                  "table=%D9%A3&v=1"):       # an Arabic-Indic 3 is a digit, not an ASCII one
        status, text = call(query)
        assert status == 400, query
        assert text == "A table id and a version, in digits."
    monkeypatch.setattr(bell, "MAX_WAITERS", 0)     # as many wait as may
    assert call("table=1&v=1")[0] == 503


def test_the_route_answers_under_a_base_url_path_too():
    router = Router(routes=bell.routes())
    for path in (bell.PATH, "/school" + bell.PATH, "/a/b" + bell.PATH):
        scope = {"type": "http", "method": "GET", "path": path, "root_path": ""}
        assert any(r.matches(scope)[0] == Match.FULL for r in router.routes), path
    scope = {"type": "http", "method": "GET", "path": "/school/_thirtyone/other",
             "root_path": ""}
    assert not any(r.matches(scope)[0] == Match.FULL for r in router.routes)
    assert f"'/school{bell.PATH}?table='" in bell.bell_script("/school/")
    assert f"'{bell.PATH}?table='" in bell.bell_script("")
    assert f"'{bell.PATH}?table='" in bell.bell_script("a'b")   # nothing odd in a script


def _get(url: str, timeout: float = 40) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_the_app_server_serves_the_bell(tmp_path):
    """Through ``streamlit run app.py``: a move written by this test (another process, as
    far as the server knows) answers a waiting request within a few seconds."""
    url = f"sqlite:///{tmp_path / 'class.db'}"
    shared.forget_cache()
    store = open_store(url)
    tid, v, _ = _table(store)
    server = AppServer({"THIRTYONE_DATABASE_URL": url, "THIRTYONE_DATA_DIR": str(tmp_path)},
                       tmp_path).start()
    try:
        base = server.url + bell.PATH
        assert _get(f"{base}?table={tid}&v=x")[0] == 400
        assert _get(f"{base}?table={tid + 1000}&v=0") == (404, "No such table.")
        assert _get(f"{base}?table={tid}&v={v - 1}") == (200, str(v))
        answer: dict[str, object] = {}

        def wait() -> None:
            answer["got"] = _get(f"{base}?table={tid}&v={v}")
            answer["at"] = time.monotonic()

        waiter = threading.Thread(target=wait)
        waiter.start()
        time.sleep(1.0)
        new = _move(store, tid)
        written = time.monotonic()
        waiter.join(40)
        assert answer["got"] == (200, str(new))
        took = float(answer["at"]) - written   # type: ignore[arg-type]
        assert took < bell.CHECK_SECONDS + shared.VERSION_AGE + 2.0, took
    finally:
        server.stop()
        store.engine.dispose()


def _drawn_version(at: AppTest) -> int:
    """The table version the page's status line says it shows."""
    text = "\n".join(repr(el.proto) for el in at.main if hasattr(el, "proto"))
    found = set(re.findall(r'data-version=\\*"(\d+)', text))
    assert len(found) == 1, found
    return int(found.pop())


def test_with_the_bell_the_table_page_has_the_button_the_script_and_the_bench_click(
        tmp_path, monkeypatch):
    """The hidden button is what the page's script and the class load bench click: clicking
    it draws a move made elsewhere, and the page polls only as a safety net."""
    url = f"sqlite:///{tmp_path / 'class.db'}"
    monkeypatch.setenv("THIRTYONE_DATABASE_URL", url)
    shared.forget_cache()
    store = open_store(url)
    tid, v, people = _table(store)
    monkeypatch.setattr(bell, "STARTED", threading.Event())
    bell.STARTED.set()
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    at = switch_to(at, "table")
    at.query_params["table"] = str(tid)
    at.query_params["me"] = people[0][1]
    at.run()
    assert not at.exception
    assert load_class.BELL_PATH == bell.PATH
    button = at.button(key=load_class.BELL_BUTTON)
    assert button.label == "Show the latest move"
    html = "\n".join(str(h.proto) for h in at.get("html"))
    assert bell.PATH in html and ".st-key-ct_bell { display: none; }" in html
    from thirtyone.ui.pages.class_table import class_table
    assert class_table.poll_interval(store, tid) == class_table.BELL_POLL_SECONDS
    assert _drawn_version(at) == v
    new = _move(store, tid)
    button.click().run()
    assert not at.exception
    assert _drawn_version(at) == new
    store.engine.dispose()
