"""Shared class tables: the game several people play at one table, kept in the store.

A table row holds the whole game record (every card: it never leaves the server) and a
list of seats, one per player, each ``{"kind": "open" | "student" | "bot", "learner": id or
None, "name": ..., "level": ...}``. An open seat waits for a student of the class; a bot
seat plays at its level; a student who leaves hands the seat to a bot. The open and student
seats keep the table's bot level (the teacher's "Bots play"), the level of the bot a seat
handed over gets.

Every change is read-modify-write on the table's version (optimistic locking, see
``Store.update_table``): load the row at version v, replay its record, check and apply the
move, let the bots answer until a person is to move or the round is over, and write the
record back only if the table is still at v. Otherwise the move is refused with
``STALE`` and nothing changes: two moves sent for one turn never both land.

A small in-process cache keeps the replayed game per (table, version), so a page polling
every second does not replay the record each time; ``version`` answers "has anyone moved?"
for every page of a table in this process with one query per ``VERSION_AGE`` seconds (a
move made in this process is known at once).
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ..bots import BOT_NAMES, MAX_ROUND_TURNS, bots_play, levels_for
from ..core.actions import Action
from ..core.errors import IllegalActionError
from ..core.rules import VARIANTS, Rules
from ..game.engine import Engine
from ..game.records import game_from_record, game_to_record
from ..game.registry import AnyGame, first_dealer, start_game
from ..i18n import N_, _
from .store import Learner, Store, TableRow

MIN_SEATS, MAX_SEATS = 2, 7
STALE = N_("Another move reached the table first; here is the table as it is now.")
CACHE_SIZE = 64
VERSION_AGE = 0.5     # seconds a table's version read from the store answers every poll
VERSIONS_MAX = 4096
MAX_BOT_TURNS = 2 * MAX_ROUND_TURNS   # one call never lets bots play for ever


class TableRefused(ValueError):
    """A table action that cannot be done; the message is one sentence for the player (in
    the current language). ``stale``: refused because the table moved on (``STALE``)."""

    def __init__(self, message: str, stale: bool = False) -> None:
        super().__init__(message)
        self.stale = stale


@dataclass(frozen=True)
class Seat:
    kind: str            # "open", "student" or "bot"
    name: str
    level: str | None = None
    learner: int | None = None

    def as_dict(self) -> dict:
        return {"kind": self.kind, "name": self.name, "level": self.level,
                "learner": self.learner}


def seats_of(row: TableRow) -> list[Seat]:
    return [Seat(str(d.get("kind")), str(d.get("name")), d.get("level"), d.get("learner"))
            for d in row.seats]


def table_variants() -> list[str]:
    """The variant keys a shared table can play: every variant, Banking Thirty-One too (a
    banker and punters, students or bots)."""
    return list(VARIANTS)


def bot_name(i: int) -> str:
    # "(bot)" cannot be part of a student's name (names are letters), so never a clash
    return f"{BOT_NAMES[i % len(BOT_NAMES)]} (bot)"


def open_name(i: int) -> str:
    return f"Seat {i + 1} (open)"


# --- the cache of replayed games ------------------------------------------------------------

_cache: OrderedDict[tuple[str, int, int], tuple[TableRow, AnyGame]] = OrderedDict()
_lock = threading.Lock()


def _key(store: Store, table_id: int, version: int) -> tuple[str, int, int]:
    return (str(store.engine.url), table_id, version)   # one process may open two stores


def _remember(store: Store, row: TableRow, game: AnyGame) -> None:
    key = _key(store, row.id, row.version)
    with _lock:
        _cache[key] = (row, game)
        _cache.move_to_end(key)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def cached(store: Store, table_id: int, version: int) -> tuple[TableRow, AnyGame] | None:
    with _lock:
        return _cache.get(_key(store, table_id, version))


def forget_cache() -> None:
    """Drop every cached game and version (tests that empty a database and start again)."""
    with _lock:
        _cache.clear()
        _versions.clear()
        _changed.clear()


_versions: dict[tuple[str, int], tuple[int | None, float]] = {}
#: when this process first knew each table's current version (monotonic seconds)
_changed: dict[tuple[str, int], float] = {}


#: called with (store url, table id, version) when this process learns a table's newer
#: version (a move written here, or read from the store); ``watch`` adds one
_watchers: list[Callable[[str, int, int], None]] = []


def watch(callback: Callable[[str, int, int], None]) -> None:
    """Call ``callback(store url, table id, version)`` whenever this process learns that a
    table moved on (its own writes at once, another process's at the next read). It runs in
    the thread that learned it and must return at once (the app's ``shell.bell`` hands it to
    its event loop)."""
    with _lock:
        if callback not in _watchers:
            _watchers.append(callback)


def _know_version(store: Store, table_id: int, version: int | None, at: float) -> None:
    key = (str(store.engine.url), table_id)
    with _lock:
        old = _versions.get(key)
        # versions only grow: a read that started before a write must not undo it
        if old is not None and version is not None and old[0] is not None and old[0] > version:
            version = old[0]
        if len(_versions) >= VERSIONS_MAX and key not in _versions:
            _versions.clear()
            _changed.clear()
        _versions[key] = (version, at)
        # a table first seen here counts as just changed: it may be in play
        if old is None or old[0] != version or key not in _changed:
            _changed[key] = at
        grew = version is not None and (old is None or old[0] is None or version > old[0])
        told = list(_watchers) if grew else []
    if version is not None:
        for callback in told:
            callback(key[0], table_id, version)


def quiet_for(store: Store, table_id: int) -> float:
    """Seconds since this process first knew the table's current version: how long nobody
    has moved, as far as this process can tell (0 for a table it has not read yet). Kept
    up to date by ``version`` and ``load``, so it is as fresh as the last poll."""
    with _lock:
        at = _changed.get((str(store.engine.url), table_id))
    return 0.0 if at is None else max(0.0, time.monotonic() - at)


def id_from(raw: object) -> int | None:
    """A table id (or version) from a link or a request: ASCII digits only, at most 9 of
    them (the first of a list, as a query parameter may be); anything else is None."""
    if isinstance(raw, list):
        raw = raw[0] if raw else None
    if not isinstance(raw, str) or not raw.isascii() or not raw.isdigit() or len(raw) > 9:
        return None
    return int(raw)


def known_version(store: Store, table_id: int) -> int | None:
    """The table's latest version this process knows of, without reading the store (None:
    not read here yet, or no such table)."""
    with _lock:
        hit = _versions.get((str(store.engine.url), table_id))
    return None if hit is None else hit[0]


def version(store: Store, table_id: int, max_age: float = VERSION_AGE) -> int | None:
    """The table's version now (None: no such table), for a page that polls: read from the
    store at most once per ``max_age`` seconds per table in this process, however many pages
    ask. A move written in this process is known at once; one written by another process
    (several app processes on one PostgreSQL) within ``max_age``."""
    key = (str(store.engine.url), table_id)
    now = time.monotonic()
    with _lock:
        hit = _versions.get(key)
    if hit is not None and now - hit[1] < max_age:
        return hit[0]
    found = store.table_version(table_id)
    _know_version(store, table_id, found, now)
    return found


def load(store: Store, table_id: int) -> tuple[TableRow, AnyGame]:
    """The table and its game as they are now. The game is shared: read it, never change it
    (``_fresh`` copies it for a change)."""
    version = store.table_version(table_id)
    _know_version(store, table_id, version, time.monotonic())
    if version is None:
        raise TableRefused(_("There is no such table; ask your teacher for the link."))
    hit = cached(store, table_id, version)
    if hit is not None:
        return hit
    row = store.table(table_id)
    if row is None:
        raise TableRefused(_("There is no such table; ask your teacher for the link."))
    hit = cached(store, row.id, row.version)
    if hit is not None:
        return hit
    game = game_from_record(json.loads(row.record))
    assert isinstance(game, Engine)
    _remember(store, row, game)
    return row, game


# --- making a table -------------------------------------------------------------------------

def _seat_list(kinds: Sequence[str], rules: Rules, bot_level: str) -> list[Seat]:
    levels = levels_for(rules)
    seats = []
    for i, k in enumerate(kinds):
        if k == "student":
            seats.append(Seat("open", open_name(i), bot_level))
        elif k in levels:
            seats.append(Seat("bot", bot_name(i), k))
        else:
            raise TableRefused(_("Seat {n}: '{kind}' is neither a student seat nor a bot "
                                 "level ({levels}).").format(n=i + 1, kind=k,
                                                             levels=", ".join(levels)))
    if bot_level not in levels:
        raise TableRefused(_("'{level}' is not a bot level.").format(level=bot_level))
    return seats


def _deal(rules: Rules, seats: Sequence[Seat]) -> AnyGame:
    """Round 1 with either engine: at a table the first seat moves first; in Banking the
    first seat holds the first bank."""
    rng = np.random.default_rng(secrets.randbits(128))  # server-side: never in a link
    return start_game(rules, [s.name for s in seats], rng=rng,
                      dealer=first_dealer(rules, len(seats)),
                      styles=[s.level if s.kind == "bot" else None for s in seats])


def make_table(store: Store, class_id: int, title: str, variant_key: str, rules: Rules,
               kinds: Sequence[str], bot_level: str | None = None) -> TableRow:
    """A new table of ``rules`` with one seat per entry of ``kinds``: ``"student"`` (open
    until a student sits there) or a bot level. Round 1 is dealt at once. ``bot_level`` is
    the level of a bot that takes a student's seat later (default: the bots' level in
    ``kinds``, else basic)."""
    if variant_key not in table_variants():
        raise TableRefused(_("There is no variant '{key}'.").format(key=str(variant_key)[:40]))
    n = len(kinds)
    if not MIN_SEATS <= n <= MAX_SEATS:
        raise TableRefused(_("A class table has {lo} to {hi} seats, not {n}.").format(
            lo=MIN_SEATS, hi=MAX_SEATS, n=n))
    if not rules.min_players <= n <= rules.max_players:
        raise TableRefused(_("{variant} is for {lo} to {hi} players, not {n}.").format(
            variant=_(VARIANTS[variant_key].name), lo=rules.min_players,
            hi=rules.max_players, n=n))
    if bot_level is None:
        bot_level = next((k for k in kinds if k != "student"), "basic")
    seats = _seat_list(kinds, rules, bot_level)
    game = _deal(rules, seats)
    _bots_play(game, seats)
    row = store.create_table(class_id, title, variant_key, [s.as_dict() for s in seats],
                             json.dumps(game_to_record(game)))
    return row


# --- changing a table -----------------------------------------------------------------------

def seat_of(row: TableRow, learner_id: int) -> int | None:
    """The seat ``learner_id`` holds at the table, or None."""
    for i, s in enumerate(seats_of(row)):
        if s.kind == "student" and s.learner == learner_id:
            return i
    return None


def _bots_play(game: AnyGame, seats: Sequence[Seat]) -> None:
    """Let the bots move until a person (or an open seat) is to move or the round is over."""
    levels = [(s.level or "basic") if s.kind == "bot" else None for s in seats]
    bots_play(game, levels, np.random.default_rng(secrets.randbits(64)),
              max_moves=MAX_BOT_TURNS)


def _write(store: Store, row: TableRow, game: AnyGame, seats: Sequence[Seat]) -> TableRow:
    """Write ``game`` and ``seats`` if the table is still at ``row.version``."""
    game.players = tuple(s.name for s in seats)
    game.styles = tuple(s.level if s.kind == "bot" else None for s in seats)
    status = "over" if game.game_over else "open"
    if not store.update_table(row.id, row.version, record=json.dumps(game_to_record(game)),
                              seats=[s.as_dict() for s in seats], status=status):
        raise TableRefused(_(STALE), stale=True)
    _know_version(store, row.id, row.version + 1, time.monotonic())
    # not cached as it is: replaying the record names every player as seated now, the same
    # in every process (and after a restart)
    return replace(row, seats=[s.as_dict() for s in seats], version=row.version + 1,
                   status=status, record="")


def _fresh(store: Store, table_id: int, seen: int | None) -> tuple[TableRow, AnyGame]:
    """The table to change, as a copy; refused if it moved on from the version ``seen``."""
    row, game = load(store, table_id)
    if seen is not None and row.version != seen:
        raise TableRefused(_(STALE), stale=True)
    return row, game.copy()


def _retry(fn: Any, tries: int = 5) -> Any:
    """Seat changes are not turns: one lost to a move made meanwhile is simply done again."""
    for i in range(tries):
        try:
            return fn()
        except TableRefused as e:
            if not e.stale or i == tries - 1:
                raise
    return None


def take_seat(store: Store, table_id: int, learner: Learner, seat: int | None = None) -> int:
    """Seat ``learner`` (a member of the table's class): at their seat if they have one,
    else at ``seat`` or the first open one. Returns the seat."""
    def attempt() -> int:
        row, game = _fresh(store, table_id, None)
        if learner.class_id != row.class_id:
            raise TableRefused(_("This table belongs to another class."))
        mine = seat_of(row, learner.id)
        if mine is not None:
            return mine
        seats = seats_of(row)
        free = [i for i, s in enumerate(seats) if s.kind == "open"]
        if not free:
            raise TableRefused(_("Every seat at this table is taken."))
        at = free[0] if seat is None else seat
        if at not in free:
            raise TableRefused(_("Seat {n} is not free.").format(n=at + 1))
        seats[at] = Seat("student", learner.name, seats[at].level, learner.id)
        _write(store, row, game, seats)
        return at
    return _retry(attempt)


def table_bot_level(row: TableRow) -> str:
    """The level of the bots the teacher chose for the table: kept on its open and student
    seats; for a table made before that, the level most of its bots play; else basic."""
    seats = seats_of(row)
    kept = [s.level for s in seats if s.kind != "bot" and s.level]
    if kept:
        return str(kept[0])
    bots = [str(s.level) for s in seats if s.kind == "bot" and s.level]
    return max(bots, key=bots.count) if bots else "basic"


def hand_to_bot(store: Store, table_id: int, seat: int, level: str | None = None) -> None:
    """A student leaves (or an open seat is filled): ``seat`` becomes a bot of ``level``
    (default: the table's bot level, ``table_bot_level``), which plays on at once if it is
    its turn."""
    def attempt() -> None:
        row, game = _fresh(store, table_id, None)
        seats = seats_of(row)
        if not 0 <= seat < len(seats):
            raise TableRefused(_("There is no such seat at this table."))
        bot = level or table_bot_level(row)
        if bot not in levels_for(game.rules):
            raise TableRefused(_("'{level}' is not a bot level.").format(level=bot))
        seats[seat] = Seat("bot", bot_name(seat), bot)
        game.players = tuple(s.name for s in seats)
        _bots_play(game, seats)
        _write(store, row, game, seats)
    _retry(attempt)


def play(store: Store, table_id: int, seat: int, action: Action | str, seen: int) -> TableRow:
    """``seat``'s move on the table as it was at version ``seen``, then the bots' answers.
    Refused (``TableRefused``, nothing changed) if it is not that seat's turn, the move is
    illegal, or anyone moved since ``seen`` (``STALE``)."""
    row, game = _fresh(store, table_id, seen)
    seats = seats_of(row)
    if game.round_over:
        raise TableRefused(_("This round is over; deal the next one."))
    try:
        game.apply(action, seat=seat)           # refused unless ``seat`` is to move
    except (IllegalActionError, ValueError) as e:
        raise TableRefused(str(e)) from None
    _bots_play(game, seats)
    return _write(store, row, game, seats)


def next_round(store: Store, table_id: int, seen: int) -> TableRow:
    """Deal the next round (or, when the game is over, a new game with the same seats)."""
    row, game = _fresh(store, table_id, seen)
    seats = seats_of(row)
    if not game.round_over:
        raise TableRefused(_("The round is still being played."))
    if game.game_over:
        game = _deal(game.rules, seats)
    else:
        game.next_round()
    _bots_play(game, seats)
    return _write(store, row, game, seats)


def rounds_played(game: AnyGame) -> int:
    """How many rounds are over."""
    return game.round_no if game.round_over else game.round_no - 1


__all__ = ["STALE", "Seat", "TableRefused", "hand_to_bot", "load",
           "make_table", "next_round", "play", "seat_of", "seats_of",
           "table_bot_level", "table_variants", "take_seat", "version"]
