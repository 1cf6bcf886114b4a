"""Helpers for browser tests (Playwright driving the system Chromium).

The fixtures live in ``tests/conftest.py`` (``app_url``, ``browser``, ``page``); these are
plain functions the tests call:

    from e2e_helpers import open_app, wait_for_app
    open_app(page, app_url, "scorer")        # go to a page and wait until it has rendered
    page.click(...); wait_for_app(page)      # wait for the rerun a click caused
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

CHROMIUM = os.environ.get("THIRTYONE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
APP_READY = "[data-testid='stSidebar'] .st-key-variant_key input"  # in every language
ROOT = Path(__file__).resolve().parents[2]


# The pages that poll redraw within a second or two, but on a loaded CI machine (two workers,
# several browsers and an app server on two cores) a redraw has taken more than 15 s (stop 38's
# CI): the waits for a text allow 45 s, and a miss says what the page showed instead.
WAIT_MS = 45_000


def wait_text(page, selector: str, pattern: str, timeout: float = WAIT_MS) -> str:
    """Wait until ``selector`` reads ``pattern`` (a regular expression) and return the text of
    the first such element; on a timeout, fail saying what it reads instead. After a click on
    a page that polls, this (not ``click_and_wait`` alone) shows the click's own run has drawn:
    the run the click waited for may have been one of the page's periodic ones."""
    try:
        page.locator(selector).filter(has_text=re.compile(pattern)).first.wait_for(
            timeout=timeout)
    except PlaywrightTimeout as e:
        shown = (page.locator(selector).first.text_content() or "")[:400]
        raise AssertionError(f"{selector} never read {pattern!r}; it reads: {shown!r}") from e
    return page.locator(selector).first.inner_text()


def wait_for_app(page, timeout: float = 30_000, started: bool = False) -> None:
    """Wait until Streamlit has finished running the script (after a load or a click).

    A click starts the rerun a moment later, so first give it that moment (unless the run is
    known to have ``started``), then wait for the app to be idle again, and once more a
    moment later (a run may start another)."""
    if not started:
        page.wait_for_timeout(200)
    page.wait_for_selector(IDLE, timeout=timeout)
    page.wait_for_timeout(100)
    page.wait_for_selector(IDLE, timeout=timeout)


# Counts the changes of the app's script state ("running", "notRunning"...) since the page
# loaded: a click's run has started once the count has grown past what it was before the click.
RUNS = """() => {
  const app = document.querySelector("[data-testid='stApp']");
  if (!window.__t31runs && app) {
    window.__t31runs = {n: 0};
    new MutationObserver(recs => { window.__t31runs.n += recs.length; })
      .observe(app, {attributes: true, attributeFilter: ['data-test-script-state']});
  }
  return window.__t31runs ? window.__t31runs.n : 0;
}"""


def runs(page) -> int:
    """How often the app's script state has changed in this page so far (see ``RUNS``)."""
    return page.evaluate(RUNS)


def wait_for_run(page, before: int, timeout: float = 30_000) -> None:
    """After a click: wait until the run it caused has started (the script state changed since
    ``before = runs(page)``, taken before the click) and then until the app is idle. On a
    loaded machine a run can start later than ``wait_for_app``'s moment, and a page read in
    between shows the places the run has emptied. A click that starts no run (or a new page)
    waits at most 10 s for it."""
    started = False
    with contextlib.suppress(PlaywrightTimeout):   # no run came: go on
        # 1: a new page (no count kept yet), 2: the click's run has started
        seen = page.wait_for_function(
            "n => !window.__t31runs ? 1 : (window.__t31runs.n > n ? 2 : 0)", arg=before,
            timeout=10_000)
        started = seen.json_value() == 2
    wait_for_app(page, timeout, started)


def click_and_wait(page, locator, tap: bool = False) -> None:
    """Click (or tap) ``locator`` and wait for the run the click caused to finish."""
    before = runs(page)
    if tap:
        locator.tap()
    else:
        locator.click()
    wait_for_run(page, before)


def open_app(page, app_url: str, path: str = "") -> None:
    """Open a page of the app (``""`` is home, ``"scorer"``, ``"play"``...) and wait for it."""
    page.goto(f"{app_url.rstrip('/')}/{path}")
    page.wait_for_selector("[data-testid='stApp']", timeout=30_000)
    # Before the first run has started the app also reads as idle, so wait for something
    # only a finished run of app.py draws: the sidebar's variant picker.
    page.wait_for_selector(APP_READY, timeout=60_000)
    wait_for_app(page)


def card_button(page, card: str, prefix: str = "scorer"):
    """The picker button of one card (``thirtyone.ui.widgets.cards.card_picker``), e.g. ``"AH"``."""
    return page.locator(f".st-key-{prefix}_t31pick_{card} button")


def new_tab(browser, width: int, height: int):
    """A browser tab in a fresh context (no state shared with other tabs) of this size;
    close it with ``tab.context.close()``."""
    tab = browser.new_context(viewport={"width": width, "height": height}).new_page()
    tab.set_default_timeout(30_000)
    return tab


def goto(page, url: str) -> None:
    """Open ``url`` (any page, with its query) and wait until the app has drawn it."""
    page.goto(url)
    page.wait_for_selector(APP_READY, timeout=60_000, state="attached")
    wait_for_app(page)


KEY_RE = re.compile(r"[A-Z0-9]{4}(-[A-Z0-9]{4}){2}")


def start_class(page, url: str, name: str = "Room 12") -> str:
    """Start a class on the Class page of the server at ``url`` and note the key, as a teacher
    does; the tab stays signed in as its teacher. Returns the teacher key."""
    goto(page, f"{url}/class")
    page.get_by_role("tab", name="Start a class (teacher)").click()
    page.get_by_role("textbox", name="Class name").fill(name)
    click_and_wait(page, page.get_by_role("button", name="Start a class"))
    codes = page.locator("[data-testid='stCode'] code")
    codes.filter(has_text=re.compile(r"^\s*" + KEY_RE.pattern + r"\s*$")).first.wait_for(
        timeout=45_000)
    key = next(t for t in codes.all_inner_texts() if KEY_RE.fullmatch(t.strip())).strip()
    click_and_wait(page, page.get_by_role("button", name="I have noted the key"))
    # the dashboard's fragments poll, so the click's wait can end on one of their runs:
    # wait for what the click's own run draws (the join code)
    page.locator(".t31-joincode").first.wait_for(timeout=WAIT_MS)
    assert page.locator("[data-testid='stException']").count() == 0
    return key
