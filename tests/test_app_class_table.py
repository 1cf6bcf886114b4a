"""The Class table page through Streamlit's AppTest, on a real SQLite store: each seat sees
its own cards only, a move lands, a stale move is refused, strangers are turned away."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from thirtyone.core.rules import get_variant
from thirtyone.store import open_store, shared
from thirtyone.ui.shell.nav import switch_to

ROOT = Path(__file__).resolve().parents[1]




@pytest.fixture
def app_store(tmp_path, monkeypatch):
    """A fresh SQLite store, which the app opens too; yields (store, url)."""
    url = f"sqlite:///{tmp_path / 'class.db'}"
    monkeypatch.setenv("THIRTYONE_DATABASE_URL", url)
    shared.forget_cache()
    store = open_store(url)
    yield store, url
    store.engine.dispose()


@pytest.fixture
def table(app_store):
    """A class with two seated students (Ada at 0, Ben at 1) and a bot."""
    store, _ = app_store
    klass, _ = store.create_class("Table class")
    (ada, ada_tok), (ben, ben_tok) = (store.join_class(klass.code, n) for n in ("Ada", "Ben"))
    store.join_class(klass.code, "Cleo")
    for _deal in range(20):   # a deal that ends at once (a dealt 31) has no move: deal again
        row = shared.make_table(store, klass.id, "Table A", "scat", get_variant("scat").rules,
                                ["student", "student", "basic"])
        shared.take_seat(store, row.id, ada)
        shared.take_seat(store, row.id, ben)
        if not shared.load(store, row.id)[1].round_over:
            break
    return store, klass, row.id, {"Ada": ada_tok, "Ben": ben_tok}


def table_page_test() -> AppTest:
    """The app, first run, then switched to the Class table page (its url_path is "table",
    so AppTest finds it by file only once st.navigation has run)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    return switch_to(at, "table")


def opened(tid: int, token: str | None) -> AppTest:
    at = table_page_test()
    at.query_params["table"] = str(tid)
    if token:
        at.query_params["me"] = token
    at.run()
    assert not at.exception
    return at


def everything(at: AppTest) -> str:
    """Every element's text and HTML on the page, as one string."""
    parts = []
    for el in at.main:
        parts.append(repr(el.proto) if hasattr(el, "proto") else repr(el))
    return "\n".join(parts)


def _display(card: str) -> list[str]:
    from thirtyone.core.cards import parse_card
    c = parse_card(card)
    return [c.display, f"'{card}'", f"Card('{card}')", f"t31pick_{card}", f"data-card=\"{card}\""]


def test_each_seat_sees_its_own_cards_and_nobody_elses(table):
    store, _, tid, tokens = table
    _, game = shared.load(store, tid)
    for seat, name in enumerate(("Ada", "Ben")):
        page = everything(opened(tid, tokens[name]))
        assert f"{name} (you)" in page
        for card in {str(c) for c in game.hidden_from(seat)}:
            assert not any(t in page for t in _display(card)), (name, card)
        own = [str(c) for c in game.hands[seat]]
        assert all(any(t in page for t in _display(c)) for c in own), (name, own)


def test_a_move_lands_and_a_stale_one_is_refused(table):
    store, _, tid, tokens = table
    row, game = shared.load(store, tid)
    seat = game.to_move
    name = ("Ada", "Ben")[seat]
    at = opened(tid, tokens[name])
    other = opened(tid, tokens[name])          # a second tab of the same seat
    at.button(key="play_act_draw").click().run()
    assert store.table_version(tid) == row.version + 1
    other.button(key="play_act_draw").click().run()
    assert not other.exception
    assert any(shared.STALE in e.value for e in other.error)
    assert store.table_version(tid) == row.version + 1


def test_strangers_and_spectators(table):
    store, klass, tid, _ = table
    at = opened(tid, None)
    assert any("join that class" in w.value for w in at.warning)
    assert not at.button   # no move, no seat
    other, _ = store.create_class("Other class")
    _, tok = store.join_class(other.code, "Eve")
    at = opened(tid, tok)
    assert any("join that class" in w.value for w in at.warning)
    _, cleo_tok = store.join_class(klass.code, "Dora")
    _, game = shared.load(store, tid)
    page = everything(opened(tid, cleo_tok))    # a classmate without a seat: watching
    assert "You are watching" in page
    for card in {str(c) for c in game.hidden_from(None)}:
        assert not any(t in page for t in _display(card)), card


@pytest.mark.parametrize("raw", ["1 OR 1=1", "-1", "9" * 40, "<b>1</b>", "١"])
def test_hostile_table_links_are_refused_plainly(table, raw):
    at = table_page_test()
    at.query_params["table"] = raw
    at.run()
    assert not at.exception
    assert any("Open a table from the Class page" in i.value for i in at.info)


