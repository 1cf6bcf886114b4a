"""The Odds lab page driven through Streamlit's AppTest: every control, every section, and
each variant family; numbers in the plots change when the controls say they should."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from thirtyone import VARIANTS
from thirtyone.ui.shell.nav import switch_to

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 120


@pytest.fixture
def at() -> AppTest:
    app = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT).run()
    switch_to(app, "odds_lab").run()
    assert not app.exception
    return app


def show(at: AppTest, section: str) -> AppTest:
    at.radio(key="odds_section").set_value(section).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def charts(at: AppTest) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("plotly_chart")]


def downloads(at: AppTest) -> int:
    return len(at.get("download_button"))


def arr(v) -> list:
    """A plotly data array as a list (plotly sends numbers as base64 'bdata')."""
    if isinstance(v, dict) and "bdata" in v:
        return np.frombuffer(base64.b64decode(v["bdata"]), dtype=v["dtype"]).tolist()
    return list(v) if v is not None else []


def ys(chart: dict) -> list:
    """The plotted numbers of every trace (x and y, however plotly encoded them)."""
    return [(t.get("x"), t.get("y")) for t in chart["data"]]


def test_starting_hands_shows_52_and_32_card_values_and_the_players_slider_moves_the_odds(at):
    first = charts(at)
    assert len(first) == 2 and downloads(at) == 2
    names = [t["name"] for t in first[0]["data"]]
    assert any("52" in n for n in names) and any("32" in n for n in names)
    at.slider(key="odds_deal_players").set_value(7).run()
    after = charts(at)
    assert ys(after[1]) != ys(first[1])  # anyone-at-the-table chances grew
    assert ys(after[0]) == ys(first[0])
    assert "7 players" in " ".join(m.value for m in at.markdown)


def test_racing_controls_goal_turns_and_own_hand(at):
    show(at, "Racing to 31")
    base = charts(at)[0]
    at.selectbox(key="odds_race_target").set_value(27).run()
    goal = charts(at)[0]
    assert ys(goal) != ys(base)
    at.slider(key="odds_race_turns").set_value(40).run()
    assert len(arr(charts(at)[0]["data"][0]["x"])) == 41
    at.radio(key="odds_race_start").set_value("a hand I choose").run()
    at.text_input(key="odds_race_hand").input("AS KS QD").run()
    assert not at.error
    assert arr(charts(at)[0]["data"][0]["y"])[0] == 0.0  # AS KS QD is 21, not yet 27
    at.text_input(key="odds_race_hand").input("AS AS QD").run()
    assert at.error and "twice" in at.error[0].value
    assert downloads(at) == 0
    assert len(at.metric) == 0


def test_knocking_exact_curves_follow_the_chosen_players_and_the_simulation_runs(at):
    show(at, "Knocking")
    assert len(charts(at)[0]["data"]) == 6  # 2..7 players
    at.multiselect(key="odds_knock_players").set_value([2, 5]).run()
    assert [t["name"] for t in charts(at)[0]["data"]] == ["2 players", "5 players"]
    at.selectbox(key="odds_sim_players").set_value(3).run()
    at.selectbox(key="odds_sim_seat").set_value(2).run()
    at.selectbox(key="odds_sim_rounds").set_value(2_000).run()
    assert not at.exception
    after = sim_chart(at)  # no button: the simulation ran with the controls
    assert "simulated" in [t["name"] for t in after["data"]]
    assert "fresh hands (no turns played)" in [t["name"] for t in after["data"]]
    assert "3 players, seat 3 of 3, knock on turn 1" in after["layout"]["title"]["text"]
    assert "(2,000 rounds)" in after["layout"]["title"]["text"]
    assert downloads(at) == 3   # the exact curves, the simulated curve, the heat map
    assert any("rounds that reached your knock" in c.value for c in at.caption)


def sim_chart(at: AppTest) -> dict:
    """The simulated per-seat knock curve (its title names the seat)."""
    return next(c for c in charts(at) if ", seat " in c["layout"]["title"]["text"])


def _survive_at(chart: dict, value: float) -> float:
    sim = next(t for t in chart["data"] if t["name"] == "simulated")
    return arr(sim["y"])[arr(sim["x"]).index(value)]


def test_the_seat_and_the_opponents_move_the_simulated_curve(at):
    show(at, "Knocking")
    at.selectbox(key="odds_sim_players").set_value(3).run()
    at.selectbox(key="odds_sim_rounds").set_value(10_000).run()
    first = _survive_at(sim_chart(at), 17.0)
    at.selectbox(key="odds_sim_seat").set_value(2).run()
    dealer = _survive_at(sim_chart(at), 17.0)
    assert first - dealer > 0.15   # the players before the dealer had one more turn each
    at.selectbox(key="odds_sim_opponent").set_value("random").run()
    assert _survive_at(sim_chart(at), 17.0) - dealer > 0.2   # random players rarely improve
    text = " ".join(m.value for m in at.markdown)
    assert "You are the dealer: each of the others gets 2 turns" in text


def heat_grid(at: AppTest) -> tuple[np.ndarray, dict]:
    """The heat map's values (players x seat, NaN where there is no such seat) and chart."""
    chart = next(c for c in charts(at) if c["data"][0]["type"] == "heatmap")
    z = chart["data"][0]["z"]
    if isinstance(z, dict):
        shape = [int(n) for n in z["shape"].split(",")]
        return np.frombuffer(base64.b64decode(z["bdata"]), dtype=z["dtype"]).reshape(shape), chart
    return np.array(z, dtype=float), chart


