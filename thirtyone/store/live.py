"""The live lesson in the store (issue 28): one running session per class, the item on every
device, the students' answers and the class experiment's deals.

- The teacher starts a session (``start``), moves through its running order (``go``), locks,
  reveals and reopens an item (``set_state``), adds items on the fly (``add_item``) and ends it
  (``end``), each in one transaction that refuses a change when the session moved on
  since the teacher's page was drawn (``seen``). Every change adds one to the row's
  ``version``: a student's device polls only that, once a second (the projector also reads
  the answers and who is here).
- A student answers the current item only, while it is open (``answer``, checked in the
  transaction that writes it): a change before the lock replaces the answer that counts, the
  first one is kept beside it; a revealed item is not opened again. Anything else is refused
  with one sentence (``LiveRefused``).
- A class experiment's press (``deal``) is dealt here, by the engine, from a fresh random seed
  (kept with the values, so a session can be replayed); the cards belong to no game.

Everything lives in the database, so a reload, a restart or a second app process on the same
PostgreSQL finds the same item.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..i18n import N_, _
from ..teach import live as items
from . import schema as s
from .store import Learner, Store, now

NO_SESSION = N_("No live lesson is running for your class just now.")
NOT_CURRENT = N_("That item is no longer on the screen; answer the one shown now.")
LOCKED = N_("Answers to this item are closed.")
OTHER_CLASS = N_("That live lesson belongs to another class.")
TOO_MANY = N_("You have dealt the most this experiment takes; watch the class's results.")
NOT_EXPERIMENT = N_("This item is not an experiment.")
IS_EXPERIMENT = N_("This item is answered by dealing, not by choosing.")


class LiveRefused(ValueError):
    """A live-lesson action that cannot be done; the message is one sentence (translated)."""


@dataclass(frozen=True)
class LiveRow:
    id: int
    class_id: int
    status: str
    items: list[dict[str, Any]]
    item_no: int
    states: dict[str, str]
    show_names: bool
    version: int
    created: dt.datetime
    ended: dt.datetime | None

    @property
    def item(self) -> dict[str, Any]:
        return self.items[self.item_no]

    @property
    def state(self) -> str:
        return self.state_of(self.item_no)

    def state_of(self, item_no: int) -> str:
        return self.states.get(str(item_no), "open")

    @property
    def running(self) -> bool:
        return self.status == "running"


def _row(r: Any) -> LiveRow:
    return LiveRow(r.id, r.class_id, r.status, list(r.items), int(r.item_no), dict(r.states),
                   bool(r.show_names), int(r.version), r.created, r.ended)


def start(store: Store, class_id: int, order: list[dict[str, Any]] | None = None) -> LiveRow:
    """A new live session for the class, on its first item (any running one is ended)."""
    checked = [items.check_item(spec) for spec in (order or list(items.FIRST_ORDER))]
    if not checked or len(checked) > items.MAX_ITEMS:
        raise LiveRefused(_("A running order has 1 to {n} items.").format(n=items.MAX_ITEMS))

    def work(c: Connection) -> int:
        # the class row locked: two starts of one class wait for each other (PostgreSQL)
        c.execute(select(s.classes.c.id).where(s.classes.c.id == class_id).with_for_update())
        c.execute(update(s.live).where((s.live.c.class_id == class_id)
                                       & (s.live.c.status == "running"))
                  .values(status="ended", ended=now(), version=s.live.c.version + 1))
        key = c.execute(insert(s.live).values(
            class_id=class_id, status="running", items=checked, item_no=0, states={},
            show_names=False, version=1, created=now(), updated=now(),
            ended=None)).inserted_primary_key
        assert key is not None
        return int(key[0])
    for _attempt in range(3):
        try:
            got = get(store, store.run(work))
        except IntegrityError:   # another start won the race: end it and start again
            continue
        assert got is not None
        return got
    raise LiveRefused(_("The class is busy, try again."))


def get(store: Store, live_id: int) -> LiveRow | None:
    r = store.read(lambda c: c.execute(select(s.live).where(s.live.c.id == live_id)).first())
    return _row(r) if r is not None else None


def running(store: Store, class_id: int) -> LiveRow | None:
    """The class's running session, or None."""
    r = store.read(lambda c: c.execute(
        select(s.live).where((s.live.c.class_id == class_id) & (s.live.c.status == "running"))
        .order_by(s.live.c.id.desc()).limit(1)).first())
    return _row(r) if r is not None else None


