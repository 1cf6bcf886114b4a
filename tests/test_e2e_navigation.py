"""The sidebar variant picker in a real browser: the choice follows the user to every page."""

from __future__ import annotations

import pytest
from e2e_helpers import open_app, wait_for_app

pytestmark = pytest.mark.browser

PAGES = ["Play", "Odds lab", "Learn", "Variants", "Home", "Hand scorer"]


def test_the_variant_chosen_in_the_sidebar_stays_chosen_on_every_page(page, app_url):
    open_app(page, app_url, "")
    box = page.locator("[data-testid='stSidebar'] input[aria-label='Variant']")
    assert box.input_value() == "Thirty-One (Scat)"
    box.click()
    page.get_by_role("option", name="Schwimmen (German 31)", exact=True).click()
    wait_for_app(page)
    for name in PAGES:
        page.locator("[data-testid='stSidebarNav'] a", has_text=name).click()
        wait_for_app(page)
        assert box.input_value() == "Schwimmen (German 31)", f"lost on the {name} page"
    # the scorer really scores under the chosen variant: its pack has no 2
    assert page.get_by_text("32-card pack").count() >= 1
