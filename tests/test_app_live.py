"""The live lesson's page through Streamlit's AppTest (the whole app): the teacher starts a
session on /live and moves through it, a student answers on their own /live, the projector's
counts follow the store, the reveal shows the engine's answer with its costs, an experiment's
"Deal" is pooled, and nothing secret (the teacher key, a student's token, a seed) is on either
page."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import every_text
from streamlit.testing.v1 import AppTest

from thirtyone.store import live as live_store
from thirtyone.teach import live
from thirtyone.ui.shell.nav import switch_to

ROOT = Path(__file__).resolve().parents[1]
GUESS = {"kind": "guess", "guess": "dealt", "at_least": 20, "variant": "scat"}
DEAL = {"kind": "experiment", "experiment": "deal", "variant": "scat", "per_press": 5,
        "at_least": 20}
KNOCK = {"kind": "decision", "practice": "knock", "variant": "scat", "players": 3,
         "seed": 1}


def teacher(key: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    switch_to(at, "class")
    at.query_params["teacher"] = key
    at.run()
    switch_to(at, "live")
    at.query_params.clear()
    at.run()
    assert not at.exception
    return at


def student(token: str, lang: str = "en") -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    switch_to(at, "live")
    at.query_params.update({"me": token, "lang": lang})
    at.run()
    assert not at.exception
    return at


def markdowns(at: AppTest) -> str:
    return "\n".join(str(m.value) for m in at.markdown)


def words(at: AppTest) -> str:
    """Every text element's value (markdown, captions, alerts), as the reader sees it."""
    parts = [str(e.value) for kind in ("markdown", "caption", "success", "info", "error",
                                       "warning") for e in getattr(at, kind)]
    return "\n".join(parts).replace("\\", "")     # Markdown's escapes, as the reader sees


def button(at: AppTest, key: str):
    return next(b for b in at.button if b.key == key)


def options(at: AppTest) -> list:
    """The student's answer buttons, one per option, in order."""
    return [b for b in at.button if b.key and b.key.startswith("t31_live_pick_")]


def test_the_teacher_starts_and_the_student_answers_a_guess(db):
    klass, key = db.create_class("Year 8")
    mia, token = db.join_class(klass.code, "Mia")
    t = teacher(key)
    assert "No live lesson is running" in every_text(t.main)
    button(t, "t31_live_start").click().run()
    assert not t.exception
    assert "0 of 1 here have answered" in markdowns(t)
    s = student(token)
    (slider,) = s.slider
    slider.set_value(35)
    next(b for b in s.button if "Send my guess" in str(b.label)).click().run()
    assert not s.exception
    row = live_store.running(db, klass.id)
    assert [a["answer"] for a in live_store.answers(db, row.id, 0)] == ["35"]
    t.run()
    assert "1 of 1 here has answered" in markdowns(t)
    # a change before the lock counts; the first is kept beside it
    s.slider[0].set_value(40)
    next(b for b in s.button if "Change my guess" in str(b.label)).click().run()
    (a,) = live_store.answers(db, row.id, 0)
    assert (a["answer"], a["first"], a["changes"]) == ("40", "35", 1)
    # nothing secret on either page
    for at in (t, s):
        text = every_text(at.main) + every_text(at.sidebar)
        assert key not in text and token not in text
    assert "Mia" not in every_text(t.main)       # names only when the teacher turns them on


def test_reveal_shows_the_engine_answer_and_costs_on_both_devices(db):
    klass, key = db.create_class("Year 8")
    _mia, token = db.join_class(klass.code, "Mia")
    live_store.start(db, klass.id, [KNOCK, GUESS])
    s = student(token)
    shown = live.check_item(KNOCK)
    from thirtyone.teach import Practice, make_item
    item = make_item(Practice("knock", "scat", 3, None), shown["seed"])
    picks = options(s)
    assert len(picks) == len(item.options) and not any(b.disabled for b in picks)
    picks[0].click().run()
    assert not s.exception
    assert [b.label.startswith("✓") for b in options(s)] == [True] + [False] * (len(picks) - 1)
    row = live_store.running(db, klass.id)
    assert [a["answer"] for a in live_store.answers(db, row.id, 0)] == ["0"]
    t = teacher(key)
    assert "1 of 1 here has answered" in markdowns(t)
    button(t, "t31_live_reveal").click().run()
    assert not t.exception
    said = words(t)
    assert "The engine's answer" in said
    right = " or ".join(item.options[i] for i in sorted(item.correct))
    assert right in said
    for label, _cost in item.costs:          # every option's cost is on the projector
        assert label in said
    s.run()                                  # the poll's rerun, as the device would
    assert "The engine's answer" in words(s)
    assert "Your answer" in markdowns(s)
    assert options(s) and all(b.disabled for b in options(s))


def test_a_locked_item_refuses_and_a_late_joiner_lands_on_the_current_item(db):
    klass, key = db.create_class("Year 8")
    _mia, token = db.join_class(klass.code, "Mia")
    row = live_store.start(db, klass.id, [GUESS, KNOCK])
    live_store.go(db, row.id, 1)
    live_store.set_state(db, row.id, "locked")
    s = student(token)                      # joins late: the second item, locked
    assert "Item 2 of 2" in every_text(s.main)
    assert "Answers are closed" in every_text(s.main)
    assert options(s) and all(b.disabled for b in options(s))
    with pytest.raises(live_store.LiveRefused, match="closed"):
        live_store.answer(db, row.id, 1, db.learner_by_token(token), 0)
    with pytest.raises(live_store.LiveRefused, match="no longer on the screen"):
        live_store.answer(db, row.id, 0, db.learner_by_token(token), 50)


