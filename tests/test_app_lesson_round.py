"""Lesson 03's mini-round on the Learn page (Streamlit AppTest): the student's moves are the
Play table's buttons, the bots answer, the guide speaks on each turn, the hidden hands never
reach the page before the showdown, and a finished round counts as a solved step."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from apptest_versions import state_keys
from streamlit.testing.v1 import AppTest

from thirtyone.ui.shell.nav import switch_to
from thirtyone.ui.widgets.table_words import action_key

APP = str(Path(__file__).resolve().parents[1] / "app.py")
SLUG = "03-a-first-round"
RID = f"{SLUG}/2/round"
SCOPE = "t31round_03_a_first_round_2_round_"


@pytest.fixture
def at():
    app = AppTest.from_file(APP, default_timeout=60)
    app.run()
    switch_to(app, "learn")
    app.run()
    app.button(key=f"t31lesson_{SLUG}").click().run()
    for _ in range(2):
        app.button(key="t31step_next").click().run()
    assert not app.exception
    return app


def game(at):
    return at.session_state[SCOPE + "play"].game


def page_text(at) -> str:
    """Everything the page sends for its main area: every element's whole message."""
    out = []

    def walk(node):
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            for child in children.values():
                walk(child)
        else:
            out.append(str(node.proto))
    walk(at.main)
    return "\n".join(out)


def hidden_cards(g) -> list:
    """Cards in Ann's and Bo's hands that no public log line has named (dealt, or drawn)."""
    public = " ".join(e.text for e in g.log if e.private_to is None)
    return [c for seat in (1, 2) for c in g.hands[seat] if c.display not in public]


def shows_card(text: str, card) -> bool:
    return bool(re.search(rf"data-card=\\?[\"']{card}\\?[\"']", text)) or card.display in text


def assert_nothing_hidden_shown(at):
    g = game(at)
    text = page_text(at)
    assert all(shows_card(text, c) for c in g.hands[0])   # the scan does see cards
    for c in hidden_cards(g):
        assert not shows_card(text, c), c


def follow_the_guide(at, limit: int = 30) -> list[str]:
    """Click what the guide says until the round ends; checks the page on every turn."""
    moves = []
    for _ in range(limit):
        if game(at).round_over:
            return moves
        assert_nothing_hidden_shown(at)
        guide = [i.value for i in at.info if i.value.startswith("**Guide:**")]
        assert len(guide) == 1
        hint = at.session_state[SCOPE + "play"].hint[1]
        moves.append(str(hint.action))
        at.button(key=action_key(hint.action)).click().run()
        assert not at.exception
    raise AssertionError("the round did not end")


def test_the_round_starts_on_the_students_turn_with_the_guide_and_the_play_buttons(at):
    g = game(at)
    assert g.to_move == 0 and not g.round_over
    guide = [i.value for i in at.info if i.value.startswith("**Guide:**")]
    assert guide and "Take the Q♥" in guide[0]
    labels = {b.label for b in at.button}
    assert {"Take the Q♥", "Draw from the stock", "Knock"} <= labels
    assert_nothing_hidden_shown(at)
    assert "play" not in at.session_state     # the Play page's game is left alone


def test_following_the_guide_plays_to_a_showdown_that_is_explained_and_counts(at):
    moves = follow_the_guide(at)
    assert moves[0] == "take" and moves[-1] == "knock" and "draw" in moves
    text = page_text(at)
    assert "Bo loses a penny" in text and "Round 1 is over" in text
    for c in game(at).hands[1] + game(at).hands[2]:     # the showdown shows every hand
        assert shows_card(text, c)
    assert any("this step is done" in s.value for s in at.success)
    prog = at.session_state["learn_progress"]
    assert prog["answers"][RID] == "finished" and prog["first"][RID] == "finished"


def test_a_rerun_and_a_page_switch_keep_the_round(at):
    at.button(key=action_key(at.session_state[SCOPE + "play"].hint[1].action)).click().run()
    before = list(game(at).moves)
    assert before
    at.run()
    switch_to(at, "home")
    at.run()
    switch_to(at, "learn")
    at.run()
    assert list(game(at).moves) == before


def test_play_it_again_deals_the_same_cards_afresh_and_the_step_stays_solved(at):
    follow_the_guide(at)
    first_hand = game(at).round_decks[0][0]
    at.button(key=f"t31round_again_{RID}").click().run()
    g = game(at)
    assert not g.round_over and g.to_move == 0 and not g.moves
    assert g.round_decks[0][0] == first_hand
    assert at.session_state["learn_progress"]["answers"][RID] == "finished"
    assert not any("this step is done" in s.value for s in at.success)


def test_an_early_knock_is_played_out_by_the_bots_and_costs_the_knocker(at):
    at.button(key="play_act_knock").click().run()
    g = game(at)
    assert g.round_over and g.round_result.knocker == 0
    assert "Sam" in page_text(at) and "(knocked)" in page_text(at)


def test_start_again_forgets_the_round(at):
    follow_the_guide(at)
    at.button(key="t31learn_reset").click().run()
    assert not any(str(k).startswith(SCOPE) for k in state_keys(at))


def test_a_finished_round_is_kept_by_the_stored_progress_check_and_a_bogus_one_dropped():
    from thirtyone.ui.pages.learn.lessons import checked_progress
    stored = {"lesson": SLUG, "steps": {SLUG: 2},
              "answers": {RID: "finished", f"{SLUG}/0/round": "finished",
                          f"{SLUG}/2/round ": "finished"},
              "first": {RID: "won"}}
    out = checked_progress(stored)
    assert out["answers"] == {RID: "finished"} and out["first"] == {}


def test_the_pages_bots_move_as_the_engine_side_says_when_the_student_sits_last():
    # the page's state functions work on a plain dict (table_state); bots before the
    # student's seat move at the deal, with the block's own generators
    from thirtyone.teach.mini_round import make_round
    from thirtyone.ui.pages.learn.lesson_round import deal

    mini = make_round({"players": "Ann, Bo, Sam", "you": "Sam", "dealer": "2",
                       "deck": "KH 9C 3S 2C 8D 6D 4S 7S 5C QH 9H 3D TS JC 8C 2H 4H AS"})
    state: dict = {}
    deal(state, mini)
    on_page = state["play"].game
    engine = mini.new_game()
    mini.bots_until_you(engine)
    assert on_page.to_move == engine.to_move == 2
    assert on_page.moves == engine.moves and len(on_page.moves) >= 2
