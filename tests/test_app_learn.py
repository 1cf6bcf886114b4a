"""The Learn page (Streamlit AppTest): lessons listed, steps in order, quizzes checked with an
explanation, progress kept across page switches."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from thirtyone.teach.lessons import load_lessons
from thirtyone.teach.mini_round import MiniRound
from thirtyone.ui.shell.nav import switch_to

APP = str(Path(__file__).resolve().parents[1] / "app.py")
LESSON2 = "t31lesson_02-hand-value-and-suits"


def scored_items() -> int:
    """Quizzes and mini-rounds (a round played to its end counts like a quiz solved)."""
    return sum(len(lesson.quizzes) + sum(isinstance(b, MiniRound) for s in lesson.steps
                                         for b in s.blocks) for lesson in load_lessons())


@pytest.fixture
def at():
    app = AppTest.from_file(APP, default_timeout=60)
    app.run()
    switch_to(app, "learn")
    app.run()
    assert not app.exception
    return app


def test_every_lesson_file_is_listed_in_order(at):
    titles = [lesson.title for lesson in load_lessons()]
    labels = [b.label for b in at.button if b.key and b.key.startswith("t31lesson_")]
    assert [label.split(". ", 1)[1].rstrip(" ✓") for label in labels] == titles


def test_the_first_lesson_opens_at_its_first_step(at):
    first = load_lessons()[0]
    assert any(first.steps[0].title in m.value for m in at.markdown)
    assert at.button(key="t31step_prev").disabled


def test_next_and_previous_move_one_step(at):
    lesson = load_lessons()[0]
    at.button(key="t31step_next").click().run()
    assert any(lesson.steps[1].title in m.value for m in at.markdown)
    at.button(key="t31step_prev").click().run()
    assert any(lesson.steps[0].title in m.value for m in at.markdown)


def open_value_quiz(at):
    at.button(key=LESSON2).click().run()
    at.button(key="t31step_next").click().run()
    quiz = at.button_group[0]
    assert quiz.options == ["11", "16", "21", "27"]  # Q♣ 6♣ A♦: ace alone, clubs, ...
    return quiz


def test_a_wrong_answer_is_marked_wrong_and_explained(at):
    open_value_quiz(at).select("27").run()
    assert not at.success
    message = at.error[0].value
    assert message.startswith("Not quite.") and "16" in message and "clubs" in message


def test_the_right_answer_is_marked_right(at):
    open_value_quiz(at).select("16").run()
    assert not at.error
    assert at.success[0].value.startswith("Right!")


def test_progress_survives_a_visit_to_another_page(at):
    open_value_quiz(at).select("16").run()
    switch_to(at, "home")
    at.run()
    switch_to(at, "learn")
    at.run()
    assert at.button(key=LESSON2).proto.type == "primary"  # still the open lesson
    assert at.button_group[0].value == "16"             # the answer is still chosen
    assert at.success[0].value.startswith("Right!")
    total = scored_items()
    assert any(p.proto.text == f"1 of {total} quizzes right first time"
               for p in at.get("progress"))


def test_the_last_step_leads_to_the_next_lesson(at):
    first, second = load_lessons()[:2]
    for _ in range(len(first.steps) - 1):
        at.button(key="t31step_next").click().run()
    assert at.button(key="t31step_next").label == "Next lesson ▶"
    at.button(key="t31step_next").click().run()
    assert any(second.steps[0].title in m.value for m in at.markdown)


def test_a_lesson_with_every_quiz_right_gets_a_tick(at):
    lesson = load_lessons()[0]
    for _ in range(len(lesson.steps) - 1):
        at.button(key="t31step_next").click().run()
    quiz = at.button_group[0]
    quiz.select(lesson.quizzes[0].answers[0]).run()
    assert at.button(key=f"t31lesson_{lesson.slug}").label.endswith("✓")


def test_a_quiz_answered_wrong_then_right_does_not_count_as_right(at):
    # Issue 13: trying options until one is right counted as right.
    total = scored_items()
    quiz = open_value_quiz(at)
    quiz.select("27").run()
    at.button_group[0].select("16").run()
    assert not at.error and not at.success
    assert at.info[0].value.startswith("Solved on a later try.") and "Right!" in at.info[0].value
    assert any(p.proto.text == f"0 of {total} quizzes right first time"
               for p in at.get("progress"))
    assert not at.button(key=LESSON2).label.endswith("✓")
    # ...and stays so after another answer and a visit to another page
    at.button_group[0].select("27").run()
    at.button_group[0].select("16").run()
    switch_to(at, "home")
    at.run()
    switch_to(at, "learn")
    at.run()
    assert at.info[0].value.startswith("Solved on a later try.")


def test_a_quiz_right_at_the_first_try_stays_right_after_a_wrong_click(at):
    total = scored_items()
    open_value_quiz(at).select("16").run()
    at.button_group[0].select("27").run()
    assert at.error  # the wrong answer is still marked wrong...
    assert any(p.proto.text == f"1 of {total} quizzes right first time"  # ...the score stays
               for p in at.get("progress"))


def test_start_again_forgets_every_answer(at):
    open_value_quiz(at).select("16").run()
    at.button(key="t31learn_reset").click().run()
    assert at.session_state["learn_progress"]["answers"] == {}
    assert at.session_state["learn_progress"]["first"] == {}
    first = load_lessons()[0]
    assert at.button(key=f"t31lesson_{first.slug}").proto.type == "primary"
    assert not at.success and not at.error
