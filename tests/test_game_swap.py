"""Swap family (RULES.md 3b, 3d, 3e): Schwimmen and Stop the Bus with stacked decks."""

from __future__ import annotations

import pytest
from table_helpers import cards, game, hand_text, play

from thirtyone import IllegalActionError
from thirtyone.core.rules import get_variant

SCHWIMMEN = get_variant("schwimmen").rules
HANDS = ["7C 8D 9S", "7D 8S 9H", "7S 8H TC"]       # 9, 9 and 10: nothing special


def middle(g) -> str:
    return " ".join(sorted(str(c) for c in g.middle))


def test_swap_family_turns_three_cards_face_up_in_the_middle():
    g = game("schwimmen", HANDS, table="AH KH QD", stock="JC")
    assert middle(g) == cards("AH KH QD")
    assert len(g.stock) == 32 - 9 - 3
    assert g.stock[-1].rank == 11 and g.stock[-1].suit == "C"
    assert g.observation(2).middle == g.observation(0).middle


def test_a_turn_is_swap_one_swap_all_pass_or_knock():
    g = game("schwimmen", HANDS, table="AH KH QD")
    legal = {str(a) for a in g.legal_actions()}
    assert legal == {f"swap {h} {m}" for h in ["7D", "8S", "9H"] for m in ["AH", "KH", "QD"]} \
        | {"swap all", "pass", "knock"}


def test_swap_one_gives_a_hand_card_for_a_middle_card():
    g = game("schwimmen", HANDS, table="AH KH QD")
    g.apply("swap 9H KH")
    assert hand_text(g, 1) == cards("7D 8S KH")
    assert middle(g) == cards("AH 9H QD")


def test_swap_all_trades_the_whole_hand_with_the_middle():
    g = game("schwimmen", HANDS, table="AH KH QD")
    g.apply("swap all")
    assert hand_text(g, 1) == cards("AH KH QD")
    assert middle(g) == cards("7D 8S 9H")


def test_a_full_circle_of_passes_renews_the_middle():
    g = game("schwimmen", HANDS, table="AH KH QD", stock="JC JD JH")
    play(g, "pass", "pass", "pass")
    assert middle(g) == cards("JC JD JH")
    assert {str(c) for c in g.retired} == {"AH", "KH", "QD"}
    assert any(e.kind == "renew" for e in g.log)


def test_a_swap_breaks_the_circle_of_passes():
    g = game("schwimmen", HANDS, table="AH KH QD", stock="JC JD JH")
    play(g, "pass", "swap 7S AH", "pass", "pass")
    assert middle(g) == cards("7S KH QD")             # only two passes since the swap
    g.apply("pass")                                   # the third in a row
    assert middle(g) == cards("JC JD JH")


def test_a_knock_breaks_the_circle_and_the_middle_is_never_renewed_after_it():
    g = game("schwimmen", HANDS, table="AH KH QD", stock="JC JD JH")
    play(g, "pass", "pass", "knock")
    assert middle(g) == cards("AH KH QD")
    assert "pass" not in [str(a) for a in g.legal_actions()]   # final turns: swap or stand
    play(g, "stand", "stand")
    assert g.round_over and middle(g) == cards("AH KH QD")


def test_circle_of_passes_with_fewer_than_three_cards_left_scores_the_round():
    g = game("schwimmen", HANDS, table="AH KH QD")
    renewals = 0
    while not g.round_over:
        renewals += sum(e.kind == "renew" for e in g.apply("pass"))
    assert renewals == (32 - 12) // 3                 # 6 renewals, then 2 cards are left
    assert g.round_result.ended_by == "stock"
    assert g.round_result.lives_lost == (1, 1, 0)     # 9, 9 against 10: both lowest lose


def test_swap_all_can_be_turned_off():
    r = SCHWIMMEN.replace(allow_swap_all=False)
    g = game("schwimmen", HANDS, rules=r, table="AH KH QD")
    assert "swap all" not in [str(a) for a in g.legal_actions()]
    with pytest.raises(IllegalActionError, match="not allowed"):
        g.apply("swap all")


def test_no_passing_in_stop_the_bus():
    g = game("stop_the_bus", ["2C 5D 9S", "3D 7S JH", "4S 8H TC"], table="AH KH QD")
    assert "pass" not in [str(a) for a in g.legal_actions()]
    before = g.snapshot()
    with pytest.raises(IllegalActionError, match="Passing is not allowed"):
        g.apply("pass")
    assert g.snapshot() == before


