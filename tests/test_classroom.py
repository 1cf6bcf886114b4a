"""The Class page through Streamlit's AppTest, on the real store (SQLite in the test data
folder): start a class, join it with a loosely typed code, come back with the resume link,
the teacher key (typed or in a link, then taken out of the address), wrong codes, keys and
names, and Learn progress that a second session with the same ``me`` finds again."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from thirtyone.store.store import WRONG_CODE, WRONG_KEY
from thirtyone.teach.lessons import load_lessons
from thirtyone.teach.mini_round import MiniRound
from thirtyone.ui.pages.classroom import classroom
from thirtyone.ui.pages.classroom.classroom import TOO_MANY_MSG
from thirtyone.ui.pages.classroom.dashboard import chart_label, csv_safe
from thirtyone.ui.shell.nav import switch_to

APP = str(Path(__file__).resolve().parents[1] / "app.py")
LESSON2 = "t31lesson_02-hand-value-and-suits"


@pytest.fixture(autouse=True)
def own_address(monkeypatch):
    """Wrong tries are counted per client address in the store, which the tests share: each
    test comes from an address of its own (AppTest has none)."""
    address = f"test-{uuid.uuid4().hex[:12]}"
    monkeypatch.setattr(classroom, "client_address", lambda: address)
    return address


def bogus_code() -> str:
    """A join code no class has, of this test alone (wrong tries count per code typed too)."""
    from thirtyone.store.tokens import new_code
    return new_code()


def too_many(message: str) -> bool:
    pattern = re.escape(TOO_MANY_MSG).replace(re.escape("{n}"), r"(\d+)")
    found = re.fullmatch(pattern, message)
    return bool(found) and 1 <= int(found.group(1)) <= classroom.WAIT_S


def session(page: str = "class", **params: str) -> AppTest:
    """A new browser session opened on ``pages/<page>.py`` with ``params`` in the URL."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    switch_to(at, f"{page}")
    at.query_params.update(params)
    at.run()
    assert not at.exception
    return at


def start_class(name: str = "Year 9") -> tuple[AppTest, str, str]:
    """A teacher's session with a new class, the key noted; returns it, the join code and
    the teacher key."""
    at = session()
    at.text_input(key="t31_start_name").input(name)
    at.button(key="t31_start_go").click().run()
    assert not at.exception
    (key,) = [c.value for c in at.code if re.fullmatch(r"[A-Z0-9]{4}(-[A-Z0-9]{4}){2}", c.value)]
    assert not any('t31-joincode"' in m.value for m in at.markdown)  # not beside the key
    at.button(key="t31_key_noted").click().run()
    (big,) = [m.value for m in at.markdown if 't31-joincode"' in m.value]
    code = re.search(r'data-testid="t31-joincode">([A-Z0-9]{6})<', big).group(1)
    return at, code, key


def join(at: AppTest, code: str, name: str) -> AppTest:
    at.text_input(key="t31_join_code").input(code)
    at.text_input(key="t31_join_name").input(name)
    at.button(key="t31_join_go").click().run()
    assert not at.exception
    return at


def texts(at: AppTest) -> str:
    """Everything drawn, as one string (markdown, text, captions, alerts, code, headers)."""
    parts = [e.value for kind in ("markdown", "text", "caption", "error", "warning", "info",
                                  "success", "code", "subheader", "title")
             for e in getattr(at, kind)]
    return "\n".join(str(p) for p in parts)


def is_dashboard(at: AppTest) -> bool:
    # an h2 under the page's h1 (axe-core's heading order), sized like a subheader
    return any(m.value.startswith('<h2 class="t31-look-3">Dashboard') for m in at.markdown)


def h2s(at: AppTest) -> list[str]:
    """The texts of the page's h2 headings (``headings.heading``)."""
    return [m.value.split(">", 1)[1].rsplit("</h2>", 1)[0] for m in at.markdown
            if m.value.startswith("<h2 ")]


def test_a_teacher_starts_a_class_and_sees_the_code_key_and_dashboard():
    at, code, key = start_class("Year 9 maths")
    assert is_dashboard(at)
    assert "teacher" not in at.query_params
    assert key not in texts(at)  # shown once, until noted
    assert code in texts(at)
    # the sidebar's link for the class never carries the key
    assert all(key not in c.value for c in at.code)


def test_the_key_comes_with_its_dashboard_link_before_the_code_is_shown_big():
    at = session()
    at.text_input(key="t31_start_name").input("Year 10")
    at.button(key="t31_start_go").click().run()
    (key,) = [c.value for c in at.code if re.fullmatch(r"[A-Z0-9]{4}(-[A-Z0-9]{4}){2}", c.value)]
    assert any(c.value.endswith(f"/class?teacher={key}") for c in at.code)
    assert all(key not in c.value for c in at.code if "variant=" in c.value)


