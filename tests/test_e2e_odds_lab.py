"""The Odds lab in a real browser: headless Chromium against ``streamlit run app.py``."""

from __future__ import annotations

import pytest
from e2e_helpers import open_app, wait_for_app
from tiers import LONG

pytestmark = pytest.mark.browser

# Each plot's traces as text (numbers may be plain arrays or plotly's base64 'bdata').
PLOT_DATA = """() => Array.from(document.querySelectorAll('.js-plotly-plot'))
    .map(p => JSON.stringify((p.data || []).map(t => [t.name, t.x, t.y])))"""


def open_odds_lab(page, app_url) -> None:
    open_app(page, app_url)
    page.get_by_role("link", name="Odds lab").first.click()
    wait_for_app(page)
    page.wait_for_selector(".js-plotly-plot", timeout=30_000)


def wait_for_change(page, index: int, old: str) -> None:
    page.wait_for_function(f"([i, old]) => ({PLOT_DATA})()[i] !== old", arg=[index, old],
                           timeout=30_000)


def plots(page) -> list[str]:
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length > 0 && "
                           "Array.from(document.querySelectorAll('.js-plotly-plot'))"
                           ".every(p => p.data)", timeout=30_000)
    return page.evaluate(PLOT_DATA)


def test_moving_the_players_slider_changes_the_special_hands_plot(page, app_url):
    open_odds_lab(page, app_url)
    assert page.get_by_role("heading", name="Odds lab").count() == 1
    before = plots(page)
    assert len(before) == 2
    slider = page.get_by_role("slider").first
    slider.focus()
    for _ in range(2):
        slider.press("ArrowRight")
    wait_for_app(page)
    wait_for_change(page, 1, before[1])
    after = plots(page)
    assert after[0] == before[0]  # the dealt values do not depend on the players
    assert after[1] != before[1]
    assert page.locator("text=Traceback").count() == 0


@LONG
def test_the_race_plot_follows_the_goal(page, app_url):
    open_odds_lab(page, app_url)
    page.get_by_text("Racing to 31", exact=True).click()
    wait_for_app(page)
    before = plots(page)
    page.get_by_role("slider").first.focus()
    page.get_by_role("slider").first.press("ArrowLeft")
    wait_for_app(page)
    wait_for_change(page, 0, before[0])
    assert plots(page)[0] != before[0]


@LONG
def test_the_csv_download_holds_the_plotted_dealt_values(page, app_url, tmp_path):
    # the CSV is made only when the button is clicked; it must still be the plotted numbers
    open_odds_lab(page, app_url)
    with page.expect_download() as info:
        page.locator(".st-key-odds_dealt_csv button").first.click()
    saved = tmp_path / "dealt.csv"
    info.value.save_as(saved)
    lines = saved.read_text().splitlines()
    assert lines[0] == "pack,value,label,probability"
    packs = {line.split(",")[0] for line in lines[1:]}
    assert packs == {"52 cards", "32 cards"}
    # the probabilities of each pack add up to one
    for pack in packs:
        total = sum(float(line.rsplit(",", 1)[1]) for line in lines[1:]
                    if line.startswith(pack))
        assert abs(total - 1) < 1e-9


@LONG
def test_a_swap_game_link_to_racing_shows_the_note_and_opens_the_swap_odds(page, app_url):
    open_app(page, app_url, "odds_lab?variant=schwimmen&section=racing")
    assert page.get_by_role("radio", name="Racing to 31").is_checked()
    note = page.locator("[data-testid='stAlert']")
    assert "nobody draws a card in the swap games" in note.inner_text()
    assert page.locator(".js-plotly-plot").count() == 0
    page.get_by_role("button", name="Open Your hand").click()
    wait_for_app(page)
    assert page.get_by_role("radio", name="Your hand").is_checked()
    assert len(plots(page)) == 1  # the odds of every swap from the cards in view
    assert "section=your_hand" in page.url and "variant=schwimmen" in page.url
    assert page.locator("text=Traceback").count() == 0
