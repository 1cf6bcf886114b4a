"""Readable and operable by everyone (issue 25, item 6b): every page passes axe-core's WCAG 2
A and AA rules (and its heading-order rule), and after one's own move on the Play page and at a class table the keyboard
focus stays at the table (the next button is a Tab or two away, not back at the page's top).

axe-core comes from npm, outside git: ``.ci/run`` installs it with ``npm install --prefix
<dir> axe-core@<version>``; the test finds it in ``$THIRTYONE_AXE_DIR`` (default
``~/.cache/thirtyone-axe``). Without it the test skips (fails under CI=true).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from e2e_helpers import new_tab, wait_for_app
from e2e_helpers.server import AppServer
from tiers import LONG

from thirtyone.core.rules import get_variant
from thirtyone.store import challenge_play, open_store, shared

pytestmark = pytest.mark.browser

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
AXE_DIR = Path(os.environ.get("THIRTYONE_AXE_DIR", Path.home() / ".cache" / "thirtyone-axe"))
AXE_JS = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
SHOTS = Path("/tmp/phone-shots")
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE_JS.exists():
        reason = (f"no axe-core at {AXE_JS} (npm install --prefix {AXE_DIR} axe-core, "
                  "as .ci/run does)")
        if IN_CI:
            pytest.fail(reason)
        pytest.skip(reason)
    return AXE_JS.read_text("utf-8")


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    """A server on a fresh store with a class, a student seated at a class table (with two
    bots) and a challenge."""
    tmp = tmp_path_factory.mktemp("axe")
    url = f"sqlite:///{tmp / 'class.db'}"
    (tmp / "data").mkdir()
    srv = AppServer({"THIRTYONE_DATABASE_URL": url, "THIRTYONE_DATA_DIR": str(tmp / "data")},
                    tmp).start()
    shared.forget_cache()
    store = open_store(url)
    klass, key = store.create_class("Axe class")
    learner, token = store.join_class(klass.code, "Ada")
    for _ in range(20):    # about one deal in 200 is over before the student moves: again
        row = shared.make_table(store, klass.id, "Table A", "scat", get_variant("scat").rules,
                                ["student", "basic", "basic"])
        shared.take_seat(store, row.id, learner)
        if shared.load(store, row.id)[1].to_move == 0:
            break
    ch = challenge_play.make_challenge(store, klass.id, "Challenge A", "scat", 2, "basic", 1)
    srv.store, srv.token, srv.tid, srv.cid = store, token, row.id, ch.id
    srv.key = key
    yield srv
    srv.stop()
    store.engine.dispose()


def settle(tab) -> None:
    tab.wait_for_selector(IDLE, state="attached", timeout=60_000)
    wait_for_app(tab)
    tab.wait_for_timeout(400)


def violations(tab, axe_source: str) -> list[str]:
    tab.add_script_tag(content=axe_source)
    found = tab.evaluate("""async () => {
      const tags = await axe.run(document, {
        runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}, resultTypes: ['violations']});
      // headings in order (h1, then h2...: a screen reader's outline of the page); axe files
      // this rule under best practices, not under a WCAG tag
      const order = await axe.run(document, {
        runOnly: {type: 'rule', values: ['heading-order']}, resultTypes: ['violations']});
      return tags.violations.concat(order.violations).map(v => v.id + ' (' + v.impact + '): ' + v.nodes.map(
        n => n.target.join(' ') + ' ' + n.html.slice(0, 120) + ' ' +
             (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 200)).join(' | '));
    }""")
    return found


PAGES = ["", "learn", "scorer", "play", "variants", "odds_lab", "class"]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_passes_axe_wcag2_aa(browser, room, axe_source, path):
    tab = new_tab(browser, 1400, 1000)
    try:
        tab.goto(f"{room.url}/{path}")
        tab.wait_for_selector("[data-testid='stSidebar'] .st-key-variant_key input",
                              timeout=60_000)
        settle(tab)
        if path == "play":  # a game on the table: the felt, the move buttons, the log
            tab.locator(".st-key-play_new button").click()
            settle(tab)
        found = violations(tab, axe_source)
        SHOTS.mkdir(exist_ok=True)
        tab.screenshot(path=str(SHOTS / f"axe_{path or 'home'}.png"))
    finally:
        tab.context.close()
    assert not found, "\n".join(found)


def test_a_seated_class_table_and_a_challenge_pass_axe_wcag2_aa(browser, room, axe_source):
    tab = new_tab(browser, 1400, 1000)
    try:
        tab.goto(f"{room.url}/table?table={room.tid}&me={room.token}")
        tab.wait_for_selector("[data-testid='play-status'][data-version]", timeout=60_000)
        settle(tab)
        found = violations(tab, axe_source)
        tab.goto(f"{room.url}/challenge?challenge={room.cid}&me={room.token}")
        tab.wait_for_selector(".st-key-chal_start button", timeout=60_000)
        settle(tab)
        tab.locator(".st-key-chal_start button").click()
        tab.wait_for_selector("[data-testid='play-status']", timeout=60_000)
        settle(tab)
        found += violations(tab, axe_source)
    finally:
        tab.context.close()
    assert not found, "\n".join(found)


def test_the_teachers_dashboard_and_a_students_class_page_pass_axe_wcag2_aa(browser, room,
                                                                            axe_source):
    """The teacher's dashboard (students, a class table, a challenge, the downloads) and a
    joined student's Class page: headings in order (h1, h2, h3), contrast, labels."""
    tab = new_tab(browser, 1024, 768)
    try:
        tab.goto(f"{room.url}/class?teacher={room.key}")
        tab.wait_for_selector(".st-key-t31_teacher_close button", timeout=60_000)
        settle(tab)
        found = violations(tab, axe_source)
        SHOTS.mkdir(exist_ok=True)
        tab.screenshot(path=str(SHOTS / "axe_dashboard.png"), full_page=True)
    finally:
        tab.context.close()
    tab = new_tab(browser, 1024, 768)
    try:
        tab.goto(f"{room.url}/class?me={room.token}")
        tab.wait_for_selector("[data-testid='stSidebar'] .st-key-variant_key input",
                              timeout=60_000)
        tab.get_by_text("Ada", exact=False).first.wait_for()
        settle(tab)
        found += violations(tab, axe_source)
    finally:
        tab.context.close()
    assert not found, "\n".join(found)


