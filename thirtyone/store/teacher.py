"""What only a teacher does with the store: stay signed in on a browser, and give a student
a new resume link.

- A **teacher session** is a random token (128 bits) the browser keeps as a cookie; only its
  hash is stored (``t31_teacher_sessions``), with the class it opens. It lasts ``SESSION_DAYS``
  days after its last use; ``end_session`` (Sign out) deletes it.
- A **new resume link** replaces a learner's token: the old link stops bringing anyone back
  (only hashes are kept, so an old link cannot be shown again, only replaced).
"""

from __future__ import annotations

import contextlib
import datetime as dt

from sqlalchemy import delete, insert, select, update

from . import schema as s
from .store import ClassRow, Store, StoreError, now
from .tokens import digest, new_token, normal_token

SESSION_DAYS = 30


def _aware(when: dt.datetime) -> dt.datetime:
    return when if when.tzinfo is not None else when.replace(tzinfo=dt.timezone.utc)


def new_session(store: Store, class_id: int) -> str:
    """A teacher session for ``class_id``; returns the token for the browser's cookie."""
    token = new_token()
    store.run(lambda c: c.execute(insert(s.teacher_sessions).values(
        token_hash=digest(token), class_id=class_id, created=now(), seen=now())))
    return token


def session_class(store: Store, token: object) -> ClassRow | None:
    """The class a teacher session opens, or None (unknown, ended, expired, or not a token)."""
    norm = normal_token(token)
    if norm is None:
        return None
    t = s.teacher_sessions
    q = (select(s.classes.c.id, s.classes.c.code, s.classes.c.name, t.c.seen)
         .join(t, t.c.class_id == s.classes.c.id).where(t.c.token_hash == digest(norm)))
    row = store.read(lambda c: c.execute(q).first())
    if row is None:
        return None
    if now() - _aware(row[3]) > dt.timedelta(days=SESSION_DAYS):
        end_session(store, norm)
        return None
    # best effort: a read-only store still opens the dashboard
    with contextlib.suppress(StoreError):
        store.run(lambda c: c.execute(update(t).where(t.c.token_hash == digest(norm))
                                      .values(seen=now())), tries=1)
    return ClassRow(row[0], row[1], row[2])


def end_session(store: Store, token: object) -> None:
    """Sign out: the token no longer opens anything."""
    norm = normal_token(token)
    if norm is None:
        return
    store.run(lambda c: c.execute(delete(s.teacher_sessions)
                                  .where(s.teacher_sessions.c.token_hash == digest(norm))))


def sessions_of(store: Store, class_id: int) -> int:
    """How many browsers are signed in to the class's dashboard."""
    return len(store.read(lambda c: c.execute(
        select(s.teacher_sessions.c.token_hash)
        .where(s.teacher_sessions.c.class_id == class_id)).all()))


def renew_resume_token(store: Store, class_id: int, learner_id: int) -> str | None:
    """A new resume token for a learner of ``class_id`` (the old one stops working), or None
    if the learner is not in that class."""
    token = new_token()
    n = store.run(lambda c: c.execute(update(s.learners).where(
        (s.learners.c.id == learner_id) & (s.learners.c.class_id == class_id))
        .values(token_hash=digest(token))).rowcount)
    return token if n == 1 else None
