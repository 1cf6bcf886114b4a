"""Decimals and percentages in the reader's language: a decimal comma in Russian and
Ukrainian ("0,11 %", "13,09"), English exactly as before ("0.11%", "13.09"). The helpers
(``thirtyone.i18n.format_number`` / ``format_percent`` / ``plot_separators``), the figures'
``layout.separators``, and the pages where most numbers are: the Odds lab's four sections,
the Variants page, a Play hint, a lesson quiz's feedback."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import numpy as np
import pytest
from i18n_helpers import BLOCKS, _strings
from streamlit.testing.v1 import AppTest

from thirtyone import get_variant, plots
from thirtyone.bots import hint_for, make_bot_for
from thirtyone.core.rules import VARIANTS
from thirtyone.game.registry import start_game
from thirtyone.i18n import format_number, format_percent, plot_separators, use_language
from thirtyone.teach.lessons import load_lessons
from thirtyone.ui.shell.nav import switch_to

ROOT = Path(__file__).resolve().parents[1]
# a number written the English way: a digit, a point, a digit (not a card, a version, a CSS
# length or a format spec: those are left out of what is read, see ``reader_text``)
POINT_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")
COMMA_DECIMAL = re.compile(r"\d,\d")
NOT_READ = {"code", "html", "empty", "json"}


# --- the helpers -----------------------------------------------------------------------------

def test_english_numbers_read_exactly_as_the_f_strings_they_replace():
    rng = random.Random(31)
    xs = [0, 1, 0.5, 0.0125, 0.125, 0.995, 1 / 3, 2 / 3, 0.0011, 13.0875, 0.00005]
    xs += [rng.random() for _ in range(300)] + [rng.random() * 40 for _ in range(300)]
    for x in xs:
        for d in range(5):
            if x <= 1:                            # a share: no thousands of per cent
                assert format_percent(x, d) == f"{x:.{d}%}", (x, d)
            if d:
                assert format_number(x, d) == f"{x:,.{d}f}", (x, d)
    assert plot_separators() is None


def test_russian_and_ukrainian_numbers_follow_babels_locale_data():
    with use_language("ru"):
        assert (format_percent(0.0011, 2), format_percent(0.744, 1), format_number(13.0875, 2)) \
            == ("0,11\u00a0%", "74,4\u00a0%", "13,09")
        assert format_number(12345.678, 1) == "12\u00a0345,7"
        assert plot_separators() == ",\u00a0"
    with use_language("uk"):
        assert (format_percent(0.0011, 2), format_percent(0.744, 1), format_number(13.0875, 2)) \
            == ("0,11%", "74,4%", "13,09")
        assert plot_separators() == ",\u00a0"
    with use_language("xx"):                      # the pseudo-language writes English numbers
        assert format_percent(0.744, 1) == "74.4%" and plot_separators() is None


def test_a_figure_in_russian_has_a_decimal_comma_and_in_english_plotlys_own():
    rules = get_variant("scat").rules
    with use_language("ru"):
        ru = [plots.dealt_values(rules), plots.race(rules, turns=3), plots.knock_curve(rules, (2,)),
              plots.moves(rules, "AH KH 9S", "7C")]
        assert all(f.layout.separators == ",\u00a0" for f in ru)
        assert "separators" in json.loads(ru[0].to_json())["layout"]
    en = plots.dealt_values(rules)
    assert en.layout.separators is None and "separators" not in json.loads(en.to_json())["layout"]


# --- the pages -------------------------------------------------------------------------------

@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.setenv("THIRTYONE_DATABASE_URL", f"sqlite:///{tmp_path / 'x.db'}")


pytestmark = pytest.mark.usefixtures("db")


def open_page(page: str, lang: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.query_params["lang"] = lang
    switch_to(at, f"{page}")
    return rerun(at, lang)


def rerun(at: AppTest, lang: str) -> AppTest:
    with use_language(lang):     # the test's thread formats the widgets' options as the page
        at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def reader_text(at: AppTest) -> list[str]:
    """What a reader sees in the main area: text, figures' titles and readings, and every
    table cell as shown (a styled table's display text)."""
    out: list[str] = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        kind = getattr(node, "type", "")
        if proto is not None and kind not in NOT_READ:
            if kind in ("arrow_data_frame", "table"):
                out.extend(table_cells(node))
            else:
                _strings(proto, out)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at.main)
    return out


