"""Racing to 31 alone (thirtyone.odds_race): dynamic programming against counting by hand
and against Monte Carlo runs of its own policies."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from thirtyone import get_variant, parse_hand
from thirtyone.core.lookup import hand_table
from thirtyone.odds.race import classes_for, race_curve, solve_race
from thirtyone.sim.race import simulate_race

R32 = get_variant("eenendertigen").rules
R52 = get_variant("scat").rules


def test_on_the_deal_the_race_is_already_won_3_times_in_620():
    c = race_curve(R32, 31, 5)
    assert c.best_possible[0] == pytest.approx(3 / 620)
    assert c.basic_policy[0] == pytest.approx(3 / 620)


def test_ace_king_of_hearts_needs_one_of_three_heart_tens_from_49_cards():
    # AH KH 2C: QH, JH or TH completes 31; every draw is one of the 49 cards not held.
    c = race_curve(R52, 31, 1, parse_hand("AH KH 2C"))
    assert c.best_possible[1] == pytest.approx(3 / 49)
    assert c.basic_policy[1] == pytest.approx(3 / 49)


def test_renaming_suits_changes_nothing():
    a = race_curve(R52, 31, 10, parse_hand("AH 9H 2C"))
    b = race_curve(R52, 31, 10, parse_hand("AS 9S 2D"))
    np.testing.assert_allclose(a.best_possible, b.best_possible)
    assert a.expected_turns_fastest == pytest.approx(b.expected_turns_fastest)


@pytest.mark.parametrize("key", ["scat", "eenendertigen", "schwimmen"])
def test_every_hand_in_a_class_has_the_same_value(key):
    rules = get_variant(key).rules
    hc = classes_for(rules)
    table = hand_table(rules)
    cls = hc.class_of(table.hands.astype(np.int64))
    assert (cls >= 0).all()
    assert hc.sizes.sum() == len(table)
    for c in np.unique(cls)[:: max(1, len(hc.sizes) // 80)]:
        assert len(np.unique(table.values[cls == c])) == 1


@pytest.mark.parametrize("key", ["scat", "eenendertigen"])
def test_no_policy_beats_the_best_possible_chance(key):
    c = race_curve(get_variant(key).rules, 31, 30)
    assert (c.fastest_policy <= c.best_possible + 1e-12).all()
    assert (c.basic_policy <= c.best_possible + 1e-12).all()
    assert (np.diff(c.best_possible) >= -1e-12).all()


def test_the_fastest_policy_needs_fewer_turns_than_the_basic_bot():
    c = race_curve(R32, 31, 10)
    assert c.expected_turns_fastest < c.expected_turns_basic


def _within_4_se(first, curve, k_max, rounds):
    for k in range(1, k_max + 1):
        seen = float(np.mean(first <= k))
        p = float(curve[k])
        se = np.sqrt(max(p * (1 - p), 1e-9) / rounds)
        assert abs(seen - p) <= 4 * se, (k, seen, p)


def test_dp_chances_of_the_fastest_policy_match_a_monte_carlo_run_of_it():
    rounds, k_max = 40_000, 25
    first = simulate_race(R32, rounds, k_max, seed=11, policy="fastest")
    _within_4_se(first, race_curve(R32, 31, k_max).fastest_policy, k_max, rounds)


def test_dp_chances_of_the_basic_bot_match_a_monte_carlo_run_of_it():
    rounds, k_max = 20_000, 12
    first = simulate_race(R52, rounds, k_max, seed=12, policy="basic")
    _within_4_se(first, race_curve(R52, 31, k_max).basic_policy, k_max, rounds)


def test_expected_turns_match_a_monte_carlo_run_to_31():
    rounds = 8_000
    first = simulate_race(R32, rounds, 600, seed=13, policy="fastest")
    assert (first <= 600).all()
    e = race_curve(R32, 31, 1).expected_turns_fastest
    assert abs(first.mean() - e) <= 4 * first.std() / np.sqrt(rounds)


def test_a_basic_bot_holding_three_of_a_kind_worth_30_and_a_half_can_be_stuck_forever():
    # Scat with the three-of-a-kind house rule (Schwimmen has it, but nobody draws there).
    rules = dataclasses.replace(R52, three_of_a_kind=30.5)
    c = race_curve(rules, 31, 5, parse_hand("7S 7H 7D"))
    assert c.expected_turns_basic == float("inf")
    assert np.isfinite(c.expected_turns_fastest)
    assert c.basic_policy[5] == 0.0


def test_a_lower_goal_comes_sooner():
    low = race_curve(R52, 27, 10)
    high = race_curve(R52, 31, 10)
    assert (low.best_possible >= high.best_possible).all()
    assert low.expected_turns_fastest < high.expected_turns_fastest


def test_the_model_is_cautious_a_real_stock_brings_31_sooner():
    # The model shuffles discards back; a real stock never gives them again, so the cards
    # still to come are richer in what the hand needs.
    rounds = 20_000
    first = simulate_race(R32, rounds, 10, seed=3, policy="fastest", discards_gone=True)
    model = race_curve(R32, 31, 10).fastest_policy
    se = np.sqrt(model * (1 - model) / rounds)
    real = np.array([np.mean(first <= k) for k in range(11)])
    assert (real[1:] > model[1:] - 4 * se[1:]).all()   # never clearly slower
    assert real[10] > model[10] + 4 * se[10]           # and clearly faster by turn 10
    assert (real - model < 0.15).all()                 # but the model is not far off


def test_solution_is_cached_and_brag_rules_are_refused():
    assert solve_race(R52) is solve_race(R52, 31.0)
    with pytest.raises(ValueError, match="suit-sum"):
        solve_race(get_variant("stop_the_bus").rules)


@pytest.mark.parametrize("key", ["scat", "schwimmen", "kitty"])
def test_the_batched_basic_discard_is_the_basic_bots_discard(key):
    from thirtyone.core.cards import card_from_index
    from thirtyone.odds.tables import pack_indices
    from thirtyone.policies.basic import basic_discard, best_discard

    rules = get_variant(key).rules
    rng = np.random.default_rng(21)
    pack = pack_indices(rules)
    four = np.stack([rng.choice(pack, 4, replace=False) for _ in range(300)])
    mine = basic_discard(rules, four[:, :3], four[:, 3])
    for row, pos in zip(four, mine, strict=True):
        cards = tuple(card_from_index(int(i)) for i in row)
        assert cards[pos] == best_discard(cards, rules)


@pytest.mark.parametrize("key", ["schwimmen", "switch", "kitty widow_only"])
def test_the_race_model_is_refused_where_nobody_draws(key):
    from thirtyone.odds.race import race_withheld
    from thirtyone.odds.tables import OddsError

    rules = get_variant(key.split()[0]).rules
    if key.endswith("widow_only"):
        rules = rules.replace(widow_only=True)     # the house rule: no stock
    assert race_withheld(rules)
    with pytest.raises(OddsError, match="nobody draws"):
        race_curve(rules, 31, 10)


@pytest.mark.parametrize("key", ["scat", "eenendertigen", "running_total", "five_dollar",
                                 "kitty"])
def test_the_race_model_fits_every_variant_that_draws(key):
    from thirtyone.odds.race import race_withheld

    rules = get_variant(key).rules
    assert race_withheld(rules) is None
    assert race_curve(rules, 31, 3).best_possible[3] > 0
