"""The one interface both engines answer, as a typed ``Protocol``: the table engine
(``game.base.Game`` and its family classes) and Banking Thirty-One (``game.banking``).

Pages, bots, records and the store hold a game as an ``Engine`` and call only these; the
type checker checks that both classes satisfy it (``_both_are_engines`` below, run by mypy in
``.ci/run``), and ``isinstance(game, Engine)`` checks it at run time.

>>> from thirtyone.core.rules import get_variant
>>> from thirtyone.game.registry import start_game
>>> all(isinstance(start_game(get_variant(k).rules, ["Ann", "Bo"], seed=1), Engine)
...     for k in ("scat", "kitty", "switch", "banking"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from ..core.actions import Action
from ..core.cards import Card
from ..core.events import Event
from ..core.rules import Rules
from .banking import BankingGame, BankingObservation
from .base import Game
from .values import Observation


@runtime_checkable
class Engine(Protocol):
    """A game of either engine: its state, its legal moves, and what each seat may see."""

    rules: Rules
    players: tuple[str, ...]
    styles: tuple[str | None, ...]
    to_move: int | None
    round_no: int
    game_over: bool
    winner: int | None

    @property
    def phase(self) -> str:
        """``Phase``: turn, discard, choose, restart or over."""
        ...

    @property
    def n(self) -> int:
        """How many seats."""
        ...

    @property
    def round_over(self) -> bool: ...

    def legal_actions(self) -> list[Action]: ...

    def why_illegal(self, action: Action | str) -> str | None: ...

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]: ...

    def observation(self, seat: int | None,
                    log: bool = True) -> Observation | BankingObservation:
        """What ``seat`` may see; ``None`` is a spectator (only what everybody sees)."""
        ...

    def hidden_from(self, seat: int | None) -> set[Card]:
        """The cards ``seat`` (None: a spectator) must not see now."""
        ...

    def next_round(self, deck: Sequence[Card] | str | None = None) -> list[Event]:
        """Deal the next round: shuffled by the game, or from the stacked ``deck``."""
        ...

    def copy(self) -> Any: ...

    def snapshot(self) -> dict[str, Any]: ...


def _both_are_engines(table: Game, banking: BankingGame) -> tuple[Engine, Engine]:
    """Never called: the type checker refuses this if either class stops being an Engine."""
    return table, banking


__all__ = ["Engine"]
