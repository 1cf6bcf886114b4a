"""The benchmarks (``thirtyone.bench``) run and report both engines side by side."""

from __future__ import annotations

import pytest

from thirtyone.bench import cli
from thirtyone.bench.odds import bench_dealt
from thirtyone.bench.sim import bench_sim, print_sim


def test_benchmark_reports_fast_and_table_rounds_per_second_side_by_side(capsys):
    rows = bench_sim(table_rounds=40, fast_rounds=4000, slices=2)
    assert [(r["variant"], r["players"]) for r in rows] == [("scat", 4), ("schwimmen", 4)]
    for r in rows:
        assert r["table_rounds_per_second"] > 0
        # even a tiny run of the batched simulator beats one round at a time
        assert r["fast_rounds_per_second"] > r["table_rounds_per_second"]
        ratio = r["fast_rounds_per_second"] / r["table_rounds_per_second"]
        assert r["ratio"] == pytest.approx(ratio, rel=0.01)
    print_sim(rows)
    out = capsys.readouterr().out
    assert "scat" in out and "schwimmen" in out and "x" in out


def test_the_benchmark_runs_every_other_benchmark_of_the_project():
    # imported directly (no optional lookups): a broken benchmark module fails at import
    titles = [title for title, fn in cli.OTHERS if callable(fn)]
    assert titles == ["Exact dealt-hand distribution", "Odds", "Bot strength (full games)",
                      "Knock curve per seat", "Streamed simulations (first estimate, all rounds)"]


def test_the_knock_seat_benchmark_prints_every_opponent_model(capsys):
    from thirtyone.bench.seats import bench_seats
    rows = bench_seats(quick=True)
    assert [r["opponents"] for r in rows] == ["random", "weak", "basic", "standard"]
    out = capsys.readouterr().out
    assert all(name in out for name in ("random", "weak", "basic", "standard", "heat map"))


def test_the_dealt_distribution_benchmark_runs_cold_and_warm(capsys):
    # the bench prints "failed: ..." rather than stopping; this row once failed that way
    # when the caches it empties changed shape
    bench_dealt(True)
    out = capsys.readouterr().out
    assert "failed" not in out
    assert all(key in out for key in ("scat", "eenendertigen", "banking"))
