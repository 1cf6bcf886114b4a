"""Draw family (RULES.md 3a, 3d): dealing, draw/take/discard, knocks and final turns, blitz,
the stock running out. Every hand is stacked; the expected outcome is worked out by hand
from the rules, never read back from the engine."""

from __future__ import annotations

import pytest
from table_helpers import cards, game, hand_text, play

from thirtyone import IllegalActionError
from thirtyone.core.cards import parse_card
from thirtyone.core.rules import get_variant
from thirtyone.game.table import new_game

SCAT = get_variant("scat").rules


def test_deal_starts_left_of_dealer_one_card_at_a_time():
    deck = "AH KS 2C 9H QS 3C 7D JS 4C 8D"
    g = new_game(SCAT, ["Ann", "Bo", "Cy"], deck=deck, dealer=0)
    # seat 1 (left of dealer 0) gets the 1st, 4th and 7th card
    assert hand_text(g, 1) == cards("AH 9H 7D")
    assert hand_text(g, 2) == cards("KS QS JS")
    assert hand_text(g, 0) == cards("2C 3C 4C")
    g2 = new_game(SCAT, ["Ann", "Bo", "Cy"], deck=deck, dealer=2)
    assert hand_text(g2, 0) == cards("AH 9H 7D")
    assert hand_text(g2, 2) == cards("2C 3C 4C")


def test_draw_family_turns_one_card_up_to_start_the_discard_pile():
    g = game("scat", ["2C 3C 4C", "AH 9H 7D", "KS QS JS"], table="8D", stock="5H")
    assert [str(c) for c in g.discard_pile] == ["8D"]
    # 52 - 9 dealt - 1 turned up
    assert len(g.stock) == 42
    assert g.stock[-1] == parse_card("5H")


def test_unlisted_cards_follow_in_the_packs_fixed_order():
    g = game("scat", ["2C 3C 4C", "AH 9H 7D", "KS QS JS"], table="8D")
    assert g.stock[-1] == parse_card("2S")    # the first card of the pack not yet used


def test_player_left_of_dealer_moves_first():
    g = game("scat", ["2C 3C 4C", "AH 9H 7D", "KS QS JS"], dealer=1, table="8D")
    assert g.to_move == 2


def test_a_turn_is_draw_or_take_then_one_discard():
    g = game("scat", ["2C 3C 4C", "AH 9H 7D", "KS QS JS"], table="8D", stock="5H")
    assert [str(a) for a in g.legal_actions()] == ["draw", "take", "knock"]
    g.apply("draw")
    assert len(g.hands[1]) == 4
    assert {str(a) for a in g.legal_actions()} == {"discard AH", "discard 9H", "discard 7D",
                                                  "discard 5H"}
    g.apply("discard 5H")          # the drawn card may go straight back
    assert len(g.hands[1]) == 3
    assert str(g.discard_pile[-1]) == "5H"
    assert g.to_move == 2


def test_card_taken_from_the_discard_pile_cannot_be_discarded_in_the_same_turn():
    g = game("scat", ["2C 3C 4C", "AH 9H 7D", "KS QS JS"], table="8D")
    g.apply("take")
    assert "discard 8D" not in [str(a) for a in g.legal_actions()]
    before = g.snapshot()
    with pytest.raises(IllegalActionError, match="just taken"):
        g.apply("discard 8D")
    assert g.snapshot() == before


def test_may_discard_taken_card_lets_it_go_straight_back():
    r = SCAT.replace(may_discard_taken_card=True)
    g = game("scat", ["2C 3C 4C", "AH 9H 7D", "KS QS JS"], rules=r, table="8D")
    play(g, "take", "discard 8D")
    assert str(g.discard_pile[-1]) == "8D"
    assert hand_text(g, 1) == cards("AH 9H 7D")


def test_two_players_may_take_back_their_own_discard_after_a_knock():
    g = game("scat", ["KS QS JS", "AH 9H 7D"], table="8D", stock="5C")
    play(g, "draw", "discard 7D", "knock")      # Bo throws the 7D; Ann knocks with 30
    assert g.to_move == 1 and g.final_turn.knocker == 0
    assert "take" in [str(a) for a in g.legal_actions()]
    play(g, "take", "discard 5C")               # Bo takes his own 7D back
    assert hand_text(g, 1) == cards("AH 9H 7D")
    assert g.round_over
    assert g.round_result.lives_lost == (0, 1)   # 27 against 30: Bo is lowest


