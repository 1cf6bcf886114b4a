"""Guess, then see (issue 26 item 3): every guess block in the course has an exact value that
an independent count agrees with, and its seeded simulation narrows towards that value with
95 % bands that hold it about 95 times in 100."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from thirtyone.core.cards import make_pack
from thirtyone.core.rules import get_variant
from thirtyone.core.scoring import score
from thirtyone.teach.guess import ROUNDS, Guess, exact, parse_guess, simulate
from thirtyone.teach.lessons import LessonError, Plot, load_lessons

PROBABILITY_LESSONS = {"02-hand-value-and-suits": {"dealt"}, "07-a-reasoned-knock": {"knock"},
                       "08-blitz-odds": {"race", "standing"}, "15-banking": {"bust"}}


def course_guesses(lang: str = "en") -> list[tuple[str, Guess]]:
    return [(lesson.slug, b) for lesson in load_lessons(lang=lang) for s in lesson.steps
            for b in s.blocks if isinstance(b, Guess)]


def test_every_probability_lesson_has_a_guess_of_its_own_kind():
    kinds: dict[str, set[str]] = {}
    for slug, g in course_guesses():
        kinds.setdefault(slug, set()).add(g.kind)
    assert kinds == PROBABILITY_LESSONS


def _points(cards, rules) -> float:
    return float(score(cards, rules).points)


def _brute(g: Guess) -> float:
    """The chance counted card by card with the core's scorer (not the odds tables)."""
    rules = get_variant(g.variant).rules
    pack = make_pack(rules.pack)
    if g.kind == "dealt":
        hands = list(combinations(pack, 3))
        return sum(_points(h, rules) >= g.value for h in hands) / len(hands)
    if g.kind == "standing":
        rest = [c for c in pack if c not in g.hand]
        mine = score(g.hand, rules)
        hands = list(combinations(rest, 3))
        lives = rules.scoring == "lives"   # all tied for lowest lose a life (RULES.md 3e)
        return sum((score(h, rules) >= mine) if lives else (score(h, rules) > mine)
                   for h in hands) / len(hands)
    if g.kind == "bust":
        left = [c for c in pack if c not in g.hand]
        low = sum(1 if c.rank == 14 else min(c.rank, 10) for c in g.hand)
        return sum(low + (1 if c.rank == 14 else min(c.rank, 10)) > 31 for c in left) / len(left)
    if g.kind == "knock":   # heads-up: your hand uniform among hands of that value
        assert g.players == 2
        hands = list(combinations(pack, 3))
        vals = np.array([_points(h, rules) for h in hands])
        member = np.zeros((len(hands), len(pack)), dtype=bool)
        where = {c: i for i, c in enumerate(pack)}
        for k, h in enumerate(hands):
            member[k, [where[c] for c in h]] = True
        total = 0.0
        mine = np.flatnonzero(vals == g.value)
        for k in mine:
            free = ~(member & member[k]).any(axis=1)
            total += np.count_nonzero(free & (vals <= g.value)) / np.count_nonzero(free)
        return total / len(mine)   # Scat: a tie is safe for the knocker
    raise AssertionError(g.kind)


@pytest.mark.parametrize("slug,g", [x for x in course_guesses() if x[1].kind != "race"],
                         ids=lambda x: x if isinstance(x, str) else x.kind)
def test_the_exact_value_agrees_with_a_count_by_hand(slug, g):
    assert exact(g) == pytest.approx(_brute(g), abs=1e-12)


def test_the_race_value_agrees_with_a_long_simulation():
    g = next(b for _s, b in course_guesses() if b.kind == "race")
    steps = simulate(g, seed=7, rounds=(40000,))
    p = exact(g)
    se = np.sqrt(p * (1 - p) / 40000)
    assert abs(steps[-1].estimate - p) < 4 * se


@pytest.mark.parametrize("slug,g", course_guesses(),
                         ids=lambda x: x if isinstance(x, str) else x.kind)
def test_the_simulation_narrows_towards_the_exact_value(slug, g):
    p = exact(g)
    steps = simulate(g, seed=2026)
    assert [s.rounds for s in steps] == list(ROUNDS)
    assert all(s.low <= s.estimate <= s.high for s in steps)
    widths = [s.high - s.low for s in steps]
    assert widths[-1] < widths[0] / 5            # the band narrows
    # and ends near the exact value: within 4 standard errors. A 95 % band misses it for one
    # seed in 20 (seed 2026's race ended 3.2 errors off with NumPy 2.4.6, where 30 other seeds
    # spread as a binomial should); how often the bands hold is the next test's question.
    se = np.sqrt(p * (1 - p) / steps[-1].rounds)
    assert abs(steps[-1].estimate - p) <= 4 * se
    assert simulate(g, seed=2026) == steps       # seeded: the same run again


@pytest.mark.parametrize("kind", ["dealt", "standing", "bust"])
def test_about_95_in_100_bands_hold_the_exact_value(kind):
    g = next(b for _s, b in course_guesses() if b.kind == kind)
    p = exact(g)
    held = sum(s.low <= p <= s.high for seed in range(200)
               for s in simulate(g, seed, rounds=(300,)))
    assert 0.88 <= held / 200 <= 1.0


@pytest.mark.parametrize("spec", [
    {"guess": "dealt", "at_least": "40", "question": "?"},
    {"guess": "dealt", "at_least": "x", "question": "?"},
    {"guess": "knock", "players": "9", "value": "20", "question": "?"},
    {"guess": "bust", "hand": "KH 9S 7D", "question": "?"},          # not a banking game
    {"guess": "standing", "hand": "KH KH 7D", "question": "?"},
    {"guess": "dealt", "at_least": "21"},                             # no question
    {"guess": "coin", "question": "?"},
    {"guess": "dealt", "at_least": "21", "question": "?", "answer": "6%"},
])
def test_a_bad_guess_block_is_refused_with_one_sentence(spec):
    with pytest.raises(LessonError) as e:
        parse_guess(spec, "scat")
    assert "\n" not in str(e.value) and len(str(e.value)) < 200


def test_the_translated_guesses_ask_the_same_chances():
    for lang in ("ru", "uk"):
        assert [(s, exact(g)) for s, g in course_guesses(lang)] == \
            [(s, exact(g)) for s, g in course_guesses()]


# the plots that draw a guess's answer: a guess must come before them (issue 26 item 3)
ANSWERED_BY = {"knock": {"knock_survival"}, "race": {"race"}, "dealt": {"dealt_values"},
               "bust": {"bust"}, "standing": set()}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_guess_comes_before_any_plot_that_draws_its_answer(lang):
    for lesson in load_lessons(lang=lang):
        shown: set[str] = set()
        for step in lesson.steps:
            for b in step.blocks:
                if isinstance(b, Plot):
                    shown.add(b.plot)
                elif isinstance(b, Guess):
                    seen = ANSWERED_BY[b.kind] & shown
                    assert not seen, (lesson.slug, step.title, b.kind, seen)
