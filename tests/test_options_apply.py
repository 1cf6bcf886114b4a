"""Options that apply: an option that plays no part under some rules is not offered as a house
rule, is refused by ``Rules.with_house_rules`` (and so by the CLI's ``--rule``), and changing
it really changes nothing; ``closest_variant`` is the one guess of the preset, and the life
words follow it (Scat with two lives still loses pennies)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from thirtyone.bots import BOTS
from thirtyone.cli import main
from thirtyone.core.rules import OPTIONS, VARIANTS, RulesError, closest_variant, get_variant
from thirtyone.game.banking import new_banking_game
from thirtyone.game.records import game_from_record, variant_for
from thirtyone.game.table import new_game
from thirtyone.policies.banking import BANKING_BOTS
from thirtyone.ui.shell.nav import page_script

PAGE = page_script("play")
BRAG_ONLY_MISSING = ("three_of_a_kind", "fire", "blitz_after_knock")


def other_values(name: str, current: object) -> list:
    """The option's allowed values other than ``current`` (True is not 1 here)."""
    return [a for a in OPTIONS[name].allowed
            if not (a == current and isinstance(a, bool) == isinstance(current, bool))]


# --- the Play page's house-rules editor ------------------------------------------------------

def house_boxes(at: AppTest, variant: str) -> set[str]:
    prefix = f"play_house_{variant}__"
    return {w.key[len(prefix):] for w in at.selectbox if w.key and w.key.startswith(prefix)}


@pytest.fixture
def play_page() -> AppTest:
    at = AppTest.from_string(PAGE, default_timeout=60)
    return at


def open_setup(at: AppTest, variant: str) -> AppTest:
    at.session_state["variant_key"] = variant
    at.run()
    assert not at.exception, at.exception
    return at


def test_stop_the_bus_offers_no_suit_sum_or_blitz_house_rules(play_page):
    boxes = house_boxes(open_setup(play_page, "stop_the_bus"), "stop_the_bus")
    assert boxes, "the editor shows no house rules at all"
    assert not boxes & set(BRAG_ONLY_MISSING)
    assert {"allow_pass", "lives", "knocker_tied"} <= boxes   # the editor is still there


def test_scat_offers_three_of_a_kind_fire_and_blitz_after_a_knock(play_page):
    boxes = house_boxes(open_setup(play_page, "scat"), "scat")
    assert set(BRAG_ONLY_MISSING) <= boxes


def test_the_offer_follows_the_rules_chosen_so_far(play_page):
    at = open_setup(play_page, "stop_the_bus")
    assert "stock_out" not in house_boxes(at, "stop_the_bus")  # no passing: no stock is used
    at.selectbox(key="play_house_stop_the_bus__allow_pass").set_value(True)
    at.run()
    assert "stock_out" in house_boxes(at, "stop_the_bus")      # passing renews the middle

    at = open_setup(AppTest.from_string(PAGE, default_timeout=60), "scat")
    at.selectbox(key="play_house_scat__blitz_after_knock").set_value(True)
    at.run()
    at.selectbox(key="play_house_scat__blitz_effect").set_value("none")
    at.run()
    assert not at.exception
    # scat has no fire, so once a 31 is nothing special there is no blitz to count
    assert "blitz_after_knock" not in house_boxes(at, "scat")
    assert at.session_state["play_house_scat"] == {"blitz_effect": "none"}


# --- the command line ----------------------------------------------------------------------

