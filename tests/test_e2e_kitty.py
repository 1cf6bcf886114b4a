"""Kitty as seed 000 plays it, in headless Chromium: a whole game on the Play page by clicking
draw, take, exchange with the widow, discard and knock (RULES.md 3c), at 1024x768 and on a
phone. Screenshots go to /tmp/kitty-shots/."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_helpers import new_tab, open_app
from test_e2e_play import OTHERS_FACES, click, move_keys, present
from tiers import LONG, long_except

pytestmark = [pytest.mark.browser, LONG]   # the long tier (tests/tiers.py)
SHOTS = Path("/tmp/kitty-shots")


def play_whole_game(page, tag: str) -> dict:
    seen: dict = {"draw": 0, "take": 0, "exchange": 0, "knock": 0, "rounds": 0}
    mine = 0
    shot_move = False
    for _click in range(600):
        if page.locator("[data-testid='play-game-over']").count():
            return seen
        if present(page, "play_next_round"):
            seen["rounds"] += 1
            if seen["rounds"] == 1:
                page.screenshot(path=str(SHOTS / f"{tag}-showdown.png"), full_page=True)
            click(page, "play_next_round")
            mine = 0
            continue
        assert page.locator(OTHERS_FACES).count() == 0      # hidden cards stay hidden
        if present(page, "play_next"):
            click(page, "play_next")
            continue
        keys = move_keys(page)
        assert keys, "neither a move button nor Next on the page"
        if not shot_move and {"play_act_draw", "play_act_take", "play_act_exchange"} <= set(keys):
            page.screenshot(path=str(SHOTS / f"{tag}-turn.png"), full_page=True)
            shot_move = True
        discards = sorted(k for k in keys if k.startswith("play_act_discard_"))
        if discards:
            click(page, discards[0])
            mine += 1
        elif "play_act_knock" in keys and mine >= 3:
            click(page, "play_act_knock")
            seen["knock"] += 1
        elif "play_act_exchange" in keys and mine % 3 == 1:
            for picker in ("play_w_give", "play_w_take"):   # one hand card, one widow card
                click(page, picker)
            click(page, "play_act_exchange")
            seen["exchange"] += 1
            mine += 1
        elif "play_act_take" in keys and mine % 3 == 2:
            click(page, "play_act_take")
            seen["take"] += 1
        elif "play_act_draw" in keys:
            click(page, "play_act_draw")
            seen["draw"] += 1
        else:
            click(page, keys[0])
            mine += 1
    pytest.fail(f"the game did not end within 600 clicks: {seen}")


@pytest.mark.parametrize("size", long_except([(1024, 768), (390, 844)], (390, 844)))
def test_a_whole_game_of_kitty_with_stock_and_widow_by_clicking(browser, app_url, size):
    SHOTS.mkdir(exist_ok=True)
    w, h = size
    if w < 500:
        tab = browser.new_context(viewport={"width": w, "height": h}, is_mobile=True,
                                  has_touch=True).new_page()
        tab.set_default_timeout(30_000)
    else:
        tab = new_tab(browser, w, h)
    try:
        open_app(tab, app_url, "play?variant=kitty&chips=2&seed=3")
        click(tab, "play_new")
        assert tab.locator("text=discard pile").count() >= 1 and \
            tab.locator("text=widow").count() >= 1
        seen = play_whole_game(tab, f"kitty-{w}x{h}")
        tab.screenshot(path=str(SHOTS / f"kitty-{w}x{h}-over.png"), full_page=True)
        assert seen["draw"] >= 1 and seen["exchange"] >= 1, seen
    finally:
        tab.context.close()
