"""The table's values that leave it: what a seat may see (``Observation``), how a round
ended (``RoundResult``) and who still has a final turn (``FinalTurns``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.actions import (
    Action,
)
from ..core.cards import Card
from ..core.events import Event, PublicMove
from ..core.rules import Rules


@dataclass(frozen=True)
class FinalTurns:
    """After a knock: who knocked and who still has a last turn, in order."""

    knocker: int
    still_to_move: tuple[int, ...]


@dataclass(frozen=True)
class RoundResult:
    """How a round ended and what it cost.

    ``ended_by`` is knock, blitz, fire, stock (scored when the stock ran out) or void.
    ``values`` holds each seat's hand value (points; brag: the class name; None if out).
    ``lives_lost`` is per seat in lives scoring; ``points_won`` / ``chips_won`` in the others.
    ``restart_by`` is the seat that called a Switch restart (the round is then void).
    """

    round_no: int
    ended_by: str
    values: tuple[Any, ...]
    value_texts: tuple[Any, ...]
    hands: tuple[Any, ...]
    lives_lost: tuple[int, ...]
    knocker: int | None
    blitzers: tuple[int, ...] = ()
    points_won: tuple[int, ...] = ()
    chips_won: tuple[int, ...] = ()
    pot_left: int = 0
    restart_by: int | None = None


@dataclass(frozen=True)
class Observation:
    """What one seat may know. Never another player's hidden cards before the round ends.

    ``hands`` holds every hand after the round and while a Switch restart is asked (the
    showdown has begun then), and only the own hand before;
    ``hand_counts`` says how many cards each seat holds. ``widow`` lists the widow slots,
    ``None`` for a face-down card. ``spare_hand`` is the dealer's second hand while the
    dealer chooses, only where the dealer may look at it (switch family).
    """

    seat: int
    rules: Rules
    players: tuple[str, ...]
    round_no: int
    dealer: int
    hand: tuple[Card, ...]
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_counts: tuple[int, ...]
    discard_pile: tuple[Card, ...]
    middle: tuple[Card, ...]
    widow: tuple[Card | None, ...]
    closed_count: int
    spare_count: int
    spare_hand: tuple[Card, ...] | None
    stock_count: int
    lives: tuple[int, ...]
    points: tuple[int, ...]
    chips: tuple[int, ...]
    pot: int
    out: tuple[bool, ...]
    to_move: int | None
    phase: str
    knocker: int | None
    still_to_move: tuple[int, ...]
    legal_actions: tuple[Action, ...]
    just_drawn: Card | None
    took_from_discard: bool
    turns: int
    own_turns: int
    moves: tuple[tuple[int, str], ...]
    public_moves: tuple[PublicMove, ...]
    upcard: Card | None
    log: tuple[Event, ...]
    round_over: bool
    game_over: bool
    winner: int | None
    result: RoundResult | None
    styles: tuple[str | None, ...] = ()   # how each seat is known to play (public)

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def final_turn(self) -> bool:
        return self.knocker is not None and not self.round_over and self.phase != "restart"

    @property
    def discard_top(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None
