"""Banking's bust curve (``odds.bust``) against a plain count with the rules engine's own
``banking_total``: every three cards of one pack, every card that could come next."""

from __future__ import annotations

from itertools import combinations

import pytest

from thirtyone.core.cards import make_pack
from thirtyone.core.rules import get_variant
from thirtyone.core.scoring import banking_total
from thirtyone.odds.bust import bust_curve
from thirtyone.plots import bust_data


def counted(totals: set[int]) -> dict[int, tuple[float, int]]:
    """{total: (mean chance the next card busts, hands)} over every three-card hand showing
    one of ``totals``."""
    pack = make_pack(52)
    out: dict[int, list[float]] = {t: [] for t in totals}
    for hand in combinations(pack, 3):
        total, bust = banking_total(hand)
        if bust or total not in totals:
            continue
        rest = [c for c in pack if c not in hand]
        out[total].append(sum(banking_total((*hand, c))[1] for c in rest) / len(rest))
    return {t: (sum(v) / len(v), len(v)) for t, v in out.items()}


def test_the_curve_is_the_plain_count_over_every_hand():
    rules = get_variant("banking").rules.replace(packs=1)
    curve = bust_curve(rules)
    at = dict(zip(curve.totals.tolist(), zip(curve.chance.tolist(), curve.share.tolist(),
                                             strict=True), strict=True))
    want = counted({12, 21, 22, 26, 27, 30, 31})
    for total, (mean, hands) in want.items():
        assert at[total][0] == pytest.approx(mean, abs=1e-12), total
        assert at[total][1] == pytest.approx(hands / 22100, abs=1e-12), total
    assert at[21][0] == 0 and at[31][0] == 0       # nothing over 10 can come after 21
    assert 0.35 < at[26][0] < at[27][0] < 0.5       # the book's 26-27
    # a 26 without an ace is three cards of 6 or more (2 + 10 + 10 is only 22): every one of
    # the other 29 cards from 6 to king takes it over, of the 49 left
    hard = dict(zip(curve.totals.tolist(), curve.hard.tolist(), strict=True))
    assert hard[26] == pytest.approx(29 / 49)
    assert hard[31] != hard[31]                     # nan: no three cards without an ace make 31


def test_more_packs_change_the_chance_a_little_and_the_shares_add_to_one():
    one = bust_curve(get_variant("banking").rules.replace(packs=1))
    three = bust_curve(get_variant("banking").rules.replace(packs=3))
    assert one.totals.tolist() == three.totals.tolist()
    assert three.share.sum() == pytest.approx(1.0)
    assert abs(three.chance - one.chance).max() < 0.03


def test_the_figure_data_is_the_curve():
    rules = get_variant("banking").rules
    df = bust_data(rules)
    assert df["total"].tolist() == bust_curve(rules).totals.tolist()
