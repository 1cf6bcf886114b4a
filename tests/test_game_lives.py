"""Lives, the extra life, going out, the deal passing left, the end of the game, and the
running-total points (RULES.md 3e and 4)."""

from __future__ import annotations

import numpy as np
import pytest
from table_helpers import game, play, stack

from thirtyone import IllegalActionError
from thirtyone.core.rules import get_variant
from thirtyone.game.table import new_game

SCAT = get_variant("scat").rules
LOW = ["2C 3D 4S", "5C 6D 7S", "8C 9D TS"]     # 4, 7, 10: Ann is lowest


def test_players_start_with_the_lives_option():
    g = new_game(SCAT.replace(lives=5), ["Ann", "Bo"], seed=1)
    assert g.lives == [5, 5]


def test_extra_life_player_at_zero_keeps_playing_and_the_next_loss_is_out():
    g = game("scat", LOW, table="5H", lives=[1, 3, 3])
    play(g, "knock", "stand", "stand")                # Bo knocks with 7; Ann has 4
    assert g.lives[0] == 0 and not g.out[0]
    assert any(e.kind == "extra_life" for e in g.log)
    # round 2: Bo deals, Cy knocks with 30, Ann is lowest again and goes out
    g.next_round(deck=stack(3, ["2C 3D 4S", "5C 6D 7S", "KS QS JS"], dealer=1, table="5H"))
    assert len(g.hands[0]) == 3                       # still dealt in, "on the county"
    assert g.to_move == 2
    play(g, "knock", "stand", "stand")
    assert g.round_result.lives_lost == (1, 0, 0)
    assert g.out[0] and not g.game_over


def test_without_extra_life_zero_lives_is_out():
    g = game("blitz", LOW, table="5H", lives=[1, 3, 3])
    play(g, "knock", "stand", "stand")
    assert g.lives[0] == 0 and g.out[0]


def test_losing_two_with_one_life_left_is_out_even_with_the_extra_life():
    # our reading: the extra life is the step at 0; a loss of two from 1 goes past it
    g = game("scat", ["5C 6D 7S", "2C 3D 4S", "8C 9D TS"], table="5H", lives=[3, 1, 3])
    play(g, "knock", "stand", "stand")                # Bo knocks and is alone lowest
    assert g.round_result.lives_lost[1] == 2 and g.out[1]


def test_players_who_are_out_get_no_cards_and_never_move():
    g = game("scat", ["2C 3D 4S", "5C 6D 7S", ""], table="5H", lives=[3, 3, None])
    assert g.hands[2] == []
    assert g.to_move == 1
    play(g, "knock", "stand")
    assert g.round_over


def test_the_deal_passes_left_and_skips_players_who_are_out():
    g = new_game(SCAT, ["Ann", "Bo", "Cy", "Di"], seed=3, dealer=0, lives=[3, 3, -1, 3])
    dealers = [g.dealer]
    for _ in range(4):
        g._end_round("void", [])
        g.next_round()
        dealers.append(g.dealer)
    assert dealers == [0, 1, 3, 0, 1]
    assert g.to_move == 3                             # left of dealer 1, skipping Cy


def test_the_game_ends_when_one_player_remains():
    g = game("blitz", ["2C 3D 4S", "5C 6D 7S"], table="5H", lives=[1, 3])
    play(g, "knock", "stand")
    assert g.game_over and g.winner == 1
    assert g.legal_actions() == []
    with pytest.raises(IllegalActionError, match="game is over"):
        g.next_round()


def test_all_remaining_players_going_out_together_is_a_draw():
    g = game("blitz", ["2C 3D 4S", "2D 3S 4C"], table="5H", lives=[1, 1])
    play(g, "knock", "stand")                         # 4 and 4: both lowest, both out
    assert g.out == [True, True]
    assert g.game_over and g.winner is None
    assert any("draw" in e.text for e in g.log)


def test_a_blitz_can_put_several_players_out_at_once():
    g = game("scat", ["2C 3D 4S", "5C 6D 7S", "AS KS QS"], table="5H", lives=[0, 0, 3])
    assert g.game_over and g.winner == 2


def test_lives_never_rise_over_a_seeded_game():
    rng = np.random.default_rng(4)
    from thirtyone.bots import BOTS
    g = new_game(SCAT, ["Ann", "Bo", "Cy", "Di"], seed=4)
    before = list(g.lives)
    while not g.game_over:
        if g.round_over:
            g.next_round()
            continue
        g.apply(BOTS["random"](g.observation(g.to_move), rng))
        assert all(a <= b for a, b in zip(g.lives, before, strict=True))
        before = list(g.lives)


# --- running total -------------------------------------------------------------------------

def test_running_total_first_place_high_last_low_others_medium():
    # Bo knocks with 27; Ann 30, Cy 20, Di 9
    g = game("running_total", ["KS QS JS", "AH 9H 7H", "KD TD 2C", "9C 8D 2S"], table="5H")
    play(g, "knock", "stand", "stand", "stand")
    assert g.round_result.points_won == (2, 1, 1, 0)
    assert g.points == [2, 1, 1, 0]


def test_running_total_tied_players_take_the_best_place_of_their_group():
    # 30, 27, 27, 27 gives 2, 1, 1, 1: no low (RULES.md)
    g = game("running_total", ["KS QS JS", "AH 9H 7H", "AD 9D 7D", "AC 9C 7C"], table="5H")
    play(g, "knock", "stand", "stand", "stand")
    assert g.round_result.points_won == (2, 1, 1, 1)


def test_running_total_tied_for_first_all_score_high():
    g = game("running_total", ["KS QS JS", "KH QH JH", "2C 3D 4S"], table="5H")
    play(g, "knock", "stand", "stand")
    assert g.round_result.points_won == (2, 2, 0)


def test_running_total_blitz_scores_high_for_the_blitzer_and_low_for_everyone_else():
    g = game("running_total", ["KS QS JS", "AH KH QH", "2C 3D 4S"], table="5H")
    assert g.round_result.ended_by == "blitz"
    assert g.round_result.points_won == (0, 2, 0)


def test_running_total_first_to_points_to_win_wins():
    g = game("running_total", ["KS QS JS", "5C 6D 7S", "2C 3D 4S"], table="5H",
             lives=[14, 3, 0])
    play(g, "knock", "stand", "stand")
    assert g.points == [16, 4, 0]
    assert g.game_over and g.winner == 0


def test_running_total_tied_leaders_play_on():
    g = game("running_total", ["KS QS JS", "KH QH JH", "2C 3D 4S"], table="5H",
             lives=[14, 14, 0])
    play(g, "knock", "stand", "stand")
    assert g.points == [16, 16, 0]
    assert not g.game_over


def test_points_to_win_is_an_option():
    r = get_variant("running_total").rules.replace(points_to_win=5)
    g = game("running_total", ["KS QS JS", "5C 6D 7S", "2C 3D 4S"], rules=r, table="5H",
             lives=[3, 0, 0])
    play(g, "knock", "stand", "stand")
    assert g.game_over and g.winner == 0
