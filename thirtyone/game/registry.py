"""One interface for both engines, and the one place that tells them apart.

The table engine (``table.Game``) and Banking Thirty-One (``banking.BankingGame``) answer the
same calls: ``legal_actions()``, ``why_illegal(action) -> str | None``, ``apply(action)``,
``observation(seat)``, ``next_round()``, ``copy()``, ``snapshot()``, and share the fields
``rules``, ``players``, ``n``, ``styles``, ``phase``, ``to_move``, ``round_no``,
``round_over``, ``game_over`` and ``winner``. Their observations share the names the table's
``Observation`` uses. ``start_game`` deals a game of either kind by ``rules.family``; game
records (``records``) dispatch on the family the same way, through ``is_banking``.

>>> from thirtyone.core.rules import get_variant
>>> g = start_game(get_variant("banking").rules, ["Ann", "Bo"], seed=1)
>>> type(g).__name__, g.why_illegal("knock") is not None
('BankingGame', True)
>>> type(start_game(get_variant("scat").rules, ["Ann", "Bo"], seed=1)).__name__
'DrawTable'
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..core.cards import Card
from ..core.rules import Rules
from .banking import BankingGame, BankingObservation, new_banking_game
from .families import family_class
from .table import Game, Observation, new_game

AnyGame = Game | BankingGame
AnyObservation = Observation | BankingObservation


def is_banking(rules: Rules) -> bool:
    """Whether ``rules`` are played by the banking engine (the one family test)."""
    return not family_class(rules).is_table


def start_game(rules: Rules, players: Sequence[str], *, seed: int | None = None,
               rng: np.random.Generator | None = None,
               deck: Sequence[Card] | str | None = None, dealer: int = 0,
               lives: Sequence[int | None] | None = None,
               styles: Sequence[str | None] | None = None) -> AnyGame:
    """Deal round 1 of a game of ``rules`` with the engine of its family.

    ``dealer`` is the first dealer (in banking: the first banker); ``styles`` names how each
    seat plays (a bot level, None for a person). Banking keeps chips, not lives.
    """
    if is_banking(rules):
        if lives is not None:
            raise ValueError("Banking Thirty-One keeps chips, not lives.")
        game = new_banking_game(rules, list(players), seed=seed, rng=rng, deck=deck,
                                dealer=dealer)
        if styles is not None:
            if len(styles) != game.n:
                raise ValueError(f"Give one style per player ({game.n}).")
            game.styles = tuple(styles)
        return game
    return new_game(rules, players, seed=seed, rng=rng, deck=deck, dealer=dealer, lives=lives,
                    styles=styles)


def first_dealer(rules: Rules, n_players: int) -> int:
    """The first dealer of a game started from the Play page, where you sit at seat 0: at a
    table the seat on your right, so you move first; in banking you hold the first bank."""
    return 0 if is_banking(rules) else n_players - 1


__all__ = ["AnyGame", "AnyObservation", "is_banking", "start_game", "first_dealer"]
