"""Switch family (RULES.md 4, our reading): the dealer's two hands, the open and closed hands."""

from __future__ import annotations

import pytest
from table_helpers import cards, game, hand_text, play

from thirtyone import IllegalActionError

HANDS = ["2C 3D 4S", "5C 6D 7S", "8C 9D TS"]          # 4, 7 and 10


def open_hand(g) -> str:
    return " ".join(sorted(str(c) for c in g.middle))


def test_switch_dealer_sees_both_hands_and_chooses_one():
    g = game("switch", HANDS, spare="AH KH 9H", closed="2D 5D 9C")
    assert g.to_move == 0 and g.phase == "choose"
    assert [str(a) for a in g.legal_actions()] == ["stand", "swap all"]
    assert hand_text(g, 0) == cards("2C 3D 4S")
    assert " ".join(sorted(map(str, g.observation(0).spare_hand))) == cards("AH KH 9H")
    assert g.observation(1).spare_hand is None        # nobody else sees it
    assert g.observation(0).closed_count == 3


def test_switch_dealer_keeps_the_second_hand_and_lays_the_first_open():
    g = game("switch", HANDS, spare="AH KH 9H", closed="2D 5D 9C")
    g.apply("swap all")
    assert hand_text(g, 0) == cards("AH KH 9H")
    assert open_hand(g) == cards("2C 3D 4S")
    assert g.to_move == 1


def test_switch_dealer_keeps_the_first_hand_and_lays_the_second_open():
    g = game("switch", HANDS, spare="AH KH 9H", closed="2D 5D 9C")
    g.apply("stand")
    assert hand_text(g, 0) == cards("2C 3D 4S")
    assert open_hand(g) == cards("AH KH 9H")


def test_switch_turn_is_swap_one_switch_open_switch_closed_or_knock():
    g = game("switch", HANDS, spare="AH KH 9H", closed="2D 5D 9C")
    g.apply("stand")
    legal = {str(a) for a in g.legal_actions()}
    assert legal == {f"swap {h} {m}" for h in ["5C", "6D", "7S"] for m in ["AH", "KH", "9H"]} \
        | {"switch open", "switch closed", "knock"}
    with pytest.raises(IllegalActionError):
        g.apply("pass")


def test_switch_swap_one_card_with_the_open_hand():
    g = game("switch", HANDS, spare="AH KH 9H", closed="2D 5D 9C")
    play(g, "stand", "swap 5C AH")
    assert hand_text(g, 1) == cards("AH 6D 7S")
    assert open_hand(g) == cards("5C KH 9H")


def test_switch_open_swaps_the_whole_hand_with_the_open_hand():
    g = game("switch", HANDS, spare="AH KH 9H", closed="2D 5D 9C")
    play(g, "stand", "switch open")
    assert hand_text(g, 1) == cards("AH KH 9H")
    assert open_hand(g) == cards("5C 6D 7S")


def test_switch_closed_takes_the_closed_hand_and_the_old_hand_lies_face_down():
    g = game("switch", HANDS, spare="AH KH 9H", closed="2D 5D 9C")
    play(g, "stand", "switch closed")
    assert hand_text(g, 1) == cards("2D 5D 9C")
    assert " ".join(sorted(map(str, g.closed))) == cards("5C 6D 7S")
    obs = g.observation(2)
    assert obs.closed_count == 3
    seen = {str(c) for h in obs.hands if h for c in h} | {str(c) for c in obs.middle}
    assert not seen & {"5C", "6D", "7S", "2D", "9C"}


def test_switch_is_scored_as_scat_knocker_alone_lowest_loses_two():
    g = game("switch", HANDS, spare="AH KH 9H", closed="2D 5D 9C")
    play(g, "stand", "knock", "stand", "stand")
    # Bo knocks with 7; Ann has 4, so Ann is lowest and loses one
    assert g.round_result.lives_lost == (1, 0, 0)
    g2 = game("switch", ["8C 9D TS", "2C 3D 4S", "5C 6D 7S"], spare="AH KH 9H",
              closed="2D 5D 9C")
    play(g2, "stand", "knock", "stand", "stand")
    assert g2.round_result.lives_lost == (0, 2, 0)


def test_switch_blitz_from_the_open_hand_ends_the_round():
    g = game("switch", HANDS, spare="AH KH QH", closed="2D 5D 9C")
    play(g, "stand", "switch open")
    assert g.round_over and g.round_result.ended_by == "blitz"
    assert g.round_result.lives_lost == (1, 0, 1)
