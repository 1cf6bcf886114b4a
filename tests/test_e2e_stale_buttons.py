"""No stale move buttons (issue 25, item 4): after a Draw, the Draw/Take/Knock buttons of the
turn's first half are gone from the page the moment the Discard buttons show, on the Play page
and at a class table, on a 390x844 phone (touch) and at 1024x768.

Streamlit removes an element a rerun did not draw again only when the run has finished (and
after a fragment's rerun sometimes seconds later), so a page whose move area shifted left the
old Draw/Knock row under the new Discard row for a moment, which on a phone pushed the last
button off the screen. The page now draws every part of the felt in a place of its own, so a
rerun replaces the old buttons where they stood.

A MutationObserver installed before the page loads looks at the page after every change of
it (not only when the test polls) and records each moment at which a Discard button and a
Draw/Take/Knock button are in the page together, and the distance from the status line to the
lowest visible move button while the Discard buttons show; the test also polls every 20 ms
after each click.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from e2e_helpers import click_and_wait, wait_for_app
from e2e_helpers.server import class_server
from tiers import LONG, long_except

from thirtyone.core.rules import get_variant
from thirtyone.store import shared

pytestmark = [pytest.mark.browser, LONG]   # the long tier (tests/tiers.py)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
DESK = {"viewport": {"width": 1024, "height": 768}}
SHOTS = Path("/tmp/slots-shots")
TURNS = 5          # own turns with a Draw in each test

WATCH = """(() => {
  const FIRST = new Set(['play_act_draw', 'play_act_take', 'play_act_knock']);
  const rec = window.t31Stale = {states: 0, bad: [], maxSpan: 0};
  const keyOf = (e) => (Array.from(e.classList).find(c => c.startsWith('st-key-play_act_'))
                        || '').slice(7);
  window.t31MoveKeys = () => Array.from(
      document.querySelectorAll('[class*="st-key-play_act_"]'))
    .filter(e => e.querySelector('button')).map(keyOf).filter(k => k);
  window.t31Look = () => {
    const keys = window.t31MoveKeys();
    if (!keys.some(k => k.startsWith('play_act_discard'))) return;
    rec.states++;
    const first = keys.filter(k => FIRST.has(k));
    if (first.length && rec.bad.length < 40)
      rec.bad.push({at: Math.round(performance.now()), first: first});
    const s = document.querySelector('[data-testid="play-status"]');
    const bs = Array.from(document.querySelectorAll('[class*="st-key-play_act_"] button'))
      .filter(b => b.offsetParent !== null);
    if (s && bs.length) {
      const span = Math.max(...bs.map(b => b.getBoundingClientRect().bottom))
        - s.getBoundingClientRect().top;
      rec.maxSpan = Math.max(rec.maxSpan, Math.round(span));
    }
  };
  const start = () => new MutationObserver(window.t31Look)
    .observe(document.documentElement, {childList: true, subtree: true});
  if (document.documentElement) start(); else addEventListener('DOMContentLoaded', start);
})();"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from class_server(tmp_path_factory.mktemp("stale"), "Stale class")


def make_tab(browser, device: dict):
    tab = browser.new_context(**device).new_page()
    tab.set_default_timeout(30_000)
    tab.add_init_script(WATCH)
    return tab


def press(tab, key: str, wait: bool = True) -> None:
    """Click ``key`` (a touch on a phone) and, unless ``wait`` is False, wait for its run."""
    btn = tab.locator(f".st-key-{key} button").first
    tap = tab.viewport_size["width"] < 640
    if wait:
        click_and_wait(tab, btn, tap=tap)
    elif tap:
        btn.tap()
    else:
        btn.click()


def move_keys(tab) -> list[str]:
    return tab.evaluate("() => window.t31MoveKeys()")


def poll_after_draw(tab, key: str, seconds: float = 1.5) -> dict:
    """Press ``key`` (Draw) and poll every 20 ms: until the Discard buttons show, then for
    ``seconds`` more (the stale cleanup came seconds late). Returns the record of the page's
    observer for this turn, with what the polls saw."""
    tab.evaluate("() => { const r = window.t31Stale; r.states = 0; r.bad = []; r.maxSpan = 0; }")
    press(tab, key, wait=False)
    seen, shown_at, deadline = [], None, time.monotonic() + 20
    while time.monotonic() < deadline:
        keys = move_keys(tab)
        if any(k.startswith("play_act_discard") for k in keys):
            shown_at = shown_at or time.monotonic()
            seen += [k for k in keys if k in ("play_act_draw", "play_act_take",
                                              "play_act_knock")]
            if time.monotonic() - shown_at > seconds:
                break
        tab.wait_for_timeout(20)
    assert shown_at is not None, "no Discard button showed after the Draw"
    tab.evaluate("() => window.t31Look()")
    rec = tab.evaluate("() => window.t31Stale")
    rec["polled"] = sorted(set(seen))
    return rec


