"""The Play page through AppTest: a game started and played in one session comes back in a
NEW session opened with the same ``me`` token (a reload, a lost connection), and after a
restart (a new store object on the same database file): the same hand, log and turn.
A scenario link only looks: the kept game is not overwritten."""

from __future__ import annotations

import re

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from thirtyone.ui.pages.play import play_keep
from thirtyone.ui.shell.nav import page_script

TIMEOUT = 60
PAGE = page_script("play")
CARD_ATTR = re.compile(r'data-card="([2-9TJQKA][SHDC])"')


@pytest.fixture
def db(tmp_path, monkeypatch):
    """A store of this test's own (a SQLite file), opened afresh."""
    url = f"sqlite:///{tmp_path / 'keep.db'}"
    monkeypatch.setenv("THIRTYONE_DATABASE_URL", url)
    st.cache_resource.clear()
    yield url
    st.cache_resource.clear()


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def session(me: str | None = None, **params: str) -> AppTest:
    at = AppTest.from_string(PAGE, default_timeout=TIMEOUT)
    if me:
        at.query_params["me"] = me
    for k, v in params.items():
        at.query_params[k] = v
    return run(at)


def view(at: AppTest) -> dict:
    """What the player sees: the cards face up, the status line, the log, the move buttons."""
    html = [m.value for m in at.markdown]
    return {
        "cards": sorted(CARD_ATTR.findall("\n".join(html))),
        "status": [h for h in html if 'data-testid="play-status"' in h],
        "log": [h for h in html if 'data-testid="play-log"' in h],
        "moves": sorted(b.key for b in at.button if b.key and b.key.startswith("play_act_")),
    }


def start_and_move(at: AppTest) -> AppTest:
    at.selectbox(key="play_w_bots").set_value(2)
    at.number_input(key="play_w_seed").set_value(8)
    run(at)
    at.button(key="play_new").click()
    run(at)
    for _ in range(6):   # let the bots reach your turn, then make one move
        if at.session_state["play"].game.to_move == 0:
            break
        at.button(key="play_until_me").click()
        run(at)
    keys = view(at)["moves"]
    assert keys, "no move of yours on the page"
    at.button(key=keys[0]).click()
    return run(at)


def token_of(at: AppTest) -> str:
    tok = at.session_state["t31_me_token"]
    assert isinstance(tok, str) and len(tok) >= 16
    return tok


def test_a_new_session_with_the_same_token_shows_the_same_game(db):
    first = start_and_move(session())
    seen = view(first)
    assert seen["log"] and seen["cards"] and seen["status"]
    second = session(me=token_of(first))
    assert view(second) == seen
    game_1, game_2 = first.session_state["play"].game, second.session_state["play"].game
    assert game_1.history == game_2.history
    # and it plays on: a move in the new session is kept too
    if view(second)["moves"]:
        second.button(key=view(second)["moves"][0]).click()
    else:
        second.button(key="play_next").click()
    run(second)
    third = session(me=token_of(first))
    assert view(third) == view(second)


def test_after_a_restart_the_game_is_still_there(db):
    first = start_and_move(session())
    seen, tok = view(first), token_of(first)
    st.cache_resource.clear()          # the server restarts: a new store on the same file
    second = session(me=tok)
    assert view(second) == seen


def test_without_a_token_a_new_session_starts_empty(db):
    start_and_move(session())
    fresh = session()
    assert "play" not in fresh.session_state or fresh.session_state["play"].game is None
    assert not view(fresh)["log"]


def test_a_scenario_link_does_not_overwrite_the_kept_game(db):
    from thirtyone.store import open_store
    from thirtyone.teach.scenarios import load_scenarios

    first = start_and_move(session())
    tok = token_of(first)
    store = open_store(db)
    learner = store.learner_by_token(tok)
    kept = store.load_game(learner.id, play_keep.SLOT)
    name = next(iter(load_scenarios()))
    at = session(me=tok, scenario=name)
    assert at.button(key="play_replay_close")           # the replay takes the page
    at.button(key="play_replay_forward").click()
    run(at)
    assert store.load_game(learner.id, play_keep.SLOT) == kept
    at.button(key="play_replay_close").click()          # back at the table: the kept game
    run(at)
    assert view(at) == view(first)
    assert store.load_game(learner.id, play_keep.SLOT) == kept
    store.engine.dispose()


def test_a_damaged_kept_game_gives_one_sentence_and_the_setup(db):
    from thirtyone.store import open_store

    first = start_and_move(session())
    tok = token_of(first)
    store = open_store(db)
    store.save_game(store.learner_by_token(tok).id, play_keep.SLOT, '{"format": "other"}')
    store.engine.dispose()
    at = session(me=tok)
    assert [e.value for e in at.error] == [play_keep.DROPPED]
    assert at.button(key="play_new")
    assert not view(at)["log"]


def test_without_a_store_play_works_as_before(tmp_path, monkeypatch):
    monkeypatch.setenv("THIRTYONE_DATABASE_URL", f"sqlite:///{tmp_path / 'no' / 'such' / 'x.db'}")
    st.cache_resource.clear()
    try:
        at = start_and_move(session())
        assert view(at)["log"]
        assert "t31_me_token" not in at.session_state
        assert at.session_state["t31_store_warned"]   # told once: nothing is being saved
    finally:
        st.cache_resource.clear()
