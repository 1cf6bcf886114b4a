"""A three-card table hand's value, fast: the keys the table engine and the bots compare.

``hand_key`` orders hands exactly as ``score(hand, rules).key`` does, without building the
explanation; ``hand_score`` is the full ``Score``; ``is_blitz`` and ``is_fire`` say whether a
hand ends the round at once under the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..core.cards import RANK_POINTS, Card
from ..core.rules import Rules
from ..core.scoring import Score, brag_score, suit_sum_score


def hand_key(hand: Sequence[Card], rules: Rules) -> tuple[float, ...]:
    """A key that orders three-card hands as ``score(hand, rules).key`` does (higher is
    better); much faster than ``score`` for plain suit sums."""
    if rules.hand_value == "suit_sum" and not rules.tie_break:
        a, b, c = hand
        pa, pb, pc = RANK_POINTS[a.rank], RANK_POINTS[b.rank], RANK_POINTS[c.rank]
        sa, sb, sc = a.suit, b.suit, c.suit
        if sa == sb:
            best = pa + pb + pc if sb == sc else max(pa + pb, pc)
        elif sa == sc:
            best = max(pa + pc, pb)
        elif sb == sc:
            best = max(pb + pc, pa)
        else:
            best = max(pa, pb, pc)
        if rules.same_rank:   # cards of one rank add up too (RULES.md 2)
            ra, rb, rc = a.rank, b.rank, c.rank
            if ra == rb:
                best = max(best, pa + pb + pc if rb == rc else pa + pb)
            elif ra == rc:
                best = max(best, pa + pc)
            elif rb == rc:
                best = max(best, pb + pc)
        if a.rank == b.rank == c.rank:
            if a.rank == 14 and (fire := rules.fire_points) is not None:
                return (fire,)
            if rules.three_of_a_kind is not None and rules.three_of_a_kind > best:
                return (float(rules.three_of_a_kind),)
        return (float(best),)
    if rules.hand_value == "suit_sum":
        return _tie_break_key(hand, rules)
    return _slow_key(frozenset(hand), rules)


def _tie_break_key(hand: Sequence[Card], rules: Rules) -> tuple[float, ...]:
    """``hand_key`` with the tie-break: (value, counted cards' points high to low, then the
    other cards' points), as ``scoring`` builds it."""
    a, b, c = hand
    pts = [RANK_POINTS[a.rank], RANK_POINTS[b.rank], RANK_POINTS[c.rank]]
    plain = sum(pts) if rules.same_rank else max(pts)   # the best sum of three of a kind
    if a.rank == b.rank == c.rank:
        bonus = None
        if a.rank == 14 and rules.fire is not None:
            bonus = rules.fire_points
        elif rules.three_of_a_kind is not None and rules.three_of_a_kind > plain:
            bonus = float(rules.three_of_a_kind)
        if bonus is not None:
            return (bonus, *sorted(pts, reverse=True), 0, 0, 0)
    groups: dict[object, list[int]] = {}
    for card, p in zip(hand, pts, strict=True):
        groups.setdefault(card.suit, []).append(p)
        if rules.same_rank:
            groups.setdefault(card.rank, []).append(p)
    best = max(groups.values(), key=lambda g: (sum(g), sorted(g, reverse=True)))
    rest = list(pts)
    for p in best:
        rest.remove(p)
    counted = sorted(best, reverse=True) + [0] * (3 - len(best))
    others = sorted(rest, reverse=True) + [0] * (3 - len(rest))
    return (float(sum(best)), *counted, *others)


@lru_cache(maxsize=200_000)
def _slow_key(cards: frozenset[Card], rules: Rules) -> tuple[float, ...]:
    return hand_score(tuple(sorted(cards)), rules).key


def hand_score(hand: Sequence[Card], rules: Rules) -> Score:
    """The full ``Score`` (with its explanation) of a three-card table hand."""
    hand = tuple(hand)
    if rules.hand_value == "brag":
        return brag_score(hand)
    return suit_sum_score(hand, rules)


def knock_value(hand: Sequence[Card], rules: Rules) -> float:
    """The number compared with a knock threshold: points, or for brag the class 0..5."""
    k = hand_key(hand, rules)
    return float(k[0])


def is_blitz(hand: Sequence[Card], rules: Rules) -> bool:
    """Exactly 31 in one suit, where the rules count a blitz."""
    if not rules.counts_blitz or len(hand) != 3:
        return False
    a, b, c = hand
    return (a.suit == b.suit == c.suit
            and RANK_POINTS[a.rank] + RANK_POINTS[b.rank] + RANK_POINTS[c.rank] == 31)


def is_fire(hand: Sequence[Card], rules: Rules) -> bool:
    """Three aces, where the rules make them fire."""
    return (rules.fire is not None and rules.hand_value == "suit_sum" and len(hand) == 3
            and all(c.rank == 14 for c in hand))