def version(store: Store, class_id: int) -> tuple[int, int] | None:
    """``(session id, version)`` of the class's running session, or None: what a device polls."""
    r = store.read(lambda c: c.execute(
        select(s.live.c.id, s.live.c.version)
        .where((s.live.c.class_id == class_id) & (s.live.c.status == "running"))
        .order_by(s.live.c.id.desc()).limit(1)).first())
    return (int(r[0]), int(r[1])) if r is not None else None


def sessions(store: Store, class_id: int) -> list[LiveRow]:
    """Every session of the class, the newest first."""
    return store.read(lambda c: [_row(r) for r in c.execute(
        select(s.live).where(s.live.c.class_id == class_id).order_by(s.live.c.id.desc()))])


MOVED_ON = N_("The lesson has moved on in another window; this is where it is now.")
ENDED = N_("This live lesson has ended.")


def _locked_row(c: Connection, live_id: int) -> LiveRow | None:
    """The session row, locked for the rest of this transaction, so that a teacher's change
    and a student's answer never cross. An update that changes nothing takes the lock on
    both databases: PostgreSQL's row lock, and SQLite's write lock (a plain read would start
    no transaction there, and another process could commit between it and the write)."""
    c.execute(update(s.live).where(s.live.c.id == live_id).values(status=s.live.c.status))
    r = c.execute(select(s.live).where(s.live.c.id == live_id)).first()
    return _row(r) if r is not None else None


def _change(store: Store, live_id: int, seen: int | None,
            values: Callable[[LiveRow], dict[str, Any]],
            also: Callable[[Connection, LiveRow], None] | None = None) -> LiveRow:
    """One teacher's change in one transaction: refused when the session has ended or (with
    ``seen``, the version the teacher's page was drawn at) moved on meanwhile."""
    def work(c: Connection) -> None:
        row = _locked_row(c, live_id)
        if row is None or not row.running:
            raise LiveRefused(_(ENDED))
        if seen is not None and row.version != seen:
            raise LiveRefused(_(MOVED_ON))
        if also is not None:
            also(c, row)
        c.execute(update(s.live).where(s.live.c.id == live_id)
                  .values(version=s.live.c.version + 1, updated=now(), **values(row)))
    store.run(work)
    got = get(store, live_id)
    assert got is not None
    return got


def go(store: Store, live_id: int, item_no: int, seen: int | None = None) -> LiveRow:
    """Put item ``item_no`` of the running order on every device."""
    def values(row: LiveRow) -> dict[str, Any]:
        if not 0 <= item_no < len(row.items):
            raise LiveRefused(_("There is no such item in this lesson."))
        return {"item_no": item_no}
    return _change(store, live_id, seen, values)


def set_state(store: Store, live_id: int, state: str, seen: int | None = None) -> LiveRow:
    """Open, lock or reveal the current item. A revealed item stays revealed: its answers
    were given before the room saw the engine's."""
    if state not in items.STATES:
        raise LiveRefused(_("There is no such state."))

    def values(row: LiveRow) -> dict[str, Any]:
        if row.state == "revealed" and state != "revealed":
            raise LiveRefused(_("The answer has been shown: this item's answers stay closed."))
        return {"states": {**row.states, str(row.item_no): state}}
    return _change(store, live_id, seen, values)


