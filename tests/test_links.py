"""Links for a class: reading a query string into settings (thirtyone.ui.shell.links), without a
browser. A link is hostile input: bad, stale or oversized parameters are left out with a note,
never an exception, and the notes never repeat what an outsider wrote into the link."""

from __future__ import annotations

import os
import stat

import pytest

from thirtyone.core.rules import OPTIONS, RulesError
from thirtyone.teach.lessons import load_lessons
from thirtyone.ui.shell.links import MAX_QUERY, MAX_VALUE, apply_link, link_params, parse_link
from thirtyone.ui.widgets import class_seed

LESSONS = load_lessons()


def link(current: str = "scat", **params: str):
    return parse_link({k: [v] for k, v in params.items()}, current, LESSONS)


# --- Option.parse: the CLI's --rule and links read option values the same way ------------

@pytest.mark.parametrize("option,text,value", [
    ("three_of_a_kind", "30.5", 30.5), ("three_of_a_kind", "30", 30),
    ("three_of_a_kind", "none", None), ("three_of_a_kind", "None", None),
    ("knocker_tied", "same", "same"), ("tie_break", "true", True), ("lives", "5", 5),
])
def test_option_values_are_read_from_text(option, text, value):
    got = OPTIONS[option].parse(text)
    assert got == value and type(got) is type(value)
    assert OPTIONS[option].parse(OPTIONS[option].text(got)) == got


@pytest.mark.parametrize("option,text", [
    ("three_of_a_kind", "31"), ("tie_break", "1"), ("lives", "true"), ("knocker_tied", "maybe"),
    ("lives", "[" * 5000),
])
def test_an_option_value_it_does_not_allow_is_refused_naming_the_allowed(option, text):
    with pytest.raises(RulesError, match="allowed"):
        OPTIONS[option].parse(text)


# --- good links ---------------------------------------------------------------------------

def test_a_class_link_names_variant_house_rules_seed_and_play_setup():
    got = link(variant="scat", three_of_a_kind="30.5", knocker_tied="same", seed="1234",
               players="4", bots="basic,standard,expert", name="Mrs Lee")
    assert got.notes == ()
    assert got.variant == "scat"
    assert got.house == {"three_of_a_kind": 30.5, "knocker_tied": "same"}
    assert (got.seed, got.players, got.bots, got.name) == (
        1234, 4, ("basic", "standard", "expert"), "Mrs Lee")


@pytest.mark.parametrize("text", ["AH+AS+AD", "AH AS AD", "ah,as,ad", "A♥ A♠ A♦"])
def test_a_scorer_hand_may_be_written_with_spaces_plus_or_commas(text):
    assert link(variant="schwimmen", hand=text).hand == ("AH", "AS", "AD")


def test_a_house_rule_the_preset_already_has_is_no_change():
    # Schwimmen's preset counts three of a kind as 30½ (RULES.md section 4)
    assert link(variant="schwimmen", three_of_a_kind="30.5").house == {}


def test_lesson_by_number_or_slug_and_step_counted_from_one():
    second = LESSONS[1]
    by_number = link(lesson="2", step="3")
    assert (by_number.lesson, by_number.step) == (second.slug, 2)
    assert link(lesson=second.slug).lesson == second.slug


def test_odds_lab_section_by_its_short_name():
    assert link(section="knocking", players="5").section == "Knocking"


def test_the_scenario_library_parameters_are_not_flagged():
    assert link(scenario="schwimmen-worked-example", replay="3").notes == ()


def test_what_a_page_shows_goes_back_into_the_same_link():
    state: dict = {}
    asked = link(variant="five_dollar", knocker_tied="double", seed="77", players="3",
                 bots="expert,basic")
    apply_link(asked, state)
    params = link_params("play", state)
    again = parse_link({k: [v] for k, v in params.items()}, "scat", LESSONS)
    assert (again.variant, again.house, again.seed, again.players, again.bots) == (
        "five_dollar", {"knocker_tied": "double"}, 77, 3, ("expert", "basic"))
    assert again.notes == ()


