"""The Odds lab's knock curve per seat and its heat map in a real browser (headless Chromium
against ``streamlit run app.py``), at 1024x768 and 1400 wide. The screenshots go to
pytest's ``tmp_path`` for people to look at."""

from __future__ import annotations

import pytest
from e2e_helpers import new_tab, open_app, wait_for_app

pytestmark = pytest.mark.browser

TRACE_NAMES = """() => Array.from(document.querySelectorAll('.js-plotly-plot'))
    .map(p => (p.data || []).map(t => t.type === 'heatmap' ? 'heatmap' : t.name))"""


@pytest.mark.parametrize("width,height", [(1024, 768), (1400, 1000)])
def test_the_seat_curve_and_the_heat_map_fit_and_draw(browser, app_url, tmp_path, width,
                                                       height):
    page = new_tab(browser, width, height)
    try:
        open_app(page, app_url)
        page.get_by_role("link", name="Odds lab").first.click()
        wait_for_app(page)
        page.get_by_text("Knocking", exact=True).click()
        wait_for_app(page)
        page.wait_for_function(f"() => ({TRACE_NAMES})().some(n => n.includes('heatmap'))",
                               timeout=60_000)
        page.locator(".st-key-odds_sim_seat").click()
        page.get_by_role("option", name="3").first.click()
        wait_for_app(page)
        page.wait_for_function(f"() => ({TRACE_NAMES})().some(n => n.includes('simulated'))",
                               timeout=60_000)
        wait_for_app(page)
        assert page.locator("text=Traceback").count() == 0
        # nothing wider than the window
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        heat = page.locator(".st-key-odds_heat_chart")
        box = heat.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width
        assert page.get_by_text("seat 3 of").count() >= 1
        page.screenshot(path=str(tmp_path / f"knock_seats_{width}x{height}.png"),
                        full_page=True)
        page.locator("[class*='st-key-odds_sim_chart_']").last.screenshot(
            path=str(tmp_path / f"knock_seat_curve_{width}.png"))
        heat.screenshot(path=str(tmp_path / f"knock_heat_{width}.png"))
        page.locator(".st-key-odds_heat_share").scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / f"knock_heat_controls_{width}x{height}.png"))
    finally:
        page.context.close()