def test_a_classmate_takes_the_free_seat_and_comes_back_to_it(app_store):
    store, _ = app_store
    klass, _ = store.create_class("Seat class")
    dora, tok = store.join_class(klass.code, "Dora")
    row = shared.make_table(store, klass.id, "T", "scat", get_variant("scat").rules,
                            ["basic", "student", "basic"])
    at = opened(row.id, tok)
    assert "You are watching" in everything(at)
    at.button(key="ct_take").click().run()
    assert not at.exception
    row = store.table(row.id)
    assert shared.seat_of(row, dora.id) == 1
    again = opened(row.id, tok)                 # a reload, a new tab: the same seat
    assert "Dora (you)" in everything(again)
    assert "ct_take" not in [b.key for b in again.button]


def _lists_app(url: str, who: str) -> None:
    """A script showing the Class page's table lists (AppTest runs this function's body)."""
    from thirtyone.store import ClassRow
    from thirtyone.store import open_store as open_it
    from thirtyone.ui.pages.class_table import class_table
    store = open_it(url)
    with store.engine.connect() as c:
        k = ClassRow(*c.exec_driver_sql("select id, code, name from t31_classes").first())
    if who == "teacher":
        class_table.teacher_tables(store, k)
    else:
        learner = store.class_learners(k.id)[0]
        class_table.student_tables(store, learner)


def _page_link_as_text(page, label, query_params=None, **_):
    """``st.page_link`` for a script run alone (no st.navigation): the link as text."""
    import streamlit as st
    st.text(f"link {page} {label} {dict(query_params or {})}")


def test_the_teacher_makes_a_table_and_hands_a_seat_to_a_bot(app_store, monkeypatch):
    import streamlit
    monkeypatch.setattr(streamlit, "page_link", _page_link_as_text)
    store, url = app_store
    klass, _ = store.create_class("Teacher class")
    ada, _ = store.join_class(klass.code, "Ada")
    at = AppTest.from_function(_lists_app, args=(url, "teacher"), default_timeout=60)
    at.run()
    at.text_input(key="ct_new_title").set_value("Red table")
    at.number_input(key="ct_new_players").set_value(3)
    at.number_input(key="ct_new_students").set_value(2)
    at.selectbox(key="ct_new_level").set_value("expert")
    at.button(key="ct_make").click().run()
    assert not at.exception
    (row,) = store.class_tables(klass.id)
    assert row.title == "Red table"
    assert [s.kind for s in shared.seats_of(row)] == ["open", "open", "bot"]
    shared.take_seat(store, row.id, ada)
    at.run()
    at.button(key=f"ct_bot_{row.id}_0").click().run()
    seats = shared.seats_of(store.table(row.id))
    assert seats[0].kind == "bot" and shared.seat_of(store.table(row.id), ada.id) is None
    assert seats[0].level == "expert"          # the table's level, not always basic
    shown = [t.value for t in at.text]
    assert "Ann (bot, expert)" in shown and "Cy (bot, expert)" in shown, shown
    assert not any("(bot) (" in s for s in shown)   # the brackets once
    frame = class_table_frame(store, klass)
    assert frame.iloc[0]["seats"] == "Ann (bot, expert) · Seat 2 (open) · Cy (bot, expert)"
    assert list(frame.columns) == ["table", "variant", "seats", "rounds played", "status"]
    assert frame.iloc[0]["table"] == "Red table" and frame.iloc[0]["rounds played"] == 0
    _, game = shared.load(store, row.id)
    text = frame.to_csv()
    assert not any(f"{c}" in text.split(",") for h in game.hands for c in h)
    student = AppTest.from_function(_lists_app, args=(url, "student"), default_timeout=60)
    student.run()
    assert not student.exception
    assert any("Red table" in t.value for t in student.text)
    assert any(f"Take a seat {{'table': '{row.id}'}}" in t.value for t in student.text)


def class_table_frame(store, klass):
    from thirtyone.ui.pages.class_table.class_table import tables_frame
    return tables_frame(store, klass)


