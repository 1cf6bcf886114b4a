"""Timing of every exact odds function, cold (caches emptied) and warm, for every preset.

    python -c "from thirtyone.bench_odds import bench_odds; bench_odds()"

``bench_odds()`` prints a table and returns its rows; the budget is 50 ms warm per call.
Presets a function does not apply to (e.g. racing to 31 with brag hands) are skipped.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from . import lookup
from .core.cards import parse_hand
from .core.rules import VARIANTS, Rules
from .odds import deal, dealt, knock, race, tables
from .odds.moves import move_odds
from .odds.tables import OddsError

BUDGET_MS = 50.0

def clear_caches() -> None:
    for module in (lookup, dealt, tables, deal, race, knock):
        module.clear_caches()


def _visible(rules: Rules) -> tuple:
    return parse_hand("QH", size=None) if rules.family == "draw" else \
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


def bench_odds(print_table: bool = True) -> list[dict]:
    """Time each exact function cold and warm for every preset; returns one row per pair."""
    rows = []
    for key, variant in VARIANTS.items():
        rules = variant.rules
        for name, call in _calls(rules).items():
            clear_caches()
            try:
                cold = _ms(call)
            except (OddsError, ValueError):
                continue
            warm = min(_ms(call) for _ in range(3))
            rows.append({"variant": key, "function": name, "cold_ms": round(cold, 1),
                         "warm_ms": round(warm, 2), "within_budget": warm < BUDGET_MS})
    if print_table:
        print(f"{'variant':<14} {'function':<38} {'cold ms':>9} {'warm ms':>9}  budget")
        for r in rows:
            ok = "ok" if r["within_budget"] else f"over {BUDGET_MS:.0f} ms"
            print(f"{r['variant']:<14} {r['function']:<38} {r['cold_ms']:>9.1f} "
                  f"{r['warm_ms']:>9.2f}  {ok}")
    return rows


if __name__ == "__main__":
    bench_odds()