def test_cli_refuses_three_of_a_kind_in_stop_the_bus_with_one_line_saying_why(capsys):
    code = main(["score", "--variant", "stop_the_bus", "--rule", "three_of_a_kind=30.5",
                 "AH", "AS", "AD"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "'three_of_a_kind'" in err and "Three of a kind" in err
    assert "Brag" in err                                       # the reason, not just "no"


def test_cli_accepts_an_option_set_to_the_value_it_already_has(capsys):
    code = main(["score", "--json", "--variant", "stop_the_bus", "--rule", "fire=none",
                 "AH", "AS", "AD"])
    assert code == 0, capsys.readouterr().err


# --- life words follow the closest preset -----------------------------------------------------

def test_scat_with_two_lives_still_loses_pennies():
    rules = get_variant("scat").rules.replace(lives=2)
    # Bo (left of the dealer, dealt first) gets A♥ K♥ Q♥: a blitz on the deal
    g = new_game(rules, ["Ann", "Bo"], deck="AH 2C KH 3D QH 5S 9C")
    assert g.round_over and g.round_result.ended_by == "blitz"
    lose = [e.text for e in g.log if e.kind == "lose"]
    assert lose and "penny" in lose[0], lose
    assert g.lives == [1, 2]


def test_five_dollar_bill_with_five_lives_still_loses_bill_corners():
    # Issue 13: 5 lives tied Scat (3) and Five-dollar bill (4) and the game said 'penny'.
    rules = get_variant("five_dollar").rules.replace(lives=5)
    g = new_game(rules, ["Ann", "Bo"], deck="AH 2C KH 3D QH 5S 9C")
    lose = [e.text for e in g.log if e.kind == "lose"]
    assert lose and "bill corner" in lose[0], lose


def test_scat_with_one_life_goes_on_the_county_with_no_pennies_left():
    rules = get_variant("scat").rules.replace(lives=1)
    g = new_game(rules, ["Ann", "Bo"], deck="AH 2C KH 3D QH 5S 9C")
    extra = [e.text for e in g.log if e.kind == "extra_life"]
    assert extra and "pennies" in extra[0] and "on the county" in extra[0], extra


def test_scat_kept_in_chips_does_not_pay_in_pennies():
    rules = get_variant("scat").rules.replace(scoring="chips")
    g = new_game(rules, ["Ann", "Bo"], deck="AH 2C KH 3D QH 5S 9C")
    assert (g.life_name, g.life_plural) == ("chip", "chips")


# --- closest_variant ---------------------------------------------------------------------------

@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_preset_is_closest_to_itself(key):
    assert closest_variant(VARIANTS[key].rules).key == key
    assert variant_for(VARIANTS[key].rules) == (key, {})


def test_the_family_comes_first_then_the_fewest_changes_then_registry_order():
    scat = get_variant("scat").rules
    # one option away from scat, but a swap game is a swap game
    assert closest_variant(scat.replace(family="swap")).family == "swap"
    # five lives: one change from scat (3) and one from five_dollar (4): the nearer number
    assert closest_variant(get_variant("five_dollar").rules.replace(lives=5)).key == "five_dollar"
    # rules made from scratch are named after the closest preset...
    assert variant_for(scat.replace(lives=5).from_preset(None)) == ("five_dollar", {"lives": 5})
    # two lives: nearer scat's 3
    assert variant_for(get_variant("five_dollar").rules.replace(lives=2).from_preset(None)) == (
        "scat", {"lives": 2})


def test_rules_made_from_a_preset_keep_it_through_house_rules_and_records():
    """Issue 27: Scat with a house rule of 5 lives is still Scat (it loses pennies), though
    Five-dollar bill's 4 lives are nearer; its record names Scat, and the game replayed from
    the record still says pennies."""
    from thirtyone.core.rules import life_words
    from thirtyone.game.records import load_game, save_game
    from thirtyone.game.table import new_game

    five = get_variant("scat").rules.with_house_rules(lives=5)
    assert variant_for(five) == ("scat", {"lives": 5})
    assert life_words(five) == ("penny", "pennies")
    assert life_words(get_variant("five_dollar").rules) == ("bill corner", "bill corners")
    game = new_game(five, ["Ann", "Bo", "Cy"], seed=5)
    again = load_game(save_game(game))
    assert again.rules.preset == "scat" and again.life_name == "penny"
    assert again.snapshot() == game.snapshot()


# --- with_house_rules ---------------------------------------------------------------------------

@pytest.mark.parametrize("key", list(VARIANTS))
def test_setting_every_option_to_its_own_value_is_no_change(key):
    rules = VARIANTS[key].rules
    assert rules.with_house_rules(**rules.to_dict()) == rules


def test_an_old_record_with_a_rule_that_plays_no_part_still_loads():
    rec = {"variant": "stop_the_bus", "rules": {"three_of_a_kind": 30.5},
           "players": ["A", "B"], "dealer": 0, "actions": []}
    assert game_from_record(rec).rules.three_of_a_kind == 30.5


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_a_house_rule_is_refused_exactly_when_its_option_plays_no_part(data):
    key = data.draw(st.sampled_from(list(VARIANTS)), label="preset")
    name = data.draw(st.sampled_from(list(OPTIONS)), label="option")
    base = VARIANTS[key].rules
    value = data.draw(st.sampled_from(other_values(name, getattr(base, name))), label="value")
    try:
        plain = base.replace(**{name: value})          # a value the rules allow at all?
    except RulesError:
        plain = None
    if not OPTIONS[name].applies(base):
        with pytest.raises(RulesError) as e:
            base.with_house_rules(**{name: value})
        if plain is not None:
            assert f"'{name}'" in str(e.value) and OPTIONS[name].label in str(e.value)
            assert OPTIONS[name].why_not(plain) in str(e.value)
    elif plain is not None:
        assert base.with_house_rules(**{name: value}) == plain


@pytest.mark.parametrize("key", list(VARIANTS))
def test_whether_an_option_applies_does_not_hang_on_its_own_value(key):
    base = VARIANTS[key].rules
    for name, opt in OPTIONS.items():
        for value in opt.allowed:
            try:
                changed = base.replace(**{name: value})
            except RulesError:
                continue
            assert opt.applies(changed) == opt.applies(base), (name, value)


def test_why_not_is_one_sentence_naming_the_option():
    for key, v in VARIANTS.items():
        for name, opt in OPTIONS.items():
            why = opt.why_not(v.rules)
            assert (why is None) == opt.applies(v.rules)
            if why is not None:
                assert why.startswith(opt.label) and why.endswith(".") and why.count(". ") == 0, \
                    (key, name, why)


# --- an option that plays no part really changes nothing --------------------------------------

def _table_log(rules, seed: int) -> list[str]:
    rng = np.random.default_rng(seed)
    n = max(rules.min_players, 3)
    g = new_game(rules, [f"P{i}" for i in range(n)], seed=seed)
    for _ in range(400):
        if g.game_over:
            break
        if g.round_over:
            g.next_round()
            continue
        g.apply(BOTS["random"](g.observation(g.to_move), rng))
    return [e.text for e in g.log]


def _banking_log(rules, seed: int) -> list[str]:
    rng = np.random.default_rng(seed)
    g = new_banking_game(rules, 3, seed=seed, max_rounds=6)
    for _ in range(400):
        if g.game_over:
            break
        if g.round_over:
            g.next_round()
            continue
        g.apply(BANKING_BOTS["random"](g.observation(g.to_move), rng))
    return [e.text for e in g.log]


@pytest.mark.parametrize("key", list(VARIANTS))
def test_changing_an_option_that_plays_no_part_changes_no_event_of_a_game(key):
    base = VARIANTS[key].rules
    log = _banking_log if base.family == "banking" else _table_log
    seeds = (1, 2)
    plain = {s: log(base, s) for s in seeds}
    checked = 0
    for name, opt in OPTIONS.items():
        if opt.applies(base):
            continue
        for value in other_values(name, getattr(base, name))[:2]:
            try:
                changed = base.replace(**{name: value})
            except RulesError:
                continue
            for s in seeds:
                assert log(changed, s) == plain[s], (name, value, s)
            checked += 1
    assert checked
