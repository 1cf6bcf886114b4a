"""The display switches (big cards, four-colour deck) through Streamlit's AppTest."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from thirtyone.ui.shell.nav import page_script, switch_to
from thirtyone.ui.widgets.cards import coloured_cards

ROOT = Path(__file__).resolve().parents[1]


def test_card_text_takes_its_suit_colour_in_either_deck():
    assert coloured_cards("A♥ 10♦ 9♣ K♠", four=False) == ":red[A♥] :red[10♦] 9♣ K♠"
    assert coloured_cards("A♥ 10♦ 9♣ K♠", four=True) == ":red[A♥] :blue[10♦] :green[9♣] K♠"
    assert coloured_cards("no cards here: 31 ♦", four=True) == "no cards here: 31 ♦"


def test_the_four_colour_switch_recolours_the_scorer_buttons_on_the_next_page():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    assert not at.exception
    four = at.sidebar.toggle(key="display_four_colour_switch")
    big = at.sidebar.toggle(key="display_big_cards_switch")
    assert (four.label, four.value, big.label, big.value) == ("Four-colour deck", False,
                                                              "Big cards", False)
    four.set_value(True).run()
    # (AppTest runs a page switched to without app.py's sidebar: the choice is carried by
    # its own session-state key, as it is between pages in the browser)
    switch_to(at, "scorer").run()
    assert not at.exception
    assert at.button(key="scorer_t31pick_AD").label == ":blue[A♦]"
    assert at.button(key="scorer_t31pick_AC").label == ":green[A♣]"
    assert at.button(key="scorer_t31pick_AH").label == ":red[A♥]"
    assert at.button(key="scorer_t31pick_AS").label == "A♠"


def test_the_classic_deck_is_the_default_on_the_scorer():
    at = AppTest.from_string(page_script("scorer"), default_timeout=60).run()
    assert at.button(key="scorer_t31pick_AD").label == ":red[A♦]"
    assert at.button(key="scorer_t31pick_AC").label == "A♣"
