"""The solo Play game kept as text (``thirtyone.ui.pages.play.play_keep``): what comes back is the game
as it was, it plays on exactly as the original would, and a damaged text is dropped with one
sentence. The state functions take a plain dict; the store round trip runs on the real DB."""

from __future__ import annotations

import json

import pytest

from thirtyone.core.rules import VARIANTS
from thirtyone.ui.pages.play import play_keep as pk
from thirtyone.ui.widgets import table_state as ts


def played(variant: str = "scat", seed: int = 5, steps: int = 25) -> dict:
    """A game some way in: your first legal move each turn, the bots answering."""
    v = VARIANTS[variant]
    state: dict = {ts.SESSION: ts.PlaySession(cfg={"step_mode": "fast", "play_w_name": "Sam"})}
    ts.start_game(state, v, v.rules, "Sam", ["basic", "random"], seed)
    assert ts.session(state).game is not None
    for _ in range(steps):
        step(state, 0)
    return state


def step(state: dict, pick: int) -> None:
    """One click: the next round, your move (legal move number ``pick``), or the bots'."""
    g = ts.session(state).game
    if g.game_over:
        return
    if g.round_over:
        ts.deal_and_follow(state)
    elif g.to_move == 0:
        ts.move_and_follow(state, g.observation(0).legal_actions[pick])
    else:
        ts.bots_until_you(state)


def same_view(a: dict, b: dict) -> None:
    ga, gb = ts.session(a).game, ts.session(b).game
    oa, ob = ga.observation(0), gb.observation(0)
    assert [str(c) for c in oa.hand] == [str(c) for c in ob.hand]
    assert [e.text for e in oa.log] == [e.text for e in ob.log]
    assert (oa.to_move, oa.phase, oa.round_no) == (ob.to_move, ob.phase, ob.round_no)
    assert ts.session(a).past == ts.session(b).past
    sa, sb = ts.session(a), ts.session(b)
    assert (sa.mark, sa.levels, sa.variant) == (sb.mark, sb.levels, sb.variant)


@pytest.mark.parametrize("variant", ["scat", "schwimmen", "banking"])
def test_kept_game_comes_back_and_plays_on_the_same(variant):
    first = played(variant, seed=11)
    text = pk.to_text(first)
    back: dict = {}
    assert pk.from_text(back, text)
    same_view(first, back)
    assert ts.session(back).cfg["step_mode"] == "fast"
    # both go on identically: the same bot choices and, after the round, the same new deal
    for _ in range(40):
        for s in (first, back):
            step(s, -1)
        same_view(first, back)
    assert ts.session(first).game.round_no > 1 or ts.session(first).game.game_over


def test_nothing_kept_without_a_game():
    assert pk.to_text({}) is None


@pytest.mark.parametrize("damage", [
    lambda t: t[:len(t) // 2],                                    # cut short
    lambda t: "[1, 2, 3]",                                        # not ours
    lambda t: t.replace('"format":"thirtyone-play-1"', '"format":"x"'),
    lambda t: json.dumps({**json.loads(t), "you": 9}),            # a seat not at the table
    lambda t: json.dumps({**json.loads(t), "record": {**json.loads(t)["record"],
                                                      "actions": ["knock", "knock", "knock"]}}),
    lambda t: "x" * (pk.MAX_TEXT + 1),
])
def test_a_damaged_kept_game_is_dropped_with_one_sentence(damage):
    text = damage(pk.to_text(played()))
    state: dict = {}
    assert not pk.from_text(state, text)
    assert ts.session(state).game is None
    msg = ts.session(state).error
    assert msg.endswith(".") and msg.count(". ") == 0 and len(msg) < 200


def test_kept_in_the_store_and_read_by_a_new_store_object(store, store_url):
    from thirtyone.store import open_store

    first = played("scat", seed=3)
    learner, _ = store.new_learner("Kim")
    store.save_game(learner.id, pk.SLOT, pk.to_text(first))
    again = open_store(store_url)          # a restarted server: a new engine, same database
    try:
        back: dict = {}
        assert pk.from_text(back, again.load_game(learner.id, pk.SLOT))
        same_view(first, back)
    finally:
        again.engine.dispose()
