"""The teacher's dashboard reads in the page's language: a quiz's question and the wrong answer
chosen most are shown as the lesson shows them in that language (the store keeps the English
option), while the CSV files keep the English."""

from __future__ import annotations

import pytest

from thirtyone.i18n import use_language
from thirtyone.teach import Quiz
from thirtyone.teach.lessons import load_lessons
from thirtyone.ui.pages.classroom.dashboard import missed_chart, quiz_frame


def a_translated_quiz(lang: str) -> tuple[str, Quiz, Quiz, int]:
    """A quiz whose options read differently in ``lang``, and the index of a wrong option."""
    here = {x.slug: x for x in load_lessons(lang=lang)}
    for lesson in load_lessons():
        for i, step in enumerate(lesson.steps):
            for n, en in enumerate(step.quizzes):
                shown = here[lesson.slug].steps[i].quizzes[n]
                wrong = [k for k in range(len(en.options)) if k not in en.correct]
                if (len(shown.options) == len(en.options) and set(shown.correct) == set(
                        en.correct) and wrong and shown.options[wrong[0]] != en.options[wrong[0]]
                        and shown.question != en.question):
                    return f"{lesson.slug}/{i}/{n}", en, shown, wrong[0]
    raise AssertionError(f"no quiz with translated options in {lang}")


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_quiz_figures_read_in_the_pages_language(lang):
    qid, en, shown, k = a_translated_quiz(lang)
    answers = [{"learner_id": 1, "name": "Ada", "quiz": qid, "answer": en.options[k],
                "correct": False, "try_no": 1},
               {"learner_id": 2, "name": "Ben", "quiz": qid, "answer": en.options[k],
                "correct": False, "try_no": 1}]
    with use_language(lang):
        frame = quiz_frame(answers)
        row = frame.iloc[0]
        assert row["question"] == shown.question
        assert row["wrong answer chosen most"] == shown.options[k]
        fig = missed_chart(frame)
    assert fig is not None
    # the chart's labels are short enough to leave a phone's bars room, and it has no title
    # of its own (the page writes it, wrapped)
    assert all(len(y.split(" · ", 1)[1]) <= 22 for y in fig.data[0].y)
    assert not (fig.layout.title and fig.layout.title.text)
