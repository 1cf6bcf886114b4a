"""Issue 18 in headless Chromium: a round played, a quiz answered and an Odds lab plot read, in
Russian and in Ukrainian, from a link that names the language."""

from __future__ import annotations

import re

import pytest
from e2e_helpers import open_app, wait_for_app
from i18n_helpers import ALLOWED
from test_e2e_play import click, play_round_to_showdown
from tiers import LONG, long_except

pytestmark = pytest.mark.browser

CYRILLIC = re.compile(r"[А-Яа-яЁёІіЇїЄєҐґ]")
LATIN_WORD = re.compile(r"\b[A-Za-z][a-z]{3,}\b")
NAV = {"ru": ("Игра", "Уроки", "Варианты"), "uk": ("Гра", "Уроки", "Варіанти")}


def english_in(text: str) -> list[str]:
    return [w for w in LATIN_WORD.findall(text) if w not in ALLOWED]


def nav_texts(page) -> list[str]:
    return page.locator("[data-testid='stSidebarNavLink']").all_inner_texts()


@pytest.mark.parametrize("lang", long_except(["ru", "uk"], "ru"))
def test_a_round_played_in_the_language_of_the_link(page, app_url, lang):
    open_app(page, app_url, f"play?lang={lang}&variant=scat&seed=7")
    assert all(any(w in t for t in nav_texts(page)) for w in NAV[lang])
    click(page, "play_new")
    play_round_to_showdown(page)
    banner = page.locator(".play-banner").first.inner_text()
    assert CYRILLIC.search(banner), banner
    assert english_in(banner) == [], banner
    log = page.locator("[data-testid='play-log']").all_inner_texts()
    assert log and CYRILLIC.search(" ".join(log))
    assert english_in(" ".join(log)) == []
    # the link keeps the language, so a reload stays in it
    assert f"lang={lang}" in page.url


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_quiz_answered_in_the_language_of_the_link(page, app_url, lang):
    open_app(page, app_url, f"learn?lang={lang}&lesson=2&step=2")
    # Q♣ 6♣ A♦ is worth 16: the same quiz in every language, its text translated
    quiz = page.locator("[class*='st-key-t31quiz_02_hand_value_and_suits_1_0']")
    quiz.get_by_role("radio", name="27", exact=True).click()
    wait_for_app(page)
    said = "[data-testid='stAlert'] [data-testid='stMarkdownContainer']"  # not the icon's name
    wrong = page.locator(said).first.inner_text()
    assert CYRILLIC.search(wrong) and english_in(wrong) == [], wrong
    quiz.get_by_role("radio", name="16", exact=True).click()
    wait_for_app(page)
    right = page.locator(said).first.inner_text()
    assert right != wrong and CYRILLIC.search(right) and english_in(right) == [], right
    # the cards on the page are drawn in the language's notation: queen of clubs is Д♣
    assert "Д" in page.locator(".t31-card[data-card='QC']").first.inner_text()


@pytest.mark.parametrize("lang", ["ru", "uk"])
@LONG
def test_an_odds_lab_plot_read_in_the_language_of_the_link(page, app_url, lang):
    open_app(page, app_url, f"odds_lab?lang={lang}&section=knocking")
    page.wait_for_selector(".js-plotly-plot .g-xtitle", timeout=60_000)
    titles = page.evaluate("""() => Array.from(document.querySelector('.js-plotly-plot')
        .querySelectorAll('.gtitle, .g-xtitle, .g-ytitle')).map(e => e.textContent)""")
    assert titles and all(CYRILLIC.search(t) for t in titles), titles
    assert english_in(" ".join(titles)) == [], titles
