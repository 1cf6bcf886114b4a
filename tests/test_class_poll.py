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
from class_helpers import a_move, arun, in_thread, table_in_play
from tiers import LONG

from thirtyone.bench.cli import main
from thirtyone.bench.load import LoadError, Stats
from thirtyone.bench.load_class import KEYS, LivePage, seated_count, set_up
from thirtyone.store import open_store, shared


def _table(store):
    row, _people = table_in_play(store, ["student"] * 4, ("Ann", "Bob", "Cyd", "Dot"), "Poll",
                                 "T", bot_level="basic")
    return row.id


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
    seat, action, v = a_move(store, tid)
    after = shared.play(store, tid, seat, action, v)
    asked.clear()
    assert shared.version(store, tid, max_age=30) == after.version == real(tid) > first
    assert asked == []
    # a move made elsewhere (as by another process: written
    # straight to the store, not through this process's shared.play) after the age
    seat, action, v = a_move(store, tid)
    assert store.update_table(tid, v, record=store.table(tid).record)
    assert shared.version(store, tid, max_age=30) == v          # still within the age
    time.sleep(0.06)
    assert shared.version(store, tid, max_age=0.05) == v + 1    # asked again after it
    assert shared.version(store, 10**8) is None                 # no such table


def test_quiet_for_counts_from_the_last_change_this_process_knew(store):
    """How long nobody has moved at a table (the poll slows down after a while): 0 for a
    table never read, growing while nothing changes, back to 0 with a move made here and
    with one made elsewhere once a poll has read it (SQLite and PostgreSQL)."""
    shared.forget_cache()
    tid = _table(store)
    shared.forget_cache()
    assert shared.quiet_for(store, tid) == 0.0                  # never read here
    v0 = shared.version(store, tid, max_age=0)
    time.sleep(0.3)
    assert shared.version(store, tid, max_age=0) == v0          # read again: no change
    assert shared.quiet_for(store, tid) >= 0.3
    seat, action, v = a_move(store, tid)
    shared.play(store, tid, seat, action, v)                    # a move in this process
    assert shared.quiet_for(store, tid) < 0.2
    time.sleep(0.3)
    assert shared.quiet_for(store, tid) >= 0.3
    seat, action, v = a_move(store, tid)
    assert store.update_table(tid, v, record=store.table(tid).record)   # elsewhere
    assert shared.quiet_for(store, tid) >= 0.3                  # not read yet
    assert shared.version(store, tid, max_age=0) == v + 1
    assert shared.quiet_for(store, tid) < 0.2


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
def test_an_idle_seated_page_runs_little_draws_nothing_and_showsa_move(app_url, data_dir):
    shared.forget_cache()
    plan = set_up(f"sqlite:///{data_dir}/thirtyone.db", 4, 4)
    tid, tokens = plan.tables[0]
    store = open_store(f"sqlite:///{data_dir}/thirtyone.db")
    seat, action, v = a_move(store, tid)
    watcher = tokens[(seat + 1) % 4]      # a seat that is not to move

    def move():
        shared.play(store, tid, seat, action, v)

    elements, runs, version, seen = arun(_watch_idle(app_url, tid, watcher, move))
    store.engine.dispose()
    assert version == v
    # with the table bell (shell.bell) the page waits on one request and polls only every
    # BELL_POLL_SECONDS as a safety net: polling every second ran 3 or 4 times here
    assert runs <= 1, f"{runs} runs in 3.5 idle seconds"
    assert elements == 0, f"{elements} elements sent in {runs} runs while nobody moved"
    assert seen < 2.0, f"the other seat's move showed after {seen:.2f} s"


async def _own_move(app_url: str, tid: int, token: str) -> tuple[int, int, int, list]:
    """Open the page of the seat to move, press a move, and count the whole-page runs and
    the bell's redraws in the 3 s after the page showed the move."""
    page = LivePage(app_url.replace("http", "ws") + "/_stcore/stream", Stats())
    async with page:
        await page.start("table", f"table={tid}&me={token}")
        t0 = time.monotonic()
        while (not page.ready or not page.buttons) and time.monotonic() - t0 < 60:
            await page.wait_change(1.0)
        await asyncio.sleep(1.5)
        version = page.version
        move = sorted(k for k in page.buttons if k.startswith("play_act_") and "knock" not in k)
        await page.press(page.buttons[move[0]])
        t1 = time.monotonic()
        while (page.version == version or not page.ready) and time.monotonic() - t1 < 10:
            await page.wait_change(0.2)
        full, rung = page.full_runs, page.bell_clicks
        await asyncio.sleep(3.0)
        await page.close()
        return (page.version - version, page.full_runs - full, page.bell_clicks - rung,
                list(page.stats.errors))


@pytest.mark.slow
def test_the_movers_page_shows_its_move_and_is_not_drawn_again(app_url, data_dir):
    """A move redraws the mover's table alone (a fragment run), and nothing more: the
    table bell's script waits for that redraw before it asks again, so its own move does
    not ring the mover's page a second time (a second draw of each move would double the
    cost of play). Were the redraw lost (Streamlit may drop a run's output when the next
    message reaches the server as it ends), the page would ask with its old version and be
    answered at once (``test_bell``)."""
    shared.forget_cache()
    plan = set_up(f"sqlite:///{data_dir}/thirtyone.db", 4, 4)
    tid, tokens = plan.tables[0]
    store = open_store(f"sqlite:///{data_dir}/thirtyone.db")
    row, game = shared.load(store, tid)
    store.engine.dispose()
    moved, full_runs, rung, errors = arun(_own_move(app_url, tid, tokens[game.to_move]))
    assert not errors, errors
    assert moved == 1
    assert full_runs == 0, "the mover's whole page was drawn again after its own move"
    assert rung == 0, "the bell redrew the mover's page after its own move"


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
                 ["--load", "8", "--class", "--lesson-think", "9", "3"],
                 ["--load", "101", "--class"]):
        assert main(args) == 2, args
        err = capsys.readouterr().err.strip()
        assert err.endswith(".") and "\n" not in err, (args, err)


