"""Step through a game record: the game after its first k moves, who made each move, and a
teacher's view with every card face up.

>>> rec = {"variant": "schwimmen", "players": ["Tom", "You", "Lena"], "dealer": 0,
...        "deck": "AH TH AS 8H 9H QH KS 8D 9S KH 7C TD".split(),
...        "actions": ["swap KS KH", "pass", "swap QH KS", "swap 8H QH"]}
>>> g = game_after(rec, 2)
>>> g.to_move, g.round_over, last_move(g)
(0, False, (2, 'pass'))
>>> [None if h is None else len(h) for h in g.observation(1).hands]
[None, 3, None]
>>> [len(h) for h in open_observation(g, 1).hands]
[3, 3, 3]
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..i18n import _
from .banking import BankingGame
from .records import RecordError, game_from_record
from .registry import AnyGame, AnyObservation

# Fields of a saved game that describe where it ended; a replay stops earlier, so they go.
END_FIELDS = ("state", "rounds", "round")


def record_moves(rec: Any) -> list[str]:
    """The moves of a record, checked to be a list of texts."""
    actions = rec.get("actions", []) if isinstance(rec, dict) else None
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError(_("'actions' must be a list of moves such as \"draw\" or \"discard 9S\"."))
    return actions


def game_after(rec: dict[str, Any], k: int) -> AnyGame:
    """The game of ``rec`` after its first ``k`` moves (0: just dealt). A round that is over
    stays over until a later move needs the next deal, so the last step of a round shows its
    result. Raises like ``game_from_record`` for a broken record."""
    moves = record_moves(rec)
    if not 0 <= k <= len(moves):
        raise ValueError(_("A step must be from 0 to {n}, not {k}.").format(n=len(moves), k=k))
    part = {key: v for key, v in rec.items() if key not in END_FIELDS}
    part["actions"] = moves[:k]
    return game_from_record(part)


def last_move(game: AnyGame) -> tuple[int, str] | None:
    """(seat, move text) of the last move made in the current round, or None."""
    if isinstance(game, BankingGame):
        for e in reversed(game.log[game.round_log_start:]):
            if e.kind in ("hit", "stay") and e.seat is not None:
                return e.seat, "hit" if e.kind == "hit" else "stay"
        return None
    return game.moves[-1] if game.moves else None


def open_observation(game: AnyGame, seat: int) -> AnyObservation:
    """``seat``'s observation with every hand (and the widow) face up: the teacher's view of a
    prepared or finished game. Never for a game a student is playing."""
    obs = game.observation(seat)
    hands = tuple(tuple(h) if h else None for h in game.hands)
    changes: dict[str, Any] = {"hands": hands}
    if not isinstance(game, BankingGame) and game.widow:
        changes["widow"] = tuple(game.widow)
    return dataclasses.replace(obs, **changes)


__all__ = ["record_moves", "game_after", "last_move", "open_observation"]
