"""Starting hands: one player and "at least one of n players" (thirtyone.odds_deal).

Expected numbers come from RULES.md facts and from counting by hand, never from the code.
"""

from __future__ import annotations

from itertools import combinations
from math import comb, perm

import numpy as np
import pytest

from thirtyone import Rules, get_variant
from thirtyone.core.lookup import all_hands
from thirtyone.odds.deal import (
    disjoint_family_counts,
    event_mask,
    p_all_special,
    p_at_least_one,
    starting_hand_odds,
)

R32 = get_variant("eenendertigen").rules
R52 = get_variant("scat").rules


def ordered_disjoint_hands(pack: int, k: int) -> int:
    """Ordered k-tuples of hands that share no card: pack!/(pack-3k)! / 3!^k."""
    return perm(pack, 3 * k) // 6 ** k


def test_a_blitz_is_dealt_3_times_in_620_with_32_cards():
    assert p_at_least_one(R32, "blitz", 1) == pytest.approx(3 / 620, abs=1e-15)


def test_a_blitz_is_dealt_24_times_in_22100_with_52_cards():
    assert p_at_least_one(R52, "blitz", 1) == pytest.approx(24 / 22_100, abs=1e-15)


@pytest.mark.parametrize("pack", [32, 52])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 7])
def test_at_least_one_blitz_among_n_players_by_inclusion_exclusion(pack, players):
    # A blitz needs the suit's ace, so two blitzes are always in different suits: the
    # ordered k-tuples of disjoint blitz hands are 24 * 18 * 12 * 6 (6 per suit left).
    ordered = {1: 24, 2: 24 * 18, 3: 24 * 18 * 12, 4: 24 * 18 * 12 * 6}
    expected = sum((-1) ** (k + 1) * comb(players, k) * ordered.get(k, 0)
                   / ordered_disjoint_hands(pack, k) for k in range(1, players + 1))
    rules = Rules(pack=pack)
    assert p_at_least_one(rules, "blitz", players) == pytest.approx(expected, rel=1e-12)


def test_two_players_both_blitzed_needs_two_different_suits():
    expected = 24 * 18 / ordered_disjoint_hands(32, 2)
    assert p_all_special(R32, "blitz", 2) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("players", [2, 4, 7])
def test_fire_cannot_be_dealt_twice_so_the_chances_simply_add(players):
    # Two hands of three aces would need six aces.
    assert p_at_least_one(R52, "fire", players) == pytest.approx(players * 4 / 22_100)


def test_three_of_a_kind_for_two_players_counts_pairs_of_ranks():
    # 52 trips; a second trips must be of another rank: 12 ranks x 4 ways.
    p1 = 52 / 22_100
    both = 52 * 48 / ordered_disjoint_hands(52, 2)
    assert p_at_least_one(R52, "three of a kind", 2) == pytest.approx(2 * p1 - both)


def test_disjoint_family_counts_match_brute_force_on_the_running_flushes():
    hands = all_hands(32)[event_mask(R32, "running flush")]
    brute = [1, len(hands)]
    for k in (2, 3):
        brute.append(sum(1 for fam in combinations(range(len(hands)), k)
                         if len({c for i in fam for c in hands[i]}) == 3 * k))
    assert disjoint_family_counts(hands, 3) == brute


def test_at_least_one_blitz_among_five_players_matches_dealing_at_random():
    rng = np.random.default_rng(5)
    deals = 200_000
    pack = np.array(sorted({int(c) for c in all_hands(32).ravel()}))
    deck = rng.permuted(np.broadcast_to(pack, (deals, 32)), axis=1)[:, :15].reshape(deals, 5, 3)
    suits, ranks = deck // 13, deck % 13 + 2
    same_suit = (suits == suits[..., :1]).all(axis=2)
    has_ace = (ranks == 14).any(axis=2)
    tens = ((ranks >= 10) & (ranks <= 13)).sum(axis=2) == 2
    seen = (same_suit & has_ace & tens).any(axis=1).mean()
    p = p_at_least_one(R32, "blitz", 5)
    assert abs(seen - p) < 4 * np.sqrt(p * (1 - p) / deals)


def test_brag_classes_for_one_player_match_the_rules_counts():
    rows = {e.event: e.hands for e in starting_hand_odds(R52, 3)}
    assert rows["three of a kind"] == 52
    assert rows["running flush"] == 48
    assert rows["run"] == 720
    assert rows["flush"] == 1_096
    assert rows["pair"] == 3_744
    assert rows["high card"] == 16_440


def test_events_too_tangled_to_count_exactly_say_so_instead_of_guessing():
    rows = {e.event: e for e in starting_hand_odds(R52, 3)}
    assert rows["pair"].p_any is None
    assert rows["blitz"].p_any is not None


def test_more_players_than_the_pack_can_deal_is_refused():
    with pytest.raises(ValueError, match="cannot deal"):
        p_at_least_one(R32, "blitz", 11)
