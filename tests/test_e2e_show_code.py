""""Show the code" in a real browser: under the Odds lab's first plot at 1024x768 the box
opens on the Python lines and the command, with the house rules filled in."""

from __future__ import annotations

import os

import pytest
from e2e_helpers import open_app, wait_for_app

pytestmark = pytest.mark.browser


def test_show_the_code_opens_under_the_dealt_values_plot(page, app_url, tmp_path):
    page.set_viewport_size({"width": 1024, "height": 768})
    open_app(page, app_url)
    page.get_by_role("link", name="Odds lab").first.click()
    wait_for_app(page)
    page.wait_for_selector(".js-plotly-plot", timeout=30_000)
    box = page.get_by_text("Show the code").first
    box.scroll_into_view_if_needed()
    box.click()
    code = page.locator("[data-testid='stCode']").first
    code.wait_for(state="visible", timeout=45_000)
    text = page.locator("[data-testid='stCode']").all_inner_texts()
    assert any("dealt_values_data(rules)" in t and 'get_variant(\'scat\')' in t for t in text)
    assert any(t.strip().startswith("thirtyone odds --variant scat") for t in text)
    cli = page.locator("[data-testid='stCode']").nth(1)
    cli.scroll_into_view_if_needed()
    page.wait_for_function("() => { const c = document.querySelectorAll(\"[data-testid='stCode']\")[1];"
                           " return c && c.getBoundingClientRect().height > 20; }",
                           timeout=45_000)
    page.wait_for_timeout(600)   # the expander's opening animation
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 1024   # the code box does not push the page sideways
    shot = os.environ.get("THIRTYONE_SHOT_DIR", str(tmp_path))
    page.screenshot(path=os.path.join(shot, "odds_lab_show_code_1024x768.png"))
