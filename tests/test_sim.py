"""The fast simulator's pieces, each checked against a slow, obvious version built on
``thirtyone.core.scoring.score`` and the words of DESIGN.md "Bots"."""

from __future__ import annotations

import argparse
from functools import cache
from itertools import combinations, permutations

import numpy as np
import pytest

from thirtyone.cli import simulate_command
from thirtyone.core.cards import card_from_index, make_pack
from thirtyone.core.lookup import card_bits, hand_lookup
from thirtyone.core.rules import get_variant
from thirtyone.core.scoring import score
from thirtyone.policies.basic import basic_draw_moves, basic_swap_moves, knock_threshold2
from thirtyone.sim.batch import RoundBatch, SimulationError, iter_simulate, simulate_rounds
from thirtyone.sim.stats import BLITZ, ENDED_BY, FIRE, KNOCK, VOID

SCAT = get_variant("scat").rules
SCHWIMMEN = get_variant("schwimmen").rules
BUS = get_variant("stop_the_bus").rules

LOOKUP_RULES = {
    "scat": SCAT,
    "scat_30_5": SCAT.replace(three_of_a_kind=30.5),
    "blitz": get_variant("blitz").rules,
    "schwimmen": SCHWIMMEN,
    "fire_32_on_52": SCAT.replace(fire=32, three_of_a_kind=30),
    "stop_the_bus": BUS,
    "tie_break": SCAT.replace(tie_break=True),
}


def _idx(cards) -> list[int]:
    return [c.index for c in cards]


def _key(cards, rules):
    return score(tuple(cards), rules).key


# --- hand tables --------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(LOOKUP_RULES))
def test_hand_table_orders_every_hand_exactly_as_score_does(name):
    rules = LOOKUP_RULES[name]
    strength, value2 = hand_lookup(rules)
    hands = list(combinations(make_pack(rules.pack), 3))
    keys = [_key(h, rules) for h in hands]
    flat = np.array([(a.index * 52 + b.index) * 52 + c.index for a, b, c in hands])
    s = strength[flat]
    # same order: sorting by the table's strength sorts the score keys, and equal strengths
    # are exactly equal keys
    order = np.argsort(s, kind="stable")
    ks = [keys[i] for i in order]
    ss = s[order]
    for i in range(1, len(ks)):
        assert (ks[i - 1] < ks[i]) == (ss[i - 1] < ss[i]), (hands[order[i]], name)
        assert (ks[i - 1] == ks[i]) == (ss[i - 1] == ss[i])
    if rules.hand_value == "suit_sum":
        pts = np.array([score(h, rules).points for h in hands])
        assert np.array_equal(value2[flat], np.rint(pts * 2).astype(int))


def test_hand_table_ignores_card_order():
    strength, _ = hand_lookup(SCAT)
    rng = np.random.default_rng(3)
    for _ in range(300):
        h = rng.choice(52, 3, replace=False)
        vals = {strength[(a * 52 + b) * 52 + c] for a, b, c in permutations(h)}
        assert len(vals) == 1


def test_blitz_and_fire_values_in_half_points():
    _, v2 = hand_lookup(SCHWIMMEN)
    for text, points in (("AH KH QH", 31), ("AH AS AD", 33), ("9S 9H 9D", 30.5)):
        h = [c.index for c in score(text, SCHWIMMEN).cards]
        assert v2[(h[0] * 52 + h[1]) * 52 + h[2]] == points * 2


# --- the basic bot, draw family -----------------------------------------------------------

def _brute_basic_draw(hand, top, drawn, may_knock, has_stock, rules, knock_at):
    """DESIGN.md "Bots" for the draw family, one position at a time with ``score``."""
    if may_knock and score(tuple(hand), rules).points >= knock_at:
        return "knock", None
    cur = _key(hand, rules)

    def best_discard(cards, allowed):
        # highest value left; ties: fewest points, then the card that came last
        best = None
        for j in allowed:
            rest = [c for k, c in enumerate(cards) if k != j]
            cand = (_key(rest, rules), -cards[j].points, j)
            if best is None or cand > best:
                best = cand
        return best

    take = best_discard(list(hand) + [top], [0, 1, 2])
    if take[0] > cur:
        return "take", take[2]
    if not has_stock:
        return "stand", None
    return "draw", best_discard(list(hand) + [drawn], [0, 1, 2, 3])[2]


