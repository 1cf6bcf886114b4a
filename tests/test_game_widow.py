"""Widow family (RULES.md 3c) and Kitty's pot: antes, exchanges, tie-break, split pots."""

from __future__ import annotations

import pytest
from table_helpers import cards, game, hand_text, play

from thirtyone import IllegalActionError
from thirtyone.core.cards import parse_card
from thirtyone.core.rules import get_variant
from thirtyone.game.table import new_game

KITTY = get_variant("kitty").rules
HANDS = ["2C 3D 4S", "5C 6D 7S", "8C 9D TS"]          # 4, 7 and 10


def test_widow_gets_one_face_down_card_after_each_round_of_dealing():
    deck = ["2C", "3D", "4S", "AH", "5C", "6D", "7S", "KH", "8C", "9D", "TS", "QH"]
    g = new_game(KITTY, ["Ann", "Bo", "Cy"], deck=deck, dealer=0)
    # Bo, Cy, Ann get a card each, then the widow; three times
    assert [str(c) for c in g.widow] == ["AH", "KH", "QH"]
    assert hand_text(g, 1) == cards("2C 5C 8C")
    assert hand_text(g, 0) == cards("4S 7S TS")
    assert g.observation(1).widow == (None, None, None)


def test_every_player_antes_into_the_pot_each_round():
    g = game("kitty", HANDS, widow="AH KH QH")
    assert g.chips == [9, 9, 9] and g.pot == 3


def test_ante_and_starting_chips_are_options():
    r = KITTY.replace(ante=2, chips=5)
    g = game("kitty", HANDS, rules=r, widow="AH KH QH")
    assert g.chips == [3, 3, 3] and g.pot == 6


def test_a_turn_is_an_exchange_or_a_knock_never_a_pass_or_a_draw():
    g = game("kitty", HANDS, widow="AH KH QH")
    legal = [str(a) for a in g.legal_actions()]
    assert "knock" in legal and "pass" not in legal and "draw" not in legal
    assert "exchange 5C for #1" in legal and "exchange 5C,6D,7S for #1,#2,#3" in legal
    # 3 one-card, 3 two-card and 1 three-card choices of hand cards times the same of slots
    assert len(legal) == 3 * 3 + 3 * 3 + 1 + 1


def test_exchange_with_a_face_down_widow_card_shows_the_given_card_face_up():
    g = game("kitty", HANDS, widow="AH KH QH")
    events = g.apply("exchange 5C for #1")
    assert hand_text(g, 1) == cards("AH 6D 7S")
    assert g.widow[0] == parse_card("5C") and g.widow_up[0]
    assert g.observation(2).widow == (parse_card("5C"), None, None)
    public = [e.text for e in events if e.private_to is None]
    assert not any("A♥" in t for t in public)         # the card taken stays secret
    assert any("A♥" in e.text for e in g.observation(1).log)
    assert not any("A♥" in e.text for e in g.observation(2).log)


def test_exchange_several_cards_at_once_and_take_face_up_cards_by_name():
    g = game("kitty", HANDS, widow="AH KH QH")
    play(g, "exchange 5C,6D for #1,#2")
    assert hand_text(g, 1) == cards("AH KH 7S")
    assert "exchange 9D for 5C" in [str(a) for a in g.legal_actions()]
    g.apply("exchange 9D for 5C")                     # Cy takes the face-up 5C
    assert hand_text(g, 2) == cards("8C 5C TS")
    assert g.widow[0] == parse_card("9D")


def test_an_exchange_must_give_cards_from_the_hand():
    g = game("kitty", HANDS, widow="AH KH QH")
    before = g.snapshot()
    with pytest.raises(IllegalActionError, match="not in Bo's hand"):
        g.apply("exchange AS for #1")
    assert g.snapshot() == before


def test_highest_hand_takes_the_pot():
    g = game("kitty", HANDS, widow="AH KH QH")
    play(g, "knock", "stand", "stand")
    assert g.round_result.ended_by == "knock"
    assert g.chips == [9, 9, 12] and g.pot == 0


def test_kitty_tie_break_compares_the_counted_cards_then_the_others():
    # Bo and Cy both hold 21 (ace and king); Cy's odd card is higher, so Cy wins.
    g = game("kitty", ["2C 3D 4S", "AH KH 5C", "AS KS 9D"], widow="7H 7D 7C")
    play(g, "knock", "stand", "stand")
    assert g.chips == [9, 9, 12]


def test_a_true_tie_splits_the_pot_and_the_odd_chip_stays():
    g = game("kitty", ["2C 3D 4S", "AH KH 5C", "AS KS 5D"], widow="7H 7D 7C")
    play(g, "knock", "stand", "stand")
    assert g.chips == [9, 10, 10] and g.pot == 1
    g.next_round(deck="2C 3D 4S 5C 6D 7S 8C 9D TS 2H 3H 4H")   # no blitz possible
    assert g.pot == 1 + 3


def test_a_blitz_in_kitty_takes_the_pot_and_one_more_chip_from_everyone():
    g = game("kitty", ["2C 3D 4S", "AH KH QH", "8C 9D TS"], widow="7H 7D 7C")
    assert g.round_over and g.round_result.ended_by == "blitz"
    assert g.chips == [8, 9 + 5, 8] and g.pot == 0


def test_a_player_who_cannot_ante_is_out_and_gets_no_cards():
    g = game("kitty", ["2C 3D 4S", "AH KH 5C", ""], widow="7H 7D 7C", lives=[10, 10, 0])
    assert g.out == [False, False, True]
    assert g.hands[2] == [] and g.pot == 2


def test_the_last_player_who_can_ante_wins_the_game():
    g = game("kitty", ["2C 3D 4S", "AH KH 5C", "AS KS 9D"], widow="7H 7D 7C",
             lives=[1, 1, 5])
    play(g, "knock", "stand", "stand")               # Cy wins the pot; Ann and Bo are broke
    assert g.out == [True, True, False]
    assert g.game_over and g.winner == 2
