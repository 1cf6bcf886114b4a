"""A student's device in the live lesson: the item the teacher shows now, the answer controls on
the first screen (the options side by side, a guess's slider, an experiment's "Deal"), then,
when the teacher reveals, their own answer against the room's and the engine's answer with
each option's cost.

The device asks the store once a second whether the session moved on (one small query); the
page is drawn again only then. What the student sent is read back from the store, so a
reload, a new tab or a restart shows it as it was.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from thirtyone.i18n import _, format_percent, ngettext
from thirtyone.store import Learner, Store, StoreError
from thirtyone.store import live as live_store
from thirtyone.teach import live
from thirtyone.ui.pages.live import charts, items
from thirtyone.ui.pages.live.view import draw_cards, reveal_text, show_error
from thirtyone.ui.shell import nav
from thirtyone.ui.widgets.cards import coloured_cards
from thirtyone.ui.widgets.headings import heading
from thirtyone.ui.widgets.plain import plain

POLL_S = 1.0
SENT = "t31_live_sent"        # the last refusal or confirmation, shown once after a rerun
SMALL = 14                    # a phone's chart type


def student(store: Store, learner: Learner) -> None:
    assert learner.class_id is not None
    try:
        row = live_store.running(store, learner.class_id)
    except StoreError as e:
        show_error(e)
        return
    st.fragment(run_every=POLL_S)(_watch)(store, learner.class_id,
                                          None if row is None else (row.id, row.version))
    if row is None:
        st.info(_("No live lesson is running for your class just now. Keep this page open: "
                  "the teacher's first item appears here by itself."))
        nav.link("class", label=_("Back to your class"), icon=":material/groups:")
        return
    s = items.shown(row.item)
    state = {"open": _("answer now"), "locked": _("answers closed"),
             "revealed": _("answer shown")}[row.state]
    st.caption(_("Item {n} of {all} · {kind} · {state}").format(
        n=row.item_no + 1, all=len(row.items), kind=items.kind_word(s.kind), state=state))
    heading(s.question, 2, look=4)
    if s.context:
        st.write(s.context)
    draw_cards(s)
    said = st.session_state.pop(SENT, None)
    if isinstance(said, tuple):
        (st.error if said[0] == "error" else st.success)(plain(said[1]))
    if s.kind == "experiment":
        _experiment(store, row, s, learner)
        return
    try:
        mine = _mine(store, row, learner)
        if s.kind == "guess":
            _guess(store, row, s, learner, mine)
        else:
            _choose(store, row, s, learner, mine)
        if row.state == "revealed":
            _revealed(store, row, s, mine)
    except StoreError as e:     # busy just now: said in one sentence, the next poll draws it
        show_error(e)
        return
    if row.state == "locked":
        st.info(_("Answers are closed: watch the projector for the answer."))


def _watch(store: Store, class_id: int, drawn: tuple[int, int] | None) -> None:
    """Every ``POLL_S``: draw the page again if the session started, moved or ended."""
    try:
        now = live_store.version(store, class_id)
    except StoreError:   # busy just now: the next poll asks again
        return
    if now != drawn:
        st.rerun()


def _mine(store: Store, row: live_store.LiveRow, learner: Learner) -> str | None:
    for a in live_store.answers(store, row.id, row.item_no):
        if a["learner_id"] == learner.id:
            return str(a["answer"])
    return None


def _send(store: Store, row: live_store.LiveRow, learner: Learner, raw: Any) -> None:
    try:
        live_store.answer(store, row.id, row.item_no, learner, raw)
    except (live_store.LiveRefused, StoreError) as e:
        st.session_state[SENT] = ("error", str(e))
        return
    st.session_state[SENT] = ("ok", _("Your answer is in. You can change it until the "
                                      "answers close."))


def _choose(store: Store, row: live_store.LiveRow, s: items.Shown, learner: Learner,
            mine: str | None) -> None:
    """One button per option, the student's own answer marked; a tap sends it at once."""
    kept = int(mine) if mine is not None and mine.isdigit() else None
    for i, option in enumerate(s.options):
        label = coloured_cards(option)
        if st.button(f"✓ {label}" if i == kept else label,
                     key=f"t31_live_pick_{row.id}_{row.item_no}_{i}",
                     type="primary" if i == kept else "secondary",
                     disabled=row.state != "open", width="stretch"):
            _send(store, row, learner, i)
            st.rerun()
    if mine is None and row.state == "open":
        st.caption(_("Tap your answer: it is sent at once, and you can change it until the "
                     "answers close."))


