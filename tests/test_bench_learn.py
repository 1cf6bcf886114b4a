"""The class load test's students in lessons do what a student does (issue 25, item 18):
their answer to a quiz is checked and drawn as the page's feedback, and saved (until
6 December 2026 the load client sent an option's index, which answered nothing)."""

from __future__ import annotations

import random

from class_helpers import arun

from thirtyone.bench.load import Session, Stats
from thirtyone.bench.load_class import answer


async def _answer_the_first_quiz(app_url: str) -> tuple[list[str], list[str]]:
    s = Session(app_url.replace("http", "ws") + "/_stcore/stream", Stats())
    alerts: list[str] = []
    read = s._read_delta

    def noting(delta):
        if delta.WhichOneof("type") == "new_element" and \
                delta.new_element.WhichOneof("type") == "alert":
            alerts.append(delta.new_element.alert.body)
        return read(delta)
    s._read_delta = noting
    async with s:
        await s.open("learn")
        for _ in range(6):                 # Next until a step with a quiz
            if s.find("t31quiz_", "button_group") or not s.find("t31step_next"):
                break
            await s.click(s.find("t31step_next")[0])
        quiz = s.find("t31quiz_", "button_group")
        assert quiz, "no quiz within the first lesson's steps"
        alerts.clear()
        await answer(s, quiz[0], random.Random(1))
        await s.click(s.find("t31step_next")[0] if s.find("t31step_next")
                      else s.find("t31step_prev")[0])   # the page is still Learn
    return alerts, list(s.stats.errors)


def test_a_lesson_answer_from_the_load_client_is_checked(app_url):
    alerts, errors = arun(_answer_the_first_quiz(app_url))
    assert not errors, errors
    # the first lesson's first quiz: the hand J, 8, 4 of diamonds is worth 22; right or
    # wrong, the feedback says so
    assert alerts, "the answer drew no feedback: it was not taken"
    assert all("22" in a for a in alerts), alerts
