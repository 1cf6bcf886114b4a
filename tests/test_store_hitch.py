"""What the store must never do (issue 25, items 7, 8 and 10), against real SQLite files and
PostgreSQL (``store_url``), nothing mocked:

- 7: forty movers on one class table, in one process, in two processes on one SQLite file
  and on PostgreSQL: no error but the store's own refusals, and every accepted move in the
  record once, in order. (SQLite answered "database is locked" after 10-12 s.)
- 8: a database that cannot be written: reading goes on ("last seen" is best effort) and a
  write is refused with one sentence.
- 10: wrong tries counted in the store, seen by another process.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import store_movers
from sqlalchemy import event, select
from tiers import LONG

from thirtyone.core.rules import VARIANTS
from thirtyone.store import StoreError, open_store, shared
from thirtyone.store import schema as s
from thirtyone.store.store import BUSY, READ_ONLY, StoreBusy, StoreReadOnly

ROOT = Path(__file__).resolve().parents[1]
MOVERS = 40
SECONDS = float(os.environ.get("THIRTYONE_RACE_SECONDS", "6"))   # longer for the figures
FIGURES = Path(os.environ.get("THIRTYONE_RACE_FIGURES", "/tmp/thirtyone-store-race.jsonl"))


def a_table(store) -> int:
    """A class table of four seats left open: every move is a person's (no bot answers), so
    the record holds exactly the moves the movers sent."""
    klass, _ = store.create_class("Race")
    shared.forget_cache()
    rules = dataclasses.replace(VARIANTS["scat"].rules, lives=10)   # a long game
    row = shared.make_table(store, klass.id, "Race", "scat", rules, ["student"] * 4,
                            bot_level="basic")
    return row.id


def check_race(store, tid: int, tally: dict, label: str) -> None:
    written, refused, errors = tally["written"], tally["refused"], tally["errors"]
    FIGURES.parent.mkdir(parents=True, exist_ok=True)
    with FIGURES.open("a") as f:
        f.write(json.dumps({"case": label, "writes": len(written), "refusals": len(refused),
                            "busy": sum(1 for r in refused if r.startswith("StoreBusy")),
                            "errors": len(errors)}) + "\n")
    assert errors == [], errors[:3]
    assert all(r.startswith(("TableRefused", "StoreBusy")) for r in refused)
    assert len(written) >= 20, "the movers got moves through"
    # each accepted write moved the table on by one from the version it was sent at
    seen = sorted(w[0] for w in written)
    assert all(w[1] == w[0] + 1 for w in written)
    assert seen == list(range(seen[0], seen[0] + len(seen))), "once each, no gap"
    row = store.table(tid)
    assert row.version == seen[-1] + 1
    # the record holds the accepted moves in the order of their versions, round by round
    shared.forget_cache()
    _row, game = shared.load(store, tid)
    rounds: list[list[str]] = [[]]
    for _v, _n, move in sorted(written):
        if move == "next round":
            rounds.append([])
        else:
            rounds[-1].append(move)
    assert [list(map(str, h)) for h in game.history] == rounds


def test_forty_movers_in_one_process(store_url):
    store = open_store(store_url)
    tid = a_table(store)
    tally = store_movers.race(store, tid, MOVERS, SECONDS)
    check_race(store, tid, tally, f"{store.engine.dialect.name}, one process")
    store.engine.dispose()


@LONG
def test_forty_movers_in_two_processes_on_one_database(store_url, tmp_path):
    store = open_store(store_url)
    tid = a_table(store)
    out = tmp_path / "movers.json"
    start = time.time() + 4.0
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    other = subprocess.Popen([sys.executable, str(ROOT / "tests" / "store_movers.py"),
                              store_url, str(tid), str(MOVERS // 2), str(SECONDS),
                              str(start), str(out)], env=env, cwd=ROOT)
    try:
        mine = store_movers.race(store, tid, MOVERS // 2, SECONDS, seed=3, start_at=start)
        assert other.wait(timeout=120) == 0
        theirs = json.loads(out.read_text())
    finally:
        if other.poll() is None:
            other.kill()
        out.unlink(missing_ok=True)
    assert theirs["written"], "the second process moved too"
    tally = {k: mine[k] + theirs[k] for k in mine}
    check_race(store, tid, tally, f"{store.engine.dialect.name}, two processes")
    store.engine.dispose()


class Holder:
    """Another program holding the write lock of the database: SQLite's BEGIN IMMEDIATE on a
    connection of its own, PostgreSQL's exclusive lock on the tables table (reads go on)."""

    def __init__(self, url: str) -> None:
        self.url = url

    def __enter__(self) -> Holder:
        if self.url.startswith("sqlite"):
            import sqlite3
            self.conn = sqlite3.connect(self.url.split("///", 1)[1], isolation_level=None)
            self.conn.execute("BEGIN IMMEDIATE")
        else:
            from sqlalchemy import create_engine, text

            from thirtyone.store.store import normal_url
            self.engine = create_engine(normal_url(self.url))
            self.conn = self.engine.connect()
            self.tx = self.conn.begin()
            self.conn.execute(text("LOCK TABLE t31_tables, t31_classes, t31_learners, "
                                   "t31_answers IN EXCLUSIVE MODE"))
        return self

    def __exit__(self, *exc: object) -> None:
        if self.url.startswith("sqlite"):
            self.conn.execute("ROLLBACK")
            self.conn.close()
        else:
            self.tx.rollback()
            self.conn.close()
            self.engine.dispose()


