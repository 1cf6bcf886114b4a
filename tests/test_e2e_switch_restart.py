"""The Switch restart in headless Chromium: a loaded game stands at the showdown with your
three hearts (23); the page offers exactly the two restart buttons, shows the bots' hands
(the showdown has begun) but not the closed hand, and a click on "Call a restart" voids the
round; the next deal lays your hand open. Screenshots at 1024x768 and 1400 wide go to
``THIRTYONE_SHOTS`` (a folder) when it is set, else to the test's tmp folder."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from e2e_helpers import wait_for_app
from table_helpers import stack
from test_e2e_play import click, go_to_play
from test_e2e_play_files import upload
from tiers import LONG

from thirtyone.core.rules import get_variant
from thirtyone.game.records import game_to_record
from thirtyone.game.table import new_game

pytestmark = [pytest.mark.browser, LONG]   # the long tier (tests/tiers.py)

OTHERS = ".st-key-play_felt .play-seat [data-card]"


def restart_record() -> bytes:
    deck = stack(3, ["AH KH 2H", "9C 8D 2S", "JD TD 3S"], dealer=2, spare="2C 3C 4D",
                 closed="5C 6C 7D")
    g = new_game(get_variant("switch").rules, ["Sam", "Ann", "Bo"], deck=deck, dealer=2,
                 styles=[None, "basic", "basic"])
    for move in ("stand", "knock", "stand", "stand"):
        g.apply(move)
    assert g.phase == "restart" and g.to_move == 0
    return json.dumps(game_to_record(g)).encode()


def test_the_restart_choice_in_the_browser(page, app_url, tmp_path):
    shots = Path(os.environ.get("THIRTYONE_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    go_to_play(page, app_url, "switch")
    upload(page, "restart.json", restart_record())
    status = page.locator("[data-testid='play-status']").inner_text()
    assert "restart" in status, status
    buttons = page.locator(".st-key-play_felt [class*='st-key-play_act_'] button")
    assert sorted(buttons.all_inner_texts()) == ["Call a restart", "No restart"]
    faces = set(page.locator(OTHERS).evaluate_all("els => els.map(e => e.dataset.card)"))
    assert {"9C", "8D", "2S", "JD", "TD", "3S"} <= faces
    assert not faces & {"5C", "6C", "7D"}
    for width, height in ((1024, 768), (1400, 1000)):
        page.set_viewport_size({"width": width, "height": height})
        wait_for_app(page)
        page.locator(".st-key-play_act_restart button").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"restart_choice_{width}.png"))
    click(page, "play_act_restart")
    assert "called a restart" in page.locator("[data-testid='stMain']").inner_text()
    page.screenshot(path=str(shots / "restart_called_1400.png"), full_page=True)
    click(page, "play_next_round")
    middle = set(page.locator(".st-key-play_felt [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)"))
    assert {"AH", "KH", "2H"} <= middle
    page.screenshot(path=str(shots / "restart_next_deal_1400.png"), full_page=True)
    assert "Traceback" not in page.content()
