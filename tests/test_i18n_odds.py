"""Issue 18, the Odds lab, the Variants page and the plots in three languages: the
pseudo-language ``xx`` finds no English left in each Odds lab section (after the controls
move, after a typing error), on the Variants page (its cards, history, map and statistics)
and in every figure ``thirtyone.plots`` draws (titles, axes, trace names, hover text); in
Russian and Ukrainian the figures are titled in Cyrillic, a notebook gets them with
``use_language``; switching the language keeps the section and the controls."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from i18n_helpers import _figure_text, english_words
from streamlit.testing.v1 import AppTest

from thirtyone import get_variant, plots
from thirtyone.i18n import use_language
from thirtyone.ui.shell.nav import switch_to

ROOT = Path(__file__).resolve().parents[1]
CYRILLIC = re.compile(r"[А-Яа-яЁёІіЇїЄєҐґ]")
HOVER_FIELD = re.compile(r"%\{[^{}]*\}|<extra>|</extra>|<br>|</?[bi]>")


# --- the page sweep --------------------------------------------------------------------------

def main_strings(at: AppTest) -> list[str]:
    """The reader's text in the page's main area (the sidebar's rules editor and link box
    belong to other pages' parts and are swept with them)."""
    from i18n_helpers import SKIP_TYPES, _strings
    out: list[str] = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None and getattr(node, "type", "") not in SKIP_TYPES:
            _strings(proto, out)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at.main)
    return out


def english_in_main(at: AppTest) -> list[str]:
    left = set()
    for s in main_strings(at):
        words = english_words(s)
        if words:
            left.add(f"{' '.join(words[:6])}  <-  {s[:90]!r}")
    return sorted(left)


