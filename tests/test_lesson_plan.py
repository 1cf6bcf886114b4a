"""Issue 26, item 8: a teacher's plan. Each lesson's time is measured from the lesson files
(words at a reading pace, questions, plots, rounds), split into what to project and what to
leave as homework, and one 45-minute period goes from zero to a reasoned knock (lessons 1-7
and a round of Play), in en, ru and uk."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from thirtyone.i18n import use_language
from thirtyone.teach import lesson_plan as lp
from thirtyone.teach.lessons import Step, Text, load_lessons, parse_quiz
from thirtyone.ui.shell.nav import switch_to

APP = str(Path(__file__).resolve().parents[1] / "app.py")


def test_words_are_counted_as_a_reader_counts_them():
    assert lp.words("A **blitz** is 31 in one suit: `AH KH QH`.") == 6
    assert lp.words("Стук — это **конец** раунда.") == 4
    assert lp.words("the knocker's risk, don't") == 4


def test_a_step_time_is_its_reading_plus_what_the_student_does():
    quiz = parse_quiz("kind: value\nhand: AH KH 9S\nrests_on: x\nquestion: What is it worth?")
    step = Step("s", [Text(" ".join(["word"] * 140)), quiz, quiz])
    t = lp.step_time(step, "en")
    words = 140 + 2 * lp.words("What is it worth?")
    assert t.words == words
    assert t.reading == pytest.approx(words / lp.READING_WPM["en"])
    assert t.minutes == pytest.approx(t.reading + 2 * lp.QUIZ_MIN)
    # the first question is answered together in class, the second is homework
    assert t.in_class == pytest.approx(t.reading + lp.QUIZ_MIN)
    assert t.homework == pytest.approx(lp.QUIZ_MIN)


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_every_lesson_has_a_time_and_the_parts_add_up(lang):
    with use_language(lang):
        times = lp.lesson_times(load_lessons(lang=lang), lang)
    assert len(times) == 16
    for lt in times:
        assert lt.minutes == pytest.approx(lt.in_class + lt.homework)
        assert 1 <= lt.minutes <= 30, (lt.slug, lt.minutes)
    # the walk: lessons 1-7 take about 35-45 minutes
    assert 30 <= sum(x.minutes for x in times[:7]) <= 55


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_period_fits_45_minutes_and_keeps_what_a_reasoned_knock_needs(lang):
    with use_language(lang):
        times, period = lp.course_plan(lang)
    assert period.minutes <= lp.PERIOD_MIN
    slots = period.slots
    # no gaps, no overlaps, in order
    for a, b in zip(slots, slots[1:], strict=False):
        assert b.start == a.start + a.minutes
    lessons = [s for s in slots if s.lesson]
    assert [s.what for s in lessons] == [t.slug for t in times[:lp.PLAN_LESSONS]]
    assert any("Play" in s.what for s in slots)           # a round of Play
    last = lessons[-1]
    assert not last.homework                                # lesson 7 stays whole
    need = lp.needed_steps(times, lp.PLAN_LESSONS)
    kept = {(s.what, t) for s in lessons for t in s.steps}
    assert need <= kept
    # the knock itself and the showdown are taught in class
    concepts = {c for lt in times[:7] for st in lt.steps if (lt.slug, st.title) in kept
                for c in st.teaches}
    assert {"knock", "lose-life", "showdown", "hand-value", "knock-safety"} <= concepts
    # what was moved is homework, and counted
    moved = {(s.lesson, t) for s in lessons for t in s.homework}
    assert moved == set(period.moved)
    assert period.homework_minutes >= sum(lt.homework for lt in times[:7]) - 1e-9


def test_the_plan_moves_rule_details_home_before_anything_else():
    times, period = lp.course_plan("en")
    detail = {(lt.title, s.title) for lt in times[:7] for s in lt.steps if s.detail}
    moved = set(period.moved)
    if moved - detail:
        # a non-detail step went home only after every movable detail step had
        need = lp.needed_steps(times, 7)
        movable = {(lt.title, s.title) for lt in times[:7] for s in lt.steps
                   if s.detail and (lt.slug, s.title) not in need}
        assert movable <= moved


def test_a_longer_period_moves_nothing():
    times = lp.lesson_times(load_lessons())
    assert not lp.plan_period(times, period=120).moved


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_teachers_plan_page_shows_the_period_and_every_lesson(lang):
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    switch_to(at, "plan")
    at.run()
    assert not at.exception
    lessons = at.dataframe[0].value
    assert len(lessons) == 16
    plan = next(m.value for m in at.markdown if m.value.startswith("- **0:00"))
    items = plan.split("\n- ")
    assert len(items) == lp.PLAN_LESSONS + 3
    last = items[-1].split("**")[1]
    assert int(last.split(":")[-1]) <= lp.PERIOD_MIN
    if lang != "en":
        assert "Lesson" not in plan and "Project" not in plan
    text = " ".join(m.value for m in at.markdown)
    wpm = str(lp.READING_WPM[lang])
    assert wpm in text                      # the method names its reading pace
