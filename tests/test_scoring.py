"""Hand value (RULES.md section 2), checked hand by hand against an independent brute force
(tests/brute.py) over every three-card hand, plus the published counts."""

from __future__ import annotations

from collections import Counter

import pytest
from brute import banking, brag, dense_ranks, every_hand, suit_sum, tie_break_key
from hypothesis import given
from hypothesis import strategies as st

from thirtyone import Card, Rules, get_variant, parse_hand, score
from thirtyone.core.cards import CardError

HANDS = {52: every_hand(52), 32: every_hand(32)}


def cards(hand) -> tuple[Card, ...]:
    return tuple(Card(r, s) for r, s in hand)


# --- published facts (RULES.md section 2), from the brute force alone ---------------------

def test_a_52_card_pack_deals_22100_hands_24_of_them_worth_31():
    values = [suit_sum(h) for h in HANDS[52]]
    assert len(values) == 22_100
    assert values.count(31.0) == 24


def test_52_cards_hold_52_three_of_a_kinds_and_4_three_aces():
    trips = [h for h in HANDS[52] if len({c[0] for c in h}) == 1]
    assert len(trips) == 52
    assert sum(h[0][0] == 14 for h in trips) == 4


def test_without_a_bonus_the_smallest_value_is_2_and_the_mean_is_13_088():
    values = [suit_sum(h) for h in HANDS[52]]
    assert min(values) == 2.0
    assert round(sum(values) / len(values), 3) == 13.088


def test_a_32_card_pack_deals_4960_hands_24_worth_31_and_never_12_13_14_22_or_23():
    values = {suit_sum(h) for h in HANDS[32]}
    assert len(HANDS[32]) == 4_960
    assert [suit_sum(h) for h in HANDS[32]].count(31.0) == 24  # 3/620
    for impossible in (12, 13, 14, 22, 23):
        assert impossible not in values
    assert {15, 21, 24, 31} <= values


def test_brag_classes_have_the_published_52_card_counts():
    counts = Counter(brag(h)[0] for h in HANDS[52])
    assert counts == {"prial": 52, "running flush": 48, "run": 720, "flush": 1_096,
                      "pair": 3_744, "high card": 16_440}


# --- the code agrees with the brute force on every hand ----------------------------------

@pytest.mark.parametrize("pack", [52, 32])
@pytest.mark.parametrize("three_of_a_kind", [None, 30, 30.5])
@pytest.mark.parametrize("fire", [None, 32, 33])
def test_every_hand_has_the_suit_sum_value_of_the_rules(pack, three_of_a_kind, fire):
    rules = Rules(pack=pack, three_of_a_kind=three_of_a_kind, fire=fire)
    wrong = [(h, score(cards(h), rules).points, suit_sum(h, three_of_a_kind, fire))
             for h in HANDS[pack]
             if score(cards(h), rules).points != suit_sum(h, three_of_a_kind, fire)]
    assert wrong == []


@pytest.mark.parametrize("pack", [52, 32])
def test_blitz_is_exactly_31_in_one_suit(pack):
    rules = Rules(pack=pack)
    blitz = [h for h in HANDS[pack] if score(cards(h), rules).blitz]
    assert len(blitz) == 24
    for h in blitz:
        assert len({c[1] for c in h}) == 1
        assert sorted(c[0] for c in h)[-1] == 14
        assert all(c[0] >= 10 for c in h)


def test_counted_cards_are_the_cards_of_the_best_suit():
    rules = Rules()
    for h in HANDS[52][::7]:
        s = score(cards(h), rules)
        assert sum(c.points for c in s.counted) == s.points
        assert len({c.suit for c in s.counted}) == 1


def test_every_52_card_hand_gets_its_brag_class_and_order():
    rules = get_variant("stop_the_bus").rules
    scored = [score(cards(h), rules) for h in HANDS[52]]
    assert [s.label for s in scored] == [brag(h)[0] for h in HANDS[52]]
    # The same order over all hands: equal where the rules say equal, higher where higher.
    assert dense_ranks([s.key for s in scored]) == dense_ranks([brag(h)[1] for h in HANDS[52]])


def test_tie_break_orders_every_hand_as_kitty_reads_it():
    rules = get_variant("kitty").rules
    keys = [score(cards(h), rules).key for h in HANDS[52]]
    assert dense_ranks(keys) == dense_ranks([tie_break_key(h) for h in HANDS[52]])


def test_banking_total_of_every_three_card_hand():
    rules = get_variant("banking").rules
    for h in HANDS[52]:
        s = score(cards(h), rules)
        assert (s.points, s.bust) == banking(h)


