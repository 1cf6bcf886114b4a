"""The fast batched simulator: many independent rounds at once over numpy arrays
(``batch``), their results and statistics (``stats``), and the simulated knock curve
(``knock``); who loses is ``game.settle``.

>>> from thirtyone.core.rules import get_variant
>>> stats = simulate(get_variant("scat").rules, 4, 2_000, seed=1)
>>> stats.rounds, 0.0 < stats.knock_rate < 1.0
(2000, True)
"""

from .batch import (
    BOT_LEVELS,
    DEFAULT_BATCH,
    FAMILIES,
    MAX_TURNS,
    RoundBatch,
    SimulationError,
    bot_list,
    check_supported,
    iter_simulate,
    parse_bots,
    simulate,
    simulate_decks,
    simulate_rounds,
)
from .stats import ENDED_BY, RoundResults, SimStats

__all__ = ["BOT_LEVELS", "DEFAULT_BATCH", "ENDED_BY", "FAMILIES", "MAX_TURNS", "RoundBatch",
           "RoundResults", "SimStats", "SimulationError", "bot_list", "check_supported",
           "iter_simulate", "parse_bots", "simulate", "simulate_decks", "simulate_rounds"]
