"""The named choices of the engine, as string enums: a table family, a way of keeping score,
how a round ended, the phase of a turn, a bot level.

Each member *is* its string (``Family.DRAW == "draw"``, ``str(Family.DRAW) == "draw"``), so
records, links, saved files and the command line keep the words they always had, and JSON
writes the plain word. Code compares with the members, and the type checker sees a spelling
mistake that a bare string would hide.

>>> Family("widow") is Family.WIDOW, Family.WIDOW == "widow", f"{Scoring.CHIPS}", Phase.OVER
(True, True, 'chips', 'over')
>>> import json; json.dumps({"family": Family.SWAP})
'{"family": "swap"}'
"""

from __future__ import annotations

import enum
import sys

if sys.version_info >= (3, 11):                    # the checker reads the version test
    StrEnum = enum.StrEnum
else:                                              # pragma: no cover - Python 3.10
    class StrEnum(str, enum.Enum):
        """``enum.StrEnum`` as Python 3.11 has it: members are their value as a string."""

        def __str__(self) -> str:
            return str(self.value)

        def __format__(self, spec: str) -> str:
            return str(self.value).__format__(spec)


class _Kind(StrEnum):
    """A named choice: its repr is its word's (``'draw'``), as it was before it had a type, so
    shown code and reprs of values that hold one read as before."""

    def __repr__(self) -> str:
        return repr(self.value)


class Family(_Kind):
    """How a table plays (RULES.md 3): which cards lie out and how a turn changes a hand.
    Each has its engine class in ``thirtyone.game.families`` (``family_class``)."""

    DRAW = "draw"          # draw from the stock or take the top discard, then discard one
    SWAP = "swap"          # swap with three open middle cards, or pass
    WIDOW = "widow"        # exchange with a widow of three cards
    SWITCH = "switch"      # swap with an open hand, or switch for the open or closed hand
    BANKING = "banking"    # a banker against punters who buy cards (seed 002)


class Scoring(_Kind):
    """What a round costs or wins (RULES.md 4)."""

    LIVES = "lives"
    POINTS = "points"
    CHIPS = "chips"


class EndedBy(_Kind):
    """How a round ended (``RoundResult.ended_by``; a Banking round ends at its showdown)."""

    KNOCK = "knock"
    BLITZ = "blitz"
    FIRE = "fire"
    STOCK = "stock"        # the stock ran out and the hands were compared
    VOID = "void"          # nobody loses: the stock ran out under 'void', or the turn cap
    SHOWDOWN = "showdown"  # Banking: every punter against the banker


class Phase(_Kind):
    """Where a round stands: what the player to move may do."""

    TURN = "turn"          # the start of a turn
    DISCARD = "discard"    # holding four cards after a draw or a take
    CHOOSE = "choose"      # the dealer chooses between two hands
    RESTART = "restart"    # Switch: the restart may be called at the showdown
    OVER = "over"          # the round is over


class BotLevel(_Kind):
    """The computer players, weakest first (``LEVEL_ORDER``). ``thirtyone.bots`` seats all of
    them but ``weak``, which plays only as the opponents of the knock-by-seat simulations
    (``sim.seats``); Banking has ``random`` and ``basic``."""

    RANDOM = "random"
    WEAK = "weak"
    BASIC = "basic"
    STANDARD = "standard"
    EXPERT = "expert"


LEVEL_ORDER: tuple[BotLevel, ...] = tuple(BotLevel)

__all__ = ["StrEnum", "Family", "Scoring", "EndedBy", "Phase", "BotLevel", "LEVEL_ORDER"]