@pytest.mark.slow
@LONG
def test_a_small_class_reports_its_figures(capsys):
    rc = in_thread(main, ["--load", "5", "--class", "--seconds", "8", "--idle", "3",
                           "--think", "0.2", "0.5", "--lesson-think", "0.3", "0.6", "--json"])
    out = capsys.readouterr()
    assert rc == 0, out.err
    row = json.loads(out.out)
    assert set(KEYS) <= set(row)
    assert row["students"] == 5 and row["seated"] == 4 and row["tables"] == 1
    assert row["errors"] == 0, out.err
    assert row["moves"] > 0 and 0 < row["move_p50_s"] <= row["move_p95_s"] < 10
    assert row["see_p95_s"] is not None and 0 < row["see_p95_s"] < 10
    assert row["lesson_clicks"] > 0 and row["lesson_think"] == [0.3, 0.6]
    assert row["idle_ms_per_seat_s"] > 0 and row["cpu_ms_per_session_s"] > 0
    assert len(row["load_avg"]) == 2


async def _quiet_then_move(app_url: str, tid: int, token: str, move) -> dict:
    """Open the seat's page and let nobody move: note every poll interval the server asks
    the browser for (``auto_rerun``) and when each poll ran; once the page polls slower,
    count its polls over 7.5 s, then ``move()`` and time until the page shows it."""
    page = LivePage(app_url.replace("http", "ws") + "/_stcore/stream", Stats())
    asked: list[tuple[float, float]] = []        # (when, interval)
    timer = page._timer

    def noting(fid, every):
        asked.append((time.monotonic(), every))
        timer(fid, every)
    page._timer = noting
    out: dict = {}
    async with page:
        await page.start("table", f"table={tid}&me={token}")
        t_open = time.monotonic()
        while (page.version is None or not page.ready) and time.monotonic() - t_open < 60:
            await page.wait_change(1.0)
        out["first"] = asked[0][1] if asked else None
        # nobody moves: within 40 s the page must ask for a longer interval
        while time.monotonic() - t_open < 40 and not any(e > out["first"] for _t, e in asked):
            await asyncio.sleep(0.2)
        slow = [(t, e) for t, e in asked if e > out["first"]]
        out["slow"] = slow[0][1] if slow else None
        out["slow_after"] = slow[0][0] - t_open if slow else None
        await asyncio.sleep(0.5)
        runs, version = page.runs, page.version
        await asyncio.sleep(7.5)
        out["quiet_runs"] = page.runs - runs
        n_asked = len(asked)
        t0 = time.monotonic()
        move()
        while page.version == version and time.monotonic() - t0 < 10:
            await page.wait_change(0.2)
        out["seen"] = time.monotonic() - t0
        out["moved"] = page.version == version + 1
        # back in play: the short interval again
        while time.monotonic() - t0 < 10 and not any(e <= out["first"]
                                                     for _t, e in asked[n_asked:]):
            await asyncio.sleep(0.2)
        out["again"] = [e for _t, e in asked[n_asked:]]
        await page.close()
        out["errors"] = list(page.stats.errors)
    return out


@pytest.mark.slow
@LONG   # ~25 s of waiting for the slow poll
def test_a_quiet_table_polls_slower_and_still_showsa_move(app_url, data_dir):
    """Item 18: with the table bell (``shell.bell``) the page's own poll is only a safety
    net, every ``BELL_POLL_SECONDS`` while the table is in play and every
    ``BELL_QUIET_POLL_SECONDS`` once nobody has moved for ``QUIET_SECONDS``; a move still
    shows at once (the bell), and the page then polls at the shorter interval again."""
    from thirtyone.ui.pages.class_table import class_table as ct
    shared.forget_cache()
    plan = set_up(f"sqlite:///{data_dir}/thirtyone.db", 4, 4)
    tid, tokens = plan.tables[0]
    store = open_store(f"sqlite:///{data_dir}/thirtyone.db")
    seat, action, v = a_move(store, tid)
    watcher = tokens[(seat + 1) % 4]      # a seat that is not to move

    def move():
        shared.play(store, tid, seat, action, v)

    out = arun(_quiet_then_move(app_url, tid, watcher, move))
    store.engine.dispose()
    assert not out["errors"], out["errors"]
    assert out["first"] == ct.BELL_POLL_SECONDS, out               # in play
    assert out["slow"] == ct.BELL_QUIET_POLL_SECONDS, out          # quiet
    assert out["slow_after"] >= 5, out     # not at once: a table in play stays quick
    assert out["quiet_runs"] <= 1, out     # the browser's timer really runs slower
    assert out["moved"] and out["seen"] < 2.0, out
    assert out["again"] and min(out["again"]) <= ct.BELL_POLL_SECONDS, out
