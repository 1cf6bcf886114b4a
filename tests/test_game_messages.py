"""The table's messages read as sentences and name what really happens (issue 13)."""

from __future__ import annotations

import re

import numpy as np
from table_helpers import free_ride_knock_lost

from thirtyone.core.cards import parse_hand
from thirtyone.core.rules import VARIANTS, get_variant
from thirtyone.core.scoring import score
from thirtyone.game.registry import start_game
from thirtyone.game.table import new_game


def test_a_player_on_a_free_ride_who_loses_is_out_not_short_of_bill_corners():
    # RULES.md 3e: at 0 lives with the extra life a player plays on; the next loss is the end.
    # Bo (first to move) knocks on 5 while on the free ride; Ann ends higher.
    g = free_ride_knock_lost()
    assert g.round_over and g.out[1]
    lose = [e.text for e in g.log if e.kind == "lose"]
    assert lose == ["Bo has no bill corners left (free ride) and loses: knocked and has the "
                    "lowest hand (5)."], lose
    assert not any("2 bill corners" in e.text for e in g.log)
    assert any(e.kind == "out" and e.text == "Bo is out of the game." for e in g.log)


def test_a_blitz_against_a_free_ride_puts_the_player_out():
    g = new_game(get_variant("five_dollar").rules, ["Ann", "Bo"],
                 deck="AH 2C KH 3D QH 5S 9C", lives=[0, 4])
    lose = [e.text for e in g.log if e.kind == "lose"]
    assert lose == ["Ann has no bill corners left (free ride) and loses: a blitz costs every "
                    "other player one."]
    assert g.out[0] and g.game_over


def test_a_player_with_lives_left_still_loses_them_by_number():
    g = new_game(get_variant("five_dollar").rules, ["Ann", "Bo"],
                 deck="AH 2C KH 3D QH 5S 9C")
    assert [e.text for e in g.log if e.kind == "lose"] == [
        "Ann loses a bill corner: a blitz costs every other player one."]


def test_brag_values_are_short_names_not_sentences():
    rules = get_variant("stop_the_bus").rules
    assert score(parse_hand("7H 7C 9S"), rules).value_text == "pair of sevens"
    assert score(parse_hand("3H 3C 3S"), rules).value_text == "prial of threes"
    assert score(parse_hand("9H 10C JS"), rules).value_text == "run"


def test_no_message_of_any_variant_has_a_doubled_full_stop():
    # Issue 13: Stop the Bus said "...three ranks in a row.." at the showdown.
    rng = np.random.default_rng(13)
    texts = []
    for key, v in VARIANTS.items():
        for seed in range(8):
            n = max(v.rules.min_players, 3)
            g = start_game(v.rules, ["Ann", "Bo", "Cy", "Di"][:n], seed=seed)
            events = list(g.log)
            for _ in range(300):
                if g.game_over:
                    break
                if g.round_over:
                    events += g.next_round()
                    continue
                acts = g.legal_actions()
                events += g.apply(acts[rng.integers(len(acts))])
            texts += [(key, e.text) for e in events]
    assert any(k == "stop_the_bus" and t.startswith("Showdown") for k, t in texts)
    bad = [(k, t) for k, t in texts if re.search(r"\.\s*[.;,]|[!?]\.", t)]
    assert not bad, bad[:5]