def test_the_bots_read_in_the_students_language_at_the_showdown(table):
    """The store names bots "Cy (bot)" (a language-free record); the felt, the turn line,
    the showdown's rows and the move log name them in the page's language and script
    ("Сева (бот)"; issue 26: the log said "Cy (bot)" in Russian)."""
    store, _, tid, tokens = table
    for _ in range(40):
        row, game = shared.load(store, tid)
        if game.round_over:
            break
        texts = [str(a) for a in game.legal_actions()]
        pick = "knock" if "knock" in texts else ("draw" if "draw" in texts else texts[0])
        shared.play(store, tid, game.to_move, pick, row.version)
    _, game = shared.load(store, tid)
    assert game.round_over
    bot = next(p for p in game.players if p.endswith(" (bot)")).removesuffix(" (bot)")
    for lang, word in (("ru", "бот"), ("uk", "бот"), ("en", "bot")):
        at = table_page_test()
        at.query_params.update({"table": str(tid), "me": tokens["Ada"], "lang": lang})
        at.run()
        assert not at.exception
        (show,) = [m.value for m in at.markdown if 'class="play-show"' in m.value]
        (log,) = [m.value for m in at.markdown if 'data-testid="play-log"' in m.value]
        if lang == "en":
            assert f"<b>{bot} ({word})</b>" in show
            assert f"{bot} (bot)" in log
        else:
            assert re.search(r"<b>[А-ЯЁІЇЄҐ][а-яёіїєґ']+ \(бот\)</b>", show), show
            for text in (show, log):
                assert "(bot)" not in text and not re.search(rf"\b{bot}\b", text), text
            assert re.search(r"[А-ЯЁІЇЄҐ][а-яёіїєґ']+ \(бот\)", log), log


def test_a_student_who_stays_in_one_tab_is_still_seen(app_store, monkeypatch):
    """The dashboard's "last seen" is written again while a student stays in one session
    (playing at a table for an hour is not "seen an hour ago")."""
    import datetime as dt

    from sqlalchemy import update

    from thirtyone.store import schema
    from thirtyone.ui.shell import identity

    store, _ = app_store
    klass, _ = store.create_class("Seen class")
    ada, tok = store.join_class(klass.code, "Ada")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    switch_to(at, "class")
    at.query_params["me"] = tok
    at.run()
    assert not at.exception
    hour_ago = dt.datetime.now(dt.UTC) - dt.timedelta(hours=1)
    with store.engine.begin() as c:
        c.execute(update(schema.learners).where(schema.learners.c.id == ada.id)
                  .values(seen=hour_ago))
    monkeypatch.setattr(identity, "SEEN_EVERY_S", 0.0, raising=False)  # a minute later
    at.run()
    assert not at.exception
    seen = store.last_seen(klass.id)[ada.id]
    seen = seen if seen.tzinfo else seen.replace(tzinfo=dt.UTC)
    assert dt.datetime.now(dt.UTC) - seen < dt.timedelta(minutes=1)


def test_banking_at_a_class_table_buys_or_stays_and_hides_the_other_punters_cards(app_store):
    """Issue 27 item 9: a Banking table: Ada banks (the first seat), Ben is a punter beside a
    bot; each sees only the own cards (and cards once shown), Ben buys or stays with the same
    buttons as on Play, and a classmate without a seat watches without a hidden card."""
    store, _ = app_store
    klass, _ = store.create_class("Bank class")
    (ada, ada_tok), (ben, ben_tok) = (store.join_class(klass.code, n) for n in ("Ada", "Ben"))
    _, dora_tok = store.join_class(klass.code, "Dora")
    # the deal is random (the server's own seed): a natural ends Ben's turn before it starts
    # (about 2 % of deals), so deal again until Ben has a turn to take, a few times at most
    for _attempt in range(20):
        row = shared.make_table(store, klass.id, "Bank", "banking",
                                get_variant("banking").rules, ["student", "student", "basic"])
        shared.take_seat(store, row.id, ada)
        shared.take_seat(store, row.id, ben)
        row, game = shared.load(store, row.id)
        assert game.banker == 0
        if not game.round_over and game.total(1) != 31 and game.total(0) != 31:
            break
    assert not game.round_over
    for seat, (name, tok) in enumerate((("Ada", ada_tok), ("Ben", ben_tok))):
        page = everything(opened(row.id, tok))
        for card in {str(c) for c in game.hidden_from(seat)}:
            assert not any(t in page for t in _display(card)), (name, card)
    page = everything(opened(row.id, dora_tok))
    assert "You are watching" in page
    for card in {str(c) for c in game.hidden_from(None)}:
        assert not any(t in page for t in _display(card)), card
    # the punters move before the banker (the bot at seat 2 first, anticlockwise): Ben is to
    # move; he buys or stays with Play's buttons
    assert game.to_move == 1
    at = opened(row.id, ben_tok)
    keys = {b.key for b in at.button}
    assert {"play_act_hit", "play_act_stay"} & keys, keys
    at.button(key="play_act_stay").click().run()
    assert not at.exception
    assert store.table_version(row.id) == row.version + 1
