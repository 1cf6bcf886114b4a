"""The fast batched simulator: many independent rounds at once over numpy arrays
(``batch``), their results and statistics (``stats``), and the simulated knock curve
(``knock``, ``race``; ``seats``: the knock curve for every seat with the real turn order);
who loses is ``game.settle``. Example: ``batch``.
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
