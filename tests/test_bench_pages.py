"""``python -m thirtyone.bench --pages``: every page runs in AppTest and is timed."""

from __future__ import annotations

import json

from thirtyone import bench, bench_pages


def test_the_entry_is_the_checkouts_app_with_its_pages():
    entry = bench_pages.app_entry()
    assert entry.is_file()
    assert (entry.parent / "pages" / "odds_lab.py").is_file()


def test_pages_bench_times_a_first_render_and_a_click_on_every_page(capsys):
    assert bench.main(["--pages", "--quick", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    rows = {r["page"]: r for r in out["pages"]}
    assert {"Home", "Learn", "Hand scorer", "Play", "Variants", "Odds lab"} <= set(rows)
    for r in rows.values():
        assert 0 < r["first_ms"] < 10_000 and 0 < r["click_ms"] <= r["click_max_ms"]
        assert r["first_kib"] > 1 and r["click_kib"] > 1  # the page sent its elements
    assert out["seconds"] < 90
