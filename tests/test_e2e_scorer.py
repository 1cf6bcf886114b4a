"""The Hand scorer in a real browser: headless Chromium against ``streamlit run app.py``."""

from __future__ import annotations

import pytest
from e2e_helpers import card_button, open_app, wait_for_app

pytestmark = pytest.mark.browser


def value_on_screen(page) -> str:
    return page.locator("[data-testid='scorer-value']").inner_text(timeout=30_000).strip()


def test_a_direct_visit_to_the_scorer_shows_the_whole_app(page, app_url):
    # A first visit to /scorer on a fresh server runs the app around the page (navigation,
    # sidebar), never the page alone.
    open_app(page, app_url, "scorer")
    nav = page.locator("[data-testid='stSidebarNav'] a").all_inner_texts()
    assert any("Hand scorer" in n for n in nav)
    assert not any(n.strip() == "app" for n in nav)
    assert page.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").count() >= 1


def test_clicking_three_cards_shows_their_value(page, app_url):
    open_app(page, app_url, "scorer")
    for card in ("AH", "KH", "9S"):
        card_button(page, card).click()
        wait_for_app(page)
    assert value_on_screen(page) == "21"
    assert page.locator(".st-key-scorer_text input").input_value() == "AH KH 9S"
    # The hand is drawn as cards: two counted hearts and the spade dimmed.
    assert page.locator(".t31-card.t31-counted").count() == 2
    assert page.locator(".t31-card.t31-dim[data-card='9S']").count() == 1


def test_typing_a_hand_and_a_bad_card(page, app_url):
    open_app(page, app_url, "scorer")
    box = page.locator(".st-key-scorer_text input")
    box.fill("10h a♥ jh")
    box.press("Enter")
    wait_for_app(page)
    assert value_on_screen(page) == "31"
    box.fill("AH QX 9S")
    box.press("Enter")
    wait_for_app(page)
    alert = page.locator("[data-testid='stAlert']").first
    assert "'QX'" in alert.inner_text()
    # the previous hand's value is not left beside the error (issue 13); the text stays
    assert page.locator("[data-testid='scorer-value']").count() == 0
    assert box.input_value() == "AH QX 9S"
    assert page.locator("text=Traceback").count() == 0


def test_the_home_page_shows_cards_and_links(page, app_url):
    open_app(page, app_url)
    assert page.locator(".t31-card").count() == 3
    page.get_by_role("link", name="Hand scorer").first.click()
    wait_for_app(page)
    assert page.get_by_role("heading", name="Hand scorer").count() == 1
