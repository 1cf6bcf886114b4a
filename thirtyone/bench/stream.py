"""Streamed simulations (``sim.stream``), timed in ``python -m thirtyone.bench``: how soon
the first estimate is ready and how long all the rounds take, as the app runs them.

- The Odds lab's simulated knock curve: 4 players (3 opponents, standard bots), 2 turns each,
  10,000 rounds in growing batches (targets: first estimate 0.3 s, all rounds 0.5 s).
- The Variants page's statistics: every variant the fast simulator plays, 4 players, basic
  bots knocking at 25, 20,000 rounds each on the same deals (target: first estimate 1 s; the
  whole is computed once per rules on a server and kept).

The figures are wall-clock seconds (median of a few runs): on a shared machine they vary,
the engine code is the same as the pages run (``thirtyone.ui`` only adds drawing).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from ..core.rules import VARIANTS
from ..sim.batch import check_supported
from ..sim.knock import knock_runner
from ..sim.stream import growing_batches, stream
from ..sim.variants import variants_runner

KNOCK: dict[str, Any] = {"first_s": 0.3, "all_s": 0.5}
VARIANT_STATS: dict[str, Any] = {"first_s": 1.0, "all_s": None}


def timed_stream(runner, rounds: int, sizes: list[int], seed: int) -> tuple[float, float]:
    """(seconds to the first batch's totals, seconds to all of them)."""
    t0 = time.perf_counter()
    first = None
    for _ in stream(runner, rounds, seed=seed, sizes=sizes):
        first = first if first is not None else time.perf_counter() - t0
    return first or 0.0, time.perf_counter() - t0


def simulated_variants(players: int = 4) -> dict[str, Any]:
    out = {}
    for key, v in VARIANTS.items():
        try:
            check_supported(v.rules, players)
        except ValueError:
            continue
        out[key] = v.rules
    return out


def bench_stream(quick: bool = False) -> list[dict[str, Any]]:
    repeats = 1 if quick else 3
    rules = VARIANTS["scat"].rules
    cases = [("knock curve 4p, 2 turns", 10_000, KNOCK,
              lambda: knock_runner(rules, 3, 2), growing_batches(10_000), 1)]
    variants = simulated_variants()
    cases.append((f"Variants: {len(variants)} x {'4,000' if quick else '20,000'}",
                  4_000 if quick else 20_000, VARIANT_STATS,
                  lambda: variants_runner(variants, 4, "basic", 25.0),
                  growing_batches(4_000 if quick else 20_000, growth=4, largest=20_000), 31))
    rows = []
    for name, rounds, target, make, sizes, seed in cases:
        timed_stream(make(), min(rounds, sizes[0]), [sizes[0]], seed)  # warm the tables
        runs = [timed_stream(make(), rounds, sizes, seed) for _ in range(repeats)]
        first = statistics.median(r[0] for r in runs)
        whole = statistics.median(r[1] for r in runs)
        ok = first <= target["first_s"] and (target["all_s"] is None or whole <= target["all_s"])
        rows.append({"stream": name, "rounds": rounds, "batches": len(sizes),
                     "first_s": round(first, 3), "all_s": round(whole, 3),
                     "target_first_s": target["first_s"], "target_all_s": target["all_s"],
                     "ok": ok})
    return rows


def print_stream(rows: list[dict[str, Any]]) -> None:
    print(f"{'stream':<26}{'rounds':>8}{'batches':>8}{'first s':>9}{'target':>8}"
          f"{'all s':>8}{'target':>8}  met")
    for r in rows:
        all_t = "-" if r["target_all_s"] is None else f"{r['target_all_s']:.1f}"
        print(f"{r['stream']:<26}{r['rounds']:>8,}{r['batches']:>8}{r['first_s']:>9.3f}"
              f"{r['target_first_s']:>8.1f}{r['all_s']:>8.3f}{all_t:>8}  "
              f"{'yes' if r['ok'] else 'NO'}")


def main(quick: bool = False) -> None:
    print_stream(bench_stream(quick))
