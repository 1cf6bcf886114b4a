"""Links for a class in a real browser: a link's page, variant, house rules, seed, lesson step,
scorer hand and Odds lab section are applied on that page and follow to every other page;
changing a control changes the address; a bad link shows a note, never a traceback."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from e2e_helpers import open_app, wait_for_app
from tiers import LONG

pytestmark = pytest.mark.browser

VARIANT_BOX = "[data-testid='stSidebar'] input[aria-label='Variant']"
OTHER_PAGES = ["Hand scorer", "Odds lab", "Learn", "Variants", "Home", "Play"]


def query(page) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(urlsplit(page.url).query).items()}


def no_traceback(page) -> None:
    assert page.locator("[data-testid='stException']").count() == 0


@LONG
def test_a_class_link_applies_on_its_page_and_on_every_other_page(page, app_url):
    open_app(page, app_url, "play?variant=blitz&three_of_a_kind=30.5&knocker_tied=same"
                            "&seed=4242&players=4&bots=basic,standard,expert")
    no_traceback(page)
    assert page.locator(VARIANT_BOX).input_value() == "Blitz (pub rules)"
    assert page.locator("input[aria-label='Seed']").input_value() == "4242"
    assert urlsplit(page.url).path == "/play"
    for name in OTHER_PAGES:
        page.locator("[data-testid='stSidebarNav'] a", has_text=name).click()
        wait_for_app(page)
        no_traceback(page)
        assert page.locator(VARIANT_BOX).input_value() == "Blitz (pub rules)", name
        q = query(page)
        assert (q.get("variant"), q.get("three_of_a_kind"), q.get("knocker_tied")) == (
            "blitz", "30.5", "same"), f"{name}: {page.url}"
        if name in ("Hand scorer", "Odds lab"):
            assert page.get_by_text("three of a kind: 30½", exact=False).count() >= 1, name
    # back on Play: the seed and the table are still the link's
    assert page.locator("input[aria-label='Seed']").input_value() == "4242"
    assert query(page)["seed"] == "4242" and query(page)["players"] == "4"
    page.locator("input[aria-label='Seed']").fill("77")
    page.locator("input[aria-label='Seed']").press("Enter")
    wait_for_app(page)
    assert query(page)["seed"] == "77"


@LONG
def test_a_link_to_a_lesson_step_opens_it_and_follows_the_next_button(page, app_url):
    open_app(page, app_url, "learn?lesson=2&step=3")
    no_traceback(page)
    assert page.get_by_text("Step 3 of", exact=False).count() == 1
    page.locator(".st-key-t31step_next button").click()
    wait_for_app(page)
    assert query(page)["step"] == "4" and query(page)["lesson"].startswith("02-")


@LONG
def test_a_scorer_link_shows_fire_and_a_picked_card_changes_the_link(page, app_url):
    open_app(page, app_url, "scorer?variant=schwimmen&hand=AH+AS+AD")
    no_traceback(page)
    assert page.locator("[data-testid='scorer-value']").inner_text() == "33"
    page.locator(".st-key-scorer_t31pick_AD button").click()  # take the ace of diamonds back
    wait_for_app(page)
    assert query(page)["hand"] == "AH AS"
    page.locator("[data-testid='stSidebarNav'] a", has_text="Variants").click()
    wait_for_app(page)
    page.locator("[data-testid='stSidebarNav'] a", has_text="Hand scorer").click()
    wait_for_app(page)
    assert query(page) == {"variant": "schwimmen", "hand": "AH AS", "lang": "en"}


@LONG
def test_an_odds_lab_link_opens_its_section(page, app_url):
    open_app(page, app_url, "odds_lab?variant=scat&section=knocking&players=5")
    no_traceback(page)
    assert page.get_by_role("radio", name="Knocking").is_checked()
    page.get_by_text("Racing to 31", exact=True).click()
    wait_for_app(page)
    assert query(page)["section"] == "racing"


def test_a_bad_link_shows_a_note_and_keeps_the_rest(page, app_url):
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url)
            if urlsplit(r.url).hostname == "evil.example" else None)
    open_app(page, app_url, "scorer?variant=poker&hand=%21%5Bx%5D%28http%3A%2F%2Fevil.example"
                            "%2Fa.png%29&three_of_a_kind=31&colour=red&scenario=kept")
    no_traceback(page)
    notes = page.locator(".st-key-link_notes")
    assert notes.get_by_text("variant in the link", exact=False).count() == 1
    assert notes.get_by_text("hand in the link", exact=False).count() == 1
    assert notes.get_by_text("'colour'", exact=False).count() == 1
    assert notes.locator("img").count() == 0 and outside == []
    assert query(page).get("scenario") == "kept"
    assert "hand" not in query(page)


def test_a_64_kb_link_gets_a_note_and_no_processing(page, app_url):
    page.goto(f"{app_url}/scorer?variant=kitty&x=" + "y" * 65_000)
    page.get_by_text("This link is too long", exact=False).wait_for(timeout=60_000)
    wait_for_app(page)
    no_traceback(page)
    assert page.locator(VARIANT_BOX).input_value() == "Thirty-One (Scat)"
