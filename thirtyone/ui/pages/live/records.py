"""The live lessons on the teacher's dashboard: a box that starts one (or says which item the
running one shows) with the way to the projector view, and every session's items and answers
as a table for the CSV download (first answer per student and item)."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from thirtyone.i18n import _, use_language
from thirtyone.store import ClassRow, Store, StoreError
from thirtyone.store import live as live_store
from thirtyone.teach import live
from thirtyone.ui.pages.live import items
from thirtyone.ui.pages.live.view import show_error, start_session
from thirtyone.ui.shell import nav

#: the CSV's columns, and what each coded one holds (said in its header, in English)
COLUMNS = ["session", "started", "item", "kind", "question", "name", "first answer",
           "answer", "changes", "right", "first answered at", "results dealt",
           "results with the event"]
WHEN = "ISO 8601 date and time with time zone"
HEADERS = {
    "started": f"started ({WHEN})",
    "first answered at": f"first answered at ({WHEN})",
    "session": "session (1 = the class's first live lesson)",
    "item": "item (1 = first of the running order)",
    "kind": "kind (quiz, guess, decision or experiment)",
    "first answer": "first answer (the option's text, or a guess in per cent)",
    "answer": "answer (the last before the answers closed)",
    "changes": "changes (how often the answer was changed before the lock)",
    "right": "right (first answer: 1 = the engine's answer, 0 = not; empty = a guess or "
             "an experiment)",
    "results dealt": "results dealt (experiments: how many results this student dealt)",
    "results with the event": "results with the event (experiments: how many had the "
                              "event the item asks about)",
}


def live_box(store: Store, klass: ClassRow) -> None:
    """The dashboard's live-lesson box: start one, or see where the running one is."""
    try:
        row = live_store.running(store, klass.id)
    except StoreError as e:
        show_error(e)
        return
    if row is None:
        st.caption(_("Pace the class yourself: every student sees the item you show on their "
                     "own device, and the projector shows the room's answers as they come."))
        if st.button(_("Start a live lesson"), icon=":material/cast_for_education:",
                     key="t31_dash_live_start") and start_session(store, klass):
            st.switch_page(nav.page("live"))
        return
    st.info(_("A live lesson is running: item {n} of {all}. Students who open the class page "
              "are sent to it.").format(n=row.item_no + 1, all=len(row.items)),
            icon=":material/cast_for_education:")
    nav.link("live", label=_("Open the projector view"), icon=":material/cast_for_education:")


def live_frame(store: Store, klass: ClassRow) -> pd.DataFrame:
    """Every live session's answers (and experiment results), one row per student and item."""
    rows: list[dict[str, Any]] = []
    done = list(reversed(live_store.sessions(store, klass.id)))
    with use_language("en"):
        for number, sess in enumerate(done, 1):
            got = live_store.answers(store, sess.id)
            for no, spec in enumerate(sess.items):
                s = items.shown(spec)
                base = {"session": number, "started": sess.created, "item": no + 1,
                        "kind": s.kind, "question": s.question}
                if s.kind == "experiment":
                    rows += _experiment_rows(store, sess.id, no, s, base)
                    continue
                for a in (a for a in got if a["item_no"] == no):
                    right = None if s.kind == "guess" else \
                        int(a["first"].isdigit() and int(a["first"]) in s.correct)
                    rows.append({**base, "name": a["name"],
                                 "first answer": items.answer_text(s, a["first"]),
                                 "answer": items.answer_text(s, a["answer"]),
                                 "changes": a["changes"], "right": right,
                                 "first answered at": a["first_at"]})
    frame = pd.DataFrame(rows, columns=COLUMNS)
    return frame.rename(columns=HEADERS)


def _experiment_rows(store: Store, live_id: int, no: int, s: items.Shown,
                     base: dict[str, Any]) -> list[dict[str, Any]]:
    e = s.experiment
    assert e is not None
    return [{**base, "name": name, "results dealt": len(vals),
             "results with the event": sum(1 for v in vals if live.is_hit(e, v))}
            for name, vals in live_store.results_by_learner(store, live_id, no)]
