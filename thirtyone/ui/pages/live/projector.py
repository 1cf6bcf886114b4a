"""The teacher's view of the live lesson: what the projector shows (the item, the room's
answers growing as they arrive, the reveal) and the teacher's controls (back, lock, reveal,
next, an item picked on the fly, names on or off, end).

Nothing secret is on it: no teacher key, no token, no resume link; names only when the
teacher turns them on, and then as plain text (who has answered, never what).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import streamlit as st

from thirtyone.i18n import _, format_percent, ngettext
from thirtyone.store import ClassRow, Store, StoreError
from thirtyone.store import live as live_store
from thirtyone.teach import live
from thirtyone.ui.pages.live import charts, items
from thirtyone.ui.pages.live.view import draw_cards, reveal_text, show_error, start_session
from thirtyone.ui.widgets.headings import heading
from thirtyone.ui.widgets.html import Markup, style
from thirtyone.ui.widgets.plain import plain

POLL_S = 1.0          # the projector reads the room's answers this often
HERE_MIN = 10         # a student seen in the last minutes counts as here
BIG_CSS = """<style>
.st-key-t31_live_proj p, .st-key-t31_live_proj li {font-size: 1.35rem;}
.st-key-t31_live_proj h2 {font-size: 2.2rem;}
.st-key-t31_live_count p {font-size: 1.6rem; font-weight: 700;}
</style>"""


def projector(store: Store, klass: ClassRow) -> None:
    style(Markup(BIG_CSS))
    try:
        row = live_store.running(store, klass.id)
    except StoreError as e:
        show_error(e)
        return
    if row is None:
        _not_running(store, klass)
        return
    with st.container(key="t31_live_proj"):
        _item_head(row)
        _controls(store, row)
        st.fragment(run_every=POLL_S)(_room)(store, klass, row.id, row.version)
        _add_item(store, row)
        _end(store, row)


def _not_running(store: Store, klass: ClassRow) -> None:
    st.info(_("No live lesson is running. Start one: every student who opens this page (or "
              "the class page) sees the item you show, on their own device."))
    order = [items.shown(spec).label for spec in live.FIRST_ORDER]
    with st.expander(_("The running order ({n} items)").format(n=len(order))):
        for n, label in enumerate(order, 1):
            st.text(f"{n}. {label}")
    if st.button(_("Start a live lesson"), type="primary", icon=":material/play_arrow:",
                 key="t31_live_start"):
        if not start_session(store, klass):
            return
        st.rerun()
    _past(store, klass)


def _item_head(row: live_store.LiveRow) -> None:
    s = items.shown(row.item)
    state = {"open": _("answers open"), "locked": _("answers closed"),
             "revealed": _("answer shown")}[row.state]
    st.caption(_("Item {n} of {all} · {kind} · {state}").format(
        n=row.item_no + 1, all=len(row.items), kind=items.kind_word(s.kind), state=state))
    heading(s.question, 2)
    if s.context:
        st.write(s.context)
    draw_cards(s, big=True)


def _controls(store: Store, row: live_store.LiveRow) -> None:
    back, lock, reveal, nxt = st.columns(4)
    act: tuple[Any, ...] | None = None
    if back.button(_("Back"), icon=":material/arrow_back:", key="t31_live_back",
                   disabled=row.item_no == 0, width="stretch"):
        act = (live_store.go, row.item_no - 1)
    locked = row.state != "open"
    if lock.button(_("Reopen answers") if locked else _("Close answers"),
                   icon=":material/lock_open:" if locked else ":material/lock:",
                   key="t31_live_lock", width="stretch", disabled=row.state == "revealed",
                   help=_("Once the answer is shown, this item's answers stay closed.")
                   if row.state == "revealed" else None):
        act = (live_store.set_state, "open" if locked else "locked")
    if reveal.button(_("Reveal"), icon=":material/visibility:", key="t31_live_reveal",
                     disabled=row.state == "revealed", width="stretch", type="primary"):
        act = (live_store.set_state, "revealed")
    if nxt.button(_("Next"), icon=":material/arrow_forward:", key="t31_live_next",
                  disabled=row.item_no >= len(row.items) - 1, width="stretch"):
        act = (live_store.go, row.item_no + 1)
    if act is not None:
        try:
            act[0](store, row.id, act[1], seen=row.version)
        except (StoreError, live_store.LiveRefused) as e:
            show_error(e)
            return
        st.rerun()


def here_count(store: Store, klass: ClassRow) -> int:
    cut = dt.datetime.now(dt.timezone.utc) - dt.timedelta(minutes=HERE_MIN)
    seen = store.last_seen(klass.id)
    return sum(1 for when in seen.values()
               if (when if when.tzinfo else when.replace(tzinfo=dt.timezone.utc)) >= cut)


def _room(store: Store, klass: ClassRow, live_id: int, drawn: int) -> None:
    """The room's answers to the item, read again every ``POLL_S``; the whole page reruns
    when the session changed in another tab or process (its version moved on)."""
    try:
        row = live_store.get(store, live_id)
        if row is None or not row.running or row.version != drawn:
            st.rerun()
        s = items.shown(row.item)
        here = max(here_count(store, klass), 1)
        if s.kind == "experiment":
            _pooled(store, row, s, here)
        else:
            _answers(store, row, s, here)
    except StoreError as e:
        show_error(e)


def _answers(store: Store, row: live_store.LiveRow, s: items.Shown, here: int) -> None:
    got = live_store.answers(store, row.id, row.item_no)
    with st.container(key="t31_live_count"):
        st.markdown(ngettext("{n} of {here} here has answered.",
                             "{n} of {here} here have answered.", len(got)).format(
            n=len(got), here=max(here, len(got))))
    revealed = row.state == "revealed"
    if s.kind == "guess":
        vals = [int(a["answer"]) for a in got]
        st.plotly_chart(charts.guesses_chart(vals, s.exact if revealed else None),
                        width="stretch", key="t31_live_chart", config={"staticPlot": True})
        if revealed and s.exact is not None:
            close = sum(1 for v in vals if abs(v - 100 * s.exact) <= 10)
            st.markdown(s.why + " " + ngettext(
                "{n} guess of {all} was within 10 points of it.",
                "{n} guesses of {all} were within 10 points of it.", close).format(
                    n=close, all=len(vals)))
    else:
        counts = live.tally(len(s.options), [int(a["answer"]) for a in got])
        st.plotly_chart(charts.choices_chart(s.options, counts, s.correct if revealed else
                                             None), width="stretch", key="t31_live_chart",
                        config={"staticPlot": True})
        if revealed:
            reveal_text(s)
    if row.show_names and got:
        st.caption(_("Answered:") + " " + plain(", ".join(a["name"] for a in got)))


def _pooled(store: Store, row: live_store.LiveRow, s: items.Shown, here: int) -> None:
    e = s.experiment
    assert e is not None
    vals = live_store.results(store, row.id, row.item_no)
    dealt = live_store.dealers(store, row.id, row.item_no)
    p = live.pooled(e, vals)
    with st.container(key="t31_live_count"):
        st.markdown(_("{n} results from {k} of {here} here.").format(
            n=p.n, k=dealt, here=max(here, dealt)))
    if p.n:
        st.markdown(_("The class: {share} of its results are {event} (95 % band {low} to "
                      "{high}); exactly, {exact}.").format(
            share=format_percent(p.share, 1), event=s.event, low=format_percent(p.low, 1),
            high=format_percent(p.high, 1), exact=format_percent(p.exact, 1)))
        st.caption(_("In 95 of 100 classes that dealt as many, a band drawn like this one "
                     "holds the exact value; it narrows around it as the class deals more."))
    left, right = st.columns(2)
    left.plotly_chart(charts.pooled_chart(e, vals), width="stretch", key="t31_live_pool",
                      config={"staticPlot": True})
    right.plotly_chart(charts.walk_chart(e, vals), width="stretch", key="t31_live_walk",
                       config={"staticPlot": True})


def _add_item(store: Store, row: live_store.LiveRow) -> None:
    with st.expander(_("Add an item after this one"), icon=":material/add:"):
        kind = st.selectbox(_("Kind"), live.ITEM_KINDS, format_func=items.kind_word,
                            key="t31_live_add_kind")
        spec: dict[str, Any] | None = None
        if kind == "quiz":
            quizzes = items.course_quizzes()
            pick = st.selectbox(_("Quiz"), range(len(quizzes)),
                                format_func=lambda i: quizzes[i][1], key="t31_live_add_quiz")
            spec = {"kind": "quiz", "quiz": quizzes[pick or 0][0]}
            spec["options"] = len(items.shown(spec).options)
        elif kind == "guess":
            at_least = st.slider(_("Hands worth at least"), 10, 31, 25, key="t31_live_add_g")
            spec = {"kind": "guess", "guess": "dealt", "at_least": at_least,
                    "variant": "scat"}
        elif kind == "decision":
            players = st.slider(_("Players at the table"), 2, 5, 3, key="t31_live_add_p")
            spec = {"kind": "decision", "practice": "knock", "variant": "scat",
                    "players": players, "seed": len(row.items) * 7919 + row.id}
        else:
            exp = st.selectbox(_("Experiment"), live.EXPERIMENTS, key="t31_live_add_e",
                               format_func=lambda k: live.experiment_question(
                                   live.experiment({"experiment": k})))
            spec = {"kind": "experiment", "experiment": exp, "variant": "scat"}
        if st.button(_("Add and show it"), key="t31_live_add", icon=":material/add:"):
            try:
                live_store.add_item(store, row.id, spec, seen=row.version)
            except (StoreError, live_store.LiveRefused, ValueError) as e:
                show_error(e)
                return
            st.rerun()


def _end(store: Store, row: live_store.LiveRow) -> None:
    names, end = st.columns(2)
    on = names.toggle(_("Show who has answered (names)"), value=row.show_names,
                      key=f"t31_live_names_{row.version}")
    try:
        if on != row.show_names:
            live_store.show_names(store, row.id, on, seen=row.version)
            st.rerun()
        if end.button(_("End the live lesson"), icon=":material/stop:", key="t31_live_end"):
            live_store.end(store, row.id)
            st.rerun()
    except (StoreError, live_store.LiveRefused) as e:
        show_error(e)


def _past(store: Store, klass: ClassRow) -> None:
    done = [r for r in live_store.sessions(store, klass.id) if not r.running]
    if not done:
        return
    heading(_("Past live lessons"), 3, look=4)
    pick = st.selectbox(_("Replay"), range(len(done)), key="t31_live_past",
                        format_func=lambda i: _("{when}: {n} items").format(
                            when=done[i].created.strftime("%Y-%m-%d %H:%M"),
                            n=len(done[i].items)))
    row = done[pick or 0]
    no = st.number_input(_("Item"), 1, len(row.items), 1, key="t31_live_past_item") - 1
    s = items.shown(row.items[no])
    heading(s.question, 4)
    if s.kind == "experiment":
        assert s.experiment is not None
        vals = live_store.results(store, row.id, no)
        st.plotly_chart(charts.pooled_chart(s.experiment, vals), key="t31_live_past_chart")
        return
    got = live_store.answers(store, row.id, no)
    if s.kind == "guess":
        fig = charts.guesses_chart([int(a["answer"]) for a in got], s.exact)
    else:
        fig = charts.choices_chart(s.options, live.tally(len(s.options),
                                                         [int(a["answer"]) for a in got]),
                                   s.correct)
    st.plotly_chart(fig, key="t31_live_past_chart")
