"""Card drawing (thirtyone.ui.widgets.cards): what reaches the page's HTML."""

from __future__ import annotations

import pytest

from thirtyone import parse_hand
from thirtyone.core.cards import FULL_PACK
from thirtyone.ui.widgets.cards import back_html, button_label, card_html, hand_html, picker_key


def test_hearts_and_diamonds_are_drawn_red_and_spades_and_clubs_not():
    for card in FULL_PACK:
        assert ("t31-red" in card_html(card)) == (card.suit in "HD")


def test_a_face_up_card_shows_its_rank_and_suit_symbol():
    markup = card_html(parse_hand("TD KS 9C")[0], size="lg")
    assert "10" in markup and "♦" in markup and "ten of diamonds" in markup


def test_a_face_down_card_carries_nothing_about_any_card():
    markup = back_html()
    for card in FULL_PACK:
        assert str(card) not in markup
        assert card.name not in markup
    assert not any(sym in markup for sym in "♠♥♦♣")


def test_a_hand_with_hidden_cards_shows_only_backs_for_them():
    markup = hand_html(parse_hand("AH KH 9S")[:1], hidden=2)
    assert markup.count("t31-back") == 2
    assert markup.count('data-card="') == 1


def test_counted_cards_are_ringed_and_the_others_dimmed():
    hand = parse_hand("AH KH 9S")
    markup = hand_html(hand, counted=hand[:2])
    assert markup.count("t31-counted") == 2
    assert markup.count("t31-dim") == 1


def test_an_unknown_size_is_refused():
    with pytest.raises(ValueError, match="huge"):
        card_html(FULL_PACK[0], size="huge")


def test_picker_labels_and_keys():
    ah, as_ = parse_hand("AH AS 2C")[:2]
    assert button_label(ah) == ":red[A♥]" and button_label(as_) == "A♠"
    assert picker_key("scorer", ah) == "scorer_t31pick_AH"
