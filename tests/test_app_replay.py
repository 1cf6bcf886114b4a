"""The replay and the teacher scenarios on the Play page (Streamlit AppTest): a link opens a
scenario, the steps go back and forward, one seat's view hides the others' cards and
"Show every card" shows them, and the current game replays once its round is over."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from thirtyone.teach.scenarios import get_scenario, load_scenarios
from thirtyone.ui.shell.nav import page_script

TIMEOUT = 60
PAGE = page_script("play")
CARD = re.compile(r'data-card="([2-9TJQKA][SHDC])"')


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def page_html(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def faces(at: AppTest) -> set[str]:
    return set(CARD.findall(page_html(at)))


def opened(name: str) -> AppTest:
    at = AppTest.from_string(PAGE, default_timeout=TIMEOUT)
    at.query_params["scenario"] = name
    return run(at)


def status(at: AppTest) -> str:
    m = re.search(r'data-testid="replay-status">([^<]*)<', page_html(at))
    return m.group(1) if m else ""


def test_a_link_opens_the_scenario_at_its_deal_in_the_stated_seat():
    at = opened("schwimmen_worked_example")
    assert "Replay: Schwimmen: the worked example" in [s.value for s in at.subheader]
    assert status(at).startswith("The deal (move 0 of 4)")
    assert at.selectbox(key="play_replay_seat").value == 1          # "You"
    assert at.slider(key="play_replay_step").value == 0
    # the table is not drawn while the replay is on
    assert not [b for b in at.button if b.key == "play_new"]


def test_stepping_forward_and_back_follows_the_moves():
    at = opened("schwimmen_worked_example")
    at.button(key="play_replay_forward").click()
    run(at)
    assert status(at) == "Move 1 of 4: You: Give K♠, take K♥"
    at.button(key="play_replay_forward").click()
    run(at)
    assert status(at) == "Move 2 of 4: Lena: Pass"
    at.button(key="play_replay_back").click()
    run(at)
    assert status(at) == "Move 1 of 4: You: Give K♠, take K♥"
    assert "Lena passes" not in page_html(at)          # the log stops at the current step
    at.slider(key="play_replay_step").set_value(3)
    run(at)
    assert status(at) == "Move 3 of 4: Tom: Give Q♥, take K♠"
    at.button(key="play_replay_last").click()
    run(at)
    html = page_html(at)
    assert 'data-testid="replay-result"' in html and "Lena loses a life" in html
    assert at.button(key="play_replay_forward").disabled


def test_one_seat_view_hides_the_others_and_show_every_card_shows_them():
    at = opened("schwimmen_worked_example")
    # You (seat 1) holds AH 8H KS; the middle KH 7C TD is open; Tom and Lena are hidden
    assert faces(at) == {"AH", "8H", "KS", "KH", "7C", "TD"}
    at.selectbox(key="play_replay_seat").set_value(2)               # Lena's view
    run(at)
    assert faces(at) == {"TH", "9H", "8D", "KH", "7C", "TD"}
    at.toggle(key="play_replay_all").set_value(True)
    run(at)
    dealt = set(get_scenario("schwimmen_worked_example").record()["deck"])
    assert faces(at) == dealt


def test_the_widow_turns_face_up_only_for_show_every_card():
    at = opened("kitty_tie_split")
    shown = faces(at)
    at.toggle(key="play_replay_all").set_value(True)
    run(at)
    assert len(faces(at)) == len(shown) + 2 * 3 + 3    # two more hands and the widow


@pytest.mark.parametrize("bad", ["nope", "../../etc/passwd", "![x](http://example.com/a.png)",
                                 "x" * 5000])
def test_a_bad_link_gets_a_note_and_the_page_goes_on(bad):
    at = opened(bad)
    assert any("names no teacher scenario" in w.value for w in at.warning)
    assert "example.com" not in page_html(at)
    assert not at.subheader or not at.subheader[0].value.startswith("Replay")
    assert [b for b in at.button if b.key == "play_new"]


def test_the_list_opens_every_scenario_and_back_to_the_table():
    at = run(AppTest.from_string(PAGE, default_timeout=TIMEOUT))
    html = page_html(at)
    for name in load_scenarios():
        assert f"(play?scenario={name})" in html
    at.button(key="play_scn_fire_on_the_deal").click()
    run(at)
    # fire on the deal: no move at all, the result shows at once
    assert "Fire on the deal" in page_html(at)
    at.button(key="play_replay_close").click()
    run(at)
    assert [b for b in at.button if b.key == "play_new"]


def test_the_game_in_progress_replays_only_once_its_round_is_over():
    at = run(AppTest.from_string(PAGE, default_timeout=TIMEOUT))
    at.session_state["variant_key"] = "scat"
    run(at)
    at.button(key="play_new").click()
    run(at)
    assert at.button(key="play_replay_open").disabled
    at.button(key="play_act_knock").click()
    run(at)
    while [b for b in at.button if b.key == "play_next"]:
        at.button(key="play_next").click()
        run(at)
    assert not at.button(key="play_replay_open").disabled
    at.button(key="play_replay_open").click()
    run(at)
    assert status(at).startswith("The deal")
    at.button(key="play_replay_last").click()
    run(at)
    assert 'data-testid="replay-result"' in page_html(at)
    at.button(key="play_replay_close").click()
    run(at)
    assert [b for b in at.button if b.key == "play_next_round"]       # the game is kept
