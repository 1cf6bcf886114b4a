"""Move by move: in positions from real table games, the simulator's vectorised ``basic`` and
``standard`` bots choose exactly the moves of the table engine's bots (``policies.basic``,
``policies.standard``). The positions come from whole rounds played by the table engine."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

from thirtyone.bots import MAX_ROUND_TURNS, make_bot
from thirtyone.core.actions import Discard, Draw, Knock, Pass, Stand, Swap, SwapAll, Take
from thirtyone.core.cards import make_pack
from thirtyone.core.lookup import card_bits
from thirtyone.core.rules import get_variant
from thirtyone.game.table import new_game
from thirtyone.policies.basic import basic_draw_moves, basic_swap_moves, knock_threshold2
from thirtyone.policies.standard import STANDARD, standard_draw_moves, standard_swap_moves
from thirtyone.policies.view import MAX_TURNS_BEFORE_KNOCK, view_from_observation
from thirtyone.sim.batch import simulate_decks
from thirtyone.sim.stats import ENDED_BY

DRAW_CODES = {0: Draw, 1: Take, 2: Knock, 3: Stand}


def _seen_mask(obs, rules) -> np.ndarray:
    """The cards the standard bot treats as seen: everything not unseen and not in hand."""
    view = view_from_observation(obs)
    unseen = set(int(i) for i in view.unseen())
    seen = [c.index for c in make_pack(rules.pack)
            if c.index not in unseen and c not in obs.hand]
    return card_bits(np.array([seen or [0]], dtype=np.int64))[0] if seen else np.uint64(0)


def _draw_choice(level, rules, obs, g, knock_at):
    h = np.array([[c.index for c in obs.hand]])
    top = np.array([obs.discard_pile[-1].index])
    drawn = np.array([g.stock[-1].index if g.stock else 0])
    may_knock = np.array([Knock() in obs.legal_actions])
    has_stock = np.array([bool(g.stock)])
    if level == "basic":
        move, pos = basic_draw_moves(rules, knock_threshold2(rules, knock_at), h, top, drawn,
                                     may_knock, has_stock)
    else:
        view = view_from_observation(obs)
        nxt = [c.index for c in view.opponents[0].known] if view.opponents else []
        next_known = card_bits(np.array([nxt])) if nxt else np.zeros(1, dtype=np.uint64)
        move, pos = standard_draw_moves(rules, knock_at, len(obs.players), h, top, drawn,
                                        may_knock, has_stock, np.array([obs.own_turns]),
                                        np.array([_seen_mask(obs, rules)], dtype=np.uint64),
                                        next_known, np.array([obs.knocker is not None]))
    new = obs.discard_pile[-1] if move[0] == 1 else (g.stock[-1] if g.stock else None)
    four = list(obs.hand) + [new]
    return DRAW_CODES[int(move[0])](), four[int(pos[0])]


def _swap_choice(level, rules, obs, knock_at):
    h = np.array([[c.index for c in obs.hand]])
    mid = np.array([[c.index for c in obs.middle]])
    may_knock = np.array([Knock() in obs.legal_actions])
    final = np.array([obs.knocker is not None])
    if level == "basic":
        code = basic_swap_moves(rules, knock_threshold2(rules, knock_at), h, mid, may_knock,
                                final)[0]
    else:
        code = standard_swap_moves(rules, knock_at, len(obs.players), h, mid, may_knock, final,
                                   np.array([obs.own_turns]),
                                   np.array([_seen_mask(obs, rules)], dtype=np.uint64))[0]
    if code < 9:
        return Swap(obs.hand[code // 3], obs.middle[code % 3])
    return {9: SwapAll(), 10: Stand() if final[0] else Pass(), 11: Knock()}[int(code)]


@pytest.mark.parametrize("level", ["basic", "standard"])
@pytest.mark.parametrize("variant,n,rounds", [("scat", 4, 25), ("blitz", 3, 20),
                                              ("eenendertigen", 2, 25),
                                              ("schwimmen", 4, 25), ("stop_the_bus", 3, 10)])
def test_vectorised_bots_choose_the_table_bots_moves(level, variant, n, rounds):
    rules = get_variant(variant).rules
    knock_at = 25.0
    choose = make_bot(level, knock_at)
    rng = np.random.default_rng(zlib.crc32(f"{level} {variant}".encode()))
    checked = 0
    for r in range(rounds):
        g = new_game(rules, [f"P{i}" for i in range(n)], rng=rng, dealer=r % n)
        while not g.round_over and g.turns < 120:
            seat = g.to_move
            obs = g.observation(seat)
            table_move = choose(obs, rng)
            if rules.family == "draw" and obs.phase == "turn":
                want_move, want_discard = _draw_choice(level, rules, obs, g, knock_at)
                assert type(table_move) is type(want_move), (variant, str(table_move))
                g.apply(table_move)
                if isinstance(table_move, (Draw, Take)):
                    obs2 = g.observation(seat)
                    discard = choose(obs2, rng)
                    assert isinstance(discard, Discard)
                    assert discard.card == want_discard, (variant, obs.hand, str(table_move))
                    g.apply(discard)
                checked += 1
            elif rules.family == "swap":
                want = _swap_choice(level, rules, obs, knock_at)
                assert table_move == want, (variant, obs.hand, obs.middle, str(table_move))
                g.apply(table_move)
                checked += 1
            else:
                g.apply(table_move)
    assert checked > rounds * 2


HOUSE = get_variant("eenendertigen").rules.replace(
    three_of_a_kind=30.5, fire=33, knock_from="second_circle", blitz_effect="showdown",
    blitz_after_knock=True, stock_out="score", knocker_tied="double")


@pytest.mark.parametrize("bots_text", ["basic", "standard", "standard,basic,basic"])
@pytest.mark.parametrize("rules,n,knock_at", [
    (get_variant("scat").rules, 3, 25.0), (get_variant("blitz").rules, 4, 27.0),
    (get_variant("schwimmen").rules, 3, 25.0), (get_variant("stop_the_bus").rules, 3, 25.0),
    (HOUSE, 3, 30.0),
    (get_variant("schwimmen").rules.replace(stock_out="void", allow_swap_all=False), 3, 31.0),
    # the tie-break's hand strengths are large numbers (about 1e9): keys must not overflow
    (get_variant("scat").rules.replace(tie_break=True), 3, 25.0),
    (get_variant("schwimmen").rules.replace(tie_break=True, blitz_effect="none"), 4, 25.0),
    # same rank counts, with fire at 32 (three aces then worth their rank sum, 33)
    (get_variant("scat").rules.replace(same_rank=True), 3, 25.0),
    (get_variant("schwimmen").rules.replace(same_rank=True, fire=32), 3, 25.0),
])
def test_same_deals_give_the_same_rounds_in_both_engines(bots_text, rules, n, knock_at):
    """Deterministic bots on the same shuffled decks: every round ends the same way, after
    the same number of turns, with the same knocker and the same lives lost."""
    seats = bots_text.split(",")
    seats = seats * n if len(seats) == 1 else (seats + ["basic"] * n)[:n]
    choosers = [make_bot(b, knock_at) for b in seats]
    rng = np.random.default_rng(99)
    rounds = 40 if "standard" in bots_text else 120
    if "standard" in bots_text and rules.hand_value == "brag":
        rounds = 16  # standard rarely stops the bus: long rounds (see notes), so fewer
    decks, dealers, table = [], [], []
    for r in range(rounds):
        g = new_game(rules, [f"P{i}" for i in range(n)], rng=rng, dealer=r % n)
        while not g.round_over and g.turns < MAX_ROUND_TURNS:
            g.apply(choosers[g.to_move](g.observation(g.to_move), rng))
        if not g.round_over or any(e.kind == "reshuffle" for e in g.log):
            continue  # a reshuffle draws from the random stream: not the same deal any more
        res = g.round_result
        decks.append(g.round_decks[-1])
        dealers.append(r % n)
        table.append((res.ended_by, g.turns, -1 if res.knocker is None else res.knocker,
                      list(res.lives_lost)))
    fast = simulate_decks(rules, n, decks, dealers, bots=seats, knock_at=knock_at)
    for i, (ended, turns, knocker, lost) in enumerate(table):
        got = (ENDED_BY[fast.ended_by[i]], int(fast.turns[i]), int(fast.knocker[i]),
               fast.lives_lost[i].tolist())
        assert got == (ended, turns, knocker, lost), (i, [str(c) for c in decks[i]])
    assert len(table) > rounds // 2


def test_standard_gives_up_waiting_after_the_same_number_of_turns_in_both():
    # the expert models other players' give-up turn with the standard bot's own number
    assert STANDARD.last_wait == MAX_TURNS_BEFORE_KNOCK
