"""The faster exact odds (issue 16, item 4) give the same answers as before.

The code as it was before the speed work is kept word for word in tests/old_knock.py,
tests/old_race.py and tests/old_deal.py; every preset and a few house-rule sets are compared
with it here, and the parts that changed method (the sparse solve of the expected turns, the
classes of hands) are also checked against a dense solve and against brute force. No timing
here: speed is measured by ``python -m thirtyone.bench.odds``.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import numpy as np
import pytest

from thirtyone import get_variant, parse_hand
from thirtyone.core.cards import card_from_index
from thirtyone.core.lookup import all_hands, hand_table, value_rules
from thirtyone.core.rules import VARIANTS, Rules
from thirtyone.core.scoring import BRAG_CLASSES, score
from thirtyone.odds import deal, knock, race
from thirtyone.odds.tables import lookup

sys.path.insert(0, str(Path(__file__).parent))
import old_deal  # noqa: E402
import old_knock  # noqa: E402
import old_race  # noqa: E402

TABLE_PRESETS = [k for k, v in VARIANTS.items() if v.rules.hand_value != "banking_total"]
DRAW_PRESETS = [k for k, v in VARIANTS.items() if v.rules.family == "draw"]
# House-rule sets that change hand values (and so the classes of hands) or the knock's risk.
HOUSE = {
    "scat, same rank counts": ("scat", {"same_rank": True}),
    "scat, trips 30.5 and fire": ("scat", {"three_of_a_kind": 30.5, "fire": 32}),
    "scat, chips": ("scat", {"scoring": "chips"}),
    "32 cards, trips 30": ("eenendertigen", {"three_of_a_kind": 30}),
    "kitty, lives, tie loses": ("kitty", {"scoring": "lives", "knocker_tied": "same"}),
    "brag, points": ("stop_the_bus", {"scoring": "points"}),
}


def house(name: str) -> Rules:
    key, changes = HOUSE[name]
    return get_variant(key).rules.replace(**changes)


def rule_sets(presets: list[str], house_names: list[str]) -> list[tuple[str, Rules]]:
    return ([(k, VARIANTS[k].rules) for k in presets]
            + [(name, house(name)) for name in house_names])


@pytest.mark.parametrize("name,rules", rule_sets(TABLE_PRESETS, list(HOUSE)))
def test_knock_curves_match_the_old_code(name, rules):
    old_knock.clear_caches()
    for n in range(1, 7):
        new, old = knock.knock_survival_exact(rules, n), old_knock.knock_survival_exact(rules, n)
        assert list(new.values) == list(old.values) and new.labels == old.labels
        assert new.exact == old.exact
        for field in ("survive", "not_lowest", "share"):
            assert np.allclose(getattr(new, field), getattr(old, field), rtol=0, atol=1e-12), \
                (name, n, field)


@pytest.mark.parametrize("name,rules", rule_sets(["eenendertigen", "kitty", "stop_the_bus"],
                                                 ["scat, same rank counts"]))
@pytest.mark.parametrize("flip", [False, True])
def test_second_opponent_factor_matches_the_old_code_hand_by_hand(name, rules, flip):
    new, old = knock.second_opponent(rules, flip), old_knock.second_opponent(rules, flip)
    for a, b in zip(new, old, strict=True):
        assert a.shape == b.shape == (len(all_hands(rules.pack)),)
        assert np.allclose(a, b, rtol=0, atol=1e-12)


@pytest.mark.parametrize("name,rules", rule_sets(DRAW_PRESETS, ["scat, same rank counts",
                                                                "scat, trips 30.5 and fire",
                                                                "32 cards, trips 30"]))
@pytest.mark.parametrize("target", [31, 27])
def test_race_curves_match_the_old_code(name, rules, target):
    for hand in (None, parse_hand("AH KH 9S"), parse_hand("7C 7D 8S")):
        new = race.race_curve(rules, target, 50, hand)
        old = old_race.race_curve(rules, target, 50, hand)
        for field in ("best_possible", "fastest_policy", "basic_policy"):
            assert np.allclose(getattr(new, field), getattr(old, field), rtol=0, atol=1e-12)
        # The old solve stopped at a residual of 1e-10 of the turns, the new one at 1e-13.
        for field in ("expected_turns_fastest", "expected_turns_basic"):
            a, b = getattr(new, field), getattr(old, field)
            assert a == pytest.approx(b, rel=1e-7) or (np.isinf(a) and np.isinf(b))


@pytest.mark.parametrize("key", ["eenendertigen", "scat"])
def test_expected_turns_solve_the_equations_exactly(key):
    """Against a dense solve of E = 1 + mean(E[next]) over the classes that reach 31."""
    sol = race.solve_race(get_variant(key).rules)
    for nxt, turns in ((sol.fastest_next, sol.fastest_turns),
                       (sol.basic_next, sol.basic_turns)):
        live = np.isfinite(turns) & ~sol.is_target
        idx = np.flatnonzero(live)
        where = {c: i for i, c in enumerate(idx)}
        a = np.eye(len(idx))
        for i, c in enumerate(idx):
            for d in nxt[c]:
                if d in where:
                    a[i, where[d]] -= 1 / nxt.shape[1]
        dense = np.linalg.solve(a, np.ones(len(idx)))
        assert np.allclose(turns[idx], dense, rtol=1e-11, atol=0)
        assert (turns[sol.is_target] == 0).all()
        # infinite exactly where some path leads to a class that never reaches 31
        stuck = ~np.isfinite(turns)
        assert not sol.is_target[stuck].any()
        assert (~stuck[nxt[~stuck]]).all()


@pytest.mark.parametrize("pack", [32, 52])
@pytest.mark.parametrize("merge", [False, True])
def test_hand_classes_match_the_old_code(pack, merge):
    new, old = race.hand_classes(pack, merge), old_race.hand_classes(pack, merge)
    for field in dataclasses.fields(old):
        assert np.array_equal(getattr(new, field.name), getattr(old, field.name)), field.name
    assert np.array_equal(new.hand_class, new.class_of(all_hands(pack)))


def test_every_successor_is_the_class_of_the_hand_actually_kept():
    """Brute force on the 32-card pack: each (class, draw, discard) is the class of the three
    cards left."""
    hc = race.hand_classes(32, False)
    for c, rep in enumerate(hc.reps):
        for d, drawn in enumerate(hc.draws[c]):
            four = [*rep, drawn]
            for i in range(4):
                kept = np.array([x for j, x in enumerate(four) if j != i])
                assert hc.succ[c, d, i] == hc.class_of(kept)
                assert hc.discard_card[c, d, i] == four[i]


@pytest.mark.parametrize("pack", [32, 52])
def test_starting_hand_odds_match_the_old_code(pack):
    for players in range(1, 8):
        new = deal.starting_hand_odds(Rules(pack=pack), players)
        old = old_deal.starting_hand_odds(Rules(pack=pack), players)
        assert [dataclasses.astuple(e) for e in new] == [dataclasses.astuple(e) for e in old]


def test_a_house_rule_that_leaves_hand_values_alone_reuses_the_tables():
    rules = get_variant("scat").rules
    for changes in ({"knocker_tied": "same"}, {"lives": 5}, {"scoring": "points"},
                    {"family": "swap"}, {"blitz_effect": "showdown"}):
        other = rules.replace(**changes)
        assert value_rules(other) == value_rules(rules)
        assert hand_table(other) is hand_table(rules)
        assert lookup(other) is lookup(rules)
        if other.family == "draw":
            assert race.solve_race(other) is race.solve_race(rules)
    for changes in ({"three_of_a_kind": 30}, {"fire": 32}, {"same_rank": True},
                    {"tie_break": True}, {"pack": 32}):
        other = rules.replace(**changes)
        assert value_rules(other) != value_rules(rules)
        assert hand_table(other) is not hand_table(rules)


@pytest.mark.parametrize("name,rules", rule_sets(["scat", "kitty", "stop_the_bus"], list(HOUSE)))
def test_the_shared_tables_give_each_rule_set_its_own_values(name, rules):
    """The table kept for the hand-value options scores hands as the rules themselves do."""
    table = hand_table(rules)
    rng = np.random.default_rng(16)
    for row in rng.choice(len(table), 300, replace=False):
        cards = tuple(card_from_index(int(i)) for i in table.hands[row])
        s = score(cards, rules)
        want = BRAG_CLASSES.index(s.label) if rules.hand_value == "brag" else s.points
        assert table.values[row] == want


@pytest.mark.parametrize("pack", [32, 52])
def test_every_hand_is_listed_once_in_the_order_of_combinations(pack):
    from itertools import combinations

    from thirtyone.core.cards import make_pack

    cards = [c.index for c in make_pack(pack)]
    assert all_hands(pack).tolist() == [list(h) for h in combinations(cards, 3)]


@pytest.mark.parametrize("key", list(VARIANTS))
def test_the_benchmarks_house_rule_change_changes_a_rule_but_no_hand_value(key):
    from thirtyone.bench.odds import house_rule_change

    rules = VARIANTS[key].rules
    other = house_rule_change(rules)
    assert other != rules
    assert value_rules(other) == value_rules(rules)
