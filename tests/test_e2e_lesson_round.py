"""Browser test: a newcomer opens lesson 3, plays the guided first round to its showdown by
clicking what the guide says, and the step counts as done. Screenshots at 1024x768 and
1400 wide go to THIRTYONE_SHOTS (default /tmp/shots-lesson-round) for people to look at."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from e2e_helpers import new_tab, open_app, wait_for_app
from tiers import LONG, long_except

pytestmark = pytest.mark.browser

SHOTS = Path(os.environ.get("THIRTYONE_SHOTS", "/tmp/shots-lesson-round"))
OTHERS_DEALT = ("9C", "8D", "7S", "3S", "6D", "5C")   # Ann's and Bo's cards in lesson 03
ROUND = "[class*='st-key-t31round_03-a-first-round_2_round']"


def open_the_round(tab, app_url) -> None:
    open_app(tab, app_url, "learn")
    tab.get_by_role("button", name="3. A first round").click()
    wait_for_app(tab)
    for _ in range(2):
        tab.get_by_role("button", name="Next ▶").click()
        wait_for_app(tab)
    tab.locator(ROUND).wait_for()


def guide_move(tab) -> str:
    """The move the guide names: its words up to the first full stop (a button's label)."""
    text = tab.locator(ROUND).get_by_test_id("stAlert").first.inner_text()
    assert "Guide:" in text, text
    return text.split("Guide:", 1)[1].strip().split(". ", 1)[0]


def play_with_the_guide(tab, shots: str | None = None) -> list[str]:
    """Click what the guide says until the round ends; with ``shots``, a screenshot of the
    felt when the first discard is to be chosen."""
    moves = []
    for _ in range(30):
        if tab.get_by_text("this step is done").count():
            return moves
        move = guide_move(tab)
        if shots and move.startswith("Discard") and not any(
                m.startswith("Discard") for m in moves):
            tab.locator(ROUND).scroll_into_view_if_needed()
            shoot(tab, f"round-discard-{shots}")
        moves.append(move)
        tab.locator(ROUND).get_by_role("button", name=move, exact=True).click()
        wait_for_app(tab)
    raise AssertionError(f"the round did not end: {moves}")


def shoot(tab, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_the_guided_first_round_is_played_to_its_showdown_in_the_browser(page, app_url):
    open_the_round(page, app_url)
    felt = page.locator(ROUND)
    for card in OTHERS_DEALT:        # nobody else's cards before the showdown
        assert page.locator(f".t31-card[data-card='{card}']").count() == 0, card
    assert felt.locator(".t31-card[data-card='KH']").count() >= 1   # your own are shown
    moves = play_with_the_guide(page)
    assert moves[0] == "Take the Q♥" and moves[-1] == "Knock"
    assert "Draw from the stock" in moves
    text = felt.inner_text()
    assert "Bo loses a penny" in text and "(knocked)" in text
    for card in ("9C", "JC", "8C", "3S", "7S", "TS"):   # the final hands, shown at last
        assert felt.locator(f".t31-card[data-card='{card}']").count() >= 1, card
    # the step counts: the lesson list's score went up
    assert page.get_by_text("1 of").count() >= 1


@pytest.mark.parametrize(("width", "height"), long_except(
    [pytest.param(1024, 768, id="1024"), pytest.param(1400, 900, id="1400")], "1024"))
@LONG
def test_screenshots_of_the_round_at_two_widths(browser, app_url, width, height):
    tab = new_tab(browser, width, height)
    try:
        open_the_round(tab, app_url)
        shoot(tab, f"round-start-{width}")
        play_with_the_guide(tab, shots=str(width))
        done = tab.get_by_text("this step is done")
        done.wait_for()
        done.scroll_into_view_if_needed()
        shoot(tab, f"round-showdown-{width}")
    finally:
        tab.context.close()