@pytest.mark.parametrize("name", ["scat", "scat_30_5", "blitz", "schwimmen"])
def test_basic_draw_turn_matches_the_written_policy(name):
    rules = LOOKUP_RULES[name]
    pack = np.array(_idx(make_pack(rules.pack)))
    rng = np.random.default_rng(11)
    R = 1500
    cards = np.array([rng.choice(pack, 5, replace=False) for _ in range(R)])
    h, top, drawn = cards[:, :3], cards[:, 3], cards[:, 4]
    may_knock = rng.random(R) < 0.5
    has_stock = rng.random(R) < 0.8
    knock_at = 25.0
    move, pos = basic_draw_moves(rules, knock_threshold2(rules, knock_at), h, top, drawn,
                                 may_knock, has_stock)
    names = ("draw", "take", "knock", "stand")
    for r in range(R):
        hand = [card_from_index(int(i)) for i in h[r]]
        want = _brute_basic_draw(hand, card_from_index(int(top[r])),
                                 card_from_index(int(drawn[r])), bool(may_knock[r]),
                                 bool(has_stock[r]), rules, knock_at)
        got = (names[move[r]], int(pos[r]) if names[move[r]] in ("take", "draw") else None)
        assert got == want, (hand, card_from_index(int(top[r])), card_from_index(int(drawn[r])))


def test_basic_never_throws_back_the_card_it_took():
    rng = np.random.default_rng(5)
    R = 5000
    cards = np.array([rng.choice(52, 4, replace=False) for _ in range(R)])
    move, pos = basic_draw_moves(SCAT, 999, cards[:, :3], cards[:, 3], cards[:, 3],
                                 np.zeros(R, bool), np.ones(R, bool))
    assert (pos[move == 1] < 3).all()
    assert (move == 1).any()


def test_basic_discard_ties_go_to_fewest_points_then_card_drawn_last():
    # hand 2S 3H 4D (value 4), top discard 2C (useless), draws 5C: dropping 2S, 3H or 4D
    # all leave 5 (the 5C), so the fewest points (2S) goes
    h = np.array([[c.index for c in score("2S 3H 4D", SCAT).cards]])
    d = np.array([score("5C 2H 3S", SCAT).cards[0].index])
    top = np.array([score("2C 2H 3S", SCAT).cards[0].index])
    move, pos = basic_draw_moves(SCAT, 999, h, top, d, np.zeros(1, bool), np.ones(1, bool))
    assert (move[0], pos[0]) == (0, 0)
    # hand KS QH 2D draws JC: dropping 2D leaves 10 (best); now hand KS QH JC, draws TD:
    # every discard leaves 10, all cards count 10, so the card drawn last (TD) goes
    h = np.array([[c.index for c in score("KS QH JC", SCAT).cards]])
    d = np.array([score("TD 2H 3S", SCAT).cards[0].index])
    top = np.array([score("2D 2H 3S", SCAT).cards[0].index])  # no diamond in hand: useless
    move, pos = basic_draw_moves(SCAT, 999, h, top, d, np.zeros(1, bool), np.ones(1, bool))
    assert (move[0], pos[0]) == (0, 3)


# --- the basic bot, swap family -----------------------------------------------------------

def _brute_basic_swap(hand, mid, may_knock, final, rules, knock_at):
    if may_knock:
        s = score(tuple(hand), rules)
        worth = (s.points >= knock_at if rules.hand_value == "suit_sum"
                 else s.key[0] >= 2)  # brag: from a flush up (sim.knock_threshold2)
        if worth:
            return "knock"
    cur = _key(hand, rules)
    cands = []
    for i in range(3):
        for j in range(3):
            new = list(hand)
            new[i] = mid[j]
            # value; single swap first; fewest points given; then hand/middle order
            cands.append(((_key(new, rules), 1, -hand[i].points, -(3 * i + j)), 3 * i + j))
    if rules.allow_swap_all:
        cands.append(((_key(mid, rules), 0, -sum(c.points for c in hand), -9), 9))
    best = max(cands)
    if best[0][0] <= cur and (rules.allow_pass or final):
        return "pass"
    return best[1]


