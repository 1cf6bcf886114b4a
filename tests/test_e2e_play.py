"""The Play page in headless Chromium: a round played to its showdown by clicking."""

from __future__ import annotations

import pytest
from e2e_helpers import click_and_wait, open_app, wait_for_app
from tiers import LONG

from thirtyone.core.rules import VARIANTS

pytestmark = pytest.mark.browser

OTHERS_FACES = ".play-seat:not([data-seat='0']) [data-card]"


def go_to_play(page, app_url: str, variant: str) -> None:
    open_app(page, app_url, "")
    click_and_wait(page, page.locator("[data-testid='stSidebarNavLink']", has_text="Play"))
    page.wait_for_selector(".st-key-play_new button")
    page.locator("[data-testid='stSidebar'] .st-key-variant_key [data-testid='stSelectbox']").click()
    click_and_wait(page, page.get_by_role("option", name=VARIANTS[variant].name, exact=True))


def click(page, key: str) -> None:
    click_and_wait(page, page.locator(f".st-key-{key} button").first)


def present(page, key: str) -> bool:
    return page.locator(f".st-key-{key} button").count() > 0


def move_keys(page) -> list[str]:
    return page.evaluate("""() => Array.from(document.querySelectorAll('[class*="st-key-play_act_"]'))
        .map(e => Array.from(e.classList).find(c => c.startsWith('st-key-')).slice(7))""")


def play_round_to_showdown(page, turns_before_knock: int = 2) -> int:
    """Your turns: draw and discard (or the first swap) a few times, then knock; Next for the
    bots. Returns how many clicks it took."""
    mine = 0
    for clicks in range(1, 120):
        if present(page, "play_next_round") or page.locator(
                "[data-testid='play-game-over']").count():
            return clicks
        # before the showdown no card of another player is face up on the page
        assert page.locator(OTHERS_FACES).count() == 0
        if present(page, "play_next"):
            click(page, "play_next")
            continue
        keys = move_keys(page)
        assert keys, "neither a move button nor Next on the page"
        if "play_act_knock" in keys and mine >= turns_before_knock:
            click(page, "play_act_knock")
        elif "play_act_exchange" in keys:
            # widow: pick one hand card and one widow card (pills), then Exchange
            for picker in ("play_w_give", "play_w_take"):
                click(page, picker)
            assert page.locator(".st-key-play_w_give button[aria-pressed='true']").count() == 1
            click(page, "play_act_exchange")
            mine += 1
        elif "play_act_draw" in keys:
            click(page, "play_act_draw")
        elif any(k.startswith("play_act_discard_") for k in keys):
            click(page, sorted(k for k in keys if k.startswith("play_act_discard_"))[0])
            mine += 1
        else:
            choice = next((k for k in keys if k.startswith("play_act_swap_")), keys[0])
            click(page, choice)
            mine += 1
    pytest.fail("the round did not reach its showdown within 120 clicks")


def test_a_round_of_scat_is_played_to_its_showdown_by_clicking(page, app_url):
    go_to_play(page, app_url, "scat")
    click(page, "play_new")
    assert page.locator("text=3 pennies").count() >= 1
    assert page.locator(".play-seat[data-seat='0']").count() == 1
    play_round_to_showdown(page)
    banner = page.locator(".play-banner").first.inner_text()
    assert "Round 1 is over" in banner
    # the showdown shows every hand: three cards for each of the three players
    assert page.locator(".play-show tr td.play-hand [data-card]").count() == 9
    assert page.locator(".play-show").inner_text().count("=") >= 1  # the sums are explained
    page.screenshot(path="/tmp/shots/e2e_scat_showdown.png", full_page=True)
    click(page, "play_next_round")
    assert "Round 2" in page.locator("[data-testid='play-log']").inner_text()


@LONG
def test_a_round_of_schwimmen_is_played_to_its_showdown_by_clicking(page, app_url):
    go_to_play(page, app_url, "schwimmen")
    click(page, "play_new")
    play_round_to_showdown(page, turns_before_knock=1)
    assert page.locator(".play-show tr td.play-hand [data-card]").count() == 9


@LONG      # Kitty is played to its end by AppTest (test_app_kitty) in the default run
def test_a_round_of_kitty_with_a_widow_exchange_is_played_to_its_showdown(page, app_url):
    go_to_play(page, app_url, "kitty")
    click(page, "play_new")
    play_round_to_showdown(page, turns_before_knock=1)
    assert page.locator(".play-show tr td.play-hand [data-card]").count() == 9
    assert "pot" in page.locator(".play-recent").last.inner_text()


@LONG
def test_a_broken_saved_game_is_refused_and_the_game_is_kept(page, app_url, tmp_path):
    go_to_play(page, app_url, "scat")
    click(page, "play_new")
    click(page, "play_act_draw")
    keys_before = sorted(move_keys(page))
    bad = tmp_path / "broken.json"
    bad.write_text('{"variant": "scat", "deck": ["AH", "AH"')
    page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(bad))
    wait_for_app(page)
    error = page.locator("[data-testid='stAlertContentError']").inner_text()
    assert "cannot be loaded" in error or "not a saved game" in error
    assert "The current game is kept." in error
    assert sorted(move_keys(page)) == keys_before  # still mid-turn, the same discards


def test_a_saved_game_downloads_and_loads_back_to_the_same_position(page, app_url, tmp_path):
    go_to_play(page, app_url, "schwimmen")
    click(page, "play_new")
    click(page, sorted(k for k in move_keys(page) if k.startswith("play_act_swap_"))[0])
    click(page, "play_next")
    mine = page.locator(".play-seat[data-seat='0']").inner_text()
    middle = sorted(page.locator("[data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)"))
    with page.expect_download() as info:
        page.locator(".st-key-play_save button").first.click()
    saved = tmp_path / "game.json"
    info.value.save_as(saved)
    assert '"variant": "schwimmen"' in saved.read_text().replace("'", '"')
    # play on, then load the saved file: the table is back where it was saved
    if present(page, "play_next"):
        click(page, "play_next")
    page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(saved))
    wait_for_app(page)
    assert "Loaded" in page.locator("[data-testid='stAlertContentSuccess']").inner_text()
    assert page.locator(".play-seat[data-seat='0']").inner_text() == mine
    assert sorted(page.locator("[data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")) == middle
