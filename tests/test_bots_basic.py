"""The ``basic`` bot does exactly what DESIGN.md "Bots" says; ``random`` plays any legal move."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from table_helpers import game

from thirtyone.bots import BOTS, make_bot, play_round
from thirtyone.core.rules import get_variant

RNG = np.random.default_rng(0)
basic = BOTS["basic"]
WIDOW_ONLY = get_variant("kitty").rules.replace(widow_only=True)   # no stock (house rule)


def move(g, bot=basic) -> str:
    return str(bot(g.observation(g.to_move), RNG))


def test_basic_knocks_at_the_threshold_of_25_and_not_below():
    g = game("scat", ["2C 3D 4S", "KH QH 5H", "8C 9D TS"], table="2H")     # Bo: 25
    assert move(g) == "knock"
    g = game("scat", ["2C 3D 4S", "KH QH 4H", "8C 9D TS"], table="2H")     # Bo: 24
    assert move(g) != "knock"


def test_the_knock_threshold_is_a_setting():
    g = game("scat", ["2C 3D 4S", "KH 9H 2D", "8C 9D TS"], table="2H")     # Bo: 19
    assert move(g) != "knock"
    assert move(g, make_bot("basic", knock_at=19)) == "knock"


def test_basic_takes_the_top_discard_when_it_makes_the_hand_better():
    g = game("scat", ["3C 5D 4S", "AH 9H 2C", "8C 9D TS"], table="KH")
    assert move(g) == "take"                          # AH KH 9H = 30 > 20


def test_basic_draws_when_the_top_discard_does_not_help():
    g = game("scat", ["3C 5D 4S", "AH 9H 2C", "8C 9D TS"], table="3D")
    assert move(g) == "draw"                          # 3D leaves 20 = 20: no better


def test_best_discard_ties_go_to_the_fewest_points():
    g = game("scat", ["3C 5D 4S", "AH 9H 2C", "8C 9D TS"], table="3D", stock="5S")
    g.apply("draw")
    assert move(g) == "discard 2C"                    # 2C and 5S both leave 20; 2C is smaller


def test_best_discard_ties_on_points_go_to_the_card_drawn_last():
    g = game("scat", ["3C 5D 4S", "AH 9H 2C", "8C 9D TS"], table="3D", stock="2D")
    g.apply("draw")
    assert move(g) == "discard 2D"


def test_basic_never_discards_the_card_just_taken():
    r = get_variant("scat").rules.replace(may_discard_taken_card=True)
    g = game("scat", ["3C 5D 4S", "AH 9H 2C", "8C 9D TS"], rules=r, table="2D")
    g.apply("take")                                   # forced; 2D would tie with 2C
    assert move(g) == "discard 2C"


def test_on_a_final_turn_basic_never_stands_while_it_can_draw():
    g = game("scat", ["2C 3D 4S", "KS QS 5S", "8C 9D TS"], table="2H")
    g.apply("knock")
    assert move(g) == "draw"                          # Cy: 10, cannot improve by taking 2H


def test_swap_family_basic_makes_the_best_swap_and_prefers_swap_all_only_when_better():
    g = game("schwimmen", ["7C 8D 9S", "7D 8S 9H", "7S 8H TC"], table="AH KH QD")
    assert move(g) == "swap all"                      # AH KH QD = 21 beats any single swap (20)


def test_swap_family_ties_go_to_a_single_swap_then_the_fewest_points_given():
    g = game("schwimmen", ["JC 8D 9S", "7D 8S KH", "7S 8H TC"], table="AH QH 7C")
    # giving 7D or 8S for AH both make 21, as does swapping all: single swap, fewest points
    assert move(g) == "swap 7D AH"


def test_swap_family_basic_passes_when_nothing_improves():
    g = game("schwimmen", ["7C 8D 9S", "KS QS JS", "7S 8H TC"], table="7H 8C 9D")
    assert move(g, make_bot("basic", knock_at=31)) == "pass"


def test_without_passing_basic_makes_the_move_that_keeps_the_highest_value():
    # Stop the Bus: Bo has a pair of kings with a queen and no swap betters it; the best
    # of the swaps keeps the pair with the highest kicker on offer, the 8D
    g = game("stop_the_bus", ["2C 5D 9S", "KS KD QC", "3S 7H JH"], table="2H 6S 8D")
    assert move(g) == "swap QC 8D"


def test_basic_stops_the_bus_from_a_flush_up():
    g = game("stop_the_bus", ["2C 5D 9S", "KS 8S 4S", "3S 7H JH"], table="2H 6S 8D")
    assert move(g) == "knock"


def test_widow_basic_tries_a_face_down_card_for_its_weakest_card():
    g = game("kitty", ["2C 3D 4S", "5C 6D 7S", "8C 9D TS"], rules=WIDOW_ONLY, widow="AH KH QH")
    # nothing lies face up; 5C and 6D both leave 7, the 5C has fewer points
    assert move(g) == "exchange 5C for #1"


def test_widow_basic_takes_a_face_up_card_that_helps():
    g = game("kitty", ["2C 3D 4S", "5H 6D 7C", "8C 9C 4D"], rules=WIDOW_ONLY, widow="AH KH QH")
    g.apply("exchange 7C for #1")                     # the 7C now lies face up
    assert move(g) == "exchange 4D for 7C"            # clubs 8 + 9 + 7 = 24 > 17


def test_widow_basic_gambles_when_the_face_up_cards_do_not_help():
    g = game("kitty", ["2C 3D 4S", "5H 6D 2S", "8C 9C 4D"], rules=WIDOW_ONLY, widow="AH KH QH")
    g.apply("exchange 2S for #1")                     # a 2S does not help Cy's clubs
    assert move(g) == "exchange 4D for #2"


def test_kitty_basic_with_the_stock_draws_rather_than_gamble_on_the_widow():
    g = game("kitty", ["2C 3D 4S", "5C 6D 7S", "8C 9D TS"], widow="AH KH QH", table="2H")
    assert move(g) == "draw"                          # the 2H does not help; nothing face up


def test_kitty_basic_takes_the_top_discard_that_helps():
    g = game("kitty", ["2C 3D 4S", "5C 6D 7S", "8C 9D TS"], widow="AH KH QH", table="8S")
    assert move(g) == "take"                          # 7S 8S = 15 > 7


def test_kitty_basic_prefers_a_face_up_widow_card_that_helps_more_than_the_discard():
    g = game("kitty", ["2C 3D 4S", "5H 6D 7C", "8C 9C 4D"], widow="AH KH QH", table="2S")
    g.apply("exchange 7C for #1")                     # the 7C lies face up; the top is 2S
    assert move(g) == "exchange 4D for 7C"            # clubs 24 by the widow, 17 by the take
    g = game("kitty", ["2C 3D 4S", "5H 6D 7C", "8C 9C 4D"], widow="AH KH QH", table="TC")
    g.apply("exchange 7C for #1")
    assert move(g) == "take"                          # the TC makes 27, the widow's 7C 24


def test_dealer_two_hands_basic_keeps_a_hand_worth_the_average_or_more():
    r = get_variant("schwimmen").rules.replace(dealer_two_hands=True)
    g = game("schwimmen", ["AH KH 7C", "7D 8S 9H", "7S 8H TC"], rules=r, spare="QD JD TD")
    assert move(g) == "stand"                         # 21 is above the dealt mean
    g = game("schwimmen", ["7C 8D 9S", "7D 8S 9H", "7S 8H TC"], rules=r, spare="QD JD TD")
    assert move(g) == "swap all"                      # 9 is below it


def test_random_bot_plays_every_legal_move_sometimes():
    g = game("scat", ["3C 5D 4S", "AH 9H 2C", "8C 9D TS"], table="3D")
    rng = np.random.default_rng(1)
    seen = Counter(str(BOTS["random"](g.observation(1), rng)) for _ in range(300))
    assert set(seen) == {"draw", "take", "knock"}


def test_unknown_bot_levels_are_refused_with_the_list():
    with pytest.raises(ValueError, match="random, basic"):
        make_bot("genius")


def test_play_round_reports_how_the_round_ended():
    rng = np.random.default_rng(3)
    rules = get_variant("scat").rules
    for i in range(30):
        s = play_round(rules, 4, ["basic"] * 4, rng, dealer=i % 4)
        assert s.ended_by in ("knock", "blitz", "void")
        if s.ended_by == "knock":
            assert s.knocker is not None and s.turns >= 4
            assert s.knocker_lost == (s.lives_lost[s.knocker] > 0)
        else:
            assert s.knocker_lost is None
        assert sum(s.lives_lost) >= (1 if s.ended_by != "void" else 0)