@pytest.mark.parametrize("name", ["schwimmen", "stop_the_bus", "scat"])
def test_basic_swap_turn_matches_the_written_policy(name):
    rules = LOOKUP_RULES[name]
    pack = np.array(_idx(make_pack(rules.pack)))
    rng = np.random.default_rng(12)
    R = 1200
    cards = np.array([rng.choice(pack, 6, replace=False) for _ in range(R)])
    may_knock = rng.random(R) < 0.5
    final = ~may_knock & (rng.random(R) < 0.5)
    move = basic_swap_moves(rules, knock_threshold2(rules, 25.0), cards[:, :3], cards[:, 3:],
                            may_knock, final)
    for r in range(R):
        hand = [card_from_index(int(i)) for i in cards[r, :3]]
        mid = [card_from_index(int(i)) for i in cards[r, 3:]]
        want = _brute_basic_swap(hand, mid, bool(may_knock[r]), bool(final[r]), rules, 25.0)
        got = {10: "pass", 11: "knock"}.get(int(move[r]), int(move[r]))
        assert got == want, (hand, mid)


def test_without_passing_basic_makes_the_best_swap_even_if_it_loses_value():
    rules = BUS
    h = np.array([[c.index for c in score("AS AH AD", rules).cards]])  # a prial
    m = np.array([[c.index for c in score("2C 7D 9H", rules).cards]])
    move = basic_swap_moves(rules, 999, h, m, np.zeros(1, bool), np.zeros(1, bool))
    assert move[0] < 10  # a swap, not a pass


# --- whole rounds -------------------------------------------------------------------------

def _batch(rules, n, bots="basic", size=400, seed=0, knock_at=25.0):
    from thirtyone.sim.batch import parse_bots
    return RoundBatch(rules, n, parse_bots(bots, n), knock_at, np.random.default_rng(seed), size, 0)


@pytest.mark.parametrize("rules,n,bots", [
    (SCAT, 4, "basic"), (SCAT, 2, "random"), (get_variant("blitz").rules, 3, "basic,random,basic"),
    (get_variant("blitz").rules, 4, "standard"),
    (get_variant("eenendertigen").rules, 7, "basic"),
    (SCAT.replace(stock_out="reshuffle", may_discard_taken_card=True), 5, "random"),
])
def test_every_card_is_in_exactly_one_place_after_every_draw_family_turn(rules, n, bots):
    b = _batch(rules, n, bots)
    b.check_deal()
    pack = sorted(_idx(make_pack(rules.pack)))
    steps = 0
    while len(b.active):
        for r in b.active[:60]:
            held = list(b.hands[r].ravel()) + list(b.pile[r, :b.pcount[r]]) + list(b.deck[r, b.ptr[r]:])
            assert sorted(held) == pack
        b.step_draw()
        steps += 1
    assert steps < 400
    assert (b.ended >= 0).all()


@pytest.mark.parametrize("rules,n,bots,knock_at", [
    (SCHWIMMEN, 4, "basic", 25.0), (SCHWIMMEN, 8, "random", 25.0), (BUS, 3, "standard", 25.0),
    (SCHWIMMEN.replace(stock_out="void", allow_swap_all=False), 3, "basic,random,basic", 31.0),
    (SCHWIMMEN.replace(stock_out="reshuffle"), 4, "basic,standard,basic,basic", 31.0),
])
def test_every_card_is_in_exactly_one_place_after_every_swap_family_turn(rules, n, bots,
                                                                         knock_at):
    b = _batch(rules, n, bots, knock_at=knock_at)
    b.check_deal()
    pack = sorted(_idx(make_pack(rules.pack)))
    while len(b.active):
        for r in b.active[:60]:
            held = (list(b.hands[r].ravel()) + list(b.middle[r]) + list(b.deck[r, b.ptr[r]:])
                    + list(b.retired[r, :b.rcount[r]]))
            assert sorted(held) == pack
        b.step_swap()
    assert (b.ended >= 0).all()


def test_a_swap_game_with_reshuffles_goes_on_past_the_first_stock():
    # nobody knocks; a reshuffle of the retired middle cards lets the middle be renewed
    # again and again, so only a 31 (or the turn cap) ends a round
    rules = SCHWIMMEN.replace(stock_out="reshuffle", fire=None)
    res = simulate_rounds(rules, 4, 1000, seed=12, knock_at=31)
    assert set(np.unique(res.ended_by)) <= {BLITZ, VOID}
    void = simulate_rounds(rules.replace(stock_out="void"), 4, 1000, seed=12, knock_at=31)
    assert res.turns.mean() > void.turns.mean()


