"""The Play page's words follow the rules and the position, not the family alone."""

from __future__ import annotations

import dataclasses

from table_helpers import game

from thirtyone.core.rules import get_variant
from thirtyone.ui.table_words import or_list, turn_words

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
