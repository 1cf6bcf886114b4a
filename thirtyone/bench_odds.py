"""Timing of every exact odds function for every preset: cold, after a house-rule change,
and warm.

    python -m thirtyone.bench_odds        (also part of ``python -m thirtyone.bench``)

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
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .core import lookup
from .core.cards import parse_hand
from .core.rules import VARIANTS, Rules
from .game.families import family_class
from .odds import deal, dealt, knock, race, tables
from .odds.moves import move_odds
from .odds.tables import OddsError

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


if __name__ == "__main__":
    bench_odds()
