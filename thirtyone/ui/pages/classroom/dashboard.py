"""The teacher's dashboard: who is in the class, their lesson progress, first-try scores per
quiz, the quizzes most often missed and the wrong answer chosen most, the class tables and
challenges, and a CSV of each. Only the Class page calls it, once the teacher key opened it.

Names and answers are shown as plain text: in tables (``st.dataframe`` does not read
Markdown) and in plotly charts with every label HTML-escaped (plotly reads a few tags).
"""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Callable

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from thirtyone.i18n import N_, _
from thirtyone.store import ClassRow, Store
from thirtyone.store import teacher as teacher_store
from thirtyone.teach import Quiz, learner_scores, progress_summary, quiz_stats, score_grid
from thirtyone.ui.pages.challenge import challenge
from thirtyone.ui.pages.class_table import class_table
from thirtyone.ui.pages.classroom import address
from thirtyone.ui.pages.learn.lessons import lessons, lessons_in, quiz_ids, shown_answer
from thirtyone.ui.pages.live import records
from thirtyone.ui.widgets.headings import heading
from thirtyone.ui.widgets.plain import plain

LABEL_MAX = 60  # characters of a quiz question on a chart axis
#: the frames' column ids (English, kept in the CSV files) as shown on the screen
COLUMN_WORDS = {
    "name": N_("name"), "last seen": N_("last seen"), "lessons finished": N_("lessons finished"),
    "lessons started": N_("lessons started"), "steps read": N_("steps read"),
    "open lesson": N_("open lesson"), "quizzes answered": N_("quizzes answered"),
    "right first time": N_("right first time"), "practice items": N_("practice items"),
    "practice right first time": N_("practice right first time"), "quiz": N_("quiz"), "question": N_("question"),
    "answered": N_("answered"), "% right": N_("% right"), "missed": N_("missed"),
    "wrong answer chosen most": N_("wrong answer chosen most"), "chosen by": N_("chosen by"),
}


def shown(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its column ids in the current language, for the screen."""
    return frame.rename(columns=lambda c: _(COLUMN_WORDS[c]) if c in COLUMN_WORDS else c)


def quiz_catalogue() -> dict[str, tuple[str, Quiz]]:
    """``{quiz id: (short label "L2 Q1", quiz)}`` for every quiz of every lesson."""
    out = {}
    for n, lesson in enumerate(lessons(), 1):
        for k, (qid, quiz) in enumerate(quiz_ids(lesson), 1):
            out[qid] = (f"L{n} Q{k}", quiz)
    return out


def shown_quizzes() -> dict[str, Quiz]:
    """``{quiz id: quiz}`` in the page's language, for what the teacher reads on screen (the
    CSV files keep the English of ``quiz_catalogue``)."""
    return {qid: quiz for lesson in lessons_in() for qid, quiz in quiz_ids(lesson)}


def chart_label(text: str, limit: int = LABEL_MAX) -> str:
    """Text for a plotly label: one line, cut to ``limit`` characters, HTML-escaped."""
    one = " ".join(str(text).split())
    if len(one) > limit:
        one = one[: limit - 1] + "…"
    return html.escape(one)


def csv_safe(frame: pd.DataFrame) -> pd.DataFrame:
    """A cell a spreadsheet would read as a formula (= + - @ first) gets a ' in front."""
    def fix(v: object) -> object:
        return "'" + v if isinstance(v, str) and v[:1] in ("=", "+", "-", "@") else v
    return frame.map(fix)


WHEN = "ISO 8601 date and time with time zone"
#: what each coded column of the CSV files holds, said in its header (English, like the ids)
CSV_HEADERS = {
    "last seen": f"last seen ({WHEN})", "at": f"at ({WHEN})",
    "open lesson": "open lesson (title of the lesson open now; empty = none)",
    "quiz": "quiz (L2 Q1 = lesson 2, quiz 1)",
    "try": "try (1 = first try, 2 = second...)",
    "right": "right (1 = right, 0 = wrong)",
    "status": "status (open = playing, over = game finished, closed = closed by the teacher)",
    "seats": "seats (in seat order; a bot with its level)",
    "rounds played": "rounds played (empty = record unreadable)",
    "challenge": "challenge (number of the challenge in this class)",
    "variant": "variant (the app's variant key or name)",
    "finished": "finished (1 = every round played, 0 = not yet)",
    "round": "round (1 = first; empty = no round finished yet)",
    "knocked": "knocked (1 = this student knocked, 0 = did not)",
    "knock turn": "knock turn (the student's own turn when they knocked, 1 = first)",
    "ended by": "ended by (knock, blitz = 31, fire = three aces, void = no scoring)",
    "knocker": "knocker (who knocked; empty = nobody)",
    "outcome": "outcome (minus the lives lost, or the points or chips won)",
    "won": "won (1 = won the round, 0 = did not)",
    "rank": "rank (1 = best score)",
}


