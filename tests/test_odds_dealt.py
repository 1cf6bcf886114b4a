"""Exact dealt-hand odds (thirtyone.odds) against an independent brute force."""

from __future__ import annotations

from collections import Counter

import pytest
from brute import banking, brag, every_hand, suit_sum, tie_break_key

from thirtyone import VARIANTS, Card, Rules, get_variant, parse_hand
from thirtyone.odds.dealt import dealt_distribution, hand_standing


def brute_key(hand, rules: Rules):
    """How the brute force orders hands under these rules (higher is better)."""
    if rules.hand_value == "brag":
        return brag(hand)[1]
    if rules.hand_value == "banking_total":
        return banking(hand)[0]
    if rules.tie_break:
        return tie_break_key(hand, rules.three_of_a_kind, rules.fire)
    return suit_sum(hand, rules.three_of_a_kind, rules.fire)


def brute_value(hand, rules: Rules):
    if rules.hand_value == "brag":
        return brag(hand)[0]
    if rules.hand_value == "banking_total":
        return float(banking(hand)[0])
    return suit_sum(hand, rules.three_of_a_kind, rules.fire)


@pytest.mark.parametrize("key", list(VARIANTS))
def test_dealt_distribution_of_every_preset_matches_the_brute_force(key):
    rules = VARIANTS[key].rules
    hands = every_hand(rules.pack)
    counts = Counter(brute_value(h, rules) for h in hands)
    d = dealt_distribution(rules)
    assert d.hands == len(hands)
    assert set(d.probabilities) == set(counts)
    for value, n in counts.items():
        assert d.probabilities[value] == pytest.approx(n / len(hands), abs=1e-12)
    assert sum(d.probabilities.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("three_of_a_kind", [None, 30, 30.5])
@pytest.mark.parametrize("fire", [None, 32, 33])
@pytest.mark.parametrize("pack", [52, 32])
def test_dealt_distribution_under_every_scoring_option(pack, three_of_a_kind, fire):
    rules = Rules(pack=pack, three_of_a_kind=three_of_a_kind, fire=fire)
    hands = every_hand(pack)
    counts = Counter(suit_sum(h, three_of_a_kind, fire) for h in hands)
    d = dealt_distribution(rules)
    assert {v: round(p * len(hands)) for v, p in d.probabilities.items()} == dict(counts)
    assert d.mean == pytest.approx(sum(v * n for v, n in counts.items()) / len(hands))


def test_the_chance_of_being_dealt_31_is_24_in_22100_and_3_in_620():
    assert dealt_distribution(get_variant("scat").rules).p31 == pytest.approx(24 / 22_100)
    assert dealt_distribution(get_variant("eenendertigen").rules).p31 == pytest.approx(3 / 620)


def test_the_plain_52_card_mean_is_13_088():
    assert round(dealt_distribution(get_variant("scat").rules).mean, 3) == 13.088


def test_the_distribution_is_cached_per_rules():
    rules = Rules(three_of_a_kind=30.5)
    assert dealt_distribution(rules) is dealt_distribution(Rules(three_of_a_kind=30.5))


def test_the_brag_distribution_has_the_published_class_counts():
    d = dealt_distribution(get_variant("stop_the_bus").rules)
    counts = {k: round(p * 22_100) for k, p in d.probabilities.items()}
    assert counts == {"prial": 52, "running flush": 48, "run": 720, "flush": 1_096,
                      "pair": 3_744, "high card": 16_440}


def standing_by_brute_force(text: str, rules: Rules) -> tuple[float, float, float]:
    mine = tuple((c.rank, c.suit) for c in parse_hand(text))
    my_key = brute_key(mine, rules)
    hands = every_hand(rules.pack)
    keys = [brute_key(h, rules) for h in hands]
    beats = sum(k < my_key for k in keys) / len(hands)
    ties = sum(k == my_key for k in keys) / len(hands)
    others = [k for h, k in zip(hands, keys, strict=True) if not set(h) & set(mine)]
    return beats, ties, sum(k > my_key for k in others) / len(others)


@pytest.mark.parametrize("key, text", [
    ("scat", "AH KH 9S"), ("scat", "2C 3D 4H"), ("scat", "AH KH QH"),
    ("eenendertigen", "7C 8D 9H"), ("schwimmen", "AH AS AD"), ("schwimmen", "8H 8S 8D"),
    ("blitz", "QS QH QD"), ("stop_the_bus", "KH KD 5C"), ("stop_the_bus", "3H 2H AH"),
    ("kitty", "AH KH 5S"), ("banking", "AH AS KD"),
])
def test_hand_standing_matches_counting_every_hand(key, text):
    rules = VARIANTS[key].rules
    beats, ties, opponent_beats = standing_by_brute_force(text, rules)
    s = hand_standing(parse_hand(text), rules)
    assert s.beats == pytest.approx(beats, abs=1e-12)
    assert s.ties == pytest.approx(ties, abs=1e-12)
    assert s.opponent_beats == pytest.approx(opponent_beats, abs=1e-12)


def test_nothing_beats_a_blitz_in_scat_and_an_opponent_can_only_tie_it():
    s = hand_standing(parse_hand("AH KH QH"), get_variant("scat").rules)
    assert s.opponent_beats == 0.0
    assert s.beats == pytest.approx(1 - 24 / 22_100)


def test_three_twos_without_a_bonus_are_the_worst_hand_and_beat_nothing():
    s = hand_standing((Card(2, "S"), Card(2, "H"), Card(2, "D")), get_variant("scat").rules)
    assert s.beats == 0.0
    assert s.ties == pytest.approx(4 / 22_100)  # the four ways to hold three twos


@pytest.mark.parametrize("rules", [get_variant("kitty").rules,
                                   get_variant("kitty").rules.replace(same_rank=True,
                                                                      three_of_a_kind=30.5)])
def test_one_hands_strength_is_its_row_of_the_whole_table(rules):
    # hand_strength works the tie-break key out for the one hand; the table works it out for
    # every hand at once: the same number, whatever order the cards come in
    import numpy as np

    from thirtyone.core.lookup import hand_table
    from thirtyone.core.scoring import score
    from thirtyone.odds.dealt import hand_strength

    table = hand_table(rules)
    rows = {tuple(h): i for i, h in enumerate(np.sort(table.hands, axis=1).tolist())}
    from thirtyone.core.cards import make_pack
    pack = {c.index: c for c in make_pack(rules.pack)}
    rng = np.random.default_rng(4)
    for i in rng.choice(len(table), 500, replace=False):
        cards = [pack[int(x)] for x in rng.permutation(table.hands[i])]
        got = hand_strength(score(tuple(cards), rules), rules)
        assert got == table.strength[rows[tuple(sorted(c.index for c in cards))]], cards
