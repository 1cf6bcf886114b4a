"""An independent, deliberately plain reading of RULES.md section 2, for tests only.

Nothing here imports the code under test: cards are (rank, suit) pairs, rank 2..14 (ace 14).
Tests compare these answers with ``thirtyone`` hand by hand.
"""

from __future__ import annotations

from itertools import combinations, product

SUITS = "SHDC"


def pack(size: int) -> list[tuple[int, str]]:
    low = 2 if size == 52 else 7
    return [(r, s) for s in SUITS for r in range(low, 15)]


def every_hand(size: int) -> list[tuple[tuple[int, str], ...]]:
    return list(combinations(pack(size), 3))


def points(card: tuple[int, str]) -> int:
    rank = card[0]
    return 11 if rank == 14 else 10 if rank >= 10 else rank


def suit_totals(hand) -> dict[str, int]:
    totals: dict[str, int] = {}
    for c in hand:
        totals[c[1]] = totals.get(c[1], 0) + points(c)
    return totals


def suit_sum(hand, three_of_a_kind=None, fire=None) -> float:
    plain = max(suit_totals(hand).values())
    if len({c[0] for c in hand}) == 1:
        if hand[0][0] == 14 and fire is not None:
            return float(fire)
        if three_of_a_kind is not None:
            return float(max(three_of_a_kind, plain))
    return float(plain)


def tie_break_key(hand, three_of_a_kind=None, fire=None) -> tuple:
    """Kitty: value, then counted cards' points high to low, then the other cards'. Where
    two suits give the same total, the reading that is better for the player counts."""
    value = suit_sum(hand, three_of_a_kind, fire)
    same_rank = len({c[0] for c in hand}) == 1
    if same_rank and ((hand[0][0] == 14 and fire is not None) or three_of_a_kind is not None):
        return (value, *sorted((points(c) for c in hand), reverse=True), 0, 0, 0)
    best = None
    for suit, total in suit_totals(hand).items():
        if total != max(suit_totals(hand).values()):
            continue
        counted = sorted((points(c) for c in hand if c[1] == suit), reverse=True)
        others = sorted((points(c) for c in hand if c[1] != suit), reverse=True)
        key = (value, *(counted + [0] * (3 - len(counted))), *(others + [0] * (3 - len(others))))
        best = key if best is None else max(best, key)
    return best


def brag(hand) -> tuple[str, tuple]:
    """(class name, key): higher key is the better hand. Suits never rank."""
    ranks = sorted((c[0] for c in hand), reverse=True)
    flush = len({c[1] for c in hand}) == 1
    if ranks == [14, 3, 2]:
        run_top = 15  # 3-2-A is the best run
    elif ranks[0] - ranks[1] == 1 and ranks[1] - ranks[2] == 1:
        run_top = ranks[0]
    else:
        run_top = None
    if ranks[0] == ranks[1] == ranks[2]:
        return "prial", (6, 99 if ranks[0] == 3 else ranks[0])
    if run_top is not None and flush:
        return "running flush", (5, run_top)
    if run_top is not None:
        return "run", (4, run_top)
    if flush:
        return "flush", (3, *ranks)
    if ranks[0] == ranks[1]:
        return "pair", (2, ranks[0], ranks[2])
    if ranks[1] == ranks[2]:
        return "pair", (2, ranks[1], ranks[0])
    return "high card", (1, *ranks)


def banking(cards) -> tuple[int, bool]:
    """Best total not over 31 trying every ace as 1 or 11; (smallest total, True) if bust."""
    aces = [c for c in cards if c[0] == 14]
    rest = sum(points(c) for c in cards if c[0] != 14)
    totals = [rest + sum(choice) for choice in product((1, 11), repeat=len(aces))]
    fitting = [t for t in totals if t <= 31]
    return (max(fitting), False) if fitting else (min(totals), True)


def dense_ranks(keys: list) -> list[int]:
    """Position of each key among the distinct keys (equal keys share a position)."""
    order = {k: i for i, k in enumerate(sorted(set(keys)))}
    return [order[k] for k in keys]