def test_a_full_circle_of_passes_renews_the_middle_or_ends_the_round():
    # basic bots that will not knock (threshold above 33) in Schwimmen: they stop swapping
    # when no swap helps, the middle is renewed, and at last the stock is too short
    res = simulate_rounds(SCHWIMMEN, 4, 2000, seed=3, knock_at=40)
    assert set(np.unique(res.ended_by)) <= {BLITZ, FIRE, ENDED_BY.index("stock")}
    assert (res.ended_by == ENDED_BY.index("stock")).any()
    # every such round was scored: somebody lost a life
    stock = res.ended_by == ENDED_BY.index("stock")
    assert (res.lives_lost[stock].sum(axis=1) >= 1).all()


def test_round_results_follow_the_rules_of_who_loses():
    res = simulate_rounds(SCAT, 4, 3000, seed=4)
    v = res.values
    for r in range(len(res)):
        lost = res.lives_lost[r]
        if res.ended_by[r] == BLITZ:
            assert ((lost == 1) == (v[r] != 31)).all()
        elif res.ended_by[r] == KNOCK:
            low = v[r] == v[r].min()
            k = res.knocker[r]
            if low[k] and low.sum() == 1:
                assert lost[k] == 2 and lost.sum() == 2  # scat: knocker alone lowest loses 2
            elif low[k]:
                assert lost[k] == 0 and (lost == (low & (np.arange(4) != k))).all()  # safe
            else:
                assert (lost == low).all()
        elif res.ended_by[r] == VOID:
            assert lost.sum() == 0
    assert (res.turns[res.ended_by == BLITZ] >= 0).all()


def test_a_blitz_on_the_deal_ends_the_round_with_no_turns():
    res = simulate_rounds(SCAT, 6, 20000, seed=5)
    deal_blitz = (res.ended_by == BLITZ) & (res.turns == 0)
    assert deal_blitz.any()
    assert (res.values[deal_blitz] == 31).any(axis=1).all()


def test_scat_knocks_only_before_the_final_turns_and_rounds_end_n_minus_1_turns_later():
    res = simulate_rounds(SCAT, 4, 3000, seed=6)
    k = res.ended_by == KNOCK
    assert (res.turns[k] - res.knock_turn[k] == 3).all()


def test_second_circle_knock_waits_until_everyone_moved_once():
    res = simulate_rounds(SCAT.replace(knock_from="second_circle"), 4, 3000, seed=7,
                          bots="random")
    knocked = res.knocker >= 0
    assert (res.knock_turn[knocked] >= 5).all()
    res = simulate_rounds(SCAT, 4, 3000, seed=7, bots="random")
    assert (res.knock_turn[res.knocker >= 0] == 1).any()


def test_blitz_after_knock_only_where_the_rules_say_so():
    scat = simulate_rounds(SCAT, 4, 20000, seed=8)
    assert not ((scat.ended_by == BLITZ) & (scat.knocker >= 0)).any()
    blitz = simulate_rounds(get_variant("blitz").rules, 4, 20000, seed=8)
    assert ((blitz.ended_by == BLITZ) & (blitz.knocker >= 0)).any()


def test_fire_costs_every_other_player_a_life():
    res = simulate_rounds(SCHWIMMEN, 4, 20000, seed=9)
    fire = res.ended_by == FIRE
    assert fire.any()
    for r in np.flatnonzero(fire):
        assert ((res.lives_lost[r] == 1) == (res.values[r] != 33)).all()


def test_void_rounds_when_the_stock_runs_out():
    # knock threshold beyond reach: only a blitz or the empty stock end a round
    res = simulate_rounds(SCAT, 2, 500, seed=10, knock_at=32)
    assert set(np.unique(res.ended_by)) <= {BLITZ, VOID}
    void = res.ended_by == VOID
    # 52 cards: 6 dealt, 1 turned up, 45 drawn: at least 45 turns (a take uses no stock)
    assert (res.turns[void] >= 45).all()
    assert (res.lives_lost[void] == 0).all()


def test_reshuffle_keeps_rounds_going_until_a_knock():
    res = simulate_rounds(SCAT.replace(stock_out="reshuffle"), 2, 300, seed=10, knock_at=29)
    assert not (res.ended_by == VOID).any() or (res.turns[res.ended_by == VOID] >= 400).all()
    assert (res.turns > 45).any()


