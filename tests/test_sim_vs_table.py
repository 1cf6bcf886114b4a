"""The fast simulator and the table engine play the same game: for the same rules and bots
their blitz, knock and void rates, mean turns per round and the knocker's loss rate agree
within 4 standard errors.

This is the one expensive test file: the table engine plays 20,000 rounds one at a time for
each of scat, blitz, schwimmen and a house-rules combination (about a minute on a 2-core
machine). The fast side plays 200,000 rounds, so the table side's noise dominates.
"""

from __future__ import annotations

import argparse
import math

import pytest
from tiers import long_except

from thirtyone.bots import simulate_table
from thirtyone.cli import simulate_command
from thirtyone.core.rules import get_variant
from thirtyone.sim.batch import simulate
from thirtyone.sim.stats import SimStats

TABLE_ROUNDS = 20_000
FAST_ROUNDS = 200_000
Z_MAX = 4.0

# Eenendertigen's 32-card pack with many options changed at once: three of a kind 30.5, fire
# 33, knocking only from the second circle, a 31 after a knock still ends the round but is
# scored as a showdown, an empty stock is scored, a knocker tied for lowest loses two, and a
# random bot in one seat. Knocking at 30 makes the stock run out in about 1 % of rounds.
HOUSE = get_variant("eenendertigen").rules.replace(
    three_of_a_kind=30.5, fire=33, knock_from="second_circle", blitz_effect="showdown",
    blitz_after_knock=True, stock_out="score", knocker_tied="double",
    may_discard_taken_card=True)

CASES = {
    "scat": (get_variant("scat").rules, 4, "basic", 25.0, TABLE_ROUNDS),
    "blitz": (get_variant("blitz").rules, 4, "basic", 25.0, TABLE_ROUNDS),
    "schwimmen": (get_variant("schwimmen").rules, 4, "basic", 25.0, TABLE_ROUNDS),
    "house_rules": (HOUSE, 4, "basic,random,basic,basic", 30.0, TABLE_ROUNDS),
    # cheaper extra checks: random bots everywhere, and a swap game where nobody knocks, so
    # full circles of passes renew the middle until a 31 or the empty stock (void) ends it
    "scat_random": (get_variant("scat").rules, 3, "random", 25.0, 8_000),
    # points scoring: the knocker "loses" when it takes the low place
    "running_total": (get_variant("running_total").rules, 3, "basic", 25.0, 4_000),
    "swap_no_knock": (get_variant("schwimmen").rules.replace(allow_swap_all=False,
                                                            stock_out="void"),
                      4, "basic", 31.0, 6_000),
}


def _z_share(a: int, na: int, b: int, nb: int) -> float:
    if na == 0 or nb == 0:
        return 0.0
    pa, pb = a / na, b / nb
    se = math.sqrt(pa * (1 - pa) / na + pb * (1 - pb) / nb)
    if se == 0:
        return 0.0 if pa == pb else math.inf
    return abs(pa - pb) / se


def _z_mean(s: SimStats, t: SimStats) -> float:
    se = math.sqrt(s.turns_sd ** 2 / s.rounds + t.turns_sd ** 2 / t.rounds)
    return abs(s.mean_turns - t.mean_turns) / se if se else 0.0


def _compare(fast: SimStats, table: SimStats) -> dict[str, float]:
    return {
        "blitz_rate": _z_share(fast.blitz, fast.rounds, table.blitz, table.rounds),
        "knock_rate": _z_share(fast.knock, fast.rounds, table.knock, table.rounds),
        "void_rate": _z_share(fast.void, fast.rounds, table.void, table.rounds),
        "stock_rate": _z_share(fast.stock, fast.rounds, table.stock, table.rounds),
        "mean_turns": _z_mean(fast, table),
        "knocker_lost_rate": _z_share(fast.knocker_lost, fast.knock,
                                      table.knocker_lost, table.knock),
    }


@pytest.mark.slow
# the 20,000-round cases in the long tier (--long); the cheaper ones in every run
@pytest.mark.parametrize("case", long_except(CASES, "scat_random", "running_total"))
def test_fast_simulator_agrees_with_the_table_engine(case):
    rules, n, bots, knock_at, table_rounds = CASES[case]
    table = simulate_table(rules, n, table_rounds, seed=2024, bots=bots, knock_at=knock_at)
    fast = simulate(rules, n, FAST_ROUNDS, seed=7, bots=bots, knock_at=knock_at)
    z = _compare(fast, table)
    report = {k: (round(getattr(fast, k, 0.0), 4), round(getattr(table, k, 0.0), 4), round(v, 2))
              for k, v in z.items() if hasattr(fast, k)}
    assert max(z.values()) < Z_MAX, report


def test_table_engine_option_of_the_command():
    args = argparse.Namespace(variant="scat", rule=None, players=3, rounds=200, seed=1,
                              bots="basic", knock_at=25.0, engine="table", json=True)
    out = simulate_command(args)
    assert out["rounds"] == 200
    assert out["blitz_rate"] + out["knock_rate"] + out["void_rate"] == pytest.approx(1.0)


def test_both_engines_call_a_round_void_after_the_same_number_of_turns():
    from thirtyone.bots import MAX_ROUND_TURNS
    from thirtyone.sim.batch import MAX_TURNS

    assert MAX_TURNS == MAX_ROUND_TURNS
