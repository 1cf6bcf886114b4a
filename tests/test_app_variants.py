"""The Variants page (Streamlit AppTest): the comparison table comes from the presets, the
'our reading' variants are marked, exact odds are shown, and the simulation runs with the controls and streams."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from thirtyone.core.rules import OPTIONS, VARIANTS
from thirtyone.ui.shell.nav import switch_to

APP = str(Path(__file__).resolve().parents[1] / "app.py")


@pytest.fixture
def at():
    app = AppTest.from_file(APP, default_timeout=60)
    app.run()
    switch_to(app, "variants")
    app.run()
    assert not app.exception
    return app


def comparison(at):
    return at.table[0].value


def test_the_table_has_a_column_per_variant_with_our_reading_starred(at):
    frame = comparison(at)
    assert len(frame.columns) == len(VARIANTS)
    assert "Running total *" in frame.columns and "Switch *" in frame.columns
    assert "Thirty-One (Scat)" in frame.columns  # not our reading: no star
    assert any("Our reading" in w.value for w in at.warning)


def test_showing_every_row_lists_every_option_label(at):
    at.toggle(key="t31var_only_diff").set_value(False).run()
    frame = comparison(at)
    assert list(frame.index) == [o.label for o in OPTIONS.values()]


def test_only_differing_rows_hides_rules_everyone_shares(at):
    labels = list(comparison(at).index)
    assert "Fewest players" not in labels     # 2 in every preset
    assert "Knocker tied for lowest" in labels


def test_only_differing_rows_shows_rules_that_only_some_variants_have(at):
    # Issue 13: a value beside a dash was hidden as 'the same'.
    frame = comparison(at)
    for label in ("Points to win", "Ante", "A natural pays", "A bust pays", "A win pays"):
        assert label in frame.index, label
    assert frame.loc["Points to win", "Running total *"] == "15"


def test_comparing_scat_and_blitz_shows_their_knocker_rules(at):
    at.multiselect(key="t31var_compare").set_value(["scat", "blitz"]).run()
    frame = comparison(at)
    assert list(frame.columns) == ["Thirty-One (Scat)", "Blitz (pub rules)"]
    row = frame.loc["Knocker tied for lowest"]
    assert list(row) == ["safe", "double"]   # RULES.md section 4
    assert "Pack" not in frame.index          # both 52: hidden


def test_the_exact_deal_table_gives_the_published_32_card_figure(at):
    exact = next(d.value for d in at.dataframe if "Dealt 31" in d.value.columns)
    dutch = exact[exact["Variant"] == "Eenendertigen (Dutch)"].iloc[0]
    assert dutch["Possible hands"] == "4,960"
    assert dutch["Dealt 31"] == f"{3 / 620:.3%}"   # 24 of 4,960 = 3/620


def test_every_variant_has_a_card_with_its_summary(at):
    text = " ".join(m.value for m in at.markdown)
    for v in VARIANTS.values():
        assert v.summary in text


def test_history_and_names_are_on_the_page(at):
    text = " ".join(m.value for m in at.markdown)
    for fact in ["1440", "Willughby", "Nickle Knock", "Juble", "Eenendertigen"]:
        assert fact in text


def test_the_simulation_runs_with_the_controls_with_rates_between_0_and_1(at):
    at.select_slider(key="t31var_rounds").set_value(2_000).run()
    assert not at.exception
    sim = next(d.value for d in at.dataframe if "Knocked" in d.value.columns)
    assert set(sim["Rounds"]) == {"2,000"}
    assert "Thirty-One (Scat)" in set(sim["Variant"])
    for col in ["Blitz (or fire)", "Knocked", "Void", "Knocker lost"]:
        assert sim[col].between(0, 1).all()
    # every round ends one way: blitz, knock, void or stock
    assert (sim["Blitz (or fire)"] + sim["Knocked"] + sim["Void"] <= 1 + 1e-9).all()
    # Scat and the five-dollar bill differ only in lives, which no single round sees:
    # played on the same deals, their rounds end the same way.
    by_name = sim.set_index("Variant")
    assert (by_name.loc["Thirty-One (Scat)"] == by_name.loc["Five-dollar bill"]).all()


def test_the_simulated_statistics_sharpen_batch_by_batch_and_are_kept(at, monkeypatch):
    from thirtyone.ui.pages.variants import variants
    from thirtyone.ui.widgets.stream import finished

    drawn = []
    original = variants.sim_chart

    def recording(results, errors=None):
        drawn.append((results["scat"]["rounds"], errors["scat"]["knock_rate"]))
        return original(results, errors)
    monkeypatch.setattr(variants, "sim_chart", recording)
    finished.clear()
    at.slider(key="t31var_knock").set_value(27).run()
    assert not at.exception
    rounds = [r for r, _ in drawn]
    assert rounds == sorted(set(rounds)) and rounds[0] <= 1_000 and rounds[-1] == 20_000
    assert drawn[-1][1] < drawn[0][1] / 3   # 20x the rounds: error bars about 4.5x shorter
    again = AppTest.from_file(APP, default_timeout=60)
    again.run()
    switch_to(again, "variants").run()
    drawn.clear()
    again.slider(key="t31var_knock").set_value(27).run()
    assert [r for r, _ in drawn] == [20_000]  # another session: drawn once, not played


def test_the_sidebar_variant_is_the_first_column_the_others_are_compared_with(at):
    at.session_state["variant_key"] = "schwimmen"
    at.run()
    frame = comparison(at)
    assert frame.columns[0] == "Schwimmen (German 31)"
    assert len(frame.columns) == len(VARIANTS)
    assert any("first column (**Schwimmen (German 31)**)" in m.value for m in at.markdown)


def test_the_names_map_has_a_point_with_hover_names_for_every_place():
    from thirtyone.teach import lore
    from thirtyone.ui.pages.variants.variants import names_map

    points = [(lat, lon, data) for area in ("america", "europe")
              for trace in names_map(area).data if trace.customdata is not None
              for lat, lon, data in zip(trace.lat, trace.lon, trace.customdata, strict=True)]
    assert len(points) == len(lore.PLACES)
    fig = names_map("america")
    hawaii = next(d for lat, lon, d in points if d[0] == "Hawaii")
    assert "Nickle Knock" in hawaii[1]
    assert all(trace.type == "scattergeo" for trace in fig.data)


def test_the_names_map_draws_the_world_itself_and_asks_plotly_for_no_map_layer():
    """Plotly's own land/coastline layers come from its map server: offline they stay empty."""
    from thirtyone.ui.pages.variants.variants import names_map

    fig = names_map()
    geo = fig.layout.geo
    for layer in ("land", "coastlines", "countries", "ocean", "lakes", "rivers"):
        assert getattr(geo, f"show{layer}") is False, layer
    land = next(t for t in fig.data if t.name == "land")
    rings = [i for i, v in enumerate(land.lon) if v is None]
    assert len(rings) > 50  # the continents and the larger islands
    # Points of the outline: Europe and North America are there (near Paris, near Chicago).
    pairs = [(lo, la) for lo, la in zip(land.lon, land.lat, strict=True) if lo is not None]
    assert all(-180 <= lo <= 180 and -90 <= la <= 90 for lo, la in pairs)
    assert any(abs(lo + 81) < 2 and abs(la - 25.5) < 2 for lo, la in pairs)  # Florida's tip
    assert any(abs(lo - 2.3) < 6 and abs(la - 48.9) < 3 for lo, la in pairs)  # Normandy coast