# --- the API --------------------------------------------------------------------------------

def test_same_seed_same_results_and_the_dealer_rotates():
    a = simulate_rounds(SCAT, 3, 500, seed=1)
    b = simulate_rounds(SCAT, 3, 500, seed=1)
    assert np.array_equal(a.turns, b.turns) and np.array_equal(a.values, b.values)
    assert list(a.dealer[:4]) == [0, 1, 2, 0]


def test_iter_simulate_yields_growing_cumulative_totals():
    parts = list(iter_simulate(SCAT, 4, 2500, seed=2, batch=1000, keep_rounds=True))
    assert [p.rounds for p in parts] == [1000, 2000, 2500]
    assert parts[-1].done == 1.0
    per_round = parts[-1].extra["rounds"]
    assert len(per_round) == 2500
    assert parts[-1].mean_turns == pytest.approx(per_round.turns.mean())


def _args(**kw):
    base = dict(variant="scat", rule=None, players=4, rounds=2000, seed=0, bots="basic",
                knock_at=25.0, engine="fast", json=True)
    base.update(kw)
    return argparse.Namespace(**base)


def test_simulate_command_gives_the_design_keys():
    out = simulate_command(_args())
    assert list(out) == ["rounds", "blitz_rate", "knock_rate", "void_rate", "mean_turns",
                         "knocker_lost_rate", "seconds", "rounds_per_second"]
    assert out["rounds"] == 2000
    assert out["blitz_rate"] + out["knock_rate"] + out["void_rate"] == pytest.approx(1.0)


def test_simulate_command_takes_house_rules():
    plain = simulate_command(_args(rounds=4000))
    thirty = simulate_command(_args(rounds=4000, rule=["knock_from=\"second_circle\""]))
    assert thirty["mean_turns"] > plain["mean_turns"]


@pytest.mark.parametrize("kw,words", [
    (dict(variant="kitty"), "draw and swap"),
    (dict(players=9), "players"),
    (dict(bots="genius"), "bot levels"),
    (dict(bots="basic,basic"), "one per seat"),
    (dict(rounds=0), "at least"),
])
def test_bad_simulation_requests_get_one_clear_sentence(kw, words):
    with pytest.raises(ValueError, match=words):
        simulate_command(_args(**kw))


def test_simulation_error_is_a_value_error():
    assert issubclass(SimulationError, ValueError)


# --- the standard bot (strategy.py's written policy) ----------------------------------------

@cache
def _key_of(cards: frozenset, rules):
    return score(tuple(sorted(cards)), rules).key


def _outs(kept, unseen, rules):
    base = _key_of(frozenset(kept), rules)
    n = 0
    for c in unseen:
        best = max(_key_of(frozenset(kept[:i] + kept[i + 1:] + [c]), rules) for i in range(3))
        n += best > base
    return n


def _bar(n, r, K):
    """The standard knock bar as strategy.py's text states it."""
    return K + 1 + 2 * r if n <= 2 else min(K - 5 + r, K + 2)


@cache
def _ahead(kept: frozenset, rules):
    """Sum over the pack's other cards c of the best three of kept + c (strength.py text)."""
    total = 0.0
    for c in make_pack(rules.pack):
        if c not in kept:
            total += max([_key_of(kept, rules)[0]] +
                         [_key_of(kept - {x} | {c}, rules)[0] for x in kept])
    return total


@cache
def _draw_ahead(hand: frozenset, rules):
    return sum(max([_ahead(hand, rules)] + [_ahead(hand - {x} | {c}, rules) for x in hand])
               for c in make_pack(rules.pack) if c not in hand)


