"""Projector and small screens, in headless Chromium with the sidebar open: every move button
names its card in full at 1024x768, 1280x720 and 1920x1080 in each table family, the widow
stays on the table, Learn's buttons are not cut, the four-colour deck and big cards switches
work on every page, and keyboard focus is visible.

The screenshots go to pytest's ``tmp_path`` (one per family and size) for people to look at.
"""

from __future__ import annotations

import re

import pytest
from e2e_helpers import new_tab, open_app, wait_for_app
from test_e2e_play import click, go_to_play, move_keys, play_round_to_showdown, present
from tiers import LONG, long_except

from thirtyone.core.cards import parse_card
from thirtyone.teach.lessons import load_lessons

pytestmark = pytest.mark.browser

SIZES = [(1024, 768), (1280, 720), (1920, 1080)]
FAMILIES = {"scat": "draw", "schwimmen": "swap", "kitty": "widow", "switch": "switch"}

# For every element matched: its text, whether its text is cut (wider than its box, or an
# ellipsis), and whether its box lies inside the felt's box.
MEASURE = """(els) => {
  const felt = document.querySelector('.st-key-play_felt').getBoundingClientRect();
  return els.map(e => {
    const r = e.getBoundingClientRect();
    const cut = Array.from([e, ...e.querySelectorAll('*')]).some(d => {
      const s = getComputedStyle(d);
      return d.scrollWidth > d.clientWidth + 1 && (s.overflow !== 'visible' ||
                                                   s.textOverflow === 'ellipsis');
    });
    const inside = r.left >= felt.left - 1 && r.right <= felt.right + 1 &&
                   r.top >= felt.top - 1 && r.bottom <= felt.bottom + 1;
    return {text: e.innerText.replace(/\\s+/g, ' ').trim(), cut, inside,
            key: (Array.from(e.closest('[class*="st-key-"]').classList)
                  .find(c => c.startsWith('st-key-')) || '').slice(7)};
  });
}"""


@pytest.fixture(scope="module")
def tab(browser):
    """One browser tab for the whole file (a fresh context, resized by each check)."""
    page = new_tab(browser, 1024, 768)
    yield page
    page.context.close()


