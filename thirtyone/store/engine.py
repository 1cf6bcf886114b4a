"""The database under the store: how its errors are read and how a new connection is set up.

- ``error_kind`` reads a driver's error as "busy" (locked: try again) or "readonly" (cannot be
  written: a full disk, a read-only file or database), in SQLite's and PostgreSQL's words.
- ``prepare_engine`` sets every new connection up: on SQLite the write-ahead log, a short busy
  wait (``BUSY_MS``) and foreign keys; on PostgreSQL a lock wait of ``BUSY_MS`` at most.
- ``StoreError`` and its two kinds, ``StoreBusy`` and ``StoreReadOnly``, carry one sentence
  for the user.
"""

from __future__ import annotations

import contextlib
from typing import Any

from sqlalchemy import Engine, event
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from ..i18n import N_

BUSY = N_("The class is busy, try again.")
READ_ONLY = N_("Nothing could be saved: the class store is full or read-only just now.")
BUSY_MS = 2000          # SQLite's own wait for a lock, per try (PRAGMA busy_timeout)

class StoreError(ValueError):
    """A store operation that cannot be done; the message is one sentence for the user."""


class StoreBusy(StoreError):
    """The database stayed locked through every try: nothing was changed."""


class StoreReadOnly(StoreError):
    """The database cannot be written (full disk, read-only file or database)."""


# SQLite's and PostgreSQL's words (and SQLSTATEs) for "locked, try again" and "cannot write"
_BUSY_WORDS = ("database is locked", "database table is locked", "database schema is locked",
               "deadlock detected", "could not serialize", "lock not available",
               "could not obtain lock")
_BUSY_STATES = {"40001", "40P01", "55P03"}
_RO_WORDS = ("readonly database", "read-only database", "disk is full", "disk i/o error",
             "read-only transaction", "no space left", "could not extend file",
             "unable to open database file")
_RO_STATES = {"25006", "53100", "53000"}


def error_kind(error: BaseException) -> str | None:
    """"busy", "readonly" or None for an error from the database driver."""
    if isinstance(error, PoolTimeout):
        return "busy"
    if not isinstance(error, DBAPIError) or isinstance(error, IntegrityError):
        return None
    orig = getattr(error, "orig", None)
    state = str(getattr(orig, "sqlstate", "") or getattr(orig, "pgcode", "") or "")
    words = str(orig or error).lower()
    if state in _BUSY_STATES or any(w in words for w in _BUSY_WORDS):
        return "busy"
    if state in _RO_STATES or any(w in words for w in _RO_WORDS):
        return "readonly"
    return None


def normal_url(url: str) -> str:
    """PostgreSQL URLs use the psycopg (3) driver whatever scheme they came with."""
    for old in ("postgres://", "postgresql://"):
        if url.startswith(old):
            return "postgresql+psycopg://" + url[len(old):]
    return url


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute(f"PRAGMA busy_timeout={int(BUSY_MS)}")
    with contextlib.suppress(Exception):  # a read-only file keeps the mode it has
        cur.execute("PRAGMA journal_mode=WAL")
        # with the write-ahead log, NORMAL loses nothing when the app is killed (only a
        # power cut can cost the last moves) and makes each write much shorter
        cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def _pg_settings(dbapi_conn: Any, _record: Any) -> None:
    # a statement waits for a row or table lock at most BUSY_MS (then Store.run tries
    # again), never for ever behind a stuck transaction
    cur = dbapi_conn.cursor()
    cur.execute(f"SET lock_timeout = {int(BUSY_MS)}")
    cur.close()
    dbapi_conn.commit()


def prepare_engine(engine: Engine) -> Engine:
    """SQLite: write-ahead log (readers never wait for a writer), a short busy wait
    (``BUSY_MS``: ``Store.run`` tries again) and foreign keys on; PostgreSQL: a lock wait
    of ``BUSY_MS`` at most; for every new connection of ``engine``."""
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
        engine.dispose()
    elif engine.dialect.name == "postgresql":
        event.listen(engine, "connect", _pg_settings)
        engine.dispose()
    return engine
