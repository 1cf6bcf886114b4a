"""The expert's read of another player's hand from its public moves (``thirtyone.expert.belief``)."""

from __future__ import annotations

import numpy as np
import pytest
from tiers import LONG

from thirtyone.bots import make_bot
from thirtyone.core.cards import parse_card
from thirtyone.core.lookup import flat
from thirtyone.core.rules import get_variant
from thirtyone.expert import belief
from thirtyone.expert.sample import event_indices, sample_from_belief
from thirtyone.game.table import new_game
from thirtyone.policies.standard import knock_threshold
from thirtyone.policies.view import value_table, view_from_observation

SCAT = get_variant("scat").rules


def _row(rules, hand) -> int:
    idx = sorted(c.index for c in hand)
    return int(belief.space(rules).row[flat(*idx)])


def _turn_views(rules, levels, rounds, seed):
    """Play whole rounds with the table engine; at every turn of seat 0 yield its view and
    the true hands of the others."""
    rng = np.random.default_rng(seed)
    for r in range(rounds):
        g = new_game(rules, [f"P{i}" for i in range(len(levels))], rng=rng,
                     dealer=r % len(levels), styles=levels)
        bots = [make_bot(b, 25) for b in levels]
        while not g.round_over and g.turns < 200:
            seat = g.to_move
            obs = g.observation(seat, log=True)
            if seat == 0 and obs.phase == "turn":
                yield view_from_observation(obs), g.hands
            g.apply(bots[seat](g.observation(seat, log=False), rng))


@pytest.mark.parametrize("level,n", [("standard", 4), ("basic", 4), ("standard", 2),
                                     ("basic", 2)])
def test_the_true_hand_is_never_ruled_out(monkeypatch, level, n):
    """With no room for misfits, every hand that moves differently from the model gets weight
    0. The players really play that model, so their true hand must keep a positive weight
    after every move they made: a wrong replay of any move would rule it out."""
    monkeypatch.setattr(belief, "MISFIT", 0.0)
    checked = moved = 0
    for view, hands in _turn_views(SCAT, [level] * n, rounds=40, seed=7):
        for o in view.opponents:
            w = belief.posterior(SCAT, event_indices(o.events), level, view.n_players)
            assert w[_row(SCAT, hands[o.seat])] > 0, (o.seat, o.events)
            checked += 1
            moved += any(e[0] == "discard" for e in o.events)
            # and the read is sharp: many hands are ruled out once a player has moved
            if len(o.events) >= 6:
                assert (w > 0).mean() < 0.9
    assert checked > 100 and moved > 50


def test_a_taken_card_is_held_and_a_thrown_card_is_not():
    d = [("decline", 0), ("take", parse_card("9H").index, False),
         ("discard", parse_card("2S").index, False)]
    w = belief.posterior(SCAT, d, "standard", 4)
    sp = belief.space(SCAT)
    nine, two = parse_card("9H").index, parse_card("2S").index
    holds = lambda c: (sp.hands == c).any(axis=1)  # noqa: E731
    assert w[~holds(nine)].sum() == 0
    assert w[holds(two)].sum() == 0
    # a card left on the pile was neither in the hand nor drawn
    seven = parse_card("7D").index
    w = belief.posterior(SCAT, [("draw", seven, False), ("discard", two, False)], "basic", 4)
    assert w[holds(seven)].sum() == 0 and w[~holds(seven)].sum() > 0
    w = belief.posterior(SCAT, d, "standard", 4)
    # it took the 9 of hearts to improve: a hand with no other heart fits badly
    hearts = (sp.hands // 13 == nine // 13).sum(axis=1)
    assert w[hearts >= 2].sum() > 10 * w[hearts == 1].sum()


def test_declining_to_knock_rules_out_knocking_hands():
    w = belief.posterior(SCAT, [("decline", 3)], "standard", 4)
    bar = knock_threshold(4, 3)
    sp = belief.space(SCAT)
    high = sp.value2 >= 2 * bar
    assert high.any() and (~high).any()
    assert np.all(w[high] == belief.MISFIT) and np.all(w[~high] == 1.0)


@LONG
def test_the_sampled_hands_are_calibrated():
    """Dealt from the posterior, the sampled hands of players who have moved are neither
    better nor worse than their true hands on average (within 4 standard errors): the
    position of the true value among the sampled values is uniform, mean 1/2."""
    vt = value_table(SCAT)
    rng = np.random.default_rng(5)
    pits = []
    for view, hands in _turn_views(SCAT, ["standard"] * 4, rounds=150, seed=11):
        if view.knocker is not None:
            continue
        s = sample_from_belief(view, vt, rng, 200)
        assert s is not None
        for j, o in enumerate(view.opponents):
            if o.turns == 0:
                continue
            t = [c.index for c in hands[o.seat]]
            tv = vt.strength[t[0], t[1], t[2]]
            v = s.now_val[j]
            pits.append((v < tv).mean() + 0.5 * (v == tv).mean())
    pits = np.array(pits)
    se = pits.std() / np.sqrt(len(pits))
    assert len(pits) > 300
    assert abs(pits.mean() - 0.5) < 4 * se + 0.01, (pits.mean(), se)


def test_the_view_knows_the_turned_up_card():
    """A player who draws at its first turn passed over the card turned up at the deal: the
    view names that card (the bottom of the pile), not an unknown one."""
    g = new_game(SCAT, ["A", "B", "C"], seed=3, dealer=2, styles=["basic"] * 3)
    up = g.discard_pile[0]
    g.apply("draw")
    g.apply(f"discard {g.hands[0][-1]}")
    obs = g.observation(1)
    view = view_from_observation(obs)
    first = next(o for o in view.opponents if o.seat == 0)
    assert first.events[1][0] == "draw" and first.events[1][1] == up


@pytest.mark.parametrize("top", ["7D", "AS"])
def test_one_turn_of_basic_matches_a_brute_force_count(top):
    """Deal a ``basic`` player random hands, let its own rules (``thirtyone.bots``) decline
    to knock, pass over the top card, draw and throw: for every throw, the mean value of the
    hand it keeps must be what the posterior says for that history (pooled over all
    throws, within 4 standard errors)."""
    from thirtyone.core.cards import make_pack
    from thirtyone.game.hands import hand_key
    from thirtyone.policies.basic import best_discard, value_after_take
    pack = list(make_pack(52))
    t = parse_card(top)
    rest = [c for c in pack if c != t]
    sp = belief.space(SCAT)
    rng = np.random.default_rng(1)
    post_mean: dict[int, float] = {}
    diffs = []
    for _ in range(60000):
        pick = rng.choice(len(rest), 4, replace=False)
        h, c = tuple(rest[i] for i in pick[:3]), rest[pick[3]]
        if hand_key(h, SCAT)[0] >= 25 or value_after_take(h, t, SCAT) > hand_key(h, SCAT):
            continue
        d = best_discard(h + (c,), SCAT)
        kept = [x for x in h + (c,) if x != d]
        if d.index not in post_mean:
            w = belief.posterior(SCAT, [("decline", 0), ("draw", t.index, False),
                                        ("discard", d.index, False)], "basic", 2)
            post_mean[d.index] = float((w * sp.value2).sum() / w.sum() / 2)
        diffs.append(hand_key(tuple(kept), SCAT)[0] - post_mean[d.index])
    diffs = np.array(diffs)
    assert len(diffs) > 15000
    assert abs(diffs.mean()) < 4 * diffs.std() / np.sqrt(len(diffs)), diffs.mean()
