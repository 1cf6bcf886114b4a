"""The banking bots (``random`` and ``basic``) for Banking Thirty-One: ``choose(observation,
rng) -> Action`` on a ``BankingObservation``."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..core.actions import Action, Hit, Stay
from ..game.banking import BankingObservation

BASIC_STAY_AT = 26


def random_bot(obs: BankingObservation, rng: np.random.Generator) -> Action:
    """Any legal move, uniformly."""
    return obs.legal_actions[int(rng.integers(len(obs.legal_actions)))]


def basic_bot(obs: BankingObservation, rng: np.random.Generator) -> Action:
    """Fixed and documented so simulations can be checked by hand: hit while the own total
    is below ``BASIC_STAY_AT`` (26) and a card can be bought, otherwise stay. A natural or any
    31 always stays. Banker and punters play the same way; ``rng`` is not used."""
    if Hit() in obs.legal_actions and obs.total is not None and obs.total < BASIC_STAY_AT:
        return Hit()
    return Stay()


BANKING_BOTS: dict[str, Callable[[BankingObservation, np.random.Generator], Action]] = {
    "random": random_bot, "basic": basic_bot}