# --- keyboard focus after one's own move ------------------------------------------------------

FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return '';
  const k = e.closest('[class*="st-key-"]');
  return k ? Array.from(k.classList).find(c => c.startsWith('st-key-')).slice(7)
           : e.tagName.toLowerCase();
}"""


def tabs_to(tab, wanted, limit: int = 60) -> int:
    """Press Tab until the focused element's key passes ``wanted``; how many presses."""
    passed = []
    for n in range(1, limit + 1):
        tab.keyboard.press("Tab")
        passed.append(tab.evaluate(FOCUSED))
        if wanted(passed[-1]):
            return n
    pytest.fail(f"{limit} Tabs did not reach the button; they went through {passed}")


def press_on(tab, key: str) -> None:
    """Move the keyboard focus to a button and press Enter on it (a keyboard user's move)."""
    tab.locator(f".st-key-{key} button").first.focus()
    tab.keyboard.press("Enter")


NEXT_ON_PLAY = ("play_next", "play_act_draw", "play_next_round")


@LONG
def test_after_a_move_on_play_the_bots_next_is_a_tab_away(page, app_url):
    page.goto(f"{app_url}/play?variant=scat&players=3&seed=7")
    page.wait_for_selector(".st-key-play_new button", timeout=60_000)
    settle(page)
    press_on(page, "play_new")
    settle(page)
    counts = []
    for _ in range(3):
        if page.locator(".st-key-play_next_round button").count():
            break
        if page.locator(".st-key-play_next button").count():
            page.locator(".st-key-play_until_me button").click()
            settle(page)
            continue
        # one's own turn, by keyboard: draw, then Tab to a discard and press Enter
        press_on(page, "play_act_draw")
        settle(page)
        counts.append(tabs_to(page, lambda k: k.startswith("play_act_discard_")))
        page.keyboard.press("Enter")
        settle(page)
        counts.append(tabs_to(page, lambda k: k in NEXT_ON_PLAY))
    assert len(counts) >= 2, "no turn of one's own was played"
    assert max(counts) <= 3, f"Tabs from one's move to the next button: {counts}"


def my_turn_or_over(tab, store, tid: int, timeout: float = 30.0) -> bool:
    """Wait until the seated page shows its Draw button (True) or the round has ended at the
    table (False: the bots may knock or reach 31 between the student's turns)."""
    end = time.monotonic() + timeout
    draw = tab.locator(".st-key-play_act_draw button")
    while time.monotonic() < end:
        if draw.count() and draw.first.is_visible():
            return True
        if shared.load(store, tid)[1].round_over:
            return False
        tab.wait_for_timeout(200)
    raise AssertionError("neither the student's turn nor the round's end came within 30 s")


@LONG
def test_after_a_move_at_a_class_table_focus_stays_at_the_table(browser, room):
    tab = new_tab(browser, 1400, 1000)
    store = room.store
    try:
        tab.goto(f"{room.url}/table?table={room.tid}&me={room.token}")
        tab.wait_for_selector("[data-testid='play-status'][data-version]", timeout=60_000)
        settle(tab)
        counts = []
        for _ in range(3):
            if not my_turn_or_over(tab, store, room.tid):
                break                       # a bot's knock or 31 ended the round
            v = store.table_version(room.tid)
            press_on(tab, "play_act_draw")
            tab.wait_for_selector(f"[data-testid='play-status'][data-version='{v + 1}']",
                                  timeout=20_000)
            settle(tab)
            counts.append(tabs_to(tab, lambda k: k.startswith("play_act_discard_")))
            tab.keyboard.press("Enter")
            # the bots move at once; the page shows it within a poll
            if not my_turn_or_over(tab, store, room.tid):
                break
            settle(tab)
            counts.append(tabs_to(tab, lambda k: k.startswith("play_act_")))
    finally:
        tab.context.close()
    assert counts, "the round ended before the student's first move"
    assert max(counts) <= 3, f"Tabs from one's move to the next move button: {counts}"
