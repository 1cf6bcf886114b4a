"""Knock survival (thirtyone.odds_knock): the exact one-opponent curve against an all-pairs
brute force, and both exact curves against simulations of fresh hands."""

from __future__ import annotations

import numpy as np
import pytest

from thirtyone import get_variant
from thirtyone.core.lookup import hand_table
from thirtyone.odds.knock import knock_survival_exact, simulate_fresh_knock
from thirtyone.sim.knock import iter_knock_after_turns

R32 = get_variant("eenendertigen").rules
R52 = get_variant("scat").rules


def brute_one_opponent(rules):
    """Every (your hand, opponent hand) pair that shares no card, counted directly."""
    from brute import every_hand, suit_sum

    hands = every_hand(rules.pack)
    values = np.array([suit_sum(h, rules.three_of_a_kind, rules.fire) for h in hands])
    bit = {c: i for i, c in enumerate(sorted({c for h in hands for c in h}))}
    masks = np.array([sum(1 << bit[c] for c in h) for h in hands], dtype=np.int64)
    out = {}
    for v in np.unique(values):
        mine = np.flatnonzero(values == v)
        disjoint = (masks[mine][:, None] & masks[None, :]) == 0
        better = disjoint & (values[None, :] > v)
        no_lower = disjoint & (values[None, :] >= v)
        n = disjoint.sum(axis=1)
        out[float(v)] = (1 - (better.sum(axis=1) / n).mean(),
                         1 - (no_lower.sum(axis=1) / n).mean())
    return out


@pytest.mark.parametrize("tied", ["safe", "same"])
def test_one_opponent_curve_is_exact_against_every_pair_of_hands(tied):
    rules = R32.replace(knocker_tied=tied)
    brute = brute_one_opponent(rules)
    c = knock_survival_exact(rules, 1)
    assert c.exact
    assert set(c.values) == set(brute)
    for v, survive, lower in zip(c.values, c.survive, c.not_lowest, strict=True):
        safe_if_tied, lost_if_tied = brute[float(v)]
        assert lower == pytest.approx(lost_if_tied, abs=1e-12)
        assert survive == pytest.approx(safe_if_tied if tied == "safe" else lost_if_tied,
                                        abs=1e-12)


def test_a_knock_on_31_never_loses_when_ties_are_safe():
    c = knock_survival_exact(R52, 3)
    assert c.survive[list(c.values).index(31.0)] == pytest.approx(1.0)


def test_more_opponents_make_a_low_knock_safer():
    values = [list(knock_survival_exact(R52, n).survive) for n in (1, 2, 4, 6)]
    i = list(knock_survival_exact(R52, 1).values).index(12.0)
    assert values[0][i] < values[1][i] < values[2][i] < values[3][i]


@pytest.mark.parametrize("value", [17.0, 20.0, 25.0])
def test_exact_one_opponent_curve_matches_a_simulation_of_fresh_hands(value):
    rounds = 60_000
    c = knock_survival_exact(R32, 1)
    p = c.survive[list(c.values).index(value)]
    seen, _ = simulate_fresh_knock(R32, 1, value, rounds, seed=int(value))
    assert abs(seen - p) <= 4 * np.sqrt(p * (1 - p) / rounds)


def test_second_opponent_factor_counts_disjoint_pairs_exactly():
    from thirtyone.odds.knock import second_opponent

    table = hand_table(R32)
    hands, s = table.hands, table.strength
    masks = np.bitwise_or.reduce(np.left_shift(np.int64(1), hands.astype(np.int64)), axis=1)
    second, second_or_tie = second_opponent(R32)
    rng = np.random.default_rng(3)
    for i in rng.choice(len(hands), 4, replace=False):
        away = (masks & masks[i]) == 0
        for better, got in ((s > s[i], second[i]), (s >= s[i], second_or_tie[i])):
            g = masks[away & better]
            pairs = np.count_nonzero((g[:, None] & g[None, :]) == 0)  # ordered, disjoint
            after = 2600  # C(26, 3): hands missing both K and the first hand
            expected = pairs / (len(g) * after) if len(g) else 0.0
            assert got == pytest.approx(expected, abs=1e-12)