def table_cells(node) -> list[str]:
    """A table's cells as shown: the styler's display values where a ``Styler`` was given,
    else the values themselves (a float cell is written by the front end's column format,
    which is English: an unformatted float in a Russian table is a finding)."""
    import pyarrow as pa

    styler = getattr(node.proto, "styler", None)
    shown = {}
    if styler is not None and styler.display_values:
        table = pa.ipc.open_stream(styler.display_values).read_all().to_pandas()
        shown = {c: table[c] for c in table.columns}
    df = node.value
    cells = []
    for i, col in enumerate(df.columns):
        series = shown.get(col, shown.get(str(i)))
        if series is not None and series.astype(str).str.len().gt(0).any():
            cells += [str(v) for v in series]
        else:
            cells += [repr(v) if isinstance(v, float) else str(v) for v in df[col]]
    return cells


def point_decimals(texts: list[str]) -> list[str]:
    found = []
    for t in texts:
        t = re.sub(r"%\{[^{}]*\}", "", BLOCKS.sub("", t))   # CSS; plotly's hover fields (%{y:.1%})
        t = re.sub(r"<[^<>]*>", "", t)                          # HTML tags' attributes
        found += [f"{m.group()}  <-  {t[max(0, m.start() - 40):m.end() + 20]!r}"
                  for m in POINT_DECIMAL.finditer(t)]
    return found


SECTIONS = ("Starting hands", "Racing to 31", "Knocking", "Your hand")


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_odds_lab_writes_decimal_commas_in_every_section(lang):
    at = open_page("odds_lab", lang)
    for section in SECTIONS:
        at.radio(key="odds_section").set_value(section)
        rerun(at, lang)
        text = reader_text(at)
        assert point_decimals(text) == [], section
        if section != "Knocking":          # (its readings have whole values and counts)
            assert any(COMMA_DECIMAL.search(t) for t in text), section
        charts = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
        assert charts and all(c["layout"].get("separators") == ",\u00a0" for c in charts), section


def test_the_odds_lab_in_english_keeps_its_points():
    at = open_page("odds_lab", "en")
    text = reader_text(at)
    assert any(POINT_DECIMAL.search(t) for t in text)
    assert not any(re.search(r"\d,\d\d?%", t) for t in text)
    assert all("separators" not in json.loads(c.proto.spec)["layout"]
               for c in at.get("plotly_chart"))


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_variants_page_writes_decimal_commas(lang):
    at = open_page("variants", lang)
    text = reader_text(at)
    assert point_decimals(text) == []
    cards = "\n".join(m.value for m in at.markdown)
    pct = "\u00a0%" if lang == "ru" else "%"
    assert f"0,11{pct}" in cards            # Scat's dealt 31, 2 decimals (English: 0.11%)
    assert "13,09" in cards                 # its average dealt hand (English: 13.09)


def test_the_variants_page_in_english_is_unchanged():
    at = open_page("variants", "en")
    cards = "\n".join(m.value for m in at.markdown)
    assert "**0.11%**" in cards and "**13.09**" in cards


# --- a Play hint and a lesson's quiz ---------------------------------------------------------

def hints(lang: str) -> list[str]:
    """The hint the Play page shows (reason and numbers), for a few positions of real games."""
    out = []
    with use_language(lang):
        for key in ("scat", "schwimmen", "kitty"):
            rules = VARIANTS[key].rules
            hint, bot = hint_for(rules), make_bot_for(rules, "basic")
            for seed in (1, 2, 3):
                g = start_game(rules, ["You", "Ann", "Bo"], seed=seed)
                rng = np.random.default_rng(seed)
                for _step in range(9):
                    if g.round_over:
                        break
                    obs = g.observation(g.to_move, log=False)
                    h = hint(obs)
                    out.append(" | ".join([h.reason, *h.numbers, *h.numbers.values()]))
                    g.apply(bot(obs, rng))
    return out


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_play_hint_writes_its_average_with_a_decimal_comma(lang):
    said = hints(lang)
    assert point_decimals(said) == []
    assert any(COMMA_DECIMAL.search(s) for s in said)


def test_a_play_hint_in_english_keeps_its_point():
    assert any(POINT_DECIMAL.search(s) for s in hints("en"))


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_lesson_quiz_explains_its_odds_with_decimal_commas(lang):
    lessons = load_lessons()
    lesson = next(les for les in lessons if les.slug == "08-blitz-odds")
    si = next(i for i, s in enumerate(lesson.steps) if any(q.kind == "likelier" for q in s.quizzes))
    at = open_page("learn", lang)
    at.button(key=f"t31lesson_{lesson.slug}").click()
    rerun(at, lang)
    for _i in range(si):
        at.button(key="t31step_next").click()
        rerun(at, lang)
    at.button_group[0].select(at.button_group[0].options[0])
    rerun(at, lang)
    said = [s for s in reader_text(at) if "1 " in s and ("%" in s)]
    assert said, "no feedback with odds"
    assert point_decimals(said) == []
    assert any(COMMA_DECIMAL.search(s) for s in said)
