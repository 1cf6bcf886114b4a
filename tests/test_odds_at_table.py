"""Issue 26 item 2: the chance that matters for each scoring, for one hand against N fresh
opponents (``odds.knock.hand_at_table``), checked against a plain simulation written here with
the rules engine's own ``score`` (RULES.md 3e: all tied for lowest lose a life; with points
only the one alone at the bottom scores low; Kitty's pot goes to the highest, a tie shares it).
"""

from __future__ import annotations

import math
import random

import pytest

from thirtyone.core.cards import make_pack, parse_hand
from thirtyone.core.rules import get_variant
from thirtyone.core.scoring import score
from thirtyone.odds.dealt import hand_strength
from thirtyone.odds.knock import hand_at_table
from thirtyone.odds.tables import OddsError


def strength(cards, rules) -> float:
    return hand_strength(score(cards, rules), rules)


def simulated(hand: str, variant: str, opponents: int, rounds: int, seed: int) -> float:
    """The share of deals in which the scoring punishes ``hand``, by dealing the other cards
    one deal at a time and scoring every hand with ``core.scoring``."""
    rules = get_variant(variant).rules
    mine = tuple(parse_hand(hand, pack=rules.pack))
    rest = [c for c in make_pack(rules.pack) if c not in mine]
    me = strength(mine, rules)
    rnd = random.Random(seed)
    bad = 0
    for _ in range(rounds):
        cards = rnd.sample(rest, 3 * opponents)
        others = [strength(tuple(cards[3 * i:3 * i + 3]), rules) for i in range(opponents)]
        if rules.scoring == "chips":
            bad += max(others) > me
        elif rules.scoring == "points":
            bad += min(others) > me
        else:
            bad += min(others) >= me
    return bad / rounds


CASES = [("KH QH 5S", "scat", 1), ("KH QH 5S", "scat", 2), ("9C 7C 4D", "scat", 2),
         ("9C 7C 4D", "scat", 3), ("KH QH 9S", "kitty", 1), ("KH QH 9S", "kitty", 2),
         ("KH QH 9S", "kitty", 3), ("AS 9S 8D", "schwimmen", 3),
         ("QD JD 2C", "running_total", 1), ("QD JD 2C", "running_total", 2)]


@pytest.mark.parametrize(("hand", "variant", "opponents"), CASES)
def test_the_chance_agrees_with_dealing_the_other_cards(hand, variant, opponents):
    rules = get_variant(variant).rules
    got = hand_at_table(tuple(parse_hand(hand, pack=rules.pack)), rules, opponents)
    rounds = 6000
    sim = simulated(hand, variant, opponents, rounds, seed=hash((hand, variant, opponents)) % 999)
    # both are estimates of the same chance: 4.5 standard errors of the plain simulation
    # plus the engine's own simulated half-width (zero when it is exact)
    sd = math.sqrt(max(got.chance * (1 - got.chance), 1e-4) / rounds)
    assert abs(got.chance - sim) <= 4.5 * sd + got.half_width, (got, sim)
    assert got.exact == (opponents <= 2)
    assert got.kind == {"chips": "pot", "points": "place"}.get(rules.scoring, "life")


def test_the_top_and_bottom_hands_are_certain():
    kitty = get_variant("kitty").rules
    # a 31 is never beaten (another 31 only shares the pot)
    assert hand_at_table(tuple(parse_hand("AH KH QH")), kitty, 2).chance == 0.0
    scat = get_variant("scat").rules
    # two 2s and a 3 of three suits are worth 3, the least any hand is worth (three 2s are a
    # three of a kind): always lowest, or tied for it
    assert hand_at_table(tuple(parse_hand("2S 2H 3D")), scat, 1).chance == 1.0
    assert hand_at_table(tuple(parse_hand("2S 2H 3D")), scat, 2).chance == 1.0
    # 2, 3, 4 of three suits is worth 4: a pair of 2s with a 3 is still lower
    assert hand_at_table(tuple(parse_hand("2S 3H 4D")), scat, 1).chance < 1.0
    # a 31 loses only if every opponent also holds 31: possible, so not zero, but tiny
    top = hand_at_table(tuple(parse_hand("AS KS QS")), scat, 1).chance
    assert 0 < top < 0.001


