"""Several rule sets side by side on the same deals, streamed: a batch runner for
``sim.stream`` that plays each batch under every rule set from one seed (so rule sets that
differ only where no single round looks, like the number of lives, end every round alike),
and the ``SimStats`` of each from the running totals.

>>> from thirtyone import VARIANTS
>>> from thirtyone.sim.stream import stream
>>> rules = {k: VARIANTS[k].rules for k in ("scat", "five_dollar")}
>>> *_, t = stream(variants_runner(rules, 4), 2_000, seed=31, sizes=[1_000, 1_000])
>>> stats = stats_from_tally(t)
>>> stats["scat"].rounds, stats["scat"].to_dict() == stats["five_dollar"].to_dict()
(2000, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ..core.rules import Rules
from .batch import simulate_rounds
from .stats import SimStats
from .stream import Tally

FIELDS = ("rounds", "blitz", "knock", "void", "stock", "turns", "turns_sq", "knocker_lost")


def variants_runner(rules: Mapping[str, Rules], players: int, bots: str = "basic",
                    knock_at: float = 25.0):
    """``runner(rng, size, start)``: ``size`` rounds under every rule set in ``rules`` from
    one seed drawn from ``rng``; the counts are ``{key: array of FIELDS}``."""
    def runner(rng: np.random.Generator, size: int, start: int = 0) -> dict[str, np.ndarray]:
        seed = int(rng.integers(2**63))
        out = {}
        for key, r in rules.items():
            stats = SimStats()
            stats.add(simulate_rounds(r, players, size, bots=bots, knock_at=knock_at,
                                      first_round=start, rng=np.random.default_rng(seed)))
            out[key] = np.array([getattr(stats, f) for f in FIELDS], dtype=np.int64)
        return out
    return runner


def stats_from_tally(tally: Tally) -> dict[str, SimStats]:
    """Each rule set's statistics from the running totals."""
    out: dict[str, SimStats] = {}
    for key, counts in tally.counts.items():
        fields: dict[str, Any] = {f: int(v) for f, v in zip(FIELDS, counts, strict=True)}
        out[key] = SimStats(**fields, seconds=tally.seconds, target=tally.target)
    return out
