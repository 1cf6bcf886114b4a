"""Helpers for browser tests (Playwright driving the system Chromium).

The fixtures live in ``tests/conftest.py`` (``app_url``, ``browser``, ``page``); these are
plain functions the tests call:

    from e2e_helpers import open_app, wait_for_app
    open_app(page, app_url, "scorer")        # go to a page and wait until it has rendered
    page.click(...); wait_for_app(page)      # wait for the rerun a click caused
"""

from __future__ import annotations

import os
from pathlib import Path

CHROMIUM = os.environ.get("THIRTYONE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
APP_READY = "[data-testid='stSidebar'] .st-key-variant_key input"  # in every language
ROOT = Path(__file__).resolve().parents[2]


def wait_for_app(page, timeout: float = 30_000) -> None:
    """Wait until Streamlit has finished running the script (after a load or a click).

    A click starts the rerun a moment later, so first give it that moment, then wait for the
    app to be idle again."""
    page.wait_for_timeout(200)
    page.wait_for_selector(IDLE, timeout=timeout)
    page.wait_for_timeout(100)
    page.wait_for_selector(IDLE, timeout=timeout)


def open_app(page, app_url: str, path: str = "") -> None:
    """Open a page of the app (``""`` is home, ``"scorer"``, ``"play"``...) and wait for it."""
    page.goto(f"{app_url.rstrip('/')}/{path}")
    page.wait_for_selector("[data-testid='stApp']", timeout=30_000)
    # Before the first run has started the app also reads as idle, so wait for something
    # only a finished run of app.py draws: the sidebar's variant picker.
    page.wait_for_selector(APP_READY, timeout=60_000)
    wait_for_app(page)


def card_button(page, card: str, prefix: str = "scorer"):
    """The picker button of one card (``thirtyone.ui.cards.card_picker``), e.g. ``"AH"``."""
    return page.locator(f".st-key-{prefix}_t31pick_{card} button")


def new_tab(browser, width: int, height: int):
    """A browser tab in a fresh context (no state shared with other tabs) of this size;
    close it with ``tab.context.close()``."""
    tab = browser.new_context(viewport={"width": width, "height": height}).new_page()
    tab.set_default_timeout(30_000)
    return tab
