"""Widow family (RULES.md 3c) and Kitty's pot: antes, exchanges, tie-break, split pots."""

from __future__ import annotations

import pytest
from table_helpers import cards, game, hand_text, play

from thirtyone import IllegalActionError
from thirtyone.core.cards import parse_card
from thirtyone.core.rules import get_variant
from thirtyone.game.table import new_game

KITTY = get_variant("kitty").rules
WIDOW_ONLY = KITTY.replace(widow_only=True)     # the house rule: today's game before seed 000
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


def test_widow_only_a_turn_is_an_exchange_or_a_knock_never_a_pass_or_a_draw():
    g = game("kitty", HANDS, rules=WIDOW_ONLY, widow="AH KH QH")
    assert g.stock and not g.discard_pile              # the rest of the pack lies unused
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


# --- Kitty as seed 000 plays it: the ordinary game plus the widow (RULES.md 3c) -------------

def test_the_kitty_preset_keeps_the_stock_and_turns_up_a_discard_after_the_widow():
    g = game("kitty", HANDS, widow="AH KH QH", table="9S", stock="JC 2D")
    assert not KITTY.widow_only
    assert [str(c) for c in g.widow] == ["AH", "KH", "QH"]      # the widow first, as dealt
    assert [str(c) for c in g.discard_pile] == ["9S"]           # then the discard is turned
    assert [str(c) for c in g.stock[-2:]] == ["2D", "JC"]       # the stock's top is JC
    assert len(g.stock) == 52 - 9 - 3 - 1
    assert g.observation(1).discard_pile == (parse_card("9S"),)


def test_a_kitty_turn_may_draw_take_exchange_or_knock():
    g = game("kitty", HANDS, widow="AH KH QH", table="9S", stock="JC")
    legal = [str(a) for a in g.legal_actions()]
    assert legal[:2] == ["draw", "take"] and "knock" in legal and "pass" not in legal
    assert "exchange 5C for #1" in legal and "exchange 5C,6D,7S for #1,#2,#3" in legal
    assert len(legal) == 2 + 9 + 9 + 1 + 1


def test_kitty_draw_from_the_stock_then_discard_one():
    g = game("kitty", HANDS, widow="AH KH QH", table="9S", stock="JC")
    g.apply("draw")
    assert hand_text(g, 1) == cards("5C 6D 7S JC") and g.phase == "discard"
    assert "exchange" not in " ".join(str(a) for a in g.legal_actions())   # discard first
    g.apply("discard 5C")
    assert hand_text(g, 1) == cards("6D 7S JC")
    assert [str(c) for c in g.discard_pile] == ["9S", "5C"] and g.to_move == 2
    assert g.widow_up == [False, False, False]                  # the widow is untouched


def test_kitty_take_the_top_discard_and_it_may_not_go_straight_back():
    g = game("kitty", HANDS, widow="AH KH QH", table="9S")
    g.apply("take")
    assert hand_text(g, 1) == cards("5C 6D 7S 9S")
    assert "discard 9S" not in [str(a) for a in g.legal_actions()]
    with pytest.raises(IllegalActionError, match="cannot go straight back"):
        g.apply("discard 9S")
    g.apply("discard 6D")
    assert g.discard_pile == [parse_card("6D")]


def test_kitty_exchange_two_cards_with_the_widow_instead_of_drawing():
    g = game("kitty", HANDS, widow="AH KH QH", table="9S")
    g.apply("exchange 5C,6D for #1,#2")
    assert hand_text(g, 1) == cards("AH KH 7S")                 # 21 in hearts
    assert g.widow_up == [True, True, False]
    assert [str(c) for c in g.discard_pile] == ["9S"] and g.to_move == 2
    assert g.observation(2).widow == (parse_card("5C"), parse_card("6D"), None)


def test_kitty_knock_then_the_others_may_draw_exchange_or_stand():
    g = game("kitty", HANDS, widow="AH KH QH", table="9S", stock="JC")
    g.apply("knock")
    legal = [str(a) for a in g.legal_actions()]
    assert {"draw", "take", "stand", "exchange 8C for #1"} <= set(legal) and "knock" not in legal
    # Bo knocked on 7; Cy gives 8C 9D for the widow's AH KH (21 in hearts); Ann draws the JC
    # and throws it back (4): Cy's 21 is the best hand and takes the pot of 3
    play(g, "exchange 8C,9D for #1,#2", "draw", "discard JC")
    assert g.round_over and g.round_result.ended_by == "knock"
    assert hand_text(g, 2) == cards("AH KH TS")
    assert g.chips == [9, 9, 12]