def _brute_standard_draw(hand, top, drawn, may_knock, has_stock, r, seen, n, rules, K,
                         next_known=(), denial=False, take_vs_draw=False, two_step=False,
                         final=False):
    if may_knock and (r >= 12 or score(tuple(hand), rules).points >= _bar(n, r, K)):
        return "knock", None  # rule 6: from its 13th turn it knocks whatever it holds
    cur = _key_of(frozenset(hand), rules)
    take = max(_key_of(frozenset(hand[:i] + hand[i + 1:] + [top]), rules) for i in range(3))
    look = two_step and not final
    if look and take > cur:
        # before a knock: the best hand kept with the top card, one draw ahead, against
        # drawing now and keeping the best one draw ahead (means over the pack's other cards)
        keep = max(_ahead(frozenset(hand[:i] + hand[i + 1:] + [top]), rules) for i in range(3))
        if keep / (rules.pack - 3) < _draw_ahead(frozenset(hand), rules) / (rules.pack - 3) ** 2:
            take = cur
    elif take_vs_draw and take > cur:
        # take only if at least as good as the average hand after a blind draw
        unseen_now = [c for c in make_pack(rules.pack) if c not in seen and c not in hand]
        after = [max([cur] + [_key_of(frozenset(hand[:i] + hand[i + 1:] + [c]), rules)
                              for i in range(3)])[0] for c in unseen_now]
        if unseen_now and take[0] < sum(after) / len(after):
            take = cur
    if take > cur:
        move, new = "take", top
    elif has_stock:
        move, new = "draw", drawn
    else:
        return "stand", None
    four = hand + [new]
    unseen = [c for c in make_pack(rules.pack) if c not in seen and c not in four]
    wanted = {c.suit for c in next_known} if denial and not final else set()
    best = None
    for j in range(4 if move == "draw" else 3):
        kept = four[:j] + four[j + 1:]
        cand = (_ahead(frozenset(kept), rules) if look else 0,
                _key_of(frozenset(kept), rules), -(four[j].suit in wanted),
                _outs(kept, unseen, rules), -four[j].points, j)
        if best is None or cand > best:
            best = cand
    return move, best[-1]


@pytest.mark.parametrize("name,extras,two_step", [
    ("scat", False, False), ("schwimmen", False, False), ("scat", True, False),
    ("scat_30_5", True, False), ("scat", True, True), ("scat_30_5", True, True)])
def test_standard_draw_turn_matches_the_written_policy(name, extras, two_step):
    """extras: with two refinements of strategy.py (denial: keep suits the next player
    collects away from them; take only if as good as an average blind draw); two_step:
    before a knock, take and discard looking one more draw ahead."""
    from thirtyone.policies.standard import StandardOptions, standard_draw_moves
    rules = LOOKUP_RULES[name]
    pack = np.array(_idx(make_pack(rules.pack)))
    rng = np.random.default_rng(13)
    R, n, K = (60 if two_step else 150), 4, 25.0
    cards = np.array([rng.choice(pack, 12, replace=False) for _ in range(R)])
    h, top, drawn, seen = cards[:, :3], cards[:, 3], cards[:, 4], cards[:, 5:]
    seen_mask = card_bits(np.concatenate([seen, top[:, None]], axis=1))
    next_known = card_bits(seen[:, :2])  # two of the seen cards sit in the next player's hand
    may_knock = rng.random(R) < 0.5
    has_stock = rng.random(R) < 0.8
    turns_before = rng.integers(0, 15, R)
    opts = StandardOptions(denial=extras, take_vs_draw=extras, two_step=two_step)
    final = (rng.random(R) < 0.3) if two_step else np.zeros(R, bool)
    move, pos = standard_draw_moves(rules, K, n, h, top, drawn, may_knock, has_stock,
                                    turns_before, seen_mask, next_known, final, opts)
    names = ("draw", "take", "knock", "stand")
    for r in range(R):
        cf = card_from_index
        want = _brute_standard_draw([cf(int(i)) for i in h[r]], cf(int(top[r])),
                                    cf(int(drawn[r])), bool(may_knock[r]), bool(has_stock[r]),
                                    int(turns_before[r]), {cf(int(i)) for i in seen[r]} |
                                    {cf(int(top[r]))}, n, rules, K,
                                    [cf(int(i)) for i in seen[r, :2]], extras, extras,
                                    two_step, bool(final[r]))
        got = (names[move[r]], int(pos[r]) if names[move[r]] in ("take", "draw") else None)
        assert got == want, r


