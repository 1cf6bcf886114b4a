"""``thirtyone.plots`` and the pages' "Show the code" boxes: the package imports no Streamlit,
and every snippet a page shows runs on its own (a fresh namespace) and gives the very numbers
the page plotted, with house rules changed from the preset."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from thirtyone import get_variant
from thirtyone.odds.tables import value_label
from thirtyone.plots import figure_code, score_code
from thirtyone.ui.shell.nav import page_script, switch_to

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 180


def test_importing_thirtyone_plots_imports_no_streamlit():
    code = ("import sys, thirtyone.plots\n"
            "assert 'streamlit' not in sys.modules, 'streamlit was imported'\n"
            "print(len(thirtyone.plots.__all__))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 10


def run_snippet(text: str) -> dict:
    """Run a "Show the code" snippet as a reader would paste it: a fresh namespace."""
    space: dict = {}
    exec(compile(text, "<snippet>", "exec"), space)  # noqa: S102 - our own page's text
    return space


def arr(v) -> np.ndarray:
    """A plotly data array (plotly sends numbers as base64 'bdata')."""
    if isinstance(v, dict) and "bdata" in v:
        return np.frombuffer(base64.b64decode(v["bdata"]), dtype=v["dtype"]).astype(float)
    return np.asarray(v, dtype=float)


def python_snippets(at: AppTest) -> list[str]:
    return [c.value for c in at.code if c.language == "python"]


def charts(at: AppTest) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("plotly_chart")]


def trace(chart: dict, name: str) -> dict:
    found = [t for t in chart["data"] if t.get("name", "").startswith(name)]
    assert found, f"no trace {name!r} in {[t.get('name') for t in chart['data']]}"
    return found[0]


@pytest.fixture
def lab() -> AppTest:
    """The Odds lab with two house rules away from the Scat preset."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT).run()
    switch_to(at, "odds_lab").run()
    at.selectbox(key="odds_house_scat__three_of_a_kind").set_value(30.5).run()
    at.selectbox(key="odds_house_scat__pack").set_value(32).run()
    assert not at.exception
    return at


def show(at: AppTest, section: str) -> AppTest:
    at.radio(key="odds_section").set_value(section).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_the_house_rules_are_in_every_snippet_and_the_cli_line(lab):
    texts = python_snippets(lab)
    assert texts and all("replace(" in t and "pack=32" in t and "three_of_a_kind=30.5" in t
                         for t in texts)
    cli = [c.value for c in lab.code if c.language == "bash"]
    assert cli == ["thirtyone odds --variant scat --rule pack=32 --rule three_of_a_kind=30.5"]


def test_starting_hands_snippets_give_the_plotted_numbers(lab):
    dealt, events = (run_snippet(t)["df"] for t in python_snippets(lab))
    chart = charts(lab)
    for pack in ("52 cards", "32 cards"):
        plotted = arr(trace(chart[0], pack)["y"])
        np.testing.assert_allclose(plotted, dealt[dealt["pack"] == pack]["probability"])
    # 32 cards, three of a kind 30.5: a dealt 30.5 exists, as the house rule says
    assert (dealt[dealt["pack"] == "32 cards"]["value"] == 30.5).any()
    lab.slider(key="odds_deal_players").set_value(6).run()
    events = run_snippet(python_snippets(lab)[1])["df"]
    assert "players=6" in python_snippets(lab)[1]
    np.testing.assert_allclose(arr(trace(charts(lab)[1], "anyone")["x"]),
                               events.dropna()["at least one of 6"])


def test_racing_snippet_follows_the_goal_turns_and_own_hand(lab):
    show(lab, "Racing to 31")
    lab.selectbox(key="odds_race_target").set_value(28).run()
    lab.slider(key="odds_race_turns").set_value(12).run()
    lab.radio(key="odds_race_start").set_value("a hand I choose").run()
    lab.text_input(key="odds_race_hand").input("AH 9H 8C").run()
    assert not lab.exception
    [text] = python_snippets(lab)
    assert "target=28" in text and "turns=12" in text and "hand='AH 9H 8C'" in text
    df = run_snippet(text)["df"]
    assert len(df) == 13
    for col in ("best possible", "fastest policy", "basic bot"):
        np.testing.assert_allclose(arr(trace(charts(lab)[0], col)["y"]), df[col])


def test_knocking_snippets_give_the_exact_simulated_and_heat_numbers(lab):
    show(lab, "Knocking")
    lab.multiselect(key="odds_knock_players").set_value([2, 5]).run()
    lab.selectbox(key="odds_sim_players").set_value(3).run()
    lab.selectbox(key="odds_sim_seat").set_value(1).run()
    lab.selectbox(key="odds_sim_rounds").set_value(2_000).run()
    assert not lab.exception
    exact_text, sim_text, heat_text = python_snippets(lab)
    exact_chart, sim_chart, heat_chart = charts(lab)

    exact = run_snippet(exact_text)["df"]
    assert sorted(set(exact["players"])) == [2, 5]
    for n in (2, 5):
        np.testing.assert_allclose(arr(trace(exact_chart, f"{n} players")["y"]),
                                   exact[exact["players"] == n]["survive"])

    assert "seat=1" in sim_text and "rounds=2000" in sim_text
    sim = run_snippet(sim_text)["df"]
    np.testing.assert_allclose(arr(trace(sim_chart, "simulated")["y"]), sim["survive"])

    heat = run_snippet(heat_text)["df"]
    grid = heat.pivot(index="players", columns="seat", values="lowest value").to_numpy(float)
    z = heat_chart["data"][0]["z"]
    plotted = arr(z) if isinstance(z, dict) else np.array(
        [[np.nan if v is None else v for v in row] for row in z], dtype=float)
    np.testing.assert_allclose(plotted.reshape(grid.shape), grid)


