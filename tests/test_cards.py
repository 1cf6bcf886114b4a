"""Cards, packs and card text (RULES.md section 1)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from thirtyone import Card, CardError, make_pack, parse_card, parse_hand
from thirtyone.core.cards import FULL_PACK, cards_text

RANK_FORMS = {2: ["2"], 3: ["3"], 4: ["4"], 5: ["5"], 6: ["6"], 7: ["7"], 8: ["8"], 9: ["9"],
              10: ["10", "T", "t"], 11: ["J", "j"], 12: ["Q", "q"], 13: ["K", "k"],
              14: ["A", "a"]}
SUIT_FORMS = {"S": ["S", "s", "♠"], "H": ["H", "h", "♥"], "D": ["D", "d", "♦"],
              "C": ["C", "c", "♣"]}

cards = st.builds(Card, st.integers(2, 14), st.sampled_from("SHDC"))


@st.composite
def card_text(draw, card=cards):
    c = draw(card)
    return c, draw(st.sampled_from(RANK_FORMS[c.rank])) + draw(st.sampled_from(SUIT_FORMS[c.suit]))


def test_a_full_pack_has_52_different_cards_and_a_piquet_pack_32_from_seven_up():
    assert len(set(make_pack(52))) == 52
    piquet = make_pack(32)
    assert len(set(piquet)) == 32
    assert {c.rank for c in piquet} == set(range(7, 15))
    assert {c.suit for c in piquet} == set("SHDC")


def test_there_is_no_40_card_pack():
    with pytest.raises(CardError, match="40"):
        make_pack(40)


@pytest.mark.parametrize("text, points", [("AS", 11), ("KH", 10), ("QD", 10), ("JC", 10),
                                          ("TS", 10), ("9H", 9), ("2C", 2)])
def test_card_points_ace_11_faces_10_others_their_number(text, points):
    assert parse_card(text).points == points


@given(card_text())
def test_every_notation_in_any_case_reads_as_the_same_card(pair):
    card, text = pair
    assert parse_card(text) == card
    assert parse_card(f"  {text} ") == card


@given(cards)
def test_canonical_and_display_text_read_back_as_the_card(card):
    assert parse_card(str(card)) == card
    assert parse_card(card.display) == card
    assert parse_card(str(card).lower()) == card
    assert len(str(card)) == 2  # ten is T in canonical text


@given(st.lists(card_text(), min_size=3, max_size=3, unique_by=lambda p: p[0]),
       st.sampled_from([" ", ",", ", ", ";", "  "]))
def test_a_hand_reads_back_with_any_separator(triple, sep):
    hand = tuple(c for c, _ in triple)
    assert parse_hand(sep.join(t for _, t in triple)) == hand
    assert parse_hand(cards_text(hand)) == hand
    assert parse_hand([t for _, t in triple]) == hand


def test_ten_can_be_written_10_or_t_and_shows_as_10():
    assert parse_card("10h") == parse_card("Th") == parse_card("TH") == Card(10, "H")
    assert str(Card(10, "H")) == "TH"
    assert Card(10, "H").display == "10♥"
    assert parse_card("A♥").display == "A♥"


@pytest.mark.parametrize("token", ["1H", "ZH", "11S", "0C", "XX"])
def test_a_bad_rank_is_named_in_the_error(token):
    with pytest.raises(CardError, match=re.escape(f"'{token}'")) as e:
        parse_card(token)
    assert "10 or T" in str(e.value)  # says what is accepted


@pytest.mark.parametrize("token", ["AX", "10Z", "K1", "Q?"])
def test_a_bad_suit_is_named_in_the_error(token):
    with pytest.raises(CardError, match=re.escape(f"'{token}'")) as e:
        parse_card(token)
    assert "suit" in str(e.value)


def test_empty_text_is_not_a_card():
    with pytest.raises(CardError):
        parse_card("")


def test_a_bad_card_in_a_hand_is_named():
    with pytest.raises(CardError, match="'QX'"):
        parse_hand("AH QX 9S")


def test_a_duplicate_card_is_refused_and_named():
    with pytest.raises(CardError, match="'AH' appears twice"):
        parse_hand("AH ah 9S")
    with pytest.raises(CardError, match="'TH' appears twice"):
        parse_hand("10h Th 9S")


def test_a_card_outside_the_piquet_pack_is_refused_and_named():
    with pytest.raises(CardError, match="'2H' is not in this 32-card pack"):
        parse_hand("AH 2H 9S", pack=32)
    assert parse_hand("AH 7H 9S", pack=32)


@pytest.mark.parametrize("text, got", [("AH KH", 2), ("AH KH 9S 8S", 4), ("", 0)])
def test_a_hand_of_the_wrong_size_is_refused_with_the_count(text, got):
    with pytest.raises(CardError, match=f"3 cards; got {got}"):
        parse_hand(text)


def test_cards_are_frozen_values():
    c = parse_card("AH")
    with pytest.raises(AttributeError):
        c.rank = 2  # type: ignore[misc]
    assert {c, parse_card("ah")} == {c}


def test_card_indices_are_0_to_51_and_unique():
    assert sorted(c.index for c in FULL_PACK) == list(range(52))


def test_red_suits_are_hearts_and_diamonds():
    assert [c.is_red for c in parse_hand("AH AD AS")] == [True, True, False]


def test_an_emoji_suit_from_a_phone_keyboard_reads_as_the_suit():
    assert parse_card("A\u2665\ufe0f") == Card(14, "H")
    assert parse_hand("K\u2660\ufe0f 10\u2666\ufe0f 2\u2663") == parse_hand("KS TD 2C")
