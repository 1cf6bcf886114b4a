"""Teacher scenarios in headless Chromium: each opens from its link, steps to its end, and
its stated outcome is on the page (the round result, in the table's own words)."""

from __future__ import annotations

import pytest
from e2e_helpers import open_app, wait_for_app
from tiers import LONG

from thirtyone.teach.scenarios import load_scenarios

pytestmark = [pytest.mark.browser, LONG]   # the long tier (tests/tiers.py)

RESULT = "[data-testid='replay-result']"
STATUS = "[data-testid='replay-status']"
OTHERS_FACES = ".st-key-play_felt .play-seat [data-card]"


def click(page, key: str, then: str | None = None) -> None:
    """Click a button and wait for its rerun; ``then``: wait until the replay's status line
    says this (a rerun may start later than ``wait_for_app`` waits)."""
    page.locator(f".st-key-{key} button").first.click()
    wait_for_app(page)
    if then is not None:
        page.locator(STATUS, has_text=then).wait_for(timeout=45_000)


def test_each_scenario_opens_from_its_link_and_reaches_its_stated_outcome(page, app_url,
                                                                          tmp_path):
    scenarios = load_scenarios()
    for name, s in scenarios.items():
        open_app(page, app_url, f"play?scenario={name}")
        assert page.locator("h3", has_text=f"Replay: {s.title}").count() == 1, name
        assert "The deal" in page.locator(STATUS).inner_text()
        n = len(s.record()["actions"])
        if n:
            assert page.locator(RESULT).count() == 0, name
            # one move forward, then the rest at once
            click(page, "play_replay_forward", then=f"Move 1 of {n}")
            if n > 1:
                click(page, "play_replay_last", then=f"Move {n} of {n}")
            assert page.locator(STATUS).inner_text().startswith(f"Move {n} of {n}")
        result = page.locator(RESULT).inner_text()
        assert s.shows in result, (name, result)
        assert "Traceback" not in page.content()
    # a look at the replay as a projector shows it
    for width, height in ((1024, 768), (1400, 1000)):
        page.set_viewport_size({"width": width, "height": height})
        open_app(page, app_url, "play?scenario=schwimmen_worked_example")
        click(page, "play_replay_forward", then="Move 1 of 4")
        page.screenshot(path=str(tmp_path / f"replay_{width}.png"), full_page=True)
        # one seat's view: the other two hands are backs, six faces (hand and middle)
        assert page.locator(OTHERS_FACES).count() == 3
        page.locator(".st-key-play_replay_all label").click()
        wait_for_app(page)
        page.wait_for_function(f"document.querySelectorAll({OTHERS_FACES!r}).length == 9")
        page.screenshot(path=str(tmp_path / f"replay_all_{width}.png"), full_page=True)
        click(page, "play_replay_last", then="Move 4 of 4")
        page.locator(RESULT).scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / f"replay_end_{width}.png"))


def test_a_bad_scenario_link_shows_a_note_and_the_table(page, app_url):
    open_app(page, app_url, "play?scenario=%21%5Bx%5D%28http%3A%2F%2Fexample.com%2Fa.png%29")
    assert page.get_by_text("names no teacher scenario").count() == 1
    assert page.locator(".st-key-play_new button").count() == 1
    assert page.locator("img[src*='example.com']").count() == 0
