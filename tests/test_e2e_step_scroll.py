"""Browser test: on a phone, "Next ▶" at the foot of a long lesson step opens the next step at
its top, not at the foot it was pressed from."""

import pytest
from e2e_helpers import click_and_wait, goto

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
# Where the lesson's column starts, relative to the window (negative: scrolled past it).
LESSON_TOP = """() => {
  const b = document.querySelector('.st-key-t31lesson');
  return b ? Math.round(b.getBoundingClientRect().top) : null;
}"""


def test_next_at_the_foot_of_a_long_step_opens_the_next_step_at_its_top(browser, app_url):
    tab = browser.new_context(**PHONE).new_page()
    tab.set_default_timeout(30_000)
    try:
        # Lesson 3 step 3: its foot is more than a screen below its top on a phone
        goto(tab, f"{app_url.rstrip('/')}/learn?lesson=3&step=3&lang=en")
        tab.get_by_text("Step 3 of").first.wait_for()
        nxt = tab.get_by_role("button", name="Next ▶")
        nxt.scroll_into_view_if_needed()
        # the button is at the foot of the step, well below the lesson column's top
        assert tab.evaluate(LESSON_TOP) < -300
        click_and_wait(tab, nxt, tap=True)
        tab.get_by_text("Step 4 of").first.wait_for()
        tab.wait_for_function(f"() => {{ const t = ({LESSON_TOP})(); "
                              "return t !== null && t >= -2 && t < 200; }", timeout=30_000)
        # the step's own heading is on the screen
        box = tab.get_by_text("Step 4 of").first.bounding_box()
        assert box is not None and 0 <= box["y"] < 844
    finally:
        tab.context.close()