def test_history_claims_show_their_sources_in_small_print(at):
    from thirtyone.teach import lore

    history = next(m.value for m in at.markdown if "1440" in m.value and "Willughby" in m.value)
    items = history.split("\n- ")
    assert len(items) == len(lore.HISTORY)
    for item in items:  # each dated line carries its sources in small print
        assert "class='t31-src'" in item and "seed 000" in item, item
    assert "David Parlett" in next(i for i in items if "Pontoon" in i)
    text = " ".join(m.value for m in at.markdown)
    # The look-alikes, customs and the names lists cite their sources too.
    assert text.count("class='t31-src'") >= len(lore.claims()) - len(lore.PLACES) + 3
    key = " ".join(c.value for c in at.caption)
    assert "seed 002" in key and "RULES.md §5" in key


def test_trente_et_un_is_on_the_thirty_one_card_not_the_banking_card(at):
    blocks = [m.value for m in at.markdown]

    def facts(key):  # a card shows its summary, then its list of facts
        return blocks[blocks.index(VARIANTS[key].summary) + 1]

    assert facts("scat").startswith("- **Family:** draw")
    assert "**Also called:** Trente et un" in facts("scat")
    assert facts("banking").startswith("- **Family:** banking")
    assert "Trente et un" not in facts("banking")