def test_kitty_two_players_may_take_back_their_own_discard_after_a_knock():
    g = game("kitty", ["2C 3D 4S", "5C 6D 7S"], widow="AH KH QH", table="9S", stock="JC")
    play(g, "draw", "discard 5C")          # Bo (seat 1) draws the JC, throws the 5C
    g.apply("knock")                       # Ann knocks
    assert "take" in [str(a) for a in g.legal_actions()] and g.discard_pile[-1] == parse_card("5C")
    g.apply("take")
    assert parse_card("5C") in g.hands[1]


@pytest.mark.parametrize("how, ended, pot", [("void", "void", 3), ("score", "stock", 0)])
def test_kitty_stock_running_out_follows_the_stock_out_option(how, ended, pot):
    g = game("kitty", HANDS, rules=KITTY.replace(stock_out=how), widow="7H 7D 7C", table="9S")
    while not g.round_over:
        g.apply("draw")
        g.apply(f"discard {g.just_drawn}")         # keep the hand: no blitz can come
    assert not g.stock and g.round_result.ended_by == ended
    assert g.pot == pot                            # void keeps the pot for the next round
    if how == "score":
        assert g.chips == [9, 9, 12]               # Cy's 10 is the best hand


def test_kitty_reshuffle_makes_a_new_stock_of_the_discards():
    g = game("kitty", HANDS, rules=KITTY.replace(stock_out="reshuffle"), widow="7H 7D 7C",
             table="9S", seed=3)
    for _turn in range(39):
        g.apply("draw")
        g.apply(f"discard {g.just_drawn}")
    assert not g.round_over and len(g.stock) == 39 and len(g.discard_pile) == 1
    g.card_places()                                # every card still somewhere, once


def test_widow_only_has_no_stock_so_drawing_is_refused_with_a_reason():
    g = game("kitty", HANDS, rules=WIDOW_ONLY, widow="AH KH QH")
    for move in ("draw", "take", "discard 5C"):
        assert "widow-only" in g.why_illegal(move)
    assert all(str(a).startswith("exchange") or str(a) == "knock" for a in g.legal_actions())


def test_widow_only_is_a_house_rule_of_the_widow_family_only():
    from thirtyone.core.rules import OPTIONS, RulesError
    assert OPTIONS["widow_only"].applies(KITTY)
    assert not OPTIONS["widow_only"].applies(get_variant("scat").rules)
    assert KITTY.with_house_rules(widow_only=True).widow_only
    with pytest.raises(RulesError, match="widow"):
        get_variant("scat").rules.with_house_rules(widow_only=True)
    # with the house rule there is no stock, so what happens when it runs out plays no part
    assert OPTIONS["stock_out"].applies(KITTY)
    assert not OPTIONS["stock_out"].applies(WIDOW_ONLY)
    assert OPTIONS["may_discard_taken_card"].applies(KITTY)
    assert not OPTIONS["may_discard_taken_card"].applies(WIDOW_ONLY)


def _old_kitty_record():
    """A Kitty record as the app wrote it before the option existed: no 'widow_only'."""
    from thirtyone.game.records import game_to_record
    g = game("kitty", HANDS, rules=WIDOW_ONLY, widow="AH KH QH")
    play(g, "exchange 5C,6D for #1,#2", "knock", "exchange 4S for 5C", "stand")
    rec = game_to_record(g)
    del rec["rules"]["widow_only"]
    return rec, g


def test_an_old_kitty_record_without_the_option_replays_as_widow_only():
    from thirtyone.game.records import game_from_record, record_rules
    rec, played = _old_kitty_record()
    assert record_rules(rec).widow_only
    again = game_from_record(rec)          # its saved state (no discard pile) must match
    assert again.snapshot() == played.snapshot()
    assert again.rules.widow_only and not again.discard_pile


def test_a_new_kitty_record_names_the_option_and_replays_with_the_stock():
    from thirtyone.game.records import game_from_record, game_to_record
    g = game("kitty", HANDS, widow="AH KH QH", table="9S", stock="JC")
    play(g, "draw", "discard 5C", "take", "discard 8C", "knock", "exchange 6D for #1",
         "stand")
    rec = game_to_record(g)
    assert rec["rules"]["widow_only"] is False
    assert game_from_record(rec).snapshot() == g.snapshot()
    assert game_to_record(game("kitty", HANDS, rules=WIDOW_ONLY,
                               widow="AH KH QH"))["rules"]["widow_only"] is True


@pytest.mark.parametrize("rules", [KITTY, WIDOW_ONLY], ids=["stock", "widow_only"])
def test_a_players_save_of_kitty_keeps_whether_it_has_a_stock(rules):
    import json

    from thirtyone.game.saves import load_any, player_save
    g = game("kitty", HANDS, rules=rules, widow="AH KH QH", table="9S")
    g.apply("exchange 5C for #1")
    from cryptography.fernet import Fernet
    key = Fernet.generate_key()
    loaded, _note = load_any(json.loads(player_save(g, key)), key)
    assert loaded.rules.widow_only == rules.widow_only
    assert bool(loaded.discard_pile) == rules.draws
