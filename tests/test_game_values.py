"""The engine's fast hand values order every hand exactly as ``score`` does (RULES.md 2)."""

from __future__ import annotations

from itertools import combinations

import pytest

from thirtyone.core.cards import make_pack
from thirtyone.core.rules import get_variant
from thirtyone.core.scoring import score
from thirtyone.game.hands import hand_key, is_blitz, is_fire

CASES = {
    "scat": get_variant("scat").rules,
    "blitz (three of a kind 30)": get_variant("blitz").rules,
    "kitty (tie-break)": get_variant("kitty").rules,
    "kitty with 30.5 and fire 33": get_variant("kitty").rules.replace(three_of_a_kind=30.5,
                                                                     fire=33),
    "schwimmen (32 cards, 30.5, fire 33)": get_variant("schwimmen").rules,
    "stop the bus (brag)": get_variant("stop_the_bus").rules,
}


@pytest.mark.parametrize("name", list(CASES))
def test_fast_hand_key_equals_the_scorers_key_for_every_hand(name):
    rules = CASES[name]
    blitzes = fires = 0
    for hand in combinations(make_pack(rules.pack), 3):
        s = score(hand, rules)
        assert hand_key(hand, rules) == s.key, hand
        assert is_blitz(hand, rules) == (s.blitz and rules.counts_blitz), hand
        assert is_fire(hand, rules) == s.fire, hand
        blitzes += is_blitz(hand, rules)
        fires += is_fire(hand, rules)
    # RULES.md facts: 24 hands are worth 31 in either pack; 4 are three aces
    assert blitzes == (24 if rules.counts_blitz else 0)
    assert fires == (4 if rules.fire is not None else 0)
