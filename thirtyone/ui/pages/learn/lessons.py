"""The Learn page's widgets: lesson list, one step at a time, quizzes with feedback.

Progress lives in ``st.session_state[PROGRESS_KEY]`` (plain data, not widget state), so it
survives switching to another page and back: the open lesson, the step per lesson, the
last answer given to each quiz and the first (a quiz counts as right only on the first try).

With the class store it also survives a reload, a restart and another browser: every change
is written for this tab's learner (one working alone is made on the first change, which puts
the resume token ``me`` in the URL), every answer is recorded for the teacher's dashboard,
and a new session with a token reads the progress back before anything is drawn.

Languages: the page shows each lesson in the session's language (``lessons/<lang>/``, else
English), but progress is language-free: it is keyed by the lesson's file name, and an answer
is kept as the English lesson's option at the same place (``canonical_answer``), so a
language switch keeps every step and answer, and the class store and the teacher's dashboard
always read English options (``lessons()`` is the English course).
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable
from typing import Any

import streamlit as st

from thirtyone.core import VARIANTS, Card
from thirtyone.i18n import _, current, ngettext, use_language
from thirtyone.store import StoreError
from thirtyone.teach import (
    Cards,
    Guess,
    Lesson,
    Link,
    MiniRound,
    Plot,
    Practice,
    Quiz,
    Teaches,
    Text,
    load_lessons,
)
from thirtyone.ui.pages.learn import lesson_round
from thirtyone.ui.pages.learn.guess_block import show_guess
from thirtyone.ui.pages.learn.lesson_blocks import said, show_link, show_plot
from thirtyone.ui.pages.learn.practice_block import show_practice
from thirtyone.ui.shell import identity
from thirtyone.ui.shell.store import UNAVAILABLE, store_or_none
from thirtyone.ui.widgets.cards import CARD_CSS, coloured_cards, hand_html
from thirtyone.ui.widgets.headings import heading
from thirtyone.ui.widgets.html import Markup, join, markup, script, show
from thirtyone.ui.widgets.link_hook import refresh_link
from thirtyone.ui.widgets.styles import stylesheet

# How each live block is drawn: (block, where it is: "slug/step/block") -> None. Another
# block type (the mini-round, ui/lesson_round.py) adds itself here.
BLOCK_DRAWERS: dict[type, Callable[[Any, str], None]] = {
    Plot: show_plot,
    Link: lambda block, where: show_link(block),
    Guess: show_guess,
    Practice: lambda block, where: show_practice(block, where, open_step),
}

PROGRESS_KEY = "learn_progress"
LOADED_KEY = "learn_loaded_for"   # the resume token whose stored progress this session holds
SAVE_ERROR = "learn_save_error"   # why the last change could not be kept (shown once)

# Big, calm text: teachers project this page.
LESSON_CSS = stylesheet("lessons.css")


# One course per language for the whole process, as st.cache_resource kept it, but read
# without its lookup (hashing the argument, its replay bookkeeping: about 1 % of the server's
# CPU in a class of 100, where a page asks for the course several times a run). The lock
# makes the sessions that open at once wait for one reading instead of each reading it.
_COURSES: dict[str, list[Lesson]] = {}
_COURSE_LOCK = threading.Lock()


def _course(lang: str) -> list[Lesson]:
    found = _COURSES.get(lang)
    if found is None:
        with _COURSE_LOCK:
            found = _COURSES.get(lang)
            if found is None:
                with use_language(lang):   # the engine's words in the quizzes, in that language
                    found = _COURSES[lang] = load_lessons(lang=lang)
    return found


def reload_lessons() -> None:
    """Read the lesson files again, in every language, the next time they are asked for."""
    with _COURSE_LOCK:
        _COURSES.clear()


def lessons() -> list[Lesson]:
    """The course in English: what progress, the store and the dashboard are checked by."""
    return _course("en")


def lessons_in(lang: str | None = None) -> list[Lesson]:
    """The course as the page shows it, in ``lang`` (default: the session's language)."""
    return _course(lang or current())


def _en_quiz(qid: str) -> Any:
    slug = qid.split("/", 1)[0]
    for lesson in lessons():
        if lesson.slug == slug:
            return dict(quiz_ids(lesson)).get(qid)
    return None


def _paired(shown: Quiz, english: Quiz) -> bool:
    """Whether the two languages' quizzes list the same options in the same places (the
    same count and the same right ones); a showdown's options are sorted by their words, so
    names in another language may put them in another order."""
    return len(shown.options) == len(english.options) and shown.correct == english.correct


def canonical_answer(shown: Quiz, english: Quiz | None, choice: str) -> str:
    """The English option kept for ``choice``, an option of ``shown`` (the page's language):
    the one at the same place, or, when the two differ in order, one as right (or wrong)."""
    if english is None or shown is english or choice not in shown.options:
        return choice
    i = shown.options.index(choice)
    if _paired(shown, english):
        return english.options[i]
    want = i in shown.correct
    return next((o for j, o in enumerate(english.options) if (j in english.correct) == want),
                english.options[0])


def shown_answer(shown: Quiz, english: Quiz | None, answer: str | None) -> str | None:
    """The option of ``shown`` for a kept (English) answer; None if it is none of them."""
    if answer is None or english is None or shown is english:
        return answer if answer is None or answer in shown.options else None
    if answer not in english.options:
        return None
    i = english.options.index(answer)
    if _paired(shown, english):
        return shown.options[i]
    want = i in english.correct
    return next((o for j, o in enumerate(shown.options) if (j in shown.correct) == want), None)


def empty_progress() -> dict:
    return {"lesson": None, "steps": {}, "answers": {}, "first": {}}


def progress() -> dict:
    """The learner's progress: ``{"lesson": slug, "steps": {slug: i}, "answers": {id: opt},
    "first": {id: opt}}``; ``first`` keeps the first answer to each quiz."""
    if PROGRESS_KEY not in st.session_state:
        st.session_state[PROGRESS_KEY] = empty_progress()
    st.session_state[PROGRESS_KEY].setdefault("first", {})
    return st.session_state[PROGRESS_KEY]


def checked_progress(data: object) -> dict:
    """Stored progress made safe to use: only known lessons, steps in range, and answers
    that are options of their quiz; anything else is dropped."""
    out = empty_progress()
    if not isinstance(data, dict):
        return out
    by_slug = {x.slug: x for x in lessons()}
    quizzes = {qid: q for x in by_slug.values() for qid, q in quiz_ids(x)}
    data = renamed(data, lessons())
    if data.get("lesson") in by_slug:
        out["lesson"] = data["lesson"]
    steps = data.get("steps")
    for slug, i in (steps.items() if isinstance(steps, dict) else ()):
        if slug in by_slug and isinstance(i, int) and 0 <= i < len(by_slug[slug].steps):
            out["steps"][slug] = i
    for part in ("answers", "first"):
        given = data.get(part)
        for qid, opt in (given.items() if isinstance(given, dict) else ()):
            if qid in quizzes and opt in quizzes[qid].options:
                out[part][qid] = opt
    return out


def renamed(data: dict, all_lessons: list[Lesson]) -> dict:
    """Stored progress with every old lesson name (a lesson's ``formerly``) turned into the
    lesson's name now; what the new lesson no longer has is dropped by the caller."""
    now = {x.slug for x in all_lessons}
    old = {f: x.slug for x in all_lessons for f in x.formerly if f not in now}
    if not old:
        return data

    def new_id(qid: object) -> object:
        slug, sep, rest = str(qid).partition("/")
        return f"{old[slug]}/{rest}" if sep and slug in old else qid

    out = dict(data)
    if data.get("lesson") in old:
        out["lesson"] = old[data["lesson"]]
    steps = data.get("steps")
    if isinstance(steps, dict):
        out["steps"] = {old.get(k, k): v for k, v in steps.items()
                        if k not in old or old[k] not in steps}
    for part in ("answers", "first"):
        given = data.get(part)
        if isinstance(given, dict):
            moved = {q: o for q, o in given.items() if new_id(q) == q}  # names now win
            for qid, opt in given.items():
                moved.setdefault(new_id(qid), opt)
            out[part] = moved
    return out


def restore() -> None:
    """Once per resume token: put the learner's stored progress into the session (a reload,
    a restart or another browser with the resume link), before anything is drawn."""
    tok = identity.token()
    if not tok or st.session_state.get(LOADED_KEY) == tok:
        return
    store = store_or_none()
    learner = identity.current_learner(store) if store is not None else None
    if learner is None:
        return
    st.session_state[LOADED_KEY] = tok
    stored = store.progress(learner.id)  # type: ignore[union-attr]
    if stored is None:
        return
    st.session_state[PROGRESS_KEY] = checked_progress(stored)
    for k in [k for k in st.session_state if str(k).startswith("t31quiz_")]:
        del st.session_state[k]  # the answer boxes re-seed from the restored answers


def _save(answer: tuple[str, str, bool] | None = None) -> None:
    """Write the progress (and an answer: quiz id, option, right?) for this tab's learner."""
    store = store_or_none()
    if store is None:
        return
    try:
        learner = identity.ensure_learner(store)
        if learner is None:
            return
        st.session_state[LOADED_KEY] = identity.token()
        store.save_progress(learner.id, progress(), answer)   # one transaction
    except StoreError as e:
        st.session_state[SAVE_ERROR] = str(e)
    except Exception:  # noqa: BLE001 - the database went away: say so, keep the lesson going
        st.session_state[SAVE_ERROR] = UNAVAILABLE


def quiz_id(lesson: Lesson, step: int, n: int) -> str:
    return f"{lesson.slug}/{step}/{n}"


def quiz_ids(lesson: Lesson) -> list[tuple[str, Quiz]]:
    return [(quiz_id(lesson, i, n), q) for i, s in enumerate(lesson.steps)
            for n, q in enumerate(s.quizzes)] + lesson_round.round_ids(lesson)  # type: ignore


def scores(lesson: Lesson) -> tuple[int, int, int]:
    """(right at the first try, right now (solved, at any try), quizzes) for a lesson."""
    prog = progress()
    ids = quiz_ids(lesson)
    first = sum(1 for qid, q in ids if qid in prog["first"]
                and q.check(prog["first"][qid]).correct)
    now = sum(1 for qid, q in ids if qid in prog["answers"]
              and q.check(prog["answers"][qid]).correct)
    return first, now, len(ids)


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
    progress()["steps"].setdefault(slug, 0)
    _save()


def _move(slug: str, step: int) -> None:
    progress()["steps"][slug] = step
    _save()


def open_step(slug: str, step: int) -> None:
    """Open lesson ``slug`` at ``step`` (from 0; a practice's link back to what taught it)."""
    known = {x.slug: x for x in lessons()}
    if slug not in known:
        return
    progress()["lesson"] = slug
    progress()["steps"][slug] = max(0, min(step, len(known[slug].steps) - 1))
    _save()


def _next_lesson(slug: str) -> None:
    progress()["lesson"] = slug
    progress()["steps"][slug] = 0
    _save()


def forget_progress() -> None:
    """This session's progress starts afresh (nothing in the store is changed)."""
    st.session_state[PROGRESS_KEY] = empty_progress()
    st.session_state.pop(LOADED_KEY, None)
    for k in [k for k in st.session_state if str(k).startswith("t31quiz_")]:
        del st.session_state[k]
    lesson_round.forget_rounds()


def _reset() -> None:
    forget_progress()
    _save()


def _answered(qid: str, widget_key: str, quiz: Quiz) -> None:
    choice = st.session_state.get(widget_key)
    if choice is None:
        progress()["answers"].pop(qid, None)
        _save()
    else:
        english = _en_quiz(qid)
        kept = canonical_answer(quiz, english, str(choice))
        progress()["answers"][qid] = kept
        progress()["first"].setdefault(qid, kept)
        _save((qid, kept, (english or quiz).check(kept).correct))


def _round_finished(rid: str) -> None:
    """A mini-round played to its end counts like a quiz solved (once); the page is drawn
    again so the lesson list above already counts it."""
    if rid not in progress()["answers"]:
        progress()["answers"][rid] = progress()["first"].setdefault(rid, lesson_round.FINISHED)
        _save((rid, lesson_round.FINISHED, True))
        st.rerun()


# --- drawing ---------------------------------------------------------------------------

def _cards_row(label: str, cards: tuple[Card, ...]) -> Markup:
    head = markup('<div class="t31-rowlabel">{}</div>', said(label)) if label else Markup("")
    return head + hand_html(cards, size="lg" if len(cards) <= 3 else "md")


def show_cards(block: Cards) -> None:
    show(CARD_CSS + join(_cards_row(r.label, r.cards) for r in block.rows))


def show_quiz(quiz: Quiz, qid: str) -> None:
    english = _en_quiz(qid)
    with st.container(border=True):
        if quiz.kind == "likelier":
            st.caption(_("Quiz · counted exactly by the engine"))
        else:
            st.caption(_("Quiz · checked by the engine under {variant}").format(
                variant=_(VARIANTS[quiz.variant].name)))
        show(markup('<div class="t31-question">{}</div>', said(quiz.question)))
        if quiz.context:
            show(markup('<div class="t31-rowlabel">{}</div>', quiz.context))
        if len(quiz.cards) > 2:  # several players' hands: smaller cards, name beside them
            rows = [markup('<div class="t31-player"><div class="t31-rowlabel">{}'
                           '</div>{}</div>', said(name), hand_html(cards, size="md"))
                    for name, cards in quiz.cards.items()]
            show(CARD_CSS + join(rows))
        elif quiz.cards:
            rows = []
            for label, cards in quiz.cards.items():
                if label == "hand":
                    title = _("Your hand") if quiz.kind != "value" else ""
                elif label == "middle":
                    title = _("Middle")
                else:
                    title = said(label)
                rows.append(_cards_row(title, cards))
            show(CARD_CSS + join(rows))
        # one answer box per language (English keeps the plain key): a switch re-seeds it
        lang = current()
        widget_key = ("t31quiz_" + qid + ("" if lang == "en" else "_" + lang)
                      ).replace("/", "_").replace("-", "_")
        kept = progress()["answers"].get(qid)
        answer = shown_answer(quiz, english, kept)
        if widget_key not in st.session_state and answer is not None:
            st.session_state[widget_key] = answer  # restore after a page switch
        st.pills(_("Your answer"), quiz.options, key=widget_key, on_change=_answered,
                 args=(qid, widget_key, quiz), label_visibility="collapsed",
                 format_func=coloured_cards)
        if answer is not None:
            fb = quiz.check(answer)
            first = progress()["first"].get(qid, kept)
            if fb.correct and (english or quiz).check(first).correct:
                st.success(fb.message, icon=":material/check_circle:")
            elif fb.correct:  # right now, but not at the first try: it does not count
                st.info(_("Solved on a later try. {feedback}").format(feedback=fb.message),
                        icon=":material/replay:")
                st.caption(_("Only a first-try answer counts towards your score."))
            else:
                st.error(fb.message, icon=":material/cancel:")


def lesson_list(all_lessons: list[Lesson], current_slug: str) -> None:
    """The lessons as buttons, in the page's language; scores from the English course."""
    english = {x.slug: x for x in lessons()}
    prog = progress()   # read once: each read goes through the session state's proxy
    answered = prog["answers"].keys() | prog["first"].keys()
    heading(_("Lessons"), 2, look=4)
    for n, lesson in enumerate(all_lessons, 1):
        right, now, total = scores(english.get(lesson.slug, lesson))
        mark = " ✓" if total and right == total else ""
        st.button(f"{n}. {said(lesson.title)}{mark}", key=f"t31lesson_{lesson.slug}",
                  on_click=_open, args=(lesson.slug,), width="stretch",
                  type="primary" if lesson.slug == current_slug else "secondary",
                  help=_("{summary} ({right} of {total} quizzes right first time)").format(
                      summary=said(lesson.summary), right=right, total=total))
        if total and any(qid in answered for qid, _quiz in quiz_ids(lesson)):
            st.caption(_("First try {right}/{total}, solved {now}/{total}").format(
                right=right, now=now, total=total))
    counts = [solved(lesson) for lesson in english.values()]
    done = sum(c[0] for c in counts)
    total = sum(c[1] for c in counts)
    st.progress(done / total if total else 0.0,
                text=ngettext("{done} of {total} quiz right first time",
                              "{done} of {total} quizzes right first time",
                              total).format(done=done, total=total))
    st.button(_("Start again"), key="t31learn_reset", on_click=_reset,
              icon=":material/restart_alt:",
              help=_("Forget every answer and go back to the first lesson (e.g. for a new "
                     "class)."))


# A new step opens at its top: "Next" at the foot of a long step (on a phone, many screens
# down) would otherwise leave the next step's foot in view. Only when the step changed and
# its top is above the window; the first step a page shows stays where the page opens.
STEP_TOP = """<script>(function () {
  const at = "%s";
  const was = window.t31StepAt;
  window.t31StepAt = at;
  if (was === undefined || was === at) return;
  const box = document.querySelector('.st-key-t31lesson');
  if (box && box.getBoundingClientRect().top < 0) box.scrollIntoView({block: 'start'});
})();</script>"""


def show_lesson(lesson: Lesson, all_lessons: list[Lesson]) -> None:
    steps = lesson.steps
    i = min(progress()["steps"].get(lesson.slug, 0), len(steps) - 1)
    step = steps[i]
    # the slug is one of the course's own (tests/test_lessons.py: COURSE), the step a number
    script(Markup(STEP_TOP % f"{lesson.slug}/{i}"))
    st.markdown(f"## {html.escape(said(lesson.title))}")
    st.progress((i + 1) / len(steps), text=_("Step {n} of {total}: {title}").format(
        n=i + 1, total=len(steps), title=said(step.title)))
    st.markdown(f"### {said(step.title)}")
    n = 0
    for k, block in enumerate(step.blocks):
        if isinstance(block, Text):
            st.markdown(said(block.markdown))
        elif isinstance(block, Cards):
            show_cards(block)
        elif isinstance(block, MiniRound):
            lesson_round.show_round(block, lesson_round.round_id(lesson, i), _round_finished)
        elif isinstance(block, Quiz):
            show_quiz(block, quiz_id(lesson, i, n))
            n += 1
        elif type(block) in BLOCK_DRAWERS:
            BLOCK_DRAWERS[type(block)](block, f"{lesson.slug}/{i}/{k}")
        elif not isinstance(block, Teaches):  # hidden
            raise TypeError(f"No drawing for the lesson block {type(block).__name__}.")
    _step_buttons(lesson, all_lessons, i)


def _step_buttons(lesson: Lesson, all_lessons: list[Lesson], i: int) -> None:
    """Previous and Next (or Next lesson) at the two ends of one row, each as wide as its
    words, so neither is cut on a narrow screen; after the last lesson a full-width message."""
    last = i + 1 >= len(lesson.steps)
    k = [x.slug for x in all_lessons].index(lesson.slug)
    nxt = all_lessons[k + 1] if k + 1 < len(all_lessons) else None
    with st.container(horizontal=True, horizontal_alignment="distribute",
                      key="t31stepbuttons"):
        st.button(_("◀ Previous"), key="t31step_prev", disabled=i == 0,
                  on_click=_move, args=(lesson.slug, i - 1))
        if not last:
            st.button(_("Next ▶"), key="t31step_next", type="primary",
                      on_click=_move, args=(lesson.slug, i + 1))
        elif nxt is not None:
            st.button(_("Next lesson ▶"), key="t31step_next", type="primary",
                      on_click=_next_lesson, args=(nxt.slug,), help=said(nxt.title))
    if last and nxt is None:
        st.success(_("You have reached the end of the course. Well played!"),
                   icon=":material/emoji_events:")


def learn_page() -> None:
    restore()
    learn_body()


@st.fragment
def learn_body() -> None:
    """The lesson list and the open lesson. A click here (a step, an answer, another lesson)
    runs this fragment, not the whole page with the sidebar around it (issue 25 item 18: in
    a class of 100, most of the server's work for a student in a lesson); at its end the URL
    and the sidebar's class link are written again, as the shell writes them after a page."""
    if SAVE_ERROR in st.session_state:
        st.warning(st.session_state.pop(SAVE_ERROR), icon=":material/cloud_off:")
    all_lessons = lessons_in()
    prog = progress()
    slugs = [x.slug for x in all_lessons]
    if prog["lesson"] not in slugs:
        prog["lesson"] = slugs[0]
    show(LESSON_CSS)
    left, right = st.columns([1.4, 3], gap="large")
    with left, st.container(key="t31lessonlist"):
        lesson_list(all_lessons, prog["lesson"])
    with right, st.container(key="t31lesson"):
        show_lesson(all_lessons[slugs.index(prog["lesson"])], all_lessons)
    refresh_link()
