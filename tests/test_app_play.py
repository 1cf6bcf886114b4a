"""The Play page driven through Streamlit's AppTest: whole games played by clicking the move
buttons, plus the state logic behind the buttons (bad input, save and load, the hint)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from apptest_versions import Pills
from streamlit.testing.v1 import AppTest

from thirtyone.core.actions import Exchange
from thirtyone.core.rules import get_variant
from thirtyone.game.table import new_game
from thirtyone.ui.shell.nav import page_script, switch_to
from thirtyone.ui.widgets import table_state as table
from thirtyone.ui.widgets.plain import plain

TIMEOUT = 60
# The page file itself: the sidebar variant picker (drawn by app.py) is then not a widget,
# so the test sets its session-state key like a plain value and it stays set.
PAGE = page_script("play")
APP = str(Path(__file__).resolve().parents[1] / "app.py")
CARD_ATTR = re.compile(r'data-card="([2-9TJQKA][SHDC])"')


@pytest.fixture
def at() -> AppTest:
    app = AppTest.from_string(PAGE, default_timeout=TIMEOUT).run()
    assert not app.exception
    return app


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def start(at: AppTest, variant: str, bots: int = 1, levels: tuple[str, ...] = (),
          house: dict | None = None, seed: int = 7, name: str = "Sam") -> AppTest:
    at.session_state["variant_key"] = variant  # what the sidebar picker sets
    run(at)
    at.selectbox(key="play_w_bots").set_value(bots)
    run(at)
    at.text_input(key="play_w_name").input(name)
    at.number_input(key="play_w_seed").set_value(seed)
    for i, level in enumerate(levels):
        at.selectbox(key=f"play_w_level_{i}").set_value(level)
    run(at)
    for option, value in (house or {}).items():
        at.selectbox(key=f"play_house_{variant}__{option}").set_value(value)
        run(at)
    at.button(key="play_new").click()
    return run(at)


def page_html(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def move_keys(at: AppTest) -> set[str]:
    return {b.key for b in at.button if b.key and b.key.startswith("play_act_")}


def expected_key(action) -> str:
    # the page's documented key scheme: play_act_ + the move's text, spaces as underscores
    return "play_act_" + str(action).replace(" ", "_")


def check_no_hidden_cards(at: AppTest) -> None:
    """Before the showdown no face of another player's card is drawn on the page."""
    game = at.session_state["play"].game
    if game.round_over:
        return
    shown = set(CARD_ATTR.findall(page_html(at)))
    public = game.observation(0).hands  # banking shows a natural or a bust at once
    for seat in range(1, game.n):
        if public[seat] is not None:
            continue
        hidden = {str(c) for c in game.hands[seat]}
        assert not (shown & hidden), f"cards of seat {seat} on the page: {shown & hidden}"


def check_buttons_are_the_legal_moves(at: AppTest) -> None:
    game = at.session_state["play"].game
    legal = game.legal_actions()
    if any(isinstance(a, Exchange) for a in legal):
        # the widow exchange is one picker plus an Exchange button; the rest are buttons
        want = {expected_key(a) for a in legal if not isinstance(a, Exchange)}
        assert move_keys(at) == want | {"play_act_exchange"}
    else:
        assert move_keys(at) == {expected_key(a) for a in legal}


def choose_exchange(at: AppTest, rnd: random.Random) -> None:
    give = Pills(at, "play_w_give")
    take = Pills(at, "play_w_take")
    k = rnd.randint(1, 2)
    give.set_value(rnd.sample(list(give.options), k))
    take.set_value(rnd.sample(list(take.options), k))
    run(at)
    at.button(key="play_act_exchange").click()
    run(at)


