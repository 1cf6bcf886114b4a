"""The table engine's public face: ``new_game`` deals a game of a table family with its class
(``game.families``), built on the base table (``game.base.Game``; read its module text for
how a game is used).

>>> from thirtyone.core.rules import get_variant
>>> g = new_game(get_variant("schwimmen").rules, ["Ann", "Bo"], seed=1)
>>> type(g).__name__, isinstance(g, Game)
('SwapTable', True)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..core.cards import Card
from ..core.rules import Rules
from ..i18n import _
from .base import ROUND_TURN_CAP, Game
from .deal import stacked_deck
from .families import TABLE_CLASSES
from .values import FinalTurns, Observation, RoundResult

__all__ = ["Observation", "Game", "RoundResult", "FinalTurns", "new_game", "stacked_deck",
           "TABLE_FAMILIES", "ROUND_TURN_CAP"]

TABLE_FAMILIES = tuple(TABLE_CLASSES)


def new_game(rules: Rules, players: Sequence[str], *, seed: int | None = None,
             rng: np.random.Generator | None = None, deck: Sequence[Card] | str | None = None,
             dealer: int = 0, lives: Sequence[int | None] | None = None,
             styles: Sequence[str | None] | None = None) -> Game:
    """Start a game and deal round 1.

    ``deck`` stacks the stock from the top (unlisted cards follow in the pack's order);
    otherwise the pack is shuffled with ``rng`` (or a new generator from ``seed``).
    ``lives`` starts mid-game: per seat the lives (or points / chips, whichever the rules
    keep); in lives scoring a negative number or None marks a player already out.
    ``styles`` says, per seat, how that player is known to play: a bot level, or None for a
    person. Everybody at the table sees it (the Play page names each bot's level), so the
    bots may read it in their observation.
    """
    cls = TABLE_CLASSES.get(rules.family)
    if cls is None:
        raise ValueError(_("The table engine plays the {families} families; '{family}' is "
                           "played by thirtyone.banking.").format(
            families=", ".join(TABLE_FAMILIES), family=rules.family))
    if rng is None:
        rng = np.random.default_rng(seed)
    g = cls(rules, players, rng, dealer, lives, styles)
    if g.out[dealer]:
        g.dealer = g.next_active(dealer)
    g.log.extend(g._deal(deck))
    return g
