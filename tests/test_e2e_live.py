"""The live lesson in real browsers: a teacher at the projector's 1024x768 and three students
(a laptop, a 390x844 phone with touch, a laptop in Russian) through a guess, a class
experiment and a decision: each device shows the item with its answer controls on the first
screen, the projector's count follows the answers, the reveal shows the engine's answer (and
each option's cost), and the pooled experiment counts every student's deals. A second test
runs the lesson across two app processes on one PostgreSQL and restarts one of them
mid-item. Screenshots: /tmp/live-shots/."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from e2e_helpers import WAIT_MS, click_and_wait, goto, start_class, wait_for_app, wait_text
from e2e_helpers.server import AppServer
from tiers import LONG

from thirtyone.core import make_pack, score
from thirtyone.core.rules import get_variant
from thirtyone.store import open_store

pytestmark = [pytest.mark.browser, LONG]   # the long tier (tests/tiers.py)

SHOTS = Path("/tmp/live-shots")
PHONE_H = 844
COUNT = ".st-key-t31_live_count"


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def tab(browser, w: int, h: int, phone: bool = False):
    ctx = browser.new_context(viewport={"width": w, "height": h}, is_mobile=phone,
                              has_touch=phone)
    ctx.set_default_timeout(30_000)
    return ctx.new_page()


def no_traceback(page) -> None:
    assert page.locator("[data-testid='stException']").count() == 0


def press(page, locator, phone: bool) -> None:
    click_and_wait(page, locator, tap=phone)


def on_first_screen(page, locator) -> None:
    """The control is drawn without scrolling: its bottom edge is inside the viewport."""
    page.evaluate("window.scrollTo(0, 0)")
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (box, height)


def item_line(page, n: int, of: int) -> None:
    try:
        page.get_by_text(re.compile(rf"\b{n}\D+{of}\b")).first.wait_for(timeout=WAIT_MS)
    except Exception as e:  # Playwright's TimeoutError: say what the device showed instead
        shown = page.locator("[data-testid='stMain']").inner_text()[:400]
        raise AssertionError(f"item {n} of {of} not shown; the page reads: {shown!r}") from e


def options(page):
    return page.locator("[class*='st-key-t31_live_pick_'] button")


def exact_share_at_least(value: int) -> float:
    """The share of dealt Scat hands worth ``value`` or more, counted over all 22,100."""
    rules = get_variant("scat").rules
    hands = list(combinations(make_pack(), 3))
    return sum(1 for h in hands if score(h, rules).points >= value) / len(hands)


def join(page, url: str, code: str, name: str, lang: str, phone: bool) -> str:
    """Join on the Class page as a student does; the class page sends them to /live while a
    live lesson runs. Returns their resume token."""
    goto(page, f"{url}/class?lang={lang}")
    page.locator(".st-key-t31_join_code input").fill(code)
    page.locator(".st-key-t31_join_name input").fill(name)
    press(page, page.locator(".st-key-t31_join_go button"), phone)
    page.wait_for_url(re.compile(r"/live"), timeout=30_000)
    wait_for_app(page)
    no_traceback(page)
    return {k: v[-1] for k, v in parse_qs(urlsplit(page.url).query).items()}.get("me", "")


def guess(page, steps: int, phone: bool) -> None:
    thumb = page.get_by_role("slider").first
    thumb.focus()
    for _ in range(abs(steps)):
        thumb.press("ArrowRight" if steps > 0 else "ArrowLeft")
    press(page, page.locator("[data-testid='stFormSubmitButton'] button").first, phone)


def test_a_teacher_and_three_students_through_a_guess_an_experiment_and_a_decision(
        browser, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    srv = AppServer({"THIRTYONE_DATABASE_URL": f"sqlite:///{tmp_path / 'class.db'}",
                     "THIRTYONE_DATA_DIR": str(data), "THIRTYONE_PUBLIC_URL": ""},
                    tmp_path).start()
    teacher = tab(browser, 1024, 768)
    ada = tab(browser, 1400, 900)
    ben = tab(browser, 390, PHONE_H, phone=True)
    masha = tab(browser, 1024, 768)
    students = [(ada, "Ada", "en", False), (ben, "Ben", "en", True), (masha, "Маша", "ru", False)]
    try:
        key = start_class(teacher, srv.url, "Room 12")
        code = teacher.locator(".t31-joincode").inner_text().strip()
        click_and_wait(teacher, teacher.locator(".st-key-t31_dash_live_start button"))
        teacher.wait_for_url(re.compile(r"/live"))
        wait_for_app(teacher)
        item_line(teacher, 1, 7)
        tokens = [join(p, srv.url, code, name, lang, phone) for p, name, lang, phone in students]
        assert all(tokens)
        page_text = teacher.content()
        assert key not in page_text and code not in page_text
        assert not any(t in page_text for t in tokens)            # no resume link
        assert "Ada" not in teacher.locator("[data-testid='stMain']").inner_text()

        # 1. A guess: what share of dealt hands is worth 20 or more?
        assert re.search("[а-яё]", masha.locator("h2").first.inner_text(), re.I)
        for page, *_ in students:
            on_first_screen(page, page.locator("[data-testid='stFormSubmitButton'] button"))
        shot(ben, "phone-guess")
        for n, ((page, _n, _l, phone), steps) in enumerate(zip(students, (-10, 10, 20), strict=True), 1):
            guess(page, steps, phone)
            no_traceback(page)
            wait_text(teacher, COUNT, rf"^\s*{n} of 3 here ha(s|ve) answered")
        shot(teacher, "projector-guess-1024")
        click_and_wait(teacher, teacher.locator(".st-key-t31_live_reveal button"))
        exact = exact_share_at_least(20)
        for page, guessed in zip((ada, ben), (40, 60), strict=True):
            said = wait_text(page, "[data-testid='stMain']", r"points away")
            assert f"You were {round(abs(guessed - 100 * exact))} points away" in said
        wait_text(masha, "[data-testid='stMain']", r"Отклонение от точного значения: \d+")
        shot(ben, "phone-guess-revealed")
        shot(masha, "ru-guess-revealed")

        # 2. The class experiment: the room deals, the projector pools every deal.
        click_and_wait(teacher, teacher.locator(".st-key-t31_live_next button"))
        for page, *_ in students:
            item_line(page, 2, 7)
        deal = "[class*='st-key-t31_live_deal_'] button"
        on_first_screen(ben, ben.locator(deal))
        presses = (2, 1, 3)
        for (page, _n, _l, phone), k in zip(students, presses, strict=True):
            for _ in range(k):
                press(page, page.locator(deal), phone)
                no_traceback(page)
        mine = []
        for (page, *_), k in zip(students, presses, strict=True):
            # the page polls too, so a press's own run can end after the wait above: wait
            # for this student's count to settle on what their presses dealt (5 each)
            said = wait_text(page, "[data-testid='stMain']",
                             rf"\b{5 * k}\s+(results?\b|результат)")
            mine.append(int(re.search(r"(\d+)\s+(results?\b|результат)", said).group(1)))
        assert mine == [5 * k for k in presses]
        wait_text(teacher, COUNT, rf"^\s*{sum(mine)} results from 3 of 3 here")
        shot(teacher, "projector-experiment-1024")
        shot(ben, "phone-experiment")

        # 3. A decision from a real position: knock or draw, with each option's cost.
        click_and_wait(teacher, teacher.locator(".st-key-t31_live_next button"))
        for page, *_ in students:
            item_line(page, 3, 7)
        for page, *_ in students:
            options(page).first.wait_for(timeout=WAIT_MS)
        on_first_screen(ben, options(ben).last)
        for n, (page, _n, _l, phone) in enumerate(students, 1):
            press(page, options(page).nth(n % options(page).count()), phone)
            no_traceback(page)
            wait_text(teacher, COUNT, rf"^\s*{n} of 3 here ha(s|ve) answered")
        click_and_wait(teacher, teacher.locator(".st-key-t31_live_reveal button"))
        # The projector's room fragment runs every second, so the click's wait can end on
        # one of its runs before the reveal's own run has drawn (stop 42's CI): wait for it.
        main = wait_text(teacher, "[data-testid='stMain']", r"The engine's answer")
        assert "answer shown" in main
        teacher.locator("[data-testid='stMain'] li").nth(1).wait_for(timeout=WAIT_MS)
        costs = teacher.locator("[data-testid='stMain'] li").all_inner_texts()
        assert len(costs) >= 2 and all(re.search(r"\d", c) for c in costs)
        for page, *_ in students:
            wait_text(page, "[data-testid='stAlert']", r"The engine's answer|Ответ движка")
        shot(teacher, "projector-decision-1024")
        shot(ben, "phone-decision-revealed")
        shot(masha, "ru-decision-revealed")
        for page in (teacher, ada, ben, masha):
            no_traceback(page)
    finally:
        for page in (teacher, ada, ben, masha):
            page.context.close()
        srv.stop()


@LONG  # a failure drill with app servers of its own (tests/tiers.py)
def test_two_app_processes_on_one_postgresql_with_a_restart_mid_item(browser, tmp_path, pg_url):
    env = {"THIRTYONE_DATABASE_URL": pg_url, "THIRTYONE_DATA_DIR": str(tmp_path),
           "THIRTYONE_PUBLIC_URL": ""}
    a = AppServer(env, tmp_path, name="first").start()
    b = AppServer(env, tmp_path, name="second").start()
    teacher = tab(browser, 1024, 768)
    zoe = tab(browser, 390, PHONE_H, phone=True)
    try:
        start_class(teacher, a.url, "Room 14")
        store = open_store(pg_url)
        code = teacher.locator(".t31-joincode").inner_text().strip()
        click_and_wait(teacher, teacher.locator(".st-key-t31_dash_live_start button"))
        teacher.wait_for_url(re.compile(r"/live"))
        _learner, token = store.join_class(code, "Zoë")
        goto(zoe, f"{b.url}/live?me={token}")
        item_line(zoe, 1, 7)
        guess(zoe, 5, True)
        wait_text(teacher, COUNT, r"^\s*1 of 1 here has answered")
        b.stop()                                   # the student's server restarts mid-item
        b.start()
        goto(zoe, f"{b.url}/live?me={token}")
        item_line(zoe, 1, 7)
        wait_text(zoe, "[data-testid='stMain']", r"Your guess in the room: 55")   # kept
        guess(zoe, 10, True)                       # a change before the lock counts once
        wait_text(zoe, "[data-testid='stMain']", r"Your guess in the room: 65")
        wait_text(teacher, COUNT, r"^\s*1 of 1 here has answered")
        click_and_wait(teacher, teacher.locator(".st-key-t31_live_next button"))
        item_line(zoe, 2, 7)                       # the other process follows the teacher
        no_traceback(zoe)
        no_traceback(teacher)
        store.engine.dispose()
    finally:
        teacher.context.close()
        zoe.context.close()
        a.stop()
        b.stop()
