"""Issue 26: the bots and the examples are named in the reader's script. On the Play page in
Russian and Ukrainian the seats, the turn line, the showdown and the move log (this round's
and the earlier rounds') name the bots in Cyrillic; the game itself keeps the English names
(saves and records stay language-free), and English pages keep them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from thirtyone.core.rules import get_variant
from thirtyone.game.table import new_game
from thirtyone.i18n import use_language
from thirtyone.i18n.names import PEOPLE, names_shown, person_name
from thirtyone.ui.shell.nav import switch_to
from thirtyone.ui.widgets.table_html import log_html, shown_bots

ROOT = Path(__file__).resolve().parents[1]
LATIN_BOT = re.compile(r"\b(?:Ann|Bo|Cy|Dee|Eli|Fay|Gus)\b")
CYRILLIC_NAME = re.compile(r"^[А-ЯЁІЇЄҐ][а-яёіїєґ']+$")


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_bot_and_example_name_has_a_name_in_cyrillic(lang):
    with use_language(lang):
        shown = [person_name(p) for p in PEOPLE if p != "You"]   # "You": Sam's stand-in
    assert all(CYRILLIC_NAME.match(s) for s in shown), shown
    assert len(set(shown)) == len(shown)             # two bots never share a name


def test_every_list_of_bot_names_is_named_in_cyrillic():
    """The bots' names live in several tables; each name has its Cyrillic names."""
    from thirtyone.store import challenge_play
    from thirtyone.store import shared as store_shared
    from thirtyone.teach import quiz_kinds
    from thirtyone.ui.widgets import table_words
    for names in (table_words.BOT_NAMES, store_shared.BOT_NAMES, challenge_play.BOT_NAMES,
                  quiz_kinds.NAMES):
        assert set(names) <= set(PEOPLE), set(names) - set(PEOPLE)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_class_tables_log_names_its_bots_in_cyrillic_with_the_word_bot(lang):
    g = new_game(get_variant("scat").rules, ["Ada", "Cy (bot)", "Dee (bot)"], seed=3)
    for _i in range(4):
        g.apply("draw")
        g.apply(f"discard {g.hands[g.to_move][-1]}")
    obs = g.observation(0)
    with use_language(lang), names_shown(shown_bots(obs)):
        text = log_html(obs, 0, 0)
    assert "(bot)" not in text and not LATIN_BOT.search(text), text
    assert "(бот)" in text and "Ada" in text      # a student's name as typed
    with use_language("en"):
        assert "Cy (bot)" in log_html(obs, 0, 0)  # outside a page's names, as stored


def _run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_play_page_names_its_bots_in_cyrillic(db, lang):
    with use_language(lang):
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
        at.query_params["lang"] = lang
        switch_to(at, "play")
        _run(at)
        at.selectbox(key="play_w_bots").set_value(2)
        _run(at)
        at.radio(key="play_w_step").set_value("fast")
        _run(at)
        at.button(key="play_new").click()
        _run(at)
        for _i in range(200):          # to the end of round 1, then into round 2
            game = at.session_state["play"].game
            if game.round_over:
                break
            acts = [b for b in at.button if (b.key or "").startswith("play_act_")]
            (acts[0] if acts else at.button(key="play_until_me")).click()
            _run(at)
        html = "\n".join(m.value for m in at.markdown)
        assert at.session_state["play"].game.players[1:] == ("Ann", "Bo")   # the game keeps them
        (log,) = [m.value for m in at.markdown if 'data-testid="play-log"' in m.value]
        assert not LATIN_BOT.search(html), [html[max(0, m.start() - 120):m.end() + 30] for m in LATIN_BOT.finditer(html)][:4]
        assert person_name("Ann") in log and person_name("Bo") in html
        # the name the page offers the student is an example in the reader's script too
        assert not re.search(r"\bSam\b", log) and person_name("Sam") in log
        labels = " ".join(str(s.label) for s in at.selectbox)
        assert not LATIN_BOT.search(labels), labels


@pytest.mark.parametrize(("lang", "scenario", "names"), [
    ("ru", "schwimmen_worked_example", ("Tom", "You", "Lena")),
    ("uk", "schwimmen_worked_example", ("Tom", "You", "Lena")),
    # seen from Ann's seat, which is an example name too (it stayed "Ann" in Ukrainian)
    ("uk", "final_turn_31_scat", ("Ann", "Bo", "Cy")),
    ("ru", "final_turn_31_scat", ("Ann", "Bo", "Cy"))])
def test_a_scenarios_replay_names_its_players_in_cyrillic(db, lang, scenario, names):
    """The rule book's example (players Tom, You and Lena), and a scenario seen from Ann's
    seat: the felt, the step line and the log of its replay name every player in the
    reader's script, as its description does."""
    with use_language(lang):
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
        at.query_params.update({"lang": lang, "scenario": scenario})
        switch_to(at, "play")
        _run(at)
        at.button(key="play_replay_last").click()
        _run(at)
        html = "\n".join(m.value for m in at.markdown)
        (log,) = [m.value for m in at.markdown if 'data-testid="play-log"' in m.value]
        latin = re.compile(r"\b(?:" + "|".join(names) + r")\b")
        assert not latin.search(html), re.findall(r".{60}" + latin.pattern, html)
        assert all(person_name(p) in log for p in names), log


def test_a_student_may_not_take_a_bots_name_as_the_reader_sees_it():
    """In Russian the bot Ann reads «Аня»: a student called Аня would sit beside a second
    Аня, so the name is refused as the English one is."""
    from thirtyone.ui.widgets.table_state import session, start_game
    variant = get_variant("scat")
    for lang in ("ru", "uk"):
        with use_language(lang):
            state: dict = {}
            start_game(state, variant, variant.rules, person_name("Ann"), ["basic", "basic"], 5)
            assert session(state).game is None and session(state).error, lang
            start_game(state, variant, variant.rules, "Зоя", ["basic", "basic"], 5)
            assert state["play"].game.players == ("Зоя", "Ann", "Bo")
