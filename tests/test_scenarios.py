"""Teacher scenarios (``thirtyone/scenarios/*.json``): each one replays with the engine to the
outcome it states, and the replay helpers step through any record.

The expected outcomes below are worked out from RULES.md by hand, not taken from the engine.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from thirtyone.core.rules import get_variant
from thirtyone.game.records import game_from_record
from thirtyone.game.replay import game_after, last_move, open_observation
from thirtyone.teach.scenarios import get_scenario, load_scenarios

DATA = Path(__file__).resolve().parents[1] / "thirtyone" / "scenarios"

# name -> how the round ends and what it costs, per seat (RULES.md 3d-3e and section 4)
LIVES = {
    # worked example: the 31 ends the round at once; Schwimmen's blitz is "showdown": only
    # the lowest hand (Lena, 19) loses; players are Tom, You, Lena
    "schwimmen_worked_example": ("blitz", [0, 0, 1]),
    # blitz: 31 ends the round even on a final turn, every other player loses 1 (Ann, Bo)
    "blitz_on_final_turn": ("blitz", [1, 1, 0]),
    # scat: blitz only before a knock; showdown: Ann 9 lowest loses 1, Bo knocked with 25
    "final_turn_31_scat": ("knock", [1, 0, 0]),
    # knocker Bo and Ann tied lowest on 15: safe 0 / same 1 / double 2 for Bo, 1 for Ann
    "knocker_tied_safe": ("knock", [1, 0, 0]),
    "knocker_tied_same": ("knock", [1, 1, 0]),
    "knocker_tied_double": ("knock", [1, 2, 0]),
    # three aces on the deal: every other player loses 1
    "fire_on_the_deal": ("fire", [1, 1, 0]),
    # scat: the stock runs out before a knock: void, nobody loses
    "stock_runs_out": ("void", [0, 0]),
    # switch: Ann's three hearts (23, more than 21) call a restart: void, nobody loses
    "switch_restart": ("void", [0, 0, 0]),
}


def test_every_required_kind_of_scenario_is_shipped():
    names = set(load_scenarios())
    assert set(LIVES) | {"kitty_tie_split", "banking_bust"} == names
    assert {f.stem for f in DATA.glob("*.json")} == names


@pytest.mark.parametrize("name", sorted(LIVES))
def test_a_lives_scenario_ends_as_it_says(name):
    s = get_scenario(name)
    rec = s.record()
    g = game_from_record(rec)
    ended_by, lost = LIVES[name]
    assert g.round_over and g.round_no == 1
    assert g.round_result.ended_by == ended_by
    assert list(g.round_result.lives_lost) == lost
    start = get_variant(rec["variant"]).rules.lives
    assert g.lives == [start - x for x in lost]


def test_each_knocker_tied_scenario_plays_its_own_house_rule():
    for rule in ("safe", "same", "double"):
        g = game_from_record(get_scenario(f"knocker_tied_{rule}").record())
        assert g.rules.knocker_tied == rule
        assert g.round_result.knocker == 1
        values = g.round_result.values
        assert values[0] == values[1] == min(values)      # Ann and the knocker Bo tied lowest


def test_the_final_turn_31_counts_only_where_the_rules_say():
    blitz = game_from_record(get_scenario("blitz_on_final_turn").record())
    scat = game_from_record(get_scenario("final_turn_31_scat").record())
    assert blitz.rules.blitz_after_knock and not scat.rules.blitz_after_knock
    assert blitz.round_result.knocker == scat.round_result.knocker == 1
    assert blitz.round_result.values[2] == scat.round_result.values[2] == 31


def test_the_stock_really_runs_out():
    rec = get_scenario("stock_runs_out").record()
    assert get_variant(rec["variant"]).rules.stock_out == "void"
    before = game_after(rec, len(rec["actions"]) - 1)
    assert len(before.stock) == 0 and before.knocker is None and not before.round_over


def test_the_switch_restart_hand_is_the_open_hand_of_the_next_deal_by_the_same_dealer():
    g = game_from_record(get_scenario("switch_restart").record())
    assert g.round_result.restart_by == 0
    g.next_round()
    assert g.dealer == 2 and sorted(map(str, g.middle)) == ["2H", "AH", "KH"]


def test_kitty_tie_splits_the_pot_and_the_odd_chip_stays():
    g = game_from_record(get_scenario("kitty_tie_split").record())
    # 3 players ante 1 (10 -> 9 each, pot 3); Ann and Bo tie for the best hand and split:
    # 1 chip each, the odd chip stays in the pot
    assert g.round_result.ended_by == "knock"
    assert g.chips == [10, 10, 9]
    assert g.pot == 1


def test_banking_busts_pay_as_the_rules_say():
    g = game_from_record(get_scenario("banking_bust").record())
    # Cy busts: pays 2 to the banker Ann; Ann busts: pays 2 to Bo, the punter still in
    start = get_variant("banking").rules.chips
    assert g.round_over
    assert g.chips == [start, start + 2, start - 2]


@pytest.mark.parametrize("name", sorted(load_scenarios()))
def test_a_scenario_is_complete_and_opens_in_the_stated_seat(name):
    s = get_scenario(name)
    assert s.title and s.description and s.outcome and s.shows
    assert 0 <= s.seat < len(s.players)
    data = json.loads((DATA / f"{name}.json").read_text("utf-8"))
    assert data["record"] == s.record()


@pytest.mark.parametrize("bad", ["", "../records", "x" * 61, "Schwimmen", None, 3, ["a"],
                                 "schwimmen_worked_example\n"])
def test_a_hostile_name_finds_nothing(bad):
    assert get_scenario(bad) is None


def test_stepping_through_a_record_moves_one_move_at_a_time():
    rec = get_scenario("schwimmen_worked_example").record()
    moves = rec["actions"]
    seats = []
    for k in range(len(moves) + 1):
        g = game_after(rec, k)
        assert sum(len(h) for h in g.history) == k
        if k:
            seat, text = last_move(g)
            assert text == moves[k - 1]
            seats.append(seat)
    # You (seat 1) moves first, then Lena (2), Tom (0), You again
    assert seats == [1, 2, 0, 1]
    assert not game_after(rec, 3).round_over and game_after(rec, 4).round_over
    with pytest.raises(ValueError):
        game_after(rec, len(moves) + 1)


def test_a_saved_game_steps_back_into_its_earlier_rounds():
    from thirtyone.game.records import game_to_record
    rec = get_scenario("knocker_tied_same").record()
    g = game_from_record(rec)
    g.next_round()
    g.apply("knock")
    saved = game_to_record(g)        # has 'state' and 'rounds' for round 2
    assert game_after(saved, 3).round_no == 1 and game_after(saved, 3).round_over
    assert game_after(saved, 4).round_no == 2


def test_the_open_view_shows_every_hand_and_the_seat_view_only_its_own():
    for name in ("kitty_tie_split", "banking_bust", "schwimmen_worked_example"):
        rec = get_scenario(name).record()
        g = game_after(rec, 0)            # just dealt: nothing is shown yet
        seat = 1
        own = g.observation(seat)
        assert [h is not None for h in own.hands] == [s == seat for s in range(g.n)]
        every = open_observation(g, seat)
        assert all(h is not None and len(h) >= 3 for h in every.hands)
        if name == "kitty_tie_split":
            assert None in own.widow and None not in every.widow
