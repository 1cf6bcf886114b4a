"""What a Banking Thirty-One round leaves and what one seat may see of it (``game.banking``
plays the game): ``BankingResult`` and ``BankingObservation``, named like the table engine's
``RoundResult`` and ``Observation`` so that one page draws both."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import Action
from ..core.cards import Card
from ..core.events import Event
from ..core.kinds import EndedBy, Phase
from ..core.rules import Rules


@dataclass(frozen=True)
class BankingResult:
    """How a banking round ended: ``chips_won`` per seat (negative: paid), as the table's
    ``RoundResult`` names it; banking has no knocker, no lives and no restart."""

    round_no: int
    ended_by: str
    chips_won: tuple[int, ...]
    values: tuple[int, ...] = ()        # each seat's banking total at the end (0: out)
    banker: int | None = None
    knocker: None = None
    lives_lost: tuple[int, ...] = ()
    points_won: tuple[int, ...] = ()
    restart_by: None = None


@dataclass(frozen=True)
class BankingObservation:
    """What one seat may know, named like the table engine's ``Observation``.

    ``hands`` holds the own hand, and another hand only once it is public: a natural or a bust
    (shown at once) and every hand when the round is over; otherwise None, with the number of
    cards in ``hand_counts``. ``log`` is this round's events that this seat may see.
    """

    seat: int
    rules: Rules
    players: tuple[str, ...]
    round_no: int
    banker: int
    hand: tuple[Card, ...]
    total: int | None
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_counts: tuple[int, ...]
    status: tuple[str, ...]
    stock_count: int
    talia: int
    chips: tuple[int, ...]
    chips_won: tuple[int, ...]     # this round so far (negative: lost)
    out: tuple[bool, ...]
    to_move: int | None
    legal_actions: tuple[Action, ...]
    log: tuple[Event, ...]
    round_over: bool
    game_over: bool
    winner: int | None
    styles: tuple[str | None, ...] = ()   # how each seat is known to play (public)

    # The table engine's names for what banking does not have, so one page draws both.
    phase = Phase.TURN                   # a banking turn is one move: hit or stay
    knocker = None
    just_drawn = None
    discard_pile: tuple[Card, ...] = ()
    middle: tuple[Card, ...] = ()
    widow: tuple[Card | None, ...] = ()
    closed_count = 0
    spare_count = 0
    spare_hand = None
    pot = 0

    @property
    def dealer(self) -> int:
        """In banking the banker deals."""
        return self.banker

    @property
    def result(self) -> BankingResult | None:
        """The round's outcome once it is over (named like the table's ``RoundResult``)."""
        if not self.round_over:
            return None
        return BankingResult(self.round_no, EndedBy.SHOWDOWN, self.chips_won)

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat
