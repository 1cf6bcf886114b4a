"""The "same rank counts" option (RULES.md 2): cards of one rank add up as cards of one suit
do; the value is the best sum of cards sharing a suit or a rank, and three of a kind and fire
still win when they give more.

Every fast twin of the scorer (the game's hand keys, the shared numpy tables, the odds
lookups, the bots' value table, the best three of four cards) is checked hand by hand
against a brute force written here from the rule alone, over every hand of both packs.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
import pytest
from brute import dense_ranks, every_hand, points
from table_helpers import game as table_game
from table_helpers import play, stack

from thirtyone import Card, Rules, get_variant, score
from thirtyone.core.cards import card_from_index, make_pack
from thirtyone.core.lookup import (
    after_draw,
    all_hands,
    flat,
    hand_lookup,
    hand_strengths,
    hand_table,
)
from thirtyone.core.rules import OPTIONS
from thirtyone.game.hands import hand_key, is_blitz, is_fire
from thirtyone.odds.dealt import dealt_distribution
from thirtyone.odds.knock import knock_survival_exact
from thirtyone.odds.race import classes_for, race_curve
from thirtyone.odds.tables import lookup
from thirtyone.policies.view import value_table
from thirtyone.sim.batch import simulate_decks

HANDS = {52: every_hand(52), 32: every_hand(32)}


# --- the rule, read plainly (independent of the code under test) --------------------------

def groups(hand) -> list[list[int]]:
    """The points of every set of cards that add up: each suit present and each rank present."""
    by_suit = [[points(c) for c in hand if c[1] == s] for s in {c[1] for c in hand}]
    by_rank = [[points(c) for c in hand if c[0] == r] for r in {c[0] for c in hand}]
    return by_suit + by_rank


def value(hand, three_of_a_kind=None, fire=None) -> float:
    """RULES.md 2 with same rank counts: the best group; three of a kind and three aces
    (fire) are worth their option's value where it is more."""
    plain = max(sum(g) for g in groups(hand))
    if len({c[0] for c in hand}) == 1:
        if hand[0][0] == 14 and fire is not None:
            return float(max(fire, plain))
        if three_of_a_kind is not None:
            return float(max(three_of_a_kind, plain))
    return float(plain)


def kitty_key(hand, three_of_a_kind=None, fire=None) -> tuple:
    """The tie-break (Kitty): value, then the counted cards' points high to low, then the
    others'. The reading best for the player counts where two groups tie."""
    v = value(hand, three_of_a_kind, fire)
    every = sorted((points(c) for c in hand), reverse=True)
    if len({c[0] for c in hand}) == 1 and v != max(sum(g) for g in groups(hand)):
        return (v, *every, 0, 0, 0)
    best = None
    for g in groups(hand):
        if sum(g) != max(sum(x) for x in groups(hand)):
            continue
        rest = list(every)
        for p in g:
            rest.remove(p)
        key = (v, *(sorted(g, reverse=True) + [0] * (3 - len(g))), *(rest + [0] * (3 - len(rest))))
        best = key if best is None else max(best, key)
    return best


def cards(hand) -> tuple[Card, ...]:
    return tuple(Card(r, s) for r, s in hand)


def same_rank(pack=52, **options) -> Rules:
    return Rules(pack=pack, same_rank=True, **options)


# --- facts reasoned from the rule by hand --------------------------------------------------

@pytest.mark.parametrize("hand,expected", [
    ("7H 7S KD", 14),     # a pair of sevens beats the lone king
    ("9H 9S 9D", 27),     # three nines add up without a three-of-a-kind value
    ("AS AH 2C", 22),     # a pair of aces
    ("AH KH 9S", 21),     # a suit still counts as before
    ("2H 2S KD", 10),     # a pair worth less than the best single card does not count
    ("KH KS KD", 30),     # three ten-point cards of one rank: 30 by adding up
    ("AH AS AD", 33),     # three aces: 33, more than any suit
    ("7H 7S 8H", 15),     # hearts (7 + 8) beat the sevens (7 + 7)
])
def test_hand_values_reasoned_from_the_rule(hand, expected):
    assert score(hand, same_rank()).points == expected
    assert value(tuple((c.rank, c.suit) for c in score(hand, same_rank()).cards)) == expected


def test_three_of_a_kind_and_fire_still_win_only_when_they_give_more():
    assert score("9H 9S 9D", same_rank(three_of_a_kind=30)).points == 30      # 30 > 27
    assert score("9H 9S 9D", same_rank(three_of_a_kind=30.5)).points == 30.5
    assert score("AH AS AD", same_rank(three_of_a_kind=30.5)).points == 33    # 33 > 30.5
    fire32 = score("AH AS AD", same_rank(fire=32))
    assert fire32.points == 33 and fire32.fire       # still fire, worth the larger 33
    assert score("AH AS AD", same_rank(fire=33)).points == 33
    assert score("AH AS AD", Rules(fire=32)).points == 32                     # option off


def test_the_option_off_changes_nothing():
    assert score("7H 7S KD", Rules()).points == 10
    assert score("AS AH 2C", Rules()).points == 11


def test_the_explanation_says_a_rank_sum_was_counted():
    why = score("7H 7S KD", same_rank()).explain()
    assert "same rank" in why and "14" in why and why.count(".") == 1
    assert "same rank" not in score("AH KH 9S", same_rank()).explain()
    # the pair that lost to a single card is named, so the student sees it was weighed
    assert "2♥ and 2♠" in score("2H 2S KD", same_rank()).explain()


@pytest.mark.parametrize("pack", [52, 32])
def test_a_pair_is_never_31_so_blitzes_stay_24(pack):
    rules = same_rank(pack)
    values = [value(h) for h in HANDS[pack]]
    assert values.count(31.0) == 24
    assert sum(score(cards(h), rules).blitz for h in HANDS[pack]) == 24


def test_32_cards_counts_of_the_values_the_rule_makes_possible():
    counts = Counter(value(h) for h in HANDS[32])
    # 22: two aces (6 pairs) with any card but an ace (28): a suit of two cards is at most 21
    # and three cards of one suit are at least 7 + 8 + 9 = 24
    assert counts[22.0] == 6 * 28
    # 14: two sevens (6 pairs) with a non-seven of the other two suits (2 x 7 cards); with
    # one of the sevens' suits it makes 15 or more
    assert counts[14.0] == 6 * 14
    for impossible in (12, 13, 23):
        assert counts[float(impossible)] == 0
    assert counts[33.0] == 4 and max(counts) == 33.0


def test_equal_totals_tie_whether_found_by_suit_or_by_rank():
    rules = get_variant("scat").rules.replace(same_rank=True)
    assert score("KH KS 5D", rules) == score("KD QD 5C", rules)    # both 20
    kitty = get_variant("kitty").rules.replace(same_rank=True)
    # the tie-break compares the counted cards' points, never whether they share suit or rank
    assert score("KH KS 5D", kitty) == score("KD QD 5C", kitty)
    assert score("KH KS 5D", kitty) > score("KD QD 4C", kitty)


def test_the_option_plays_a_part_only_for_suit_sums():
    assert OPTIONS["same_rank"].applies(get_variant("schwimmen").rules)
    for key in ("stop_the_bus", "banking"):
        assert not OPTIONS["same_rank"].applies(get_variant(key).rules)
    assert all(not v.rules.same_rank for v in (get_variant(k) for k in
               ("scat", "blitz", "five_dollar", "eenendertigen", "running_total", "kitty",
                "schwimmen", "stop_the_bus", "switch", "banking")))


# --- every twin agrees with the rule on every hand -----------------------------------------

OPTION_SETS = [dict(), dict(three_of_a_kind=30), dict(three_of_a_kind=30.5, fire=33),
               dict(fire=32)]


@pytest.mark.parametrize("pack", [52, 32])
@pytest.mark.parametrize("opts", OPTION_SETS, ids=str)
def test_scorer_and_fast_twins_give_every_hand_its_value(pack, opts):
    rules = same_rank(pack, **opts)
    expected = np.array([value(h, opts.get("three_of_a_kind"), opts.get("fire"))
                         for h in HANDS[pack]])
    scored = [score(cards(h), rules) for h in HANDS[pack]]
    assert [s.points for s in scored] == expected.tolist()
    assert [hand_key(cards(h), rules) for h in HANDS[pack]] == [s.key for s in scored]
    assert [is_fire(cards(h), rules) for h in HANDS[pack]] == [s.fire for s in scored]
    assert sum(is_blitz(cards(h), rules) for h in HANDS[pack]) == 24
    # the numpy tables (rows of all_hands) and the flat lookups over ordered hands
    rows = [tuple((c.rank, c.suit) for c in sorted(cards_of_row(r))) for r in all_hands(pack)]
    by_hand = dict(zip((tuple(sorted(h)) for h in HANDS[pack]), expected, strict=True))
    want = np.array([by_hand[tuple(sorted(h))] for h in rows])
    assert np.array_equal(hand_table(rules).values, want)
    assert np.array_equal(hand_strengths(rules), want)
    h = all_hands(pack).astype(np.int64)
    _, v2 = hand_lookup(rules)
    assert np.array_equal(v2[flat(h[:, 2], h[:, 0], h[:, 1])], np.rint(want * 2))
    assert np.array_equal(lookup(rules).points[h[:, 1], h[:, 2], h[:, 0]], want)
    assert np.array_equal(value_table(rules).strength[h[:, 0], h[:, 2], h[:, 1]], want)


@pytest.mark.parametrize("pack", [52, 32])
@pytest.mark.parametrize("opts", [dict(), dict(three_of_a_kind=30.5, fire=32)], ids=str)
def test_the_tie_break_orders_every_hand_as_the_rule_reads_it(pack, opts):
    rules = get_variant("kitty").rules.replace(same_rank=True, pack=pack, **opts)
    keys = [score(cards(h), rules).key for h in HANDS[pack]]
    want = dense_ranks([kitty_key(h, opts.get("three_of_a_kind"), opts.get("fire"))
                        for h in HANDS[pack]])
    assert dense_ranks(keys) == want
    assert [hand_key(cards(h), rules) for h in HANDS[pack]] == keys
    rows = [tuple(sorted((c.rank, c.suit) for c in cards_of_row(r))) for r in all_hands(pack)]
    by_hand = dict(zip((tuple(sorted(h)) for h in HANDS[pack]), want, strict=True))
    assert dense_ranks(list(hand_strengths(rules))) == [by_hand[h] for h in rows]


@pytest.mark.parametrize("pack", [32, 52])
def test_the_best_three_of_four_cards_is_the_rules_best(pack):
    """``lookup.after_draw``: every hand plus every other card, the best three of the four."""
    rules = same_rank(pack, three_of_a_kind=30.5)
    best3 = {tuple(sorted(h)): value(h, 30.5) for h in HANDS[pack]}
    rows, g = after_draw(rules)
    del rows
    hands = all_hands(pack)
    deck = {c: (card_from_index(c).rank, card_from_index(c).suit)
            for c in set(hands.ravel().tolist())}
    wrong = 0
    for i, row in enumerate(hands.tolist()):
        three = [deck[c] for c in row]
        for c, card in deck.items():
            if c in row:
                continue
            four = three + [card]
            want = max(best3[tuple(sorted(x))] for x in combinations(four, 3))
            wrong += g[i, c] / 2 != want    # the table is on the doubled-points scale
    assert wrong == 0


def cards_of_row(row) -> tuple[Card, ...]:
    return tuple(card_from_index(int(i)) for i in row)