def show_names(store: Store, live_id: int, on: bool, seen: int | None = None) -> LiveRow:
    return _change(store, live_id, seen, lambda _row: {"show_names": bool(on)})


def add_item(store: Store, live_id: int, spec: dict[str, Any], go_there: bool = True,
             seen: int | None = None) -> LiveRow:
    """Add an item picked on the fly after the current one, and (by default) show it; the
    items after it move down with their states and answers, all in one transaction."""
    checked = items.check_item(spec)

    def shift(c: Connection, row: LiveRow) -> None:
        if len(row.items) >= items.MAX_ITEMS:
            raise LiveRefused(_("A running order has 1 to {n} items.").format(
                n=items.MAX_ITEMS))
        at = row.item_no + 1
        for table in (s.live_answers, s.live_results):   # two steps: (id, item) stays unique
            c.execute(update(table).where((table.c.live_id == live_id)
                                          & (table.c.item_no >= at))
                      .values(item_no=table.c.item_no + 1000))
            c.execute(update(table).where((table.c.live_id == live_id)
                                          & (table.c.item_no >= 1000))
                      .values(item_no=table.c.item_no - 999))

    def values(row: LiveRow) -> dict[str, Any]:
        at = row.item_no + 1
        return {"items": row.items[:at] + [checked] + row.items[at:],
                "states": {str(int(k) + (int(k) >= at)): v for k, v in row.states.items()},
                "item_no": at if go_there else row.item_no}
    return _change(store, live_id, seen, values, also=shift)


def end(store: Store, live_id: int) -> None:
    """End the session (ending one already ended changes nothing)."""
    store.run(lambda c: c.execute(update(s.live).where(
        (s.live.c.id == live_id) & (s.live.c.status == "running")).values(
        status="ended", ended=now(), version=s.live.c.version + 1)))


# --- what students send ---------------------------------------------------------------

def _current(row: LiveRow | None, item_no: int, learner: Learner) -> LiveRow:
    if row is None or not row.running:
        raise LiveRefused(_(NO_SESSION))
    if learner.class_id != row.class_id:
        raise LiveRefused(_(OTHER_CLASS))
    if item_no != row.item_no:
        raise LiveRefused(_(NOT_CURRENT))
    if row.state != "open":
        raise LiveRefused(_(LOCKED))
    return row


def answer_value(item: dict[str, Any], raw: object) -> str:
    """A student's answer to ``item`` as kept: a guess's whole per cent, or an option's
    index among the item's own options (never a count the device sent)."""
    if item["kind"] == "experiment":
        raise LiveRefused(_(IS_EXPERIMENT))
    try:
        if item["kind"] == "guess":
            return str(items.check_guess(raw))
        return str(items.check_choice(raw, items.option_count(item)))
    except ValueError as e:
        raise LiveRefused(str(e)) from None


def answer(store: Store, live_id: int, item_no: int, learner: Learner, raw: object) -> str:
    """Keep ``learner``'s answer to the current item, checked in the same transaction that
    writes it (a lock or a move-on is never crossed); returns the answer as kept. Sending
    the same answer again changes nothing; another one before the lock is a change."""
    key = ((s.live_answers.c.live_id == live_id) & (s.live_answers.c.item_no == item_no)
           & (s.live_answers.c.learner_id == learner.id))

    def work(c: Connection) -> str:
        row = _current(_locked_row(c, live_id), item_no, learner)
        value = answer_value(row.item, raw)
        old = c.execute(select(s.live_answers.c.answer).where(key)).first()
        if old is None:
            c.execute(insert(s.live_answers).values(
                live_id=live_id, item_no=item_no, learner_id=learner.id, answer=value,
                first=value, changes=0, first_at=now(), at=now()))
        elif old[0] != value:
            c.execute(update(s.live_answers).where(key).values(
                answer=value, changes=s.live_answers.c.changes + 1, at=now()))
        return value
    for _attempt in range(3):
        try:
            return store.run(work)
        except IntegrityError:   # the same student's two devices at once: tried again
            continue
    raise LiveRefused(_("Your answer could not be saved; please try again."))