@pytest.fixture
def quick(monkeypatch):
    """Short waits, so a lock that outlasts them is met in about a second."""
    from thirtyone.store import engine as engine_mod
    from thirtyone.store import store as st_mod
    monkeypatch.setattr(st_mod, "BUSY_MS", 250)
    monkeypatch.setattr(engine_mod, "BUSY_MS", 250)
    monkeypatch.setattr(st_mod, "RETRIES", 3, raising=False)
    monkeypatch.setattr(st_mod, "BACKOFF_S", 0.05, raising=False)


@LONG  # a drill that waits out the store's lock waits (tests/tiers.py)
def test_a_table_locked_longer_than_the_waits_is_refused_as_busy_then_moves_on(store_url,
                                                                               quick):
    """Old code: SQLite raised "database is locked" (an error box) after its 10 s wait, and
    PostgreSQL waited behind the lock for as long as it was held."""
    store = open_store(store_url)
    tid = a_table(store)
    with Holder(store_url):
        t0 = time.monotonic()
        held = store_movers.race(store, tid, 10, 2.5)
        took = time.monotonic() - t0
        row, game = shared.load(store, tid)          # reading goes on meanwhile
        assert row.version == 1 and not game.history[-1]
        # joining, answering and starting a class: the same one sentence
        klass = store.class_by_id(row.class_id)
        for write in (lambda: store.join_class(klass.code, "Zoe"),
                      lambda: store.create_class("Another"),
                      lambda: store.record_answer(1, "q", "a", True)):
            with pytest.raises(StoreBusy) as e:
                write()
            assert str(e.value) == BUSY
    assert held["errors"] == [] and held["written"] == []
    busy = [r for r in held["refused"] if r.startswith("StoreBusy")]
    assert busy and set(busy) == {f"StoreBusy: {BUSY}"}
    assert took < 10
    after = store_movers.race(store, tid, 10, 2.0)
    check_race(store, tid, after, f"{store.engine.dialect.name}, after a lock")
    store.engine.dispose()


# --- 8: a database that cannot be written ---------------------------------------------------

def read_only_url(url: str) -> str:
    """The same database, opened so that nothing can be written: SQLite's read-only mode
    (a chmod does not stop root, who runs the tests here), PostgreSQL's read-only
    transactions (what a full or read-only server refuses with)."""
    if url.startswith("sqlite"):
        return f"sqlite:///file:{url.split('///', 1)[1]}?mode=ro&uri=true"
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}options=-c%20default_transaction_read_only%3Don"


