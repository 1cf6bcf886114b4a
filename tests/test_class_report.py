"""The numbers behind the teacher's dashboard (thirtyone.teach.class_report), from hand-made
answer rows whose counts are worked out by hand in the comments."""

from __future__ import annotations

from thirtyone.teach.class_report import (
    first_tries,
    learner_scores,
    progress_summary,
    quiz_stats,
    score_grid,
)
from thirtyone.teach.lessons import Lesson


def row(lid, name, quiz, try_no, answer, correct):
    return {"learner_id": lid, "name": name, "quiz": quiz, "try_no": try_no,
            "answer": answer, "correct": correct}


# Ann: q1 wrong (27) then right (16); q2 right.  Bo: q1 wrong (27); q2 wrong (B).
# Cy: q1 wrong (20), q2 right.  Dee: q1 right.  (Ann's second try comes first in the list.)
ROWS = [
    row(1, "Ann", "q1", 2, "16", True),
    row(1, "Ann", "q1", 1, "27", False),
    row(1, "Ann", "q2", 1, "A", True),
    row(2, "Bo", "q1", 1, "27", False),
    row(2, "Bo", "q2", 1, "B", False),
    row(3, "Cy", "q1", 1, "20", False),
    row(3, "Cy", "q2", 1, "A", True),
    row(4, "Dee", "q1", 1, "16", True),
]


def test_only_the_first_try_counts():
    first = first_tries(ROWS)
    assert first[(1, "q1")]["answer"] == "27"
    assert len(first) == 7  # 8 answers, one of them a second try


def test_quizzes_most_missed_first_with_the_wrong_answer_chosen_most():
    q1, q2 = quiz_stats(ROWS)
    # q1: 4 answered at first try, only Dee right: 3 missed; "27" twice, "20" once
    assert (q1.quiz, q1.answered, q1.right, q1.missed) == ("q1", 4, 1, 3)
    assert (q1.top_wrong, q1.top_wrong_count) == ("27", 2)
    assert q1.share_right == 0.25
    # q2: 3 answered, Ann and Cy right, Bo chose B
    assert (q2.quiz, q2.answered, q2.right, q2.missed) == ("q2", 3, 2, 1)
    assert (q2.top_wrong, q2.top_wrong_count) == ("B", 1)


def test_a_quiz_nobody_missed_has_no_wrong_answer():
    (only,) = quiz_stats([row(1, "Ann", "q9", 1, "x", True)])
    assert only.missed == 0 and only.top_wrong is None and only.top_wrong_count == 0


def test_scores_per_learner_and_the_grid():
    assert learner_scores(ROWS) == {1: (1, 2), 2: (0, 2), 3: (1, 2), 4: (1, 1)}
    grid = score_grid(ROWS)
    assert grid[1] == {"q1": False, "q2": True}  # Ann's later right answer does not count
    assert grid[4] == {"q1": True}


LESSONS = [Lesson("a", "Alpha", "", "scat", [None] * 3),   # type: ignore[list-item]
           Lesson("b", "Beta", "", "scat", [None] * 2),    # type: ignore[list-item]
           Lesson("c", "Gamma", "", "scat", [None] * 4)]   # type: ignore[list-item]


def test_progress_in_numbers():
    # at the last step of Alpha (index 2 of 3: done, 3 steps read), step 0 of Beta (1 read)
    s = progress_summary({"lesson": "b", "steps": {"a": 2, "b": 0}}, LESSONS)
    assert (s.lessons_started, s.lessons_done, s.lessons) == (2, 1, 3)
    assert (s.steps_seen, s.steps) == (4, 9)
    assert s.current == "Beta"


def test_malformed_progress_counts_as_nothing():
    for bad in (None, [], {"steps": "x"}, {"steps": {"a": "2", "b": -1, "zz": 1, "c": True}}):
        s = progress_summary(bad, LESSONS)
        assert (s.lessons_started, s.lessons_done, s.steps_seen, s.current) == (0, 0, 0, None)
    # a step beyond the end counts as the last step
    assert progress_summary({"steps": {"b": 99}}, LESSONS).steps_seen == 2
