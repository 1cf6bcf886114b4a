"""Exact odds by enumeration (numpy).

Every possible three-card hand of the rules' pack is scored at once with array arithmetic;
the results are cached per ``Rules`` (a frozen, hashable value).

The hand tables themselves are ``thirtyone.core.lookup``. The rest of the odds engine is one
question per module: ``deal`` (special hands on the deal, for one player and for anyone at
the table), ``moves`` (the value after each possible move), ``race`` (racing to 31 alone by
dynamic programming), ``knock`` (how safe a knock is, exact; simulated in ``sim.knock``);
``tables`` holds the lookup of any three cards' value, ``thirtyone.bench.odds`` the timings.

>>> from thirtyone.core.rules import get_variant
>>> d = dealt_distribution(get_variant("eenendertigen").rules)
>>> round(d.p31 * 620, 6)
3.0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

import numpy as np

from ..core.cards import Card, make_pack
from ..core.lookup import brag_codes, hand_table, tie_break_strength, value_rules
from ..core.rules import Rules
from ..core.scoring import BRAG_CLASSES, Score, score
from ..core.text import whole


@dataclass(frozen=True)
class Distribution:
    """Exact distribution of dealt-hand values: ``probabilities[value]``."""

    rules: Rules
    hands: int
    # value -> probability: a number, or a brag class name where the rules are brag's (a
    # union no caller could narrow by the rules)
    probabilities: dict[Any, float]
    p31: float
    mean: float | None

    def to_json(self, variant: str | None = None) -> dict[str, Any]:
        return {"variant": variant, "hands": self.hands,
                "distribution": {(whole(k) if isinstance(k, float) else k): v
                                 for k, v in self.probabilities.items()},
                "p31": self.p31, "mean": self.mean}


@lru_cache(maxsize=64)
def dealt_distribution(rules: Rules) -> Distribution:
    """The exact distribution of the value of a dealt three-card hand under ``rules``."""
    table = hand_table(rules)
    n = len(table)
    vals, counts = np.unique(table.values, return_counts=True)
    if rules.hand_value == "brag":
        probs: dict[Any, float] = {BRAG_CLASSES[int(v)]: c / n
                                   for v, c in zip(vals, counts, strict=True)}
        return Distribution(rules, n, probs, 0.0, None)
    probs = {float(v): c / n for v, c in zip(vals, counts, strict=True)}
    # A blitz is exactly 31 in one suit; with 32/33 for fire those hands are not 31.
    p31 = float(np.count_nonzero(table.values == 31.0)) / n
    return Distribution(rules, n, probs, p31, float(table.values.mean()))


def hand_strength(s: Score, rules: Rules) -> float:
    """The number on the ``HandTable.strength`` scale for a scored hand."""
    hands = np.array([[c.index for c in s.cards]], dtype=np.int16)
    if rules.hand_value == "brag":
        return float(brag_codes(hands)[1][0])
    if rules.hand_value == "suit_sum" and rules.tie_break:
        # the hand's own row of hand_table(rules).strength: the key is worked out hand by
        # hand, so one hand alone gives the same number (no search of the whole table)
        return float(tie_break_strength(value_rules(rules), np.sort(hands, axis=1))[0])
    return s.number


@dataclass(frozen=True)
class HandStanding:
    """Where one hand stands among all dealt hands."""

    beats: float          # share of all dealt hands strictly worse
    ties: float           # share exactly as good
    opponent_beats: float  # chance a random opponent's hand (from the other cards) is better
    opponent_ties: float


def hand_standing(cards: tuple[Card, ...], rules: Rules) -> HandStanding:
    """Share of starting hands this hand beats, and the chance that one random opponent,
    dealt three of the remaining cards, holds a better hand."""
    s = score(cards, rules)
    table = hand_table(rules)
    mine = hand_strength(s, rules)
    n = len(table)
    beats = float(np.count_nonzero(table.strength < mine)) / n
    ties = float(np.count_nonzero(table.strength == mine)) / n
    own = np.array([c.index for c in cards])
    disjoint = ~np.isin(table.hands, own).any(axis=1)
    others = table.strength[disjoint]
    m = len(others)
    return HandStanding(beats, ties, float(np.count_nonzero(others > mine)) / m,
                        float(np.count_nonzero(others == mine)) / m)


def brute_force_distribution(rules: Rules) -> dict[float | str, float]:
    """The same distribution by scoring every hand one at a time (for tests)."""
    out: dict[float | str, float] = {}
    pack = make_pack(rules.pack)
    hands = list(combinations(pack, 3))
    for h in hands:
        s = score(h, rules)
        k = s.label if rules.hand_value == "brag" else s.number
        out[k] = out.get(k, 0) + 1 / len(hands)
    return out


def clear_caches() -> None:
    """Empty this module's caches (benchmarks time the cold computation)."""
    for f in (dealt_distribution,):
        f.cache_clear()