def play_turns(tab, name: str, screen: int, settle, deal) -> list[dict]:
    """``TURNS`` own turns: Draw (checked), then discard the first card that may go.
    ``settle()`` waits until it is one's turn (the others moved), ``deal()`` deals the next
    round when the round is over (True if it did)."""
    SHOTS.mkdir(exist_ok=True)
    out = []
    for _ in range(TURNS * 6):
        if len(out) >= TURNS:
            break
        settle()
        if deal():
            continue
        keys = move_keys(tab)
        if "play_act_draw" not in keys:
            pytest.fail(f"no Draw button on one's turn: {keys}")
        rec = poll_after_draw(tab, "play_act_draw")
        wait_for_app(tab)
        if len(out) in (0, TURNS - 1):        # the first and the last turn, to look at
            tab.screenshot(path=str(SHOTS / f"{name}_turn{len(out) + 1}.png"))
        out.append(rec)
        discards = sorted(k for k in move_keys(tab) if k.startswith("play_act_discard"))
        press(tab, discards[0])
        wait_for_app(tab)
    assert len(out) == TURNS, "the game ended before the test's turns were played"
    return out


def check(records: list[dict], name: str, screen: int) -> None:
    bad = [(i + 1, r["bad"][:3], r["polled"]) for i, r in enumerate(records)
           if r["bad"] or r["polled"]]
    spans = [r["maxSpan"] for r in records]
    print(f"{name}: stale turns {len(bad)} of {len(records)}; spans {spans}")
    assert all(r["states"] for r in records), "the observer saw no Discard button"
    assert not bad, (f"{name}: a Draw/Take/Knock button was in the page with the Discard "
                     f"buttons on {len(bad)} of {len(records)} turns (turn, seen): {bad}")
    assert max(spans) <= screen, (f"{name}: the last move button {max(spans)} px below the "
                                  f"status line on a {screen} px screen (turns: {spans})")


DEVICES = [pytest.param(PHONE, 6, id="phone-6"), pytest.param(DESK, 4, id="1024-4")]


@pytest.mark.parametrize(("device", "players"), long_except(DEVICES, "phone-6"))
def test_play_leaves_no_draw_button_under_the_discards(browser, server, device, players):
    tab = make_tab(browser, device)
    try:
        tab.goto(f"{server.url}/play?variant=scat&players={players}&seed={70 + players}")
        tab.wait_for_selector(".st-key-play_new button", timeout=60_000)
        wait_for_app(tab)
        press(tab, "play_new")
        wait_for_app(tab)

        def settle() -> None:
            for _ in range(10):
                if not tab.locator(".st-key-play_until_me button").count():
                    return
                press(tab, "play_until_me")
                wait_for_app(tab)

        def deal() -> bool:
            if tab.locator(".st-key-play_next_round button").count():
                press(tab, "play_next_round")
                wait_for_app(tab)
                return True
            return False

        name = f"play_{tab.viewport_size['width']}_{players}p"
        check(play_turns(tab, name, device["viewport"]["height"], settle, deal), name,
              device["viewport"]["height"])
    finally:
        tab.context.close()


@pytest.mark.parametrize(("device", "players"), long_except(DEVICES, "1024-4"))
def test_a_class_table_leaves_no_draw_button_under_the_discards(browser, server, device,
                                                                players):
    store = server.store
    width = device["viewport"]["width"]
    learner, token = store.join_class(server.klass.code, f"Stale {width} {players}")
    row = shared.make_table(store, server.klass.id, f"Stale {width}", "scat",
                            get_variant("scat").rules, ["student"] + ["basic"] * (players - 1))
    shared.take_seat(store, row.id, learner)
    tab = make_tab(browser, device)
    try:
        tab.goto(f"{server.url}/table?table={row.id}&me={token}")
        tab.wait_for_selector("[data-testid='play-status'][data-version]", timeout=60_000)
        wait_for_app(tab)

        def settle() -> None:
            # the bots move at once after a move: wait for the page to show the new version
            v = store.table_version(row.id)
            tab.wait_for_selector(f"[data-testid='play-status'][data-version='{v}']",
                                  timeout=45_000)
            wait_for_app(tab)

        def deal() -> bool:
            if tab.locator(".st-key-ct_next button").count():
                press(tab, "ct_next")
                wait_for_app(tab)
                return True
            return False

        name = f"class_table_{width}_{players}p"
        check(play_turns(tab, name, device["viewport"]["height"], settle, deal), name,
              device["viewport"]["height"])
    finally:
        tab.context.close()