def test_the_heat_map_shows_players_by_seat_and_follows_the_target(at):
    show(at, "Knocking")
    z, _ = heat_grid(at)
    assert z.shape == (6, 7)                               # 2..7 players x seats 1..7
    assert np.isnan(z[0, 2]) and not np.isnan(z[-1, 6])    # 2 players have no seat 3
    for row in z:
        seats = row[~np.isnan(row)]
        assert seats[-1] > seats[0]                        # the dealer needs more than seat 1
    at.slider(key="odds_heat_share").set_value(95).run()
    strict, chart = heat_grid(at)
    known = ~np.isnan(z)
    assert np.all(strict[known] >= z[known]) and np.any(strict[known] > z[known])
    assert "95%" in chart["layout"]["title"]["text"]
    assert downloads(at) == 3   # the exact curves, the simulated curve and the heat map


def band_widths(monkeypatch) -> list[tuple[int, float]]:
    """Every simulated curve the page draws: (rounds played, widest 95% band), in order."""
    from thirtyone.ui.pages.odds_lab import knock_seats

    drawn: list[tuple[int, float]] = []
    original = knock_seats.seat_figure

    def recording(df, exact, rules, title):
        played = int(re.search(r"\(([\d,]+) rounds\)", title).group(1).replace(",", ""))
        drawn.append((played, float((df["high 95%"] - df["low 95%"]).max())))
        return original(df, exact, rules, title)
    monkeypatch.setattr(knock_seats, "seat_figure", recording)
    return drawn


def test_the_simulated_curve_appears_then_sharpens_batch_by_batch(at, monkeypatch):
    from thirtyone.ui.widgets.stream import finished

    show(at, "Knocking")
    finished.clear()  # no finished run shared from an earlier test
    drawn = band_widths(monkeypatch)
    at.selectbox(key="odds_sim_seat").set_value(1).run()
    assert not at.exception
    rounds = [r for r, _ in drawn]
    assert len(rounds) >= 3 and rounds[0] <= 1_000 and rounds[-1] == 10_000
    assert rounds == sorted(set(rounds))  # every batch adds rounds
    widths = [w for _, w in drawn]
    assert widths[-1] < widths[0] / 2  # 10x the rounds: the band about a third as wide
    assert "(10,000 rounds)" in sim_chart(at)["layout"]["title"]["text"]


