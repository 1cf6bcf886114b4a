"""``Store``: every read and write of the class store, each in one transaction.

Open one with ``open_store(url)`` (or ``Store(engine)`` around an engine made elsewhere, such
as Streamlit's ``st.connection``). Writes that can race — a move at a shared table, a
challenge game — carry the version they were read at and are refused (``False``) when
someone else wrote first: optimistic locking, so two moves for one turn never both land.

Every read and write goes through ``Store.run``: a statement that meets a lock (SQLite's
"database is locked", a PostgreSQL deadlock, serialisation failure or lock timeout, a pool
with no free connection) is tried again a few times with a growing, jittered wait
(``RETRIES``, ``BACKOFF_S``), all within ``BUDGET_S``; if it still cannot be done the store
refuses with ``StoreBusy`` ("The class is busy, try again."), a ``StoreError`` the pages show
in one sentence. On SQLite the writes
of one process also queue on a lock of their own, so forty movers in one process take turns
instead of racing in SQLite's busy handler. A database that cannot be written (a full disk,
a read-only file or folder, a read-only PostgreSQL) refuses a write with ``StoreReadOnly``;
reading goes on, and the "last seen" time is written only when it can be.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import random
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import (
    Connection,
    Engine,
    case,
    create_engine,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, IntegrityError, ProgrammingError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from ..i18n import N_, _
from . import schema as s
from .engine import (
    BUSY,
    BUSY_MS,
    READ_ONLY,
    StoreBusy,
    StoreError,
    StoreReadOnly,
    error_kind,
    normal_url,
    prepare_engine,
)
from .names import fold
from .tokens import (
    InputError,
    check_name,
    digest,
    new_code,
    new_key,
    new_token,
    normal_code,
    normal_key,
    normal_token,
)

WRONG_CODE = N_("That join code does not open a class; check it with your teacher.")
WRONG_KEY = N_("That teacher key does not open a class dashboard.")
NAME_TAKEN = N_("Someone in this class already uses that name: if it is you, ask your teacher "
                "for a new resume link; if not, please add an initial.")
RECORD_MAX = 2_000_000  # characters of one stored game record
RETRIES = 6             # tries of one read or write that meets a lock
BACKOFF_S = 0.05        # the first wait between tries; doubled each time, with jitter
LOCK_WAIT_S = 8.0       # how long a write waits for its turn in this process (SQLite)
BUDGET_S = 8.0          # all the tries of one read or write together: then StoreBusy
WRONG_TRY_WINDOW_S = 30.0   # wrong codes and keys are counted over this long
MAX_WRONG_TRIES = 5         # ... and this many in the window make the next one wait

T = TypeVar("T")


@dataclass(frozen=True)
class ClassRow:
    id: int
    code: str
    name: str


@dataclass(frozen=True)
class Learner:
    id: int
    name: str
    class_id: int | None
    class_name: str | None = None
    class_code: str | None = None


@dataclass(frozen=True)
class TableRow:
    id: int
    class_id: int
    title: str
    variant: str
    seats: list
    record: str
    version: int
    status: str


@dataclass(frozen=True)
class ChallengeRow:
    id: int
    class_id: int
    title: str
    variant: str
    setup: dict
    seed: int
    closed: bool = False   # closed by the teacher: full records may be downloaded


def _challenge_row(r: Any) -> ChallengeRow:
    """A row of ``Store._challenge_q``: the first six fields, then when it was closed."""
    return ChallengeRow(r[0], r[1], r[2], r[3], r[4], r[5], closed=r[6] is not None)


@dataclass(frozen=True)
class PlayRow:
    challenge_id: int
    learner_id: int
    name: str
    record: str
    finished: bool
    score: float | None
    version: int


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def open_store(url: str) -> Store:
    """A store on the database at ``url``, its schema made or brought up to date."""
    url = normal_url(url)
    kwargs: dict[str, Any] = {"pool_pre_ping": True}
    if make_url(url).get_backend_name() == "sqlite":
        kwargs = {"connect_args": {"timeout": BUSY_MS / 1000}}
    store = Store(prepare_engine(create_engine(url, **kwargs)))
    store.migrate()
    return store


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sqlite = engine.dialect.name == "sqlite"
        self._writing = threading.Lock()   # SQLite: one writer of this process at a time

    # --- every statement goes through here -------------------------------------------

    def run(self, work: Callable[[Connection], T], write: bool = True,
             tries: int | None = None) -> T:
        """``work`` in one transaction (``write``) or on one connection, tried again while
        the database is locked (``RETRIES`` times, or ``tries``; waits from ``BACKOFF_S``
        doubling with jitter); then ``StoreBusy``. A database that cannot be written:
        ``StoreReadOnly``."""
        wait = BACKOFF_S
        tries = RETRIES if tries is None else tries
        queue_wait = LOCK_WAIT_S if tries > 1 else BUSY_MS / 1000
        deadline = time.monotonic() + BUDGET_S
        for attempt in range(tries):
            queued = write and self._sqlite
            left = deadline - time.monotonic()
            if left <= 0 or (queued and not self._writing.acquire(
                    timeout=min(queue_wait, left))):
                break   # the writes before this one took all the time there was
            try:
                if write:
                    with self.engine.begin() as c:
                        return work(c)
                with self.engine.connect() as c:
                    return work(c)
            except (DBAPIError, PoolTimeout) as e:
                kind = error_kind(e)
                if kind == "readonly":
                    raise StoreReadOnly(_(READ_ONLY)) from None
                if kind != "busy":
                    raise
            finally:
                if queued:
                    self._writing.release()
            if attempt < tries - 1:
                pause = wait * (0.5 + random.random())  # noqa: S311 - jitter, no secret
                time.sleep(max(0.0, min(pause, deadline - time.monotonic())))
                wait *= 2
        raise StoreBusy(_(BUSY))

    def read(self, work: Callable[[Connection], T]) -> T:
        return self.run(work, write=False)

    # --- schema ------------------------------------------------------------------------

    def migrate(self) -> int:
        """Make the tables if they are missing and record the schema version; refuse a
        database written by a newer app; bring an older one up to date (``schema``'s
        notes). Returns the version."""
        try:
            s.metadata.create_all(self.engine, checkfirst=True)
        except (IntegrityError, ProgrammingError):  # another process made them meanwhile
            s.metadata.create_all(self.engine, checkfirst=True)
        with self.engine.connect() as c:
            row = c.execute(select(s.meta.c.value).where(s.meta.c.key == "schema")).first()
        if row is None:
            # another process may write it first: then theirs stands
            with contextlib.suppress(IntegrityError), self.engine.begin() as c:
                c.execute(insert(s.meta).values(key="schema", value=str(s.SCHEMA_VERSION)))
            return self.schema_version()
        found = int(row[0])
        if found > s.SCHEMA_VERSION:
            raise StoreError(_("The database was made by a newer version of the app (schema "
                               "{found}, this app knows {known}); update the app.").format(
                                   found=found, known=s.SCHEMA_VERSION))
        if found < 2:
            self.run(self._to_2)
        if found < 3:
            self.run(self._to_3)
        if found < 4:   # 3 -> 4: the live lesson's tables (made by create_all above)
            self.run(lambda c: c.execute(update(s.meta).where(
                (s.meta.c.key == "schema") & (s.meta.c.value == "3")).values(value="4")))
        return self.schema_version()

    @staticmethod
    def _to_3(c: Connection) -> None:
        """Schema 2 -> 3: the practice table (``create_all`` above already made it, as it
        makes every missing table); only the version row changes, once."""
        c.execute(update(s.meta).where((s.meta.c.key == "schema") & (s.meta.c.value == "2"))
                  .values(value="3"))

    @staticmethod
    def _to_2(c: Connection) -> None:
        """Schema 1 -> 2 (once, whoever comes first: the version row is written first, so a
        second process waits for it and then finds 2)."""
        if not c.execute(update(s.meta).where((s.meta.c.key == "schema")
                                              & (s.meta.c.value == "1"))
                         .values(value="2")).rowcount:
            return   # another process brought it up to date first
        if "closed" not in {col["name"] for col in inspect(c).get_columns("t31_challenges")}:
            kind = s.challenges.c.closed.type.compile(dialect=c.dialect)
            c.execute(text(f"ALTER TABLE t31_challenges ADD COLUMN closed {kind}"))
        # names equal after folding look-alikes: the first keeps the name, a later one is
        # told apart by its id (both still show as they were typed)
        taken: set[tuple[Any, str]] = set()
        rows = c.execute(select(s.learners.c.id, s.learners.c.class_id, s.learners.c.name)
                         .order_by(s.learners.c.id)).all()
        for lid, _cid, _name in rows:  # first every fold that could clash is moved aside
            c.execute(update(s.learners).where(s.learners.c.id == lid)
                      .values(name_fold=f"#{lid}"))
        for lid, cid, name in rows:
            key = fold(name)
            if (cid, key) in taken:
                key = f"{key[:40]}#{lid}"
            taken.add((cid, key))
            c.execute(update(s.learners).where(s.learners.c.id == lid).values(name_fold=key))

    def schema_version(self) -> int:
        with self.engine.connect() as c:
            return int(c.execute(select(s.meta.c.value)
                                 .where(s.meta.c.key == "schema")).scalar_one())

    # --- classes and learners ----------------------------------------------------------

    def create_class(self, name: str) -> tuple[ClassRow, str]:
        """A new class named ``name``; returns it with its teacher key (shown once)."""
        try:
            name = check_name(name, "class name")
        except InputError as e:
            raise StoreError(str(e)) from None
        for _try in range(20):
            code, key = new_code(), new_key()

            def add(c: Connection, code: str = code, key: str = key) -> int:
                return c.execute(insert(s.classes).values(
                    code=code, name=name, key_hash=digest(key), created=now())
                    .returning(s.classes.c.id)).scalar_one()

            try:
                cid = self.run(add)
                return ClassRow(cid, code, name), key
            except IntegrityError:  # a code already taken: draw again
                continue
        raise StoreError(_("Could not make a new join code; please try again."))

    def _class_where(self, cond: Any) -> ClassRow | None:
        row = self.read(lambda c: c.execute(
            select(s.classes.c.id, s.classes.c.code, s.classes.c.name).where(cond)).first())
        return ClassRow(*row) if row else None

    def class_by_code(self, code: str) -> ClassRow | None:
        norm = normal_code(code)
        if norm is None:
            return None
        return self._class_where(s.classes.c.code == norm)

    def class_for_key(self, key: str) -> ClassRow | None:
        """The class a teacher key opens, or None (also for anything that is not a key)."""
        norm = normal_key(key)
        if norm is None:
            return None
        return self._class_where(s.classes.c.key_hash == digest(norm))

    def class_by_id(self, class_id: int) -> ClassRow | None:
        return self._class_where(s.classes.c.id == class_id)

    def new_learner(self, name: str = "Learner", class_id: int | None = None
                    ) -> tuple[Learner, str]:
        """A learner (in a class or on their own) and their resume token (shown once)."""
        try:
            name = check_name(name)
        except InputError as e:
            raise StoreError(str(e)) from None
        token = new_token()
        try:
            lid: int = self.run(lambda c: c.execute(insert(s.learners).values(
                class_id=class_id, name=name, name_fold=fold(name),
                token_hash=digest(token), created=now(), seen=now())
                .returning(s.learners.c.id)).scalar_one())
        except IntegrityError:
            raise StoreError(_(NAME_TAKEN)) from None
        return self.learner(lid), token  # type: ignore[return-value]

    def join_class(self, code: str, name: str) -> tuple[Learner, str]:
        """Join the class with this code under ``name``. A wrong code gets one message,
        whatever it was, so trying codes tells nothing about which exist."""
        klass = self.class_by_code(code)
        if klass is None:
            raise StoreError(_(WRONG_CODE))
        return self.new_learner(name, klass.id)

    def move_to_class(self, learner_id: int, code: str, name: str) -> Learner:
        """A learner working alone joins a class, keeping their progress and token."""
        klass = self.class_by_code(code)
        if klass is None:
            raise StoreError(_(WRONG_CODE))
        try:
            name = check_name(name)
        except InputError as e:
            raise StoreError(str(e)) from None
        try:
            self.run(lambda c: c.execute(
                update(s.learners).where(s.learners.c.id == learner_id)
                .values(class_id=klass.id, name=name, name_fold=fold(name))))
        except IntegrityError:
            raise StoreError(_(NAME_TAKEN)) from None
        return self.learner(learner_id)  # type: ignore[return-value]

    def learner(self, learner_id: int) -> Learner | None:
        return self._learner_where(s.learners.c.id == learner_id)

    def learner_by_token(self, token: str) -> Learner | None:
        """The learner a resume token brings back, or None for anything else. Their "last
        seen" time is written when it can be (a busy or read-only store: not this time)."""
        norm = normal_token(token)
        if norm is None:
            return None
        found = self._learner_where(s.learners.c.token_hash == digest(norm))
        if found is not None:
            self.note_seen(found.id)
        return found

    def note_seen(self, learner_id: int) -> None:
        """Write a learner's "last seen" time when it can: one short try (a busy or read-only
        store: not this time; it is not worth a wait)."""
        with contextlib.suppress(StoreError):
            self.run(lambda c: c.execute(update(s.learners)
                                          .where(s.learners.c.id == learner_id)
                                          .values(seen=now())), tries=1)

    def _learner_where(self, cond: Any) -> Learner | None:
        q = (select(s.learners.c.id, s.learners.c.name, s.learners.c.class_id,
                    s.classes.c.name, s.classes.c.code)
             .select_from(s.learners.outerjoin(s.classes))
             .where(cond))
        row = self.read(lambda c: c.execute(q).first())
        return Learner(*row) if row else None

    def class_learners(self, class_id: int) -> list[Learner]:
        q = (select(s.learners.c.id, s.learners.c.name, s.learners.c.class_id)
             .where(s.learners.c.class_id == class_id))
        rows = self.read(lambda c: [Learner(*r) for r in c.execute(q)])
        # by name as read (the fold is for sameness: "m" folds to "rn")
        return sorted(rows, key=lambda r: (r.name.casefold(), r.id))

    def last_seen(self, class_id: int) -> dict[int, dt.datetime]:
        q = select(s.learners.c.id, s.learners.c.seen).where(s.learners.c.class_id == class_id)
        return self.read(lambda c: {r[0]: r[1] for r in c.execute(q)})

    # --- wrong join codes and teacher keys ----------------------------------------------

    def wait_s(self, scopes: Iterable[str]) -> float:
        """Seconds until another code or key may be tried from ``scopes`` ("addr:...",
        "code:..."): 0 unless one of them had ``MAX_WRONG_TRIES`` wrong tries in the last
        ``WRONG_TRY_WINDOW_S`` seconds (in any process)."""
        keys = [str(x)[:80] for x in scopes]
        since = now() - dt.timedelta(seconds=WRONG_TRY_WINDOW_S)
        q = (select(s.wrong_tries.c.scope, s.wrong_tries.c.at)
             .where(s.wrong_tries.c.scope.in_(keys) & (s.wrong_tries.c.at > since))
             .order_by(s.wrong_tries.c.at.desc()))
        rows = self.read(lambda c: c.execute(q).all())
        wait = 0.0
        for key in keys:
            times = [_aware(at) for sc, at in rows if sc == key]
            if len(times) >= MAX_WRONG_TRIES:
                free = times[MAX_WRONG_TRIES - 1] + dt.timedelta(seconds=WRONG_TRY_WINDOW_S)
                wait = max(wait, (free - now()).total_seconds())
        return max(wait, 0.0)

    def note_wrong_try(self, scopes: Iterable[str]) -> None:
        """Count one wrong code or key against each of ``scopes`` (old ones are dropped)."""
        keys = [str(x)[:80] for x in scopes]
        old = now() - dt.timedelta(seconds=10 * WRONG_TRY_WINDOW_S)

        def work(c: Connection) -> None:
            c.execute(s.wrong_tries.delete().where(s.wrong_tries.c.at < old))
            for key in keys:
                c.execute(insert(s.wrong_tries).values(scope=key, at=now()))
        self.run(work)

    # --- lesson progress and quiz answers ----------------------------------------------

    def save_progress(self, learner_id: int, data: dict,
                      answer: tuple[str, str, bool] | None = None) -> int | None:
        """Keep the learner's progress and, with ``answer`` (quiz, option, right?), one answer
        to a quiz, in one transaction (a lesson's click is one write); returns which try the
        answer was (1 = first), None without one."""
        def work(c: Connection) -> int | None:
            n = None if answer is None else self._answer(c, learner_id, *answer)
            done = c.execute(update(s.progress).where(s.progress.c.learner_id == learner_id)
                             .values(data=data, updated=now())).rowcount
            if not done:
                c.execute(insert(s.progress).values(learner_id=learner_id, data=data,
                                                    updated=now()))
            return n
        return self._answering(work)

    def progress(self, learner_id: int) -> dict | None:
        return self.read(lambda c: c.execute(
            select(s.progress.c.data).where(s.progress.c.learner_id == learner_id)).scalar())

    def class_progress(self, class_id: int) -> dict[int, dict]:
        q = (select(s.progress.c.learner_id, s.progress.c.data)
             .join(s.learners, s.learners.c.id == s.progress.c.learner_id)
             .where(s.learners.c.class_id == class_id))
        return self.read(lambda c: {r[0]: r[1] for r in c.execute(q)})

    def record_answer(self, learner_id: int, quiz: str, answer: str, correct: bool) -> int:
        """Keep one answer to a quiz; returns which try it was (1 = first)."""
        return self._answering(lambda c: self._answer(c, learner_id, quiz, answer, correct))

    @staticmethod
    def _answer(c: Connection, learner_id: int, quiz: str, answer: str, correct: bool) -> int:
        """Insert one answer as the learner's next try at ``quiz``; returns the try."""
        quiz, answer = str(quiz)[:120], str(answer)[:200]
        # one writer per learner at a time (PostgreSQL row lock; SQLite has one writer
        # anyway and a clash is retried by _answering)
        c.execute(select(s.learners.c.id).where(s.learners.c.id == learner_id)
                  .with_for_update())
        n = c.execute(select(func.count()).select_from(s.answers).where(
            (s.answers.c.learner_id == learner_id)
            & (s.answers.c.quiz == quiz))).scalar_one()
        c.execute(insert(s.answers).values(
            learner_id=learner_id, quiz=quiz, try_no=n + 1, answer=answer,
            correct=bool(correct), at=now()))
        return int(n) + 1

    def _answering(self, work: Callable[[Connection], T]) -> T:
        """``work`` (which may insert an answer) in one transaction, tried again when the same
        learner answered twice at once (the try's number is taken: count again)."""
        for attempt in range(10):
            try:
                return self.run(work)
            except IntegrityError:
                time.sleep(0.01 * (attempt + 1))
                continue
        raise StoreError(_("Your answer could not be saved; please try again."))

    def record_practice(self, learner_id: int, kind: str, right_first: bool,
                        tries: int) -> None:
        """Keep one finished practice item (issue 26) for the teacher's dashboard."""
        kind = str(kind)[:20]
        tries = max(1, min(int(tries), 99))
        self.run(lambda c: c.execute(insert(s.practice).values(
            learner_id=learner_id, kind=kind, right_first=bool(right_first), tries=tries,
            at=now())))

    def class_practice(self, class_id: int) -> dict[int, tuple[int, int]]:
        """``{learner_id: (practice items finished, right at the first try)}``."""
        q = (select(s.practice.c.learner_id, func.count(),
                    func.sum(case((s.practice.c.right_first, 1), else_=0)))
             .join(s.learners, s.learners.c.id == s.practice.c.learner_id)
             .where(s.learners.c.class_id == class_id)
             .group_by(s.practice.c.learner_id))
        return self.read(lambda c: {r[0]: (int(r[1]), int(r[2] or 0)) for r in c.execute(q)})

    def learner_answers(self, learner_id: int) -> list[dict]:
        return self._answers(s.answers.c.learner_id == learner_id)

    def class_answers(self, class_id: int) -> list[dict]:
        """Every answer in the class: learner_id, name, quiz, try_no, answer, correct, at."""
        return self._answers(s.learners.c.class_id == class_id)

    def _answers(self, cond: Any) -> list[dict]:
        q = (select(s.answers.c.learner_id, s.learners.c.name, s.answers.c.quiz,
                    s.answers.c.try_no, s.answers.c.answer, s.answers.c.correct,
                    s.answers.c.at)
             .join(s.learners, s.learners.c.id == s.answers.c.learner_id)
             .where(cond).order_by(s.answers.c.id))
        return self.read(lambda c: [dict(r._mapping) for r in c.execute(q)])

    # --- a learner's own saved game ----------------------------------------------------

    def save_game(self, learner_id: int, slot: str, record: str) -> None:
        _check_record(record)

        def work(c: Connection) -> None:
            done = c.execute(update(s.games).where(
                (s.games.c.learner_id == learner_id) & (s.games.c.slot == slot))
                .values(record=record, version=s.games.c.version + 1, updated=now())).rowcount
            if not done:
                c.execute(insert(s.games).values(learner_id=learner_id, slot=slot,
                                                 record=record, version=1, updated=now()))
        self.run(work)

    def load_game(self, learner_id: int, slot: str) -> str | None:
        return self.read(lambda c: c.execute(select(s.games.c.record).where(
            (s.games.c.learner_id == learner_id) & (s.games.c.slot == slot))).scalar())

    def delete_game(self, learner_id: int, slot: str) -> None:
        self.run(lambda c: c.execute(s.games.delete().where(
            (s.games.c.learner_id == learner_id) & (s.games.c.slot == slot))))

    # --- shared class tables -----------------------------------------------------------

    def create_table(self, class_id: int, title: str, variant: str, seats: list,
                     record: str) -> TableRow:
        _check_record(record)
        try:
            title = check_name(title, "table name")
        except InputError as e:
            raise StoreError(str(e)) from None
        tid: int = self.run(lambda c: c.execute(insert(s.tables).values(
            class_id=class_id, title=title, variant=variant, seats=seats, record=record,
            version=1, status="open", created=now(), updated=now())
            .returning(s.tables.c.id)).scalar_one())
        return self.table(tid)  # type: ignore[return-value]

    _TABLE_COLS = (s.tables.c.id, s.tables.c.class_id, s.tables.c.title, s.tables.c.variant,
                   s.tables.c.seats, s.tables.c.record, s.tables.c.version, s.tables.c.status)

    def table(self, table_id: int) -> TableRow | None:
        q = select(*self._TABLE_COLS).where(s.tables.c.id == table_id)
        row = self.read(lambda c: c.execute(q).first())
        return TableRow(*row) if row else None

    def table_version(self, table_id: int) -> int | None:
        """The table's version alone: a cheap poll for 'has anyone moved?'."""
        return self.read(lambda c: c.execute(
            select(s.tables.c.version).where(s.tables.c.id == table_id)).scalar())

    def update_table(self, table_id: int, version: int, *, record: str | None = None,
                     seats: list | None = None, status: str | None = None) -> bool:
        """Write the table if it is still at ``version`` (then it is at ``version + 1``);
        False if someone else wrote first, and nothing is changed."""
        values: dict[str, Any] = {"version": version + 1, "updated": now()}
        if record is not None:
            _check_record(record)
            values["record"] = record
        if seats is not None:
            values["seats"] = seats
        if status is not None:
            values["status"] = status
        n = self.run(lambda c: c.execute(update(s.tables).where(
            (s.tables.c.id == table_id) & (s.tables.c.version == version))
            .values(**values)).rowcount)
        return n == 1

    def class_tables(self, class_id: int) -> list[TableRow]:
        q = (select(*self._TABLE_COLS)
             .where(s.tables.c.class_id == class_id).order_by(s.tables.c.id))
        return self.read(lambda c: [TableRow(*r) for r in c.execute(q)])

    # --- class challenges --------------------------------------------------------------

    def create_challenge(self, class_id: int, title: str, variant: str, setup: dict,
                         seed: int) -> ChallengeRow:
        try:
            title = check_name(title, "challenge name")
        except InputError as e:
            raise StoreError(str(e)) from None
        cid: int = self.run(lambda c: c.execute(insert(s.challenges).values(
            class_id=class_id, title=title, variant=variant, setup=setup,
            seed=int(seed), created=now()).returning(s.challenges.c.id)).scalar_one())
        return self.challenge(cid)  # type: ignore[return-value]

    def close_challenge(self, challenge_id: int) -> None:
        """The teacher closes the challenge: from now on its full records may be downloaded
        (closing twice keeps the first time)."""
        self.run(lambda c: c.execute(update(s.challenges).where(
            (s.challenges.c.id == challenge_id) & s.challenges.c.closed.is_(None))
            .values(closed=now())))

    def challenge(self, challenge_id: int) -> ChallengeRow | None:
        row = self.read(lambda c: c.execute(
            self._challenge_q().where(s.challenges.c.id == challenge_id)).first())
        return _challenge_row(row) if row else None

    def class_challenges(self, class_id: int) -> list[ChallengeRow]:
        q = self._challenge_q().where(s.challenges.c.class_id == class_id)
        return self.read(lambda c: [_challenge_row(r)
                                     for r in c.execute(q.order_by(s.challenges.c.id))])

    @staticmethod
    def _challenge_q() -> Any:
        return select(s.challenges.c.id, s.challenges.c.class_id, s.challenges.c.title,
                      s.challenges.c.variant, s.challenges.c.setup, s.challenges.c.seed,
                      s.challenges.c.closed)

    def play(self, challenge_id: int, learner_id: int) -> PlayRow | None:
        rows = self._plays((s.plays.c.challenge_id == challenge_id)
                           & (s.plays.c.learner_id == learner_id))
        return rows[0] if rows else None

    def challenge_plays(self, challenge_id: int) -> list[PlayRow]:
        return self._plays(s.plays.c.challenge_id == challenge_id)

    def _plays(self, cond: Any) -> list[PlayRow]:
        q = (select(s.plays.c.challenge_id, s.plays.c.learner_id, s.learners.c.name,
                    s.plays.c.record, s.plays.c.finished, s.plays.c.score, s.plays.c.version)
             .join(s.learners, s.learners.c.id == s.plays.c.learner_id)
             .where(cond))
        rows = self.read(lambda c: [PlayRow(*r) for r in c.execute(q)])
        return sorted(rows, key=lambda r: (r.name.casefold(), r.learner_id))

    def save_play(self, challenge_id: int, learner_id: int, record: str, *,
                  version: int | None, finished: bool = False,
                  score: float | None = None) -> bool:
        """Write a learner's challenge game. ``version=None`` starts it (False if it was
        already started); otherwise it must still be at ``version``."""
        _check_record(record)
        values = {"record": record, "finished": finished, "score": score, "updated": now()}

        def work(c: Connection) -> bool:
            if version is None:
                c.execute(insert(s.plays).values(challenge_id=challenge_id,
                                                 learner_id=learner_id, version=1, **values))
                return True
            n = c.execute(update(s.plays).where(
                (s.plays.c.challenge_id == challenge_id)
                & (s.plays.c.learner_id == learner_id) & (s.plays.c.version == version))
                .values(version=version + 1, **values)).rowcount
            return n == 1

        try:
            return self.run(work)
        except IntegrityError:
            return False

    # --- housekeeping ------------------------------------------------------------------

    def counts(self) -> dict[str, int]:
        """Rows per table (for the bench and tests)."""
        def work(c: Connection) -> dict[str, int]:
            return {t.name: c.execute(select(func.count()).select_from(t)).scalar_one()
                    for t in s.metadata.sorted_tables}
        return self.read(work)


def _aware(when: dt.datetime) -> dt.datetime:
    """SQLite gives back times without their zone: they were written in UTC."""
    return when if when.tzinfo is not None else when.replace(tzinfo=dt.timezone.utc)


def _check_record(record: str) -> None:
    if not isinstance(record, str) or len(record) > RECORD_MAX:
        raise StoreError(_("That game record is too large to keep."))


def names(rows: Iterable[Learner]) -> dict[int, str]:
    return {r.id: r.name for r in rows}