def test_knock_allowed_on_the_first_turn_in_scat():
    g = game("scat", ["2C 3C 4C", "AH 9H 7D", "KS QS JS"], table="8D")
    assert "knock" in [str(a) for a in g.legal_actions()]


def test_knock_from_second_circle_waits_until_everyone_has_moved():
    r = SCAT.replace(knock_from="second_circle")
    g = game("scat", ["2C 3C 4C", "AH 9H 7D", "KS QS JS"], rules=r, table="8D",
             stock="2D 3D 4D 5D")
    for _ in range(3):
        assert "knock" not in [str(a) for a in g.legal_actions()]
        with pytest.raises(IllegalActionError, match="every player has had a turn"):
            g.apply("knock")
        drawn = g.stock[-1]
        play(g, "draw", f"discard {drawn}")
    assert "knock" in [str(a) for a in g.legal_actions()]


def test_after_a_knock_everyone_else_has_one_more_turn_then_the_showdown():
    g = game("scat", ["2C 3C 4C", "AH 9H 7D", "KS QS JS"], table="8D", stock="5D")
    g.apply("knock")                                     # Bo (27)
    assert g.final_turn.still_to_move == (2, 0)
    assert "stand" in [str(a) for a in g.legal_actions()]
    assert "knock" not in [str(a) for a in g.legal_actions()]
    g.apply("stand")                                     # Cy (30)
    assert g.to_move == 0 and not g.round_over
    play(g, "draw", "discard 5D")                        # Ann keeps 9
    assert g.round_over and g.round_result.ended_by == "knock"
    assert g.round_result.lives_lost == (1, 0, 0)
    assert g.lives == [2, 3, 3]


def test_only_one_knock_a_round_and_the_knocker_never_moves_again():
    g = game("scat", ["2C 3C 4C", "AH 9H 7D", "KS QS JS"], table="8D")
    g.apply("knock")
    with pytest.raises(IllegalActionError, match="already knocked"):
        g.apply("knock")
    play(g, "stand", "stand")
    assert g.round_over                                  # Bo did not move again


def test_stand_is_only_for_the_last_turn_after_a_knock():
    g = game("scat", ["2C 3C 4C", "AH 9H 7D", "KS QS JS"], table="8D")
    with pytest.raises(IllegalActionError, match="last turn after a knock"):
        g.apply("stand")


def test_knocker_alone_lowest_loses_two_in_scat():
    g = game("scat", ["KS QS JS", "2C 3C 4C", "AH 9H 7D"], table="8D")
    play(g, "knock", "stand", "stand")                   # Bo knocks with 9
    assert g.round_result.lives_lost == (0, 2, 0)
    assert g.lives[1] == 1


def test_knocker_tied_for_lowest_is_safe_in_scat():
    g = game("scat", ["KS QS JS", "9C 8D 2S", "9D 7S 2H"], table="5H")
    play(g, "knock", "stand", "stand")                   # Bo 9 and Cy 9 tie lowest
    assert g.round_result.lives_lost == (0, 0, 1)


def test_knocker_tied_for_lowest_loses_two_in_blitz():
    g = game("blitz", ["KS QS JS", "9C 8D 2S", "9D 7S 2H"], table="5H")
    play(g, "knock", "stand", "stand")
    assert g.round_result.lives_lost == (0, 2, 1)


def test_all_players_tied_for_lowest_lose_a_life():
    g = game("scat", ["KS QS JS", "AH 9H 7D", "9C 8D 2S", "9D 7S 2H"], table="5H")
    play(g, "knock", "stand", "stand", "stand")          # Bo 27 knocks; Cy and Di tie on 9
    assert g.round_result.lives_lost == (0, 0, 1, 1)


def test_blitz_on_the_deal_ends_the_round_before_any_move():
    g = game("scat", ["2C 3C 4C", "AH 9H 7D", "AS KS QS"], table="8D")
    assert g.round_over and g.turns == 0
    assert g.legal_actions() == []
    assert g.round_result.ended_by == "blitz"
    assert g.round_result.lives_lost == (1, 1, 0)        # others lose one each


def test_blitz_after_a_draw_ends_the_round_at_once():
    g = game("scat", ["2C 3C 4C", "AH KH 2D", "9S 8S 7D"], table="8D", stock="QH")
    play(g, "draw", "discard 2D")
    assert g.round_over and g.round_result.ended_by == "blitz"
    assert g.round_result.blitzers == (1,)
    assert g.round_result.lives_lost == (1, 0, 1)


