"""History and names as data (RULES.md section 5): every name is there, placed where the
rules say, and the map points lie inside the right part of the world."""

import re

import pytest

from thirtyone.core.rules import VARIANTS
from thirtyone.teach import lore

# Names listed in RULES.md section 5, typed from the rule book.
NAMES_IN_RULES = ["Trente et un", "Blitz", "Scat", "Cadillac", "Cad", "Whammy!", "Juble",
                  "Kitty", "High Hat", "Ride the Bus", "Geronimo", "Nickle Knock",
                  "Schwimmen", "Schnauz", "Knack", "Hosen 'runter", "Eenendertigen",
                  "Stop the Bus"]

# Rough bounding boxes (lat_min, lat_max, lon_min, lon_max), from an atlas.
BOXES = {
    "Louisiana": (28.9, 33.1, -94.1, -88.8), "Mississippi": (30.1, 35.0, -91.7, -88.1),
    "Pennsylvania": (39.7, 42.3, -80.6, -74.7), "Indiana": (37.7, 41.8, -88.1, -84.8),
    "Oklahoma": (33.6, 37.0, -103.0, -94.4), "Kansas": (37.0, 40.0, -102.1, -94.6),
    "Hawaii": (18.9, 22.3, -160.3, -154.8), "Germany": (47.3, 55.1, 5.9, 15.0),
    "Austria": (46.4, 49.0, 9.5, 17.2), "Netherlands": (50.7, 53.6, 3.3, 7.2),
    "England": (49.9, 55.8, -5.8, 1.8), "France": (42.3, 51.1, -4.8, 8.2),
    "Italy": (36.6, 47.1, 6.6, 18.5), "Greece": (34.8, 41.8, 19.4, 28.3),
    "Ireland": (51.4, 55.4, -10.5, -6.0), "United States": (24.5, 49.4, -125.0, -66.9),
}


def places_with(name):
    return [p for p in lore.PLACES if name in p.names]


@pytest.mark.parametrize("name", NAMES_IN_RULES)
def test_every_name_in_the_rule_book_is_on_the_map_or_listed_without_a_place(name):
    # Issue 26: the sources give Blitz, Kitty, Scat... without a place; they are listed
    # beside the map, not pinned to the United States.
    assert places_with(name) or name in lore.NO_PLACE_NAMES, f"{name} is missing"


@pytest.mark.parametrize("name, regions", [
    ("Cadillac", ["Louisiana", "Mississippi"]), ("Cad", ["Pennsylvania"]),
    ("Whammy!", ["Indiana"]), ("Juble", ["Oklahoma", "Kansas"]), ("Nickle Knock", ["Hawaii"]),
    ("Eenendertigen", ["Netherlands"]), ("Stop the Bus", ["England"]),
    ("Schnauz", ["Germany", "Austria"]), ("Trente et un", ["France"]),
])
def test_regional_names_sit_inside_their_regions(name, regions):
    found = places_with(name)
    for region in regions:
        lat0, lat1, lon0, lon1 = BOXES[region]
        assert any(lat0 <= p.lat <= lat1 and lon0 <= p.lon <= lon1 for p in found), \
            f"{name}: no point inside {region}"


def test_every_place_point_is_inside_the_box_of_its_country_or_state():
    for p in lore.PLACES:
        box = next((b for k, b in BOXES.items() if k in p.place), None)
        assert box is not None, f"no test box for {p.place}"
        lat0, lat1, lon0, lon1 = box
        assert lat0 <= p.lat <= lat1 and lon0 <= p.lon <= lon1, p.place


def test_places_name_only_real_variants_and_eras():
    for p in lore.PLACES:
        assert p.era in ("today", "history")
        assert set(p.variants) <= set(VARIANTS)
        assert p.names and p.note


def test_schwimmen_is_played_in_germany_and_austria():
    assert sorted(lore.variant_places("schwimmen")) == ["Austria", "Germany"]


def test_every_variant_with_regions_has_a_place_on_the_map():
    for key, v in VARIANTS.items():
        if v.regions:
            assert lore.variant_places(key), key


def test_variant_places_refuses_an_unknown_key_by_listing_the_keys():
    with pytest.raises(ValueError, match="valid keys are: scat"):
        lore.variant_places("poker")