def test_stop_the_bus_ranks_hands_as_in_brag_and_has_no_blitz():
    # Ann's A-K-Q of spades is 31 but only a running flush here; Cy has the only high card.
    g = game("stop_the_bus", ["AS KS QS", "2C 2D 5H", "3S 7D 9C"], table="4H 6H 8H")
    assert not g.round_over
    play(g, "knock", "stand", "stand")                # Bo stops the bus with a pair
    assert g.round_result.ended_by == "knock"
    assert g.round_result.values == ("running flush", "pair", "high card")
    assert g.round_result.lives_lost == (0, 0, 1)


def test_blitz_in_schwimmen_costs_only_the_lowest_hand():
    # RULES.md worked example: you (seat 1) move first, then Lena, then Tom (dealer).
    g = game("schwimmen", ["AS QH 9S", "AH 8H KS", "TH 9H 8D"], table="KH 7C TD",
             names=["Tom", "You", "Lena"])
    play(g, "swap KS KH", "pass", "swap QH KS", "swap 8H QH")
    assert hand_text(g, 1) == cards("AH KH QH")
    assert g.round_result.ended_by == "blitz"
    assert g.round_result.values == (30, 31, 19)
    assert g.round_result.lives_lost == (0, 0, 1)


def test_blitz_on_the_deal_in_schwimmen_ends_the_round_and_the_lowest_loses():
    g = game("schwimmen", ["AS KS QS", "7D 8S 9H", "7S 8H TC"], table="AH KH QD")
    assert g.round_over and g.turns == 0
    assert g.round_result.ended_by == "blitz"
    assert g.round_result.lives_lost == (0, 1, 0)


def test_fire_on_the_deal_costs_every_other_player_a_life():
    g = game("schwimmen", ["AS AH AD", "7D 8S 9H", "KS QS JS"], table="7H 8H TC")
    assert g.round_over and g.round_result.ended_by == "fire"
    assert g.round_result.values[0] == 33
    assert g.round_result.lives_lost == (0, 1, 1)      # even Cy's 30 pays


def test_fire_after_a_swap_ends_the_round_at_once():
    g = game("schwimmen", ["7D 8S 9H", "AS AH 7C", "KS QS JS"], table="AD 8H TC")
    g.apply("swap 7C AD")
    assert g.round_over and g.round_result.ended_by == "fire"
    assert g.round_result.lives_lost == (1, 0, 1)


def test_fire_and_blitz_count_during_final_turns_in_schwimmen():
    g = game("schwimmen", ["7D 8S 9H", "KS QS JS", "AH KH 7C"], table="QH 8H TC")
    play(g, "knock", "swap 7C QH")                    # Bo knocks; Cy reaches 31
    assert g.round_over and g.round_result.ended_by == "blitz"
    assert g.round_result.lives_lost == (1, 0, 0)     # showdown effect: only the lowest


def test_knocker_alone_lowest_loses_one_in_schwimmen():
    g = game("schwimmen", ["KS QS JS", "7D 8S 9H", "AH KH 8C"], table="7H 8H TC")
    play(g, "knock", "stand", "stand")
    assert g.round_result.lives_lost == (0, 1, 0)


def test_knocker_tied_for_lowest_loses_like_the_others_in_schwimmen():
    g = game("schwimmen", ["KS QS JS", "7D 8S 9H", "7S 8H 9C"], table="7H AH TC")
    play(g, "knock", "stand", "stand")
    assert g.round_result.lives_lost == (0, 1, 1)


def test_dealer_two_hands_keep_the_first_and_lay_the_second_open():
    r = SCHWIMMEN.replace(dealer_two_hands=True)
    g = game("schwimmen", HANDS, rules=r, spare="AH KH QD")
    assert g.to_move == 0 and g.phase == "choose" and not g.middle
    assert [str(a) for a in g.legal_actions()] == ["stand", "swap all"]
    assert g.observation(0).spare_hand is None        # the second hand is taken unseen
    assert g.observation(1).spare_hand is None
    g.apply("stand")
    assert hand_text(g, 0) == cards("7C 8D 9S")
    assert middle(g) == cards("AH KH QD")
    assert g.to_move == 1


def test_dealer_two_hands_take_the_second_unseen_and_lay_the_first_open():
    r = SCHWIMMEN.replace(dealer_two_hands=True)
    g = game("schwimmen", HANDS, rules=r, spare="AH KH QD")
    g.apply("swap all")
    assert hand_text(g, 0) == cards("AH KH QD")
    assert middle(g) == cards("7C 8D 9S")
    assert g.to_move == 1
    assert len(g.stock) == 32 - 12
