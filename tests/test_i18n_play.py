"""Issue 18, the Play, Class, Class table and Challenge pages in three languages: the
pseudo-language ``xx`` finds no English in their deeper states (a game started, a move made,
a finished round, the replay, a teacher scenario, the class page for a teacher, a student and
a wrong code, a seat at a class table, a challenge), the texts are in the catalogs, and a
game started in Russian goes on unchanged in Ukrainian."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from i18n_helpers import english_words, page_strings
from streamlit.testing.v1 import AppTest

from thirtyone.core.rules import get_variant
from thirtyone.i18n import _, use_language
from thirtyone.store import challenge_play as cp
from thirtyone.store import shared
from thirtyone.ui.pages.play.scenario_texts import SCENARIO_TEXTS
from thirtyone.ui.shell.nav import switch_to

ROOT = Path(__file__).resolve().parents[1]

# text on these pages that is not a language's: the sweeps below check every other word
NOT_OURS = (re.compile(r'data-testid="t31-joincode"'),)   # a random join code


def ours_left(at: AppTest) -> list[str]:
    """Like ``english_left``, leaving out the strings other branches convert."""
    out = []
    for s in page_strings(at):
        words = english_words(s)
        if words and not any(p.search(s) for p in NOT_OURS):
            out.append(f"{' '.join(words[:6])}  ←  {s[:90]!r}")
    return sorted(set(out))


@pytest.fixture(autouse=True)
def pseudo():
    """AppTest calls a widget's ``format_func`` in the test's own thread, where no session
    names the language: speak the page's language there too (the app's thread reads it
    from the session)."""
    with use_language("xx"):
        yield


def page(name: str, lang: str = "xx", **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["lang"] = lang
    at.query_params.update(params)
    switch_to(at, f"{name}")
    return run(at)


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def moves(at: AppTest) -> list:
    return [b for b in at.button if (b.key or "").startswith("play_act_")]


def new_game(at: AppTest, step: str = "fast") -> AppTest:
    at.radio(key="play_w_step").set_value(step)
    run(at)
    at.button(key="play_new").click()
    return run(at)


def to_round_end(at: AppTest) -> AppTest:
    for _i in range(200):
        if at.session_state["play"].game.round_over:
            return at
        if moves(at):
            moves(at)[0].click()
        else:
            at.button(key="play_until_me").click()
        run(at)
    raise AssertionError("the round did not end")


def text_of(at: AppTest) -> str:
    return "\n".join(page_strings(at))


# --- the pseudo-language sweep ---------------------------------------------------------------

def test_play_a_game_a_move_a_finished_round_and_its_replay_in_the_pseudo_language(db):
    at = page("play")
    assert ours_left(at) == []
    new_game(at, step="step")
    assert ours_left(at) == []                      # a game started (bots' buttons too)
    if not moves(at):
        at.button(key="play_until_me").click()
        run(at)
    at.button(key="play_hint_btn").click()
    run(at)
    assert ours_left(at) == []                      # a hint asked for
    moves(at)[0].click()
    run(at)
    assert ours_left(at) == []                      # after a move
    to_round_end(at)
    assert ours_left(at) == []                      # the showdown and the next-round button
    at.button(key="play_replay_open").click()
    run(at)
    assert ours_left(at) == []                      # the replay at the deal
    at.button(key="play_replay_last").click()
    run(at)
    at.toggle(key="play_replay_all").set_value(True)
    run(at)
    assert ours_left(at) == []                      # its last step, every card shown


@pytest.mark.parametrize("name", ["kitty_tie_split", "switch_restart", "banking_bust"])
def test_a_teacher_scenario_in_the_pseudo_language(db, name):
    at = page("play", scenario=name)
    assert at.get("subheader"), "the replay is open"
    assert ours_left(at) == []
    at.button(key="play_replay_forward").click()
    run(at)
    at.button(key="play_replay_last").click()
    run(at)
    assert ours_left(at) == []


def test_a_broken_scenario_link_says_so_in_the_pseudo_language(db):
    at = page("play", scenario="no_such_thing")
    assert at.warning and ours_left(at) == []


def test_the_class_page_for_a_teacher_a_student_and_a_wrong_code(db):
    klass, key = db.create_class("8B")
    _mia, token = db.join_class(klass.code, "Mo")
    ch = cp.make_challenge(db, klass.id, "K-1", "scat", 2, "basic", 2)
    shared.make_table(db, klass.id, "T-1", "scat", get_variant("scat").rules,
                      ["student", "basic"])
    teacher = page("class", teacher=key)
    assert ours_left(teacher) == []
    student = page("class", me=token)
    assert ours_left(student) == []
    stranger = page("class")
    assert ours_left(stranger) == []
    stranger.text_input(key="t31_join_code").input("ZZZZZZ")
    stranger.text_input(key="t31_join_name").input("Jo")
    next(b for b in stranger.button if b.key == "t31_join_go").click()
    run(stranger)
    assert stranger.error and ours_left(stranger) == []
    assert ch.id


def test_a_seat_at_a_class_table_and_a_challenge_in_the_pseudo_language(db):
    klass, _key = db.create_class("8B")
    ada, token = db.join_class(klass.code, "Al")
    row = shared.make_table(db, klass.id, "T-1", "scat", get_variant("scat").rules,
                            ["student", "basic"])
    shared.take_seat(db, row.id, ada)
    at = page("table", table=str(row.id), me=token)
    assert ours_left(at) == []
    ch = cp.make_challenge(db, klass.id, "K-1", "scat", 1, "basic", 1)
    at = page("challenge", challenge=str(ch.id), me=token)
    assert ours_left(at) == []
    at.button(key="chal_start").click()
    run(at)
    assert ours_left(at) == []
    for _i in range(80):
        if not moves(at):
            break
        moves(at)[0].click()
        run(at)
    assert ours_left(at) == []                      # finished: the leaderboard
    assert ours_left(page("challenge", challenge="x1")) == []     # a broken link


# --- Russian and Ukrainian -------------------------------------------------------------------

def test_a_game_started_in_russian_goes_on_in_ukrainian(db):
    with use_language("ru"):
        at = page("play", lang="ru")
        new_game(at)
    game = at.session_state["play"].game
    before = (list(game.hands[0]), game.to_move, game.round_no, len(game.log))
    text = text_of(at)
    assert "Журнал ходов" in text and "Новая игра" in text
    at.selectbox(key="lang_picker").set_value("uk")
    with use_language("ru"):    # AppTest reads the widgets as the last run drew them
        run(at)
    game = at.session_state["play"].game
    assert (list(game.hands[0]), game.to_move, game.round_no, len(game.log)) == before
    text = text_of(at)
    assert "Журнал ходів" in text and "Журнал ходов" not in text
    with use_language("uk"):
        # and it plays on: your move, or the bots' until your turn
        (moves(at)[0] if moves(at) else at.button(key="play_until_me")).click()
        run(at)
    assert len(at.session_state["play"].game.log) > before[3]


def test_the_class_page_reads_in_russian_and_ukrainian(db):
    for lang, words in (("ru", ("Войти в класс", "Код класса")),
                        ("uk", ("Увійти до класу", "Код класу"))):
        with use_language(lang):
            text = text_of(page("class", lang=lang))
        assert all(w in text for w in words), (lang, text[:300])


def test_store_messages_follow_the_language(db):
    from thirtyone.store import StoreError
    with use_language("uk"), pytest.raises(StoreError, match="Введіть назву класу"):
        db.create_class("   ")
    with use_language("ru"), pytest.raises(StoreError, match="не открывает ни одного класса"):
        db.join_class("ZZZZZZ", "Tom")
    with use_language("en"), pytest.raises(StoreError, match="does not open a class"):
        db.join_class("ZZZZZZ", "Tom")


def test_every_scenario_text_is_a_message_of_the_catalog():
    """The JSON keeps the English; scenario_texts.py marks it for the catalogs: the two agree
    exactly, and every scenario reads in Russian and Ukrainian."""
    folder = ROOT / "thirtyone" / "scenarios"
    files = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in folder.glob("*.json")}
    assert set(files) == set(SCENARIO_TEXTS)
    for name, data in files.items():
        assert (data["title"], data["description"], data["outcome"]) == SCENARIO_TEXTS[name]
        for lang in ("ru", "uk"):
            with use_language(lang):
                shown = [_(t) for t in SCENARIO_TEXTS[name]]
            assert all(s != t and re.search("[а-яіїє]", s)
                       for s, t in zip(shown, SCENARIO_TEXTS[name], strict=True)), (name, lang)


def test_a_bot_seat_names_its_level_inside_one_pair_of_brackets():
    from thirtyone.ui.widgets.table_html import bot_seat_name
    for lang, shown in (("en", "Cy (bot, basic)"), ("ru", "Сева (бот, базовый)"),
                        ("uk", "Сава (бот, базовий)")):
        with use_language(lang):
            assert bot_seat_name("Cy (bot)", "basic") == shown
