"""The comparison table is generated from the presets: rows are options, columns variants,
values written for people, and dashes where an option plays no part."""

import pytest

from thirtyone.core.rules import OPTIONS, VARIANTS
from thirtyone.teach.variant_table import (
    NOT_USED,
    column_title,
    comparison_rows,
    humanise,
    option_applies,
)


def row(rows, option):
    return next(r for r in rows if r.option == option)


def test_there_is_one_row_per_option_and_one_value_per_variant():
    rows = comparison_rows()
    assert [r.option for r in rows] == list(OPTIONS)
    assert [r.label for r in rows] == [o.label for o in OPTIONS.values()]
    assert all(len(r.values) == len(VARIANTS) for r in rows)


def test_the_knocker_tied_row_shows_scat_safe_blitz_double_schwimmen_same():
    # RULES.md section 4: scat 2/safe, blitz 2/double, schwimmen 1/same.
    rows = comparison_rows(["scat", "blitz", "schwimmen"])
    assert row(rows, "knocker_tied").values == ("safe", "double", "same")
    assert row(rows, "knocker_alone_lowest").values == ("2", "2", "1")
    assert row(rows, "knocker_tied").differs


def test_three_of_a_kind_reads_none_30_and_30_and_a_half():
    rows = comparison_rows(["scat", "blitz", "schwimmen"])
    assert row(rows, "three_of_a_kind").values == ("none", "30", "30½")
    assert row(rows, "fire").values == ("none", "none", "33")


def test_the_dutch_game_uses_the_32_card_pack():
    assert row(comparison_rows(["scat", "eenendertigen"]), "pack").values == ("52", "32")


def test_passing_is_a_dash_in_a_draw_game_and_no_in_stop_the_bus():
    r = row(comparison_rows(["scat", "schwimmen", "stop_the_bus"]), "allow_pass")
    assert r.values == (NOT_USED, "yes", "no")
    assert r.differs


def test_a_rule_only_one_variant_uses_counts_as_a_difference():
    # Banking pays 2 for a natural; Scat has no such rule: that is a difference to show.
    r = row(comparison_rows(["scat", "banking"]), "natural_pays")
    assert r.values == (NOT_USED, "2")
    assert r.differs


def test_a_rule_no_chosen_variant_uses_is_no_difference():
    r = row(comparison_rows(["scat", "blitz"]), "natural_pays")
    assert r.values == (NOT_USED, NOT_USED)
    assert not r.differs


def test_brag_and_banking_games_have_no_three_of_a_kind_rule():
    rules = VARIANTS["stop_the_bus"].rules
    assert not option_applies("three_of_a_kind", rules)
    assert not option_applies("fire", VARIANTS["banking"].rules)
    assert option_applies("three_of_a_kind", VARIANTS["scat"].rules)


def test_running_totals_target_is_a_difference_from_scat():
    # Running total plays to 15 points (RULES.md); Scat has lives and no target.
    rows = comparison_rows(["scat", "running_total"])
    assert row(rows, "points_to_win").values == (NOT_USED, "15")
    assert row(rows, "points_to_win").differs
    assert row(rows, "scoring").differs
    assert not row(rows, "pack").differs  # both 52 cards
    assert not row(rows, "ante").differs  # neither has an ante


def test_our_reading_variants_are_marked_with_a_star():
    for key, v in VARIANTS.items():
        assert column_title(key).endswith(" *") == v.our_reading


@pytest.mark.parametrize("value, text", [(None, "none"), (True, "yes"), (False, "no"),
                                         (30.5, "30½"), (32.0, "32"), (3, "3"),
                                         ("second_circle", "second circle")])
def test_values_are_written_for_people(value, text):
    assert humanise(value) == text


def test_an_unknown_variant_is_refused_with_the_valid_keys():
    with pytest.raises(ValueError, match="valid keys are"):
        comparison_rows(["scat", "poker"])
    with pytest.raises(ValueError, match="Unknown option"):
        option_applies("jokers", VARIANTS["scat"].rules)