def _iso(v: object) -> object:
    if v is None or v is pd.NaT:     # a row without a time (an experiment's answer time)
        return None
    if isinstance(v, pd.Timestamp):
        v = v.to_pydatetime()
    if isinstance(v, dt.datetime):
        if v.tzinfo is None:  # the store keeps UTC (SQLite hands it back without a zone)
            v = v.replace(tzinfo=dt.timezone.utc)
        return v.isoformat(timespec="seconds")
    return v


def _column(col: pd.Series) -> pd.Series:
    """One column for a spreadsheet: times in ISO 8601 with their zone, yes/no as 1/0,
    whole numbers without a decimal point."""
    vals = [v for v in col if v is not None and v is not pd.NaT
            and not (isinstance(v, float) and pd.isna(v))]
    if not vals:
        return col
    if all(isinstance(v, (dt.datetime, pd.Timestamp)) for v in vals):
        return col.map(_iso)
    if all(isinstance(v, bool) for v in vals) or str(col.dtype) == "bool":
        return col.map(lambda v: v if v is None or pd.isna(v) else int(bool(v))).astype("Int64")
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals) and all(
            float(v).is_integer() for v in vals):
        return col.astype("Float64").astype("Int64")
    return col


def csv_bytes(frame: pd.DataFrame) -> bytes:
    """``frame`` as a CSV file for a spreadsheet: UTF-8 with a byte-order mark (Excel then
    reads Cyrillic right), ISO 8601 times, whole numbers whole, coded columns explained in
    their headers, and formula-like cells neutralised."""
    safe = csv_safe(frame)
    cols = {}
    for c in frame.columns:
        col = _column(safe[c])
        # kept as Python objects: a column with a gap must not turn whole numbers into floats
        cols[CSV_HEADERS.get(c, c)] = pd.Series(
            [None if pd.isna(v) else v for v in col], index=frame.index, dtype=object)
    out = pd.DataFrame(cols, index=frame.index)
    return out.to_csv(index=False).encode("utf-8-sig")


