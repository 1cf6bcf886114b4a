"""Exact odds by enumeration (numpy).

Every possible three-card hand of the rules' pack is scored at once with array arithmetic;
the results are cached per ``Rules`` (a frozen, hashable value).

The rest of the odds engine builds on these tables, one question per module:
``odds_deal`` (special hands on the deal, for one player and for anyone at the table),
``odds_moves`` (the value after each possible move), ``odds_race`` (racing to 31 alone by
dynamic programming), ``odds_knock`` (how safe a knock is, exact and simulated);
``odds_tables`` holds the shared lookup of any three cards' value, ``bench_odds`` the timings.

>>> from thirtyone.rules import get_variant
>>> d = dealt_distribution(get_variant("eenendertigen").rules)
>>> round(d.p31 * 620, 6)
3.0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from .cards import Card, card_from_index, make_pack
from .rules import Rules
from .scoring import BRAG_CLASSES, Score, score

# Per card index 0..51: points, rank (2..14), suit number (0..3).
_POINTS = np.array([card_from_index(i).points for i in range(52)], dtype=np.int16)
_RANKS = np.array([card_from_index(i).rank for i in range(52)], dtype=np.int16)
_SUITS = np.arange(52, dtype=np.int16) // 13


@lru_cache(maxsize=4)
def all_hands(pack: int) -> np.ndarray:
    """Every 3-card hand of the pack as an (N, 3) array of card indices."""
    idx = np.array([c.index for c in make_pack(pack)], dtype=np.int16)
    positions = np.fromiter(combinations(range(len(idx)), 3), dtype=np.dtype((np.int16, 3)))
    out = idx[positions]
    out.setflags(write=False)
    return out


def suit_sum_values(hands: np.ndarray, rules: Rules) -> np.ndarray:
    """Suit-sum value of each hand (rows of card indices), with three of a kind and fire."""
    pts, suits, ranks = _POINTS[hands], _SUITS[hands], _RANKS[hands]
    per_suit = np.stack([np.where(suits == s, pts, 0).sum(axis=-1) for s in range(4)], axis=-1)
    values = per_suit.max(axis=-1).astype(np.float64)
    trips = (ranks[..., 0] == ranks[..., 1]) & (ranks[..., 1] == ranks[..., 2])
    if rules.three_of_a_kind is not None:
        values = np.where(trips, np.maximum(values, rules.three_of_a_kind), values)
    if rules.fire is not None:
        values = np.where(trips & (ranks[..., 0] == 14), float(rules.fire), values)
    return values


def brag_codes(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(class index 0..5 as in BRAG_CLASSES, a strength number that orders hands exactly)."""
    r = np.sort(_RANKS[hands], axis=-1)[..., ::-1].astype(np.int64)  # high to low
    suits = _SUITS[hands]
    flush = (suits[..., 0] == suits[..., 1]) & (suits[..., 1] == suits[..., 2])
    trips = r[..., 0] == r[..., 2]
    a32 = (r[..., 0] == 14) & (r[..., 1] == 3) & (r[..., 2] == 2)
    seq = (r[..., 0] - 1 == r[..., 1]) & (r[..., 1] - 1 == r[..., 2])
    run = a32 | seq
    run_top = np.where(a32, 15, r[..., 0])
    pair = ~trips & ((r[..., 0] == r[..., 1]) | (r[..., 1] == r[..., 2]))
    cls = np.select([trips, run & flush, run, flush, pair], [5, 4, 3, 2, 1], 0)
    pair_rank = r[..., 1]
    kicker = np.where(r[..., 0] == r[..., 1], r[..., 2], r[..., 0])
    d = np.select(
        [trips, run, flush, pair],
        [np.where(r[..., 0] == 3, 16, r[..., 0]) * 289, run_top * 289,
         r[..., 0] * 289 + r[..., 1] * 17 + r[..., 2], pair_rank * 17 + kicker],
        r[..., 0] * 289 + r[..., 1] * 17 + r[..., 2])
    return cls, cls * 17 ** 3 + d


