"""The Play page offers the Switch restart as two buttons when it is your turn to decide
(RULES.md 4, switch), shows every hand while it is asked (the showdown has begun), and
deals the next round with your hand open by the same dealer (AppTest)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest
from table_helpers import cards, stack

from thirtyone.core.rules import get_variant
from thirtyone.game.table import new_game
from thirtyone.ui.shell.nav import page_script

PAGE = page_script("play")


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


@pytest.fixture
def at_restart() -> AppTest:
    """A Switch game on the Play page where you (seat 0) must say whether to restart: the
    dealer (seat 2) kept a hand, you knocked holding A♥ K♥ 2♥ (23), both bots stood."""
    at = AppTest.from_string(PAGE, default_timeout=60)
    at.session_state["variant_key"] = "switch"
    run(at)
    at.selectbox(key="play_w_bots").set_value(2)
    run(at)
    at.button(key="play_new").click()
    run(at)
    page_game = at.session_state["play"].game
    deck = stack(3, ["AH KH 2H", "9C 8D 2S", "JD TD 3S"], dealer=2, spare="2C 3C 4D",
                 closed="5C 6C 7D")
    g = new_game(get_variant("switch").rules, list(page_game.players), deck=deck, dealer=2,
                 styles=list(page_game.styles))
    for move in ("stand", "knock", "stand", "stand"):
        g.apply(move)
    assert g.phase == "restart" and g.to_move == 0
    at.session_state["play"].game = g
    at.session_state["play"].mark = 0
    return run(at)


def page_text(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def test_the_restart_choice_is_two_buttons_and_every_hand_is_shown(at_restart):
    at = at_restart
    keys = {b.key for b in at.button if b.key and b.key.startswith("play_act_")}
    assert keys == {"play_act_restart", "play_act_no_restart"}
    labels = {b.label for b in at.button if b.key in keys}
    assert labels == {"Call a restart", "No restart"}
    html = page_text(at)
    assert "may call a restart" in html
    for card in ("9C", "8D", "2S", "JD", "TD", "3S"):      # the bots' hands, face up
        assert f'data-card="{card}"' in html
    for card in ("5C", "6C", "7D"):                          # the closed hand stays hidden
        assert f'data-card="{card}"' not in html


def test_calling_a_restart_voids_the_round_and_the_next_deal_opens_your_hand(at_restart):
    at = at_restart
    lives = list(at.session_state["play"].game.lives)
    at.button(key="play_act_restart").click()
    run(at)
    g = at.session_state["play"].game
    assert g.round_over and g.round_result.restart_by == 0 and g.lives == lives
    assert "called a restart" in page_text(at)
    at.button(key="play_next_round").click()
    run(at)
    g = at.session_state["play"].game
    assert g.dealer == 2 and g.round_no == 2
    assert cards(" ".join(map(str, g.middle))) == cards("AH KH 2H")
    assert 'data-card="AH"' in page_text(at)                 # the open hand, face up


def test_declining_lets_the_showdown_stand(at_restart):
    at = at_restart
    at.button(key="play_act_no_restart").click()
    run(at)
    g = at.session_state["play"].game
    assert g.round_over and g.round_result.ended_by == "knock"
    assert g.round_result.lives_lost == (0, 1, 0)            # Bo (9) is lowest
