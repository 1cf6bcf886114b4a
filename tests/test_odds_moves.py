"""One move ahead (thirtyone.odds_moves) against a plain brute force over the unseen cards."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
import pytest
from brute import brag, suit_sum

from thirtyone import CardError, get_variant, parse_hand
from thirtyone.core.cards import make_pack
from thirtyone.odds.moves import move_odds

SCAT = get_variant("scat").rules


def cards(text):
    return parse_hand(text, size=None)


def plain(c):
    return (c.rank, c.suit)


def value(hand, rules):
    h = [plain(c) for c in hand]
    return suit_sum(h, rules.three_of_a_kind, rules.fire)


def best_keep(four, rules, must_keep=None):
    """Best value of three of four cards (brute force), never throwing ``must_keep``."""
    return max(value(k, rules) for k in combinations(four, 3)
               if must_keep is None or must_keep in k)


def by_move(moves):
    return {m.move: m for m in moves}


def distribution(m):
    return dict(zip(m.values, m.probabilities, strict=True))


def test_taking_the_queen_of_hearts_makes_31_from_ace_king_of_hearts():
    m = by_move(move_odds(cards("AH KH 9S"), cards("QH"), SCAT))
    assert m["take Q♥"].values == (31.0,)
    assert "9♠" in m["take Q♥"].note


def test_drawing_to_ace_king_of_hearts_makes_31_with_two_cards_of_48():
    # Unseen: 52 - 3 in hand - QH on the pile = 48; only TH and JH complete 31.
    m = by_move(move_odds(cards("AH KH 9S"), cards("QH"), SCAT))
    assert m["draw"].p31 == pytest.approx(2 / 48)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("key", ["scat", "eenendertigen", "blitz"])
def test_draw_distribution_matches_scoring_every_unseen_card(seed, key):
    rules = get_variant(key).rules
    rng = np.random.default_rng(seed)
    pack = list(make_pack(rules.pack))
    picked = [pack[i] for i in rng.choice(len(pack), 6, replace=False)]
    hand, top, gone = picked[:3], picked[3:4], picked[4:]
    unseen = [c for c in pack if c not in picked]
    expected = Counter(best_keep([*hand, c], rules) for c in unseen)
    m = by_move(move_odds(hand, top, rules, gone))
    got = distribution(m["draw"])
    assert got.keys() == expected.keys()
    for v, n in expected.items():
        assert got[v] == pytest.approx(n / len(unseen))
    take = m[f"take {top[0].display}"]
    assert take.values == (best_keep([*hand, top[0]], rules, must_keep=top[0]),)


def test_a_card_taken_may_go_straight_back_only_where_the_house_rule_allows():
    # Taking 2C into a blitz: without the option the 2C must stay, so a heart goes (21).
    strict = by_move(move_odds(cards("AH KH QH"), cards("2C"), SCAT))
    assert strict["take 2♣"].values == (21.0,)
    loose = by_move(move_odds(cards("AH KH QH"), cards("2C"),
                              SCAT.replace(may_discard_taken_card=True)))
    assert loose["take 2♣"].values == (31.0,)


def test_every_swap_with_the_middle_scores_like_the_hand_it_leaves():
    rules = get_variant("schwimmen").rules
    hand, middle = cards("AH 8H KS"), cards("KH 7C TD")
    m = by_move(move_odds(hand, middle, rules))
    for i, give in enumerate(hand):
        for take in middle:
            left = [c for j, c in enumerate(hand) if j != i] + [take]
            assert m[f"swap {give.display} for {take.display}"].values == (value(left, rules),)
    assert m["swap all"].values == (value(middle, rules),)
    assert m["pass"].values == (value(hand, rules),)


def test_the_rules_worked_example_swap_king_of_spades_for_king_of_hearts_gives_29():
    m = by_move(move_odds(cards("AH 8H KS"), cards("KH 7C TD"), get_variant("schwimmen").rules))
    assert m["swap K♠ for K♥"].values == (29.0,)


def test_stop_the_bus_has_no_pass_and_compares_brag_ranks():
    rules = get_variant("stop_the_bus").rules
    m = by_move(move_odds(cards("7S 7H 2C"), cards("7D 9C 3H"), rules))
    assert "pass" not in m
    swap = m["swap 2♣ for 7♦"]
    assert brag([(7, "S"), (7, "H"), (7, "D")])[0] == "prial"
    assert swap.values == (5.0,)  # class 5 = prial
    assert swap.p_better == 1.0


def test_switch_closed_hand_is_every_three_unseen_cards_alike():
    rules = get_variant("switch").rules
    hand, open_hand = cards("AH KH 9S"), cards("QH 7C 8S")
    m = by_move(move_odds(hand, open_hand, rules))
    unseen = [c for c in make_pack(52) if c not in hand and c not in open_hand]
    trios = list(combinations(unseen, 3))
    p31 = sum(value(t, rules) >= 31 for t in trios) / len(trios)
    assert m["switch closed"].p31 == pytest.approx(p31)
    assert m["switch open"].values == (value(open_hand, rules),)


@pytest.mark.parametrize("hand,visible,message", [
    ("AH KH 9S", "AH", "twice"),
    ("AH KH", "QH", "3 cards"),
    ("AH KH 9S", "QH JH", "top discard"),
])
def test_bad_input_gets_one_clear_sentence(hand, visible, message):
    with pytest.raises(CardError, match=message):
        move_odds(cards(hand), cards(visible), SCAT)


def test_a_card_outside_the_32_card_pack_is_refused():
    with pytest.raises(CardError, match="32-card"):
        move_odds(cards("AH KH 2S"), cards("QH"), get_variant("eenendertigen").rules)
