"""Browser test (issue 26): a guess step and a practice step walked in English and Russian at
1024x768, 1400 wide and on a phone; the exact value is not in the page before the guess is
locked in, the simulation ends beside it, and practice feedback comes in steps. Screenshots
go to /tmp/practice-shots."""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_helpers import WAIT_MS, open_app, wait_for_app
from tiers import long_except

from thirtyone.i18n import format_percent, use_language
from thirtyone.teach.guess import Guess, exact
from thirtyone.teach.lessons import load_lessons

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/practice-shots")
SIZES = {"1024": (1024, 768, False), "1400": (1400, 1000, False), "phone": (390, 844, True)}


def _step(slug: str, kind: type) -> tuple[int, object]:
    lesson = next(x for x in load_lessons() if x.slug == slug)
    return next((i, b) for i, s in enumerate(lesson.steps) for b in s.blocks
                if isinstance(b, kind))


def _tab(browser, size: str):
    w, h, phone = SIZES[size]
    extra = {"is_mobile": True, "has_touch": True} if phone else {}
    tab = browser.new_context(viewport={"width": w, "height": h}, **extra).new_page()
    tab.set_default_timeout(60_000)
    return tab


@pytest.mark.parametrize(("lang", "size"), long_except(
    [pytest.param(lang, size, id=f"{lang}-{size}") for lang in ("en", "ru") for size in SIZES],
    "en-1400"))
def test_guess_then_see_and_practice_in_the_browser(browser, app_url, lang, size):
    SHOTS.mkdir(exist_ok=True)
    slug = "02-hand-value-and-suits"
    i, g = _step(slug, Guess)
    with use_language(lang):
        shown = format_percent(exact(g), 1)
    page = _tab(browser, size)
    try:
        open_app(page, app_url, f"learn?lesson={slug}&step={i + 1}&lang={lang}")
        box = page.locator("[class*='st-key-t31guess_']").first
        box.wait_for()
        box.scroll_into_view_if_needed()
        assert shown not in page.content()
        page.screenshot(path=str(SHOTS / f"guess-before-{lang}-{size}.png"))
        box.locator("button").filter(has_text="Зафиксировать" if lang == "ru"
                                     else "Lock in").click()
        # the simulation runs live, a few steps: wait for the exact value it ends on
        page.get_by_text(shown).first.wait_for(timeout=WAIT_MS)
        wait_for_app(page)
        assert shown in page.inner_text("body")
        box.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"guess-after-{lang}-{size}.png"), full_page=True)
        # practice: the knock step of lesson 7, two wrong tries
        k = len(next(x for x in load_lessons() if x.slug == "07-a-reasoned-knock").steps)
        open_app(page, app_url, f"learn?lesson=07-a-reasoned-knock&step={k}&lang={lang}")
        prac = page.locator("[class*='st-key-t31practice_']").first
        prac.wait_for()
        prac.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"practice-before-{lang}-{size}.png"))
        radios = prac.get_by_role("radio")
        radios.first.click()
        wait_for_app(page)
        text = prac.inner_text()
        first_right = ("Верно" in text) or ("Right" in text)
        if not first_right:
            assert ("Подсказка" if lang == "ru" else "Hint") in text
            page.screenshot(path=str(SHOTS / f"practice-hint-{lang}-{size}.png"),
                            full_page=True)
        if not first_right:
            radios.nth(1).click()
            wait_for_app(page)
            text = prac.inner_text()
        assert ("100 раундов" if lang == "ru" else "100 rounds") in text
        prac.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"practice-answer-{lang}-{size}.png"), full_page=True)
    finally:
        page.context.close()