def play_to_the_end(at: AppTest, seed: int, max_clicks: int = 600,
                    one_round: bool = False) -> dict:
    """Click through a whole game (or one round): random legal moves for you, Next for the
    bots."""
    rnd = random.Random(seed)
    stats = {"clicks": 0, "rounds": 0, "my_moves": 0, "bot_turns": 0}
    for _ in range(max_clicks):
        game = at.session_state["play"].game
        if game.game_over or (one_round and game.round_over):
            break
        keys = {b.key for b in at.button}
        stats["clicks"] += 1
        if game.round_over:
            assert "play_next_round" in keys
            stats["rounds"] += 1
            at.button(key="play_next_round").click()
            run(at)
            continue
        check_no_hidden_cards(at)
        if game.to_move != 0:
            assert not move_keys(at), "move buttons shown on a bot's turn"
            at.button(key="play_next" if rnd.random() < 0.7 else "play_until_me").click()
            stats["bot_turns"] += 1
            run(at)
            continue
        check_buttons_are_the_legal_moves(at)
        stats.setdefault("labels", set()).update(
            b.label for b in at.button if b.key and b.key.startswith("play_act_"))
        acts = sorted(move_keys(at))
        stats["my_moves"] += 1
        if "play_act_exchange" in acts and not stats.get("exchanges"):
            choice = "play_act_exchange"    # the first exchange offered is taken (it is tested)
        elif "play_act_knock" in acts and rnd.random() < 0.3:
            choice = "play_act_knock"
        else:
            choice = rnd.choice(acts)
        if choice == "play_act_exchange":
            choose_exchange(at, rnd)
            stats["exchanges"] = stats.get("exchanges", 0) + 1
        else:
            at.button(key=choice).click()
            run(at)
        assert not at.error, at.error[0].value
    else:
        pytest.fail(f"the game did not end within {max_clicks} clicks: {stats}")
    stats["rounds"] += 1
    return stats


def test_a_whole_game_of_scat_is_played_to_the_end_by_clicking(at):
    start(at, "scat", bots=2, levels=("basic", "random"))
    html = page_html(at)
    assert "3 pennies" in html          # scat's lives are pennies
    stats = play_to_the_end(at, seed=1)
    game = at.session_state["play"].game
    assert game.game_over and stats["rounds"] >= 3  # 3 pennies + county: one round is not enough
    assert "wins the game" in page_html(at) or "draw" in page_html(at)
    assert "play_new_after" in {b.key for b in at.button}


def test_a_whole_game_of_schwimmen_is_played_to_the_end_by_clicking(at):
    start(at, "schwimmen", bots=2, levels=("basic", "basic"))
    assert "Give " in " ".join(b.label for b in at.button)  # swap buttons
    play_to_the_end(at, seed=2)
    assert at.session_state["play"].game.game_over


def test_a_whole_game_of_kitty_is_played_to_the_end_by_clicking(at):
    # two chips each keep the game short: a player who cannot ante is out
    start(at, "kitty", bots=1, levels=("basic",), house={"chips": 2})
    html = page_html(at)
    assert "pot" in html.lower() and "chip" in html
    stats = play_to_the_end(at, seed=3)
    assert at.session_state["play"].game.game_over
    assert stats.get("exchanges", 0) >= 1


@pytest.mark.parametrize("variant", ["blitz", "five_dollar", "eenendertigen", "running_total",
                                     "stop_the_bus", "switch", "banking"])
def test_every_other_variant_plays_a_round_to_its_end_by_clicking(at, variant):
    start(at, variant, bots=2)
    play_to_the_end(at, seed=4, one_round=True)
    game = at.session_state["play"].game
    assert game.round_over
    assert "is over" in page_html(at)


def test_a_house_rule_chosen_before_new_game_is_a_rule_of_that_game(at):
    start(at, "scat", bots=1, house={"lives": 1, "extra_life": False})
    game = at.session_state["play"].game
    assert game.rules.lives == 1 and game.rules.extra_life is False
    assert "1 penny" in page_html(at)
    assert any("house rules: lives: 1" in c.value for c in at.caption)
    # one lost life ends a two-player game at once (RULES.md 3e: without the extra life 0 is out)
    play_to_the_end(at, seed=9)
    assert len([r for r in game.results if r.ended_by != "void"]) == 1


