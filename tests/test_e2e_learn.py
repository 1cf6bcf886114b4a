"""Browser test: open Learn, answer a quiz wrongly then rightly, and see each answer checked."""

import pytest
from e2e_helpers import open_app, wait_for_app

pytestmark = pytest.mark.browser


def test_a_quiz_answered_in_the_browser_is_checked_and_explained(page, app_url):
    open_app(page, app_url, "learn")
    page.get_by_role("button", name="2. Hand value and suits").click()
    wait_for_app(page)
    page.get_by_role("button", name="Next ▶").click()
    wait_for_app(page)
    # Q♣ 6♣ A♦: the cards are drawn, then four answers offered as pills.
    quiz = page.locator("[class*='st-key-t31quiz_02_hand_value_and_suits_1_0']")
    quiz.get_by_role("radio", name="27", exact=True).click()
    wait_for_app(page)
    alert = page.get_by_test_id("stAlert")
    assert "Not quite." in alert.inner_text() and "clubs" in alert.inner_text()
    quiz.get_by_role("radio", name="16", exact=True).click()
    wait_for_app(page)
    page.get_by_text("Right!").wait_for()
    assert "Right!" in page.get_by_test_id("stAlert").inner_text()
    assert page.locator(".t31-card[data-card='QC']").count() == 1