def test_31_on_a_final_turn_is_no_blitz_in_scat():
    # Bo knocks with 25; Cy makes 31 on his last turn; Ann still moves; lowest loses.
    g = game("scat", ["2D 3D 4C", "KS QS 5S", "AH KH 2C"], table="8C", stock="QH")
    play(g, "knock", "draw", "discard 2C")
    assert not g.round_over and g.to_move == 0
    g.apply("stand")
    assert g.round_result.ended_by == "knock"
    assert g.round_result.lives_lost == (1, 0, 0)


def test_blitz_after_knock_ends_round_in_blitz():
    g = game("blitz", ["2D 3D 4C", "KS QS 5S", "AH KH 2C"], table="8C", stock="QH")
    play(g, "knock", "draw", "discard 2C")
    assert g.round_over and g.round_result.ended_by == "blitz"
    assert g.round_result.lives_lost == (1, 1, 0)        # the knocker pays like the rest


def test_three_aces_are_no_fire_and_count_eleven_without_the_fire_option():
    g = game("scat", ["AS AH AD", "2C 3C 5D", "KS QS 9H"], table="8C")
    play(g, "knock", "stand", "stand")                   # Bo knocks with 5
    assert g.round_result.ended_by == "knock"
    assert g.round_result.values[0] == 11
    assert g.round_result.lives_lost == (0, 2, 0)


def test_three_of_a_kind_is_worth_30_in_blitz():
    g = game("blitz", ["KS KH KD", "AS QS 8S", "2C 3C 5D"], table="8C")
    play(g, "knock", "stand", "stand")                   # Bo knocks with 29
    assert g.round_result.values[0] == 30 and g.round_result.values[1] == 29
    assert g.round_result.lives_lost == (0, 0, 1)


def test_three_of_a_kind_worth_30_5_as_a_house_rule():
    r = SCAT.replace(three_of_a_kind=30.5)
    g = game("scat", ["KS KH KD", "AS KC 9S", "AC QC 8C"], rules=r, table="8D")
    play(g, "knock", "stand", "stand")                   # Ann 30½, Bo 20, Cy 29
    assert g.round_result.values == (30.5, 20, 29)
    assert g.round_result.lives_lost == (0, 2, 0)        # knocker Bo alone lowest


def _draw_through(g, until: int = 0) -> None:
    """Every player draws and throws the drawn card back until ``until`` cards are left."""
    while len(g.stock) > until and not g.round_over:
        drawn = g.stock[-1]
        play(g, "draw", f"discard {drawn}")


def test_stock_out_void_round_nobody_loses():
    g = game("eenendertigen", ["7C 8D 9S", "7D 8S 9H", "7S 8H 9C"], table="TC")
    _draw_through(g)
    assert g.round_over and g.round_result.ended_by == "void"
    assert g.lives == [3, 3, 3]
    assert any(e.kind == "stock_out" for e in g.log)


def test_stock_out_reshuffle_turns_the_discard_pile_except_its_top_into_a_new_stock():
    r = get_variant("eenendertigen").rules.replace(stock_out="reshuffle")
    g = game("eenendertigen", ["7C 8D 9S", "7D 8S 9H", "7S 8H 9C"], rules=r, table="TC")
    pile_before = 1 + len(g.stock)                      # every stock card ends on the pile
    for _ in range(pile_before - 1):
        drawn = g.stock[-1]
        play(g, "draw", f"discard {drawn}")
    assert not g.round_over
    assert any(e.kind == "reshuffle" for e in g.log)
    assert len(g.discard_pile) == 1 and len(g.stock) == pile_before - 1
    assert g.discard_pile[-1] not in g.stock
    g.card_places()                                     # each card still exactly once


def test_stock_out_score_scores_the_round_as_at_a_showdown():
    r = get_variant("eenendertigen").rules.replace(stock_out="score")
    g = game("eenendertigen", ["7C 8D 9S", "7D 8S TH", "AS 8H 9C"], rules=r, table="TC")
    _draw_through(g)
    assert g.round_result.ended_by == "stock"
    assert g.round_result.lives_lost == (1, 0, 0)       # 9 < 10 < 11


def test_after_a_knock_with_an_empty_stock_final_turns_may_only_take_or_stand():
    g = game("eenendertigen", ["7C 8D 9S", "7D 8S 9H", "AS KS 7H"], table="TC")
    _draw_through(g, until=1)
    knocker = g.to_move
    play(g, "knock")
    drawn = g.stock[-1]
    play(g, "draw", f"discard {drawn}")
    assert not g.stock and not g.round_over
    assert [str(a) for a in g.legal_actions()] == ["take", "stand"]
    assert g.final_turn.knocker == knocker