def test_two_opponents_curve_is_exact_against_simulation():
    rounds = 150_000
    c = knock_survival_exact(R32, 2)
    assert c.exact
    p = c.survive[list(c.values).index(18.0)]
    seen, _ = simulate_fresh_knock(R32, 2, 18.0, rounds, seed=12)
    assert abs(seen - p) <= 4 * np.sqrt(p * (1 - p) / rounds)


@pytest.mark.parametrize("opponents,value", [(3, 18.0), (5, 17.0), (4, 12.0)])
def test_more_opponents_approximation_stays_within_a_few_thousandths(opponents, value):
    rules = R32 if value > 15 else R52
    rounds = 60_000
    c = knock_survival_exact(rules, opponents)
    assert not c.exact
    p = c.survive[list(c.values).index(value)]
    seen, _ = simulate_fresh_knock(rules, opponents, value, rounds, seed=opponents)
    assert abs(seen - p) <= 4 * np.sqrt(p * (1 - p) / rounds) + 0.003


def test_simulation_with_no_turns_played_is_close_to_fresh_hands():
    *_, res = iter_knock_after_turns(R32, 2, 0, 20_000, seed=4)
    exact = knock_survival_exact(R32, 2)
    for v in (17.0, 19.0, 21.0):
        i, j = list(res.values).index(v), list(exact.values).index(v)
        # The knocker's own cards are random here, not a hand worth v: allow a little.
        assert abs(res.survive[i] - exact.survive[j]) < 0.03


def test_opponents_who_played_more_turns_make_a_knock_riskier():
    *_, early = iter_knock_after_turns(R52, 3, 0, 10_000, seed=1)
    *_, late = iter_knock_after_turns(R52, 3, 4, 10_000, seed=1)
    i = list(early.values).index(20.0)
    assert late.high[i] < early.low[i]


def test_simulation_bands_hold_the_estimate_and_sharpen():
    parts = list(iter_knock_after_turns(R52, 2, 2, 8_000, seed=2, batch=2_000))
    assert [p.rounds for p in parts] == [2_000, 4_000, 6_000, 8_000]
    i = list(parts[0].values).index(18.0)
    assert all(p.low[i] <= p.survive[i] <= p.high[i] for p in parts)
    assert parts[-1].high[i] - parts[-1].low[i] < parts[0].high[i] - parts[0].low[i]


def test_brag_knock_curve_is_by_class_and_simulation_is_refused():
    rules = get_variant("stop_the_bus").rules
    c = knock_survival_exact(rules, 1)
    assert c.labels[0] == "high card" and c.labels[-1] == "prial"
    assert len(c.values) == len(np.unique(hand_table(rules).values))
    with pytest.raises(ValueError, match="suit-sum"):
        next(iter_knock_after_turns(rules, 2, 1, 100))


def test_standard_and_basic_opponents_play_almost_alike_without_knocking():
    # Without knocks the standard bot differs from basic only in tie-breaks (outs).
    *_, std = iter_knock_after_turns(R52, 3, 3, 10_000, seed=6, bots="standard")
    *_, basic = iter_knock_after_turns(R52, 3, 3, 10_000, seed=6, bots="basic")
    i = list(std.values).index(20.0)
    assert abs(std.survive[i] - basic.survive[i]) < 0.03


def test_swap_family_opponents_improve_from_the_middle_cards():
    rules = get_variant("schwimmen").rules
    *_, early = iter_knock_after_turns(rules, 2, 0, 6_000, seed=8)
    *_, late = iter_knock_after_turns(rules, 2, 3, 6_000, seed=8)
    i = list(early.values).index(21.0)
    assert late.high[i] < early.low[i]
