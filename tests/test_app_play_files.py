"""Saved games on the Play page (issue 13, items 3 and 7): a file is hostile input.

Each hostile file is uploaded through the page (AppTest): a Markdown image in a player name,
a move or a field name; deeply nested JSON; a byte-order mark; an oversized and an over-long
record. Each gets a clear message shown as plain text, and the current game is kept."""

from __future__ import annotations

import json

import pytest
from apptest_versions import element_key
from streamlit.testing.v1 import AppTest
from test_app_play import PAGE, TIMEOUT, run, start

from thirtyone.core.rules import get_variant
from thirtyone.game.saves import player_save
from thirtyone.game.table import new_game
from thirtyone.store import ClassRow
from thirtyone.ui.shell.datadir import save_key
from thirtyone.ui.shell.identity import TEACHER_KEY
from thirtyone.ui.widgets import table_state as table

IMAGE = "![x](http://evil.example/t.png)"


@pytest.fixture
def at() -> AppTest:
    app = AppTest.from_string(PAGE, default_timeout=TIMEOUT).run()
    assert not app.exception
    return app


def upload(at: AppTest, content: bytes | str, name: str = "game.json") -> AppTest:
    data = content.encode("utf-8") if isinstance(content, str) else content
    at.file_uploader[0].set_value((name, data, "application/json"))
    return run(at)


def shown(at: AppTest) -> str:
    return "\n".join(e.value for kind in ("error", "success", "info", "warning", "caption")
                     for e in getattr(at, kind))


def assert_plain(text: str) -> None:
    """No Markdown image or link survives in what the page shows as a message."""
    assert "![" not in text and "](http" not in text, text


def game_text(players=("Sam", "Ann", "Bo"), variant: str = "scat", moves: int = 2) -> str:
    g = new_game(get_variant(variant).rules, list(players), seed=3)
    for _ in range(moves):
        g.apply(g.legal_actions()[0])
    return player_save(g, save_key())


def refused(at: AppTest, content: bytes | str, words: str) -> None:
    game = at.session_state["play"].game
    before = game.snapshot()
    upload(at, content)
    errors = [e.value for e in at.error]
    assert len(errors) == 1, shown(at)
    assert words in errors[0].replace("\\", ""), errors[0]
    assert errors[0].replace("\\", "").endswith("The current game is kept.")
    assert_plain(errors[0])
    assert at.session_state["play"].game is game and game.snapshot() == before


def test_a_markdown_image_as_a_players_name_is_shown_as_plain_text(at):
    start(at, "scat", bots=2)
    upload(at, game_text(players=("Sam", "Ann", IMAGE)))   # IMAGE is to move
    assert not at.error, shown(at)
    assert at.session_state["play"].game.players[2] == IMAGE
    notice = at.success[0].value
    assert "http" in notice and IMAGE not in notice   # the name is there, escaped
    assert_plain(shown(at))
    # button labels read Markdown too ("Next: <name> moves")
    assert_plain("\n".join(b.label for b in at.button))


def test_a_markdown_image_as_a_move_is_refused_as_plain_text(at):
    start(at, "scat", bots=2)
    rec = {"variant": "scat", "players": ["Sam", "Ann", "Bo"], "actions": [IMAGE]}
    refused(at, json.dumps(rec), "is illegal")


def test_a_markdown_image_as_a_field_name_is_refused_as_plain_text(at):
    start(at, "scat", bots=2)
    rec = {"variant": "scat", "players": ["Sam", "Ann", "Bo"], IMAGE: 1}
    refused(at, json.dumps(rec), "nknown field")


def test_deeply_nested_json_is_refused_with_a_clear_message(at):
    start(at, "scat")
    refused(at, "[" * 30_000 + "]" * 30_000, "nest more than")
    refused(at, '{"variant": ' + "[" * 50 + "]" * 50 + "}", "nest more than")


def test_an_oversized_file_is_refused(at):
    start(at, "scat")
    refused(at, '{"variant": "scat", "pad": "' + "x" * 70_000 + '"}', "too large")


def test_an_over_long_record_is_refused_before_its_moves_are_played(at):
    start(at, "scat")
    rec = {"variant": "scat", "players": ["Sam", "Ann"], "actions": ["draw"] * 6_000}
    text = json.dumps(rec, separators=(",", ":"))
    assert len(text) < 64 * 1024
    refused(at, text, "at most 5,000")


def test_a_name_over_two_lines_is_refused(at):
    start(at, "scat", bots=2)
    refused(at, game_text(players=("Sam", "Ann\n\n" + IMAGE, "Bo")), "one line")


def test_a_file_with_a_byte_order_mark_loads(at):
    start(at, "schwimmen", bots=2)
    text = game_text(variant="scat")
    upload(at, b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert not at.error, shown(at)
    assert at.session_state["play"].game.rules == get_variant("scat").rules


def test_a_saved_game_loads_on_the_setup_screen_before_any_game(at):
    assert "play" not in at.session_state or at.session_state["play"].game is None
    assert len(at.file_uploader) == 1
    upload(at, game_text())
    assert not at.error, shown(at)
    assert at.session_state["play"].game.players == ("Sam", "Ann", "Bo")
    assert element_key(at.get("download_button")[0]) == "play_save"


def test_loading_keeps_the_earlier_rounds_log(at):
    state: dict = {}
    table.start_game(state, get_variant("scat"), get_variant("scat").rules, "Sam",
                     ["basic", "basic"], 5)
    while state["play"].game.round_no < 3 and not state["play"].game.game_over:
        if state["play"].game.round_over:
            table.next_round(state)
        elif state["play"].game.to_move == 0:
            table.play_move(state, state["play"].game.legal_actions()[0])
        else:
            table.bot_turn(state)
    if state["play"].game.game_over:
        pytest.skip("the game ended before round 3")
    assert [r for r, _ in state["play"].past] == [1, 2]
    upload(at, table.save_text(state))
    assert not at.error, shown(at)
    assert at.session_state["play"].past == state["play"].past
    assert any(e.label.startswith("Earlier rounds (2)") for e in at.expander)


def test_the_teacher_record_is_only_for_a_teacher_while_the_game_goes_on(at):
    start(at, "kitty", bots=2)
    labels = [b.proto.label for b in at.get("download_button")]
    assert element_key(at.get("download_button")[0]) == "play_save"
    # a student could read the hidden cards and the next deals in it
    assert "Teacher record (shows every card)" not in labels
    at.session_state[TEACHER_KEY] = ClassRow(1, "ABCDEF", "Room 1")  # the key was given
    at.run()
    assert "Teacher record (shows every card)" in [b.proto.label
                                                   for b in at.get("download_button")]
