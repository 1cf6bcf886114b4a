"""The fast simulator (``thirtyone.sim``) against the table engine (``bots.play_round``, one
round at a time), in rounds per second, for 4-player ``scat`` and ``schwimmen`` with ``basic``
bots (issue 4; the first table of ``python -m thirtyone.bench``). The two are timed in
alternating slices, so a busy machine slows both alike and the ratio stays fair.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ..bots import play_round
from ..core import lookup
from ..core.rules import get_variant
from ..sim.batch import simulate_rounds

# (variant, players, required ratio of fast to table rounds per second) - issue 4
SIM_TARGETS = (("scat", 4, 50.0), ("schwimmen", 4, 20.0))


def _time_table(rules, n: int, rounds: int, rng: np.random.Generator, first: int) -> float:
    t0 = time.perf_counter()
    for r in range(first, first + rounds):
        play_round(rules, n, ["basic"], rng, dealer=r % n)
    return time.perf_counter() - t0


def _time_fast(rules, n: int, rounds: int, rng: np.random.Generator, first: int) -> float:
    t0 = time.perf_counter()
    simulate_rounds(rules, n, rounds, bots="basic", first_round=first, rng=rng)
    return time.perf_counter() - t0


def bench_sim(table_rounds: int = 2_000, fast_rounds: int = 200_000, slices: int = 4
              ) -> list[dict[str, Any]]:
    """Rounds per second of both engines for each game of ``SIM_TARGETS``."""
    rows = []
    for key, n, target in SIM_TARGETS:
        rules = get_variant(key).rules
        t0 = time.perf_counter()
        lookup.hand_lookup(rules)
        cold = time.perf_counter() - t0
        simulate_rounds(rules, n, 500, seed=0)  # warm both engines' caches
        _time_table(rules, n, 20, np.random.default_rng(0), 0)
        t_rng, f_rng = np.random.default_rng(1), np.random.default_rng(2)
        t_sec = f_sec = 0.0
        for i in range(slices):
            t_sec += _time_table(rules, n, table_rounds // slices, t_rng, i * table_rounds)
            f_sec += _time_fast(rules, n, fast_rounds // slices, f_rng, i * fast_rounds)
        t_rps = (table_rounds // slices * slices) / t_sec
        f_rps = (fast_rounds // slices * slices) / f_sec
        ratio = f_rps / t_rps
        rows.append({"variant": key, "players": n, "bots": "basic",
                     "table_rounds_per_second": round(t_rps, 1),
                     "fast_rounds_per_second": round(f_rps, 1), "ratio": round(ratio, 1),
                     "target_ratio": target, "ok": ratio >= target,
                     "hand_table_build_seconds": round(cold, 3)})
    return rows


def print_sim(rows: list[dict[str, Any]]) -> None:
    print("Fast simulator vs table engine (4 players, basic bots; rounds per second)")
    print(f"  {'game':<11}{'table':>10}{'fast':>12}{'ratio':>9}  target")
    for r in rows:
        mark = "ok" if r["ok"] else "TOO SLOW"
        print(f"  {r['variant']:<11}{r['table_rounds_per_second']:>10,.0f}"
              f"{r['fast_rounds_per_second']:>12,.0f}{r['ratio']:>8.0f}x  "
              f">= {r['target_ratio']:.0f}x {mark}")
