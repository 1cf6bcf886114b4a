"""game/settle.py: who loses at the end of a round (RULES.md 3e), checked exhaustively on
small tables against a plain reading of the rules written here, and against the table
engine on random rounds."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from thirtyone.core.rules import Rules, get_variant
from thirtyone.game.hands import hand_key
from thirtyone.game.settle import (
    BLITZ,
    FIRE,
    blitz_pays,
    instant_pays,
    lives_lost,
    others_pay,
)
from thirtyone.game.table import new_game

TIED = ("safe", "same", "double")


def by_the_rules(values, knocker, tied, alone, playing):
    """RULES.md 3e read seat by seat: the lowest value loses 1, all tied for lowest lose 1
    each; a knocker alone lowest loses ``alone``; a knocker tied for lowest is safe (0),
    loses like the others (1) or loses double (2). Players who are out lose nothing."""
    in_game = [v for v, p in zip(values, playing, strict=True) if p]
    low = min(in_game)
    n_low = sum(1 for v in in_game if v == low)
    out = []
    for seat, (v, p) in enumerate(zip(values, playing, strict=True)):
        if not p or v != low:
            out.append(0)
        elif seat != knocker:
            out.append(1)
        elif n_low == 1:
            out.append(alone)
        elif tied == "safe":
            out.append(0)
        elif tied == "same":
            out.append(1)
        else:
            out.append(2)
    return out


def patterns(n):
    """Every order-and-tie pattern of n seats (values 0..n-1), every knocker (None too)."""
    for values in itertools.product(range(n), repeat=n):
        for knocker in [None, *range(n)]:
            yield values, knocker


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("tied", TIED)
@pytest.mark.parametrize("alone", [1, 2])
def test_every_knocker_and_tie_pattern(n, tied, alone):
    rules = Rules(knocker_tied=tied, knocker_alone_lowest=alone)
    cases = list(patterns(n))
    values = np.array([v for v, _ in cases])
    knocker = np.array([-1 if k is None else k for _, k in cases])
    got = lives_lost(values, knocker, rules)            # the whole batch at once
    for row, (v, k) in enumerate(cases):
        want = by_the_rules(v, k, tied, alone, [True] * n)
        assert got[row].tolist() == want, (v, k)
        # one round on its own gives the same
        one = lives_lost(np.array([v]), np.array([-1 if k is None else k]), rules)
        assert one[0].tolist() == want


@pytest.mark.parametrize("tied", TIED)
@pytest.mark.parametrize("alone", [1, 2])
def test_players_out_lose_nothing_and_do_not_count(tied, alone):
    rules = Rules(knocker_tied=tied, knocker_alone_lowest=alone)
    n = 4
    for values, knocker in patterns(n):
        for playing in itertools.product([True, False], repeat=n):
            if sum(playing) < 2 or (knocker is not None and not playing[knocker]):
                continue
            got = lives_lost(np.array([values]), np.array([-1 if knocker is None else knocker]),
                             rules, np.array([playing]))
            assert got[0].tolist() == by_the_rules(values, knocker, tied, alone, playing)


def test_no_knocker_given():
    rules = Rules(knocker_tied="double")
    assert lives_lost(np.array([[3, 3, 5]]), None, rules).tolist() == [[1, 1, 0]]
    assert lives_lost(np.array([[3.5, 2.0]]), np.array([-1]), rules).tolist() == [[0, 1]]


@pytest.mark.parametrize("effect", ["others_lose", "showdown", "pot", "none"])
@pytest.mark.parametrize("after", [False, True])
def test_instant_hands(effect, after):
    """3d/3e: fire always ends the round with every other player paying; a blitz does so
    with the effect 'others lose' (a pot game: one more chip each), and on a final turn only
    with 'blitz after knock'; 'showdown' scores it normally."""
    rules = Rules(blitz_effect=effect, blitz_after_knock=after)
    pays = effect in ("others_lose", "pot")
    assert blitz_pays(rules) == pays
    inst = np.array([0, BLITZ, FIRE])
    for after_knock in (False, True):
        want = [False, pays and (after or not after_knock), True]
        assert instant_pays(inst, rules, after_knock).tolist() == want
    special = np.array([[False, True, False, False], [True, False, False, True]])
    active = np.array([[True, True, True, False], [True, True, True, True]])
    assert others_pay(special, active).tolist() == [[1, 0, 1, 0], [0, 1, 1, 0]]
    assert others_pay(special).tolist() == [[1, 0, 1, 1], [0, 1, 1, 0]]


def _random_rounds(rules, n, seed, rounds):
    rng = np.random.default_rng(seed)
    for r in range(rounds):
        lives = [None if (r % 3 == 2 and s == 1 and n > 2) else 3 for s in range(n)]
        g = new_game(rules, [f"p{s}" for s in range(n)], seed=seed * 1000 + r, lives=lives,
                     dealer=0)
        steps = 0
        while not g.round_over and steps < 500:
            legal = g.legal_actions()
            g.apply(legal[int(rng.integers(len(legal)))])
            steps += 1
        if g.round_over:
            yield g


@pytest.mark.parametrize("key", ["scat", "blitz", "schwimmen", "stop_the_bus"])
@pytest.mark.parametrize("tied", TIED)
def test_table_engine_agrees_with_settle(key, tied):
    """Random rounds at the table: the lives each seat lost are settle's."""
    rules = get_variant(key).rules.replace(knocker_tied=tied)
    seen = set()
    for n in (2, 3, 4):
        for g in _random_rounds(rules, n, seed=n, rounds=25):
            res = g.round_result
            playing = np.array([[h != () for h in res.hands]])
            if res.ended_by == "void":
                want = [0] * n
            elif res.ended_by == "fire" or (res.ended_by == "blitz" and blitz_pays(rules)):
                special = np.array([[s in res.blitzers for s in range(n)]])
                want = others_pay(special, playing)[0].tolist()
            else:
                keys = [hand_key(h, rules) if h else None for h in res.hands]
                order = sorted({k for k in keys if k is not None})
                values = np.array([[order.index(k) if k is not None else 0 for k in keys]])
                knocker = np.array([-1 if res.knocker is None else res.knocker])
                want = lives_lost(values, knocker, rules, playing)[0].tolist()
            assert list(res.lives_lost) == want, (key, n, res)
            seen.add(res.ended_by)
    assert "knock" in seen


@pytest.mark.parametrize("tied", TIED)
@pytest.mark.parametrize("alone", [1, 2])
def test_expert_round_cost_is_the_rule(tied, alone):
    """The expert's lives cost of a showdown (``expert.costs.round_cost``): its own lives
    lost less ``lam`` per life the others lose, by the reading above."""
    from thirtyone.expert.costs import round_cost
    rules = Rules(knocker_tied=tied, knocker_alone_lowest=alone)
    for m in (1, 2, 3):
        cases = [v for v, _ in patterns(m + 1)]
        mine = np.array([float(v[0]) for v in cases])
        opp = np.array([v[1:] for v in cases], dtype=float)
        for i_knocked, col in [(False, None), (True, None), *((False, c) for c in range(m))]:
            knocker = 0 if i_knocked else (None if col is None else col + 1)
            for lam in (0.0, 0.5):
                got = round_cost(mine, opp, rules, i_knocked, lam, col)
                for row, v in enumerate(cases):
                    lost = by_the_rules(v, knocker, tied, alone, [True] * (m + 1))
                    assert got[row] == lost[0] - lam * sum(lost[1:]), (v, knocker, lam)