def test_the_class_experiment_pools_every_students_deals(db):
    klass, key = db.create_class("Year 8")
    tokens = [db.join_class(klass.code, n)[1] for n in ("Mia", "Oleg", "Ana")]
    row = live_store.start(db, klass.id, [DEAL])
    presses = [2, 1, 3]
    for tok, n in zip(tokens, presses, strict=True):
        s = student(tok)
        for _ in range(n):
            button(s, f"t31_live_deal_{row.id}_0").click().run()
            assert not s.exception
        assert f"You have dealt **{5 * n}** results" in markdowns(s)
    assert len(live_store.results(db, row.id, 0)) == 5 * sum(presses)
    t = teacher(key)
    assert f"{5 * sum(presses)} results from 3 of 3 here" in markdowns(t)


def test_without_a_class_the_page_points_to_the_class_page(db):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    switch_to(at, "live")
    at.run()
    assert not at.exception
    assert "join your class" in every_text(at.main)


def test_a_russian_student_reads_the_item_in_russian(db):
    klass, _key = db.create_class("Year 8")
    _mia, token = db.join_class(klass.code, "Маша")
    live_store.start(db, klass.id, [GUESS])
    s = student(token, "ru")
    text = every_text(s.main)
    assert "Какая доля" in text or "Какую долю" in text
    assert "What share" not in text


def test_the_live_csv_is_one_row_per_student_and_item_for_a_spreadsheet(db):
    import csv
    import io
    import re

    from thirtyone.ui.pages.classroom.dashboard import csv_bytes
    from thirtyone.ui.pages.live.records import live_frame
    klass, _key = db.create_class("Year 8")
    (mia, _t1), (oleg, _t2) = (db.join_class(klass.code, n) for n in ("Mia", "Oleg"))
    row = live_store.start(db, klass.id, [GUESS, DEAL])
    live_store.answer(db, row.id, 0, mia, 40)
    live_store.answer(db, row.id, 0, mia, 45)          # changed before the lock
    live_store.answer(db, row.id, 0, oleg, 70)
    live_store.go(db, row.id, 1)
    for who, presses in ((mia, 1), (oleg, 2)):
        for _ in range(presses):
            live_store.deal(db, row.id, 1, who)
    data = csv_bytes(live_frame(db, klass))
    assert data.startswith(b"\xef\xbb\xbf")               # Excel reads Cyrillic with it
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    head, body = rows[0], rows[1:]
    col = {name.split(" (")[0]: i for i, name in enumerate(head)}
    assert len(body) == 4                                  # two students, two items
    guess = {r[col["name"]]: r for r in body if r[col["kind"]] == "guess"}
    assert guess["Mia"][col["first answer"]].startswith("40")
    assert guess["Mia"][col["answer"]].startswith("45") and guess["Mia"][col["changes"]] == "1"
    assert guess["Oleg"][col["changes"]] == "0"
    iso = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$")
    assert all(iso.match(r[col["first answered at"]]) for r in guess.values())
    deals = {r[col["name"]]: r for r in body if r[col["kind"]] == "experiment"}
    for who, presses in ((mia, 1), (oleg, 2)):
        r = deals[who.name]
        mine = live_store.results(db, row.id, 1, who.id)
        assert r[col["results dealt"]] == str(5 * presses) == str(len(mine))
        assert r[col["results with the event"]] == str(sum(v >= 20 for v in mine))
        assert r[col["first answered at"]] == ""              # no answer time: empty, not NaT
        assert r[col["started"]] and iso.match(r[col["started"]])


def test_with_names_on_a_name_shows_as_typed_not_as_markdown(db):
    klass, key = db.create_class("Year 8")
    ann, _t = db.join_class(klass.code, "_Ann_")          # italics, if read as Markdown
    row = live_store.start(db, klass.id, [GUESS])
    live_store.answer(db, row.id, 0, ann, 30)
    t = teacher(key)
    t.toggle[0].set_value(True).run()
    assert not t.exception and live_store.get(db, row.id).show_names
    (said,) = [c.value for c in t.caption if "Answered:" in c.value]
    # escaped once: the underscores stay on the page (a Markdown reader would drop them)
    assert said.replace("\\", "") == "Answered: _Ann_" and "\\_Ann\\_" in said


def test_a_quiz_of_the_course_pushed_live_is_answered_and_revealed(db):
    from thirtyone.teach import load_lessons
    lesson = next(x for x in load_lessons() if x.slug == "02-hand-value-and-suits")
    step, n, quiz = next((i, k, q) for i, s in enumerate(lesson.steps)
                         for k, q in enumerate(s.quizzes) if len(q.options) >= 3)
    right = min(quiz.correct)
    klass, key = db.create_class("Year 8")
    _mia, token = db.join_class(klass.code, "Mia")
    row = live_store.start(db, klass.id, [{"kind": "quiz", "options": len(quiz.options),
                                           "quiz": f"{lesson.slug}/{step}/{n}"}])
    s = student(token)
    picks = options(s)
    assert len(picks) == len(quiz.options)          # one button per option of the quiz
    picks[right].click().run()
    assert not s.exception
    assert [a["answer"] for a in live_store.answers(db, row.id, 0)] == [str(right)]
    t = teacher(key)
    button(t, "t31_live_reveal").click().run()
    assert not t.exception
    assert f"The engine's answer: {quiz.options[right]}" in words(t).replace("\n", " ")
