"""Lookup tables shared by the odds modules: the value of any three cards by index.

``lookup(rules).strength[a, b, c]`` orders hands exactly as ``score`` does (higher is better)
and ``lookup(rules).points[a, b, c]`` is the value people see (points; for brag the class
number 0..5). Both are symmetric in ``a, b, c``; cards outside the rules' pack give NaN.
Built once per ``Rules`` from ``lookup.hand_table`` and cached.

>>> from thirtyone.core.cards import parse_hand
>>> from thirtyone.core.rules import get_variant
>>> t = lookup(get_variant("scat").rules)
>>> float(t.points[tuple(c.index for c in parse_hand("AH KH 9S"))])
21.0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

import numpy as np

from ..core.cards import Card, make_pack
from ..core.lookup import hand_table, value_rules
from ..core.rules import Rules
from ..core.scoring import BRAG_CLASSES
from ..core.text import points_text
from ..i18n import _


class OddsError(ValueError):
    """A question the odds engine cannot answer for these rules or cards."""


@dataclass(frozen=True)
class Lookup:
    rules: Rules
    points: np.ndarray    # (52, 52, 52) float64
    strength: np.ndarray  # (52, 52, 52) float64

    def value(self, cards: tuple[Card, ...]) -> float:
        return float(self.points[tuple(c.index for c in cards)])


def lookup(rules: Rules) -> Lookup:
    """The tables for ``rules``, built once per ``value_rules`` (hand values only)."""
    return _lookup(value_rules(rules))


@lru_cache(maxsize=16)
def _lookup(rules: Rules) -> Lookup:
    table = hand_table(rules)
    h = table.hands.astype(np.intp)
    points = np.full((52, 52, 52), np.nan)
    strength = np.full((52, 52, 52), np.nan)
    for p in permutations(range(3)):
        key = (h[:, p[0]], h[:, p[1]], h[:, p[2]])
        points[key] = table.values
        strength[key] = table.strength
    points.setflags(write=False)
    strength.setflags(write=False)
    return Lookup(rules, points, strength)


def pack_indices(rules: Rules) -> np.ndarray:
    return np.array([c.index for c in make_pack(rules.pack)], dtype=np.intp)


def value_label(rules: Rules, value: float) -> str:
    """Text for a value on the ``points`` scale: ``30½``, ``21``, or a brag class name."""
    if rules.hand_value == "brag":
        return _(BRAG_CLASSES[int(value)])
    return points_text(float(value))


def check_hand_rules(rules: Rules) -> None:
    if rules.hand_value == "banking_total":
        raise OddsError(_("Banking 31 is a buying game against a banker; these odds are for "
                          "the three-card table games."))


def clear_caches() -> None:
    """Empty this module's caches (benchmarks time the cold computation)."""
    for f in (_lookup,):
        f.cache_clear()
