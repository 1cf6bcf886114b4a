"""A hostile player name in headless Chromium: the Play page shows it as the text typed (no
bold, no script, no entity left over), at a desk and on a phone."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from e2e_helpers import click_and_wait, new_tab, open_app

pytestmark = pytest.mark.browser

NAME = "<b>Di</b>&amp;**y**"     # 19 characters: the name box takes 20
SHOTS = Path(os.environ.get("T31_SHOTS", "")) if os.environ.get("T31_SHOTS") else None


@pytest.mark.parametrize("size", [(1024, 768), (390, 844)])
def test_play_shows_a_hostile_name_as_typed(browser, app_url, size):
    width, height = size
    if width < 500:
        tab = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True,
                                  has_touch=True).new_page()
        tab.set_default_timeout(30_000)
    else:
        tab = new_tab(browser, width, height)
    try:
        open_app(tab, app_url, "play")
        tab.wait_for_selector(".st-key-play_new button")
        tab.locator(".st-key-play_w_name input").fill(NAME)
        tab.locator(".st-key-play_w_name input").press("Enter")
        click_and_wait(tab, tab.locator(".st-key-play_new button"))
        own = tab.locator(".play-seat[data-seat='0'] .play-name").first
        own.wait_for()
        assert NAME in own.inner_text()          # the characters as typed, once
        felt = tab.locator(".st-key-play_felt")
        assert felt.locator("script").count() == 0
        assert felt.locator(".play-name b").count() == 0, "the name's <b> became a tag"
        assert "&lt;" not in felt.inner_text() and "&amp;amp;" not in felt.inner_text()
        log = tab.locator("[data-testid='play-log']").inner_text()
        assert NAME in log
        if SHOTS:
            SHOTS.mkdir(parents=True, exist_ok=True)
            tab.screenshot(path=str(SHOTS / f"play-hostile-{width}.png"), full_page=True)
    finally:
        tab.context.close()