def test_in_all_at_once_mode_the_bots_answer_your_move_at_once(at):
    at.radio(key="play_w_step").set_value("fast")
    start(at, "scat", bots=3)
    game = at.session_state["play"].game
    at.button(key="play_act_draw").click()
    run(at)
    at.button(key=sorted(move_keys(at))[0]).click()
    run(at)
    assert game.round_over or game.to_move == 0
    if not game.round_over:
        assert {seat for seat, _ in game.moves} == {0, 1, 2, 3}  # all three bots moved
        log = page_html(at)
        assert all(f"{name} discards" in log or f"{name} knocks" in log
                   for name in ("Ann", "Bo", "Cy"))
        assert "play_next" not in {b.key for b in at.button}


def test_the_bots_moves_stay_highlighted_until_your_turn_is_over(at):
    start(at, "scat", bots=1, levels=("basic",))
    game = at.session_state["play"].game
    at.button(key="play_act_draw").click()
    run(at)
    at.button(key=sorted(move_keys(at))[0]).click()
    run(at)
    if game.round_over or game.to_move == 0:
        pytest.skip("the discard ended the round")    # a 31 made by the draw
    at.button(key="play_next").click()
    run(at)
    if game.round_over or game.to_move != 0 or "play_act_draw" not in move_keys(at):
        pytest.skip("the bot's move ended the round")
    at.button(key="play_act_draw").click()
    run(at)
    new_lines = re.findall(r'<li class="[^"]*play-new[^"]*">([^<]*)</li>', page_html(at))
    assert any(line.startswith("Ann ") for line in new_lines), new_lines
    assert any(line.startswith("Sam draws") for line in new_lines), new_lines


def test_the_dealer_with_two_hands_chooses_by_buttons_in_schwimmen(at):
    # with one bot the deal alternates, so you deal (and choose a hand) every other round
    start(at, "schwimmen", bots=1, house={"dealer_two_hands": True})
    stats = play_to_the_end(at, seed=6)
    assert at.session_state["play"].game.game_over
    if stats["rounds"] >= 2:
        assert {"Keep this hand", "Take the other hand (unseen)"} <= stats["labels"]


def test_bot_levels_are_chosen_per_seat(at):
    levels = list(at.selectbox(key="play_w_level_0").options)
    assert {"random", "basic"} <= set(levels)
    chosen = tuple(levels[i % len(levels)] for i in range(4))  # a different level per seat
    start(at, "scat", bots=4, levels=chosen)
    assert list(at.session_state["play"].levels) == [None, *chosen]
    # the table names each bot's level: it is public, and the expert reads it too
    assert at.session_state["play"].game.styles == (None, *chosen)
    page = " ".join(m.value for m in at.markdown)
    for lv in chosen:
        assert f'<span class="play-level">{lv} bot</span>' in page


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_a_stronger_bot_seat_plays_its_own_move(at, level):
    from thirtyone.bots import make_bot

    if level not in at.selectbox(key="play_w_level_0").options:
        pytest.skip(f"no {level} bot yet")
    start(at, "schwimmen", bots=1, levels=(level,))
    game = at.session_state["play"].game
    if game.to_move == 0:  # the deal (keyed by the server's secret) may seat the bot first
        keys = move_keys(at)
        at.button(key="play_act_pass" if "play_act_pass" in keys else sorted(keys)[0]).click()
        run(at)            # so the bot moves next
    if game.round_over or game.to_move != 1:
        pytest.skip("the round ended")
    expected = str(make_bot(level)(game.observation(1), None))
    moves_before = len(game.history[-1])
    at.button(key="play_next").click()
    run(at)
    assert game.history[-1][moves_before] == expected