def test_history_has_the_facts_of_the_rule_book_in_time_order():
    text = " ".join(f"{e.when} {e.text}" for e in lore.HISTORY)
    for fact in ["1440", "Bernardine", "Italy", "Rabelais", "Cardano", "Parlett", "Pontoon",
                 "Commerce", "Cribbage", "Trentuno", "Wit and Reason", "France", "England",
                 "Ireland", "Vingt-Un", "Willughby", "1670s", "America", "Britain"]:
        assert fact in text, fact
    years = [int(e.when[:4]) for e in lore.HISTORY if e.when[:4].isdigit()]
    assert years == sorted(years)


def test_the_look_alikes_and_customs_of_the_rule_book_are_told():
    confused = [n.topic for n in lore.NOT_TO_CONFUSE]
    assert "Skat" in confused and "Schwimmen" in confused
    customs = " ".join(c.text for c in lore.CUSTOMS)
    for word in ["pennies", "five-dollar", "corner", "bet"]:
        assert word in customs


def test_every_variant_source_is_explained_in_words():
    for v in VARIANTS.values():
        assert lore.source_text(v.source) != v.source, v.key


def test_all_names_lists_each_name_once():
    names = lore.all_names()
    assert len(names) == len(set(names))
    assert set(NAMES_IN_RULES) <= set(names)


# --- every claim traceable; the three statements the sources correct (issue 15) ----------

YEAR_OR_CENTURY = re.compile(r"\b1\d{3}s?\b|centur|\b\d{1,2}(st|nd|rd|th)[- ]", re.I)


def test_every_dated_fact_names_a_known_source():
    dated = [(text, src) for text, src in lore.claims() if YEAR_OR_CENTURY.search(text)]
    # The history alone has 1440, the 1500s, the 1670s and the fifteenth century.
    assert len(dated) >= 4
    for text, src in dated:
        assert src, f"no source for a dated fact: {text}"
        assert set(src) <= set(lore.SOURCES), (text, src)


def test_every_claim_names_a_known_source_and_each_source_is_explained():
    for text, src in lore.claims():
        assert src and set(src) <= set(lore.SOURCES), text
    for key, words in lore.SOURCES.items():
        assert words and words != key


def test_the_year_check_catches_what_it_should():
    for text in ["in 1440", "the 1670s", "the fifteenth century", "a 16th-century writer"]:
        assert YEAR_OR_CENTURY.search(text), text
    assert not YEAR_OR_CENTURY.search("three lives and 31 points")


def test_claims_cover_history_look_alikes_customs_and_places():
    texts = [t for t, _ in lore.claims()]
    assert len(texts) == (len(lore.HISTORY) + len(lore.NOT_TO_CONFUSE) + len(lore.CUSTOMS)
                          + len(lore.PLACES) + 1)   # and the names without a place


def _says(word):
    """Every piece of lore text that mentions ``word``: claims and variant aliases."""
    out = [t for t, _ in lore.claims() if word in t]
    out += [f"{v.name} is also called {a}" for v in VARIANTS.values() for a in v.aliases
            if word in a]
    return out


def test_trente_et_un_is_the_french_name_of_thirty_one_never_of_the_banking_game():
    said = _says("Trente et un")
    assert said
    for text in said:
        assert "bank" not in text.lower(), text
    assert "Trente et un" not in VARIANTS["banking"].aliases
    assert "Trente et un" in VARIANTS["scat"].aliases  # the draw game, Thirty-One itself
    assert any("French name of Thirty-One" in t for t in said)
    for p in places_with("Trente et un"):
        assert "banking" not in p.variants


def test_trentuno_appears_only_among_related_games():
    said = _says("Trentuno")
    assert said
    for text in said:
        assert "related games" in text, text
    assert not any("Trentuno" in n for p in lore.PLACES for n in p.names)
    assert "Trentuno" not in lore.all_names()


def test_the_game_is_a_forerunner_of_vingt_un_not_the_banking_form_its_ancestor():
    said = _says("Vingt-Un")
    assert said
    for text in said:
        assert "forerunner" in text, text
        assert "ancestor" not in text and "bank" not in text.lower(), text
    assert not any("ancestor" in t for t, _ in lore.claims())


def test_parlett_is_cited_where_his_two_games_are_told():
    (text, src), = [(t, s) for t, s in lore.claims() if "Parlett" in t]
    assert "David Parlett" in src and "RULES.md §5" in src
    assert "Pontoon" in text and "Commerce" in text
