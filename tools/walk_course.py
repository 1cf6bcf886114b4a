"""Walk the whole Learn course in a browser as a newcomer would, with a screenshot of every
step (and of each quiz's feedback, each plot after its slider moved, the first round).

    python tools/walk_course.py --url http://127.0.0.1:8611 --out /tmp/review-course

Every step: read (the words are counted for a reading-time estimate), every quiz answered
(every other one wrong first, to see the feedback), every slider moved, lesson 3's round
played with the guide, two lessons' links followed and the Learn page opened again. At the
end it prints each lesson's script time and an estimate of a newcomer's time, and any
problem it noticed (an exception on the page, a button whose words do not fit, the page
wider than the window, another player's card face up before the showdown).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, open_app, wait_for_app  # noqa: E402

from thirtyone.teach.blocks import Link, Plot  # noqa: E402
from thirtyone.teach.lessons import Text, load_lessons  # noqa: E402
from thirtyone.teach.mini_round import MiniRound  # noqa: E402

WPM = 180            # a newcomer reading carefully, looking at the cards
QUIZ_S = 20          # reading a quiz's cards and options, choosing
FEEDBACK_S = 10      # reading the explanation after an answer
PLOT_S = 45          # reading a plot and moving its sliders
ROUND_S = 180        # the guided round: reading the guide, each move, the showdown
LINK_S = 60          # a look at the linked page and back
FOLLOW = {"05-knocking-and-final-turns", "07-a-reasoned-knock", "08-blitz-odds"}

# Overflow: a button or pill whose words are wider than it, and the page wider than the window.
CHECK_JS = """() => {
  const out = [];
  const seen = new Set();
  for (const el of document.querySelectorAll('button, [role=radio], [data-testid=stMarkdownContainer] *, [data-testid=stCaptionContainer]')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (el.scrollWidth > el.clientWidth + 2 && getComputedStyle(el).overflowX !== 'visible'
        && getComputedStyle(el).overflowX !== 'auto') {
      const t = (el.innerText || '').trim().slice(0, 60);
      if (t && !seen.has(t)) { seen.add(t); out.push('cut: ' + t); }
    }
    if (r.right > window.innerWidth + 1 && el.closest('[data-testid=stMain]')) {
      const t = (el.innerText || el.tagName).trim().slice(0, 60);
      if (!seen.has('wide' + t)) { seen.add('wide' + t); out.push('past the right edge: ' + t); }
    }
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1)
    out.push('page wider than window: ' + document.documentElement.scrollWidth);
  for (const e of document.querySelectorAll('[data-testid=stException]'))
    out.push('exception: ' + e.innerText.slice(0, 200));
  return out;
}"""


def words(step) -> int:
    n = len(re.findall(r"\w+", step.title))
    for b in step.blocks:
        if isinstance(b, Text):
            n += len(re.findall(r"\w+", b.markdown))
    for q in step.quizzes:
        n += len(re.findall(r"\w+", q.question))
    return n


class Walk:
    def __init__(self, page, url: str, out: Path) -> None:
        self.page, self.url, self.out = page, url, out
        self.problems: list[str] = []
        self.shots: list[str] = []

    def shoot(self, name: str, full: bool = True) -> None:
        """A shot of the window, or (``full``) of the whole page: Streamlit scrolls inside
        its main block, so the window is made as tall as that block for the shot."""
        path = self.out / f"{name}.png"
        size = self.page.viewport_size
        if full:
            tall = self.page.evaluate(
                "() => Math.max(...Array.from(document.querySelectorAll("
                "'[data-testid=stMain], [data-testid=stAppViewContainer], section'))"
                ".map(e => e.scrollHeight))")
            if tall > size["height"]:
                self.page.set_viewport_size({"width": size["width"],
                                             "height": min(int(tall), 8000)})
                self.page.wait_for_timeout(400)
        clip = None
        box = self.page.locator(".st-key-t31lesson")
        if full and box.count():   # the whole lesson, not the lesson list under it
            b = box.bounding_box()
            if b:
                clip = {"x": 0, "y": 0, "width": self.page.viewport_size["width"],
                        "height": b["y"] + b["height"] + 16}
        self.page.screenshot(path=str(path), clip=clip)
        if self.page.viewport_size != size:
            self.page.set_viewport_size(size)
            self.page.wait_for_timeout(200)
        self.shots.append(str(path))

    def check(self, where: str) -> None:
        for p in self.page.evaluate(CHECK_JS):
            self.problems.append(f"{where}: {p}")

    def wait(self) -> None:
        wait_for_app(self.page, 120_000)


def quiz_box(page, slug: str, i: int, n: int):
    """The quiz's bordered box: the one around its answer pills."""
    key = f"t31quiz_{slug}_{i}_{n}".replace("-", "_")
    pills = page.locator(f"[class*='st-key-{key}']")
    return pills.locator("xpath=ancestor::div[@data-testid='stVerticalBlock'][1]")


