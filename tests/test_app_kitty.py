"""Kitty as seed 000 plays it, on the Play page (AppTest): the stock and the discard pile beside
the widow, the move buttons for draw, take, exchange and knock, and the widow-only house rule
as a checkbox shown only for the widow family (RULES.md 3c)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest
from test_app_play import PAGE, TIMEOUT, move_keys, page_html, play_to_the_end, run, start

from thirtyone.core.rules import VARIANTS


@pytest.fixture
def at() -> AppTest:
    app = AppTest.from_string(PAGE, default_timeout=TIMEOUT).run()
    assert not app.exception
    return app


def boxes(at: AppTest) -> set[str]:
    return {w.key for w in list(at.checkbox) + list(at.selectbox) if w.key}


def test_the_widow_only_checkbox_is_offered_for_kitty_with_its_help_and_off():
    at = AppTest.from_string(PAGE, default_timeout=TIMEOUT)
    at.session_state["variant_key"] = "kitty"
    run(at)
    box = at.checkbox(key="play_house_kitty__widow_only")
    assert box.value is False
    assert "no stock" in box.help and "do not describe" in box.help
    # with the stock, what happens when it runs out is a house rule too
    assert "play_house_kitty__stock_out" in boxes(at)


@pytest.mark.parametrize("variant", [k for k, v in VARIANTS.items()
                                     if v.rules.family != "widow"])
def test_the_widow_only_checkbox_is_hidden_for_games_without_a_widow(variant):
    at = AppTest.from_string(PAGE, default_timeout=TIMEOUT)
    at.session_state["variant_key"] = variant
    run(at)
    assert not any(k.endswith("__widow_only") for k in boxes(at))


def test_kitty_shows_the_stock_and_the_discard_and_offers_draw_take_exchange_and_knock(at):
    start(at, "kitty", bots=1)
    game = at.session_state["play"].game
    if game.to_move != 0:
        pytest.skip("the deal ended the round")
    html = page_html(at)
    assert "stock: " in html and "discard pile: 1" in html and "widow" in html
    assert {"play_act_draw", "play_act_take", "play_act_knock",
            "play_act_exchange"} <= move_keys(at)
    at.button(key="play_act_draw").click()
    run(at)
    assert len(game.hands[0]) == 4 and any(k.startswith("play_act_discard") for k in move_keys(at))


def test_the_widow_only_house_rule_makes_a_game_with_no_stock(at):
    at.session_state["variant_key"] = "kitty"
    run(at)
    at.checkbox(key="play_house_kitty__widow_only").check()
    run(at)
    assert "play_house_kitty__stock_out" not in boxes(at)      # no stock: plays no part
    at.button(key="play_new").click()
    run(at)
    game = at.session_state["play"].game
    assert game.rules.widow_only and not game.discard_pile
    if game.to_move == 0:
        assert "play_act_draw" not in move_keys(at) and "play_act_exchange" in move_keys(at)
        assert "discard pile" not in page_html(at)


def test_a_whole_game_of_kitty_with_the_stock_is_played_to_the_end_by_clicking(at):
    start(at, "kitty", bots=2, levels=("standard", "basic"), house={"chips": 2})
    stats = play_to_the_end(at, seed=5)
    assert at.session_state["play"].game.game_over
    labels = " ".join(stats["labels"])
    assert "Draw" in labels and "Take" in labels
