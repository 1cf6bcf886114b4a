"""The Challenge page through Streamlit's AppTest (the whole app, as in the browser): a student
starts and plays their game by clicking the move buttons; the seed is never on the page; the
record can be downloaded only once the challenge is finished; links with a bad number or for
another class are refused with a reason."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_helpers import every_text
from streamlit.testing.v1 import AppTest

from thirtyone.store import challenge_play as cp
from thirtyone.ui.shell.nav import switch_to

ROOT = Path(__file__).resolve().parents[1]




def opened(**params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    switch_to(at, "challenge")
    at.query_params.update(params)
    at.run()
    assert not at.exception
    return at


def page_text(at: AppTest) -> str:
    return every_text(at.main) + every_text(at.sidebar)


def move_buttons(at: AppTest) -> list:
    return [b for b in at.button if (b.key or "").startswith("play_act_")]


def test_a_student_plays_the_challenge_and_never_sees_the_seed(db):
    klass, _ = db.create_class("Year 8")
    mia, token = db.join_class(klass.code, "Mia")
    ch = cp.make_challenge(db, klass.id, "Knock practice", "scat", 2, "basic", 2)
    at = opened(challenge=str(ch.id), me=token)
    assert "Knock practice" in page_text(at)
    at.button(key="chal_start").click().run()
    seed_text = str(ch.seed)
    saw_table = False
    for _ in range(80):
        assert not at.exception
        text = page_text(at)
        assert seed_text not in text
        game, _v, finished = cp.load_play(db, ch, mia.id)
        if finished:
            break
        assert not [b for b in at.get("download_button")], "no record before the end"
        moves = move_buttons(at)
        if moves:
            saw_table = True
            moves[0].click().run()
        else:
            at.button(key="chal_next_round").click().run()
    assert saw_table and finished
    text = page_text(at)
    assert seed_text not in text
    assert "Leaderboard" in text and "Round by round" in text
    assert len(at.get("download_button")) == 1
    board = at.dataframe[0].value
    assert list(board["student"]) == ["Mia"] and list(board["rank"]) == ["1"]
    # round by round: a cell with nothing in it (no knock: no turn) shows a dash, not "None"
    assert at.dataframe[1].proto.placeholder == "—"
    # a second tab (a new session) finds the finished game, not a new deal
    again = opened(challenge=str(ch.id), me=token)
    assert not [b for b in again.button if b.key == "chal_start"]
    assert "Leaderboard" in page_text(again)


def test_the_game_is_kept_after_every_move_and_comes_back(db):
    klass, _ = db.create_class("Year 8")
    mia, token = db.join_class(klass.code, "Mia")
    # a fixed seed: with make_challenge's secret one, about one deal in 300 is a 31 that ends
    # the round before the student's first move, and there would be no move to click
    ch = db.create_challenge(klass.id, "Resume", "scat", cp.check_setup("scat", 2, "basic", 3),
                             4_815_162_342)
    at = opened(challenge=str(ch.id), me=token)
    at.button(key="chal_start").click().run()
    move_buttons(at)[0].click().run()
    kept = db.play(ch.id, mia.id)
    game, _v, _f = cp.load_play(db, ch, mia.id)
    assert sum(len(h) for h in game.history) >= 1
    tab2 = opened(challenge=str(ch.id), me=token)          # a reload: a new session
    assert db.play(ch.id, mia.id) == kept                  # loading writes nothing
    assert move_buttons(tab2) or tab2.button(key="chal_next_round")
    # the first tab plays on; the second tab's next move was read before it: refused as
    # stale, and the second tab shows the game as the store has it
    step(at)
    moved = db.play(ch.id, mia.id)
    assert moved.version > kept.version
    step(tab2)
    assert any("another tab" in e.value for e in tab2.error)
    assert db.play(ch.id, mia.id) == moved


def step(at: AppTest) -> None:
    """One click of the student: a move, or the next deal."""
    moves = move_buttons(at)
    (moves[0] if moves else at.button(key="chal_next_round")).click().run()
    assert not at.exception


@pytest.mark.parametrize("raw", ["12abc", "9" * 40, "-1", "<b>1</b>"])
def test_a_broken_challenge_number_is_refused(db, raw):
    at = opened(challenge=raw)
    assert [e.value for e in at.error] == [
        "That challenge link is broken: the challenge number must be digits."]


def class_page_links(at: AppTest) -> list[str]:
    return [link.proto.page for link in at.get("page_link")
            if link.proto.page.endswith("class")]


@pytest.mark.parametrize("lang,words", [
    ("en", "Open a challenge from the Class page"),
    ("ru", "Соревнования открываются со страницы «Класс»"),
    ("uk", "Змагання відкриваються зі сторінки «Клас»")])
def test_the_page_opened_with_no_challenge_says_where_to_go_and_links_the_class(db, lang,
                                                                                 words):
    at = opened(lang=lang)
    assert not at.error                      # no link is not a mistake, as on the Class table
    assert [i.value for i in at.info if words in i.value]
    assert class_page_links(at)


def test_an_unknown_challenge_and_a_stranger_are_refused(db):
    at = opened(challenge="999")
    assert "no challenge with that number" in at.error[0].value
    assert class_page_links(at)              # and the way on
    klass, _ = db.create_class("Year 8")
    other, _ = db.create_class("Year 9")
    _ann, token = db.join_class(other.code, "Ann")
    ch = cp.make_challenge(db, klass.id, "Not yours", "scat", 2, "basic", 2)
    at = opened(challenge=str(ch.id), me=token)
    assert "students of its class" in at.warning[0].value
    assert class_page_links(at)
    assert not [b for b in at.button if b.key == "chal_start"]


@pytest.mark.parametrize("turns", [(2, 3), (1, 1), (1, 4, 9, 23)])
def test_the_knock_chart_ticks_whole_turns(turns):
    """The turn axis read 2, 2.5, 3, 3.5: turns are whole numbers."""
    from thirtyone.store.challenge_scores import RoundLine
    from thirtyone.ui.pages.challenge.challenge import knock_chart
    lines = [RoundLine(f"S{i}", 1 + i % 2, True, t, 20.0 + i, 25.0, "knock", f"S{i}", 1,
                       True, t + 1) for i, t in enumerate(turns)]
    fig = knock_chart(lines)
    axes = [fig.layout[a] for a in fig.layout if a.startswith("xaxis")]
    assert len(axes) == 2                          # one per round's facet
    for ax in axes:
        assert ax.tickmode == "linear" and ax.tickformat == "d"
        assert float(ax.dtick).is_integer() and float(ax.tick0).is_integer()
        assert ax.dtick >= 1


@pytest.mark.parametrize("lang, ended, bot", [("en", "after a knock", "Bo (bot)"),
                                              ("ru", "после стука", "Вова (бот)"),
                                              ("uk", "після стуку", "Петро (бот)")])
def test_the_round_by_round_table_says_how_a_round_ended_in_the_readers_language(
        lang, ended, bot):
    from thirtyone.i18n import use_language
    from thirtyone.store.challenge_scores import RoundLine
    from thirtyone.ui.pages.challenge.challenge import lines_frame

    lines = [RoundLine("Ada", 1, False, None, None, 18.0, "knock", "Bo (bot)", -1, False, 4),
             RoundLine("Ada", 2, True, 2, 27.0, 27.0, "knock", "Ada", 0, True, 2)]
    with use_language(lang):
        frame = lines_frame(lines)
    assert frame.iloc[:, 6].tolist() == [ended, ended]          # not the record's id 'knock'
    assert frame.iloc[:, 7].tolist() == [bot, "Ada"]             # a student's name as typed


# --- Banking Thirty-One in a challenge (issue 27, item 9) ------------------------------------

def _shown(card: str) -> list[str]:
    """The ways a card could be on the page (as the class table's test looks for them)."""
    from thirtyone.core.cards import parse_card
    c = parse_card(card)
    return [c.display, f"'{card}'", f"Card('{card}')", f"t31pick_{card}", f'data-card="{card}"']


def this_round_text(node) -> str:
    """The page as ``every_text``, less the "Earlier rounds" log: every round is dealt from a
    fresh pack, so a card shown at an earlier showdown is in this round's pack again."""
    if str(getattr(node, "label", "")).startswith("Earlier rounds"):
        return ""
    out = [str(node.proto)] if getattr(node, "proto", None) is not None and \
        not getattr(node, "children", None) else []
    for child in getattr(node, "children", {}).values():
        out.append(this_round_text(child))
    return "\n".join(out)


def test_a_student_plays_a_banking_challenge_to_the_end_with_hit_and_stay(db):
    """A Banking challenge, played with Play's buy and stay buttons to its end: the page says
    how the bank passes, never shows a card the student may not see (the bots' hands, the
    stacked pack) nor the seed, and ends with the leaderboard counted in chips won or lost."""
    klass, _ = db.create_class("Year 8")
    mia, token = db.join_class(klass.code, "Mia")
    ch = cp.make_challenge(db, klass.id, "Bank practice", "banking", 2, "basic", 3)
    at = opened(challenge=str(ch.id), me=token)
    assert "the bank passes to the right after every round" in page_text(at)
    at.button(key="chal_start").click().run()
    seed_text = str(ch.seed)
    clicked: set[str] = set()
    for step_no in range(120):
        assert not at.exception
        text = page_text(at)
        assert seed_text not in text
        game, _v, finished = cp.load_play(db, ch, mia.id)
        if finished:
            break
        if not game.round_over:     # before the showdown: nothing hidden on the page
            now = text if game.round_no == 1 else this_round_text(at.main)
            assert "Your cards" in now
            for card in {str(c) for c in game.hidden_from(cp.YOU)}:
                assert not any(t in now for t in _shown(card)), (step_no, card)
        keys = {b.key for b in move_buttons(at)}
        if keys:
            assert keys <= {"play_act_hit", "play_act_stay"}, keys
            # buy on a low hand, else stay: both buttons get used
            key = "play_act_hit" if "play_act_hit" in keys and game.total(0) < 21 \
                else "play_act_stay"
            clicked.add(key)
            at.button(key=key).click().run()
        else:
            at.button(key="chal_next_round").click().run()
    assert finished, "the challenge ended"
    assert "play_act_stay" in clicked
    text = page_text(at)
    assert seed_text not in text
    assert "You have finished the challenge" in text
    board = at.dataframe[0].value
    assert list(board["student"]) == ["Mia"]
    assert "chips won or lost" in board.columns
    assert list(board["chips won or lost"]) == [game.chips[0] - 20]
    rounds = at.dataframe[1].value
    assert list(rounds["held the bank"]) == [True, False, False]     # the first bank is hers
    assert sum(rounds["chips won or lost"]) == game.chips[0] - 20


def test_the_teachers_variant_picker_offers_banking_and_makes_the_challenge(db):
    klass, key = db.create_class("Year 8")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    switch_to(at, "class")
    at.query_params.update({"teacher": key})
    at.run()
    assert not at.exception
    picker = at.selectbox(key="chal_new_variant")
    assert "Banking Thirty-One" in picker.options                   # the labels the teacher reads
    at.text_input(key="chal_new_title").input("Bank day")
    picker.select("banking")            # by value: Streamlit 1.56's AppTest formats what it is given
    next(b for b in at.button if "Make the challenge" in str(b.label)).click().run()
    assert not at.exception and not at.error
    (ch,) = db.class_challenges(klass.id)
    assert ch.variant == "banking" and ch.title == "Bank day"
