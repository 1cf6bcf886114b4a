"""Game records: JSON save/load with validation, and ``thirtyone replay`` (DESIGN.md)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from thirtyone import IllegalActionError
from thirtyone.bots import BOTS
from thirtyone.cli import main
from thirtyone.core.rules import get_variant
from thirtyone.game.records import (
    RecordError,
    game_from_record,
    game_to_record,
    load_game,
    replay_command,
    save_game,
)
from thirtyone.game.table import new_game

DATA = Path(__file__).parent / "data"
WORKED = DATA / "schwimmen_worked_example.json"


def _played(variant: str, n: int, seed: int, steps: int):
    rng = np.random.default_rng(seed)
    g = new_game(get_variant(variant).rules, [f"P{i}" for i in range(n)], seed=seed)
    for _ in range(steps):
        if g.game_over:
            break
        if g.round_over:
            g.next_round()
            continue
        g.apply(BOTS["random"](g.observation(g.to_move), rng))
    return g


def test_schwimmen_worked_example_replays_with_the_stated_outcome(capsys):
    data, text = replay_command(WORKED)
    assert data["rounds"] == [{"ended_by": "blitz", "values": [30, 31, 19],
                               "lives_lost": [0, 0, 1], "knocker": None}]
    assert data["lives"] == [3, 3, 2]
    assert data["over"] is False and data["winner"] is None
    assert "Lena loses a life" in text


def test_replay_json_output_has_the_design_shape(capsys):
    assert main(["replay", "--json", str(WORKED)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"events", "rounds", "lives", "over", "winner"}
    assert all(isinstance(e, str) for e in out["events"])
    assert set(out["rounds"][0]) == {"ended_by", "values", "lives_lost", "knocker"}


def test_replay_text_output_tells_the_story(capsys):
    assert main(["replay", str(WORKED)]) == 0
    out = capsys.readouterr().out
    assert "Blitz" in out and "Lena" in out


def test_replay_of_an_illegal_action_exits_2_naming_the_action_and_why(tmp_path, capsys):
    rec = json.loads(WORKED.read_text())
    rec["actions"][1] = "swap 9H AH"                  # the middle holds no A♥ then
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(rec))
    assert main(["replay", str(f)]) == 2
    err = capsys.readouterr().err
    assert "Move 2 'swap 9H AH'" in err and "not in the middle" in err
    assert len(err.strip().splitlines()) == 1


def test_replay_of_a_missing_or_broken_file_exits_2(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    f = tmp_path / "broken.json"
    f.write_text("{not json")
    assert main(["replay", str(f)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_a_record_with_house_rules_and_lives_starts_mid_game():
    rec = {"variant": "scat", "rules": {"three_of_a_kind": 30.5}, "players": ["A", "B"],
           "dealer": 0, "lives": [1, 0], "deck": ["KS", "KH", "KD", "9C", "KC", "2C", "8D"],
           "actions": ["knock", "stand"]}
    g = game_from_record(rec)
    # B (seat 1) holds KS KD KC = 30.5 and knocks; A holds KH 9C 2C = 11 and loses
    assert g.rules.three_of_a_kind == 30.5
    assert g.round_result.lives_lost == (1, 0)
    assert g.lives == [0, 0] and not g.out[0]


@pytest.mark.parametrize("variant,n", [("scat", 3), ("schwimmen", 4), ("kitty", 3),
                                       ("switch", 2), ("running_total", 4),
                                       ("stop_the_bus", 5), ("blitz", 2)])
def test_save_and_load_mid_game_round_trips(variant, n):
    for steps in (0, 7, 40, 150):
        g = _played(variant, n, seed=steps + n, steps=steps)
        g2 = load_game(save_game(g))
        assert g2.snapshot() == g.snapshot()
        assert g2.history == g.history
        # both go on identically, including later shuffles from the saved generator
        for game in (g, g2):
            rng = np.random.default_rng(99)
            for _ in range(60):
                if game.game_over:
                    break
                if game.round_over:
                    game.next_round()
                    continue
                game.apply(BOTS["random"](game.observation(game.to_move), rng))
        assert g2.snapshot() == g.snapshot()


def test_a_record_is_plain_json_with_the_design_fields():
    g = _played("scat", 3, seed=1, steps=10)
    rec = json.loads(save_game(g))
    assert {"variant", "rules", "players", "dealer", "lives", "deck", "actions"} <= set(rec)
    assert rec["variant"] == "scat" and rec["rules"] == {}
    assert len(rec["deck"]) == 52
    assert rec == game_to_record(g) | {}


def _tamper(g, change) -> str:
    rec = json.loads(save_game(g))
    change(rec)
    return json.dumps(rec)


@pytest.mark.parametrize("change,why", [
    (lambda r: r["state"]["hands"].reverse(), "'hands' does not match"),
    (lambda r: r["state"].__setitem__("to_move", 7), "'to_move' does not match"),
    (lambda r: r["state"]["lives"].__setitem__(1, 7), "'lives' does not match"),
    (lambda r: r["deck"].__setitem__(5, r["deck"][4]), "deck"),
    (lambda r: r["deck"].__setitem__(5, "1Z"), "deck"),
    (lambda r: r["rules"].__setitem__("knocker_tied", "maybe"), "knocker_tied"),
    (lambda r: r["rules"].__setitem__("jokers", True), "Unknown option 'jokers'"),
    (lambda r: r.__setitem__("players", ["A"]), "players"),
    (lambda r: r.__setitem__("lives", [3, 3]), "one starting count per player"),
    (lambda r: r.__setitem__("lives", [9, 3, 3]), "cannot have 9 lives"),
    (lambda r: r.__setitem__("variant", "poker"), "Unknown variant"),
    (lambda r: r["actions"].append("fly"), "'fly' is not a move"),
    (lambda r: r.__setitem__("rounds", 9), "9 rounds"),
    (lambda r: r.__setitem__("rng_state", {"bit_generator": "Nope"}), "random state"),
    (lambda r: r.__setitem__("extra", 1), "Unknown field 'extra'"),
    (lambda r: r.__setitem__("styles", ["basic"]), "one style per player"),
    (lambda r: r.__setitem__("styles", "basic"), "'styles' must be a list"),
    (lambda r: r.__setitem__("styles", [None, 3, "basic"]), "'styles' must be a list"),
])
def test_loading_refuses_a_broken_or_tampered_file_with_the_reason(change, why):
    g = _played("scat", 3, seed=5, steps=12)
    text = _tamper(g, change)
    with pytest.raises(ValueError, match=why):
        load_game(text)


def test_loading_refuses_text_that_is_not_json():
    with pytest.raises(RecordError, match="not valid JSON"):
        load_game("{{")
    with pytest.raises(RecordError, match="JSON object"):
        load_game("[1, 2]")


def test_a_changed_move_in_the_record_is_caught():
    g = _played("scat", 3, seed=5, steps=12)
    rec = json.loads(save_game(g))
    rec["actions"][0] = "knock" if rec["actions"][0] != "knock" else "draw"
    with pytest.raises(ValueError):
        load_game(json.dumps(rec))


def test_an_illegal_move_in_a_record_names_the_move():
    rec = json.loads(WORKED.read_text())
    rec["actions"].insert(0, "draw")
    with pytest.raises(IllegalActionError, match="Move 1 'draw'"):
        game_from_record(rec)


def test_replay_hands_banking_records_to_the_banking_engine(tmp_path, capsys):
    from thirtyone.game.banking import new_banking_game
    from thirtyone.game.banking_records import banking_to_record

    f = tmp_path / "bank.json"
    f.write_text(json.dumps(banking_to_record(new_banking_game(None, 3, seed=1))))
    assert main(["replay", "--json", str(f)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["events"] and "chips" in out


def test_how_each_seat_plays_is_saved_and_loaded_with_the_game():
    g = new_game(get_variant("scat").rules, ["You", "Ann", "Bo"], seed=3,
                 styles=[None, "basic", "expert"])
    g2 = load_game(save_game(g))
    assert g2.styles == (None, "basic", "expert")
    assert g2.observation(0).styles == (None, "basic", "expert")
    rec = json.loads(save_game(g))
    del rec["styles"]            # records from before styles existed still load
    assert load_game(json.dumps(rec)).styles == (None, None, None)


def test_a_round_nobody_ends_is_void_at_the_turn_cap_and_replays_so():
    # two players in Schwimmen who swap one card back and forth and never knock: the game
    # itself ends the round void after its 400th turn, so a record of it replays to the
    # same end (the cap used to be kept outside the game, and such records failed to load)
    from thirtyone.game.table import ROUND_TURN_CAP
    g = new_game(get_variant("schwimmen").rules, ["A", "B"], seed=5)
    while not g.round_over:
        moves = [a for a in g.legal_actions() if str(a) not in ("knock", "pass")]
        g.apply(moves[0])       # the first swap (or the dealer's choice of hand)
        assert g.turns <= ROUND_TURN_CAP
    assert g.round_result.ended_by == "void" and g.turns == ROUND_TURN_CAP
    assert g.round_result.lives_lost == (0, 0)
    g2 = game_from_record(json.loads(json.dumps(game_to_record(g))))
    assert g2.snapshot() == g.snapshot() and g2.round_over
