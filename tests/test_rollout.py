"""The expert's play-outs (thirtyone.rollout): deals consistent with what the seat saw, and
costs that follow the rules when the outcome is certain."""

import numpy as np
import pytest

from thirtyone.core.cards import make_pack, parse_hand
from thirtyone.core.rules import get_variant
from thirtyone.expert.rollout import Move, make_deals, rollout_costs

SCAT = get_variant("scat").rules


def _idx(text):
    return np.array([c.index for c in parse_hand(text, size=None)], dtype=np.intp)


def _deals(mine, others, pile="5C", size=200, seed=0, stock=None):
    """Deals where each opponent's hand is known for sure (every sample is the same hand)."""
    mine_i = _idx(mine)
    opp = [np.tile(_idx(h), (10, 1)) for h in others]
    pile_i = _idx(pile) if pile else np.zeros(0, dtype=np.intp)
    known = set(mine_i) | set(pile_i) | {int(c) for h in opp for c in h[0]}
    unseen = np.array([c.index for c in make_pack(52) if c.index not in known], dtype=np.intp)
    stock_len = len(unseen) if stock is None else stock
    return make_deals(SCAT, mine_i, opp, np.ones(10), np.concatenate([unseen, *[h[0] for h in opp]]),
                      stock_len, pile_i, [np.zeros(0, dtype=np.intp) for _ in others], 0,
                      [0] * len(others), np.random.default_rng(seed), size=size)


def test_a_deal_never_puts_a_card_in_two_places():
    d = _deals("2C 3D 4H", ["AS KS 9S", "QH JH 2S"], pile="5C 6C", stock=30)
    assert d.stock.shape == (200, 30)
    for s in range(d.size):
        cards = list(d.my_hand) + list(d.pile) + list(d.opp[s].ravel()) + list(d.stock[s])
        assert len(cards) == len(set(cards))
        assert set(d.opp[s, 0]) == set(_idx("AS KS 9S"))


def test_knocking_with_the_lowest_hand_against_a_hand_of_30_costs_two_lives_every_time():
    # heads-up scat: a knocker alone lowest loses two lives; one card cannot lower 30
    d = _deals("2C 3D 4H", ["AS KS 9S"])
    cost, _ = rollout_costs(d, [Move("knock")], lam=1.0, rng_seed=1)
    assert cost[0] == pytest.approx(2.0)


def test_knocking_with_30_against_a_hand_that_cannot_catch_up_wins_a_life_every_time():
    # the opponent's 2C 3D 4H plus any one card makes at most 15: it loses a life, the
    # knocker none; with lam = 1 the cost is -1
    d = _deals("AS KS 9S", ["2C 3D 4H"])
    cost, _ = rollout_costs(d, [Move("knock")], lam=1.0, rng_seed=1)
    assert cost[0] == pytest.approx(-1.0)
    cost0, _ = rollout_costs(d, [Move("knock")], lam=0.0, rng_seed=1)
    assert cost0[0] == pytest.approx(0.0)


def test_taking_the_card_that_makes_31_ends_the_round_with_a_blitz():
    # 31 after taking the top card: every other player loses a life at once (scat)
    d = _deals("AS KS 2D", ["7C 8C 9C", "7H 8H 9H"], pile="5C QS")
    cost, _ = rollout_costs(d, [Move("take", discard=_idx("2D")[0])], lam=0.5, rng_seed=1)
    assert cost[0] == pytest.approx(-1.0)   # two opponents lose one each, at 0.5 apiece


def test_moves_are_compared_on_the_same_deals():
    d = _deals("AS KS 9S", ["2C 3D 4H"])
    a, _ = rollout_costs(d, [Move("knock"), Move("draw")], lam=1.0, rng_seed=3)
    b, se = rollout_costs(d, [Move("knock"), Move("draw")], lam=1.0, rng_seed=3)
    assert a.tolist() == b.tolist()
    assert se[0] == 0.0


def test_holding_the_31_of_four_cards_is_a_blitz_and_beats_breaking_it():
    # the seat holds four cards after a draw; keeping A K Q of spades is 31 at once
    d = _deals("AS KS QS", ["7C 8C 9C", "7H 8H 9H"], pile="5C")
    hold = [Move("hold", discard=_idx("2D")[0], hand=tuple(_idx("AS KS QS"))),
            Move("hold", discard=_idx("QS")[0], hand=tuple(_idx("AS KS 2D")))]
    cost, _ = rollout_costs(d, hold, lam=0.5, rng_seed=1)
    assert cost[0] == pytest.approx(-1.0)
    assert cost[1] > cost[0]


def test_the_others_play_as_the_level_they_are_modelled_by():
    # the opponent holds 25. Modelled as basic it knocks on its turn (basic knocks from 25),
    # and one card cannot lift 2H 3D 4S above 15: this seat loses exactly one life in every
    # deal. Modelled as standard it does not knock with 25 on its first turn heads-up
    # (the bar is 26), and the round goes on.
    d = _deals("2H 3D 4S", ["KC QC 5C"], size=300)
    basic, _ = rollout_costs(d, [Move("draw")], lam=1.0, rng_seed=1, levels=["basic"])
    standard, _ = rollout_costs(d, [Move("draw")], lam=1.0, rng_seed=1, levels=["standard"])
    assert basic[0] == pytest.approx(1.0)
    assert standard[0] != pytest.approx(1.0)


def test_the_play_out_discard_after_a_draw_keeps_the_hand_worth_most_one_draw_later():
    from thirtyone.core.scoring import score
    from thirtyone.expert.rollout import ahead_discard

    pack = make_pack(52)
    rng = np.random.default_rng(7)

    def value(cards):
        return score(cards, SCAT).points

    def later(kept):   # sum over the pack's other cards of the best three after one more
        return sum(max(value(kept), *(value([*kept[:i], c, *kept[i + 1:]]) for i in range(3)))
                   for c in pack if c not in kept)

    fours = [rng.choice(52, 4, replace=False) for _ in range(60)]
    h = np.array([f[:3] for f in fours], dtype=np.intp)
    new = np.array([f[3] for f in fours], dtype=np.intp)
    got = ahead_discard(SCAT, h, new)
    for f, j in zip(fours, got, strict=True):
        cards = [pack[i] for i in f]
        kept_of = [[c for k, c in enumerate(cards) if k != p] for p in range(4)]
        ahead = [later(k) for k in kept_of]
        assert ahead[j] == max(ahead)
        # ties: the highest value kept, then the fewest points thrown, then the later card
        best = [p for p in range(4) if ahead[p] == max(ahead)]
        assert j == max(best, key=lambda p: (value(kept_of[p]), -cards[p].points, p))