def test_the_secret_dashboard_link_is_on_the_public_address(monkeypatch):
    """A teacher who opened the app as localhost gets a dashboard link their phone or a second
    computer can open: on THIRTYONE_PUBLIC_URL, as the students' join link is."""
    monkeypatch.setenv("THIRTYONE_PUBLIC_URL", "http://room12.school.lan:8501/")
    at = session()
    at.text_input(key="t31_start_name").input("Year 11")
    at.button(key="t31_start_go").click().run()
    (key,) = [c.value for c in at.code if re.fullmatch(r"[A-Z0-9]{4}(-[A-Z0-9]{4}){2}", c.value)]
    assert f"http://room12.school.lan:8501/class?teacher={key}" in [c.value for c in at.code]


def test_a_student_joins_with_a_loose_code_and_comes_back_with_the_resume_link():
    _, code, _ = start_class()
    loose = " ".join(code.lower())  # "k 7 q m 2 p"
    at = join(session(), loose, "  Anna   K ")
    assert not at.error
    token = at.query_params["me"]
    assert len(token) >= 16 and "Anna" not in token
    resume = [c.value for c in at.code if "me=" in c.value]
    assert resume and resume[0].endswith(f"/class?me={token}&lang=en")
    assert "**Anna K**" in texts(at)
    # the sidebar's link for the class has no token
    assert all(token not in c.value for c in at.code if "variant=" in c.value)
    again = session(me=token)  # another browser, with the resume link
    assert "**Anna K**" in texts(again)
    assert "Year 9" in h2s(again)
    assert not is_dashboard(again)


def test_wrong_codes_get_one_message_that_reveals_nothing():
    _, code, _ = start_class("Secret class")
    near = ("A" if code[0] != "A" else "B") + code[1:]
    at = session()
    seen = set()
    for bad in (near, "ZZZZZZ", "<b>x</b>", "x" * 300):
        join(at, bad, "Ben")
        seen.add(tuple(e.value for e in at.error))
        assert "Secret class" not in texts(at) and "me" not in at.query_params
    assert seen == {(WRONG_CODE,)}


def test_five_wrong_tries_lock_the_session_for_a_while():
    _, code, _ = start_class()
    at = session()
    bad = bogus_code()
    for _ in range(5):
        join(at, bad, "Ben")
    join(at, code, "Ben")  # even the right code now waits
    assert [too_many(e.value) for e in at.error] == [True]
    assert "me" not in at.query_params


def test_a_reload_or_a_new_tab_does_not_reset_the_wait(own_address, monkeypatch):
    """The wait was kept in the browser session: a reload (a new session) started afresh.
    Now the store counts, per client address and per code typed."""
    _, code, key = start_class()
    bad = bogus_code()
    for _ in range(5):
        join(session(), bad, "Ben")             # each try from a new page load
    at = join(session(), code, "Ben")
    assert [too_many(e.value) for e in at.error] == [True] and "me" not in at.query_params
    # a teacher key from the same address waits too, typed or in a link
    at = session(teacher=key)
    assert [too_many(e.value) for e in at.error] == [True] and not is_dashboard(at)
    # another address may join, but not with the code tried five times
    monkeypatch.setattr(classroom, "client_address", lambda: own_address + "-other")
    at = join(session(), bad, "Cleo")
    assert [too_many(e.value) for e in at.error] == [True]
    at = join(session(), code, "Cleo")
    assert not at.error and "me" in at.query_params


def test_teacher_key_guesses_in_links_count_across_page_loads():
    """``?teacher=`` guesses in new page loads never waited."""
    _, _, key = start_class()
    near = ("A" if key[0] != "A" else "B") + key[1:]
    for _ in range(5):
        at = session(teacher=near)
        assert [e.value for e in at.error] == [WRONG_KEY]
    at = session(teacher=key)       # even the right key now waits
    assert [too_many(e.value) for e in at.error] == [True] and not is_dashboard(at)
    assert "teacher" not in at.query_params


@pytest.mark.parametrize("name", ["<script>alert(1)</script>", "**x**", "[a](b)",
                                  "<img src=x onerror=alert(1)>", "x" * 31, "   "])
def test_names_that_are_not_plain_are_refused_with_a_reason(name):
    _, code, _ = start_class()
    at = join(session(), code, name)
    (message,) = [e.value for e in at.error]
    assert message.startswith(("A name", "Please type"))
    assert not name.strip() or name.strip() not in message
    assert "me" not in at.query_params
    assert "<script>" not in texts(at) and "**x**" not in texts(at)


def test_a_markdown_like_class_name_is_refused_and_a_dotted_name_shown_literally():
    at = session()
    at.text_input(key="t31_start_name").input("**Bold** [x](y)")
    at.button(key="t31_start_go").click().run()
    assert at.error and not is_dashboard(at)
    _, code, _ = start_class("1. Maths_class")
    at = join(session(), code, "1. O'Neil_Jr")
    # shown as typed: the Markdown signs are escaped, never read
    assert "You are **1\\. O'Neil\\_Jr**" in texts(at)
    assert "1. Maths_class" in h2s(at)  # HTML-escaped, never read as Markdown


