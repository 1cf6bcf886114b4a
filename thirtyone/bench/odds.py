"""Timing of every exact odds function for every preset: cold, after a house-rule change,
and warm.

    python -m thirtyone.bench.odds        (also part of ``python -m thirtyone.bench``)

* cold: the first call for these rules in a fresh process: every cache of the odds engine
  and of ``thirtyone.core.lookup`` is emptied first, so the shared tables (hands, classes of
  hands, ranks) are built inside the timing. Target: under 150 ms.
* rule change: the same call right after it, for the preset with one house rule changed
  that leaves hand values alone (who is safe on a tie): the shared tables must be reused,
  so it should take a few milliseconds.
* warm: the same call again (cached); budget 50 ms.

``bench_odds()`` prints a table and returns its rows. Presets a function does not apply to
(e.g. racing to 31 with brag hands) are skipped. The machine may be busy: compare rows
measured in the same run, not numbers from different days.

``bench_dealt()`` times the exact dealt-hand distribution (``odds.dealt``) alone: cold, with
the hand list already built, and warm.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from statistics import median
from typing import Any

from ..core import lookup
from ..core.cards import parse_hand
from ..core.rules import VARIANTS, Rules
from ..game.families import family_class
from ..odds import deal, dealt, knock, race, tables
from ..odds.moves import move_odds
from ..odds.tables import OddsError

BUDGET_MS = 50.0   # warm
COLD_TARGET_MS = 150.0

def clear_caches() -> None:
    for module in (lookup, dealt, tables, deal, race, knock):
        module.clear_caches()


def _visible(rules: Rules) -> tuple:
    return parse_hand("QH", size=None) if family_class(rules).only_draws else \
        parse_hand("QH 7C 8S", size=None)


def _calls(rules: Rules) -> dict[str, Callable[[], object]]:
    hand = parse_hand("AH KH 9S")
    return {
        "dealt_distribution": lambda: dealt.dealt_distribution(rules),
        "starting_hand_odds (4 players)": lambda: deal.starting_hand_odds(rules, 4),
        "race_curve (31, 30 turns)": lambda: race.race_curve(rules, 31, 30),
        "race_curve from a hand": lambda: race.race_curve(rules, 31, 30, hand),
        "knock_survival_exact (1-6 opponents)": lambda: [
            knock.knock_survival_exact(rules, n) for n in range(1, 7)],
        "move_odds": lambda: move_odds(hand, _visible(rules), rules),
    }


def _ms(f: Callable[[], object]) -> float:
    t = time.perf_counter()
    f()
    return (time.perf_counter() - t) * 1000


def _wall_and_cpu_ms(f: Callable[[], object]) -> tuple[float, float]:
    """Wall-clock and this process's CPU time: on a busy machine the CPU time shows what
    the computation itself costs, the wall time what a user waits."""
    t, c = time.perf_counter(), time.process_time()
    f()
    return (time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000


def house_rule_change(rules: Rules) -> Rules:
    """The preset with one house rule changed that leaves every hand's value alone."""
    return rules.replace(knocker_tied="same" if rules.knocker_tied == "safe" else "safe")


def bench_odds(print_table: bool = True) -> list[dict]:
    """Time each exact function cold, after a house-rule change and warm, for every preset;
    returns one row per pair."""
    rows = []
    for key, variant in VARIANTS.items():
        rules = variant.rules
        changed = _calls(house_rule_change(rules))
        for name, call in _calls(rules).items():
            clear_caches()
            try:
                cold, cold_cpu = _wall_and_cpu_ms(call)
            except (OddsError, ValueError):
                continue
            rule_change = _ms(changed[name])
            warm = min(_ms(call) for _ in range(3))
            rows.append({"variant": key, "function": name, "cold_ms": round(cold, 1),
                         "cold_cpu_ms": round(cold_cpu, 1),
                         "rule_change_ms": round(rule_change, 1), "warm_ms": round(warm, 2),
                         "cold_target_ms": COLD_TARGET_MS, "cold_ok": cold < COLD_TARGET_MS,
                         "within_budget": warm < BUDGET_MS})
    if print_table:
        print_rows(rows)
    return rows


def print_rows(rows: list[dict]) -> None:
    print(f"{'variant':<14} {'function':<38} {'cold ms':>8} {'target':>7} {'cpu ms':>7} "
          f"{'rule chg':>9} {'warm ms':>8}")
    for r in rows:
        cold = "ok" if r["cold_ok"] else "OVER"
        warm = "" if r["within_budget"] else f"  warm over {BUDGET_MS:.0f} ms"
        print(f"{r['variant']:<14} {r['function']:<38} {r['cold_ms']:>8.1f} "
              f"{'<' + format(r['cold_target_ms'], '.0f'):>5} {cold:<4}{r['cold_cpu_ms']:>7.1f}"
              f"{r['rule_change_ms']:>10.1f} {r['warm_ms']:>8.2f}{warm}")
    over = [r for r in rows if not r["cold_ok"]]
    print(f"{len(rows) - len(over)} of {len(rows)} rows cold under "
          f"{COLD_TARGET_MS:.0f} ms.")


# --- exact dealt-hand distribution (issue 2) ---------------------------------------------

def bench_dealt(quick: bool = False, repeats: int = 7) -> list[dict[str, Any]]:
    """Cold and warm time of ``odds.dealt.dealt_distribution`` for every preset; prints a table.

    cold: every odds cache emptied first, so the call also enumerates all C(52,3) or C(32,3)
    hands. values only: the hand list is already built, only the values and the
    distribution are computed. Each is run ``repeats`` times: best (the cost on a quiet
    machine) and median (what a busy one sees). warm: the cached answer, mean of many calls.
    Budget: 50 ms cold.
    """
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
    """``python -c "from thirtyone.bench.odds import main_dealt; main_dealt()"``"""
    bench_dealt()
    return 0


if __name__ == "__main__":
    bench_odds()
