"""``python -m thirtyone.bench --pages``: every page runs in AppTest and is timed."""

from __future__ import annotations

import json

from tiers import LONG

from thirtyone.bench import cli as bench
from thirtyone.bench import pages as bench_pages


def test_the_entry_is_the_checkouts_app_and_opens_pages_as_the_ui_does():
    entry = bench_pages.app_entry()
    assert entry.is_file() and entry.name == "app.py"
    from streamlit.testing.v1 import AppTest

    from thirtyone.ui.shell.nav import switch_to
    for page in ("scorer", "class"):     # the bench's copy of the switch opens the same page
        mine = switch_to(AppTest.from_file(str(entry)), page)
        ours = bench_pages.switch_to(AppTest.from_file(str(entry)), page)
        assert mine._page_hash == ours._page_hash != ""


@LONG
def test_pages_bench_times_a_first_render_and_a_click_on_every_page(capsys):
    assert bench.main(["--pages", "--quick", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    rows = {r["page"]: r for r in out["pages"]}
    assert {"Home", "Learn", "Learn plot", "Hand scorer", "Play", "Variants", "Odds lab",
            "Class dashboard", "Class table", "Challenge"} <= set(rows)
    estimate = rows.pop("Odds lab knock sim")
    assert 0 < estimate["first_ms"] <= estimate["first_max_ms"]
    assert estimate["first_ms"] < estimate["all_ms"]  # the first curve comes before the rest
    for r in rows.values():
        assert 0 < r["first_ms"] < 10_000 and 0 < r["click_ms"] <= r["click_max_ms"]
        assert r["first_kib"] > 1 and r["click_kib"] > 1  # the page sent its elements
        assert r["target_first_ms"] > 0 and r["target_click_ms"] > 0
    # the class pages were opened as a member sees them, not refused
    assert rows["Class table"]["first_kib"] > 5 and rows["Challenge"]["first_kib"] > 5
    assert out["seconds"] < 120


def test_the_bench_leaves_the_users_data_alone(tmp_path, monkeypatch):
    import os

    monkeypatch.setenv("THIRTYONE_DATABASE_URL", f"sqlite:///{tmp_path / 'mine.db'}")
    with bench_pages.own_data():
        assert "mine.db" not in os.environ["THIRTYONE_DATABASE_URL"]
    assert os.environ["THIRTYONE_DATABASE_URL"].endswith("mine.db")
    assert not (tmp_path / "mine.db").exists()


@LONG
def test_streamed_simulations_are_timed_with_targets(capsys):
    from thirtyone.bench import stream as bench_stream

    rows = bench_stream.bench_stream(quick=True)
    assert [r["stream"].split(":")[0] for r in rows] == ["knock curve 4p, 2 turns", "Variants"]
    for r in rows:
        assert 0 < r["first_s"] < r["all_s"] and r["batches"] > 1 and r["target_first_s"]
    bench_stream.print_stream(rows)
    assert "first s" in capsys.readouterr().out
