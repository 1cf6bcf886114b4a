"""The shared numpy tables of every hand, named once and public.

Cards are indices 0..51 (``Card.index``: suit-major). A set of cards is a 64-bit mask (bit i
for card i). Two ways to index a hand:

- *rows*: ``all_hands(pack)`` lists every unordered three-card hand once; ``hand_table`` gives
  each row its value and ``hand_strengths`` a number ordering hands exactly as ``score`` does;
- *flat*: ``flat(a, b, c) = a*2704 + b*52 + c`` indexes every ordered hand; ``hand_lookup``
  spreads strength and twice the value over it, for the batched bots and the simulator.

Everything is cached per ``Rules`` (a frozen, hashable value).

>>> from thirtyone.core.rules import get_variant
>>> s, v2 = hand_lookup(get_variant("scat").rules)
>>> int(v2[flat(np.int64(12), np.int64(11), np.int64(10))])   # A K Q of spades: 31
62
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, overload

import numpy as np

from .cards import card_from_index, make_pack
from .kinds import Family
from .rules import Rules, get_variant

# Per card index 0..51: points, rank (2..14), suit number (0..3).
CARD_POINTS = np.array([card_from_index(i).points for i in range(52)], dtype=np.int16)
CARD_RANKS = np.array([card_from_index(i).rank for i in range(52)], dtype=np.int16)
CARD_SUITS = np.arange(52, dtype=np.int16) // 13


@lru_cache(maxsize=4)
def all_hands(pack: int) -> np.ndarray:
    """Every 3-card hand of the pack as an (N, 3) array of card indices."""
    idx = np.array([c.index for c in make_pack(pack)], dtype=np.int16)
    n = len(idx)
    i, j, k = np.ogrid[:n, :n, :n]
    # positions i < j < k in the order of itertools.combinations (row-major nonzero)
    positions = np.stack(np.nonzero((i < j) & (j < k)), axis=1)
    out = idx[positions]
    out.setflags(write=False)
    return out


def suit_sum_values(hands: np.ndarray, rules: Rules) -> np.ndarray:
    """Suit-sum value of each hand (rows of card indices), with same rank counts, three of
    a kind and fire (RULES.md 2; ``core.scoring.suit_sum_score`` is the reference)."""
    pts, suits, ranks = CARD_POINTS[hands], CARD_SUITS[hands], CARD_RANKS[hands]
    per_suit = np.stack([np.where(suits == s, pts, 0).sum(axis=-1) for s in range(4)], axis=-1)
    values = per_suit.max(axis=-1).astype(np.float64)
    if rules.same_rank:
        values = np.maximum(values, _rank_sums(pts, ranks).max(axis=-1))
    trips = (ranks[..., 0] == ranks[..., 1]) & (ranks[..., 1] == ranks[..., 2])
    if rules.three_of_a_kind is not None:
        values = np.where(trips, np.maximum(values, rules.three_of_a_kind), values)
    if rules.fire_points is not None:
        values = np.where(trips & (ranks[..., 0] == 14), rules.fire_points, values)
    return np.asarray(values, dtype=np.float64)


def _rank_sums(pts: np.ndarray, ranks: np.ndarray) -> np.ndarray:
    """(..., 13) the points of each rank 2..14 in each hand."""
    return np.stack([np.where(ranks == r, pts, 0).sum(axis=-1) for r in range(2, 15)], axis=-1)


def brag_codes(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(class index 0..5 as in BRAG_CLASSES, a strength number that orders hands exactly)."""
    r = np.sort(CARD_RANKS[hands], axis=-1)[..., ::-1].astype(np.int64)  # high to low
    suits = CARD_SUITS[hands]
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
    pts, ranks = CARD_POINTS[hands], CARD_RANKS[hands]
    aces = (ranks == 14).sum(axis=-1)
    low = np.where(ranks == 14, 1, pts).sum(axis=-1)
    return np.asarray(low + 10 * np.minimum(aces, (31 - low) // 10), dtype=np.float64)


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


@lru_cache(maxsize=256)
def value_rules(rules: Rules) -> Rules:
    """The options that decide what a hand is worth, and nothing else: the key of every
    shared table, so a house rule that leaves hand values alone (lives, knocking, scoring)
    reuses the tables already built."""
    banking = rules.hand_value == "banking_total"
    return Rules(family=Family.BANKING if banking else Family.DRAW, pack=rules.pack,
                 packs=rules.packs if banking else 1, hand_value=rules.hand_value,
                 three_of_a_kind=rules.three_of_a_kind, fire=rules.fire,
                 same_rank=rules.same_rank, tie_break=rules.tie_break)


def hand_table(rules: Rules) -> HandTable:
    """Every dealt hand and its value (built once per ``value_rules``)."""
    return _hand_table(value_rules(rules))


@lru_cache(maxsize=64)
def _hand_table(rules: Rules) -> HandTable:
    hands = all_hands(rules.pack)
    if rules.hand_value == "brag":
        values = brag_codes(hands)[0].astype(np.float64)
    elif rules.hand_value == "banking_total":
        values = banking_values(hands)
    else:
        values = suit_sum_values(hands, rules)
    values.setflags(write=False)
    return HandTable(rules, hands, values)


def hand_strengths(rules: Rules) -> np.ndarray:
    """A number per row of ``all_hands`` ordering hands exactly as ``score`` does."""
    return _hand_strengths(value_rules(rules))


@lru_cache(maxsize=64)
def _hand_strengths(rules: Rules) -> np.ndarray:
    table = hand_table(rules)
    if rules.hand_value == "brag":
        strength = brag_codes(table.hands)[1]
    elif rules.hand_value == "suit_sum" and rules.tie_break:
        strength = tie_break_strength(rules, table.hands)
    else:
        strength = table.values
    strength = np.asarray(strength)
    strength.setflags(write=False)
    return strength


def tie_break_strength(rules: Rules, hands: np.ndarray) -> np.ndarray:
    """Exact order for the tie-break (Kitty): each hand's ``score`` key packed into one
    number, computed for all hands at once. The key is the value, then the counted cards'
    points high to low, then the other cards' (``scoring._tie_key``); points are at most 11,
    so base 16 keeps the order."""
    pts, suits, ranks = CARD_POINTS[hands].astype(np.int64), CARD_SUITS[hands], CARD_RANKS[hands]
    values = suit_sum_values(hands, rules)
    # Groups of cards that add up: each suit, and (same rank counts) each rank. Per group:
    # its total, then its cards' points high to low; the best group has the largest such
    # code; suits come first, so an exact tie goes to a suit (as in scoring.best_group).
    groups = [suits == s for s in range(4)]
    if rules.same_rank:
        groups += [ranks == r for r in range(2, 15)]
    in_group = np.stack(groups, axis=1)                                    # (N, groups, 3)
    group_pts = -np.sort(-np.where(in_group, pts[:, None, :], 0), axis=-1)  # high to low
    code = (group_pts.sum(axis=-1) * 16 ** 3 + group_pts[..., 0] * 16 ** 2
            + group_pts[..., 1] * 16 + group_pts[..., 2])
    best = np.take_along_axis(in_group, code.argmax(axis=1)[:, None, None], axis=1)[:, 0]
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



# --- ordered hands (flat index) -----------------------------------------------------------

@lru_cache(maxsize=32)
def hand_lookup(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """(strength, value2): integer arrays over every ordered hand ``a*2704 + b*52 + c``.

    ``strength`` orders hands exactly as ``score(...).key`` does (the same numbers as
    ``hand_strengths`` up to scale); ``value2`` is twice the hand's points (suit sum,
    three of a kind, fire), so 31 is 62 and 30.5 is 61. Brag hands have value2 equal to the
    brag class (0 high card .. 5 prial). Entries with a repeated card are never used.
    """
    hands = all_hands(rules.pack).astype(np.int64)
    strength = np.asarray(hand_strengths(rules), dtype=np.float64)
    if rules.hand_value == "suit_sum" and not rules.tie_break:
        strength = strength * 2  # 30.5 -> 61: whole numbers keep the order
    values = np.asarray(hand_table(rules).values, dtype=np.float64)
    value2 = values if rules.hand_value == "brag" else values * 2
    # int64: tie-break strengths reach about 1e9 and the bots' sort keys multiply them
    s_tab = np.zeros(52 ** 3, dtype=np.int64)
    v_tab = np.zeros(52 ** 3, dtype=np.int32)
    a, b, c = hands[:, 0], hands[:, 1], hands[:, 2]
    for x, y, z in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
        flat = x * 2704 + y * 52 + z
        s_tab[flat] = np.rint(strength).astype(np.int64)
        v_tab[flat] = np.rint(value2).astype(np.int32)
    s_tab.setflags(write=False)
    v_tab.setflags(write=False)
    return s_tab, v_tab


@overload
def flat(h0: np.ndarray, h1: int | np.ndarray, h2: int | np.ndarray) -> np.ndarray: ...
@overload
def flat(h0: int, h1: np.ndarray, h2: int | np.ndarray) -> np.ndarray: ...
@overload
def flat(h0: int, h1: int, h2: np.ndarray) -> np.ndarray: ...
@overload
def flat(h0: int, h1: int, h2: int) -> int: ...
def flat(h0: Any, h1: Any, h2: Any) -> Any:
    """The index of the ordered hand (h0, h1, h2) in a table of 52**3: card indices, or
    arrays of them (broadcast)."""
    return h0 * 2704 + h1 * 52 + h2


# A set of cards is a 64-bit mask: bit i for the card with index i.
CARD_BIT = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))


def card_bits(cards: np.ndarray) -> np.ndarray:
    """(R, k) card indices -> (R,) masks."""
    return np.asarray(np.bitwise_or.reduce(CARD_BIT[cards], axis=1), dtype=np.uint64)


def spread(rules: Rules, per_hand: np.ndarray, dtype: Any) -> np.ndarray:
    """Spread one number per unordered hand (rows of ``all_hands``) over every ordering."""
    hands = all_hands(rules.pack).astype(np.int64)
    out = np.zeros(52 ** 3, dtype=dtype)
    a, b, c = hands[:, 0], hands[:, 1], hands[:, 2]
    for x, y, z in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
        out[flat(x, y, z)] = per_hand
    out.setflags(write=False)
    return out


@lru_cache(maxsize=32)
def improve_bits(rules: Rules) -> np.ndarray:
    """Per ordered hand, the mask of cards that would improve it: with that card added, the
    best three cards beat the hand (the *outs* of the standard bot, ``policies.standard``)."""
    S, _ = hand_lookup(rules)
    hands = all_hands(rules.pack).astype(np.int64)
    h0, h1, h2 = hands[:, 0], hands[:, 1], hands[:, 2]
    base = S[flat(h0, h1, h2)]
    bits = np.zeros(len(hands), dtype=np.uint64)
    for c in (card.index for card in make_pack(rules.pack)):
        best = np.maximum(np.maximum(S[flat(c, h1, h2)], S[flat(h0, c, h2)]),
                          S[flat(h0, h1, c)])
        better = (best > base) & (h0 != c) & (h1 != c) & (h2 != c)
        bits |= np.where(better, CARD_BIT[c], np.uint64(0))
    return spread(rules, bits, np.uint64)


@lru_cache(maxsize=32)
def knock_values2(rules: Rules) -> np.ndarray:
    """Per ordered hand, twice the number the standard bot compares with its knock
    threshold: the points, or for other hand values the scat points of a hand that beats
    the same share of dealt hands (``policies.view.knock_points``)."""
    if rules.hand_value == "suit_sum":
        return hand_lookup(rules)[1]
    strength = np.asarray(hand_strengths(rules), dtype=np.float64)
    srt = np.sort(strength)
    scat = np.sort(hand_table(get_variant("scat").rules).values)
    share = np.searchsorted(srt, strength, side="left") / len(srt)
    at = np.minimum((share * len(scat)).astype(np.int64), len(scat) - 1)
    return spread(rules, np.rint(scat[at] * 2).astype(np.int32), np.int32)


@lru_cache(maxsize=32)
def after_draw(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """(row of each ordered hand in ``all_hands``, (hands, 52) strength of the best three
    after adding each card): the standard bot's expected hand after a blind draw."""
    S, _ = hand_lookup(rules)
    hands = all_hands(rules.pack).astype(np.int64)
    h0, h1, h2 = hands[:, 0], hands[:, 1], hands[:, 2]
    base = S[flat(h0, h1, h2)]
    g = np.zeros((len(hands), 52), dtype=np.int64)
    for c in (card.index for card in make_pack(rules.pack)):
        g[:, c] = np.maximum.reduce([base, S[flat(c, h1, h2)], S[flat(h0, c, h2)],
                                     S[flat(h0, h1, c)]])
    return spread(rules, np.arange(len(hands)), np.int32), g


@lru_cache(maxsize=32)
def lookahead_tables(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """Two flat tables over every ordered hand (int64, on the ``hand_lookup`` strength scale)
    for the standard bot's look one draw ahead, counted over a full pack (no card memory):

    - ``ahead[h]``: the sum, over every card c of the pack not in h, of the strength of the
      best three of h + c (divided by pack - 3 it is the mean strength after one blind draw);
    - ``draw_ahead[h]``: the sum, over the same cards c, of the best ``ahead`` among the
      three-card hands in h + c (what drawing now is worth, looking one more draw ahead).

    Sums instead of means keep every comparison exact and the same in both engines."""
    hands = all_hands(rules.pack).astype(np.int64)
    h0, h1, h2 = hands[:, 0], hands[:, 1], hands[:, 2]
    pack = [card.index for card in make_pack(rules.pack)]
    _, after = after_draw(rules)            # (hands, 52): best three after adding card c
    in_hand = np.zeros(after.shape, dtype=bool)
    in_hand[np.arange(len(hands))[:, None], hands] = True
    ahead = spread(rules, np.where(in_hand, 0, after).sum(axis=1), np.int64)
    draw_h = np.zeros(len(hands), dtype=np.int64)
    own = ahead[flat(h0, h1, h2)]
    for c in pack:
        ok = (h0 != c) & (h1 != c) & (h2 != c)
        best = np.maximum.reduce([own, ahead[flat(c, h1, h2)], ahead[flat(h0, c, h2)],
                                  ahead[flat(h0, h1, c)]])
        draw_h += np.where(ok, best, 0)
    return ahead, spread(rules, draw_h, np.int64)


def replaced(h: np.ndarray, x: np.ndarray) -> np.ndarray:
    """(R, 3) flat hand indices of ``h`` with card j replaced by ``x``, for j = 0, 1, 2."""
    h0, h1, h2 = h[:, 0], h[:, 1], h[:, 2]
    return np.stack([flat(x, h1, h2), flat(h0, x, h2), flat(h0, h1, x)], axis=1)


SUIT_BITS = np.array([np.bitwise_or.reduce(CARD_BIT[13 * s:13 * s + 13]) for s in range(4)])


def clear_caches() -> None:
    """Empty this module's caches (benchmarks time the cold computation)."""
    for f in (all_hands, value_rules, _hand_table, _hand_strengths, hand_lookup, improve_bits,
              knock_values2, after_draw, lookahead_tables):
        f.cache_clear()


def clear_value_tables() -> None:
    """Empty the hand values and strengths only, keeping the list of hands (``all_hands``):
    a benchmark times the values of a rule set apart from listing the hands."""
    for f in (value_rules, _hand_table, _hand_strengths):
        f.cache_clear()
