"""Play one whole game of Scat on the Play page against bots, as a newcomer would, with
screenshots of the table at several points and at the end.

    python tools/walk_play.py --url http://127.0.0.1:8611 --out /tmp/review-play

On each of your turns it asks for the Hint on the first turn of every round (and follows
it); on other turns it draws, throws away the card that keeps the best hand, and knocks from
its third turn on. Bots move with "Next". It notes a hidden card of another player face up
before the showdown, an exception on the page, a button whose words do not fit and the page
wider than the window.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tools"))
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, open_app, wait_for_app  # noqa: E402
from walk_course import CHECK_JS  # noqa: E402

OTHERS_FACES = ".play-seat:not([data-seat='0']) [data-card]"


def keys(page) -> list[str]:
    return page.evaluate("""() => Array.from(document.querySelectorAll('[class*="st-key-play_act_"]'))
        .map(e => Array.from(e.classList).find(c => c.startsWith('st-key-')).slice(7))""")


def present(page, key: str) -> bool:
    return page.locator(f".st-key-{key} button").count() > 0


def click(page, key: str) -> None:
    page.locator(f".st-key-{key} button").first.click()
    wait_for_app(page, 120_000)


HINT = ".st-key-play_hint_btn button:visible, .st-key-play_hint_felt_btn button:visible"


def hint_shown(page) -> bool:
    return page.locator(HINT).count() > 0


def ask_hint(page) -> None:
    page.locator(HINT).first.click()
    wait_for_app(page, 120_000)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", required=True)
    ap.add_argument("--out", default="/tmp/review-play")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright
    problems: list[str] = []
    shots: list[str] = []
    t0 = time.monotonic()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        page.set_default_timeout(60_000)

        def shoot(name: str, full: bool = False) -> None:
            path = out / f"{name}.png"
            size = page.viewport_size
            if full:
                tall = page.evaluate("() => Math.max(...Array.from(document.querySelectorAll("
                                     "'[data-testid=stMain], section')).map(e => e.scrollHeight))")
                page.set_viewport_size({"width": 1024, "height": min(int(tall), 6000)})
                page.wait_for_timeout(400)
            page.screenshot(path=str(path))
            if full:
                page.set_viewport_size(size)
                page.wait_for_timeout(200)
            shots.append(str(path))

        def check(where: str) -> None:
            problems.extend(f"{where}: {x}" for x in page.evaluate(CHECK_JS))

        open_app(page, args.url, "play")
        shoot("00-setup", full=True)
        check("setup")
        seed = page.locator(".st-key-play_w_seed input")
        seed.fill(str(args.seed))
        seed.press("Enter")
        wait_for_app(page)
        click(page, "play_new")
        shoot("01-first-deal")
        rounds, mine, hints, clicks = 1, 0, 0, 0
        shot_rounds: set[int] = set()
        while clicks < 2000:
            clicks += 1
            if page.locator("[data-testid='play-game-over']").count():
                break
            if present(page, "play_next_round"):
                if rounds in (1, 2) or rounds % 3 == 0:
                    page.locator(".play-show").first.scroll_into_view_if_needed()
                    shoot(f"round{rounds:02d}-showdown", full=True)
                check(f"round {rounds} showdown")
                click(page, "play_next_round")
                rounds, mine = rounds + 1, 0
                continue
            faces = page.locator(OTHERS_FACES).count()
            if faces:
                problems.append(f"round {rounds}: {faces} of another player's cards face up "
                                "before the showdown")
                shoot(f"round{rounds:02d}-faces-up", full=True)
            if present(page, "play_next"):
                click(page, "play_next")
                continue
            ks = keys(page)
            if not ks:
                if page.locator("[data-testid='play-game-over']").count():
                    break
                problems.append(f"round {rounds}: neither a move nor Next")
                shoot(f"round{rounds:02d}-stuck", full=True)
                break
            if mine == 0 and "play_act_draw" in ks and hint_shown(page):
                ask_hint(page)
                hints += 1
                box = page.get_by_test_id("stAlert").filter(has_text="Hint:").first
                box.wait_for()
                text = box.inner_text()
                if rounds not in shot_rounds:
                    shot_rounds.add(rounds)
                    shoot(f"round{rounds:02d}-hint", full=True)
                check(f"round {rounds} hint")
                move = text.split("Hint:", 1)[1].strip().split(".", 1)[0]
                btn = page.locator("[class*='st-key-play_act_'] button", has_text=move)
                if btn.count():
                    btn.first.click()
                    wait_for_app(page, 120_000)
                    continue
            if "play_act_knock" in ks and mine >= 2:
                click(page, "play_act_knock")
            elif "play_act_draw" in ks:
                click(page, "play_act_draw")
            elif any(k.startswith("play_act_discard_") for k in ks):
                # the hint for the discard, if asked, names the card; else the first legal
                if hint_shown(page) and mine % 2 == 0:
                    ask_hint(page)
                    hints += 1
                    text = page.get_by_test_id("stAlert").filter(has_text="Hint:").first.inner_text()
                    move = text.split("Hint:", 1)[1].strip().split(".", 1)[0]
                    btn = page.locator("[class*='st-key-play_act_discard'] button", has_text=move)
                    if btn.count():
                        btn.first.click()
                        wait_for_app(page, 120_000)
                        mine += 1
                        continue
                click(page, sorted(k for k in ks if k.startswith("play_act_discard_"))[0])
                mine += 1
            else:
                click(page, ks[0])
                mine += 1
            if rounds == 1 and mine == 1:
                shoot("round01-after-my-first-turn")
        shoot("99-game-over", full=True)
        check("game over")
        banner = page.locator("[data-testid='play-game-over']")
        result = {"rounds": rounds, "hints": hints, "clicks": clicks,
                  "winner": banner.inner_text() if banner.count() else None,
                  "script_s": round(time.monotonic() - t0, 1), "problems": problems}
        browser.close()
    (out / "play.json").write_text(json.dumps(result, indent=1, ensure_ascii=False))
    print(json.dumps(result, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