def test_a_stopped_simulation_resumes_where_it_stopped_and_ends_the_same(at, monkeypatch):
    from thirtyone.sim.seats import seat_knock_runner
    from thirtyone.sim.stream import stream
    from thirtyone.ui.pages.odds_lab.odds_lab import SIM, rules_key
    from thirtyone.ui.widgets.stream import finished

    rules = VARIANTS["scat"].rules
    params = (rules_key(rules), 3, 1, 1, "standard", 10_000)  # players, seat, turn, rounds
    # A stream the page did not start (seed 2; the page's is 1), stopped after one batch:
    # the page must carry it on, not start again.
    partial = next(stream(seat_knock_runner(rules, 3, 1, 1, "standard"), 10_000, seed=2))
    *_, whole = stream(seat_knock_runner(rules, 3, 1, 1, "standard"), 10_000, seed=2)
    show(at, "Knocking")
    at.selectbox(key="odds_sim_players").set_value(3).run()
    at.session_state[SIM] = {"params": params, "tally": partial}  # as a cancelled run leaves it
    finished.clear()
    drawn = band_widths(monkeypatch)
    at.selectbox(key="odds_sim_seat").set_value(1).run()
    assert not at.exception
    assert [r for r, _ in drawn] == [1_000, 3_000, 7_000, 10_000]
    final = at.session_state[SIM]["tally"]
    assert final.rounds == 10_000
    assert (final.counts["wins"] == whole.counts["wins"]).all()


def test_a_control_change_starts_a_new_simulation_with_the_new_settings(at, monkeypatch):
    show(at, "Knocking")
    at.selectbox(key="odds_sim_rounds").set_value(2_000).run()
    first = at.session_state["odds_sim_stream"]
    at.selectbox(key="odds_sim_players").set_value(2).run()
    second = at.session_state["odds_sim_stream"]
    assert second["params"] != first["params"] and second["params"][1] == 2
    assert "2 players" in sim_chart(at)["layout"]["title"]["text"]


def test_your_hand_lists_the_moves_and_explains_bad_cards(at):
    show(at, "Your hand")
    moves = arr(charts(at)[0]["data"][0]["y"])
    assert set(moves) == {"keep (knock or stand)", "take Q♥", "draw"}
    at.text_input(key="odds_visible").input("2C").run()
    assert "take 2♣" in arr(charts(at)[0]["data"][0]["y"])
    at.text_input(key="odds_gone").input("TH JH").run()
    assert not at.error
    assert downloads(at) == 1
    at.text_input(key="odds_hand").input("AH KH ZZ").run()
    assert at.error and "ZZ" in at.error[0].value


def test_house_rules_in_the_sidebar_change_the_odds(at):
    show(at, "Knocking")
    base = charts(at)[0]
    at.selectbox(key="odds_house_scat__knocker_tied").set_value("same").run()
    assert ys(charts(at)[0]) != ys(base)
    at.selectbox(key="odds_house_scat__three_of_a_kind").set_value(30.5).run()
    assert "house rules" in at.markdown[0].value
    at.selectbox(key="odds_house_scat__fire").set_value(33).run()
    assert 33.0 in arr(charts(at)[0]["data"][0]["x"])  # three aces now a value of their own


def test_the_pack_house_rule_makes_the_32_card_bars_this_games(at):
    at.selectbox(key="odds_house_scat__pack").set_value(32).run()
    names = [t["name"] for t in charts(at)[0]["data"]]
    assert "32 cards (this game)" in names


def test_the_taken_card_house_rule_changes_the_take_move(at):
    show(at, "Your hand")
    at.text_input(key="odds_hand").input("AH KH QH").run()
    at.text_input(key="odds_visible").input("2C").run()
    strict = arr(charts(at)[0]["data"][0]["x"])
    at.selectbox(key="odds_house_scat__may_discard_taken_card").set_value(True).run()
    loose = arr(charts(at)[0]["data"][0]["x"])
    assert strict != loose  # the 2C may now go straight back: 31 kept


def test_the_tie_break_house_rule_still_draws_every_section(at):
    at.selectbox(key="odds_house_scat__tie_break").set_value(True).run()
    for section in ("Starting hands", "Racing to 31", "Knocking", "Your hand"):
        show(at, section)
        assert charts(at), section


@pytest.mark.parametrize("variant", ["schwimmen", "stop_the_bus", "switch", "kitty",
                                     "banking"])
def test_every_section_renders_for_each_family(at, variant):
    at.session_state["variant_key"] = variant  # what the sidebar picker does
    at.run()
    assert VARIANTS[variant].name in at.markdown[0].value
    for section in ("Starting hands", "Racing to 31", "Knocking", "Your hand"):
        at.session_state["variant_key"] = variant  # AppTest drops the picker after a run
        show(at, section)
        assert VARIANTS[variant].name in at.markdown[0].value, (variant, section)
        assert charts(at) or at.info, (variant, section)