# --- bad, stale and oversized links --------------------------------------------------------

@pytest.mark.parametrize("params,word", [
    ({"variant": "poker"}, "variant"),
    ({"three_of_a_kind": "29"}, "three_of_a_kind"),
    ({"variant": "stop_the_bus", "three_of_a_kind": "30.5"}, "three_of_a_kind"),
    ({"seed": "-1"}, "seed"), ({"seed": "99999999999"}, "seed"), ({"seed": "1e3"}, "seed"),
    ({"players": "9"}, "players"), ({"variant": "scat", "players": "1"}, "players"),
    ({"bots": "wizard"}, "bot levels"), ({"bots": "basic," * 7}, "bot levels"),
    ({"hand": "AH AH KS"}, "hand"), ({"variant": "schwimmen", "hand": "2H 3H 4H"}, "hand"),
    ({"lesson": "99"}, "lesson"), ({"lesson": "1", "step": "40"}, "step"),
    ({"step": "2"}, "step"), ({"section": "poker"}, "section"), ({"colour": "red"}, "colour"),
])
def test_a_bad_or_stale_parameter_is_left_out_with_a_note(params, word):
    got = link(**params)
    assert len(got.notes) == 1 and word in got.notes[0]
    key = next(iter(params)) if len(params) == 1 else list(params)[-1]
    field_name = {"three_of_a_kind": "house"}.get(key, key)
    if hasattr(got, field_name) and field_name != "house":
        assert getattr(got, field_name) is None


def test_good_parameters_still_apply_beside_a_bad_one():
    got = link(variant="blitz", three_of_a_kind="29", knocker_tied="same", seed="5")
    assert got.variant == "blitz" and got.seed == 5
    assert got.house == {"knocker_tied": "same"}
    assert len(got.notes) == 1


def test_a_64_kb_query_string_is_not_processed():
    params = {"variant": ["kitty"], **{f"x{i}": ["y" * 60] for i in range(1100)}}
    got = parse_link(params, "scat", LESSONS)
    assert got.variant is None and len(got.notes) == 1 and "too long" in got.notes[0]
    assert sum(len(k) + len(v[0]) for k, v in params.items()) > 64_000 > MAX_QUERY


def test_a_10_kb_value_is_not_processed():
    got = parse_link({"hand": ["AH " * 3400]}, "scat", LESSONS)
    assert got.hand is None and "too long" in got.notes[0]
    assert MAX_VALUE < 10_000


def test_notes_never_repeat_what_an_outsider_wrote():
    evil = "![x](https://evil.example/t.png)"
    got = parse_link({evil: ["1"], "variant": [evil], "hand": [evil], "name": [evil * 3],
                      "lives": [evil]}, "scat", LESSONS)
    assert len(got.notes) == 4
    assert not any("evil" in n or "](" in n for n in got.notes)
    assert got.name is not None and len(got.name) <= 20  # a name is shown only in a text box


# --- the Play seed is mixed with the server's key ------------------------------------------

def test_the_dealing_seed_needs_the_servers_key(tmp_path, monkeypatch):
    monkeypatch.delenv("THIRTYONE_SECRET", raising=False)
    monkeypatch.setenv("THIRTYONE_DATA_DIR", str(tmp_path / "data"))
    class_seed.server_secret.cache_clear()
    try:
        first = class_seed.dealing_seed(31)
        key = tmp_path / "data" / "seed.key"
        assert key.exists() and stat.S_IMODE(os.stat(key).st_mode) == 0o600
        class_seed.server_secret.cache_clear()
        assert class_seed.dealing_seed(31) == first  # the same server deals the same game
        assert first not in (31, class_seed.dealing_seed(32))
        monkeypatch.setenv("THIRTYONE_SECRET", "another server")
        class_seed.server_secret.cache_clear()
        assert class_seed.dealing_seed(31) != first  # without the key, no way back to the deal
    finally:
        class_seed.server_secret.cache_clear()
