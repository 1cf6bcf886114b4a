"""The live lesson's engine side (``thirtyone.teach.live``): the exact distributions a class
experiment is drawn against, counted here independently; the class's deals, many presses
pooled, inside a 99.9 % band around the exact chance; pooling and its band; refusals."""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations

import numpy as np
import pytest

from thirtyone.core import make_pack, score
from thirtyone.core.rules import get_variant
from thirtyone.teach import live
from thirtyone.teach.quiz import LessonError

Z999 = 3.29     # a 99.9 % two-sided band: a correct engine fails one run in a thousand


def band(p: float, n: int) -> float:
    return Z999 * math.sqrt(p * (1 - p) / n)


def test_the_deal_distribution_is_every_hand_counted():
    rules = get_variant("scat").rules
    hands = list(combinations(make_pack(), 3))
    counted = Counter(score(h, rules).points for h in hands)
    dist = live.exact_distribution(live.experiment({"experiment": "deal", "variant": "scat"}))
    assert set(dist) == {int(v) for v in counted}
    for v, c in counted.items():
        assert dist[int(v)] == pytest.approx(c / len(hands), abs=1e-12)


@pytest.mark.parametrize("kind", ["deal", "race", "knock"])
def test_each_distribution_sums_to_one(kind):
    e = live.experiment({"experiment": kind, "variant": "scat", "value": 25})
    assert sum(live.exact_distribution(e).values()) == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize(("kind", "presses", "spec"), [
    ("deal", 800, {"per_press": 5, "at_least": 20}),
    ("race", 150, {"per_press": 20, "turns": 10}),
    ("knock", 60, {"per_press": 20, "value": 14, "players": 3}),
])
def test_a_class_pooling_many_presses_lands_near_the_exact_chance(kind, presses, spec):
    e = live.experiment({"experiment": kind, "variant": "scat", **spec})
    values = [v for seed in range(presses) for v in live.run_press(e, 1000 + seed)]
    dist = live.exact_distribution(e)
    assert set(values) <= set(dist), "a result the exact distribution has no place for"
    p = live.pooled(e, values)
    assert p.n == len(values) == presses * e.per_press
    assert abs(p.share - p.exact) < band(p.exact, p.n), (p.share, p.exact)
    assert p.low <= p.share <= p.high


def test_a_press_is_the_same_for_the_same_seed_and_differs_for_another():
    e = live.experiment({"experiment": "deal", "variant": "scat", "per_press": 20})
    assert live.run_press(e, 7) == live.run_press(e, 7)
    assert live.run_press(e, 7) != live.run_press(e, 8)


def test_the_band_narrows_as_the_class_deals_more():
    lo, hi = live.wilson_band(np.array([3, 30, 300]), np.array([10, 100, 1000]))
    widths = hi - lo
    assert widths[0] > widths[1] > widths[2] > 0
    assert all(lo <= 0.3) and all(hi >= 0.3)


def test_pooling_counts_the_event_and_an_empty_room_shows_no_share():
    e = live.experiment({"experiment": "deal", "variant": "scat", "at_least": 20})
    p = live.pooled(e, [31, 20, 19, 5])
    assert (p.n, p.hits, p.share) == (4, 2, 0.5) and p.counts == {31: 1, 20: 1, 19: 1, 5: 1}
    empty = live.pooled(e, [])
    assert (empty.n, empty.hits, empty.low, empty.high) == (0, 0, 0.0, 1.0)


def test_tally_counts_only_real_options():
    assert live.tally(3, [0, 2, 2, 5, -1]) == [1, 0, 2]


@pytest.mark.parametrize("raw", [-1, 101, "abc", "", "5.5", None])
def test_a_guess_out_of_range_is_refused_in_one_sentence(raw):
    with pytest.raises(ValueError) as e:
        live.check_guess(raw)
    assert str(e.value).endswith(".") and "\n" not in str(e.value)


def test_a_guess_and_a_choice_in_range_are_taken():
    assert live.check_guess("55") == 55 and live.check_guess(0) == 0
    assert live.check_choice("2", 3) == 2
    with pytest.raises(ValueError):
        live.check_choice(3, 3)


@pytest.mark.parametrize("spec", [
    {"experiment": "bake", "variant": "scat"},
    {"experiment": "deal", "variant": "banking"},
    {"experiment": "deal", "variant": "scat", "per_press": 500},
    {"experiment": "knock", "variant": "scat", "value": 2},
])
def test_a_bad_experiment_is_refused_in_one_sentence(spec):
    with pytest.raises(LessonError) as e:
        live.experiment(spec)
    assert str(e.value).endswith(".") and "\n" not in str(e.value)