@pytest.mark.parametrize("variant,seed", [("scat", 21), ("schwimmen", 22), ("kitty", 23)])
def test_the_hint_button_shows_a_legal_move_and_changes_nothing(at, variant, seed):
    if table.hint_function() is None:
        pytest.skip("thirtyone.strategy has no hint() yet")
    start(at, variant, bots=2, seed=seed)
    game = at.session_state["play"].game
    if game.to_move != 0:
        pytest.skip("the deal ended the round")
    before = game.snapshot()
    rng_before = game.rng.bit_generator.state
    bots_rng_before = at.session_state["play"].bot_rng.bit_generator.state
    at.button(key="play_hint_btn").click()
    run(at)
    assert at.info, "no hint shown"
    # while the moves are played out, a note in the corner says so (seen however scrolled)
    assert [t.value for t in at.toast if t.value.startswith("Working out the hint")]
    text = at.info[0].value
    hint = at.session_state["play"].hint[1]
    assert hint.action in game.legal_actions()
    # shown as plain text: Markdown signs escaped (a reason may name a player from a file)
    assert text.startswith("**Hint:") and plain(hint.reason) in text
    for label, value in hint.numbers.items():     # each number on its own labelled line
        assert f"{plain(label)}: **{plain(value)}**" in text
    assert "_" not in text
    # the hint never names a card hidden in another player's hand
    for seat in range(1, game.n):
        for card in game.hands[seat]:
            assert card.display not in text, f"the hint names {card.display} of seat {seat}"
    assert game.snapshot() == before
    assert game.rng.bit_generator.state == rng_before
    assert at.session_state["play"].bot_rng.bit_generator.state == bots_rng_before


def test_a_basic_bot_seat_plays_the_basic_move(at):
    from thirtyone.bots import make_bot

    start(at, "scat", bots=1, levels=("basic",))
    game = at.session_state["play"].game
    # play a draw and a discard so that the bot moves next
    at.button(key="play_act_draw").click()
    run(at)
    first = sorted(move_keys(at))[0]
    at.button(key=first).click()
    run(at)
    if game.round_over:
        pytest.skip("the round ended on this move")
    obs = game.observation(1)
    expected = str(make_bot("basic")(obs, None))
    moves_before = len(game.history[-1])
    at.button(key="play_next").click()
    run(at)
    assert game.history[-1][moves_before] == expected


def test_the_game_survives_a_page_switch():
    at = AppTest.from_file(APP, default_timeout=TIMEOUT).run()
    switch_to(at, "play")
    run(at)
    at.button(key="play_new").click()
    run(at)
    at.button(key="play_act_draw").click()
    run(at)
    game = at.session_state["play"].game
    before = game.snapshot()
    switch_to(at, "home")
    run(at)
    switch_to(at, "play")
    run(at)
    assert at.session_state["play"].game is game
    assert game.snapshot() == before
    assert any(b.key.startswith("play_act_discard_") for b in at.button if b.key)


def test_changing_the_sidebar_variant_keeps_the_game_in_progress(at):
    start(at, "scat", bots=1)
    game = at.session_state["play"].game
    at.session_state["variant_key"] = "schwimmen"
    run(at)
    assert at.session_state["play"].game is game and game.rules.family == "draw"
    assert any("for your next new game" in c.value for c in at.caption)
    assert "play_act_draw" in move_keys(at)


def test_lives_at_zero_are_shown_as_swimming_in_schwimmen(at):
    start(at, "schwimmen", bots=1)
    at.session_state["play"].game = new_game(get_variant("schwimmen").rules, ["Sam", "Ann"],
                                             seed=4, dealer=1, lives=[3, 0])
    run(at)
    assert "swimming" in page_html(at)


def test_a_widow_exchange_with_unequal_counts_is_refused_with_a_reason(at):
    start(at, "kitty", bots=1)
    game = at.session_state["play"].game
    if game.to_move != 0:
        pytest.skip("the deal ended the round")
    before = game.snapshot()
    give = Pills(at, "play_w_give")
    take = Pills(at, "play_w_take")
    give.set_value(list(give.options)[:2])
    take.set_value(list(take.options)[:1])
    run(at)
    at.button(key="play_act_exchange").click()
    run(at)
    assert at.error and "same number" in at.error[0].value
    assert game.snapshot() == before


# --- the state logic behind the buttons, with a plain dict as the session state ----------------

def started(variant: str = "scat", bots: int = 1, seed: int = 5) -> dict:
    state: dict = {}
    table.start_game(state, get_variant(variant), get_variant(variant).rules, "Sam",
                     ["basic"] * bots, seed)
    assert state["play"].game is not None and not state["play"].error
    return state


