"""Benchmarks, side by side in one process: ``python -m thirtyone.bench``.

1. The fast simulator (``thirtyone.sim``) against the table engine (``bots.play_round``, one
   round at a time) in rounds per second, for 4-player ``scat`` and ``schwimmen`` with
   ``basic`` bots (``bench.sim``). The two are timed in alternating slices, so a busy machine
   slows both alike and the ratio stays fair.
   Then the same against a plain one-round-at-a-time Python loop of the basic and of the
   standard bot (``bench.plain``; the loops are a checkout's tools/bench_reference.py, not
   in the installed package), which is the issue 16 yardstick (targets 100x, 50x).
2. The exact dealt-hand distribution and every exact odds function (``bench.odds``), the
   bots' strength in whole games (``bench.bots``), the knock curve per seat (``bench.seats``)
   and the streamed simulations of the Odds lab and the Variants page (``bench.stream``:
   first estimate and all rounds, with targets).

``--quick`` uses fewer rounds (a rough check in a few seconds). ``--bots`` plays only the
long whole-game strength matches (``bench.bots.TARGETS``: 10,000 games of one standard
against three basic, the expert against standard and basic) and prints each win share with
its 95 % interval beside its target (``--quick``: a tenth of the games; ``--workers N``).
``--pages`` runs only the server time of each page of the app instead (``bench.pages``: first
render and a typical click of every page, with targets, and the Odds lab's first simulated
curve, in AppTest).

3. ``--load N``: a load test of the running app instead (``bench.load``): N websocket sessions
   clicking through the scorer, Play and the Odds lab; ``--url`` (loopback only) or a server of
   its own, ``--seconds``, ``--think MIN MAX``; ``--json`` prints ``{"sessions", "clicks",
   "p50_s", "p95_s", "errors", "rss_mb_start", "rss_mb_peak", "rss_mb_end", "url", "processes",
   "seconds"}``.
   ``--load N --class``: a class period instead (``bench.load_class``, issue 25 item 18): a
   teacher, N students, 60 % of them (``--seated``) at 4-seat class tables playing with
   ``--think`` seconds per move, the rest in the Learn page's lessons (``--lessons pages``:
   the scorer, Play and the Odds lab); move latency p50/p95, the time until the
   other seats see a move (p95), the server's CPU per idle seated page and per session-second,
   with the load average; ``--store-url`` with ``--url`` (the class is made in that store).
   ``--load N --live``: a live lesson instead (``bench.load_live``, issue 28): a projector and
   N students who each answer a pushed decision within ``--spread`` seconds (default 10); the
   time from an answer to the projector showing it (p50, p95, max), every answer counted once
   on the projector and in the store, the app's CPU and the load average.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from collections.abc import Callable
from typing import Any

from . import pages, stream
from .bots import bench_strength, bench_targets
from .load import KEYS, LoadError, print_load, run_load
from .load_class import KEYS as CLASS_KEYS
from .load_class import print_class, run_class
from .load_live import KEYS as LIVE_KEYS
from .load_live import print_live, run_live
from .odds import bench_dealt, bench_odds
from .plain import bench_plain, print_plain
from .seats import bench_seats
from .sim import bench_sim, print_sim

# The other benchmarks, each printing its own table.
OTHERS: tuple[tuple[str, Callable[..., Any]], ...] = (
    ("Exact dealt-hand distribution", lambda quick: bench_dealt(quick)),
    ("Odds", lambda quick: bench_odds()),
    ("Bot strength (full games)", lambda quick: bench_strength(quick)),
    ("Knock curve per seat", lambda quick: bench_seats(quick)),
    ("Streamed simulations (first estimate, all rounds)", lambda quick: stream.main(quick)),
)


def _class_options(p: argparse.ArgumentParser) -> None:
    """The options of ``--load N --class`` and ``--live``."""
    p.add_argument("--class", dest="class_mode", action="store_true",
                   help="with --load N: a class period (a teacher, N students: some at 4-seat "
                        "class tables playing, the rest in lessons; bench.load_class)")
    p.add_argument("--live", action="store_true", help="with --load N: a live lesson")
    p.add_argument("--spread", type=float, default=10.0, help="with --live: answers within")
    p.add_argument("--seated", type=float, default=0.6,
                   help="with --class: the share of the students at tables (default 0.6)")
    p.add_argument("--idle", type=float, default=10.0,
                   help="with --class: seconds seated with nobody moving first (2-120)")
    p.add_argument("--lessons", choices=("learn", "pages"), default="learn",
                   help="with --class: the students not at tables walk the Learn page's "
                        "lessons (default) or the scorer, Play and the Odds lab")
    p.add_argument("--lesson-think", type=float, nargs=2, default=None, metavar=("MIN", "MAX"),
                   help="with --class: seconds between the clicks of the students in lessons "
                        "(default: --think)")
    p.add_argument("--store-url",
                   help="with --class and --url: that server's store, where the class is made")


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
    _class_options(p)
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
        return pages.main(["--quick"] * args.quick + ["--json"] * args.json)
    if args.bots:
        if args.json:
            with contextlib.redirect_stdout(io.StringIO()):
                rows = bench_targets(args.quick, args.workers)
            print(json.dumps(rows, indent=2))
        else:
            bench_targets(args.quick, args.workers)
        return 0
    rows = bench_sim(*((400, 40_000) if args.quick else (2_000, 200_000)))
    plain = bench_plain(args.quick)   # issue 16: against a plain loop (a checkout's)
    if args.json:
        print(json.dumps(rows + plain, indent=2))
    else:
        print_sim(rows)
        print_plain(plain)
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
                    args.idle, args.store_url, lessons=args.lessons,
                    lesson_think=None if args.lesson_think is None else tuple(args.lesson_think))
    for e in row.pop("error_samples", []):
        print(f"error: {e}", file=sys.stderr)
    if args.json:
        print(json.dumps({k: row[k] for k in (*CLASS_KEYS, "cpu_share", "idle_ms_per_seat_s_gross", "idle_late_ms_per_seat_s",
                                             "server_upkeep_ms_s", "client_cpu_share", "lessons", "lesson_think",
                                             "url", "processes", "bell_pages", "bell_clicks")}))
    else:
        print_class(row)
    return 0


def _live_load(args: argparse.Namespace) -> int:
    row = run_live(args.load, args.url, args.spread, args.store_url)
    for e in row.pop("error_samples", []):
        print(f"error: {e}", file=sys.stderr)
    if args.json:
        print(json.dumps({k: row[k] for k in (*LIVE_KEYS, "url", "processes")}))
    else:
        print_live(row)
    # 1 when an answer was lost or an error seen: a script running the bench can tell
    return int(bool(row["errors"]) or not row["counted"] == row["stored"] == args.load)


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
        if args.live:
            return _live_load(args)
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


if __name__ == "__main__":
    raise SystemExit(main())
