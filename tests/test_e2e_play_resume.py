"""The Play page in headless Chromium: a few moves, then a reload of the page brings back the
same game (the same cards, the same move log, the same turn), from the store, through the
resume token the page put in the URL."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from e2e_helpers import APP_READY, new_tab, open_app, wait_for_app
from test_e2e_play import click, move_keys, present

pytestmark = pytest.mark.browser

SHOTS = Path(os.environ.get("THIRTYONE_SHOTS", "/tmp/shots-solo"))


def seen(page) -> dict:
    """What the player sees: cards face up, the status line, this round's log, the moves."""
    return {
        "cards": sorted(page.evaluate(
            "() => Array.from(document.querySelectorAll('[data-card]')).map(e => e.dataset.card)")),
        "status": page.locator("[data-testid='play-status']").inner_text(),
        "log": page.locator("[data-testid='play-log']").first.inner_text(),
        "moves": sorted(move_keys(page)),
    }


def test_a_reload_brings_back_the_same_game(browser, app_url):
    page = new_tab(browser, 1024, 768)
    try:
        open_app(page, app_url, "play")
        click(page, "play_new")
        mine = 0
        for _ in range(30):   # a few moves of yours, the bots answering with Next
            if mine >= 3 or present(page, "play_next_round"):
                break
            if present(page, "play_next"):
                click(page, "play_next")
                continue
            keys = [k for k in move_keys(page) if k not in ("play_act_knock", "play_act_exchange")]
            assert keys, "neither a move of yours nor Next on the page"
            click(page, keys[0])
            mine += 1
        assert mine >= 1
        before = seen(page)
        assert "me=" in page.url, "the resume token is not in the URL"
        assert before["cards"] and before["log"].count("\n") >= 2
        page.reload()
        page.wait_for_selector(APP_READY, timeout=60_000)
        wait_for_app(page)
        after = seen(page)
        assert after == before
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "play-after-reload.png"), full_page=False)
    finally:
        page.context.close()