def _ago(when: dt.datetime | None) -> str:
    if when is None:
        return ""
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    mins = int((dt.datetime.now(dt.timezone.utc) - when).total_seconds() // 60)
    if mins < 1:
        return _("just now")
    if mins < 60:
        return _("{n} min ago").format(n=mins)
    if mins < 48 * 60:
        return _("{n} h ago").format(n=mins // 60)
    return when.strftime("%Y-%m-%d")


def students_frame(store: Store, klass: ClassRow) -> pd.DataFrame:
    people = store.class_learners(klass.id)
    seen = store.last_seen(klass.id)
    prog = store.class_progress(klass.id)
    scores = learner_scores(store.class_answers(klass.id))
    practice = store.class_practice(klass.id)
    all_lessons = lessons()
    rows = []
    for p in people:
        s = progress_summary(prog.get(p.id), all_lessons)
        right, answered = scores.get(p.id, (0, 0))
        rows.append({"name": p.name, "last seen": seen.get(p.id),
                     "lessons finished": s.lessons_done, "lessons started": s.lessons_started,
                     "steps read": s.steps_seen, "open lesson": s.current or "",
                     "quizzes answered": answered, "right first time": right,
                     "practice items": practice.get(p.id, (0, 0))[0],
                     "practice right first time": practice.get(p.id, (0, 0))[1]})
    return pd.DataFrame(rows, columns=["name", "last seen", "lessons finished",
                                       "lessons started", "steps read", "open lesson",
                                       "quizzes answered", "right first time",
                                       "practice items", "practice right first time"])


def answers_frame(store: Store, klass: ClassRow) -> pd.DataFrame:
    cat = quiz_catalogue()
    rows = [{"name": a["name"], "quiz": cat.get(a["quiz"], (a["quiz"], None))[0],
             "question": cat[a["quiz"]][1].question if a["quiz"] in cat else "",
             "try": a["try_no"], "answer": a["answer"], "right": bool(a["correct"]),
             "at": a["at"]} for a in store.class_answers(klass.id)]
    return pd.DataFrame(rows, columns=["name", "quiz", "question", "try", "answer", "right",
                                       "at"])


def quiz_frame(answers: list[dict]) -> pd.DataFrame:
    """The quizzes' figures for the screen: each question and wrong answer in the page's
    language (the store keeps the English option)."""
    cat = quiz_catalogue()
    here = shown_quizzes()
    rows = []
    for s in quiz_stats(answers):
        label, quiz = cat.get(s.quiz, (s.quiz, None))
        shown = here.get(s.quiz, quiz)
        wrong = s.top_wrong or ""
        if wrong and isinstance(shown, Quiz) and isinstance(quiz, Quiz):
            wrong = shown_answer(shown, quiz, wrong) or wrong
        rows.append({"quiz": label, "question": shown.question if shown else "",
                     "answered": s.answered, "right first time": s.right,
                     "% right": round(100 * s.share_right), "missed": s.missed,
                     "wrong answer chosen most": wrong,
                     "chosen by": s.top_wrong_count})
    return pd.DataFrame(rows, columns=["quiz", "question", "answered", "right first time",
                                       "% right", "missed", "wrong answer chosen most",
                                       "chosen by"])


def missed_chart(quizzes: pd.DataFrame, top: int = 10) -> go.Figure | None:
    """Bars: the quizzes most often missed at the first try, each labelled with the wrong
    answer chosen most; the question is in the hover text. None if nobody missed one."""
    missed = quizzes[quizzes["missed"] > 0].head(top).iloc[::-1]
    if missed.empty:
        return None
    rows = missed.to_dict("records")
    # short labels: on a phone the bars keep room (the whole question is in the hover text
    # and in the table under the chart)
    ys = [f"{r['quiz']} · {chart_label(r['question'], 22)}" for r in rows]
    text = [html.escape(_("most chose {answer} ({n})")).format(
                answer=chart_label(r["wrong answer chosen most"], 30), n=r["chosen by"])
            for r in rows]
    hover = [chart_label(r["question"], 120) + "<br>" + html.escape(
                _("missed by {n} of {all}").format(n=r["missed"], all=r["answered"]))
             for r in rows]
    fig = go.Figure(go.Bar(x=list(missed["missed"]), y=ys, orientation="h", text=text,
                           # inside the bar: outside it, a phone cut the words off at the
                           # screen's edge; too small to read, they hide (the table under
                           # the chart has them)
                           textposition="inside", insidetextanchor="start",
                           hovertext=hover, hoverinfo="text",
                           marker_color="#c0392b"))
    # no title inside the chart: Plotly does not wrap it, and a phone cut it off (the page
    # writes it above the chart)
    fig.update_layout(height=90 + 40 * len(ys), margin={"l": 10, "r": 10, "t": 10, "b": 30},
                      xaxis_title=_("students who missed it"), yaxis={"automargin": True},
                      xaxis={"dtick": 1}, uniformtext={"minsize": 9, "mode": "hide"})
    return fig


def _download(label: str, make: Callable[[], pd.DataFrame], name: str, key: str) -> None:
    """A CSV download made when it is clicked (``make`` reads the class then), so the file
    is as of the click, and an open dashboard does not build four files every refresh."""
    st.download_button(label, lambda: csv_bytes(make()), file_name=name,
                       mime="text/csv; charset=utf-8", key=key, icon=":material/download:",
                       on_click="ignore")


DASH_SECONDS = 3.0  # the dashboard reads the class again this often while it is open


def dashboard(store: Store, klass: ClassRow) -> None:
    """The dashboard of ``klass`` (the caller has checked the teacher key). What students
    change (arrivals, answers, tables) shows by itself within ``DASH_SECONDS``."""
    head, refresh = st.columns([4, 1], vertical_alignment="bottom")
    heading(_("Dashboard: {name}"), 2, look=3, container=head, name=klass.name)
    head.caption(_("Join code {code}").format(code=klass.code))
    refresh.button(_("Refresh"), icon=":material/refresh:", key="t31_dash_refresh",
                   width="stretch")
    heading(_("Live lesson"), 3, look=4)
    records.live_box(store, klass)
    _live_class(store, klass)
    heading(_("Class tables"), 3, look=4)
    class_table.make_table_box(store, klass)
    _live_tables(store, klass)
    heading(_("Challenges"), 3, look=4)
    challenge.teacher_challenges(store, klass)
    _downloads(store, klass)


@st.fragment(run_every=DASH_SECONDS)
def _live_class(store: Store, klass: ClassRow) -> None:
    students = students_frame(store, klass)
    answers = store.class_answers(klass.id)
    quizzes = quiz_frame(answers)
    heading(_("Students ({n})").format(n=len(students)), 3, look=4)
    if students.empty:
        st.info(_("Nobody has joined yet: show the join code to the class."))
    else:
        screen = students.assign(**{"last seen": students["last seen"].map(_ago)})
        st.dataframe(shown(screen), hide_index=True, width="stretch", key="t31_dash_students")
        _resume_links(store, klass)
    heading(_("Quizzes"), 3, look=4)
    if quizzes.empty:
        st.caption(_("No quiz answered yet."))
    else:
        fig = missed_chart(quizzes)
        if fig is not None:
            st.caption(_("Quizzes most often missed at the first try"))
            st.plotly_chart(fig, width="stretch", key="t31_dash_missed",
                            config={"displayModeBar": False})
        st.dataframe(shown(quizzes), hide_index=True, width="stretch", key="t31_dash_quizzes")
        _grid(answers)


@st.fragment(run_every=DASH_SECONDS)
def _live_tables(store: Store, klass: ClassRow) -> None:
    class_table.tables_list(store, klass)


def _downloads(store: Store, klass: ClassRow) -> None:
    """The five CSV files; each is read from the store when its button is clicked, so this
    part of the page needs no refresh of its own."""
    heading(_("Download (CSV)"), 3, look=4)
    st.caption(_("The files keep their column names in English in every language, so a "
                 "spreadsheet or a script reads them the same way."))
    cols = st.columns(5)
    with cols[0]:
        _download(_("Students"), lambda: students_frame(store, klass), "students.csv",
                  "t31_csv_students")
    with cols[1]:
        _download(_("Answers"), lambda: answers_frame(store, klass), "answers.csv",
                  "t31_csv_answers")
    with cols[2]:
        _download(_("Tables"), lambda: class_table.tables_frame(store, klass), "tables.csv",
                  "t31_csv_tables")
    with cols[3]:
        _download(_("Challenges"), lambda: challenge.challenges_frame(store, klass),
                  "challenges.csv", "t31_csv_challenges")
    with cols[4]:
        _download(_("Live lessons"), lambda: records.live_frame(store, klass), "live.csv",
                  "t31_csv_live")


RESUME_NEW = "t31_dash_resume"   # {learner id: new resume token} made in this session


def _resume_links(store: Store, klass: ClassRow) -> None:
    """A student who lost their resume link: the teacher makes a new one (the old one stops
    working; only its hash is kept, so it cannot be shown again) and shows it with a QR."""
    people = {p.id: p.name for p in store.class_learners(klass.id)}
    made = st.session_state.setdefault(RESUME_NEW, {})
    with st.expander(_("A student lost their resume link"), icon=":material/key:",
                     expanded=False):
        st.caption(_("A new link brings the student back to their progress and seats; their "
                     "old link stops working. Show it to that student only."))
        pick, go = st.columns([3, 2], vertical_alignment="bottom")
        lid = pick.selectbox(_("Student"), list(people), key="t31_dash_resume_who",
                             format_func=lambda i: people.get(i, ""))
        if go.button(_("Make a new resume link"), key="t31_dash_resume_go",
                     icon=":material/autorenew:", width="stretch") and lid is not None:
            tok = teacher_store.renew_resume_token(store, klass.id, int(lid))
            if tok is not None:
                made.clear()
                made[int(lid)] = tok
        for learner_id, tok in list(made.items()):
            if learner_id not in people:
                continue
            link = full_link_to_resume(tok)
            with st.container(border=True, key=f"t31_dash_resume_{learner_id}"):
                st.markdown(_("New resume link for **{name}**:").format(
                    name=plain(people[learner_id])))
                text, qr = st.columns([3, 1], vertical_alignment="center")
                text.code(link, language=None, wrap_lines=True)
                with qr:
                    st.image(address.qr_svg(link), width="stretch")
                if st.button(_("Hide the link"), key=f"t31_dash_resume_hide_{learner_id}",
                             icon=":material/visibility_off:"):
                    made.pop(learner_id, None)
                    st.rerun(scope="fragment")


def full_link_to_resume(token: str) -> str:
    """The resume link of a token, on the address students reach (``address``)."""
    base = address.public_base()
    return f"{base.url}/class?me={token}"


def _grid(answers: list[dict]) -> None:
    """Students x quizzes: ✓ right first time, ✗ missed, blank not answered."""
    names = {a["learner_id"]: a["name"] for a in answers}
    cat = quiz_catalogue()
    grid = score_grid(answers)
    order = [q for q in cat if any(q in g for g in grid.values())]
    rows = [{_("name"): names[lid], **{cat[q][0]: ("✓" if g[q] else "✗") if q in g else ""
                                    for q in order}}
            for lid, g in sorted(grid.items(), key=lambda x: names[x[0]].casefold())]
    with st.expander(_("First try per student and quiz"), icon=":material/grid_on:"):
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch",
                     key="t31_dash_grid")
