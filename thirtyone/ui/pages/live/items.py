"""What an item of the live lesson shows, in the language of whoever looks at it: the question,
the cards, the options, and what the reveal says (the engine's answer with each option's
cost, the exact value of a guess, the exact chance an experiment estimates).

A quiz item is a quiz of the course found by its id in the course of the viewer's language:
the options stand in the same order in every language, so an answer is kept as its index and
the room's counts add up across languages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from thirtyone.core import Card
from thirtyone.i18n import _, current, format_percent, use_language
from thirtyone.teach import Practice, live, make_item
from thirtyone.ui.pages.learn.lessons import lessons_in, quiz_ids


@dataclass
class Shown:
    kind: str
    question: str
    options: list[str] = field(default_factory=list)
    correct: set[int] = field(default_factory=set)
    cards: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    context: str = ""
    why: str = ""                       # what the reveal says
    costs: list[tuple[str, str]] = field(default_factory=list)
    exact: float | None = None          # a guess's exact chance
    experiment: live.Experiment | None = None
    event: str = ""                     # the experiment's event, in words
    label: str = ""                     # a short name for the running order


def kind_word(kind: str) -> str:
    return {"quiz": _("Quiz"), "guess": _("Guess"), "decision": _("Decision"),
            "experiment": _("Class experiment")}.get(kind, kind)


@st.cache_resource(max_entries=256, show_spinner=False)
def _resolve(key: str, lang: str, spec: tuple[tuple[str, Any], ...]) -> Shown:
    with use_language(lang):
        return _build(dict(spec))


def shown(spec: dict[str, Any]) -> Shown:
    """The item in the current language (kept: a decision's position is costed once)."""
    frozen = tuple(sorted((k, v) for k, v in spec.items() if not isinstance(v, (list, dict))))
    return _resolve(repr(frozen), current(), frozen)


def _build(spec: dict[str, Any]) -> Shown:
    kind = spec["kind"]
    if kind == "quiz":
        for lesson in lessons_in():
            for qid, q in quiz_ids(lesson):
                if qid == spec["quiz"]:
                    return Shown(kind, q.question, list(q.options), set(q.correct),
                                 dict(q.cards), q.context, q.summary,
                                 label=f"{lesson.title}: {q.question}")
        return Shown(kind, _("This quiz is no longer in the course."), label=spec["quiz"])
    if kind == "guess":
        g = live.guess(spec)
        value = live.guess_exact(spec)
        return Shown(kind, g.question, exact=value,
                     why=_("The exact value is {p}: the engine counts every possible deal.")
                     .format(p=format_percent(value, 1)), label=g.question)
    if kind == "decision":
        item = make_item(Practice("knock", spec["variant"], int(spec["players"]), None),
                         int(spec["seed"]))
        return Shown(kind, item.prompt, list(item.options), set(item.correct),
                     dict(item.cards), item.context, item.why, list(item.costs),
                     label=f"{item.prompt} ({item.context})")
    e = live.experiment(spec)
    want = live.event_chance(e)
    return Shown(kind, live.experiment_question(e), experiment=e, exact=want,
                 event=live.event_words(e), label=live.experiment_question(e),
                 why=_("Exactly, {p} of all results are {event}.").format(
                     p=format_percent(want, 1), event=live.event_words(e)))


def course_quizzes() -> list[tuple[str, str]]:
    """``(quiz id, "L7: question")`` for every quiz of the course, in the current language."""
    out = []
    for n, lesson in enumerate(lessons_in(), 1):
        for qid, q in quiz_ids(lesson):
            one = " ".join(q.question.split())
            out.append((qid, f"L{n}: {one[:90]}"))
    return out


def answer_text(s: Shown, raw: str | None) -> str:
    """A kept answer as words: the option, or the guess's per cent."""
    if raw is None:
        return ""
    if s.kind == "guess":
        return f"{raw} %"
    try:
        return s.options[int(raw)]
    except (ValueError, IndexError):
        return ""