def test_more_opponents_make_the_pot_harder_and_the_bottom_rarer():
    kitty, scat = get_variant("kitty").rules, get_variant("scat").rules
    hand = tuple(parse_hand("KH QH 9S"))
    pot = [hand_at_table(hand, kitty, n).chance for n in (1, 2, 3, 4)]
    low = [hand_at_table(tuple(parse_hand("9C 7C 4D")), scat, n).chance for n in (1, 2, 3, 4)]
    assert pot == sorted(pot) and low == sorted(low, reverse=True)


def test_a_table_that_does_not_fit_the_pack_is_refused_in_one_sentence():
    kitty = get_variant("kitty").rules       # 52 cards: at most 16 opponents
    with pytest.raises(OddsError, match="opponents fit this pack"):
        hand_at_table(tuple(parse_hand("KH QH 9S")), kitty, 17)
    with pytest.raises(OddsError, match="opponents fit this pack"):
        hand_at_table(tuple(parse_hand("KH QH 9S")), kitty, 0)


@pytest.mark.parametrize(("variant", "value"), [("scat", 16.0), ("scat", 25.0), ("kitty", 21.0)])
def test_a_values_showdown_loss_is_the_mean_over_its_hands(variant, value):
    """``showdown_loss`` for one certain value averages the exact per-hand chance over every
    dealt hand of that value (each as often as the deal gives it)."""
    from itertools import combinations

    from thirtyone.odds.knock import showdown_loss

    rules = get_variant(variant).rules
    hands = [h for h in combinations(make_pack(rules.pack), 3)
             if float(score(h, rules).points) == value]
    mean = sum(hand_at_table(h, rules, 1).chance for h in hands) / len(hands)
    assert showdown_loss([value], [1.0], rules, 1) == pytest.approx(mean, abs=1e-9)
    # a move's outcomes mix their values' chances by their probabilities
    mixed = showdown_loss([value, 31.0], [0.25, 0.75], rules, 1)
    assert mixed == pytest.approx(0.25 * mean + 0.75 * showdown_loss([31.0], [1.0], rules, 1))


@pytest.mark.parametrize(("variant", "value"), [("running_total", 21.0), ("running_total", 15.0),
                                                ("kitty", 21.0), ("scat", 21.0)])
def test_a_moves_showdown_result_is_in_the_scorings_unit(variant, value):
    """``showdown_result`` heads-up, counted here over every pair of disjoint hands (mine of
    ``value``, the opponent's any other): with points the round pays 2 on top (a tie on top
    is top) and 0 alone at the bottom; with chips the top hand takes both antes, so the net
    is the pot times the chance of the top less the ante; with lives it is the chance of
    losing a life (``showdown_loss``)."""
    from itertools import combinations

    import numpy as np

    from thirtyone.odds.knock import showdown_loss, showdown_result

    rules = get_variant(variant).rules
    hands = list(combinations(make_pack(rules.pack), 3))
    scores = [score(h, rules) for h in hands]
    order = {k: i for i, k in enumerate(sorted({s.key for s in scores}))}
    rank = np.array([order[s.key] for s in scores])
    bits = np.array([sum(1 << c.index for c in h) for h in hands], dtype=np.int64)
    mine = [i for i, s in enumerate(scores) if float(s.points) == value]
    top = n = 0
    for i in mine:
        apart = (bits & bits[i]) == 0
        top += int((rank[apart] <= rank[i]).sum())
        n += int(apart.sum())
    p_top = top / n
    got = showdown_result([value], [1.0], rules, 1)
    if rules.scoring == "points":
        assert got == pytest.approx(2 * p_top, abs=1e-9)
    elif rules.scoring == "chips":
        assert got == pytest.approx(p_top * 2 * rules.ante - rules.ante, abs=1e-9)
    else:
        assert got == showdown_loss([value], [1.0], rules, 1)
