"""The "same rank counts" house rule (RULES.md 2) on the pages, through Streamlit's AppTest:
the Hand scorer, the Play page and the Odds lab offer it where hands add up a suit, and
not where they do not (Stop the Bus)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from thirtyone.ui.shell.nav import switch_to

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 120


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def open_page(page: str, variant: str = "scat") -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT).run()
    switch_to(at, f"{page}").run()
    at.session_state["variant_key"] = variant   # what the sidebar picker does
    return run(at)


def page_html(at: AppTest) -> str:
    return html.unescape("\n".join(m.value for m in at.markdown))


def scorer_value(at: AppTest) -> str | None:
    found = re.search(r'data-testid="scorer-value">([^<]*)<', page_html(at))
    return found.group(1) if found else None


def has_box(at: AppTest, key: str) -> bool:
    return any(b.key == key for b in at.selectbox)


def test_the_scorer_counts_a_pair_when_the_house_rule_is_on():
    at = open_page("scorer")
    at.text_input(key="scorer_text").input("7H 7S KD")
    run(at)
    assert scorer_value(at) == "10"                     # the lone king, by the suit sum
    at.selectbox(key="scorer_house_scat__same_rank").set_value(True)
    run(at)
    assert scorer_value(at) == "14"                     # 7 + 7, by the rank
    assert "same rank counts here: 7 + 7 = 14" in page_html(at)
    assert any("same rank counts: yes" in c.value for c in at.caption)


def test_the_scorer_offers_no_same_rank_rule_for_brag_hands():
    at = open_page("scorer", "stop_the_bus")
    assert not has_box(at, "scorer_house_stop_the_bus__same_rank")


@pytest.mark.parametrize("variant", ["scat", "schwimmen", "kitty", "switch"])
def test_the_play_page_offers_the_house_rule_where_suits_add_up(variant):
    at = open_page("play", variant)
    assert has_box(at, f"play_house_{variant}__same_rank")


def test_the_play_page_offers_no_same_rank_rule_in_stop_the_bus():
    at = open_page("play", "stop_the_bus")
    assert not has_box(at, "play_house_stop_the_bus__same_rank")


def test_a_game_started_with_the_house_rule_plays_by_it():
    at = open_page("play", "scat")
    at.selectbox(key="play_w_bots").set_value(1)
    run(at)
    at.selectbox(key="play_house_scat__same_rank").set_value(True)
    run(at)
    at.button(key="play_new").click()
    run(at)
    assert any("same rank counts: yes" in c.value for c in at.caption)


def test_the_odds_lab_dealt_values_change_with_the_house_rule():
    at = open_page("odds_lab", "eenendertigen")
    before = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    at.selectbox(key="odds_house_eenendertigen__same_rank").set_value(True)
    run(at)
    after = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    assert after and after[0]["data"] != before[0]["data"]
