"""The Learn page's widgets: lesson list, one step at a time, quizzes with feedback.

Progress lives in ``st.session_state[PROGRESS_KEY]`` (plain data, not widget state), so it
survives switching to another page and back: the open lesson, the step per lesson, the
last answer given to each quiz and the first (a quiz counts as right only on the first try).
"""

from __future__ import annotations

import html

import streamlit as st

from thirtyone.ui.cards import CARD_CSS, coloured_cards, hand_html

from ..core.cards import Card
from ..core.rules import VARIANTS
from ..teach.lessons import Cards, Lesson, Quiz, Text, load_lessons
from .styles import stylesheet

PROGRESS_KEY = "learn_progress"

# Big, calm text: teachers project this page.
LESSON_CSS = stylesheet("lessons.css")


@st.cache_resource
def lessons() -> list[Lesson]:
    return load_lessons()


def progress() -> dict:
    """The learner's progress: ``{"lesson": slug, "steps": {slug: i}, "answers": {id: opt},
    "first": {id: opt}}``; ``first`` keeps the first answer to each quiz."""
    if PROGRESS_KEY not in st.session_state:
        st.session_state[PROGRESS_KEY] = {"lesson": None, "steps": {}, "answers": {},
                                          "first": {}}
    st.session_state[PROGRESS_KEY].setdefault("first", {})
    return st.session_state[PROGRESS_KEY]


def quiz_id(lesson: Lesson, step: int, n: int) -> str:
    return f"{lesson.slug}/{step}/{n}"


def quiz_ids(lesson: Lesson) -> list[tuple[str, Quiz]]:
    return [(quiz_id(lesson, i, n), q) for i, s in enumerate(lesson.steps)
            for n, q in enumerate(s.quizzes)]


def solved(lesson: Lesson) -> tuple[int, int]:
    """(quizzes answered right at the first try, quizzes) for a lesson. A quiz answered
    wrong and then right does not count: trying every option would always score."""
    first = progress()["first"]
    ids = quiz_ids(lesson)
    right = sum(1 for qid, q in ids if qid in first and q.check(first[qid]).correct)
    return right, len(ids)


# --- callbacks (run before the rerun) ----------------------------------------------------

def _open(slug: str) -> None:
    progress()["lesson"] = slug


def _move(slug: str, step: int) -> None:
    progress()["steps"][slug] = step


def _next_lesson(slug: str) -> None:
    progress()["lesson"] = slug
    progress()["steps"][slug] = 0


def _reset() -> None:
    st.session_state[PROGRESS_KEY] = {"lesson": None, "steps": {}, "answers": {}, "first": {}}
    for k in [k for k in st.session_state if str(k).startswith("t31quiz_")]:
        del st.session_state[k]


def _answered(qid: str, widget_key: str) -> None:
    choice = st.session_state.get(widget_key)
    if choice is None:
        progress()["answers"].pop(qid, None)
    else:
        progress()["answers"][qid] = choice
        progress()["first"].setdefault(qid, choice)


# --- drawing ---------------------------------------------------------------------------

def _cards_row(label: str, cards: tuple[Card, ...]) -> str:
    head = f'<div class="t31-rowlabel">{html.escape(label)}</div>' if label else ""
    return head + hand_html(cards, size="lg" if len(cards) <= 3 else "md")


def show_cards(block: Cards) -> None:
    st.markdown(CARD_CSS + "".join(_cards_row(r.label, r.cards) for r in block.rows),
                unsafe_allow_html=True)


