"""Helpers for the class tests: a class table in play in a real store, a legal move at it,
and running the protocol client's coroutines from a test."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

from thirtyone.core.rules import get_variant
from thirtyone.store import shared


def in_thread(fn, *args):
    """``fn(*args)`` in a thread of its own: a browser test run earlier in this process
    (Playwright's sync API) may leave an event loop running in this one, and
    ``asyncio.run`` refuses to start in a thread that has one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(fn, *args).result()


def arun(coro):
    """``asyncio.run(coro)`` in a thread of its own (``in_thread``)."""
    return in_thread(asyncio.run, coro)


def table_in_play(store, kinds: Sequence[str], names: Sequence[str], class_name: str = "Class",
                  title: str = "Table A", bot_level: str | None = None):
    """A new class with ``names`` joined and seated, in order, at a new Scat table of
    ``kinds``, dealt again until a round is in play (about one deal in 200 is over at once:
    a dealt 31). Returns the table's row and [(learner, resume token)] of ``names``."""
    klass, _key = store.create_class(class_name)
    people = [store.join_class(klass.code, n) for n in names]
    for _deal in range(20):
        row = shared.make_table(store, klass.id, title, "scat", get_variant("scat").rules,
                                list(kinds), bot_level=bot_level)
        for learner, _token in people:
            shared.take_seat(store, row.id, learner)
        row, game = shared.load(store, row.id)
        if not game.round_over:
            return row, people
    raise AssertionError("every deal was over at once")


def a_move(store, tid: int):
    """The seat to move, its first legal move, and the table's version: (seat, action, v)."""
    row, game = shared.load(store, tid)
    seat = game.to_move
    return seat, game.observation(seat).legal_actions[0], row.version