def play_round(w: Walk, tag: str) -> list[str]:
    page = w.page
    felt = page.locator("[class*='st-key-t31round_']").first
    moves: list[str] = []
    for k in range(30):
        if page.get_by_text("this step is done").count():
            return moves
        others = felt.locator(".play-seat:not([data-seat='0']) [data-card]").count()
        if others:
            w.problems.append(f"{tag}: {others} of another player's cards face up mid-round")
        alert = felt.get_by_test_id("stAlert").first.inner_text()
        move = alert.split("Guide:", 1)[1].strip().split(". ", 1)[0]
        felt.scroll_into_view_if_needed()
        w.shoot(f"{tag}-move{k + 1}")
        w.check(f"{tag} move {k + 1}")
        moves.append(move)
        felt.get_by_role("button", name=move, exact=True).click()
        w.wait()
    w.problems.append(f"{tag}: the round did not end: {moves}")
    return moves


def walk(page, url: str, out: Path) -> dict:
    w = Walk(page, url, out)
    lessons = load_lessons()
    timings: dict = {}
    open_app(page, url, "learn")
    w.shoot("00-learn-start", full=False)
    quiz_count = 0
    for number, lesson in enumerate(lessons, 1):
        t0 = time.monotonic()
        est = 0.0
        tag = f"{number:02d}"
        page.get_by_role("button", name=f"{number}. {lesson.title}").click()
        w.wait()
        for i, step in enumerate(lesson.steps):
            page.get_by_text(f"Step {i + 1} of {len(lesson.steps)}").first.wait_for(
                timeout=120_000)
            est += words(step) * 60 / WPM
            page.evaluate("window.scrollTo(0, 0)")
            w.shoot(f"{tag}-s{i + 1}")
            w.check(f"lesson {tag} step {i + 1}")
            plots = [b for b in step.blocks if isinstance(b, Plot)]
            if plots:
                est += PLOT_S * len(plots)
                sliders = page.get_by_test_id("stMain").get_by_role("slider")
                for s in range(sliders.count()):
                    sl = sliders.nth(s)
                    sl.focus()
                    at_top = sl.input_value() == sl.get_attribute("max")   # an <input type=range>
                    for _ in range(3):
                        sl.press("ArrowLeft" if at_top else "ArrowRight")
                    w.wait()
                page.get_by_test_id("stPlotlyChart").first.scroll_into_view_if_needed()
                w.shoot(f"{tag}-s{i + 1}-slid")
                w.check(f"lesson {tag} step {i + 1} after sliders")
            if any(isinstance(b, MiniRound) for b in step.blocks):
                est += ROUND_S
                moves = play_round(w, f"{tag}-s{i + 1}-round")
                page.get_by_text("this step is done").scroll_into_view_if_needed()
                w.shoot(f"{tag}-s{i + 1}-round-end")
                w.check(f"lesson {tag} step {i + 1} round end")
                timings.setdefault("round_moves", moves)
            for n, quiz in enumerate(step.quizzes):
                est += QUIZ_S + FEEDBACK_S
                box = quiz_box(page, lesson.slug, i, n)
                box.scroll_into_view_if_needed()
                wrong = [o for j, o in enumerate(quiz.options) if j not in quiz.correct]
                if quiz_count % 2 == 0 and wrong:
                    est += FEEDBACK_S
                    box.get_by_role("radio", name=wrong[-1], exact=True).click()
                    w.wait()
                    box.get_by_test_id("stAlert").wait_for()
                    text = box.get_by_test_id("stAlert").inner_text()
                    if "Not quite" not in text:
                        w.problems.append(f"{tag} step {i + 1} quiz {n}: wrong answer "
                                          f"{wrong[-1]!r} got {text[:80]!r}")
                    box.scroll_into_view_if_needed()
                    w.shoot(f"{tag}-s{i + 1}-q{n + 1}-wrong", full=False)
                box.get_by_role("radio", name=quiz.answers[0], exact=True).click()
                w.wait()
                box.get_by_test_id("stAlert").filter(has_text="Right!").wait_for()
                box.scroll_into_view_if_needed()
                w.shoot(f"{tag}-s{i + 1}-q{n + 1}-right", full=False)
                w.check(f"lesson {tag} step {i + 1} quiz {n + 1}")
                quiz_count += 1
            links = [b for b in step.blocks if isinstance(b, Link)]
            if links and lesson.slug in FOLLOW:
                est += LINK_S
                link = page.get_by_test_id("stMain").get_by_role("link", name=links[0].label)
                href = link.get_attribute("href") or ""
                learn_url = page.url
                page.goto(url.rstrip("/") + href)
                page.wait_for_selector("[data-testid='stApp']")
                page.wait_for_selector("[data-testid='stSidebar'] .st-key-variant_key input",
                                       timeout=120_000)
                w.wait()
                page.wait_for_timeout(1500)
                w.wait()
                w.shoot(f"{tag}-s{i + 1}-link")
                w.check(f"lesson {tag} link {href}")
                page.goto(learn_url)
                page.wait_for_selector("[data-testid='stSidebar'] .st-key-variant_key input",
                                       timeout=120_000)
                w.wait()
                back = page.get_by_text(f"Step {i + 1} of {len(lesson.steps)}").count()
                if not back:
                    w.problems.append(f"{tag}: back from {href} the lesson is not at step "
                                      f"{i + 1} ({learn_url})")
                    page.get_by_role("button", name=f"{number}. {lesson.title}").click()
                    w.wait()
                w.shoot(f"{tag}-s{i + 1}-back", full=False)
            if i + 1 < len(lesson.steps):
                page.get_by_role("button", name="Next ▶").click()
                w.wait()
        page.evaluate("window.scrollTo(0, 0)")
        w.shoot(f"{tag}-done", full=False)
        timings[lesson.slug] = {"script_s": round(time.monotonic() - t0, 1),
                                "newcomer_s": round(est)}
        print(lesson.slug, timings[lesson.slug], flush=True)
    total = sum(len(x.quizzes) for x in lessons)
    if not page.get_by_text("end of the course").count():
        w.problems.append("no end-of-course message after the last step")
    w.shoot("99-course-end", full=False)
    timings["problems"] = w.problems
    timings["quizzes"] = total
    return timings


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", required=True)
    ap.add_argument("--out", default="/tmp/review-course")
    ap.add_argument("--width", type=int, default=1024)
    ap.add_argument("--height", type=int, default=768)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": args.width, "height": args.height})
        page.set_default_timeout(60_000)
        try:
            result = walk(page, args.url, out)
        finally:
            browser.close()
    result["total_script_s"] = round(time.monotonic() - t0, 1)
    result["total_newcomer_s"] = sum(v["newcomer_s"] for v in result.values()
                                     if isinstance(v, dict))
    (out / "walk.json").write_text(json.dumps(result, indent=1, ensure_ascii=False))
    print(json.dumps(result, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
