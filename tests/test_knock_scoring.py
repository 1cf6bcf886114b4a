"""A knock is judged by what the rules reward (RULES.md 3e and the Kitty notes): lives (do not
lose one), points (do not score low) and chips (nobody ends higher and takes the pot). One
test per way of keeping score, each against real table-engine rounds (tests/knock_yardstick):
the knocker knocks on its first turn with a hand of the given value and the others stand,
so the table plays exactly the exact curve's "fresh hands" and its own showdown says how
the knock went."""

from __future__ import annotations

import numpy as np
import pytest
from knock_yardstick import knock_went_well

from thirtyone import get_variant
from thirtyone.odds.knock import knock_risk, knock_survival_exact
from thirtyone.sim.knock import iter_knock_after_turns

KITTY = get_variant("kitty").rules
SCAT = get_variant("scat").rules
RUNNING = get_variant("running_total").rules


def _exact(rules, players, value):
    c = knock_survival_exact(rules, players - 1)
    i = list(c.values).index(value)
    return c.survive[i], c.not_lowest[i]


def _within(table, n, p, k=4.0):
    return abs(table - p) <= k * np.sqrt(p * (1 - p) / n)


def test_kitty_knock_figure_is_the_chance_of_not_winning_the_pot():
    # 21 against three fresh hands: almost never the lowest, yet someone ends higher (and
    # takes the pot) far more often; the engine's pot payments say which is right.
    survive, not_lowest = _exact(KITTY, 4, 21.0)
    table, n = knock_went_well(KITTY, 4, 21.0, 2000, seed=3, bots=None)
    assert _within(table, n, survive)
    assert not_lowest - survive > 0.08          # the old reading would be far off
    assert not _within(table, n, not_lowest)


def test_kitty_tie_split_counts_as_winning_a_share():
    # Kitty's tie-break leaves true ties only between hands alike in every point; with
    # them the knocker shares the pot. The figure counts that share as winning.
    survive, _ = _exact(KITTY, 3, 31.0)
    assert survive == pytest.approx(1.0)


@pytest.mark.parametrize("tied", ["safe", "same"])
def test_lives_knock_figure_is_the_chance_of_keeping_the_life(tied):
    rules = SCAT.replace(knocker_tied=tied)
    survive, _ = _exact(rules, 3, 12.0)
    table, n = knock_went_well(rules, 3, 12.0, 2500, seed=4, bots=None)
    assert _within(table, n, survive)


def test_points_knock_figure_is_the_chance_of_not_scoring_low():
    # Places decide in Running total: tied players share the best place of their group, so
    # a knocker tied for last does not score low, whatever the (lives) tie option says.
    rules = RUNNING.replace(knocker_tied="same")
    survive, not_lowest = _exact(rules, 3, 12.0)
    assert survive > not_lowest
    table, n = knock_went_well(rules, 3, 12.0, 2500, seed=5, bots=None)
    assert _within(table, n, survive)


def test_simulated_curve_in_a_pot_game_is_the_chance_of_winning_the_pot():
    rules = SCAT.replace(scoring="chips", chips=10, ante=1)
    *_, fast = iter_knock_after_turns(rules, 3, 1, 40_000, seed=2, bots="basic")
    p = fast.survive[list(fast.values).index(26.0)]
    table, n = knock_went_well(rules, 4, 26.0, 2000, seed=6, bots="basic")
    assert abs(table - p) <= 4 * np.sqrt(p * (1 - p) * (1 / n + 1 / 40_000))
    lives = iter_knock_after_turns(SCAT, 3, 1, 40_000, seed=2, bots="basic")
    *_, life = lives
    assert life.survive[list(life.values).index(26.0)] - p > 0.1


def test_knock_risk_words_follow_the_scoring_option():
    assert knock_risk(KITTY).kind == "pot" and "pot" in knock_risk(KITTY).good
    assert knock_risk(RUNNING).kind == "place"
    assert knock_risk(SCAT).kind == "life" and "you lose a" in knock_risk(SCAT).bad
    assert knock_risk(SCAT.replace(scoring="chips")).kind == "pot"
