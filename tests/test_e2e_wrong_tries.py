"""Browser test (issue 25, item 10): wrong join codes and teacher keys wait where a reload
cannot reset them. The store counts them per client address (here 127.0.0.1, as the server
sees the browser): five wrong codes, each in a fresh page load, make the right code wait
after a reload, and a ``?teacher=`` link opened in a new tab waits too. Old code kept the
count in the browser session, so each reload started afresh."""

from __future__ import annotations

import re

import pytest
from e2e_helpers import new_tab, open_app, wait_for_app
from e2e_helpers.server import AppServer
from tiers import LONG

from thirtyone.store import open_store
from thirtyone.store.tokens import new_code

pytestmark = [pytest.mark.browser, LONG]   # the long tier (tests/tiers.py)

WAIT = re.compile(r"Too many wrong tries; please wait (\d+) seconds before trying again\.")


def try_code(page, url: str, code: str, name: str) -> str:
    open_app(page, url, "class")           # a fresh page load: a new session each time
    page.get_by_role("textbox", name="Join code").fill(code)
    page.get_by_role("textbox", name="Your name").fill(name)
    page.get_by_role("button", name="Join").click()
    wait_for_app(page)
    assert page.locator("[data-testid='stException']").count() == 0
    return page.locator("[data-testid='stAlertContentError']").all_inner_texts()[0]


def test_wrong_codes_wait_across_reloads_and_teacher_links(browser, tmp_path):
    url = f"sqlite:///{tmp_path / 'class.db'}"
    store = open_store(url)
    klass, key = store.create_class("Door")
    store.engine.dispose()
    server = AppServer(env={"THIRTYONE_DATABASE_URL": url,
                            "THIRTYONE_DATA_DIR": str(tmp_path)}, log_dir=tmp_path).start()
    page = new_tab(browser, 1024, 768)
    try:
        bad = new_code()
        while bad == klass.code:
            bad = new_code()
        for _ in range(5):
            assert "does not open a class" in try_code(page, server.url, bad, "Ben")
        message = try_code(page, server.url, klass.code, "Ben")
        assert WAIT.search(message), message
        assert "me=" not in page.url
        other = new_tab(browser, 1400, 1000)     # another tab, the teacher link
        open_app(other, server.url, f"class?teacher={key}")
        texts = other.locator("[data-testid='stAlertContentError']").all_inner_texts()
        assert texts and WAIT.search(texts[0])
        assert "teacher=" not in other.url
        other.context.close()
    finally:
        page.context.close()
        server.stop()
