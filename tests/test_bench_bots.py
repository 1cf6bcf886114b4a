"""``python -m thirtyone.bench --bots``: the long whole-game strength matches that left the test
suite, each win share printed with its 95 % interval beside its bars (here on a few games)."""

from __future__ import annotations

import json
import re

import pytest

from thirtyone.bench import bots as bench_bots
from thirtyone.bench import cli as bench
from thirtyone.bench.bots import Target, verdict


def test_a_bar_is_cleared_only_by_the_whole_interval():
    assert verdict((0.31, 0.33), 0.30) == "above"
    assert verdict((0.27, 0.29), 0.30) == "below"
    assert verdict((0.29, 0.31), 0.30) == "unclear"


def test_the_long_matches_are_the_ones_the_suite_played():
    # issue 4's targets, and 10,000 games of standard against three basic
    found = {(t.bot, t.against, t.players): t for t in bench_bots.TARGETS}
    assert found["standard", "basic", 4].games == 10_000
    assert 0.30 in dict(found["standard", "basic", 4].bars)
    assert 0.35 in dict(found["expert", "standard", 4].bars)
    assert 0.75 in dict(found["expert", "basic", 2].bars)


def test_bots_prints_each_share_with_its_interval_and_bars(monkeypatch, capsys):
    monkeypatch.setattr(bench_bots, "TARGETS", (
        Target("basic", "basic", 2, 30, 7, ((0.5, "more often than not"), (0.0, "ever"))),))
    assert bench.main(["--bots", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if "heads-up scat: basic vs basic" in x)
    wins = int(re.search(r"won\s+(\d+)", line).group(1))
    share = float(re.search(r"share\s+([\d.]+)%", line).group(1)) / 100
    lo, hi = (float(v) / 100 for v in re.search(r"95% CI\s*([\d.]+)%-([\d.]+)%", line).groups())
    assert "30 games" in line and share == pytest.approx(wins / 30, abs=0.0005)
    assert lo <= share <= hi and 0 < hi - lo < 0.5
    assert re.search(r"share >= 50% \(more often than not\): (above|below|unclear)", out)
    assert "share >= 0% (ever): above" in out or wins == 0


def test_bots_json_and_bad_workers(monkeypatch, capsys):
    monkeypatch.setattr(bench_bots, "TARGETS", (
        Target("basic", "basic", 2, 20, 8, ((0.5, "more often than not"),)),))
    assert bench.main(["--bots", "--json", "--workers", "1"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["games"] == 20 and row["share"] == row["wins"] / 20
    assert row["ci95"][0] <= row["share"] <= row["ci95"][1]
    assert row["bars"][0]["verdict"] == verdict(tuple(row["ci95"]), 0.5)
    assert bench.main(["--bots", "--workers", "0"]) == 2
    assert "--workers" in capsys.readouterr().err