@given(st.lists(st.sampled_from([(r, s) for s in "SHDC" for r in range(2, 15)]),
                min_size=1, max_size=7))
def test_banking_counts_each_ace_as_1_or_11_whichever_is_best(hand):
    total, bust = banking(hand)
    s = score(cards(hand), get_variant("banking").rules)
    assert s.points == total
    assert s.bust is bust


# --- worked examples from RULES.md -----------------------------------------------------

def test_ace_nine_of_hearts_and_king_of_spades_is_20():
    assert score(parse_hand("AH 9H KS"), Rules()).points == 20.0


def test_seven_eight_nine_of_three_suits_is_9():
    assert score(parse_hand("7S 8H 9D"), Rules()).points == 9.0


def test_ace_king_of_hearts_with_nine_of_spades_is_21_and_the_spade_does_not_count():
    s = score(parse_hand("AH KH 9S"), get_variant("scat").rules)
    assert (s.points, s.label) == (21.0, "hearts")
    assert {str(c) for c in s.counted} == {"AH", "KH"}
    assert "9♠" in s.explain() and "21" in s.explain()


def test_three_aces_are_fire_worth_33_in_schwimmen():
    s = score(parse_hand("AH AS AD"), get_variant("schwimmen").rules)
    assert (s.points, s.fire, s.label) == (33.0, True, "fire")


def test_three_sevens_are_30_and_a_half_in_schwimmen_but_7_in_scat():
    assert score(parse_hand("7H 7S 7D"), get_variant("schwimmen").rules).points == 30.5
    assert score(parse_hand("7H 7S 7D"), get_variant("scat").rules).points == 7.0
    assert score(parse_hand("7H 7S 7D"), get_variant("blitz").rules).points == 30.0


def test_schwimmen_worked_example_values():
    rules = get_variant("schwimmen").rules
    assert score(parse_hand("AH 8H KS"), rules).points == 19
    assert score(parse_hand("AH 8H KH"), rules).points == 29
    assert score(parse_hand("AH KH QH"), rules).points == 31
    assert score(parse_hand("AS KS 9S"), rules).points == 30
    assert score(parse_hand("TH 9H 8D"), rules).points == 19


def test_three_threes_are_the_best_brag_hand_then_three_aces():
    rules = get_variant("stop_the_bus").rules
    s333, saaa, s222 = (score(parse_hand(h), rules) for h in ("3H 3S 3D", "AH AS AD",
                                                               "2H 2S 2D"))
    assert s333 > saaa > s222


def test_three_two_ace_is_the_best_running_flush_and_four_three_two_the_lowest():
    rules = get_variant("stop_the_bus").rules
    a32, akq, s432 = (score(parse_hand(h), rules) for h in ("3H 2H AH", "AH KH QH", "4H 3H 2H"))
    assert a32 > akq > s432
    assert a32.label == "running flush"


def test_brag_suits_never_rank():
    rules = get_variant("stop_the_bus").rules
    assert score(parse_hand("AH KD 9C"), rules) == score(parse_hand("AS KC 9H"), rules)


def test_brag_pair_compares_the_pair_then_the_odd_card():
    rules = get_variant("stop_the_bus").rules
    assert score(parse_hand("KH KD 2C"), rules) > score(parse_hand("QH QD AC"), rules)
    assert score(parse_hand("KH KD 5C"), rules) > score(parse_hand("KS KC 4H"), rules)


def test_kitty_tie_break_compares_counted_cards_then_the_others():
    rules = get_variant("kitty").rules
    assert score(parse_hand("AH KH 5S"), rules) > score(parse_hand("AD KD 4S"), rules)
    assert score(parse_hand("AH 9H 2S"), rules) > score(parse_hand("KD QD 9C"), rules)  # 20 v 20
    assert score(parse_hand("AH KH 5S"), rules) == score(parse_hand("AD KD 5C"), rules)


def test_without_tie_break_equal_values_are_a_tie():
    rules = get_variant("scat").rules
    assert score(parse_hand("AH KH 5S"), rules) == score(parse_hand("AD QD 2C"), rules)


def test_a_banking_hand_over_31_even_with_aces_as_one_is_bust():
    s = score(["KH", "QH", "JH", "2S"], get_variant("banking").rules)
    assert s.bust and s.label == "bust"
    s = score(["AH", "AS", "KD"], get_variant("banking").rules)
    assert (s.points, s.bust) == (22.0, False)  # 11 + 1 + 10: both aces as 11 would be 32


def test_scoring_refuses_a_card_outside_the_pack():
    with pytest.raises(CardError, match="2H"):
        score("2H 9H AH", get_variant("eenendertigen").rules)