def test_your_hand_snippet_gives_the_plotted_moves(lab):
    show(lab, "Your hand")
    lab.text_input(key="odds_hand").input("AH KH 9S").run()
    lab.text_input(key="odds_visible").input("QH").run()
    [text] = python_snippets(lab)
    df = run_snippet(text)["df"]
    dots = charts(lab)[0]["data"][0]
    np.testing.assert_allclose(arr(dots["x"]), df["value"])
    assert list(dots["y"]) == list(df["move"])


def test_the_scorer_snippet_and_command_give_the_shown_value():
    at = AppTest.from_string(page_script("scorer"), default_timeout=TIMEOUT).run()
    at.selectbox(key="scorer_house_scat__three_of_a_kind").set_value(30.5).run()
    at.text_input(key="scorer_text").input("7H 7S 7D").run()
    assert not at.exception
    [text] = python_snippets(at)
    value = run_snippet(text)["value"]
    assert value == 30.5   # the house rule, not the preset's 30
    shown = next(re.search(r'data-testid="scorer-value">([^<]*)<', m.value).group(1)
                 for m in at.markdown if 'data-testid="scorer-value"' in m.value)
    assert shown.startswith(value_label(get_variant("scat").rules, 30.5).split()[0])
    [cli] = [c.value for c in at.code if c.language == "bash"]
    done = subprocess.run([sys.executable, "-m", "thirtyone", "--json", *cli.split()[1:]],
                          capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert "30.5" in done.stdout


def _three_lesson_plots():
    from thirtyone.teach.blocks import parse_plot
    from thirtyone.ui.pages.learn.lesson_blocks import show_plot

    for n, text in enumerate([{"plot": "knock_survival", "controls": "players, turns"},
                              {"plot": "race", "controls": "target"},
                              {"plot": "dealt_values", "variant": "eenendertigen",
                               "controls": "value"}]):
        show_plot(parse_plot(text, "scat"), f"x/0/{n}")


def test_the_lesson_plot_snippets_give_the_plotted_numbers():
    at = AppTest.from_function(_three_lesson_plots, default_timeout=TIMEOUT).run()
    at.slider(key="t31plot_x_0_0_players").set_value(4).run()
    at.slider(key="t31plot_x_0_0_turns").set_value(2).run()
    at.slider(key="t31plot_x_0_1_target").set_value(28).run()
    assert not at.exception
    knock_text, race_text, dealt_text = python_snippets(at)
    knock_chart, race_chart, dealt_chart = charts(at)
    assert "players=4" in knock_text and "turns=2" in knock_text
    knock = run_snippet(knock_text)["df"]
    np.testing.assert_allclose(arr(trace(knock_chart, "simulated")["y"]), knock["survive"])
    race = run_snippet(race_text)["df"]
    np.testing.assert_allclose(arr(trace(race_chart, "basic bot")["y"]), race["basic bot"])
    assert "'eenendertigen'" in dealt_text
    dealt = run_snippet(dealt_text)["df"]
    pack = trace(dealt_chart, "32 cards")
    np.testing.assert_allclose(arr(pack["y"]), dealt[dealt["pack"] == "32 cards"]["probability"])


def test_the_variants_snippet_gives_the_page_numbers():
    from thirtyone.ui.pages.variants import variants

    results = {}
    original = variants.sim_chart

    def recording(res, errors=None):
        results.update(res)
        return original(res, errors)
    at = AppTest.from_string(page_script("variants"), default_timeout=TIMEOUT)
    variants.sim_chart = recording
    try:
        at.run()
        at.select_slider(key="t31var_rounds").set_value(2_000).run()
    finally:
        variants.sim_chart = original
    assert not at.exception
    [text] = [t for t in python_snippets(at) if "variants_compared" in t]
    assert "rounds=2000" in text
    df = run_snippet(text)["df"].set_index("key")
    assert set(df.index) == set(results)
    for k, r in results.items():
        assert df.loc[k, "rounds"] == r["rounds"] == 2_000
        for field in ("blitz_rate", "knock_rate", "knocker_lost_rate", "mean_turns"):
            assert df.loc[k, field] == pytest.approx(r[field])


def test_every_figure_function_has_a_data_twin_and_a_snippet_that_runs():
    rules = get_variant("scat").rules.replace(fire=33)
    for name, args in (("dealt_values", {}), ("special_hands", {"players": 3}),
                       ("race", {"target": 30, "turns": 6}),
                       ("knock_curve", {"players": (2, 3)}),
                       ("moves", {"hand": "AH KH 9S", "visible": "QH"})):
        space = run_snippet(figure_code(name, rules, "scat", **args).python)
        assert isinstance(space["df"], pd.DataFrame) and len(space["df"])
        assert len(space["fig"].data) >= 1
    with pytest.raises(ValueError):
        figure_code("nothing", rules, "scat")
    snippet = score_code("AH KH 9S", rules, "scat")
    assert "fire=33" in snippet.python and "--rule fire=33" in snippet.cli
