"""How a class is doing, from plain rows: the numbers behind the teacher's dashboard.

Nothing here knows about the store or Streamlit. The inputs are what the store hands out:

- answer rows: dicts with ``learner_id``, ``name``, ``quiz``, ``try_no``, ``answer``,
  ``correct`` (one per answer given, ``try_no`` 1 for a learner's first answer to a quiz);
- a learner's lesson progress: ``{"lesson": slug, "steps": {slug: step index}, "answers":
  {quiz id: option}, "first": {quiz id: option}}``, as the Learn page keeps it.

Only the first try at a quiz counts: a wrong answer followed by the right one is a miss, since
trying every option would otherwise always score.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .lessons import Lesson


@dataclass(frozen=True)
class QuizStat:
    """One quiz across the class, counting each learner's first try only."""

    quiz: str
    answered: int          # learners who answered it
    right: int             # ... right at the first try
    top_wrong: str | None  # the wrong first answer chosen most often (ties: the first given)
    top_wrong_count: int

    @property
    def missed(self) -> int:
        return self.answered - self.right

    @property
    def share_right(self) -> float:
        return self.right / self.answered if self.answered else 0.0


def first_tries(rows: Iterable[Mapping[str, Any]]) -> dict[tuple[int, str], Mapping[str, Any]]:
    """Each learner's first answer to each quiz: ``{(learner_id, quiz): row}`` (the row of the
    lowest ``try_no``)."""
    out: dict[tuple[int, str], Mapping[str, Any]] = {}
    for row in rows:
        k = (int(row["learner_id"]), str(row["quiz"]))
        if k not in out or int(row["try_no"]) < int(out[k]["try_no"]):
            out[k] = row
    return out


def quiz_stats(rows: Iterable[Mapping[str, Any]]) -> list[QuizStat]:
    """Every quiz anyone answered, most missed at the first try first (then by quiz id)."""
    answered: Counter[str] = Counter()
    right: Counter[str] = Counter()
    wrong: dict[str, Counter[str]] = {}
    for (_, quiz), row in first_tries(rows).items():
        answered[quiz] += 1
        if row["correct"]:
            right[quiz] += 1
        else:
            wrong.setdefault(quiz, Counter())[str(row["answer"])] += 1
    stats = []
    for quiz in answered:
        top = wrong.get(quiz, Counter()).most_common(1)
        stats.append(QuizStat(quiz, answered[quiz], right[quiz],
                              top[0][0] if top else None, top[0][1] if top else 0))
    return sorted(stats, key=lambda s: (-s.missed, s.quiz))


def learner_scores(rows: Iterable[Mapping[str, Any]]) -> dict[int, tuple[int, int]]:
    """``{learner_id: (quizzes right at the first try, quizzes answered)}``."""
    out: dict[int, list[int]] = {}
    for (lid, _), row in first_tries(rows).items():
        score = out.setdefault(lid, [0, 0])
        score[0] += bool(row["correct"])
        score[1] += 1
    return {lid: (r, n) for lid, (r, n) in out.items()}


def score_grid(rows: Iterable[Mapping[str, Any]]) -> dict[int, dict[str, bool]]:
    """``{learner_id: {quiz: right at the first try}}`` for the quizzes each one answered."""
    grid: dict[int, dict[str, bool]] = {}
    for (lid, quiz), row in first_tries(rows).items():
        grid.setdefault(lid, {})[quiz] = bool(row["correct"])
    return grid


@dataclass(frozen=True)
class ProgressSummary:
    lessons_started: int
    lessons_done: int     # reached the last step
    lessons: int
    steps_seen: int       # steps up to the furthest one reached, summed over lessons
    steps: int
    current: str | None   # the title of the open lesson


def progress_summary(data: Mapping[str, Any] | None,
                     lessons: Sequence[Lesson]) -> ProgressSummary:
    """A learner's lesson progress in numbers; ``data`` may be None or malformed (then it
    counts as nothing done)."""
    steps_at = data.get("steps") if isinstance(data, Mapping) else None
    steps_at = steps_at if isinstance(steps_at, Mapping) else {}
    started = done = seen = 0
    for lesson in lessons:
        at = steps_at.get(lesson.slug)
        if not isinstance(at, int) or isinstance(at, bool) or at < 0:
            continue
        at = min(at, len(lesson.steps) - 1)
        started += 1
        seen += at + 1
        done += at == len(lesson.steps) - 1
    open_slug = data.get("lesson") if isinstance(data, Mapping) else None
    current = next((x.title for x in lessons if x.slug == open_slug), None)
    return ProgressSummary(started, done, len(lessons), seen,
                           sum(len(x.steps) for x in lessons), current)