def _guess(store: Store, row: live_store.LiveRow, s: items.Shown, learner: Learner,
           mine: str | None) -> None:
    kept = int(mine) if mine is not None and mine.isdigit() else 50
    with st.form(f"t31_live_guess_{row.id}_{row.item_no}", border=False):
        value = st.slider(_("Your guess (%)"), 0, 100, kept, step=1,
                          disabled=row.state != "open",
                          key=f"t31_live_guess_{row.id}_{row.item_no}_{row.version}")
        sent = st.form_submit_button(_("Change my guess") if mine is not None
                                     else _("Send my guess"), type="primary",
                                     disabled=row.state != "open", icon=":material/send:")
    if sent:
        _send(store, row, learner, value)
        st.rerun()
    if mine is not None and row.state == "open":
        st.caption(_("Your guess in the room: {p} %. You can change it until the answers "
                     "close.").format(p=mine))


def _revealed(store: Store, row: live_store.LiveRow, s: items.Shown, mine: str | None) -> None:
    got = live_store.answers(store, row.id, row.item_no)
    if mine is None:
        st.info(_("You did not answer this one."))
    else:
        st.markdown(_("**Your answer:** {answer}").format(
            answer=plain(items.answer_text(s, mine))))
    if s.kind == "guess":
        vals = [int(a["answer"]) for a in got]
        st.plotly_chart(charts.guesses_chart(vals, s.exact, int(mine) if mine else None,
                                             font=SMALL), width="stretch",
                        key="t31_live_mine_chart", config={"staticPlot": True})
        if s.exact is not None:
            st.success(s.why)
            if mine is not None:
                st.markdown(_("You were {d} points away.").format(
                    d=round(abs(int(mine) - 100 * s.exact))))
        return
    counts = live.tally(len(s.options), [int(a["answer"]) for a in got])
    reveal_text(s)
    st.plotly_chart(charts.choices_chart(s.options, counts, s.correct, font=SMALL),
                    width="stretch", key="t31_live_mine_chart", config={"staticPlot": True})


def _experiment(store: Store, row: live_store.LiveRow, s: items.Shown,
                learner: Learner) -> None:
    e = s.experiment
    assert e is not None
    try:
        mine = live_store.results(store, row.id, row.item_no, learner.id)
    except StoreError as err:
        show_error(err)
        return
    presses = len(mine) // max(1, e.per_press)
    if st.button(_("Deal"), type="primary", icon=":material/playing_cards:",
                 key=f"t31_live_deal_{row.id}_{row.item_no}",
                 disabled=row.state != "open" or presses >= live.MAX_PRESSES):
        try:
            mine += live_store.deal(store, row.id, row.item_no, learner)
        except (live_store.LiveRefused, StoreError) as err:
            show_error(err)
    if row.state != "open":
        st.info(_("Dealing is closed: watch the class's results on the projector."))
    if not mine:
        st.caption(_("Each press deals {k} results for the class, with your own seed; the "
                     "projector pools everyone's.").format(k=e.per_press))
        return
    hits = sum(1 for v in mine if live.is_hit(e, v))
    st.markdown(ngettext("You have dealt **{n}** result; {hits} of them: {event}.",
                         "You have dealt **{n}** results; {hits} of them: {event}.", len(mine))
                .format(n=len(mine), hits=hits, event=s.event) + " "
                + _("Your share: {share}; exactly, {exact}.").format(
                    share=format_percent(hits / len(mine), 0),
                    exact=format_percent(s.exact or 0.0, 1)))
    last = mine[-e.per_press:]
    st.caption(_("Your last deal: {values}").format(
        values=", ".join(charts.value_name(e, v) for v in last)))
    if row.state == "revealed":
        st.plotly_chart(charts.pooled_chart(e, live_store.results(store, row.id, row.item_no),
                                            font=SMALL), width="stretch",
                        key="t31_live_mine_chart", config={"staticPlot": True})