def banking_values(hands: np.ndarray) -> np.ndarray:
    pts, ranks = _POINTS[hands], _RANKS[hands]
    aces = (ranks == 14).sum(axis=-1)
    low = np.where(ranks == 14, 1, pts).sum(axis=-1)
    return (low + 10 * np.minimum(aces, (31 - low) // 10)).astype(np.float64)


@dataclass(frozen=True)
class HandTable:
    """Every dealt hand under some rules: ``hands`` (N, 3) card indices and ``values``
    (points, or for brag the class index)."""

    rules: Rules
    hands: np.ndarray
    values: np.ndarray

    def __len__(self) -> int:
        return len(self.hands)

    @property
    def strength(self) -> np.ndarray:
        """A number per hand that orders hands exactly as ``score`` does."""
        return hand_strengths(self.rules)


@lru_cache(maxsize=64)
def hand_table(rules: Rules) -> HandTable:
    hands = all_hands(rules.pack)
    if rules.hand_value == "brag":
        values = brag_codes(hands)[0].astype(np.float64)
    elif rules.hand_value == "banking_total":
        values = banking_values(hands)
    else:
        values = suit_sum_values(hands, rules)
    values.setflags(write=False)
    return HandTable(rules, hands, values)


@lru_cache(maxsize=64)
def hand_strengths(rules: Rules) -> np.ndarray:
    table = hand_table(rules)
    if rules.hand_value == "brag":
        strength = brag_codes(table.hands)[1]
    elif rules.hand_value == "suit_sum" and rules.tie_break:
        strength = _python_strength(rules, table.hands)
    else:
        strength = table.values
    strength = np.asarray(strength)
    strength.setflags(write=False)
    return strength


def _python_strength(rules: Rules, hands: np.ndarray) -> np.ndarray:
    """Exact order for the tie-break (Kitty): each hand's ``score`` key packed into one
    number, computed for all hands at once. The key is the value, then the counted cards'
    points high to low, then the other cards' (``scoring._tie_key``); points are at most 11,
    so base 16 keeps the order."""
    pts, suits, ranks = _POINTS[hands].astype(np.int64), _SUITS[hands], _RANKS[hands]
    values = suit_sum_values(hands, rules)
    # Per suit: its total, then its cards' points high to low; the best suit has the
    # largest such code (as in scoring.best_suit).
    in_suit = np.stack([suits == s for s in range(4)], axis=1)            # (N, 4, 3)
    suit_pts = -np.sort(-np.where(in_suit, pts[:, None, :], 0), axis=-1)  # high to low
    code = (suit_pts.sum(axis=-1) * 16 ** 3 + suit_pts[..., 0] * 16 ** 2
            + suit_pts[..., 1] * 16 + suit_pts[..., 2])
    best = np.take_along_axis(in_suit, code.argmax(axis=1)[:, None, None], axis=1)[:, 0]
    trips = (ranks[:, 0] == ranks[:, 1]) & (ranks[:, 1] == ranks[:, 2])
    plain = np.take_along_axis(code, code.argmax(axis=1)[:, None], axis=1)[:, 0] // 16 ** 3
    whole_hand = trips & (values != plain)  # three of a kind or fire: every card counts
    counted = best | whole_hand[:, None]
    c = -np.sort(-np.where(counted, pts, 0), axis=-1)
    o = -np.sort(-np.where(counted, 0, pts), axis=-1)
    key = np.round(values * 2).astype(np.int64)
    for col in (c[:, 0], c[:, 1], c[:, 2], o[:, 0], o[:, 1], o[:, 2]):
        key = key * 16 + col
    return key.astype(np.float64)


@dataclass(frozen=True)
class Distribution:
    """Exact distribution of dealt-hand values: ``probabilities[value]``."""

    rules: Rules
    hands: int
    probabilities: dict  # value (float, or brag class name) -> probability
    p31: float
    mean: float | None

    def to_json(self, variant: str | None = None) -> dict:
        return {"variant": variant, "hands": self.hands,
                "distribution": {(_num(k) if isinstance(k, float) else k): v
                                 for k, v in self.probabilities.items()},
                "p31": self.p31, "mean": self.mean}


def _num(x: float) -> float | int:
    return int(x) if float(x).is_integer() else x


@lru_cache(maxsize=64)
def dealt_distribution(rules: Rules) -> Distribution:
    """The exact distribution of the value of a dealt three-card hand under ``rules``."""
    table = hand_table(rules)
    n = len(table)
    vals, counts = np.unique(table.values, return_counts=True)
    if rules.hand_value == "brag":
        probs = {BRAG_CLASSES[int(v)]: c / n for v, c in zip(vals, counts, strict=True)}
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
        table = hand_table(rules)
        key = sorted(c.index for c in s.cards)
        row = np.flatnonzero((np.sort(table.hands, axis=1) == key).all(axis=1))[0]
        return float(table.strength[row])
    return float(s.points)  # type: ignore[arg-type]


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


def brute_force_distribution(rules: Rules) -> dict:
    """The same distribution by scoring every hand one at a time (for tests)."""
    out: dict = {}
    pack = make_pack(rules.pack)
    hands = list(combinations(pack, 3))
    for h in hands:
        s = score(h, rules)
        k = s.label if rules.hand_value == "brag" else float(s.points)
        out[k] = out.get(k, 0) + 1 / len(hands)
    return out
