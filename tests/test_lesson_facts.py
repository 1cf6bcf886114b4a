"""Issue 26, item 6: a run is three cards in sequence, not all of one suit (two of one suit
still make a run); no lesson calls a swap game (Schwimmen, Stop the Bus) a draw game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from thirtyone.core.cards import parse_hand
from thirtyone.core.rules import get_variant
from thirtyone.core.scoring import score
from thirtyone.i18n import use_language

ROOT = Path(__file__).resolve().parents[1]
RUN_WORDS = {"en": "not all of one suit", "ru": "не все одной масти", "uk": "не всі однієї масті"}


def _lesson(lang: str, name: str) -> str:
    folder = ROOT / "lessons" / ("" if lang == "en" else lang)
    return (folder / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", sorted(RUN_WORDS))
def test_the_run_is_defined_as_not_all_of_one_suit(lang):
    text = _lesson(lang, "12-stop-the-bus.md")
    line = next(x for x in text.splitlines() if "(run)" in x or "**Run**" in x)
    assert RUN_WORDS[lang] in line, line
    assert "mixed suits" not in line and "разных мастей" not in line \
        and "різних мастей" not in line


@pytest.mark.parametrize("lang", sorted(RUN_WORDS))
def test_two_cards_of_one_suit_in_sequence_are_a_run_and_the_engine_says_why(lang):
    rules = get_variant("stop_the_bus").rules
    with use_language(lang):
        s = score(parse_hand("5H 6H 7D"), rules)
        assert RUN_WORDS[lang] in s.explain(), s.explain()
    assert s.value_text == "run"
    assert score(parse_hand("5H 6H 7H"), rules).value_text == "running flush"


DRAW_WORDS = {"en": r"draw (game|family)", "ru": r"игр\w* с добором|семейств\w* с добором",
              "uk": r"ігр\w* із добором|родин\w* із добором"}
SWAP_GAMES = ("Schwimmen", "Stop the Bus", "Switch")


@pytest.mark.parametrize("lang", sorted(DRAW_WORDS))
def test_no_sentence_calls_a_swap_game_a_draw_game(lang):
    folder = ROOT / "lessons" / ("" if lang == "en" else lang)
    found = 0
    for f in sorted(folder.glob("[0-9]*.md")):
        for sentence in re.split(r"(?<=[.!?])\s+", f.read_text(encoding="utf-8")):
            if re.search(DRAW_WORDS[lang], sentence, re.I):
                found += 1
                for game in SWAP_GAMES:
                    assert game not in sentence, (f.name, sentence)
    assert found


SWAP_WORDS = {"en": "a swap game", "ru": "игре с обменом", "uk": "грі з обміном"}


def _stock_step_calls_schwimmen_a_swap_game(text: str, lang: str) -> bool:
    step = text.split("\n## ")[1]   # the first step: the stock runs out
    return bool(re.search(rf"Schwimmen, {SWAP_WORDS[lang]}", step))


@pytest.mark.parametrize("lang", sorted(SWAP_WORDS))
def test_lesson_14_tells_schwimmen_as_a_swap_game_where_the_stock_runs_out(lang):
    assert _stock_step_calls_schwimmen_a_swap_game(_lesson(lang, "14-when-the-stock-runs-out.md"),
                                                   lang)


def test_the_check_catches_lesson_14s_old_text():
    old = ("---\ntitle: x\n---\n\n## The stock runs out\n\nIn the draw family it can happen "
           "that nobody knocks and the stock is used up. Tables settle this in one of three "
           "ways:\n\n- **score**: the round is scored (this app's Schwimmen and Stop the Bus).")
    assert not _stock_step_calls_schwimmen_a_swap_game(old, "en")


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_lesson_8s_race_step_names_and_explains_every_curve_of_its_plot(lang):
    """Issue 26: the race plot showed three curves where the text described two, two of them
    on top of each other, and no sentence said what they meant."""
    import pandas as pd

    from thirtyone.plots.odds import race_figure

    df = pd.DataFrame({"turns": [0, 1, 2], "best possible": [0.0, 0.1, 0.2],
                       "fastest policy": [0.0, 0.1, 0.19], "basic bot": [0.0, 0.05, 0.1]})
    text = _lesson(lang, "08-blitz-odds.md")
    step = next(s for s in text.split("\n## ") if "plot: race" in s)
    prose = step.split("```plot")[0]
    with use_language(lang):
        names = [t.name for t in race_figure(df, "31").data]
    assert len(names) == 3
    for name in names:
        # each curve is named in bold and told in its own bullet, with how it is drawn
        bullet = next((ln for ln in prose.splitlines() if f"**{name}**" in ln), None)
        assert bullet, (lang, name)
    # the two curves that lie on top of each other are said to do so
    said = {"en": "on top of it", "ru": "почти по ней", "uk": "майже по ній"}[lang]
    assert said in prose


@pytest.mark.parametrize("key", ["scat", "blitz", "eenendertigen", "schwimmen", "stop_the_bus",
                                 "kitty"])
def test_the_odds_lab_lists_only_the_special_hands_that_mean_something_and_says_why(key):
    """Issue 26: the Odds lab listed fire and the Brag hands for Scat without saying why."""
    from thirtyone.odds.deal import EVENTS
    from thirtyone.plots import odds as op

    rules = get_variant(key).rules
    with use_language("en"):
        events = list(op.events_table(rules, 4)["event"])
        said = op.events_left_out(rules)
    brag_rows = [e for e in events if e.startswith("brag:")]
    if rules.hand_value == "brag":
        assert brag_rows and EVENTS["blitz"] not in events and EVENTS["fire"] not in events
        assert "blitz" in said.lower() and "fire" in said
    else:
        assert not brag_rows, events
        assert events[0] == EVENTS["blitz"]
        assert (EVENTS["fire"] in events) == (rules.fire is not None), events
        assert "Brag" in said
        assert ("fire" in said) == (rules.fire is None)
