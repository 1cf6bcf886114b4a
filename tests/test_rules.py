"""Rules options and variant presets (RULES.md sections 2-4)."""

from __future__ import annotations

import dataclasses

import pytest

from thirtyone import OPTIONS, VARIANTS, Rules, RulesError, get_variant

BAD_VALUES = {bool: "maybe", int: 999, str: "nonsense"}


def test_every_rules_field_is_a_described_option():
    fields = {f.name for f in dataclasses.fields(Rules)} - {"preset"}   # not an option
    assert fields == set(OPTIONS)
    for opt in OPTIONS.values():
        assert opt.label and opt.help and opt.allowed


@pytest.mark.parametrize("name", list(OPTIONS))
def test_a_bad_value_is_refused_naming_the_option_and_the_allowed_values(name):
    with pytest.raises(RulesError) as e:
        Rules().replace(**{name: "no such value"})
    msg = str(e.value)
    assert f"'{name}'" in msg
    assert OPTIONS[name].allowed_text() in msg


@pytest.mark.parametrize("name", [n for n, o in OPTIONS.items()
                                  if all(isinstance(a, bool) for a in o.allowed)])
def test_a_yes_no_option_refuses_numbers(name):
    with pytest.raises(RulesError, match=name):
        Rules().replace(**{name: 1})


def test_a_number_option_refuses_true():
    with pytest.raises(RulesError, match="lives"):
        Rules(lives=True)


def test_an_unknown_option_is_refused_by_name():
    with pytest.raises(RulesError, match="'jokers'"):
        Rules().replace(jokers=2)
    with pytest.raises(RulesError, match="'jokers'"):
        Rules.from_dict({"jokers": 2})


def test_three_of_a_kind_allows_none_30_and_30_and_a_half_only():
    for ok in (None, 30, 30.5):
        assert Rules(three_of_a_kind=ok).three_of_a_kind == ok
    with pytest.raises(RulesError, match="three_of_a_kind.*none, 30, 30.5"):
        Rules(three_of_a_kind=31)


def test_fire_allows_none_32_and_33_only():
    for ok in (None, 32, 33):
        assert Rules(fire=ok).fire == ok
    with pytest.raises(RulesError, match="fire"):
        Rules(fire=30)


def test_rules_are_frozen_and_hashable():
    r = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.lives = 5  # type: ignore[misc]
    assert hash(r) == hash(Rules())
    assert r.replace(lives=5) != r


def test_min_players_cannot_exceed_max_players():
    with pytest.raises(RulesError, match="min_players"):
        Rules(min_players=6, max_players=4)


def test_several_packs_only_in_banking():
    with pytest.raises(RulesError, match="packs"):
        Rules(packs=2)
    assert get_variant("banking").rules.replace(packs=3).packs == 3


def test_json_whole_numbers_become_the_same_rules():
    assert Rules.from_dict({"three_of_a_kind": 30.0, "lives": 4.0}) == Rules(
        three_of_a_kind=30, lives=4)


def test_there_are_ten_presets():
    assert list(VARIANTS) == ["scat", "blitz", "five_dollar", "eenendertigen", "running_total",
                              "kitty", "schwimmen", "stop_the_bus", "switch", "banking"]


def test_an_unknown_variant_lists_the_valid_keys():
    with pytest.raises(ValueError, match="'poker'.*scat.*banking"):
        get_variant("poker")


# The preset table of RULES.md section 4, written out again by hand.
TABLE = {
    #               family     pack lives extra  3kind fire  alone tied      blitz          stock
    "scat":          ("draw",    52, 3, True,  None, None, 2, "safe",   "others_lose", "void"),
    "blitz":         ("draw",    52, 3, False, 30,   None, 2, "double", "others_lose", "reshuffle"),
    "five_dollar":   ("draw",    52, 4, True,  None, None, 2, "safe",   "others_lose", "void"),
    "eenendertigen": ("draw",    32, 3, True,  None, None, 2, "safe",   "others_lose", "void"),
    "schwimmen":     ("swap",    32, 3, True,  30.5, 33,   1, "same",   "showdown",    "score"),
    "stop_the_bus":  ("swap",    52, 3, False, None, None, 1, "same",   "none",        "score"),
}


@pytest.mark.parametrize("key", list(TABLE))
def test_preset_options_follow_the_rules_table(key):
    r = VARIANTS[key].rules
    got = (r.family, r.pack, r.lives, r.extra_life, r.three_of_a_kind, r.fire,
           r.knocker_alone_lowest, r.knocker_tied, r.blitz_effect, r.stock_out)
    assert got == TABLE[key]


def test_blitz_counts_after_a_knock_in_blitz_and_schwimmen_but_not_in_scat():
    assert VARIANTS["blitz"].rules.blitz_after_knock
    assert VARIANTS["schwimmen"].rules.blitz_after_knock
    assert not VARIANTS["scat"].rules.blitz_after_knock


def test_stop_the_bus_uses_brag_and_forbids_passing():
    r = VARIANTS["stop_the_bus"].rules
    assert r.hand_value == "brag" and r.allow_pass is False


def test_kitty_uses_the_tie_break_and_a_pot():
    r = VARIANTS["kitty"].rules
    assert (r.family, r.tie_break, r.blitz_effect, r.scoring) == ("widow", True, "pot", "chips")


def test_banking_uses_banking_totals_and_chips():
    r = VARIANTS["banking"].rules
    assert (r.family, r.hand_value, r.scoring) == ("banking", "banking_total", "chips")


def test_running_total_and_switch_are_marked_as_our_reading():
    assert {k for k, v in VARIANTS.items() if v.our_reading} == {"running_total", "switch"}


def test_every_variant_names_its_source():
    for v in VARIANTS.values():
        assert v.source.startswith("seed")
        assert v.summary
