"""The showdown on a projector and a laptop (issue 25, item 4): at 1024x768 and 1400x1000, the
round end of a class table and of the Play page shows the result line, then the next round's button, then every hand
with why it counts, each "why" readable (not squeezed, not tiny, not off the felt). The
screenshots are kept in /tmp/slots-shots for people to look at; the phone's showdown is
measured in test_e2e_phone."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_helpers import click_and_wait, new_tab, wait_for_app
from e2e_helpers.server import class_server
from tiers import LONG

from thirtyone.core.rules import get_variant
from thirtyone.store import shared

pytestmark = [pytest.mark.browser, LONG]   # the long tier (tests/tiers.py)

SHOTS = Path("/tmp/slots-shots")

LAYOUT = """() => {
  const top = (sel) => { const e = document.querySelector(sel);
                         return e ? e.getBoundingClientRect() : null; };
  const felt = top('.st-key-play_felt');
  const whys = Array.from(document.querySelectorAll('.play-show td.play-why')).map(td => {
    const r = td.getBoundingClientRect();
    return {width: Math.round(r.width), right: Math.round(r.right),
            font: parseFloat(getComputedStyle(td).fontSize)}; });
  return {status: top('[data-testid="play-status"]'), banner: top('.play-banner'),
          next: top('.st-key-ct_next button, .st-key-play_next_round button'),
          show: top('.play-show'),
          feltRight: felt && Math.round(felt.right), whys: whys};
}"""


def _showdown_table(store, klass, players: int, name: str) -> tuple[int, str]:
    """A table of one student and bots, played (through the store) to its first showdown:
    the student draws and discards, and knocks when it may."""
    learner, token = store.join_class(klass.code, name)
    row = shared.make_table(store, klass.id, f"Show {players}", "scat",
                            get_variant("scat").rules, ["student"] + ["basic"] * (players - 1))
    shared.take_seat(store, row.id, learner)
    for _ in range(200):
        row, game = shared.load(store, row.id)
        if game.round_over:
            return row.id, token
        texts = [str(a) for a in game.legal_actions()]
        move = "knock" if "knock" in texts else ("draw" if "draw" in texts else texts[0])
        shared.play(store, row.id, 0, move, row.version)
    pytest.fail("the round did not end")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from class_server(tmp_path_factory.mktemp("showdown"), "Showdown class")


def check_layout(tab, height: int, players: int) -> None:
    got = tab.evaluate(LAYOUT)
    # the result line, its button, then the hands
    assert got["status"]["top"] < got["banner"]["top"] < got["next"]["top"], got
    assert got["next"]["bottom"] <= got["show"]["top"], got
    assert got["next"]["bottom"] - got["status"]["top"] <= height, got
    assert len(got["whys"]) == players, got
    for why in got["whys"]:
        assert why["width"] >= 120 and why["font"] >= 13, why
        assert why["right"] <= got["feltRight"], why


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1400, 1000)])
@pytest.mark.parametrize("players", [4, 6])
def test_the_showdown_reads_in_order_on_wide_screens(browser, server, width, height, players):
    tid, token = _showdown_table(server.store, server.klass, players, f"Show {width} {players}")
    tab = new_tab(browser, width, height)
    try:
        tab.goto(f"{server.url}/table?table={tid}&me={token}")
        tab.wait_for_selector(".st-key-ct_next button", timeout=60_000)
        wait_for_app(tab)
        SHOTS.mkdir(exist_ok=True)
        tab.screenshot(path=str(SHOTS / f"showdown_{width}_{players}p.png"))
        check_layout(tab, height, players)
    finally:
        tab.context.close()


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1400, 1000)])
def test_the_play_showdown_reads_in_order_on_wide_screens(browser, server, width, height):
    tab = new_tab(browser, width, height)
    try:
        tab.goto(f"{server.url}/play?variant=scat&players=4&seed=5")
        tab.wait_for_selector(".st-key-play_new button", timeout=60_000)
        wait_for_app(tab)
        click_and_wait(tab, tab.locator(".st-key-play_new button"))
        for _ in range(60):     # draw and discard; knock when one may; the bots in between
            if tab.locator(".st-key-play_next_round button").count():
                break
            # each click waits for the run it caused: on a loaded machine a run can start
            # after wait_for_app's moment, and the page read in between has no buttons
            for key in ("play_until_me", "play_act_knock", "play_act_draw"):
                btn = tab.locator(f".st-key-{key} button")
                if btn.count():
                    click_and_wait(tab, btn.first)
                    break
            else:
                click_and_wait(tab, tab.locator("[class*='st-key-play_act_discard'] button").first)
        else:
            pytest.fail("the round did not end")
        SHOTS.mkdir(exist_ok=True)
        tab.screenshot(path=str(SHOTS / f"play_showdown_{width}.png"))
        check_layout(tab, height, 4)
    finally:
        tab.context.close()
