"""The compiled kernel (``thirtyone.sim.kernel``, numba) plays exactly what the numpy path
plays: on the same deals, the same moves (so the same turns, knocks, final hands and lives
lost); and with its own shuffling, the same statistics within 4 standard errors. The numpy
path is the reference (tests/test_sim_decisions.py, tests/test_sim_vs_table.py pin it to the
table engine)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from thirtyone.core.cards import make_pack
from thirtyone.core.rules import get_variant
from thirtyone.sim import kernel
from thirtyone.sim.batch import SimulationError, pick_engine, simulate_decks, simulate_rounds
from thirtyone.sim.stats import ENDED_BY

needs_numba = pytest.mark.skipif(not kernel.available(), reason="numba is not installed")

HOUSE = get_variant("eenendertigen").rules.replace(
    three_of_a_kind=30.5, fire=33, knock_from="second_circle", blitz_effect="showdown",
    blitz_after_knock=True, stock_out="score", knocker_tied="double",
    may_discard_taken_card=True)

CASES = {
    "scat basic": (get_variant("scat").rules, 4, "basic", 25.0),
    "scat standard": (get_variant("scat").rules, 4, "standard", 25.0),
    "heads-up standard": (get_variant("scat").rules, 2, "standard", 25.0),
    "mixed seats": (get_variant("five_dollar").rules, 3, "standard,basic,standard", 27.0),
    # 32 cards, fire, three of a kind, a scored empty stock (knocking late makes it happen)
    "house rules": (HOUSE, 4, "basic,standard,basic,standard", 30.0),
    "running total": (get_variant("running_total").rules, 5, "standard", 25.0),
    "tie-break": (get_variant("scat").rules.replace(tie_break=True, same_rank=True), 4,
                  "standard,basic,basic,basic", 25.0),
}


def _decks(rules, count, seed):
    pack = np.array([c.index for c in make_pack(rules.pack)])
    return np.random.default_rng(seed).permuted(np.broadcast_to(pack, (count, len(pack))),
                                                axis=1)


@needs_numba
@pytest.mark.parametrize("case", list(CASES))
def test_the_kernel_makes_the_numpy_paths_moves_on_the_same_deals(case):
    rules, n, bots, knock_at = CASES[case]
    decks = _decks(rules, 3_000, seed=len(case))
    dealers = np.arange(len(decks)) % n
    a = simulate_decks(rules, n, decks, dealers, bots=bots, knock_at=knock_at, engine="numpy")
    b = simulate_decks(rules, n, decks, dealers, bots=bots, knock_at=knock_at, engine="numba")
    for field in ("ended_by", "turns", "knocker", "knock_turn", "values", "lives_lost"):
        np.testing.assert_array_equal(getattr(a, field), getattr(b, field), err_msg=field)
    # the deals are varied enough to mean something: rounds end in more than one way
    assert len(set(a.ended_by.tolist())) >= 2 and a.turns.max() >= 6


@needs_numba
def test_a_batch_split_into_parts_on_threads_plays_every_deal_as_numpy_does():
    rules = get_variant("scat").rules
    decks = _decks(rules, 2 * kernel.PART + 123, seed=3)
    a = simulate_decks(rules, 4, decks, np.arange(len(decks)) % 4, engine="numpy")
    b = simulate_decks(rules, 4, decks, np.arange(len(decks)) % 4, engine="numba")
    for field in ("ended_by", "turns", "knocker", "values", "lives_lost"):
        np.testing.assert_array_equal(getattr(a, field), getattr(b, field), err_msg=field)


@needs_numba
@pytest.mark.parametrize("bots", ["basic", "standard"])
def test_the_kernels_own_shuffle_gives_the_numpy_paths_statistics(bots):
    rules = get_variant("scat").rules
    a = simulate_rounds(rules, 4, 100_000, seed=5, bots=bots, engine="numpy")
    b = simulate_rounds(rules, 4, 100_000, seed=6, bots=bots, engine="numba")
    for code, name in enumerate(ENDED_BY):
        pa, pb = (a.ended_by == code).mean(), (b.ended_by == code).mean()
        se = math.sqrt((pa * (1 - pa) + pb * (1 - pb)) / 100_000)
        assert se == 0 or abs(pa - pb) / se < 4, name
    se = math.sqrt((a.turns.var() + b.turns.var()) / 100_000)
    assert abs(a.turns.mean() - b.turns.mean()) / se < 4
    for seat in range(4):     # who loses, seat by seat
        pa, pb = (a.lives_lost[:, seat] > 0).mean(), (b.lives_lost[:, seat] > 0).mean()
        assert abs(pa - pb) / math.sqrt((pa * (1 - pa) + pb * (1 - pb)) / 100_000) < 4


@needs_numba
def test_the_same_seed_gives_the_same_rounds_again():
    rules = get_variant("scat").rules
    a = simulate_rounds(rules, 4, 3 * kernel.PART, seed=9, engine="numba")
    b = simulate_rounds(rules, 4, 3 * kernel.PART, seed=9, engine="numba")
    np.testing.assert_array_equal(a.turns, b.turns)
    np.testing.assert_array_equal(a.lives_lost, b.lives_lost)


def test_auto_picks_numpy_where_the_kernel_does_not_play():
    scat, swap = get_variant("scat").rules, get_variant("schwimmen").rules
    assert pick_engine("auto", swap, ["basic"] * 4) == "numpy"
    assert pick_engine("auto", scat, ["random", "basic", "basic"]) == "numpy"
    assert pick_engine("auto", scat.replace(stock_out="reshuffle"), ["basic"] * 3) == "numpy"
    assert pick_engine("numpy", scat, ["basic"] * 3) == "numpy"
    with pytest.raises(SimulationError):
        pick_engine("numba", swap, ["basic"] * 4)
    with pytest.raises(SimulationError):
        pick_engine("fastest", scat, ["basic"] * 4)
    expected = "numba" if kernel.available() else "numpy"
    assert pick_engine("auto", scat, ["basic", "standard"]) == expected


def test_the_kernels_table_rows_hold_every_hand_once():
    rows = kernel.canonical()
    assert len(rows) == len(set(rows.tolist())) == 22_100
    a, b, c = rows // 2704, rows // 52 % 52, rows % 52
    assert ((a < b) & (b < c)).all()
    assert kernel.small(np.array([0, 62])).dtype == np.int16
    assert kernel.small(np.array([0, 10 ** 12])).dtype == np.int64


def test_the_cli_compiled_engine_plays_the_same_game_as_the_default(capsys):
    # `thirtyone simulate --engine compiled` (numba where installed, numpy elsewhere) against
    # the default numpy simulator: other rounds from the seed, the same game within 4 SE
    import json

    from thirtyone.cli import main

    rates = []
    for engine in ("fast", "compiled"):
        main(["simulate", "--variant", "scat", "--players", "4", "--rounds", "20000",
              "--seed", "3", "--json", "--engine", engine])
        rates.append(json.loads(capsys.readouterr().out))
    n = 20_000
    for key in ("knock_rate", "blitz_rate"):
        p = (rates[0][key] + rates[1][key]) / 2
        se = math.sqrt(2 * p * (1 - p) / n)
        assert abs(rates[0][key] - rates[1][key]) <= 4 * se + 1e-9, key
