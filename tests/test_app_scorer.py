"""The Hand scorer page driven through Streamlit's AppTest (no browser)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from thirtyone.ui.shell.nav import page_script, switch_to

TIMEOUT = 60
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def at() -> AppTest:
    """The scorer page on its own; the variant is chosen through the session-state key that
    the sidebar picker of app.py writes."""
    page = AppTest.from_string(page_script("scorer"), default_timeout=TIMEOUT).run()
    assert not page.exception
    return page


@pytest.fixture
def app() -> AppTest:
    """The whole app, opened on the scorer page."""
    whole = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT).run()
    switch_to(whole, "scorer").run()
    assert not whole.exception
    return whole


def pick(at: AppTest, *cards: str) -> AppTest:
    for c in cards:
        at.button(key=f"scorer_t31pick_{c}").click().run()
        assert not at.exception
    return at


def type_cards(at: AppTest, text: str) -> AppTest:
    at.text_input(key="scorer_text").input(text).run()
    assert not at.exception
    return at


def choose_variant(at: AppTest, key: str) -> AppTest:
    at.session_state["variant_key"] = key  # what the sidebar picker does
    at.run()
    assert not at.exception
    return at


def shown_value(at: AppTest) -> str | None:
    for m in at.markdown:
        found = re.search(r'data-testid="scorer-value">([^<]*)<', m.value)
        if found:
            return found.group(1)
    return None


def hand(at: AppTest) -> list[str]:
    return list(at.session_state["scorer_hand"])


def test_the_scorer_opens_with_an_empty_hand_and_a_52_card_grid(at):
    assert at.title[0].value == "Hand scorer"
    assert shown_value(at) is None
    assert sum(1 for b in at.button if b.key and b.key.startswith("scorer_t31pick_")) == 52


def test_clicking_three_cards_scores_them(at):
    pick(at, "AH", "KH", "9S")
    assert shown_value(at) == "21"
    assert at.text_input(key="scorer_text").value == "AH KH 9S"
    assert any("count together as hearts" in m.value for m in at.markdown)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Starting hands it beats"].endswith("%")


def test_clicking_a_chosen_card_takes_it_back(at):
    pick(at, "AH", "KH", "AH")
    assert hand(at) == ["KH"]
    assert shown_value(at) is None


def test_a_fourth_card_replaces_the_first_picked(at):
    pick(at, "AH", "KH", "9S", "QH")
    assert hand(at) == ["KH", "9S", "QH"]
    assert shown_value(at) == "20"


def test_typing_cards_in_any_notation_scores_them(at):
    type_cards(at, "10h a♥ jh")
    assert hand(at) == ["TH", "AH", "JH"]
    assert shown_value(at) == "31"
    assert any("blitz" in m.value for m in at.markdown)


def test_bad_text_shows_the_error_and_not_the_previous_hands_value(at):
    type_cards(at, "AH KH 9S")
    assert shown_value(at) == "21"
    type_cards(at, "AH QX 9S")
    assert not at.exception
    assert len(at.error) == 1 and "'QX'" in at.error[0].value
    assert shown_value(at) is None  # issue 13: 21 stayed beside the error
    assert hand(at) == []
    assert at.text_input(key="scorer_text").value == "AH QX 9S"  # kept, to correct it
    assert not any(s.value == "How good is it?" for s in at.subheader)


def test_two_cards_typed_say_a_hand_has_three(at):
    type_cards(at, "AH KH")
    assert "3 cards" in at.error[0].value
    assert hand(at) == []


def test_a_good_hand_after_an_error_clears_the_error(at):
    type_cards(at, "ZZ")
    type_cards(at, "7H 7S 7D")
    assert len(at.error) == 0
    assert shown_value(at) == "7"


def test_switching_variant_keeps_a_hand_that_fits_and_rescores_it(at):
    type_cards(at, "7H 7S 7D")
    choose_variant(at, "schwimmen")
    assert hand(at) == ["7H", "7S", "7D"]
    assert shown_value(at) == "30½"
    assert sum(1 for b in at.button if b.key and b.key.startswith("scorer_t31pick_")) == 32


def test_switching_to_a_32_card_variant_takes_out_cards_it_lacks(at):
    type_cards(at, "AH 2H 9S")
    choose_variant(at, "eenendertigen")
    assert hand(at) == ["AH", "9S"]
    assert any("2♥" in i.value and "32-card" in i.value for i in at.info)
    assert shown_value(at) is None


def test_typing_a_card_the_pack_lacks_names_it(at):
    choose_variant(at, "schwimmen")
    type_cards(at, "AH 2H 9S")
    assert "'2H'" in at.error[0].value


def test_three_aces_are_fire_in_schwimmen(at):
    choose_variant(at, "schwimmen")
    type_cards(at, "AH AS AD")
    assert shown_value(at) == "33"
    assert any("fire" in m.value for m in at.markdown)


def test_stop_the_bus_shows_the_brag_class(at):
    choose_variant(at, "stop_the_bus")
    type_cards(at, "3H 2H AH")
    assert shown_value(at) == "running flush"


def test_the_table_shows_every_variant_and_which_lack_a_card(at):
    type_cards(at, "AH KH 2S")
    table = at.table[0].value
    assert len(table) == 10
    by_name = dict(zip(table["Variant"], table["Value"], strict=True))
    assert by_name["▶ Thirty-One (Scat)"] == "21"
    assert by_name["Schwimmen (German 31)"] == "—"
    row = table[table["Variant"] == "Eenendertigen (Dutch)"].iloc[0]
    assert "'2S' is not in this 32-card pack" in row["Why"]
    assert table[table["Variant"] == "Banking Thirty-One"].iloc[0]["Value"] == "23"


def test_the_app_opens_the_scorer_and_the_hand_survives_a_visit_to_another_page(app):
    assert app.title[0].value == "Hand scorer"
    pick(app, "AH", "KH", "9S")
    assert shown_value(app) == "21"
    switch_to(app, "home").run()
    assert not app.exception
    switch_to(app, "scorer").run()
    assert hand(app) == ["AH", "KH", "9S"]
    assert app.text_input(key="scorer_text").value == "AH KH 9S"
    assert shown_value(app) == "21"


def test_the_home_page_links_every_other_page():
    home = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT).run()
    assert not home.exception
    assert home.title[0].value == "Thirty-One"
    assert home.selectbox(key="variant_key").value == "scat"
    labels = [link.proto.label for link in home.get("page_link")]
    assert labels == ["Learn", "Hand scorer", "Play", "Variants", "Odds lab"]


def test_random_hand_gives_three_cards_and_clear_empties_it(at):
    at.button(key="scorer_random").click().run()
    assert len(hand(at)) == 3
    assert shown_value(at) is not None
    at.button(key="scorer_clear").click().run()
    assert hand(at) == []
    assert at.text_input(key="scorer_text").value == ""


def test_a_house_rule_changes_the_value(at):
    type_cards(at, "7H 7S 7D")
    at.selectbox(key="scorer_house_scat__three_of_a_kind").set_value(30.5).run()
    assert shown_value(at) == "30½"
    assert any("House rules on" in c.value for c in at.caption)


@pytest.mark.parametrize("key", ["kitty", "banking", "switch", "running_total", "blitz"])
def test_every_variant_scores_a_hand_without_error(at, key):
    choose_variant(at, key)
    type_cards(at, "AH KH QH")
    assert not at.exception and len(at.error) == 0
    assert shown_value(at) == "31"
    assert len(at.table[0].value) == 10


def test_the_headline_chance_is_the_one_the_scoring_punishes(at):
    """Issue 26 item 2: Scat loses a life for the lowest hand, Kitty's pot goes to the highest;
    the scorer names that chance, for the opponents picked, and says what it means."""
    type_cards(at, "9C 7C 4D")                       # 16 in Scat (the default variant)
    metrics = {m.label: m.value for m in at.metric}
    assert "Chance it is the lowest hand" in metrics
    assert "Chance one opponent's hand is better" not in metrics
    words = next(m.value for m in at.markdown if "opponents dealt" in m.value)
    assert "Against 3 opponents" in words and "you lose a penny" in words
    three = float(metrics["Chance it is the lowest hand"].rstrip("%"))
    next(b for b in at.button_group if b.key == "scorer_opponents").set_value(1).run()
    one = float({m.label: m.value for m in at.metric}["Chance it is the lowest hand"].rstrip("%"))
    assert one > three        # a 16 is the lowest of four far less often than of two
    choose_variant(at, "kitty")
    type_cards(at, "KH QH 9S")
    metrics = {m.label: m.value for m in at.metric}
    assert "Chance someone holds a better hand" in metrics
    words = next(m.value for m in at.markdown if "opponent dealt" in m.value)
    assert "takes the pot" in words
