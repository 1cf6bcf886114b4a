"""Issue 25 item 18: an idle seated class table page costs the server little.

- ``shared.version`` (the poll's question "has anyone moved?") asks the store once per
  ``max_age`` per table however many pages ask, knows a move made in this process at once,
  and a move made elsewhere after ``max_age`` (SQLite and PostgreSQL).
- Over the websocket, as a browser: a seated page that polls while nobody moves is sent no
  element (today's page sent the whole table, about ten elements, again every
  second), and still shows a move made by another seat within 2.5 s.
- ``python -m thirtyone.bench --load N --class``: a short small class reports its figures
  (marked slow), and refuses what it cannot do in one sentence.
"""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from thirtyone.bench import main
from thirtyone.bench_class import KEYS, LivePage, seated_count, set_up
from thirtyone.bench_load import LoadError, Stats
from thirtyone.core.rules import VARIANTS
from thirtyone.store import open_store, shared


def _table(store):
    klass, _key = store.create_class("Poll")
    people = [store.join_class(klass.code, n)[0] for n in ("Ann", "Bob", "Cyd", "Dot")]
    row = shared.make_table(store, klass.id, "T", "scat", VARIANTS["scat"].rules,
                            ["student"] * 4, bot_level="basic")
    for i, p in enumerate(people):
        shared.take_seat(store, row.id, p, i)
    return row.id


def _a_move(store, tid):
    row, game = shared.load(store, tid)
    seat = game.to_move
    return seat, game.observation(seat).legal_actions[0], row.version


def test_version_asks_the_store_once_per_age(store, monkeypatch):
    shared.forget_cache()
    tid = _table(store)
    shared.forget_cache()   # nothing known yet in this "process"
    asked = []
    real = store.table_version
    monkeypatch.setattr(store, "table_version", lambda t: asked.append(t) or real(t))
    first = shared.version(store, tid, max_age=30)
    assert first == real(tid)
    for _ in range(50):   # fifty pages of one table polling within the age: one query
        assert shared.version(store, tid, max_age=30) == first
    assert asked == [tid]
    # a move made in this process is known at once, without asking
    seat, action, v = _a_move(store, tid)
    after = shared.play(store, tid, seat, action, v)
    asked.clear()
    assert shared.version(store, tid, max_age=30) == after.version == real(tid) > first
    assert asked == []
    # a move made elsewhere (as by another process: written
    # straight to the store, not through this process's shared.play) after the age
    seat, action, v = _a_move(store, tid)
    assert store.update_table(tid, v, record=store.table(tid).record)
    assert shared.version(store, tid, max_age=30) == v          # still within the age
    time.sleep(0.06)
    assert shared.version(store, tid, max_age=0.05) == v + 1    # asked again after it
    assert shared.version(store, 10**8) is None                 # no such table


async def _watch_idle(app_url: str, tid: int, token: str, move) -> tuple[int, int, int, float]:
    """Open the seat's page; count elements and runs over 3.5 idle seconds; then ``move()``
    and time until the page shows the next version."""
    page = LivePage(app_url.replace("http", "ws") + "/_stcore/stream", Stats())
    elements = []
    take = page._take

    def counting(delta):
        if delta.WhichOneof("type") in ("new_element", "add_block"):
            elements.append(delta)
        take(delta)
    page._take = counting
    async with page:
        await page.start("table", f"table={tid}&me={token}")
        deadline = time.monotonic() + 60
        while (page.version is None or not page.ready) and time.monotonic() < deadline:
            await page.wait_change(1.0)
        await asyncio.sleep(2.5)           # the first polls after the page was drawn
        elements.clear()
        runs, version = page.runs, page.version
        await asyncio.sleep(3.5)
        # elements drawn (the empty poller's own block comes again with each poll: no
        # element in it)
        idle_elements = sum(1 for d in elements if d.WhichOneof("type") == "new_element")
        idle_runs = page.runs - runs
        t0 = time.monotonic()
        move()
        while page.version == version and time.monotonic() - t0 < 10:
            await page.wait_change(0.2)
        seen = time.monotonic() - t0
        await page.close()
        assert page.version == version + 1, page.stats.errors
        assert not page.stats.errors, page.stats.errors
    return idle_elements, idle_runs, version, seen


@pytest.mark.slow
def test_an_idle_seated_page_polls_without_drawing(app_url, data_dir):
    shared.forget_cache()
    plan = set_up(f"sqlite:///{data_dir}/thirtyone.db", 4, 4)
    tid, tokens = plan.tables[0]
    store = open_store(f"sqlite:///{data_dir}/thirtyone.db")
    seat, action, v = _a_move(store, tid)
    watcher = tokens[(seat + 1) % 4]      # a seat that is not to move

    def move():
        shared.play(store, tid, seat, action, v)

    elements, runs, version, seen = asyncio.run(_watch_idle(app_url, tid, watcher, move))
    store.engine.dispose()
    assert version == v
    assert runs >= 2, "the page stopped polling"
    assert elements == 0, f"{elements} elements sent in {runs} polls while nobody moved"
    assert seen < 2.5, f"the other seat's move showed after {seen:.2f} s"


def test_seated_share_is_whole_tables():
    assert [seated_count(n, 0.6) for n in (4, 30, 60, 100)] == [4, 16, 36, 60]
    assert seated_count(100, 1.0) == 100 and seated_count(100, 0.0) == 0
    with pytest.raises(LoadError):
        seated_count(10, 1.5)


def test_class_mode_refusals_are_one_sentence(capsys, monkeypatch):
    monkeypatch.delenv("THIRTYONE_DATABASE_URL", raising=False)
    for args in (["--load", "8", "--class", "--url", "http://127.0.0.1:9"],
                 ["--load", "8", "--class", "--url", "http://127.0.0.1:9", "--store-url",
                  "postgresql://u@db.example.com/x"],
                 ["--load", "8", "--class", "--idle", "0.5"],
                 ["--load", "8", "--class", "--seated", "2"],
                 ["--load", "101", "--class"]):
        assert main(args) == 2, args
        err = capsys.readouterr().err.strip()
        assert err.endswith(".") and "\n" not in err, (args, err)


@pytest.mark.slow
def test_a_small_class_reports_its_figures(capsys):
    rc = main(["--load", "5", "--class", "--seconds", "8", "--idle", "3", "--think", "0.2",
               "0.5", "--json"])
    out = capsys.readouterr()
    assert rc == 0, out.err
    row = json.loads(out.out)
    assert set(KEYS) <= set(row)
    assert row["students"] == 5 and row["seated"] == 4 and row["tables"] == 1
    assert row["errors"] == 0, out.err
    assert row["moves"] > 0 and 0 < row["move_p50_s"] <= row["move_p95_s"] < 10
    assert row["see_p95_s"] is not None and 0 < row["see_p95_s"] < 10
    assert row["lesson_clicks"] > 0
    assert row["idle_ms_per_seat_s"] > 0 and row["cpu_ms_per_session_s"] > 0
    assert len(row["load_avg"]) == 2
