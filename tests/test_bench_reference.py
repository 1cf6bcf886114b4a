"""The plain reference loops (tools/bench_reference.py, outside the package) play the same
4-player Scat as the table engine: knock and blitz rates, mean turns and who loses agree within
4 standard errors. They are the yardstick of the simulator's speed (``thirtyone.bench.plain``),
so they must play the real game."""

from __future__ import annotations

import doctest
import math
import random
import sys
from pathlib import Path

import numpy as np
import pytest
from tiers import LONG, long_except

from thirtyone.bench import plain
from thirtyone.bots import play_round
from thirtyone.core.rules import get_variant

ref = plain.load_reference()
assert ref is not None, f"{plain.REFERENCE} is missing"

Z_MAX = 4.0


def _summary(ended, turns, knocker, lost, dealer):
    """Per-round arrays -> the compared statistics (shares with their counts)."""
    n = ref.PLAYERS
    ended, turns = np.asarray(ended), np.asarray(turns, dtype=float)
    knocker, lost, dealer = np.asarray(knocker), np.asarray(lost), np.asarray(dealer)
    knocked = ended == "knock"
    kl = np.array([lost[i, k] > 0 for i, k in enumerate(knocker) if knocked[i]])
    # who loses, by seat counted from the dealer's left (0) to the dealer (n - 1)
    by_place = {p: lost[np.arange(len(lost)), (dealer + 1 + p) % n] > 0 for p in range(n)}
    return {"knock_rate": (knocked.sum(), len(ended)),
            "blitz_rate": ((ended == "blitz").sum(), len(ended)),
            "knocker_lost": (kl.sum(), len(kl)),
            **{f"place_{p}_lost": (v.sum(), len(v)) for p, v in by_place.items()},
            "turns": turns}


def _plain(bots: str, rounds: int, seed: int):
    rs = ref.play_rounds(bots, rounds, seed=seed)
    return _summary([r.ended for r in rs], [r.turns for r in rs],
                    [-1 if r.knocker is None else r.knocker for r in rs],
                    [r.lives_lost for r in rs], [i % ref.PLAYERS for i in range(rounds)])


def _table(bots: str, rounds: int, seed: int):
    rules = get_variant("scat").rules
    rng = np.random.default_rng(seed)
    rs = [play_round(rules, ref.PLAYERS, [bots], rng, dealer=i % ref.PLAYERS)
          for i in range(rounds)]
    return _summary([r.ended_by for r in rs], [r.turns for r in rs],
                    [-1 if r.knocker is None else r.knocker for r in rs],
                    [r.lives_lost for r in rs], [i % ref.PLAYERS for i in range(rounds)])


def _z(a, b):
    (ka, na), (kb, nb) = a, b
    pa, pb = ka / na, kb / nb
    se = math.sqrt(pa * (1 - pa) / na + pb * (1 - pb) / nb)
    return 0.0 if se == 0 else abs(pa - pb) / se


def _compare(p, t):
    out = {k: _z(p[k], t[k]) for k in p if k != "turns"}
    a, b = p["turns"], t["turns"]
    out["mean_turns"] = abs(a.mean() - b.mean()) / math.sqrt(a.var() / len(a) + b.var() / len(b))
    return out


@pytest.mark.parametrize(("bots", "plain_n", "table_n"), long_except(
    [pytest.param("basic", 6_000, 3_000, id="basic"),
     pytest.param("standard", 2_000, 1_500, id="standard")], "basic"))
def test_the_plain_loop_plays_the_same_game_as_the_table_engine(bots, plain_n, table_n):
    z = _compare(_plain(bots, plain_n, seed=11), _table(bots, table_n, seed=12))
    assert max(z.values()) < Z_MAX, z


def test_the_plain_loop_knows_the_rules_of_a_round():
    # a dealt 31 ends the round at once: everyone else loses a life
    assert ref.blitz([[12, 11, 10], [0, 14, 27], [1, 2, 3], [40, 41, 42]]) == [0, 1, 1, 1]
    # the lowest hand loses; a knocker alone on it loses two, tied for it none
    hands = [[0, 1, 2], [3, 4, 5], [12, 11, 10], [16, 17, 18]]   # 9, 18, 31, 18
    assert ref.showdown(hands, knocker=None) == [1, 0, 0, 0]
    assert ref.showdown(hands, knocker=0) == [2, 0, 0, 0]
    tied = [[0, 1, 2], [3, 4, 5], [12, 11, 10], [26, 27, 28]]    # 9, 18, 31, 9
    assert ref.showdown(tied, knocker=3) == [1, 0, 0, 0]
    # basic throws the card whose loss leaves most; on a tie the fewer points
    assert ref.basic_discard([12, 11, 0, 25]) == 3          # AS KS 2S + AH: the ace of hearts
    assert ref.basic_discard([12, 11, 13, 26]) == 3         # AS KS 2H 2D: a two, the later
    # not a card that came from the pile
    assert ref.basic_discard([12, 11, 10, 0], never=3) == 2


def test_a_dealt_round_has_three_cards_each_and_a_card_up():
    hands, pile, stock = ref.deal(random.Random(3), dealer=2)
    assert [len(h) for h in hands] == [3, 3, 3, 3] and len(pile) == 1
    cards = sorted(sum(hands, []) + pile + stock)
    assert cards == list(range(52))


@LONG
def test_the_benchmark_times_the_simulator_against_the_plain_loops(capsys):
    rows = plain.bench_plain(quick=True, slices=2, scale=0.1)
    assert {r["bots"] for r in rows} == {"basic", "standard"}
    for r in rows:
        assert r["plain_rounds_per_second"] > 0 and r["fast_rounds_per_second"] > 0
        ratio = r["fast_rounds_per_second"] / r["plain_rounds_per_second"]
        assert r["ratio"] == pytest.approx(ratio, rel=0.01)
    # the engine the simulator plays by default carries the targets of issue 16
    shipped = {r["bots"]: r for r in rows if r["target_ratio"] is not None}
    assert shipped["basic"]["target_ratio"] == 100 and shipped["standard"]["target_ratio"] == 50
    plain.print_plain(rows)
    out = capsys.readouterr().out
    assert "basic" in out and "standard" in out and ">= 100x" in out


def test_the_reference_is_plain_python_outside_the_package():
    # an independent yardstick: a checkout's tools/, not the wheel's thirtyone/, and nothing
    # imported from the code it measures
    assert ref.__file__ is not None and plain.REFERENCE.samefile(ref.__file__)
    assert plain.REFERENCE.parent.name == "tools"
    assert plain.REFERENCE.parent.parent == Path(plain.__file__).resolve().parents[2]
    text = plain.REFERENCE.read_text(encoding="utf-8")
    assert "import thirtyone" not in text and "from thirtyone" not in text
    assert "import numpy" not in text
    assert doctest.testmod(ref).failed == 0


def test_without_the_reference_the_bench_says_so_in_one_line_and_goes_on(
        tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(plain, "REFERENCE", tmp_path / "tools" / "bench_reference.py")
    monkeypatch.delitem(sys.modules, "bench_reference", raising=False)
    assert plain.load_reference() is None
    assert plain.bench_plain(quick=True) == []
    plain.print_plain([])
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == plain.NOT_HERE
    assert "only in a checkout" in plain.NOT_HERE and plain.NOT_HERE.count(". ") == 0
