"""The knock curve per seat (thirtyone.sim.seats) pinned to the table engine.

Yardstick (tests/knock_yardstick.py ``seat_knock_went_well``): real table-engine rounds
played with the same opponent model, the knock forced at the seat and turn (on turn 1 the
knocker is dealt a hand of the value and the engine's own showdown decides). The fast side
plays many rounds, so the two must agree within 4 standard errors. The seats differ a lot
(at 3 players with standard opponents a knock on 17 from the first seat is safe about 64 %
of the time, from the dealer's seat about 35 %), so a curve that gave every opponent the same
number of turns would fail here.
"""

from __future__ import annotations

import numpy as np
import pytest
from knock_yardstick import seat_knock_went_well
from tiers import LONG, long_except

from thirtyone import get_variant
from thirtyone.odds.tables import OddsError
from thirtyone.sim.seats import (
    OPPONENTS,
    iter_seat_knock,
    lowest_safe,
    max_knock_turn,
    seat_knock_counts,
)

SCAT = get_variant("scat").rules
SCHWIMMEN = get_variant("schwimmen").rules
BLITZ = get_variant("blitz").rules
FAST_ROUNDS = 40_000
VALUE = {3: 17.0, 5: 15.0}      # values where the curves are far from 0 and 1 at every seat
TABLE_ROUNDS = {("standard", 3): 700, ("standard", 5): 400, ("basic", 3): 1500,
                ("basic", 5): 1000}

# every seat of 3 and 5 against both models; the default run keeps basic at 3 seats
SEATS = long_except([pytest.param(opp, n, seat, id=f"{opp}-{n}-{seat}")
                     for opp in ("standard", "basic") for n in (3, 5) for seat in range(n)],
                    "basic-3-0", "basic-3-1", "basic-3-2")


def _agree(rules, players, seat, turn, value, opponent, table_rounds, seed=11):
    table = seat_knock_went_well(rules, players, seat, turn, value, opponent, table_rounds,
                                 seed=seed)
    *_, fast = iter_seat_knock(rules, players, seat, turn, opponent, FAST_ROUNDS, seed=5)
    p = fast.survive[list(fast.values).index(value)]
    se = np.sqrt(p * (1 - p) / table_rounds + p * (1 - p) / fast.rounds)
    assert abs(table - p) <= 4 * se, (table, p, se)
    return p


@pytest.mark.parametrize("opponent,players,seat", SEATS)
def test_every_seat_agrees_with_the_table_engine(opponent, players, seat):
    _agree(SCAT, players, seat, 1, VALUE[players], opponent, TABLE_ROUNDS[opponent, players])


@pytest.mark.parametrize("case", [("weak", SCAT, 3, 2, 1, 17.0), ("random", SCAT, 3, 1, 1, 12.0),
                                  ("basic", SCAT, 3, 2, 2, 20.0),
                                  ("standard", SCAT, 3, 0, 2, 20.0),
                                  ("basic", SCHWIMMEN, 4, 3, 1, 24.0),
                                  ("weak", SCHWIMMEN, 3, 1, 2, 25.0),
                                  ("random", SCHWIMMEN, 3, 2, 2, 20.0),
                                  # a 31 on a final turn still ends the round (blitz: the
                                  # knocker pays too; Schwimmen: nobody after it moves)
                                  ("basic", BLITZ, 4, 3, 1, 17.0),
                                  ("standard", SCHWIMMEN, 4, 2, 1, 25.0)])
@LONG
def test_other_models_turns_and_families_agree_with_the_table_engine(case):
    opponent, rules, players, seat, turn, value = case
    _agree(rules, players, seat, turn, value, opponent, 800)


def test_the_later_the_seat_the_riskier_the_knock():
    # players before the knocker get one more turn, so every later seat is riskier
    for players in (3, 5):
        shares = []
        for seat in range(players):
            *_, res = iter_seat_knock(SCAT, players, seat, 1, "basic", 20_000, seed=1)
            shares.append(res.survive[list(res.values).index(VALUE[players])])
        assert all(a > b for a, b in zip(shares, shares[1:], strict=False)), shares


def test_a_31_on_a_final_turn_costs_the_knocker_in_blitz():
    # Blitz counts a 31 made after the knock, and every other player (the knocker too)
    # pays: even a knock on 30 is then not quite safe
    *_, counts = iter_seat_knock(BLITZ, 4, 3, 1, "basic", 20_000, seed=2)
    *_, plain = iter_seat_knock(BLITZ.replace(blitz_after_knock=False), 4, 3, 1, "basic",
                                20_000, seed=2)
    at30 = list(counts.values).index(30.0)
    assert plain.survive[at30] > 0.995 and counts.survive[at30] < 0.985


def test_a_knock_only_from_the_second_circle_needs_turn_two():
    late = SCAT.replace(knock_from="second_circle")
    with pytest.raises(OddsError, match="second circle"):
        seat_knock_counts(late, 3, 0, 1, "basic", 10, np.random.default_rng(0))
    assert seat_knock_counts(late, 3, 0, 2, "basic", 10, np.random.default_rng(0))[1] > 0


def test_counts_from_batches_add_up():
    rng = np.random.default_rng(4)
    w1, n1 = seat_knock_counts(SCAT, 4, 1, 1, "weak", 3000, rng)
    w2, n2 = seat_knock_counts(SCAT, 4, 1, 1, "weak", 3000, rng)
    *_, whole = iter_seat_knock(SCAT, 4, 1, 1, "weak", 6000, seed=4, batch=3000)
    assert whole.rounds == n1 + n2 and 5500 < whole.rounds <= 6000
    assert np.allclose(whole.survive, (w1 + w2) / (n1 + n2))
    assert np.all(whole.low <= whole.survive) and np.all(whole.survive <= whole.high)


def test_lowest_safe_value_reads_the_curve_from_the_top():
    values = np.array([10.0, 11.0, 12.0, 13.0, 14.0])
    assert lowest_safe(values, np.array([0.2, 0.95, 0.5, 0.9, 1.0]), 0.8) == 13.0
    assert lowest_safe(values, np.array([0.9, 0.95, 0.9, 0.9, 1.0]), 0.8) == 10.0
    assert np.isnan(lowest_safe(values, np.array([0.1, 0.2, 0.3, 0.4, 0.5]), 0.8))


@pytest.mark.parametrize("args", [(SCAT, 3, 3, 1, "basic"), (SCAT, 3, 0, 0, "basic"),
                                  (SCAT, 3, 0, 1, "expert"), (SCAT, 9, 0, 1, "basic"),
                                  (SCAT, 3, 0, 99, "basic"),
                                  (get_variant("kitty").rules, 3, 0, 1, "basic")])
def test_impossible_curves_are_refused_with_a_reason(args):
    rules, players, seat, turn, opponent = args
    with pytest.raises(OddsError, match=r"\.$"):
        seat_knock_counts(rules, players, seat, turn, opponent, 10, np.random.default_rng(0))


def test_every_opponent_model_and_turn_runs_in_both_families():
    for rules in (SCAT, SCHWIMMEN, SCHWIMMEN.replace(allow_pass=False)):
        for opponent in OPPONENTS:
            turn = max_knock_turn(rules, 4)
            w, n = seat_knock_counts(rules, 4, 2, turn, opponent, 500,
                                     np.random.default_rng(2))
            assert 0 < n <= 500 and np.all(np.diff(w) >= 0) and w[-1] <= n
