"""Benchmark of the knock curve per seat (``thirtyone.sim.seats``), run by
``python -m thirtyone.bench``: 10,000 rounds of one seat's curve for each opponent model
(target: under 0.5 s, issue 16), side by side with the older one-seat curve
(``sim.knock.iter_knock_after_turns``) on the same number of rounds, and the Odds lab's
whole players x seat heat map (2 to 7 players, 2,000 rounds per cell)."""

from __future__ import annotations

import time
from typing import Any

from ..core.rules import get_variant
from ..sim.knock import iter_knock_after_turns
from ..sim.seats import OPPONENTS, iter_seat_knock

CURVE_TARGET_S = 0.5


def _seconds(run) -> float:
    t0 = time.perf_counter()
    for _ in run():
        pass
    return time.perf_counter() - t0


def bench_seats(quick: bool = False) -> list[dict[str, Any]]:
    rules = get_variant("scat").rules
    rounds = 2_000 if quick else 10_000
    rows: list[dict[str, Any]] = []
    # warm the lookup tables once so every row times the simulation alone
    _seconds(lambda: iter_seat_knock(rules, 4, 2, 1, "standard", 500))
    _seconds(lambda: iter_seat_knock(rules, 4, 2, 1, "weak", 500))
    for opp in OPPONENTS:
        seat = _seconds(lambda opp=opp: iter_seat_knock(rules, 4, 2, 1, opp, rounds,
                                                        batch=rounds // 10))
        old = None
        if opp in ("basic", "standard"):
            old = _seconds(lambda opp=opp: iter_knock_after_turns(rules, 3, 1, rounds,
                                                                  batch=rounds // 10,
                                                                  bots=opp))
        rows.append({"opponents": opp, "rounds": rounds, "seat_s": seat, "one_seat_s": old})
    heat = {}
    for level in ("basic", "standard"):
        heat[level] = _seconds(lambda level=level: (
            res for n in range(2, 8) for s in range(n)
            for res in iter_seat_knock(rules, n, s, 1, level, 2_000, batch=2_000)))
    print(f"Knock curve per seat (scat, 4 players, seat 3, turn 1; {rounds:,} rounds in 10 "
          "batches)")
    print(f"  {'opponents':<11}{'per seat':>10}{'one seat (old)':>16}{'ratio':>8}  target")
    for r in rows:
        old_s = "" if r["one_seat_s"] is None else f"{r['one_seat_s']:.3f} s"
        ratio = "" if r["one_seat_s"] is None else f"{r['seat_s'] / r['one_seat_s']:.2f}"
        ok = "ok" if r["seat_s"] < CURVE_TARGET_S * rounds / 10_000 else "SLOW"
        print(f"  {r['opponents']:<11}{r['seat_s']:>8.3f} s{old_s:>16}{ratio:>8}  "
              f"< {CURVE_TARGET_S * rounds / 10_000:.1f} s {ok}")
    for level, s in heat.items():
        print(f"  heat map, 27 cells x 2,000 rounds, {level}: {s:.2f} s")
    return rows