def show_quiz(quiz: Quiz, qid: str) -> None:
    with st.container(border=True):
        if quiz.kind == "likelier":
            st.caption("Quiz · counted exactly by the engine")
        else:
            st.caption(f"Quiz · checked by the engine under {VARIANTS[quiz.variant].name}")
        st.markdown(f'<div class="t31-question">{html.escape(quiz.question)}</div>',
                    unsafe_allow_html=True)
        if len(quiz.cards) > 2:  # several players' hands: smaller cards, name beside them
            rows = [f'<div class="t31-player"><div class="t31-rowlabel">{html.escape(name)}'
                    f'</div>{hand_html(cards, size="md")}</div>'
                    for name, cards in quiz.cards.items()]
            st.markdown(CARD_CSS + "".join(rows), unsafe_allow_html=True)
        elif quiz.cards:
            rows = []
            for label, cards in quiz.cards.items():
                title = {"hand": "Your hand" if quiz.kind != "value" else "",
                         "middle": "Middle"}.get(label, label)
                rows.append(_cards_row(title, cards))
            st.markdown(CARD_CSS + "".join(rows), unsafe_allow_html=True)
        widget_key = "t31quiz_" + qid.replace("/", "_").replace("-", "_")
        answer = progress()["answers"].get(qid)
        if widget_key not in st.session_state and answer is not None:
            st.session_state[widget_key] = answer  # restore after a page switch
        st.pills("Your answer", quiz.options, key=widget_key, on_change=_answered,
                 args=(qid, widget_key), label_visibility="collapsed", format_func=coloured_cards)
        if answer is not None:
            fb = quiz.check(answer)
            first = progress()["first"].get(qid, answer)
            if fb.correct and quiz.check(first).correct:
                st.success(fb.message, icon=":material/check_circle:")
            elif fb.correct:  # right now, but not at the first try: it does not count
                st.info(f"Solved on a later try. {fb.message}", icon=":material/replay:")
                st.caption("Only a first-try answer counts towards your score.")
            else:
                st.error(fb.message, icon=":material/cancel:")


def lesson_list(all_lessons: list[Lesson], current: str) -> None:
    st.markdown("#### Lessons")
    for n, lesson in enumerate(all_lessons, 1):
        right, total = solved(lesson)
        mark = " ✓" if total and right == total else ""
        st.button(f"{n}. {lesson.title}{mark}", key=f"t31lesson_{lesson.slug}",
                  on_click=_open, args=(lesson.slug,), width="stretch",
                  type="primary" if lesson.slug == current else "secondary",
                  help=f"{lesson.summary} ({right} of {total} quizzes right first time)")
    done = sum(solved(lesson)[0] for lesson in all_lessons)
    total = sum(solved(lesson)[1] for lesson in all_lessons)
    st.progress(done / total if total else 0.0,
                text=f"{done} of {total} quizzes right first time")
    st.button("Start again", key="t31learn_reset", on_click=_reset, icon=":material/restart_alt:",
              help="Forget every answer and go back to the first lesson (e.g. for a new class).")


def show_lesson(lesson: Lesson, all_lessons: list[Lesson]) -> None:
    steps = lesson.steps
    i = min(progress()["steps"].get(lesson.slug, 0), len(steps) - 1)
    step = steps[i]
    st.markdown(f"## {html.escape(lesson.title)}")
    st.progress((i + 1) / len(steps), text=f"Step {i + 1} of {len(steps)}: {step.title}")
    st.markdown(f"### {step.title}")
    n = 0
    for block in step.blocks:
        if isinstance(block, Text):
            st.markdown(block.markdown)
        elif isinstance(block, Cards):
            show_cards(block)
        else:
            show_quiz(block, quiz_id(lesson, i, n))
            n += 1
    _step_buttons(lesson, all_lessons, i)


def _step_buttons(lesson: Lesson, all_lessons: list[Lesson], i: int) -> None:
    """Previous and Next (or Next lesson) at the two ends of one row, each as wide as its
    words, so neither is cut on a narrow screen; after the last lesson a full-width message."""
    last = i + 1 >= len(lesson.steps)
    k = [x.slug for x in all_lessons].index(lesson.slug)
    nxt = all_lessons[k + 1] if k + 1 < len(all_lessons) else None
    with st.container(horizontal=True, horizontal_alignment="distribute",
                      key="t31stepbuttons"):
        st.button("◀ Previous", key="t31step_prev", disabled=i == 0,
                  on_click=_move, args=(lesson.slug, i - 1))
        if not last:
            st.button("Next ▶", key="t31step_next", type="primary",
                      on_click=_move, args=(lesson.slug, i + 1))
        elif nxt is not None:
            st.button("Next lesson ▶", key="t31step_next", type="primary",
                      on_click=_next_lesson, args=(nxt.slug,), help=nxt.title)
    if last and nxt is None:
        st.success("You have reached the end of the course. Well played!",
                   icon=":material/emoji_events:")


def learn_page() -> None:
    all_lessons = lessons()
    prog = progress()
    slugs = [x.slug for x in all_lessons]
    if prog["lesson"] not in slugs:
        prog["lesson"] = slugs[0]
    st.markdown(LESSON_CSS, unsafe_allow_html=True)
    left, right = st.columns([1.4, 3], gap="large")
    with left, st.container(key="t31lessonlist"):
        lesson_list(all_lessons, prog["lesson"])
    with right, st.container(key="t31lesson"):
        show_lesson(all_lessons[slugs.index(prog["lesson"])], all_lessons)
