"""The Teacher's plan page: one ready plan for a 45-minute period from zero to a reasoned
knock, each lesson's time with what to project and what to leave as homework, and how the
times were estimated (``teach.lesson_plan`` measures them from the lesson files)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from thirtyone.i18n import _, current, format_number, ngettext
from thirtyone.teach import lesson_plan as lp
from thirtyone.ui.shell import nav


@st.cache_data(show_spinner=False, max_entries=8)
def _plan(lang: str) -> tuple[list[lp.LessonTime], lp.Period]:
    return lp.course_plan(lang)


def clock(minute: int) -> str:
    """Minutes into the period as the teacher's clock reads it: 0:05, 0:45."""
    return f"{minute // 60}:{minute % 60:02d}"


def _minutes(m: float) -> str:
    n = lp.whole_minutes(m)
    return ngettext("{n} min", "{n} min", n).format(n=n)


def period_frame(times: list[lp.LessonTime], period: lp.Period) -> pd.DataFrame:
    """The period as a table: when, what, what to project, what is left for homework."""
    number = {lt.slug: i + 1 for i, lt in enumerate(times)}
    rows = []
    for s in period.slots:
        if s.lesson:
            what = _("Lesson {n}: {title}").format(n=number[s.what], title=s.lesson)
            project = "; ".join(s.steps) if s.steps else "—"
            home = "; ".join(s.homework) if s.homework else "—"
        else:
            what, project, home = _(s.what), "", ""
        rows.append({_("When"): f"{clock(s.start)}–{clock(s.start + s.minutes)}",
                     _("What"): what, _("Project (steps)"): project,
                     _("Whole steps left as homework"): home})
    return pd.DataFrame(rows)


def period_markdown(times: list[lp.LessonTime], period: lp.Period) -> str:
    """The period as a list a projector and a phone both read in full (a table cut the
    long cells)."""
    out = []
    for row in period_frame(times, period).to_dict("records"):
        when, what, project, home = row.values()
        line = f"- **{when}** — {what}"
        if project:
            line += "  \n  " + _("*Project:* {steps}").format(steps=project)
        if home and home != "—":
            line += "  \n  " + _("*Homework:* {steps}").format(steps=home)
        out.append(line)
    return "\n".join(out)


def lessons_frame(times: list[lp.LessonTime]) -> pd.DataFrame:
    """Every lesson: its whole time, the part to project and the part for homework."""
    rows = []
    for i, lt in enumerate(times, 1):
        extra = sum(max(0, s.quizzes - 1) for s in lt.steps)
        rows.append({
            _("Lesson"): f"{i}. {lt.title}",
            _("Time, all of it"): _minutes(lt.minutes),
            _("Project in class"): _("{time}: every step, with its first question answered "
                                     "together").format(time=_minutes(lt.in_class)),
            _("Homework"): (ngettext("{time}: {n} more question", "{time}: {n} more questions",
                                     extra).format(time=_minutes(lt.homework), n=extra)
                            if extra else _("nothing more")),
            _("Steps"): len(lt.steps), _("Questions"): lt.quizzes, _("Words"): lt.words})
    return pd.DataFrame(rows)


def method_text(times: list[lp.LessonTime], lang: str) -> str:
    """How the times were estimated, with the rates and what they give for lessons 1-7."""
    first = times[:lp.PLAN_LESSONS]
    return _(
        "Every time here is measured from the lesson files, the same way for each lesson, so a "
        "lesson that changes gets a new time. **Reading:** the words of a step (its text, "
        "each question, each plot's caption) at {wpm} words a minute, a pace for reading to "
        "learn, slower than reading for pleasure. **Questions:** {quiz} minute each (look at "
        "the cards, guess, read the answer and why), {knock} for a knock question. "
        "**Plots:** {plot} minutes with a slider to move, {still} without. **A round played "
        "in a lesson:** {round} minutes. **A row of cards:** {cards} minute. Times are "
        "rounded up to whole minutes. Lessons 1 to {k} take {all} read and answered in full, "
        "{proj} of it projected in class. These are estimates: a class that discusses a plot "
        "takes longer, a quick class less; time your own first period and compare.").format(
        wpm=lp.READING_WPM.get(lang, lp.READING_WPM["en"]),
        quiz=format_number(lp.QUIZ_MIN, 1), knock=format_number(lp.KNOCK_QUIZ_MIN, 1),
        plot=format_number(lp.PLOT_MIN, 1), still=format_number(lp.STILL_PLOT_MIN, 1),
        round=format_number(lp.ROUND_MIN, 1), cards=format_number(lp.CARDS_MIN, 2),
        k=lp.PLAN_LESSONS, all=_minutes(sum(x.minutes for x in first)),
        proj=_minutes(sum(x.in_class for x in first)))


def plan_page() -> None:
    lang = current()
    times, period = _plan(lang)
    st.title(_("Teacher's plan"))
    st.markdown(_("A ready plan for one {n}-minute period, from a class that has never played "
                  "to a knock each student can defend with numbers; then every lesson's time, "
                  "what to project and what to leave as homework.").format(n=lp.PERIOD_MIN))
    st.header(_("A {n}-minute period: from zero to a reasoned knock").format(
        n=lp.PERIOD_MIN), anchor="period")
    st.markdown(_("Project the Learn page and go through lessons 1 to {k} together: for each "
                  "step, read it aloud or let the class read, and before any answer is "
                  "shown let the class guess (hands up, or a show of cards). Answer each "
                  "step's first question together; its other questions are "
                  "homework.").format(k=lp.PLAN_LESSONS))
    st.markdown(period_markdown(times, period))
    if period.moved:
        st.markdown(_("To fit the period, whole steps move to homework: first the rule "
                      "details (a rule's value in one named game), then steps that practise "
                      "what an earlier step taught. The steps a reasoned knock rests on stay "
                      "in class."))
    st.markdown(_("**Homework:** about {time}: the further questions of each step and the "
                  "steps listed above, on the students' own devices (the Learn page "
                  "remembers each student's progress in a class).").format(
        time=_minutes(period.homework_minutes)))
    learn, play = st.columns(2)
    with learn:
        nav.link("learn", label=_("Open the lessons to project"), icon=":material/school:")
    with play:
        nav.link("play", label=_("Open Play for the round"), icon=":material/playing_cards:")
    st.header(_("Every lesson"), anchor="lessons")
    st.dataframe(lessons_frame(times), hide_index=True, width="stretch")
    st.header(_("How the times were estimated"), anchor="method")
    st.markdown(method_text(times, lang))
