"""Benchmarks, side by side in one process: ``python -m thirtyone.bench``.

1. The fast simulator (``thirtyone.sim``) against the table engine (``bots.play_round``, one
   round at a time) in rounds per second, for 4-player ``scat`` and ``schwimmen`` with
   ``basic`` bots. The two are timed in alternating slices, so a busy machine slows both
   alike and the ratio stays fair.
   Then the same against a plain one-round-at-a-time Python loop of the basic and of the
   standard bot (``bench_reference``), which is the issue 16 yardstick (targets 100x, 50x).
2. The exact dealt-hand distribution, every exact odds function (``bench_odds``), the
   bots' strength in whole games (``bench_bots``) and the streamed simulations of the Odds
   lab and the Variants page (``bench_stream``: first estimate and all rounds, with targets).

``--quick`` uses fewer rounds (a rough check in a few seconds). ``--bots`` plays only the
long whole-game strength matches (``bench_bots.TARGETS``: 10,000 games of one standard
against three basic, the expert against standard and basic) and prints each win share with
its 95 % interval beside its target (``--quick``: a tenth of the games; ``--workers N``). ``--pages`` runs only the
server time of each page of the app instead (``bench_pages``: first render and a typical
click of every page, with targets, and the Odds lab's first simulated curve, in AppTest).

3. ``--load N``: a load test of the running app instead (``bench_load``): N websocket sessions
   clicking through the scorer, Play and the Odds lab; ``--url`` (loopback only) or a server of
   its own, ``--seconds``, ``--think MIN MAX``; ``--json`` prints ``{"sessions", "clicks",
   "p50_s", "p95_s", "errors", "rss_mb_start", "rss_mb_peak", "rss_mb_end", "url", "processes",
   "seconds"}``.
   ``--load N --class``: a class period instead (``bench_class``, issue 25 item 18): a
   teacher, N students, 60 % of them (``--seated``) at 4-seat class tables playing with
   ``--think`` seconds per move, the rest in the Learn page's lessons (``--lessons pages``:
   the scorer, Play and the Odds lab); move latency p50/p95, the time until the
   other seats see a move (p95), the server's CPU per idle seated page and per session-second,
   with the load average; ``--store-url`` with ``--url`` (the class is made in that store).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from . import bench_pages, bench_reference, bench_stream
from .bench_bots import bench_strength, bench_targets
from .bench_class import KEYS as CLASS_KEYS
from .bench_class import print_class, run_class
from .bench_load import KEYS, LoadError, print_load, run_load
from .bench_odds import bench_odds
from .bench_seats import bench_seats
from .bots import play_round
from .core import lookup
from .core.rules import VARIANTS, get_variant
from .odds import dealt
from .sim.batch import simulate_rounds

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


# The other benchmarks, each printing its own table.
OTHERS: tuple[tuple[str, Callable[..., Any]], ...] = (
    ("Exact dealt-hand distribution", lambda quick: bench_dealt(quick)),
    ("Odds", lambda quick: bench_odds()),
    ("Bot strength (full games)", lambda quick: bench_strength(quick)),
    ("Knock curve per seat", lambda quick: bench_seats(quick)),
    ("Streamed simulations (first estimate, all rounds)", lambda quick: bench_stream.main(quick)),
)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m thirtyone.bench", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="fewer rounds, a rough check")
    p.add_argument("--json", action="store_true", help="print the simulator rows as JSON")
    p.add_argument("--only-sim", action="store_true", help="only the simulator benchmark")
    p.add_argument("--load", type=int, metavar="N",
                   help="load test: N app sessions (1-100) instead of the benchmarks")
    p.add_argument("--url", help="the running app to load (loopback only; default: start one)")
    p.add_argument("--seconds", type=float, default=60.0, help="load test length (<= 600)")
    p.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), metavar=("MIN", "MAX"),
                   help="think time between a session's clicks, seconds (default 1 3)")
    p.add_argument("--settle", type=float, default=10.0,
                   help="seconds after the sessions leave before the last memory reading "
                        "(Streamlit keeps a closed session 120 s for a reconnect; <= 300)")
    p.add_argument("--class", dest="class_mode", action="store_true",
                   help="with --load N: a class period (a teacher, N students: some at 4-seat "
                        "class tables playing, the rest in lessons; bench_class)")
    p.add_argument("--seated", type=float, default=0.6,
                   help="with --class: the share of the students at tables (default 0.6)")
    p.add_argument("--idle", type=float, default=10.0,
                   help="with --class: seconds seated with nobody moving first (2-120)")
    p.add_argument("--lessons", choices=("learn", "pages"), default="learn",
                   help="with --class: the students not at tables walk the Learn page's "
                        "lessons (default) or the scorer, Play and the Odds lab")
    p.add_argument("--store-url",
                   help="with --class and --url: that server's store, where the class is made")
    p.add_argument("--pages", action="store_true",
                   help="only the app's pages: server time of a first render and of a click")
    p.add_argument("--bots", action="store_true",
                   help="only the bots' strength: the long whole-game matches (10,000 games "
                        "of standard against three basic...), each win share with its 95 %% "
                        "interval beside its target")
    p.add_argument("--workers", type=int, default=None,
                   help="with --bots: processes to play on (default: one per core)")
    args = p.parse_args(argv)
    if args.workers is not None and args.workers < 1:
        print("--workers is at least 1.", file=sys.stderr)
        return 2
    if args.load is not None or args.url is not None:
        return main_load(args)
    if args.pages:
        return bench_pages.main(["--quick"] * args.quick + ["--json"] * args.json)
    if args.bots:
        if args.json:
            with contextlib.redirect_stdout(io.StringIO()):
                rows = bench_targets(args.quick, args.workers)
            print(json.dumps(rows, indent=2))
        else:
            bench_targets(args.quick, args.workers)
        return 0
    rows = bench_sim(*((400, 40_000) if args.quick else (2_000, 200_000)))
    plain = bench_reference.bench_plain(args.quick)   # issue 16: against a plain loop
    if args.json:
        print(json.dumps(rows + plain, indent=2))
    else:
        print_sim(rows)
        bench_reference.print_plain(plain)
    if args.only_sim:
        return 0
    for title, fn in OTHERS:
        print()
        print(f"{title}:")
        printed = io.StringIO()
        try:
            with contextlib.redirect_stdout(printed):
                out = fn(args.quick)
        except Exception as e:  # one failing benchmark must not hide the others
            print(printed.getvalue(), end="")
            print(f"  failed: {type(e).__name__}: {e}")
            continue
        # a benchmark that prints its own table is shown as printed; otherwise its result
        if printed.getvalue():
            print(printed.getvalue(), end="")
        elif out is not None:
            print(out if isinstance(out, str) else json.dumps(out, indent=2, default=str))
    return 0


def _class_load(args: argparse.Namespace) -> int:
    row = run_class(args.load, args.url, args.seconds, tuple(args.think), args.seated,
                    args.idle, args.store_url, lessons=args.lessons)
    for e in row.pop("error_samples", []):
        print(f"error: {e}", file=sys.stderr)
    if args.json:
        print(json.dumps({k: row[k] for k in (*CLASS_KEYS, "cpu_share", "idle_ms_per_seat_s_gross", "idle_late_ms_per_seat_s",
                                             "server_upkeep_ms_s", "client_cpu_share", "lessons",
                                             "url", "processes")}))
    else:
        print_class(row)
    return 0


def main_load(args: argparse.Namespace) -> int:
    """``--load N``: one line of JSON (``--json``) or a short table; exit 2 on bad input."""
    if args.load is None:
        print("--url needs --load N (the number of sessions).", file=sys.stderr)
        return 2
    try:
        if not 0 <= args.settle <= 300:
            raise LoadError("--settle is between 0 and 300 seconds.")
        if args.class_mode:
            return _class_load(args)
        row = run_load(args.load, args.url, args.seconds, tuple(args.think), args.settle)
    except LoadError as e:
        print(e, file=sys.stderr)
        return 2
    for sample in row.pop("error_samples", []):
        print(f"error: {sample}", file=sys.stderr)
    if args.json:
        print(json.dumps({k: row[k] for k in (*KEYS, "url", "processes", "seconds")}))
    else:
        print_load(row)
    return 0


# --- exact dealt-hand distribution (issue 2) ---------------------------------------------

def bench_dealt(quick: bool = False, repeats: int = 7) -> list[dict[str, Any]]:
    """Cold and warm time of ``odds.dealt.dealt_distribution`` for every preset; prints a table.

    cold: every odds cache emptied first, so the call also enumerates all C(52,3) or C(32,3)
    hands. values only: the hand list is already built, only the values and the
    distribution are computed. Each is run ``repeats`` times: best (the cost on a quiet
    machine) and median (what a busy one sees). warm: the cached answer, mean of many calls.
    Budget: 50 ms cold.
    """
    from statistics import median


    repeats = 3 if quick else repeats
    warm_calls = 200 if quick else 2_000
    rows = []
    for key, variant in VARIANTS.items():
        rules = variant.rules
        cold, values_only = [], []
        for _ in range(repeats):
            lookup.clear_caches()
            dealt.clear_caches()
            t0 = time.perf_counter()
            dealt.dealt_distribution(rules)
            cold.append(time.perf_counter() - t0)
            lookup.clear_value_tables()   # keep the hand list (lookup.all_hands)
            dealt.clear_caches()
            t0 = time.perf_counter()
            dealt.dealt_distribution(rules)
            values_only.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        for _ in range(warm_calls):
            dealt.dealt_distribution(rules)
        warm = (time.perf_counter() - t0) / warm_calls
        rows.append({"variant": key, "pack": rules.pack,
                     "cold_ms_best": round(min(cold) * 1e3, 2),
                     "cold_ms_median": round(median(cold) * 1e3, 2),
                     "values_only_ms_best": round(min(values_only) * 1e3, 2),
                     "warm_us": round(warm * 1e6, 3), "ok": min(cold) < 0.050})
    print("Exact dealt-hand distribution (budget 50 ms cold)")
    print(f"  {'variant':<15}{'pack':>5}{'cold best':>11}{'median':>9}{'values best':>13}"
          f"{'warm':>10}")
    for r in rows:
        print(f"  {r['variant']:<15}{r['pack']:>5}{r['cold_ms_best']:>8.2f} ms"
              f"{r['cold_ms_median']:>6.1f} ms{r['values_only_ms_best']:>10.2f} ms"
              f"{r['warm_us']:>7.2f} us  {'ok' if r['ok'] else 'OVER BUDGET'}")
    return rows


def main_dealt() -> int:
    """``python -c "from thirtyone.bench import main_dealt; main_dealt()"``"""
    bench_dealt()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
