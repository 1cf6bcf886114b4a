"""The weak bot (``policies.weak``): its batched numpy twin chooses exactly the scalar
policy's moves in positions from whole table-engine rounds, and it is weak the way its
docstring says (it keeps a chosen throw card even when another throw would be better)."""

from __future__ import annotations

import numpy as np
import pytest

from thirtyone.core.actions import Discard, Draw, Knock, Pass, Stand, Swap, SwapAll, Take
from thirtyone.core.cards import parse_hand
from thirtyone.core.rules import get_variant
from thirtyone.game.table import new_game
from thirtyone.policies.basic import basic_policy, knock_threshold2
from thirtyone.policies.weak import (
    throw_card,
    throw_positions,
    weak_draw_moves,
    weak_policy,
    weak_swap_moves,
)

DRAW_CODES = {0: Draw, 1: Take, 2: Knock, 3: Stand}


def _twin_draw(rules, obs, g):
    h = np.array([[c.index for c in obs.hand]])
    move, pos = weak_draw_moves(rules, knock_threshold2(rules, 25.0), h,
                                np.array([obs.discard_top.index]),
                                np.array([g.stock[-1].index if g.stock else 0]),
                                np.array([Knock() in obs.legal_actions]),
                                np.array([bool(g.stock)]))
    new = obs.discard_top if move[0] == 1 else (g.stock[-1] if g.stock else None)
    return DRAW_CODES[int(move[0])](), (list(obs.hand) + [new])[int(pos[0])]


def _twin_swap(rules, obs):
    final = obs.knocker is not None
    code = int(weak_swap_moves(rules, knock_threshold2(rules, 25.0),
                               np.array([[c.index for c in obs.hand]]),
                               np.array([[c.index for c in obs.middle]]),
                               np.array([Knock() in obs.legal_actions]), np.array([final]))[0])
    if code < 9:
        return Swap(obs.hand[code // 3], obs.middle[code % 3])
    return {9: SwapAll(), 10: Stand() if final else Pass(), 11: Knock()}[code]


@pytest.mark.parametrize("variant,n", [("scat", 4), ("blitz", 3), ("schwimmen", 4),
                                       ("stop_the_bus", 3)])
def test_the_numpy_twin_makes_the_scalar_weak_moves(variant, n):
    rules = get_variant(variant).rules
    rng = np.random.default_rng(7)
    checked = 0
    for r in range(30):
        g = new_game(rules, [f"P{i}" for i in range(n)], rng=rng, dealer=r % n)
        while not g.round_over and g.turns < 60:
            seat = g.to_move
            obs = g.observation(seat)
            move = weak_policy(obs)
            if obs.phase == "turn" and rules.family == "draw":
                want, want_discard = _twin_draw(rules, obs, g)
                assert type(move) is type(want), (obs.hand, str(move))
                g.apply(move)
                if isinstance(move, (Draw, Take)):
                    discard = weak_policy(g.observation(seat))
                    assert discard == Discard(want_discard), (obs.hand, str(move))
                    g.apply(discard)
                checked += 1
            elif obs.phase == "turn":
                assert move == _twin_swap(rules, obs), (obs.hand, obs.middle, str(move))
                g.apply(move)
                checked += 1
            else:
                g.apply(move)
    assert checked > 100


def test_the_throw_card_is_chosen_before_the_draw_and_kept():
    # K♥ 9♥ 10♠: the weak player means to throw the 10♠ (K♥ 9♥ is the best pair, 19)
    hand = parse_hand("KH 9H TS")
    assert throw_card(hand) == parse_hand("TS KH 9H")[0]
    assert list(throw_positions(np.array([[c.index for c in hand]]))) == [2]
    rules = get_variant("scat").rules
    # it draws the Q♠: throwing the K♥ or 9♥ would keep Q♠ 10♠ (20), but the weak player
    # only compares "Q♠ for my throw card" (K♥ 9♥ Q♠, 19) with now (19) and throws the Q♠
    h = np.array([[c.index for c in hand]])
    q = parse_hand("QS 2C 3C")[0].index
    low = parse_hand("2D 3D 4D")[0].index
    move, pos = weak_draw_moves(rules, 1 << 20, h, np.array([low]), np.array([q]),
                                np.array([False]), np.array([True]))
    assert (int(move[0]), int(pos[0])) == (0, 3)   # draw, throw the drawn card back


def test_weak_and_basic_sometimes_choose_differently():
    rules = get_variant("scat").rules
    rng = np.random.default_rng(3)
    differ = 0
    for r in range(40):
        g = new_game(rules, ["A", "B", "C"], rng=rng, dealer=r % 3)
        while not g.round_over and g.turns < 30:
            obs = g.observation(g.to_move)
            a, b = weak_policy(obs), basic_policy(obs)
            differ += a != b
            g.apply(a)
    assert differ > 0