def test_race_classes_keep_hands_of_different_value_apart():
    """The race model merges hands that play alike; with same rank counts a king and a
    queen are no longer alike (two kings add up, a king and a queen do not)."""
    for pack in (32, 52):
        rules = same_rank(pack)
        hc = classes_for(rules)
        vals = hand_table(rules).values
        cls = hc.class_of(all_hands(pack))
        for c in np.unique(cls):
            assert len(set(vals[cls == c].tolist())) == 1


# --- the odds and the simulator use it -----------------------------------------------------

def test_racing_odds_rise_as_more_hands_reach_the_target():
    """The moves are the same, only more hands reach 27 (three nines, three kings, three
    aces), so the best chance within k turns is never lower, and higher on the deal."""
    rules = get_variant("scat").rules
    plain = race_curve(rules, target=27, k_max=10).best_possible
    ranked = race_curve(rules.replace(same_rank=True), target=27, k_max=10).best_possible
    assert ranked[0] > plain[0]
    assert (ranked >= plain - 1e-12).all()


def test_exact_dealt_distribution_rises_with_same_rank():
    plain = dealt_distribution(get_variant("schwimmen").rules)
    ranked = dealt_distribution(get_variant("schwimmen").rules.replace(same_rank=True))
    assert ranked.mean > plain.mean
    assert ranked.probabilities.get(22.0, 0) > 0 and plain.probabilities.get(22.0, 0) == 0


def test_exact_knock_survival_falls_as_opponents_hands_count_more():
    """Every opponent hand is worth at least as much with the option, so a knock on the same
    value is safe less often (Odds lab, knock safety)."""
    for key in ("scat", "schwimmen"):
        rules = get_variant(key).rules
        plain, ranked = knock_survival_exact(rules, 1), knock_survival_exact(
            rules.replace(same_rank=True), 1)
        for v in (15.0, 20.0):
            assert (ranked.survive[list(ranked.values).index(v)]
                    < plain.survive[list(plain.values).index(v)])


# --- the table engine and the simulator: a showdown decided by a pair ---------------------
# Two players, Ann deals; Bo moves first holding 7H 7S 2D (14 with the option, 7 without);
# Ann holds 9C 3D 4H (9); the upcard 2S and the stock's 3S help neither.

HANDS_PAIR = ["9C 3D 4H", "7H 7S 2D"]


def _pair_game(on: bool):
    rules = get_variant("scat").rules.replace(same_rank=on)
    return table_game("scat", HANDS_PAIR, rules=rules, table="2S", stock="3S 5C")


def test_the_table_showdown_counts_the_pair():
    g = _pair_game(True)
    play(g, "knock", "stand")
    res = g.round_result
    assert res.values == (9.0, 14.0)
    assert res.lives_lost == (1, 0)          # Ann's 9 is lowest; the knocker's pair is safe
    g = _pair_game(False)
    play(g, "knock", "stand")
    assert g.round_result.lives_lost == (0, 2)   # without it Bo's 7 is alone lowest: two lost


def test_the_simulator_sees_the_pair_too():
    """The batched bots knock at 14 only when the pair counts, and the batched showdown then
    takes Ann's life, as the table engine does."""
    rules = get_variant("scat").rules
    top = stack(2, HANDS_PAIR, dealer=0, table="2S", stock="3S 5C")
    deck = top + [c for c in make_pack(52) if c not in top]
    on = simulate_decks(rules.replace(same_rank=True), 2, [deck], 0, knock_at=14.0)
    assert (int(on.knocker[0]), int(on.turns[0])) == (1, 2)
    assert on.lives_lost[0].tolist() == [1, 0]
    assert on.values[0].tolist() == [9.0, 14.0]
    off = simulate_decks(rules, 2, [deck], 0, knock_at=14.0)
    assert (int(off.knocker[0]), int(off.turns[0])) != (1, 2)   # a 7 is no knock at 14