def test_a_read_only_store_shows_everything_and_refuses_writes_in_one_sentence(store_url):
    store = open_store(store_url)
    klass, key = store.create_class("Read only")
    ann, token = store.join_class(klass.code, "Ann")
    tid = a_table(store)
    ch = store.create_challenge(klass.id, "Quiet", "scat", {"bots": 2}, 5)
    store.record_answer(ann.id, "q", "a", True)
    with store.engine.connect() as c:
        seen_before = c.execute(select(s.learners.c.seen)
                                .where(s.learners.c.id == ann.id)).scalar_one()
    store.engine.dispose()

    ro = open_store(read_only_url(store_url))
    # viewing a class, a table, the dashboard: reads only, and "last seen" is best effort
    assert ro.learner_by_token(token) == ann
    assert ro.class_for_key(key) == ro.class_by_code(klass.code)
    assert [x.name for x in ro.class_learners(klass.id)] == ["Ann"]
    assert ro.last_seen(klass.id)[ann.id] == seen_before
    assert ro.class_answers(klass.id) and ro.class_progress(klass.id) == {}
    shared.forget_cache()
    row, _game = shared.load(ro, tid)
    assert row.version >= 1 and ro.class_tables(row.class_id)
    assert ro.challenge(ch.id).title == "Quiet" and ro.wait_s(["addr:x"]) == 0
    # a page that must write: one sentence, nothing changed
    writes = [lambda: ro.join_class(klass.code, "Ben"),
              lambda: ro.create_class("New"),
              lambda: ro.record_answer(ann.id, "q", "b", False),
              lambda: ro.save_progress(ann.id, {"x": 1}),
              lambda: shared.play(ro, tid, 0, str(_game.legal_actions()[0]), row.version),
              lambda: ro.note_wrong_try(["addr:x"]),
              lambda: ro.close_challenge(ch.id)]
    for write in writes:
        with pytest.raises(StoreError) as e:
            write()
        assert isinstance(e.value, StoreReadOnly) and str(e.value) == READ_ONLY
    assert [x.name for x in ro.class_learners(klass.id)] == ["Ann"]
    ro.engine.dispose()


def test_a_full_sqlite_disk_refuses_writes_in_one_sentence(tmp_path):
    """SQLITE_FULL, the error of a full disk, made real with max_page_count."""
    url = f"sqlite:///{tmp_path / 'full.db'}"
    store = open_store(url)
    klass, _ = store.create_class("Full")

    def cap(dbapi_conn, _record):
        pages = dbapi_conn.execute("PRAGMA page_count").fetchone()[0]
        dbapi_conn.execute(f"PRAGMA max_page_count = {pages}")

    event.listen(store.engine, "connect", cap)
    store.engine.dispose()
    assert store.class_by_code(klass.code) == klass
    with pytest.raises(StoreReadOnly) as e:
        for n in range(400):        # rows until a new page is needed
            store.join_class(klass.code, f"Pupil {n:03d} " + "x" * 15)
    assert str(e.value) == READ_ONLY
    assert store.class_by_code(klass.code) == klass
    store.engine.dispose()


# --- 10: wrong tries are counted by every process ------------------------------------------

def test_wrong_tries_counted_in_another_process_make_this_one_wait(store_url):
    store = open_store(store_url)
    assert store.wait_s(["addr:10.0.0.7"]) == 0
    code = ("import sys; from thirtyone.store import open_store; "
            "s = open_store(sys.argv[1]); "
            "[s.note_wrong_try(['addr:10.0.0.7', 'code:ZZZZZZ']) for _ in range(5)]")
    subprocess.run([sys.executable, "-c", code, store_url], check=True, cwd=ROOT,
                   env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert 25 < store.wait_s(["addr:10.0.0.7"]) <= 30
    assert store.wait_s(["addr:10.0.0.8", "code:ZZZZZZ"]) > 25   # the code, from anywhere
    assert store.wait_s(["addr:10.0.0.8", "code:ABCDEF"]) == 0
    store.engine.dispose()


def test_last_seen_does_not_wait_for_a_lock(store_url, quick):
    """Coming back with the resume link writes "last seen" when it can: behind a lock it
    gives up after one short try instead of keeping the page waiting."""
    store = open_store(store_url)
    klass, _ = store.create_class("Seen")
    ann, token = store.join_class(klass.code, "Ann")
    with Holder(store_url):
        t0 = time.monotonic()
        assert store.learner_by_token(token) == ann
        assert time.monotonic() - t0 < 1.5
    store.engine.dispose()