def open_page(page: str, lang: str, variant: str | None = None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.query_params["lang"] = lang
    if variant:
        at.session_state["variant_key"] = variant
    switch_to(at, f"{page}")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def rerun(at: AppTest, lang: str = "xx") -> AppTest:
    """Run ``at`` again. The test's thread formats the widgets' options to send their state
    back (as a browser would), so it speaks the page's language too."""
    with use_language(lang):
        at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.setenv("THIRTYONE_DATABASE_URL", f"sqlite:///{tmp_path / 'x.db'}")


pytestmark = pytest.mark.usefixtures("db")


def test_the_odds_lab_starting_hands_have_no_english_in_the_pseudo_language():
    at = open_page("odds_lab", "xx")
    assert english_in_main(at) == []
    at.slider(key="odds_deal_players").set_value(6)
    assert english_in_main(rerun(at)) == []


def test_racing_from_a_chosen_hand_and_a_typing_error_have_no_english():
    at = open_page("odds_lab", "xx")
    at.radio(key="odds_section").set_value("Racing to 31")
    rerun(at)
    assert english_in_main(at) == []
    at.selectbox(key="odds_race_target").set_value(28)
    at.radio(key="odds_race_start").set_value("a hand I choose")
    rerun(at)
    assert at.text_input(key="odds_race_hand").value == "AH 9H 2C"
    assert english_in_main(at) == []
    at.text_input(key="odds_race_hand").input("AH AH 9Z")
    rerun(at)
    assert at.error                     # the card error is shown (the engine's words)
    errors = {e.value for e in at.error}
    assert [w for w in english_in_main(at) if not any(e[:60] in w for e in errors)] == []


def test_knocking_its_three_plots_and_the_heat_map_have_no_english():
    at = open_page("odds_lab", "xx")
    at.radio(key="odds_section").set_value("Knocking")
    rerun(at)
    at.selectbox(key="odds_sim_rounds").set_value(2_000)
    at.selectbox(key="odds_sim_players").set_value(3)
    rerun(at)
    assert len(at.get("plotly_chart")) == 3
    assert english_in_main(at) == []


def test_your_hand_and_a_withheld_race_have_no_english():
    at = open_page("odds_lab", "xx")
    at.radio(key="odds_section").set_value("Your hand")
    rerun(at)
    assert english_in_main(at) == []
    at = open_page("odds_lab", "xx", variant="schwimmen")
    at.session_state["variant_key"] = "schwimmen"
    at.radio(key="odds_section").set_value("Racing to 31")
    rerun(at)
    assert at.button(key="odds_race_to_hand")
    assert english_in_main(at) == []
    at.session_state["variant_key"] = "schwimmen"
    at.button(key="odds_race_to_hand").click()
    rerun(at)
    assert at.radio(key="odds_section").value == "Your hand"
    assert english_in_main(at) == []


def test_banking_sections_have_no_english():
    at = open_page("odds_lab", "xx", variant="banking")
    assert english_in_main(at) == []
    at.session_state["variant_key"] = "banking"
    at.radio(key="odds_section").set_value("Knocking")
    rerun(at)
    assert at.info and english_in_main(at) == []


def test_the_variants_page_cards_history_map_and_statistics_have_no_english():
    at = open_page("variants", "xx")
    assert english_in_main(at) == []
    shown = "\n".join(m.value for m in at.markdown)
    # the history (its small print too), the look-alikes, the customs and the names
    assert shown.count("t31-src") > 20 and shown.count("⟦") > 40
    maps = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    hover = " ".join(json.dumps(t.get("customdata", "")) + t.get("hovertemplate", "")
                     for m in maps for t in m["data"])
    assert "⟦" in hover
    at.toggle(key="t31var_only_diff").set_value(False)
    at.slider(key="t31var_players").set_value(3)
    assert english_in_main(rerun(at)) == []


def test_the_variants_page_in_russian_and_ukrainian():
    at = open_page("variants", "ru")
    text = "\n".join(m.value for m in at.markdown) + " ".join(h.value for h in at.header)
    assert "История" in text and "Названия по всему миру" in text
    assert "Германия" in text and "Schwimmen" in text        # places translated, names kept
    assert "Cadillac" in text and "Дэвид Парлетт" in text and "США" in text
    at = open_page("variants", "uk")
    text = "\n".join(m.value for m in at.markdown) + " ".join(h.value for h in at.header)
    assert "Історія" in text and "Німеччина" in text and "Juble" in text


def test_switching_the_language_keeps_the_section_and_the_controls():
    at = open_page("odds_lab", "en")
    at.radio(key="odds_section").set_value("Racing to 31")
    rerun(at, "en")
    at.selectbox(key="odds_race_target").set_value(27)
    at.slider(key="odds_race_turns").set_value(12)
    at.radio(key="odds_race_start").set_value("a hand I choose")
    rerun(at, "en")
    at.text_input(key="odds_race_hand").input("KS QS 2D")
    rerun(at, "en")
    english_title = json.loads(at.get("plotly_chart")[0].proto.spec)["layout"]["title"]["text"]
    at.selectbox(key="lang_picker").set_value("ru")
    rerun(at, "en")                      # the browser sends back the English labels it showed
    assert at.radio(key="odds_section").value == "Racing to 31"
    assert at.selectbox(key="odds_race_target").value == 27
    assert at.slider(key="odds_race_turns").value == 12
    assert at.radio(key="odds_race_start").value == "a hand I choose"
    assert at.text_input(key="odds_race_hand").value == "KS QS 2D"
    title = json.loads(at.get("plotly_chart")[0].proto.spec)["layout"]["title"]["text"]
    assert title != english_title and CYRILLIC.search(title) and "27" in title
    # the radio shows the sections in Russian; its values stay the ids
    assert "Гонка до 31" in at.radio(key="odds_section").options
    at.selectbox(key="lang_picker").set_value("uk")
    rerun(at, "ru")                      # ... and now the Russian ones
    assert at.selectbox(key="odds_race_target").value == 27
    assert at.radio(key="odds_race_start").value == "a hand I choose"
    assert at.radio(key="odds_section").value == "Racing to 31"
    assert "Перегони до 31" in at.radio(key="odds_section").options


def test_a_link_naming_a_section_by_its_id_opens_that_section():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.query_params["lang"] = "ru"
    at.session_state["odds_section"] = "knocking"       # an id, as lessons name sections
    switch_to(at, "odds_lab")
    rerun(at, "ru")
    assert at.radio(key="odds_section").value == "Knocking"


# --- every figure of thirtyone.plots ------------------------------------------------------------

SCAT = get_variant("scat").rules


FIGURES = ("bust", "dealt_values", "special_hands", "race", "knock_curve", "knock_after_turns",
           "seat_knock", "knock_heat", "moves", "variants_compared")


def all_figures() -> dict:
    """Every plots function's figure, small enough to draw quickly."""
    stop = get_variant("stop_the_bus").rules
    return {
        "bust": plots.bust(get_variant("banking").rules, total=26),
        "dealt_values": plots.dealt_values(SCAT),
        "dealt_values brag": plots.dealt_values(stop),
        "special_hands": plots.special_hands(SCAT, players=5),
        "race": plots.race(SCAT, target=28, turns=8),
        "race from a hand": plots.race(SCAT, turns=6, hand="AH 9H 2C"),
        "knock_curve": plots.knock_curve(SCAT, players=(2, 4)),
        "knock_curve pot": plots.knock_curve(get_variant("kitty").rules, players=(2, 3)),
        "knock_after_turns": plots.knock_after_turns(SCAT, players=3, turns=1, rounds=400),
        "seat_knock": plots.seat_knock(SCAT, players=3, seat=1, turn=1, rounds=300),
        "knock_heat": plots.knock_heat(SCAT, most=3, share=0.7),
        "moves": plots.moves(SCAT, "AH KH 9S", "QH"),
        "variants_compared": plots.variants_compared(("scat", "schwimmen"), players=3,
                                                     rounds=300),
    }


@pytest.fixture(scope="module")
def figures_xx() -> dict:
    with use_language("xx"):
        return {k: json.loads(f.to_json()) for k, f in all_figures().items()}


def hover_words(fig: dict) -> list[str]:
    """English in the hover text of every trace (plotly's %{...} fields left out)."""
    out = []
    for t in fig["data"]:
        out += english_words(HOVER_FIELD.sub(" ", t.get("hovertemplate") or ""))
    return out


def test_every_plots_function_is_drawn_here():
    with_data = {n for n in plots.__all__ if f"{n}_data" in plots.__all__}
    assert with_data == set(FIGURES)


@pytest.mark.parametrize("name", ["bust", "dealt_values", "dealt_values brag", "special_hands",
                                  "race",
                                  "race from a hand", "knock_curve", "knock_curve pot",
                                  "knock_after_turns", "seat_knock", "knock_heat", "moves",
                                  "variants_compared"])
def test_no_english_in_a_figures_titles_axes_names_and_hover(figures_xx, name):
    fig = figures_xx[name]
    texts = _figure_text(json.dumps(fig))
    assert texts, name                   # it has a title, axes or named traces
    left = [w for t in texts for w in english_words(t)]
    assert left == [], (name, texts)
    assert hover_words(fig) == [], name


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_notebook_gets_figures_titled_in_russian_and_ukrainian(lang):
    with use_language(lang):
        figs = {"dealt": plots.dealt_values(SCAT), "race": plots.race(SCAT, turns=5),
                "knock": plots.knock_curve(SCAT, players=(2, 3)),
                "heat": plots.knock_heat(SCAT, most=3),
                "moves": plots.moves(SCAT, "AH KH 9S", "QH")}
    for name, fig in figs.items():
        title = fig.layout.title.text
        assert CYRILLIC.search(title), (lang, name, title)
        assert CYRILLIC.search(fig.layout.xaxis.title.text or fig.layout.yaxis.title.text)
    # counted words take the right form: 2 players / 3 players in both languages' plural
    names = [t.name for t in figs["knock"].data]
    want = {"ru": ["2 игрока", "3 игрока"], "uk": ["2 гравці", "3 гравці"]}[lang]
    assert names == want
    # outside the block the figures are English again
    assert plots.race(SCAT, turns=5).layout.title.text.startswith("Holding 31")


def test_readings_under_the_plots_follow_the_language():
    from thirtyone.plots import odds as op
    from thirtyone.plots import seats as sp
    df = plots.knock_curve_data(SCAT, (2, 5))
    heat = plots.knock_heat_data(SCAT, most=3)
    with use_language("xx"):
        texts = [op.knock_reading(df, SCAT), op.dealt_reading(plots.dealt_values_data(SCAT),
                                                                SCAT),
                 sp.heat_reading(heat, 0.8, SCAT), sp.heat_how(),
                 op.race_reading(plots.race_data(SCAT, 31, 10), 7.5, float("inf"), "31")]
    for t in texts:
        assert english_words(t) == [], t
    with use_language("ru"):
        reading = op.knock_reading(df, SCAT)
    assert "Против 1 свежей руки" in reading          # one opponent: the singular form


@pytest.mark.parametrize("variant", ["scat", "stop_the_bus"])
def test_the_special_hands_are_named_in_the_readers_language(variant):
    """The events of the starting-hands table and chart (their rows and bar labels, data
    rather than titles), and the reading picks the blitz or the three of a kind in every
    language."""
    rules = get_variant(variant).rules
    with use_language("xx"):
        df = plots.special_hands_data(rules, 4)
        fig = json.loads(plots.special_hands(rules, 4).to_json())
    assert [e for e in df["event"] if english_words(e)] == []
    assert [y for t in fig["data"] for y in t["y"] if english_words(y)] == []
    from thirtyone.plots import odds as op
    for lang, blitz in (("en", "blitz"), ("ru", "блиц"), ("uk", "бліц")):
        with use_language(lang):
            df = plots.special_hands_data(rules, 4)
            assert CYRILLIC.search(df["event"].iloc[0]) or lang == "en"
            reading = op.events_reading(df.dropna(), 4)
        assert (blitz in reading) == (variant == "scat"), (lang, reading)


def test_one_in_n_groups_digits_as_the_reader_does():
    """'1 in 5,525' (three aces) would read as 1 in 5.5 in Russian, where the comma is the
    decimal sign."""
    from thirtyone.plots.odds import one_in
    assert one_in(4 / 22100) == "1 in 5,525"
    with use_language("ru"):
        assert one_in(4 / 22100) == "1 из 5\xa0525"
    with use_language("uk"):
        assert one_in(4 / 22100) == "1 з 5\xa0525"


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_card_boxes_start_in_the_readers_notation(lang):
    at = open_page("odds_lab", lang)
    with use_language(lang):            # the widgets' state goes back in the page's language
        at.radio(key="odds_section").set_value("Racing to 31")
        rerun(at, lang)
        at.radio(key="odds_race_start").set_value("a hand I choose")
        rerun(at, lang)
        assert at.text_input(key="odds_race_hand").value == "Тч 9ч 2т"     # A♥ 9♥ 2♣
        assert not at.error
        at.radio(key="odds_section").set_value("Your hand")
        rerun(at, lang)
    assert at.text_input(key="odds_hand").value == "Тч Кч 9п"          # A♥ K♥ 9♠
    assert at.text_input(key="odds_visible").value == "Дч"              # Q♥ on the pile
    assert not at.error
