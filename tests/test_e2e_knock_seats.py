"""The Odds lab's knock curve per seat and its heat map in a real browser (headless Chromium
against ``streamlit run app.py``), at 1024x768 and 1400 wide. The screenshots go to
pytest's ``tmp_path`` for people to look at."""

from __future__ import annotations

import pytest
from e2e_helpers import new_tab, open_app, wait_for_app
from tiers import LONG, long_except

pytestmark = [pytest.mark.browser, LONG]   # the long tier (tests/tiers.py)

TRACE_NAMES = """() => Array.from(document.querySelectorAll('.js-plotly-plot'))
    .map(p => (p.data || []).map(t => t.type === 'heatmap' ? 'heatmap' : t.name))"""


@pytest.mark.parametrize(("width", "height"), long_except(
    [pytest.param(1024, 768, id="1024"), pytest.param(1400, 1000, id="1400")], "1024"))
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


# For each control: whether its label wraps to a second line, whether a box's text is wider
# than the box (cut), and the text shown.
CONTROLS = """(keys) => keys.map(k => {
  const box = document.querySelector('.st-key-' + k);
  const label = box.querySelector('[data-testid="stWidgetLabel"] p');
  const wraps = label.getBoundingClientRect().height >
                1.5 * parseFloat(getComputedStyle(label).lineHeight);
  const inputs = Array.from(box.querySelectorAll('input'));
  return {key: k, label: label.innerText, wraps, value: inputs.map(i => i.value).join(' '),
          cut: inputs.some(i => i.scrollWidth > i.clientWidth + 1)};
})"""
SIM_CONTROLS = ["odds_sim_players", "odds_sim_seat", "odds_sim_turn", "odds_sim_rounds",
                "odds_sim_opponent"]


@pytest.mark.parametrize(("lang", "width"), long_except(
    [pytest.param(lang, w, id=f"{w}-{lang}") for w in (1024, 1400) for lang in ("en", "ru", "uk")],
    "1024-ru", "1400-uk"))
def test_the_seat_controls_labels_and_values_fit(browser, app_url, lang, width):
    """'Your seat' showed '1 (слева…' and 'Ваш ход для стука' wrapped when three controls
    shared a third of a half each; the longest values must show whole."""
    page = new_tab(browser, width, 768)
    try:
        open_app(page, app_url, f"odds_lab?section=knocking&lang={lang}")
        page.wait_for_selector(".st-key-odds_sim_seat input", timeout=60_000)
        shown = page.evaluate(CONTROLS, SIM_CONTROLS)
        assert [c for c in shown if c["wraps"] or c["cut"]] == [], shown
        assert shown[1]["value"].startswith("1 (")          # the longest seat: the first
        page.locator(".st-key-odds_sim_opponent input").click()
        page.get_by_role("option").nth(1).click()            # the longest opponent: weak
        wait_for_app(page)
        (opponent,) = page.evaluate(CONTROLS, ["odds_sim_opponent"])
        assert "(" in opponent["value"] and not opponent["cut"], opponent
    finally:
        page.context.close()
