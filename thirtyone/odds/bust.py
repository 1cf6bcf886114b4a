"""Banking: how often one more card takes a punter over 31, by the total the punter holds
(RULES.md, banking: every card counts, an ace 1 or 11, whichever is best without going over;
over 31 even with every ace as 1 is bust).

Exact. A punter's three cards are any three of the packs (``rules.packs`` packs of
``rules.pack`` cards), each three equally likely; the bought card is any one of the cards
left. Only ranks matter, so the count runs over the multisets of three ranks (each weighted by
how many ways the packs give it) and, for each, over the ranks the next card can have (by how
many of that rank are left). The total on the x axis is what the punter sees (aces counted
best); whether the next card busts depends only on the hand's smallest total, so a total
made with an ace counted 11 (a "soft" total) is safer than the same total without one:
``hard`` gives the chance among the hands without an ace.

>>> from thirtyone.core.rules import get_variant
>>> curve = bust_curve(get_variant("banking").rules)
>>> float(curve.chance[curve.totals.tolist().index(21)])   # no card takes 21 over 31
0.0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb

import numpy as np

from ..core.cards import make_pack
from ..core.rules import Rules
from ..core.scoring import banking_total


@dataclass(frozen=True)
class BustCurve:
    """By the total of three cards: the chance one more card busts, and how often the deal
    gives that total."""

    totals: np.ndarray     # 6 .. 31 (the totals three cards can show)
    chance: np.ndarray     # chance the next card takes the hand over 31
    share: np.ndarray      # share of three-card hands showing this total
    hard: np.ndarray       # the same chance among the hands without an ace (nan: none)


def bust_curve(rules: Rules) -> BustCurve:
    """``BustCurve`` for ``rules``' packs (see the module text)."""
    return _bust_curve(int(rules.pack), int(rules.packs))


@lru_cache(maxsize=8)
def _bust_curve(pack: int, packs: int) -> BustCurve:
    cards = make_pack(pack)
    one = {c.rank: c for c in cards}                     # a card of each rank (suits do not count)
    ranks = sorted(one)
    each = len(cards) // len(ranks) * packs              # cards of one rank in the packs
    left_total = len(ranks) * each - 3
    weight: dict[int, float] = {}
    busting: dict[int, float] = {}
    hard_w: dict[int, float] = {}
    hard_b: dict[int, float] = {}
    for hand in combinations_with_replacement(ranks, 3):
        ways = 1
        for r in set(hand):
            ways *= comb(each, hand.count(r))
        if ways == 0:
            continue
        held = tuple(one[r] for r in hand)
        t = banking_total(held)[0]
        over = sum(each - hand.count(r) for r in ranks if banking_total((*held, one[r]))[1])
        weight[t] = weight.get(t, 0.0) + ways
        busting[t] = busting.get(t, 0.0) + ways * over / left_total
        if 14 not in hand:
            hard_w[t] = hard_w.get(t, 0.0) + ways
            hard_b[t] = hard_b.get(t, 0.0) + ways * over / left_total
    totals = np.array(sorted(weight))
    w = np.array([weight[t] for t in totals])
    hard = np.array([hard_b[t] / hard_w[t] if t in hard_w else np.nan for t in totals])
    out = BustCurve(totals, np.array([busting[t] for t in totals]) / w, w / w.sum(), hard)
    for arr in (out.totals, out.chance, out.share, out.hard):
        arr.setflags(write=False)
    return out


def clear_caches() -> None:
    _bust_curve.cache_clear()
