"""A 1024x768 projector with the sidebar open: once a game of Scat runs, your cards, every
move button and the Hint are on the screen without scrolling on your turn (and the Discard
buttons after a draw), with two and with three bots, in English and in Russian; a hint asked
for opens where it is read without scrolling.

The screenshots go to pytest's ``tmp_path`` for people to look at.
"""

from __future__ import annotations

import pytest
from e2e_helpers import new_tab, open_app, wait_for_app
from test_e2e_play import click, move_keys, present
from tiers import long_except

pytestmark = pytest.mark.browser

# Everything scrolled back to the top (Streamlit scrolls its main block, not the window).
TO_TOP = """() => { window.scrollTo(0, 0);
  document.querySelectorAll('*').forEach(e => { if (e.scrollTop > 0) e.scrollTop = 0; }); }"""

# The boxes (top, bottom, text) of what must be seen: your cards (under your seat's box), the
# move buttons and the Hint button; and the window's height.
SEEN = """() => {
  const mine = document.querySelector('.st-key-play_felt .play-seat[data-seat="0"]')
    .getBoundingClientRect();
  const box = e => { const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, visible: r.width > 0 && r.height > 0,
            text: (e.innerText || e.getAttribute('data-card') || '').trim()}; };
  const cards = Array.from(document.querySelectorAll('.st-key-play_felt .t31-card'))
    .filter(e => e.getBoundingClientRect().top >= mine.bottom - 1).map(box);
  const buttons = Array.from(document.querySelectorAll(
    '[class*="st-key-play_act_"] button')).map(box);
  const hint = Array.from(document.querySelectorAll('[class*="st-key-play_hint_"] button'))
    .map(box).filter(b => b.visible);
  return {height: window.innerHeight, cards, buttons, hint};
}"""


def on_screen(page, what: str) -> dict:
    page.evaluate(TO_TOP)
    page.wait_for_timeout(150)
    seen = page.evaluate(SEEN)
    h = seen["height"]
    assert seen["cards"] and seen["buttons"], (what, seen)
    for kind in ("cards", "buttons", "hint"):
        for b in seen[kind]:
            assert b["top"] >= 0 and b["bottom"] <= h, (
                f"{what}: {kind[:-1]} {b['text']!r} ends at y={b['bottom']:.0f}, "
                f"below the {h}-pixel screen")
    return seen


def my_turn(page) -> None:
    for _ in range(12):
        if not present(page, "play_next"):
            return
        click(page, "play_next")


@pytest.fixture(scope="module")
def tab(browser):
    page = new_tab(browser, 1024, 768)
    yield page
    page.context.close()


@pytest.mark.parametrize(("lang", "players"), long_except(
    [pytest.param(lang, n, id=f"{n}-{lang}") for n in (3, 4) for lang in ("en", "ru")],
    "3-en"))
def test_your_cards_and_the_move_buttons_fit_a_1024x768_screen(tab, app_url, lang, players,
                                                               tmp_path):
    open_app(tab, app_url, f"play?lang={lang}&variant=scat&players={players}&seed=7")
    assert tab.locator("[data-testid='stSidebar'][data-collapsed='false']").count() == 1
    click(tab, "play_new")
    my_turn(tab)
    assert "play_act_draw" in move_keys(tab)
    seen = on_screen(tab, "your turn")
    assert len(seen["cards"]) == 3 and len(seen["buttons"]) >= 3 and len(seen["hint"]) == 1
    assert len(tab.locator(".play-seat").all()) == players
    tab.screenshot(path=str(tmp_path / f"turn_{lang}_{players}.png"))
    click(tab, "play_act_draw")
    seen = on_screen(tab, "after the draw")
    assert len(seen["cards"]) == 4 and len(seen["buttons"]) == 4, seen
    tab.screenshot(path=str(tmp_path / f"discard_{lang}_{players}.png"))
    # a later turn, after the bots have moved (their news beside the middle cards)
    click(tab, sorted(k for k in move_keys(tab) if k.startswith("play_act_discard_"))[0])
    my_turn(tab)
    if move_keys(tab):
        on_screen(tab, "a later turn")
        tab.screenshot(path=str(tmp_path / f"later_{lang}_{players}.png"))


def test_a_hint_opens_where_it_is_read_without_scrolling(tab, app_url, tmp_path):
    open_app(tab, app_url, "play?variant=scat&players=3&seed=7")
    click(tab, "play_new")
    my_turn(tab)
    tab.locator("[class*='st-key-play_hint_'] button:visible").first.click()
    wait_for_app(tab, 120_000)
    on_screen(tab, "with the hint open")
    boxes = tab.locator("[class*='st-key-play_hint_'] [data-testid='stAlert']").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect()).filter(r => r.width > 0)"
        ".map(r => [r.top, r.bottom])")
    assert len(boxes) == 1, boxes
    top, bottom = boxes[0]
    assert top >= 0 and bottom <= 768, boxes
    tab.screenshot(path=str(tmp_path / "hint.png"))
