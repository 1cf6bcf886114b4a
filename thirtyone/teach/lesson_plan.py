"""How long each lesson takes, what to project and what to leave as homework, and a plan
for one 45-minute period from zero to a reasoned knock (issue 26, item 8).

The times are **estimates from the lesson files**, measured the same way for every lesson
(nothing is typed in by hand, so a lesson that grows gets a longer time):

- reading: the words a student reads in the step (its prose, each quiz's question, each
  plot's caption), at ``READING_WPM`` words a minute in the lesson's language: a pace for
  reading to learn, slower than reading for pleasure (Russian and Ukrainian words are
  longer, so fewer of them fit in a minute);
- each quiz: ``QUIZ_MIN`` (look at the cards, guess, read the answer and why), a knock quiz
  ``KNOCK_QUIZ_MIN`` (two options with their chances to compare);
- each plot: ``PLOT_MIN`` with a slider to move, ``STILL_PLOT_MIN`` without;
- each round played in the lesson: ``ROUND_MIN``; each row of cards shown: ``CARDS_MIN``;
  any other block a student acts on (a guess, a practice item): ``OTHER_MIN``.

In class a step is **projected**: its text, cards and plots, and its first quiz answered
together (the class guesses, then sees). A step's further quizzes are **homework**: the same
idea practised alone.

>>> t = lesson_times(load_lessons())
>>> all(x.minutes > 0 for x in t)
True
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..i18n import N_
from .blocks import Link, Plot, Teaches
from .lessons import Cards, Lesson, Step, Text, load_lessons
from .quiz import Quiz

READING_WPM = {"en": 140, "ru": 115, "uk": 115}   # words a minute, reading to learn
QUIZ_MIN = 1.0
KNOCK_QUIZ_MIN = 1.5
PLOT_MIN = 1.5
STILL_PLOT_MIN = 0.5
ROUND_MIN = 4.0
CARDS_MIN = 0.25
OTHER_MIN = 1.0

PERIOD_MIN = 45
OPENING_MIN = 2     # the class sits down, the projector shows the Learn page
PLAY_MIN = 8        # one round of Play on the projector, each knock reasoned aloud
CLOSING_MIN = 2     # what we learnt, the homework
PLAN_LESSONS = 7    # lessons 1 to 7: from zero to a reasoned knock

WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def words(text: str) -> int:
    """Words a student reads in ``text`` (Markdown marks, numbers and card codes aside)."""
    return len(WORD.findall(re.sub(r"`[^`]*`|\]\([^)]*\)", " ", text)))


@dataclass(frozen=True)
class StepTime:
    title: str
    words: int
    quizzes: int
    reading: float       # minutes
    acting: float        # minutes: quizzes, plots, rounds, cards
    in_class: float      # minutes: reading, cards, plots, rounds and the first quiz
    homework: float      # minutes: the step's further quizzes
    teaches: tuple[str, ...]
    rests_on: tuple[str, ...]
    detail: bool = False   # only rule details: a rule's value in a named game, another game

    @property
    def minutes(self) -> float:
        return self.reading + self.acting


@dataclass(frozen=True)
class LessonTime:
    slug: str
    title: str
    steps: tuple[StepTime, ...]

    @property
    def minutes(self) -> float:
        return sum(s.minutes for s in self.steps)

    @property
    def in_class(self) -> float:
        return sum(s.in_class for s in self.steps)

    @property
    def homework(self) -> float:
        return sum(s.homework for s in self.steps)

    @property
    def words(self) -> int:
        return sum(s.words for s in self.steps)

    @property
    def quizzes(self) -> int:
        return sum(s.quizzes for s in self.steps)


def _quiz_min(q: Quiz) -> float:
    return KNOCK_QUIZ_MIN if q.kind == "knock" else QUIZ_MIN


DETAIL_KINDS = ("option", "which_variant")


def step_time(step: Step, lang: str = "en", variant: str = "") -> StepTime:
    """The measured time of one step (see the module's notes for the rates)."""
    wpm = READING_WPM.get(lang, READING_WPM["en"])
    n_words, acting, first_quiz, more_quizzes, rests = 0, 0.0, 0.0, 0.0, []
    quizzes = 0
    for b in step.blocks:
        if isinstance(b, Text):
            n_words += words(b.markdown)
        elif isinstance(b, Quiz):
            n_words += words(b.question)
            rests += list(b.rests_on)
            quizzes += 1
            if quizzes == 1:
                first_quiz += _quiz_min(b)
            else:
                more_quizzes += _quiz_min(b)
        elif isinstance(b, Plot):
            n_words += words(b.caption)
            acting += PLOT_MIN if b.controls else STILL_PLOT_MIN
        elif isinstance(b, Cards):
            acting += CARDS_MIN * len(b.rows)
        elif isinstance(b, (Teaches, Link)):
            pass    # hidden, or a way out of the lesson
        elif type(b).__name__ == "MiniRound":
            acting += ROUND_MIN
        else:       # a block added later that the student acts on (a guess, practice)
            acting += OTHER_MIN
    reading = n_words / wpm
    qs = step.quizzes
    detail = bool(qs) and all(q.kind in DETAIL_KINDS or (variant and q.variant != variant)
                              for q in qs)
    return StepTime(step.title, n_words, quizzes, reading, acting + first_quiz + more_quizzes,
                    reading + acting + first_quiz, more_quizzes, step.teaches,
                    tuple(dict.fromkeys(rests)), detail)


def lesson_times(lessons: list[Lesson], lang: str = "en") -> list[LessonTime]:
    return [LessonTime(x.slug, x.title, tuple(step_time(s, lang, x.variant) for s in x.steps))
            for x in lessons]


def whole_minutes(m: float) -> int:
    """A time shown to a teacher: whole minutes, rounded up (never less than 1)."""
    return max(1, math.ceil(m - 1e-9))


# --- the 45-minute period ----------------------------------------------------------------

@dataclass(frozen=True)
class Slot:
    """One part of the period: ``start`` and ``minutes`` in whole minutes; ``what`` is an
    ``N_`` msgid (with ``{lesson}`` / ``{steps}`` fields) or a lesson's title."""

    start: int
    minutes: int
    what: str
    lesson: str = ""                 # the lesson's title, for a lesson slot
    steps: tuple[str, ...] = ()      # the steps projected in it
    homework: tuple[str, ...] = ()   # steps of this lesson left as homework (whole)


@dataclass(frozen=True)
class Period:
    slots: tuple[Slot, ...]
    homework_minutes: int            # the further quizzes and the steps moved home
    moved: tuple[tuple[str, str], ...]  # (lesson title, step title) moved home to fit

    @property
    def minutes(self) -> int:
        return self.slots[-1].start + self.slots[-1].minutes if self.slots else 0


def needed_steps(times: list[LessonTime], upto: int) -> set[tuple[str, str]]:
    """(lesson slug, step title) of the steps among the first ``upto`` lessons that the
    period keeps in class: every step of the last lesson, every step teaching a concept
    the last lesson's quizzes rest on, and every step that teaches a concept (its
    ``teaches`` block) and is not only a rule detail. The others are
    practice or examples of what an earlier step taught, or rule details: homework can take
    them."""
    chosen = times[:upto]
    need = {(chosen[-1].slug, s.title) for s in chosen[-1].steps}
    used = {c for s in chosen[-1].steps for c in s.rests_on}   # what the last lesson needs
    need |= {(lt.slug, s.title) for lt in chosen for s in lt.steps
             if s.teaches and (not s.detail or set(s.teaches) & used)}
    return need


def plan_period(times: list[LessonTime], lessons: int = PLAN_LESSONS,
                period: int = PERIOD_MIN) -> Period:
    """The first ``lessons`` lessons and a round of Play in one period: each lesson's steps
    projected (text, plots and the first quiz of each step); further quizzes are homework.
    If that is longer than the period, whole steps go home too, until it fits: first the
    steps of rule details (every quiz asks a rule's value in a named game, or about another
    game than the lesson's), then steps that teach no new concept (practice, examples); the
    latest first within each, never a step of the last lesson (``needed_steps``)."""
    chosen = times[:lessons]
    need = needed_steps(times, lessons)
    home: set[tuple[str, str]] = set()
    budget = period - OPENING_MIN - PLAY_MIN - CLOSING_MIN

    def in_class() -> float:
        return sum(whole_minutes(sum(s.in_class for s in lt.steps if (lt.slug, s.title)
                                     not in home)) for lt in chosen)

    # First the steps of rule details (a rule's value in a named game, another game's rule),
    # then steps that teach no new concept; the latest first within each.
    later_first = [(lt.slug, s) for lt in reversed(chosen) for s in reversed(lt.steps)
                   if (lt.slug, s.title) not in need]
    spare = [(slug, s.title) for slug, s in later_first if s.detail] + \
            [(slug, s.title) for slug, s in later_first if not s.detail]
    while in_class() > budget and spare:
        home.add(spare.pop(0))
    slots = [Slot(0, OPENING_MIN, N_("Open the Learn page on the projector; say the goal: by "
                                     "the end, knock for a reason you can say in numbers."))]
    t = OPENING_MIN
    for lt in chosen:
        kept = tuple(s.title for s in lt.steps if (lt.slug, s.title) not in home)
        gone = tuple(s.title for s in lt.steps if (lt.slug, s.title) in home)
        m = whole_minutes(sum(s.in_class for s in lt.steps if s.title in kept))
        slots.append(Slot(t, m, lt.slug, lt.title, kept, gone))
        t += m
    slots.append(Slot(t, PLAY_MIN, N_("One round of Play on the projector (Scat, three "
                                      "players, the hint on): before every knock the class "
                                      "says the chances it was shown and decides.")))
    t += PLAY_MIN
    slots.append(Slot(t, CLOSING_MIN, N_("Close: one sentence each on when to knock; give "
                                         "the homework.")))
    hw = sum(lt.homework for lt in chosen) + sum(
        s.in_class for lt in chosen for s in lt.steps if (lt.slug, s.title) in home)
    moved = tuple((lt.title, s.title) for lt in chosen for s in lt.steps
                  if (lt.slug, s.title) in home)
    return Period(tuple(slots), whole_minutes(hw) if hw else 0, moved)


def course_plan(lang: str = "en") -> tuple[list[LessonTime], Period]:
    """Every lesson's times in ``lang`` and the 45-minute plan."""
    times = lesson_times(load_lessons(lang=lang), lang)
    return times, plan_period(times)


__all__ = ["CARDS_MIN", "CLOSING_MIN", "KNOCK_QUIZ_MIN", "OPENING_MIN", "OTHER_MIN",
           "PERIOD_MIN", "PLAN_LESSONS", "PLAY_MIN", "PLOT_MIN", "QUIZ_MIN", "READING_WPM",
           "ROUND_MIN", "STILL_PLOT_MIN", "LessonTime", "Period", "Slot", "StepTime",
           "course_plan", "lesson_times", "needed_steps", "plan_period", "step_time",
           "whole_minutes", "words"]
