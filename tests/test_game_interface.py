"""One game interface: the table and banking engines answer the same calls, the registry
starts either by ``rules.family``, and game records dispatch on the family (not the variant
key), so a banking game under another preset saves, loads and replays."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import numpy as np
import pytest

from thirtyone.bots import hint_for, levels_for, make_bot_for
from thirtyone.core.rules import VARIANTS, get_variant
from thirtyone.game.banking import BankingGame
from thirtyone.game.banking_records import banking_to_record
from thirtyone.game.engine import Engine
from thirtyone.game.records import (
    RecordError,
    game_from_record,
    game_to_record,
    load_game,
    replay_command,
    save_game,
)
from thirtyone.game.registry import first_dealer, is_banking, start_game
from thirtyone.game.table import Game

# The fields the Play page reads from every observation, under the table's names.
OBS_FIELDS = ("seat", "rules", "players", "round_no", "dealer", "hand", "hands", "hand_counts",
              "discard_pile", "middle", "widow", "closed_count", "spare_count", "spare_hand",
              "stock_count", "chips", "pot", "out", "to_move", "phase", "knocker",
              "legal_actions", "just_drawn", "log", "round_over", "game_over", "winner",
              "result", "styles")


def play_out(game, rng, levels) -> None:
    """Play the bots until the round is over, checking why_illegal on every move."""
    for _ in range(500):
        if game.round_over:
            return
        seat = game.to_move
        move = make_bot_for(game.rules, levels[seat])(game.observation(seat), rng)
        assert game.why_illegal(move) is None
        assert game.why_illegal(str(move)) is None
        game.apply(move)
    pytest.fail("the round did not end")


@pytest.mark.parametrize("key,engine", [("scat", Game), ("schwimmen", Game),
                                        ("banking", BankingGame)])
def test_both_engines_answer_the_same_calls(key, engine):
    rules = get_variant(key).rules
    players = ["Ann", "Bo", "Cy"]
    game = start_game(rules, players, seed=3, dealer=first_dealer(rules, 3),
                      styles=[None, "basic", "random"])
    assert isinstance(game, engine) and is_banking(rules) == (engine is BankingGame)
    assert isinstance(game, Engine)        # the one typed interface (mypy checks it too)
    assert game.styles == (None, "basic", "random")
    obs = game.observation(1)
    missing = [f for f in OBS_FIELDS if not hasattr(obs, f)]
    assert not missing, f"{type(obs).__name__} lacks {missing}"
    assert obs.styles == game.styles
    levels = levels_for(rules)
    assert "basic" in levels and "random" in levels
    play_out(game, np.random.default_rng(1), ["basic", "basic", "random"])
    assert game.phase == "over"
    obs = game.observation(0)
    assert obs.result is not None and obs.result.round_no == game.round_no
    assert game.why_illegal(game.legal_actions()[0] if game.legal_actions() else "pass")
    before = game.round_no
    if not game.game_over:
        game.next_round()
        assert game.round_no == before + 1
    # the record round-trips through the one set of record functions
    again = load_game(save_game(game))
    assert type(again) is type(game) and again.snapshot() == game.snapshot()
    assert again.styles == game.styles


def test_why_illegal_on_banking_says_why_and_changes_nothing():
    game = start_game(get_variant("banking").rules, ["Ann", "Bo"], seed=5, dealer=0)
    snap = game.snapshot()
    assert game.why_illegal("hit") is None and game.why_illegal("stay") is None
    assert "not a banking move" in game.why_illegal("knock")
    assert game.why_illegal("fly away")  # not a move at all: a sentence, not an exception
    assert game.snapshot() == snap
    while not game.round_over:
        game.apply("stay")
    assert "round is over" in game.why_illegal("stay")
    assert game.legal_actions() == []


def test_the_bot_and_hint_registry_covers_both_engines():
    banking, scat = get_variant("banking").rules, get_variant("scat").rules
    assert levels_for(banking) == ["random", "basic"]
    assert levels_for(scat) == ["random", "basic", "standard", "expert"]
    assert hint_for(banking) is not None and hint_for(scat) is not None
    with pytest.raises(ValueError, match="banking bot level"):
        make_bot_for(banking, "expert")


@pytest.fixture
def house_bank(monkeypatch):
    """A temporary extra banking preset under its own key."""
    base = get_variant("banking")
    rules = base.rules.with_house_rules(chips=9, win_pays=2)
    v = dataclasses.replace(base, key="house_bank", name="House bank", rules=rules)
    monkeypatch.setitem(VARIANTS, "house_bank", v)
    return v


def test_a_banking_record_under_another_preset_loads_and_replays(house_bank, tmp_path):
    game = start_game(house_bank.rules, ["Ann", "Bo", "Cy"], seed=8, dealer=0)
    play_out(game, np.random.default_rng(2), ["basic"] * 3)
    rec = game_to_record(game)
    assert rec["variant"] == "house_bank"  # the closest preset is the extra one
    back = game_from_record(rec)
    assert isinstance(back, BankingGame) and back.snapshot() == game.snapshot()
    assert back.rules == house_bank.rules
    path = tmp_path / "house.json"
    path.write_text(json.dumps(rec))
    data, text = replay_command(path)
    assert data["chips"] == list(game.chips) and "Chips:" in text


def test_a_banking_record_with_house_rules_loads_through_the_records_module():
    rules = get_variant("banking").rules.with_house_rules(chips=6, win_pays=3)
    game = start_game(rules, ["Ann", "Bo"], seed=4, dealer=1)
    rec = banking_to_record(game)
    assert rec["variant"] == "banking" and rec["rules"] == {"chips": 6, "win_pays": 3}
    back = game_from_record(rec)
    assert isinstance(back, BankingGame) and back.rules == rules
    events: list = []
    game_from_record(rec, events)
    assert [e.text for e in events] == [e.text for e in back.log]


def test_a_table_record_naming_a_banking_rule_is_refused_with_the_reason():
    rec = {"variant": "banking", "rules": {"no_such_option": 1}, "players": ["A", "B"]}
    with pytest.raises(RecordError, match="no_such_option"):
        game_from_record(rec)
    with pytest.raises(RecordError, match="names no 'variant'"):
        game_from_record({"players": ["A", "B"]})


def test_the_play_page_needs_no_probes_and_no_family_branches():
    ui = Path(__file__).resolve().parents[1] / "thirtyone" / "ui"
    for path in sorted(ui.glob("table*.py")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"getattr\([^)]*,[^)]*,", text), f"getattr probe in {path.name}"
        assert not re.search(r"""family\s*[!=]=\s*["']banking""", text), path.name
        assert len(text.splitlines()) <= 700, path.name