def _brute_standard_swap(hand, mid, may_knock, final, r, seen, n, rules, K):
    if may_knock and (r >= 12 or rules.hand_value == "suit_sum" and
                      score(tuple(hand), rules).points >= _bar(n, r, K)):
        return "knock"
    cur = _key_of(frozenset(hand), rules)
    unseen = [c for c in make_pack(rules.pack) if c not in seen and c not in hand]
    cands = []
    order = 0
    for i in range(3):
        for j in range(3):
            new = hand[:i] + [mid[j]] + hand[i + 1:]
            cands.append(((_key_of(frozenset(new), rules), _outs(new, unseen, rules), 1,
                           -hand[i].points, -order), 3 * i + j))
            order += 1
    if rules.allow_swap_all:
        cands.append(((_key_of(frozenset(mid), rules), _outs(list(mid), unseen, rules), 0,
                       -sum(c.points for c in hand), -9), 9))
    stay_ok = final or rules.allow_pass
    if stay_ok:
        cands.append(((cur, _outs(hand, unseen, rules), 0, 0, -10), 10))
    best = max(cands)
    if best[0][0] > cur:
        return best[1]
    return "pass" if stay_ok else best[1]


@pytest.mark.parametrize("name", ["schwimmen", "stop_the_bus"])
def test_standard_swap_turn_matches_the_written_policy(name):
    from thirtyone.policies.standard import StandardOptions, standard_swap_moves
    rules = LOOKUP_RULES[name]
    pack = np.array(_idx(make_pack(rules.pack)))
    rng = np.random.default_rng(14)
    R, n, K = 120, 4, 25.0
    cards = np.array([rng.choice(pack, 10, replace=False) for _ in range(R)])
    h, mid, other = cards[:, :3], cards[:, 3:6], cards[:, 6:]
    seen_mask = card_bits(np.concatenate([mid, other], axis=1))
    may_knock = (rng.random(R) < 0.5) & (rules.hand_value == "suit_sum")
    final = ~may_knock & (rng.random(R) < 0.5)
    turns_before = rng.integers(0, 15, R)
    move = standard_swap_moves(rules, K, n, h, mid, may_knock, final, turns_before, seen_mask,
                               StandardOptions())
    cf = card_from_index
    for r in range(R):
        want = _brute_standard_swap([cf(int(i)) for i in h[r]], [cf(int(i)) for i in mid[r]],
                                    bool(may_knock[r]), bool(final[r]), int(turns_before[r]),
                                    {cf(int(i)) for i in cards[r, 3:]}, n, rules, K)
        got = {10: "pass", 11: "knock"}.get(int(move[r]), int(move[r]))
        assert got == want, r


def test_standard_knock_bar_rises_with_each_turn_and_players():
    from thirtyone.policies.standard import standard_threshold2

    # strategy.py's text: 3+ players knock from 20 on the first turn, rising by one each turn
    # up to 27; 2 players from 26, rising by two (K = 25); the sim works in half points
    assert standard_threshold2(25.0, 2, np.array([0, 1]))[:2].tolist() == [52, 56]
    assert standard_threshold2(25.0, 4, np.array([0, 1, 3, 9])).tolist() == [40, 42, 46, 54]
    assert standard_threshold2(25.0, 3, np.array([0]))[0] == 40


def test_brag_knock_values_follow_the_share_of_hands_beaten():
    from thirtyone.core.lookup import knock_values2

    kv = knock_values2(BUS)
    prial = [c.index for c in score("AS AH AD", BUS).cards]
    high = [c.index for c in score("2S 4H 7D", BUS).cards]
    f = lambda h: (h[0] * 52 + h[1]) * 52 + h[2]  # noqa: E731
    assert kv[f(prial)] >= 2 * 29  # a prial beats almost every dealt hand
    assert kv[f(high)] <= 2 * 8


def test_standard_errors_shrink_as_rounds_come_in():
    parts = list(iter_simulate(SCAT, 4, 8000, seed=3, batch=2000))
    first, last = parts[0].standard_errors(), parts[-1].standard_errors()
    for k in ("blitz_rate", "knock_rate", "mean_turns", "knocker_lost_rate"):
        assert last[k] < first[k]
    # a share's standard error is sqrt(p (1 - p) / n)
    p = parts[-1].knock_rate
    assert last["knock_rate"] == pytest.approx((p * (1 - p) / 8000) ** 0.5)


def test_thirtyone_simulate_prints_json_and_refuses_bad_input_with_exit_2(capsys):
    import json

    from thirtyone.cli import main

    assert main(["simulate", "--variant", "schwimmen", "--players", "3", "--rounds", "500",
                 "--seed", "4", "--bots", "basic,standard,random", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rounds"] == 500 and 0 <= out["knock_rate"] <= 1
    assert main(["simulate", "--variant", "scat", "--players", "12"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "players" in err