def resize(page, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(250)


def sidebar_open(page) -> bool:
    return page.locator("[data-testid='stSidebar'][data-collapsed='false']").count() == 1


def cards_named(key: str) -> list[str]:
    """The cards a move's key names, as the buttons should show them: play_act_swap_9S_JD ->
    ['9♠', 'J♦']."""
    words = key.removeprefix("play_act_").split("_")
    return [parse_card(w).display for w in words[1:] if re.fullmatch(r"[2-9TJQKA][SHDC]", w)]


def reach_my_card_move(page, app_url: str, variant: str) -> None:
    go_to_play(page, app_url, variant)
    click(page, "play_new")
    for _ in range(12):
        if present(page, "play_next"):
            click(page, "play_next")
        elif "play_act_draw" in move_keys(page):
            click(page, "play_act_draw")  # then a Discard button under each card
        else:
            break


@pytest.mark.parametrize("variant", long_except(FAMILIES, "scat"))
def test_every_move_button_names_its_card_in_full_at_three_screen_sizes(tab, app_url, variant,
                                                                         tmp_path):
    resize(tab, *SIZES[0])
    reach_my_card_move(tab, app_url, variant)
    keys = move_keys(tab)
    assert any(cards_named(k) for k in keys) or "play_act_exchange" in keys
    for width, height in SIZES:
        resize(tab, width, height)
        assert sidebar_open(tab)
        tab.screenshot(path=str(tmp_path / f"play_{variant}_{width}x{height}.png"))
        tab.locator(".st-key-play_felt").screenshot(
            path=str(tmp_path / f"felt_{variant}_{width}x{height}.png"))
        buttons = tab.locator("[class*='st-key-play_act_'] button").evaluate_all(MEASURE)
        assert len(buttons) == len(keys)
        for b in buttons:
            assert not b["cut"], f"{b['text']!r} is cut at {width}x{height}"
            assert b["inside"], f"{b['text']!r} runs off the table at {width}x{height}"
            for card in cards_named(b["key"]):
                assert card in b["text"], f"{b['text']!r} does not name {card}"
        if FAMILIES[variant] == "widow":
            # Kitty keeps its stock: the widow is the slot that says so
            widow = tab.locator(".st-key-play_felt .t31-slot:has(.t31-card)").filter(
                has_text=re.compile("widow", re.IGNORECASE)).first
            assert "widow" in widow.inner_text().lower()
            cards = widow.locator(".t31-card").evaluate_all(MEASURE)
            assert len(cards) == 3 and all(c["inside"] for c in cards), (width, cards)
            pills = tab.locator(".st-key-play_w_take button, .st-key-play_w_give button")
            assert all(p["inside"] and not p["cut"] for p in pills.evaluate_all(MEASURE))


def test_the_showdown_table_stays_on_the_felt_at_1024(tab, app_url):
    resize(tab, 1024, 768)
    reach_my_card_move(tab, app_url, "scat")
    play_round_to_showdown(tab, turns_before_knock=1)
    assert present(tab, "play_next_round")
    rows = tab.locator(".play-show tr").evaluate_all(MEASURE)
    assert len(rows) == 4 and all(r["inside"] for r in rows), rows
    # the move log is under the table, not beside it
    felt = tab.locator(".st-key-play_felt").bounding_box()
    log = tab.locator("[data-testid='play-log']").bounding_box()
    assert log["y"] >= felt["y"] + felt["height"] - 1


def test_learn_buttons_are_not_cut_at_1024_and_the_course_ends_full_width(tab, app_url):
    resize(tab, 1024, 768)
    open_app(tab, app_url, "learn")
    assert sidebar_open(tab)
    for _ in range(10):
        if tab.get_by_role("button", name="Next lesson ▶", exact=True).count():
            break
        click(tab, "t31step_next")
    for words in ("Next lesson ▶", "◀ Previous"):
        button = tab.get_by_role("button", name=words, exact=True)
        assert button.inner_text().strip() == words
        assert button.evaluate("b => Array.from(b.querySelectorAll('*')).every("
                               "d => d.scrollWidth <= d.clientWidth + 1)"), words
    # the last lesson's last step: the closing message is as wide as the lesson
    last = load_lessons()[-1]
    click(tab, f"t31lesson_{last.slug}")
    for _ in range(len(last.steps) - 1):
        click(tab, "t31step_next")
    assert tab.locator(".st-key-t31step_next button").count() == 0
    message = tab.get_by_text("You have reached the end of the course")
    lesson = tab.locator(".st-key-t31lesson").bounding_box()
    assert message.bounding_box()["width"] >= 0.8 * lesson["width"]


def switch(page, label: str) -> None:
    page.locator("[data-testid='stSidebar'] label", has_text=label).click()
    wait_for_app(page)


def card_style(page, card: str) -> dict:
    return page.locator(f".t31-card[data-card='{card}']").first.evaluate(
        "e => ({colour: getComputedStyle(e).color, width: e.getBoundingClientRect().width})")


@LONG
def test_four_colour_deck_and_big_cards_change_the_cards_and_persist_across_pages(tab,
                                                                                  app_url):
    resize(tab, 1280, 720)
    open_app(tab, app_url, "scorer")
    box = tab.locator(".st-key-scorer_text input")
    box.fill("AD KH 9C")
    box.press("Enter")
    wait_for_app(tab)
    before = {c: card_style(tab, c) for c in ("AD", "KH", "9C")}
    assert before["AD"]["colour"] == before["KH"]["colour"]  # two colours: both red
    switch(tab, "Four-colour deck")
    after = {c: card_style(tab, c) for c in ("AD", "KH", "9C")}
    assert after["AD"]["colour"] != before["AD"]["colour"]
    assert len({s["colour"] for s in after.values()}) == 3
    assert after["KH"]["colour"] == before["KH"]["colour"]
    switch(tab, "Big cards")
    assert card_style(tab, "AD")["width"] > 1.15 * after["AD"]["width"]
    # both choices still hold on another page: Home draws a hand too
    tab.locator("[data-testid='stSidebarNavLink']", has_text="Home").click()
    wait_for_app(tab)
    toggles = tab.locator("[data-testid='stSidebar'] input[type='checkbox']")
    assert toggles.evaluate_all("els => els.map(e => e.checked)") == [True, True]
    switch(tab, "Four-colour deck")
    switch(tab, "Big cards")


def test_keyboard_focus_shows_a_ring(tab, app_url):
    resize(tab, 1024, 768)
    open_app(tab, app_url, "learn")
    tab.locator(".st-key-t31step_next button").focus()
    tab.keyboard.press("Shift+Tab")
    tab.keyboard.press("Tab")  # focus by keyboard: :focus-visible applies
    ring = tab.evaluate("""() => { const e = document.activeElement, s = getComputedStyle(e);
        return {tag: e.tagName, visible: e.matches(':focus-visible'), style: s.outlineStyle,
                width: parseFloat(s.outlineWidth), shadow: s.boxShadow}; }""")
    assert ring["tag"] == "BUTTON" and ring["visible"]
    assert ring["style"] != "none" and ring["width"] >= 2, ring
    assert ring["shadow"] != "none", ring


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@LONG
def test_the_discard_buttons_line_up_under_the_just_drawn_card(tab, app_url, lang):
    """In Russian 'ТОЛЬКО ЧТО ВЗЯТА' took two lines at 1024 and pushed that card's Discard
    button below the others: the line under each card is one line, shown whole."""
    for width, height in SIZES[:2]:
        resize(tab, width, height)
        open_app(tab, app_url, f"play?lang={lang}&variant=scat&seed=7")
        click(tab, "play_new")
        for _ in range(12):
            if present(tab, "play_next"):
                click(tab, "play_next")
            elif present(tab, "play_act_draw"):
                click(tab, "play_act_draw")
            else:
                break
        tops = tab.locator("[class*='st-key-play_act_discard'] button").evaluate_all(
            "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
        assert len(tops) == 4 and len(set(tops)) == 1, (width, tops)
        labels = tab.locator(".play-card-label").evaluate_all(
            "els => els.map(e => [e.innerText.trim(), e.scrollWidth <= e.clientWidth + 1])")
        drawn = [text for text, _whole in labels if text]
        assert len(drawn) == 1 and all(whole for _text, whole in labels), (width, labels)
