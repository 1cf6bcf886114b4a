"""The Play page's words follow the rules and the position, not the family alone."""

from __future__ import annotations

import dataclasses

from table_helpers import free_ride_knock_lost, game

from thirtyone.core.rules import VARIANTS, get_variant
from thirtyone.game.table import new_game
from thirtyone.ui.widgets.table_html import middle_html, showdown_rows_html
from thirtyone.ui.widgets.table_words import change_text, counter_text, or_list, turn_words

HANDS = ["2C 3C 4C", "AH 9H 7D", "KS QS JS"]


def test_the_prompt_offers_a_knock_only_when_knocking_is_allowed():
    rules = dataclasses.replace(get_variant("scat").rules, knock_from="second_circle")
    g = game("scat", HANDS, rules=rules, table="8D")
    words = turn_words(g.observation(1), you=1)
    assert "knock" not in words, words  # issue 13: said "or knock" on the first circle
    assert words == "Your turn: draw a card or take the top discard."


def test_the_prompt_offers_a_knock_from_the_first_turn_under_the_usual_rule():
    g = game("scat", HANDS, table="8D")
    assert turn_words(g.observation(1), you=1) == (
        "Your turn: draw a card, take the top discard, or knock.")


def test_the_last_turn_after_a_knock_offers_stand_not_knock():
    g = game("scat", HANDS, table="8D")
    g.apply("knock")
    words = turn_words(g.observation(2), you=2)
    assert words.startswith("Your last turn after the knock:")
    assert words.endswith("or stand.") and "knock." not in words


def test_stop_the_bus_calls_its_knock_stopping_the_bus():
    g = game("stop_the_bus", ["2C 5D 9H", "AH 9C 7D", "KS 4S JD"], table="8D 6H QC")
    words = turn_words(g.observation(1), you=1)
    assert words.endswith("or stop the bus."), words


def test_lists_are_joined_with_or():
    assert or_list(["a"]) == "a"
    assert or_list(["a", "b"]) == "a or b"
    assert or_list(["a", "b", "c"]) == "a, b, or c"


# --- counters and what a round cost -----------------------------------------------------------

def test_one_point_is_singular():
    from thirtyone.game.values import RoundResult

    rules = get_variant("running_total").rules
    result = RoundResult(1, "knock", (21, 12), ("21", "12"), ((), ()), (0, 0), 0,
                         points_won=(1, 2))
    assert change_text(VARIANTS["running_total"], rules, result, 0) == "+1 point"
    assert change_text(VARIANTS["running_total"], rules, result, 1) == "+2 points"


def test_a_free_ride_loss_reads_as_out_of_the_game():
    # The knocker on a free ride loses 2 by the rule but has none: the loss puts them out.
    g = free_ride_knock_lost()
    obs = g.observation(0)
    v = VARIANTS["five_dollar"]
    assert obs.result.lives_lost[1] == 2
    assert change_text(v, obs.rules, obs.result, 1, out=obs.out[1]) == (
        "loses and is out of the game")
    assert "bill corners" not in showdown_rows_html(v, obs)
    assert "loses and is out of the game" in showdown_rows_html(v, obs)


def test_lives_on_the_play_page_are_named_as_in_the_games_messages():
    # Five-dollar bill with 5 lives: the messages say bill corners, so does the counter.
    rules = dataclasses.replace(get_variant("five_dollar").rules, lives=5)
    g = new_game(rules, ["Ann", "Bo"], deck="AH 2C KH 3D QH 5S 9C")
    obs = g.observation(0)
    lose = next(e.text for e in g.log if e.kind == "lose")
    assert "bill corner" in lose
    assert counter_text(VARIANTS["five_dollar"], obs, 0) == "4 bill corners"
    assert counter_text(VARIANTS["five_dollar"], obs, 1) == "5 bill corners"


def test_stop_the_bus_shows_no_stock_count_schwimmen_does():
    bus = game("stop_the_bus", ["2C 5D 9H", "AH 9C 7D", "KS 4S JD"], table="8D 6H QC")
    assert "stock" not in middle_html(bus.observation(1))
    swim = game("schwimmen", ["7C 8D 9H", "AH 9C 7D", "KS 10S JD"], table="8H 10H QC")
    assert "stock: " in middle_html(swim.observation(1))


def test_the_hand_note_says_four_cards_only_on_your_own_discard():
    """Found on a class-table walk: while another seat had drawn and not yet discarded, a
    seated student holding three cards read "four cards: discard one"."""
    from table_helpers import game, play

    from thirtyone.ui.widgets.table_words import hand_note

    g = game("scat", ["2C 3C 4C", "AH 9H 7D", "KS QS JS"], table="8D", stock="5H")
    play(g, "draw")                                   # Bo holds four cards now
    assert hand_note(g.observation(1)) == "four cards: discard one"
    assert hand_note(g.observation(0)) == "your hand: 9 (clubs)"
