"""Browser test: complete the reasoned-knock lesson (lesson 07) as a student would: read the
knock-safety curve and move its slider, find the Odds lab link, answer every knock quiz."""

import pytest
from e2e_helpers import open_app, wait_for_app

from thirtyone.teach.lessons import Link, Plot, load_lessons

pytestmark = pytest.mark.browser
SLUG = "07-a-reasoned-knock"


def test_the_reasoned_knock_lesson_can_be_completed(page, app_url):
    lessons = load_lessons()
    lesson = next(x for x in lessons if x.slug == SLUG)
    number = [x.slug for x in lessons].index(SLUG) + 1
    open_app(page, app_url, "learn")
    page.get_by_role("button", name=f"{number}. {lesson.title}").click()
    wait_for_app(page, 120_000)
    hrefs: list[str] = []
    for i, step in enumerate(lesson.steps):
        page.get_by_text(f"Step {i + 1} of {len(lesson.steps)}").wait_for()
        plots = [k for k, b in enumerate(step.blocks) if isinstance(b, Plot)]
        if plots:
            charts = page.get_by_test_id("stPlotlyChart")
            charts.first.wait_for()
            assert charts.count() == len(plots)
            before = page.get_by_test_id("stMarkdown").all_inner_texts()
            slider = page.get_by_role("slider").first
            slider.focus()
            slider.press("ArrowRight")
            # The slider sends its value after a short debounce, so on a loaded machine the
            # rerun may start after wait_for_app has already seen the app idle: poll for it.
            after = before
            for _ in range(120):
                wait_for_app(page, 120_000)
                after = page.get_by_test_id("stMarkdown").all_inner_texts()
                if after != before:
                    break
                page.wait_for_timeout(500)
            assert before != after  # the reading under the plot follows the slider
        for b in step.blocks:
            if isinstance(b, Link):
                link = page.get_by_test_id("stMain").get_by_role("link", name=b.label)
                hrefs.append(link.get_attribute("href") or "")
                assert "section=knocking" in hrefs[-1]
        for n, quiz in enumerate(step.quizzes):
            box = page.locator(f"[class*='st-key-t31quiz_{SLUG.replace('-', '_')}_{i}_{n}']")
            box.get_by_role("radio", name=quiz.answers[0], exact=True).click()
            wait_for_app(page, 120_000)
            right = page.get_by_test_id("stAlert").filter(has_text="Right!")
            right.nth(n).wait_for()
            assert right.count() == n + 1 and "%" in right.nth(n).inner_text()
        if i + 1 < len(lesson.steps):
            page.get_by_role("button", name="Next ▶").click()
            wait_for_app(page, 120_000)
    total = len(lesson.quizzes)
    page.get_by_text(f"First try {total}/{total}, solved {total}/{total}").wait_for()
    # The link opens the Odds lab at its Knocking section.
    assert hrefs
    page.goto(app_url.rstrip("/") + hrefs[0])
    page.get_by_text("Knock on the deal: fresh hands").first.wait_for(timeout=120_000)