def deal(store: Store, live_id: int, item_no: int, learner: Learner) -> list[int]:
    """One press of "Deal" in the current experiment: dealt here, then kept in a
    transaction that checks again that the item is still open and the press allowed."""
    row = _current(get(store, live_id), item_no, learner)
    if row.item["kind"] != "experiment":
        raise LiveRefused(_(NOT_EXPERIMENT))
    seed = secrets.randbits(62)
    vals = items.run_press(items.experiment(row.item), seed)
    key = ((s.live_results.c.live_id == live_id) & (s.live_results.c.item_no == item_no)
           & (s.live_results.c.learner_id == learner.id))

    def work(c: Connection) -> None:
        _current(_locked_row(c, live_id), item_no, learner)
        n = c.execute(select(func.count()).select_from(s.live_results).where(key)).scalar_one()
        if n >= items.MAX_PRESSES:
            raise LiveRefused(_(TOO_MANY))
        c.execute(insert(s.live_results).values(live_id=live_id, item_no=item_no,
                                                learner_id=learner.id, seed=seed, vals=vals,
                                                at=now()))
    store.run(work)
    return vals


# --- what the projector and the dashboard read -----------------------------------------

def answers(store: Store, live_id: int, item_no: int | None = None) -> list[dict[str, Any]]:
    """The answers (learner_id, name, item_no, answer, first, changes, first_at, at)."""
    a = s.live_answers
    cond = a.c.live_id == live_id
    if item_no is not None:
        cond = cond & (a.c.item_no == item_no)
    q = (select(a.c.learner_id, s.learners.c.name, a.c.item_no, a.c.answer, a.c.first,
                a.c.changes, a.c.first_at, a.c.at)
         .join(s.learners, s.learners.c.id == a.c.learner_id).where(cond)
         .order_by(a.c.item_no, a.c.id))
    return store.read(lambda c: [dict(r._mapping) for r in c.execute(q)])


def results(store: Store, live_id: int, item_no: int, learner_id: int | None = None
            ) -> list[int]:
    """Every value the room (or one student) dealt for an experiment, in order."""
    r = s.live_results
    cond = (r.c.live_id == live_id) & (r.c.item_no == item_no)
    if learner_id is not None:
        cond = cond & (r.c.learner_id == learner_id)
    rows = store.read(lambda c: c.execute(select(r.c.vals).where(cond).order_by(r.c.id)).all())
    return [int(v) for (vals,) in rows for v in vals]


def results_by_learner(store: Store, live_id: int, item_no: int
                       ) -> list[tuple[str, list[int]]]:
    """``(name, values)`` for every student who dealt in an experiment, in the order they
    first dealt."""
    r = s.live_results
    q = (select(r.c.learner_id, s.learners.c.name, r.c.vals)
         .join(s.learners, s.learners.c.id == r.c.learner_id)
         .where((r.c.live_id == live_id) & (r.c.item_no == item_no)).order_by(r.c.id))
    by: dict[int, tuple[str, list[int]]] = {}
    for learner_id, name, vals in store.read(lambda c: c.execute(q).all()):
        by.setdefault(learner_id, (name, []))[1].extend(int(v) for v in vals)
    return list(by.values())


def dealers(store: Store, live_id: int, item_no: int) -> int:
    """How many students have dealt in this experiment."""
    r = s.live_results
    return int(store.read(lambda c: c.execute(
        select(func.count(func.distinct(r.c.learner_id)))
        .where((r.c.live_id == live_id) & (r.c.item_no == item_no))).scalar_one()))


__all__ = ["LiveRefused", "LiveRow", "add_item", "answer", "answers", "deal", "dealers", "end",
           "get", "go", "results", "results_by_learner", "running", "sessions", "set_state",
           "show_names", "start", "version"]