def test_an_illegal_move_is_refused_and_the_game_is_kept():
    state = started()
    game = state["play"].game
    before = game.snapshot()
    assert not table.play_move(state, "discard AS")   # nothing drawn yet: no discard
    assert state["play"].error
    assert state["play"].game is game and game.snapshot() == before


def test_a_move_out_of_turn_is_refused():
    state = started()
    table.play_move(state, "knock")
    if state["play"].game.round_over:
        pytest.skip("round over")
    before = state["play"].game.snapshot()
    assert not table.play_move(state, "draw")
    assert "not your turn" in state["play"].error
    assert state["play"].game.snapshot() == before


def test_a_broken_file_is_refused_in_one_sentence_and_the_game_is_kept():
    state = started()
    game = state["play"].game
    for text in ("{not json", b"\xff\xfe\x00", '{"variant": "scat", "deck": ["AH", "AH"]}',
                 "[1, 2, 3]"):
        assert not table.load_text(state, text)
        msg = state["play"].error
        assert msg and msg.endswith("The current game is kept."), msg
        assert state["play"].game is game


def test_a_bot_name_is_not_accepted_as_your_name():
    state = started()
    game = state["play"].game
    table.start_game(state, get_variant("scat"), get_variant("scat").rules, "Ann", ["basic"], 1)
    assert "pick another name" in state["play"].error
    assert state["play"].game is game


def test_a_saved_game_loads_back_to_the_same_position():
    state = started("schwimmen", bots=2, seed=11)
    table.play_move(state, state["play"].game.legal_actions()[0])
    table.bots_until_you(state)
    game = state["play"].game
    text = table.save_text(state)
    fresh: dict = {}
    assert table.load_text(fresh, text), fresh["play"].error
    assert fresh["play"].game.snapshot() == game.snapshot()
    assert fresh["play"].game.players == game.players
    # the seats keep the levels the game was saved with
    assert fresh["play"].levels == state["play"].levels
    assert fresh["play"].game.styles == tuple(state["play"].levels)


def test_a_tampered_saved_game_is_refused_and_the_game_is_kept():
    import json

    state = started("scat", bots=2, seed=13)
    game = state["play"].game
    record = json.loads(table.record_text(game))   # the teacher's record: every card in it
    record["deck"][1] = record["deck"][0]          # one card twice
    assert not table.load_text(state, json.dumps(record))
    assert state["play"].game is game
    msg = state["play"].error
    assert msg.startswith("This file cannot be loaded: ") and msg.count("cannot be loaded") == 1


def test_the_hint_changes_neither_the_game_nor_its_random_stream():
    if table.hint_function() is None:
        pytest.skip("thirtyone.strategy has no hint() yet")
    state = started("scat", bots=2, seed=12)
    game = state["play"].game
    before, rng_before = game.snapshot(), game.rng.bit_generator.state
    table.ask_hint(state)
    assert state["play"].hint is not None
    hint = state["play"].hint[1]
    assert hint.action in game.legal_actions() and hint.reason
    assert game.snapshot() == before and game.rng.bit_generator.state == rng_before


def test_bot_levels_chosen_for_banking_do_not_follow_to_another_variant(at):
    # Issue 13: Banking offers only random and basic; its choice stayed on for Scat.
    at.session_state["variant_key"] = "banking"
    run(at)
    assert at.selectbox(key="play_w_level_0").options == ["random", "basic"]
    at.selectbox(key="play_w_level_0").set_value("random")
    run(at)
    at.session_state["variant_key"] = "scat"
    run(at)
    assert at.selectbox(key="play_w_level_0").value == "standard"  # Scat's default
    at.selectbox(key="play_w_level_0").set_value("expert")
    run(at)
    at.session_state["variant_key"] = "banking"
    run(at)
    assert at.selectbox(key="play_w_level_0").value == "random"  # Banking's own, kept
    at.session_state["variant_key"] = "schwimmen"
    run(at)
    assert at.selectbox(key="play_w_level_0").value == "standard"
    at.session_state["variant_key"] = "scat"
    run(at)
    assert at.selectbox(key="play_w_level_0").value == "expert"
    at.button(key="play_new").click()
    run(at)
    assert at.session_state["play"].levels[1] == "expert"