def test_wrong_teacher_keys_get_one_message_and_no_dashboard():
    _, _, key = start_class()
    at = session()
    seen = set()
    near = ("A" if key[0] != "A" else "B") + key[1:]
    for bad in (near, "ABCD-EFGH-JKMN", "<script>", ""):
        at.text_input(key="t31_teacher_key_box").input(bad)
        at.button(key="t31_teacher_go").click().run()
        seen.add(tuple(e.value for e in at.error))
        assert not is_dashboard(at)
    assert seen == {(WRONG_KEY,)}


def test_every_name_box_of_the_dashboard_takes_no_more_than_a_name_may_have():
    """The challenge's name box let a teacher type 60 characters and then refused the name
    as over 30; each box stops where the store's limit is."""
    from thirtyone.store.tokens import NAME_MAX
    at, _, _ = start_class("Room 5")
    boxes = {b.key: b.proto.max_chars for b in at.text_input
             if b.key in ("chal_new_title", "ct_new_title")}
    assert boxes == {"chal_new_title": NAME_MAX, "ct_new_title": NAME_MAX}


def test_a_key_in_the_link_opens_the_dashboard_and_leaves_the_address():
    _, code, key = start_class("Room 4")
    at = session(teacher=key)
    assert is_dashboard(at) and "teacher" not in at.query_params
    assert key not in texts(at)  # not even on the page: the key is only shown once, at start
    assert code in texts(at)
    bad = session(teacher=key[:-1] + ("A" if key[-1] != "A" else "B"))
    assert not is_dashboard(bad) and "teacher" not in bad.query_params
    assert [e.value for e in bad.error] == [WRONG_KEY]


def test_a_student_session_cannot_reach_the_dashboard():
    _, code, _ = start_class("Room 5")
    student = join(session(), code, "Cleo")
    assert not is_dashboard(student)
    assert not any(b.key == "t31_dash_refresh" for b in student.button)
    assert not student.get("plotly_chart") and not student.dataframe
    token = student.query_params["me"]
    again = session(me=token, teacher="ABCD-EFGH-JKMN")
    assert not is_dashboard(again) and [e.value for e in again.error] == [WRONG_KEY]


def answer_first_value_quiz(at: AppTest, choice: str) -> None:
    switch_to(at, "learn")
    at.run()
    at.button(key=LESSON2).click().run()
    at.button(key="t31step_next").click().run()
    at.button_group[0].select(choice).run()
    assert not at.exception


def test_learn_progress_comes_back_in_a_new_session_with_the_same_me():
    at = session("learn")
    answer_first_value_quiz(at, "27")       # wrong first: it must stay wrong at first try
    at.button_group[0].select("16").run()
    token = at.query_params["me"]           # someone alone got a learner on first change
    again = session("learn", me=token)
    assert again.button(key=LESSON2).proto.type == "primary"
    assert again.button_group[0].value == "16"
    assert any(i.value.startswith("Solved on a later try") for i in again.info)
    total = sum(len(lesson.quizzes) + sum(isinstance(b, MiniRound) for s in lesson.steps
                                          for b in s.blocks) for lesson in load_lessons())
    assert any(p.proto.text == f"0 of {total} quizzes right first time"
               for p in again.get("progress"))


def test_a_learner_alone_joins_and_brings_progress_and_the_dashboard_shows_it():
    teacher, code, key = start_class("Room 6")
    at = session("learn")
    answer_first_value_quiz(at, "27")
    token = at.query_params["me"]
    switch_to(at, "class")
    at.run()
    join(at, code, "Dev")
    assert at.query_params["me"] == token  # the same learner, now in the class
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Quizzes right first time"] == "0"   # "27" was wrong
    assert metrics["Steps read"].startswith("2 of ")     # lesson 2, at its second step
    dash = session(teacher=key)
    people = dash.dataframe[0].value
    assert list(people["name"]) == ["Dev"]
    assert list(people["quizzes answered"]) == [1]
    quizzes = dash.dataframe[1].value
    assert list(quizzes["wrong answer chosen most"]) == ["27"]
    assert list(quizzes["missed"]) == [1]
    assert dash.get("plotly_chart")


def test_chart_labels_and_csv_cells_are_inert():
    assert chart_label("<b>bold</b> <a href=x>y</a>") == \
        "&lt;b&gt;bold&lt;/b&gt; &lt;a href=x&gt;y&lt;/a&gt;"
    assert len(chart_label("x" * 500)) == 60
    frame = csv_safe(pd.DataFrame({"name": ["=HYPERLINK(1)", "Ann", "@x"], "n": [1, 2, 3]}))
    assert list(frame["name"]) == ["'=HYPERLINK(1)", "Ann", "'@x"]


def test_an_unknown_resume_link_says_so_and_offers_to_join():
    at = session(me="A" * 22)
    assert [w.value for w in at.warning] == [
        "That resume link does not bring anyone back; check it, or join again."]
    assert "me" not in at.query_params
    assert [t.label for t in at.tabs] == ["Join a class", "Start a class (teacher)"]
