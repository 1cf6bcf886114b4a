"""The batched simulator against a plain one-round-at-a-time Python loop of the same bots
(issue 16, targets 100x for ``basic`` and 50x for ``standard``; part of
``python -m thirtyone.bench``), 4-player Scat, timed in alternating slices in one process.

The plain loops are not in this package: they are ``tools/bench_reference.py`` of a checkout,
an independent yardstick that imports nothing from ``thirtyone`` and is not shipped in the
wheel. ``load_reference()`` loads that file by its path (the layer rules of
tests/test_layers.py see no import: the package never imports tools/); from an installed
package, without a checkout, ``bench_plain`` says so in one line and returns no rows.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from ..core.rules import get_variant
from ..sim.batch import pick_engine, simulate_rounds

PLAYERS = 4
REFERENCE = Path(__file__).resolve().parents[2] / "tools" / "bench_reference.py"
NOT_HERE = ("The plain reference loops (tools/bench_reference.py) are only in a checkout of "
            "thirtyone, not in the installed package, so the simulator is not timed against "
            "them here.")


def load_reference(path: Path | None = None) -> ModuleType | None:
    """The plain loops of a checkout's ``tools/bench_reference.py`` (or of ``path``), or None
    when there is no such file (an installed package)."""
    path = REFERENCE if path is None else path
    loaded = sys.modules.get("bench_reference")
    if loaded is not None and Path(loaded.__file__ or "").resolve() == path.resolve():
        return loaded
    spec = importlib.util.spec_from_file_location("bench_reference", path)
    if not path.is_file() or spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module       # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


# (bots, required ratio of the batched simulator to the plain loop) - issue 16
PLAIN_TARGETS = (("basic", 100.0), ("standard", 50.0))


def _time_plain(reference: ModuleType, bots: str, rounds: int, seed: int, first: int
                ) -> float:
    t0 = time.perf_counter()
    reference.play_rounds(bots, rounds, seed, first)
    return time.perf_counter() - t0


def _time_sim(bots: str, rounds: int, rng: np.random.Generator, first: int, engine: str
              ) -> float:
    t0 = time.perf_counter()
    simulate_rounds(get_variant("scat").rules, PLAYERS, rounds, bots=bots, first_round=first,
                    rng=rng, engine=engine)
    return time.perf_counter() - t0


def bench_plain(quick: bool = False, slices: int = 4, scale: float = 1.0
                ) -> list[dict[str, Any]]:
    """Rounds per second of the plain loop and of the batched simulator (each engine it has
    here), 4-player Scat, timed in alternating slices in this one process. The plain
    standard loop first plays some untimed rounds: its look-ahead tables fill as it goes.
    ``scale`` shrinks every count (a test's tiny run). Without the plain loops (an installed
    package, no checkout) it prints ``NOT_HERE`` to stderr and returns no rows."""
    reference = load_reference()
    if reference is None:
        print(NOT_HERE, file=sys.stderr)
        return []
    rules = get_variant("scat").rules
    engines = ["numpy"] + ["numba"] * (pick_engine("auto", rules, ["basic"] * PLAYERS)
                                       == "numba")
    rows = []
    for bots, target in PLAIN_TARGETS:
        plain_n = max(slices, int((400 if bots == "basic" else 100) * (1 if quick else 5)
                                  * scale))
        fast_n = max(slices, int((40_000 if quick else 200_000) * scale))
        reference.play_rounds(bots, int((300 if quick else 2_000) * scale), seed=99)   # warm the loop
        for e in engines:
            simulate_rounds(rules, PLAYERS, 2_000, bots=bots, engine=e)   # compile / tables
        p_sec, f_sec = 0.0, dict.fromkeys(engines, 0.0)
        rngs = {e: np.random.default_rng(i) for i, e in enumerate(engines)}
        for i in range(slices):
            p_sec += _time_plain(reference, bots, plain_n // slices, i, i * plain_n)
            for e in engines:
                f_sec[e] += _time_sim(bots, fast_n // slices, rngs[e], i * fast_n, e)
        p_rps = plain_n // slices * slices / p_sec
        for e in engines:
            f_rps = fast_n // slices * slices / f_sec[e]
            ratio = f_rps / p_rps
            shipped = e == engines[-1]        # what simulate() plays by default here
            rows.append({"variant": "scat", "players": PLAYERS, "bots": bots, "engine": e,
                         "plain_rounds_per_second": round(p_rps, 1),
                         "fast_rounds_per_second": round(f_rps, 1), "ratio": round(ratio, 1),
                         "target_ratio": target if shipped else None,
                         "ok": ratio >= target if shipped else None})
    return rows


def print_plain(rows: list[dict[str, Any]]) -> None:
    """The rows as a table (nothing without rows: the plain loops were not there)."""
    if not rows:
        return
    print("Batched simulator vs a plain one-round-at-a-time loop (4-player scat; rounds per "
          "second, tools/bench_reference.py)")
    print(f"  {'bots':<10}{'engine':<8}{'plain':>9}{'fast':>12}{'ratio':>9}  target")
    for r in rows:
        verdict = ("(the reference path)" if r["target_ratio"] is None else
                   f">= {r['target_ratio']:.0f}x {'ok' if r['ok'] else 'TOO SLOW'}")
        print(f"  {r['bots']:<10}{r['engine']:<8}{r['plain_rounds_per_second']:>9,.0f}"
              f"{r['fast_rounds_per_second']:>12,.0f}{r['ratio']:>8.0f}x  {verdict}")

