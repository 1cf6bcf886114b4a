"""What the parts of ``Game`` share, for the type checker: ``Game`` (``game.base``) is built
from parts (``Dealing``, ``FamilyMoves``, ``Restarts``, ``Showdown``), each in a module of its
own and each using the table's state and a few methods that another part (or ``Game``) holds.
``TableState`` declares them once, with their types; every part derives from it.

It adds nothing at run time: the attributes are annotations only (``Game.__init__`` and
``Game._clear_round`` set them), and the methods are declared for the checker only, so the
real ones (in ``Game`` and its parts) are the only ones there are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from ..core.actions import Action
from ..core.cards import Card
from ..core.events import Event, PublicMove
from ..core.kinds import Phase
from ..core.rules import Rules
from .values import RoundResult

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from .message import Msg


class TableState:
    """The state of a table game, as ``Game`` keeps it (``game.base``)."""

    # --- the family's facts the parts read (``game.facts.FamilyFacts`` sets them) ---
    dealer_sees_second_hand: ClassVar[bool]

    # --- the game (``Game.__init__``) ---
    rules: Rules
    players: tuple[str, ...]
    styles: tuple[str | None, ...]
    n: int
    rng: np.random.Generator
    initial_rng_state: Mapping[str, Any]
    first_dealer: int
    dealer: int
    life_name: str
    life_plural: str
    lives: list[int]
    points: list[int]
    chips: list[int]
    out: list[bool]
    start_counters: list[int | None]
    pot: int
    round_no: int
    log: list[Event]
    history: list[list[str]]
    round_decks: list[tuple[Card, ...]]
    stacked_rounds: list[int]
    results: list[RoundResult]
    game_over: bool
    winner: int | None
    restart_hand: list[Card] | None

    # --- the round (``Game._clear_round``) ---
    hands: list[list[Card]]
    stock: list[Card]
    discard_pile: list[Card]
    middle: list[Card]
    closed: list[Card]
    spare: list[Card]
    widow: list[Card]
    widow_up: list[bool]
    retired: list[Card]
    to_move: int | None
    phase: Phase
    just_drawn: Card | None
    took_from_discard: bool
    knocker: int | None
    still_to_move: list[int]
    pass_run: int
    turns: int
    moves_made: int
    own_turns: list[int]
    moves: list[tuple[int, str]]
    public_moves: list[PublicMove]
    upcard: Card | None
    round_log_start: int
    round_result: RoundResult | None
    _legal: list[Action] | None
    restart_offered: bool
    restart_askers: list[int]
    restart_by: int | None
    pending_end: str | None
    showdown_announced: bool

    if TYPE_CHECKING:
        # --- methods one part calls and another holds (for the checker only) ---
        @property
        def round_over(self) -> bool: ...

        @property
        def active(self) -> list[int]: ...

        @property
        def hands_shown(self) -> bool: ...

        def name(self, seat: int) -> str: ...

        def seats_from(self, seat: int) -> list[int]: ...

        def next_active(self, seat: int) -> int: ...

        def _lives_text(self, n: int) -> Msg: ...

        def _clear_round(self) -> None: ...

        def _end_turn(self, seat: int, events: list[Event], changed: bool) -> None: ...

        def _check_move_blitz(self, seat: int, events: list[Event]) -> bool: ...

        def _end_round(self, ended_by: str, events: list[Event], special: Sequence[int] = (),
                       on_deal: bool = False) -> None: ...

        def _game_end(self, events: list[Event]) -> None: ...

        def _offer_restart(self, ended_by: str, events: list[Event]) -> bool: ...

        def _showdown_text(self, seats: Sequence[int], values: dict[int, Any]) -> Msg: ...


__all__ = ["TableState"]
