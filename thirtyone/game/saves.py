"""Saving a game for a player to keep, without giving away a single hidden card.

A full game record (``records.game_to_record``) holds every hand, the widow, the stock in
order and the generator state: replayed with the engine it shows every card still hidden.
That is what a teacher wants (``teacher_record``: it says ``"shows_every_card": true``), never
what a student should get from "Save game" in the middle of a round.

The design chosen (``player_save``):

- **Finished rounds are saved in the clear**, each with its deck stacked and its moves
  (table games). After a showdown every hand is shown, and a later round is shuffled
  afresh, so nothing in them tells a card of the round being played. There is no seed and
  no generator state in the clear part: the rounds are stacked decks, so nothing in the file
  predicts a later deal.
- **The round being played is sealed**: the whole record and the generator state, encrypted
  and signed (``cryptography.fernet``) with a key only the server holds. The key is a
  parameter here: the engine never reads files; the app keeps it in its data folder.
- **Loading** (``open_save``) with the same key resumes exactly where the game was saved. If
  the seal cannot be opened (a file from another install of the app, or one that was
  changed), the finished rounds are loaded and the current round is dealt afresh from a new
  generator, with a one-sentence notice saying so.

Why not save the round from the player's point of view and reshuffle the unseen cards on
loading? It would change the game every time it is saved and loaded (a player could reload
until the deal suits them, and the bots' hands would change under them); sealing resumes the
very same game on the same server and still gives away nothing.

Banking is played through a *talia* (one pack dealt round after round until it runs out), so
a finished round's cards would tell which cards are left: its clear part keeps only the chips
at the start of the round being played, the banker and the round number; its fallback deals a
fresh pack from there.

>>> from cryptography.fernet import Fernet
>>> from thirtyone.core.rules import get_variant
>>> from thirtyone.game.table import new_game
>>> key = Fernet.generate_key()
>>> g = new_game(get_variant("scat").rules, ["Ann", "Bo"], seed=4)
>>> text = player_save(g, key)
>>> '"rng_state"' in text or '"hands"' in text
False
>>> back, notice = open_save(json.loads(text), key)
>>> back.snapshot() == g.snapshot(), notice
(True, None)
>>> other, notice = open_save(json.loads(text), Fernet.generate_key())
>>> other.round_no, notice is not None
(1, True)
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
import zlib
from typing import Any, cast

import numpy as np
from cryptography.fernet import Fernet, InvalidToken

from ..core.events import Event
from ..i18n import _
from .banking import OUT, BankingGame
from .records import (
    RecordError,
    game_from_record,
    game_to_record,
    record_rules,
    record_variant,
    variant_for,
)
from .registry import AnyGame, is_banking
from .table import Game, new_game

SAVE_FORMAT = "thirtyone-save-2"
SAVE_KEYS = {"format", "shows_every_card", "variant", "rules", "players", "styles", "dealer",
             "lives", "deck", "decks", "actions", "rounds", "round", "chips", "banker",
             "max_rounds", "sealed"}
MAX_SEALED = 60_000   # characters of the sealed part (the whole file is capped anyway)

__all__ = ["player_save", "teacher_record", "open_save", "is_player_save", "load_any",
           "earlier_round_logs", "SAVE_FORMAT"]


# --- writing ------------------------------------------------------------------------------

def teacher_record(game: AnyGame) -> str:
    """The full record: every card, the deck order and the generator state, and it says so."""
    rec = {"shows_every_card": True, **game_to_record(game)}
    return json.dumps(rec, ensure_ascii=False, indent=1)


def _digest(clear: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(clear, sort_keys=True).encode()).hexdigest()


def _finished(game: Game) -> int:
    """How many rounds of ``game`` are over (their deals are public)."""
    return game.round_no if game.round_over else game.round_no - 1


def _table_clear(game: Game) -> dict[str, Any]:
    key, changes = record_variant(game.rules)
    done = _finished(game)
    decks = [[str(c) for c in d] for d in game.round_decks[:done]]
    rec: dict[str, Any] = {
        "variant": key, "rules": changes, "players": list(game.players),
        "styles": list(game.styles), "dealer": game.first_dealer,
        "lives": list(game.start_counters), "rounds": done,
        "actions": [a for rnd in game.history[:done] for a in rnd],
    }
    if done:
        rec["deck"], rec["decks"] = decks[0], decks[1:]
    return rec


def _banking_clear(game: BankingGame) -> dict[str, Any]:
    preset, changes = variant_for(game.rules)
    over = game.round_over
    rec: dict[str, Any] = {
        "variant": preset, "rules": changes, "players": list(game.players),
        "styles": list(game.styles),
        "chips": list(game.chips if over else game.round_start_chips),
        "banker": game.banker, "round": game.round_no + (1 if over else 0),
    }
    if game.max_rounds is not None:
        rec["max_rounds"] = game.max_rounds
    return rec


def player_save(game: AnyGame, key: bytes) -> str:
    """The game as a file a player may keep: finished rounds in the clear, the round being
    played sealed with ``key`` (a Fernet key). See the module text."""
    clear = _banking_clear(game) if isinstance(game, BankingGame) else _table_clear(game)
    payload = json.dumps({"record": game_to_record(game), "clear": _digest(clear)},
                         separators=(",", ":")).encode()
    sealed = Fernet(key).encrypt(zlib.compress(payload, 9)).decode("ascii")
    rec = {"format": SAVE_FORMAT, "shows_every_card": False, **clear, "sealed": sealed}
    return json.dumps(rec, ensure_ascii=False, indent=1)


# --- reading ------------------------------------------------------------------------------

def is_player_save(rec: Any) -> bool:
    return isinstance(rec, dict) and rec.get("format") == SAVE_FORMAT


def _unseal(token: Any, key: bytes | None) -> dict[str, Any] | None:
    """The sealed payload, or None if it cannot be opened with ``key``."""
    if key is None or not isinstance(token, str) or len(token) > MAX_SEALED:
        return None
    try:
        packed = Fernet(key).decrypt(token.encode("ascii"))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(packed, 16 * MAX_SEALED)
        if inflate.unconsumed_tail:
            return None
        payload = json.loads(raw)
    except (InvalidToken, ValueError, zlib.error, UnicodeError, RecursionError):
        return None
    return payload if isinstance(payload, dict) else None


def open_save(rec: dict[str, Any], key: bytes | None) -> tuple[AnyGame, str | None]:
    """A game from a ``player_save`` file: exactly as saved when ``key`` opens the seal and
    the file is unchanged; else the finished rounds and a fresh deal of the current one,
    with a sentence saying so. Raises ``RecordError`` (or ``IllegalActionError``) for a file
    whose clear part does not replay."""
    _need_keys(rec)
    clear = {k: v for k, v in rec.items() if k not in ("format", "shows_every_card", "sealed")}
    payload = _unseal(rec.get("sealed"), key)
    if payload is not None and payload.get("clear") == _digest(clear):
        return game_from_record(payload.get("record")), None
    why = (_("this copy of the app cannot open its sealed part (it was saved by another copy "
             "or changed)") if payload is None else _("the file was changed after it was saved"))
    rules = record_rules(clear)
    game = _banking_fresh(clear, rules) if is_banking(rules) else _table_fresh(clear)
    if game.game_over:
        return game, None
    return game, _("The game is loaded up to the end of its last finished round, but {why}, "
                   "so round {n} was dealt afresh.").format(why=why, n=game.round_no)


def _need_keys(rec: dict[str, Any]) -> None:
    unknown = sorted(set(rec) - SAVE_KEYS)
    if unknown:
        raise RecordError(_("Unknown field '{field}' in the saved game.").format(
            field=unknown[0][:40]))


def _table_fresh(clear: dict[str, Any]) -> Game:
    """The finished rounds replayed, then the next round dealt from a new generator."""
    rng = np.random.default_rng()
    if not clear.get("rounds"):
        if clear.get("actions"):
            raise RecordError(_("'actions' are given but no round is finished."))
        rules = record_rules(clear)
        try:
            return new_game(rules, clear.get("players") or [], rng=rng,
                            dealer=clear.get("dealer", 0), lives=clear.get("lives"),
                            styles=clear.get("styles"))
        except (TypeError, ValueError) as e:
            raise RecordError(str(e)) from None
    game = game_from_record({k: v for k, v in clear.items()}, rng=rng)
    if not isinstance(game, Game):
        raise RecordError(_("This saved game does not fit its variant."))
    if game.round_over and not game.game_over:
        game.next_round()
    return game


def _banking_fresh(clear: dict[str, Any], rules: Any) -> BankingGame:
    """A fresh pack from the chips and banker at the start of the round being played."""
    chips = clear.get("chips")
    banker = clear.get("banker", 0)
    target = clear.get("round", 1)
    for name, v in (("banker", banker), ("round", target)):
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise RecordError(_("'{field}' must be a whole number of 0 or more.").format(
                field=name))
    if _banking_was_over(clear, chips, target):
        # _banking_was_over has checked that chips is a list of whole numbers
        return _banking_finished(clear, rules, cast("list[int]", chips), banker, target)
    if isinstance(chips, list) and 0 <= banker < len(chips) and chips[banker] == 0:
        banker = next((s % len(chips) for s in range(banker, banker + len(chips))
                       if isinstance(chips[s % len(chips)], int) and chips[s % len(chips)]),
                      banker)
    try:
        game = BankingGame(rules, clear.get("players") or 2, banker=banker,
                           rng=np.random.default_rng(), chips=chips,
                           max_rounds=clear.get("max_rounds"))
    except (TypeError, ValueError) as e:
        raise RecordError(str(e)) from None
    styles = clear.get("styles")
    if isinstance(styles, list) and len(styles) == game.n and all(
            s is None or isinstance(s, str) for s in styles):
        game.styles = tuple(styles)
    game.round_no = max(target, 1)
    return game


def _banking_was_over(clear: dict[str, Any], chips: Any, target: int) -> bool:
    """The clear part of a finished Banking game: one player holds every chip, or the
    rounds the game was set for are all played."""
    if not isinstance(chips, list) or not all(isinstance(c, int) and not isinstance(c, bool)
                                              and c >= 0 for c in chips):
        return False
    limit = clear.get("max_rounds")
    played_out = isinstance(limit, int) and not isinstance(limit, bool) and target > limit
    return sum(1 for c in chips if c > 0) < 2 or played_out


def _banking_finished(clear: dict[str, Any], rules: Any, chips: list[int], banker: int,
                      target: int) -> BankingGame:
    """A finished Banking game as it ended: its chips, its winner and no round to play (a
    game cannot be dealt with fewer than two players holding chips, so it is made with two
    and then set to how it ended)."""
    players = clear.get("players") or 2
    n = players if isinstance(players, int) else len(players)
    if not isinstance(n, int) or len(chips) != n or n < 2:
        raise RecordError(_("Chips must be {n} whole numbers of 0 or more, one per player.")
                          .format(n=n))
    try:
        game = BankingGame(rules, players, banker=0, rng=np.random.default_rng(),
                           chips=[1] * n)
    except (TypeError, ValueError) as e:
        raise RecordError(str(e)) from None
    styles = clear.get("styles")
    if isinstance(styles, list) and len(styles) == n and all(
            s is None or isinstance(s, str) for s in styles):
        game.styles = tuple(styles)
    alive = [s for s in range(n) if chips[s] > 0]
    top = max(chips)
    leaders = [s for s in range(n) if chips[s] == top]
    game.chips = list(chips)
    game.round_start_chips = list(chips)
    game.banker = banker if 0 <= banker < n else 0
    game.hands = [[] for _i in range(n)]
    game.status = [OUT if c == 0 else st for c, st in zip(chips, game.status, strict=True)]
    game.to_move = None
    game.round_over = game.game_over = True
    game.winner = alive[0] if len(alive) == 1 else (leaders[0] if len(leaders) == 1 else None)
    game.round_no = max(target - 1, 1)
    game.max_rounds = clear.get("max_rounds")
    game.history, game.log = [], []
    return game


def load_any(rec: Any, key: bytes | None) -> tuple[AnyGame, str | None]:
    """A game from any record: a player's save (``open_save``), a teacher record or a plain
    game record. Returns the game and a notice (or None)."""
    _check_names(rec)
    if is_player_save(rec):
        return open_save(rec, key)
    if isinstance(rec, dict) and "shows_every_card" in rec:
        if not isinstance(rec["shows_every_card"], bool):
            raise RecordError(_("'shows_every_card' must be true or false."))
        rec = {k: v for k, v in rec.items() if k != "shows_every_card"}
    return game_from_record(rec), None


MAX_NAME = 40


def _check_names(rec: Any) -> None:
    """Player names are shown on every page: one short line each, no control characters."""
    names = rec.get("players") if isinstance(rec, dict) else None
    if not isinstance(names, list):
        return
    for name in names:
        if isinstance(name, str) and (len(name) > MAX_NAME or any(
                unicodedata.category(ch)[0] == "C" for ch in name)):
            raise RecordError(_("A player's name must be one line of at most {n} letters.")
                              .format(n=MAX_NAME))


# --- the log of earlier rounds -------------------------------------------------------------

def earlier_round_logs(game: AnyGame, seat: int) -> list[tuple[int, list[str]]]:
    """The log lines ``seat`` saw in each round before the current one, as (round, lines).
    A round starts with its deal (and the antes or new pack announced just before it)."""
    rounds: list[list[Event]] = []
    current: list[Event] = []
    dealt = False
    for e in game.log[:game.round_log_start]:
        if e.kind == "deal" and dealt:
            tail: list[Event] = []
            while current and current[-1].kind in ("ante", "talia", "bank_passes"):
                tail.insert(0, current.pop())
            rounds.append(current)
            current = tail
        dealt = dealt or e.kind == "deal"
        current.append(e)
    if current:
        rounds.append(current)
    first = game.round_no - len(rounds)
    return [(first + i, [e.text for e in r if e.private_to is None or e.private_to == seat])
            for i, r in enumerate(rounds)]
