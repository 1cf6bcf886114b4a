"""The table's words in three languages (issue 18, game-msg): every sentence the engine says
(events, showdown reasons, errors, hints, the Play page's words built from them) is kept as a
message and rendered when read, so a log reads in the language chosen now, and records stay
free of any language.

English left over is found with the pseudo-language ``xx`` (every translated message comes
out marked ⟦...⟧; ``i18n_helpers.english_words`` lists the words outside the marks). Player
names here are two letters, so no name is taken for an English word.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from i18n_helpers import english_words
from table_helpers import game

from thirtyone.bots import make_bot, make_bot_for
from thirtyone.core.errors import IllegalActionError
from thirtyone.core.rules import get_variant
from thirtyone.expert.banking_hint import banking_hint
from thirtyone.expert.hint import hint
from thirtyone.game.banking import new_banking_game
from thirtyone.game.message import count_msg, lives_msg
from thirtyone.game.records import game_to_record, load_game, save_game
from thirtyone.game.saves import earlier_round_logs
from thirtyone.game.table import new_game
from thirtyone.i18n import use_language
from thirtyone.ui.widgets.table_words import (
    action_label,
    change_text,
    counter_text,
    dealer_word,
    ended_words,
    hand_note,
    level_help,
    step_mode_label,
    turn_words,
)

NAMES = ["Al", "Bo", "Cy"]
CYRILLIC = re.compile("[а-яА-ЯіїєґІЇЄҐёЁ]")
LATIN_WORD = re.compile(r"\b[A-Za-z]{3,}\b")
TABLE_VARIANTS = ["scat", "blitz", "five_dollar", "eenendertigen", "running_total", "kitty",
                  "schwimmen", "switch"]


def play_rounds(variant: str, seed: int, rounds: int = 3):
    """A game of bots (``basic``) played for up to ``rounds`` rounds."""
    g = new_game(get_variant(variant).rules, NAMES, seed=seed, styles=["basic"] * 3)
    bot, rng = make_bot("basic"), np.random.default_rng(seed)
    for r in range(rounds):
        if r:
            if g.game_over:
                break
            g.next_round()
        while not g.round_over:
            if g.turns > 120:
                g.void_round()
                break
            g.apply(bot(g.observation(g.to_move), rng))
    return g


def english_in(texts) -> list[str]:
    return [f"{english_words(t)} in {t!r}" for t in texts if english_words(t)]


def all_lines(g) -> list[str]:
    return [e.text for e in g.log]


# --- whole rounds ----------------------------------------------------------------------------

@pytest.mark.parametrize("variant", TABLE_VARIANTS)
def test_every_line_of_a_played_game_is_translated(variant):
    g = play_rounds(variant, seed=11)
    with use_language("xx"):
        lines = all_lines(g)
    assert lines and english_in(lines) == []


@pytest.mark.parametrize("lang", ["ru", "uk"])
@pytest.mark.parametrize("variant", ["scat", "schwimmen", "kitty", "switch", "running_total"])
def test_a_whole_game_log_reads_in_russian_and_ukrainian(variant, lang):
    g = play_rounds(variant, seed=5)
    with use_language(lang):
        lines = all_lines(g)
    assert all(CYRILLIC.search(t) for t in lines), [t for t in lines if not CYRILLIC.search(t)]
    # no English word left: only the players' names and card codes are Latin
    assert [w for t in lines for w in LATIN_WORD.findall(t)] == []


def test_the_same_log_reads_in_the_language_chosen_when_it_is_read():
    g = play_rounds("scat", seed=3, rounds=2)
    english = all_lines(g)
    with use_language("ru"):
        russian = all_lines(g)
    with use_language("uk"):
        ukrainian = all_lines(g)
    assert len(english) == len(russian) == len(ukrainian)
    assert russian != english and ukrainian != russian
    assert "Раздача 1" in russian[0] and "Роздача 1" in ukrainian[0]
    assert all_lines(g) == english                     # back in English: the same as before
    # the log of earlier rounds a save shows, and an observation's log, follow too
    with use_language("ru"):
        earlier = [t for _r, lines in earlier_round_logs(g, 0) for t in lines]
        seen = [e.text for e in g.observation(0).log]
    assert earlier and all(CYRILLIC.search(t) for t in earlier + seen)


def test_a_record_written_in_russian_is_the_one_written_in_english():
    g = play_rounds("switch", seed=8, rounds=2)
    with use_language("en"):
        rec_en, text_en = game_to_record(g), save_game(g)
    with use_language("ru"):
        rec_ru, text_ru = game_to_record(g), save_game(g)
    assert rec_ru == rec_en and text_ru == text_en
    assert not CYRILLIC.search(text_ru)
    with use_language("uk"):
        again = load_game(text_ru)
    assert again.snapshot() == g.snapshot()
    assert [e.text for e in again.log] == all_lines(g)  # read back in English, same words


# --- showdown reasons and counted words -------------------------------------------------------

def first_loss_of(variant: str, lost: int):
    """A played game with a 'lose' event costing ``lost`` lives (searching seeds in order)."""
    for seed in range(200):
        g = play_rounds(variant, seed=seed, rounds=1)
        r = g.round_result
        if r is not None and lost in r.lives_lost:
            seat = r.lives_lost.index(lost)
            if g.lives[seat] > 0:
                return g, seat, next(e for e in g.log if e.kind == "lose" and e.seat == seat)
    raise AssertionError(f"no {variant} round costs {lost}")


def test_a_knocker_losing_two_lives_reads_with_the_right_plural_form():
    g, seat, event = first_loss_of("eenendertigen", 2)
    assert "loses 2 lives" in event.text
    with use_language("ru"):
        assert "теряет 2 жизни" in event.text
    with use_language("uk"):
        assert "втрачає 2 життя" in event.text
    with use_language("xx"):
        assert english_words(event.text) == []


@pytest.mark.parametrize("lang, forms", [
    ("ru", ["1 жизнь", "2 жизни", "5 жизней", "21 жизнь"]),
    ("uk", ["1 життя", "2 життя", "5 життів", "21 життя"]),
])
def test_counted_lives_take_three_forms(lang, forms):
    with use_language(lang):
        assert [str(count_msg("life", n)) for n in (1, 2, 5, 21)] == forms
        pennies = [str(lives_msg("penny", n)) for n in (1, 2, 5)]
        chips = [str(count_msg("chip", n)) for n in (1, 3, 11)]
    assert all(CYRILLIC.search(p) for p in pennies + chips)
    assert len(set(chips)) == 3                      # 1 фишка / 3 фишки / 11 фишек differ
    assert [str(lives_msg("penny", n)) for n in (1, 2)] == ["a penny", "2 pennies"]


def test_counted_chips_and_points_on_the_counters_follow_the_language():
    g = play_rounds("kitty", seed=2, rounds=1)
    obs = g.observation(0)
    variant = get_variant("kitty")
    with use_language("xx"):
        texts = [counter_text(variant, obs, s) for s in range(3)]
        texts += [change_text(variant, g.rules, g.round_result, s) for s in range(3)]
    assert english_in(t for t in texts if t) == []
    with use_language("ru"):
        assert all(CYRILLIC.search(counter_text(variant, obs, s)) for s in range(3))
    g = play_rounds("running_total", seed=2, rounds=1)
    with use_language("uk"):
        said = counter_text(get_variant("running_total"), g.observation(0), 0)
    assert "з 15 оч" in said


# --- errors ----------------------------------------------------------------------------------

def test_an_illegal_move_says_why_in_the_current_language():
    g = new_game(get_variant("scat").rules, NAMES, seed=4)
    tries = ["discard AH", "stand", "pass", "swap all", "restart", "discard 2C", "no restart"]
    with use_language("xx"):
        reasons = [g.why_illegal(t) for t in tries]
    assert all(reasons) and english_in(reasons) == []
    with pytest.raises(IllegalActionError) as e:
        g.apply("stand")
    with use_language("ru"):
        assert CYRILLIC.search(str(e.value))
    # the error is kept as a message, read in the language of the moment
    assert str(e.value) == "Standing is only for the last turn after a knock."
    g.apply("draw")
    with use_language("uk"):
        why = g.why_illegal("draw")
    assert CYRILLIC.search(why) and "Bo" in why


def test_a_damaged_record_is_refused_in_the_current_language():
    with use_language("ru"), pytest.raises(ValueError) as e:
        load_game("{not json")
    assert CYRILLIC.search(str(e.value)) and "JSON" in str(e.value)


# --- hints -----------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["scat", "schwimmen", "kitty", "switch", "running_total"])
def test_the_hint_reads_in_the_pseudo_language_without_english(variant):
    g = new_game(get_variant(variant).rules, NAMES, seed=21, styles=[None, "basic", "basic"])
    bot, rng = make_bot("basic"), np.random.default_rng(0)
    texts, asked = [], 0
    while not g.round_over and asked < 4:
        obs = g.observation(g.to_move)
        if g.to_move == 0 or g.phase == "choose":
            with use_language("xx"):
                h = hint(obs)
                texts += [h.reason, *h.numbers, *h.numbers.values(), action_label(h.action, obs)]
            asked += 1
        g.apply(bot(obs, rng))
    assert texts and english_in(texts) == []


def test_the_hint_reads_in_russian_and_ukrainian():
    g = new_game(get_variant("scat").rules, NAMES, seed=21)
    obs = g.observation(g.to_move)
    for lang in ("ru", "uk"):
        with use_language(lang):
            h = hint(obs)
        assert CYRILLIC.search(h.reason)
        assert all(CYRILLIC.search(label) for label in h.numbers)


# --- banking ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [["Al", "Bo", "Cy"], ["Al", "You", "Cy"]])
def test_a_banking_round_reads_in_every_language(players):
    g = new_banking_game(players=players, seed=7, max_rounds=4)
    bots = make_bot_for(g.rules, "basic")
    rng = np.random.default_rng(1)
    texts = []
    while not g.game_over:
        if g.round_over:
            g.next_round()
            continue
        obs = g.observation(g.to_move)
        with use_language("xx"):
            h = banking_hint(obs)
            texts += [h.reason, *h.numbers, *h.numbers.values(), action_label(h.action, obs),
                      turn_words(obs, g.to_move)]
        g.apply(bots(obs, rng))
    with use_language("xx"):
        texts += [e.text for e in g.log]
        with pytest.raises(IllegalActionError) as e:
            g.apply("stay")
        texts.append(str(e.value))
    assert english_in(texts) == []
    for lang in ("ru", "uk"):
        with use_language(lang):
            lines = [e.text for e in g.log]
        assert all(CYRILLIC.search(t) for t in lines)
        assert [w for t in lines for w in LATIN_WORD.findall(t)] == []   # "You" included


# --- the Switch restart ----------------------------------------------------------------------

def test_the_switch_restart_reads_in_russian_and_ukrainian():
    g = game("switch", ["JD TD 3S", "AH KH 2H", "9C 8D 2S"], spare="2C 3C 4D",
             closed="5C 6C 7D", names=NAMES)
    g.apply("stand")
    g.apply("knock")
    while g.phase == "turn":
        g.apply("stand")
    assert g.phase == "restart"
    obs = g.observation(1)
    with use_language("xx"):
        texts = [turn_words(obs, 1), turn_words(g.observation(0), 0),
                 *(action_label(a, obs) for a in obs.legal_actions), hint(obs).reason,
                 g.why_illegal("knock")]
    g.apply("restart")
    g.next_round()
    with use_language("xx"):
        texts += [e.text for e in g.log]
    assert english_in(texts) == []
    for lang, word in (("ru", "рестарт"), ("uk", "рестарт")):
        with use_language(lang):
            said = [e.text for e in g.log if e.kind in ("restart_offer", "restart", "deal")]
        assert said and all(CYRILLIC.search(t) for t in said)
        assert any(word in t for t in said)


# --- the Play page's words -------------------------------------------------------------------

def test_the_play_pages_words_are_translated():
    g = new_game(get_variant("schwimmen").rules, NAMES, seed=2)
    obs = g.observation(g.to_move)
    with use_language("xx"):
        texts = [turn_words(obs, g.to_move), turn_words(obs, (g.to_move + 1) % 3),
                 hand_note(obs), *(action_label(a, obs) for a in obs.legal_actions),
                 *(level_help(k) for k in ("random", "basic", "standard", "expert")),
                 *(step_mode_label(k) for k in ("step", "auto", "fast")),
                 *(ended_words(k) for k in ("knock", "blitz", "fire", "stock", "void")),
                 dealer_word("banking"), dealer_word("draw")]
    assert all(texts) and english_in(texts) == []
    with use_language("uk"):
        assert turn_words(obs, g.to_move).startswith("Ваш хід")