@pytest.mark.parametrize("variant, what", [("schwimmen", "three open middle cards"),
                                           ("switch", "open hand")])
def test_racing_is_withheld_where_nobody_draws_with_a_note_and_a_way_to_the_swap_odds(
        at, variant, what):
    # What the sidebar picker sets; set before each run, because AppTest drops the sidebar
    # picker's widget (and with it the choice) from later runs of a multipage app.
    at.session_state["variant_key"] = variant
    show(at, "Racing to 31")
    assert VARIANTS[variant].name in at.markdown[0].value
    assert not charts(at) and downloads(at) == 0  # no race plot, no race numbers
    notes = [i.value for i in at.info]
    assert len(notes) == 1
    note = notes[0]
    assert "nobody draws" in note and what in note and "Your hand" in note
    assert note.count(". ") == 0 and note.endswith(".")  # one sentence
    at.session_state["variant_key"] = variant
    at.button(key="odds_race_to_hand").click().run()
    assert not at.exception
    assert at.radio(key="odds_section").value == "Your hand"
    assert VARIANTS[variant].name in at.markdown[0].value
    assert charts(at)  # the exact odds of every swap from the cards in view


def test_racing_is_still_drawn_for_the_draw_family(at):
    show(at, "Racing to 31")
    assert len(charts(at)) == 1 and not at.info


def test_racing_is_drawn_for_kitty_which_keeps_its_stock(at):
    # RULES.md 3c: a Kitty turn may draw from the stock, so the race of drawn cards fits
    at.session_state["variant_key"] = "kitty"
    show(at, "Racing to 31")
    assert len(charts(at)) == 1 and not at.info


def loss_line(at: AppTest) -> str:
    return next(m.value for m in at.markdown if "shown down right after your move" in m.value)


def test_your_hand_costs_each_move_in_the_scorings_unit(at):
    """Issue 26 item 1: every move's chance of what the scoring punishes, side by side, the
    cheapest first; more opponents make a 16 the lowest less often (lives), and a pot game
    speaks of the pot."""
    show(at, "Your hand")
    at.text_input(key="odds_hand").input("9C 7C 4D").run()
    at.text_input(key="odds_visible").input("KD").run()
    line = loss_line(at)
    assert "against 3 opponents" in line and "you lose a penny" in line
    shares = [float(p) for p in re.findall(r"' (\d+\.\d)%", line)]
    assert len(shares) == 3 and shares == sorted(shares)
    table = at.dataframe[0].value
    assert "chance to lose if shown down now" in table.columns
    keep3 = float(table.set_index("move").loc["keep (knock or stand)",
                                              "chance to lose if shown down now"])
    at.slider(key="odds_moves_opponents").set_value(1).run()
    keep1 = float(at.dataframe[0].value.set_index("move").loc[
        "keep (knock or stand)", "chance to lose if shown down now"])
    assert keep1 > 5 * keep3
    at.session_state["variant_key"] = "kitty"
    at.run()
    at.session_state["variant_key"] = "kitty"  # AppTest drops the picker after a run
    show(at, "Your hand")
    line = loss_line(at)
    # chips: the expected chips of the round, net of the ante (from -1 to +3 with three
    # opponents and an ante of 1), the best move first
    assert "takes the pot" in line and "expected chips" in line
    assert "chance to lose if shown down now" not in at.dataframe[0].value.columns
    chips = at.dataframe[0].value["expected chips if shown down now"]
    assert chips.between(-1, 3).all()
    listed = [float(x.replace("−", "-")) for x in re.findall(r"' ([+−]?\d+\.\d\d)", line)]
    assert listed == sorted(listed, reverse=True) and len(listed) == len(chips)
    # points: the expected points of the round, between 0 (alone at the bottom) and 2 (top)
    at.session_state["variant_key"] = "running_total"
    at.run()
    at.session_state["variant_key"] = "running_total"
    show(at, "Your hand")
    line = loss_line(at)
    points = at.dataframe[0].value["expected points if shown down now"]
    assert "expected points" in line and points.between(0, 2).all()
    listed = [float(x) for x in re.findall(r"' (\d\.\d\d)", line)]
    assert listed == sorted(listed, reverse=True) and len(listed) == len(points)
