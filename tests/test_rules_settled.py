"""Rules RULES.md now settles, each played out on a stacked deck (tests/table_helpers.py):

- running total (section 4): the knocker has no extra penalty, places alone decide (a
  knocker alone last scores low like anyone last); a void round scores nothing; when two or
  more pass the target in the same round the highest total wins, and still tied they play on;
- Kitty (section 4): a 31 made after a knock is only the best hand, with no blitz payment.

Expected numbers come from the rule text: places high 2, medium 1, low 0; tied players take
the best place of their group; one ante of 1 chip per player.
"""

from __future__ import annotations

from table_helpers import game, play, stack

from thirtyone.core.rules import get_variant

RUNNING = get_variant("running_total").rules


# --- running total: the knocker ------------------------------------------------------------
# Three players, Ann deals, so Bo moves first, then Cy, then Ann; Bo knocks at once and the
# others keep their hands (stand), so the showdown is the dealt hands.

def test_a_knocker_alone_last_scores_low_and_loses_nothing_more():
    # Ann 30 (KS QS JS), Bo 9 (9C 8D 2S) knocks, Cy 20 (KD TD 2C)
    g = game("running_total", ["KS QS JS", "9C 8D 2S", "KD TD 2C"], table="5H")
    play(g, "knock", "stand", "stand")
    res = g.round_result
    assert res.knocker == 1
    assert res.points_won == (2, 0, 1)       # places alone: high, low, medium
    assert g.points == [2, 0, 1]             # no point taken away from the knocker
    assert res.lives_lost == (0, 0, 0)       # and no lives: this game keeps no lives


def test_a_knocker_tied_for_last_takes_the_best_place_of_the_group_like_anyone():
    # Ann 30; Bo knocks with 9 and Cy also holds 9: both share second place, so no low
    g = game("running_total", ["KS QS JS", "9C 8D 2S", "9H 3D 2C"], table="5H")
    play(g, "knock", "stand", "stand")
    assert g.round_result.points_won == (2, 1, 1)


def test_a_knocker_first_scores_high_as_anyone_first():
    g = game("running_total", ["9C 8D 2S", "KS QS JS", "KD TD 2C"], table="5H")
    play(g, "knock", "stand", "stand")
    assert g.round_result.points_won == (0, 2, 1)


# --- running total: a void round -------------------------------------------------------------

def _draw_through(g) -> None:
    """Every player draws and throws the drawn card straight back until the stock is empty."""
    while g.stock and not g.round_over:
        play(g, "draw", f"discard {g.stock[-1]}")


def test_a_void_round_scores_nothing():
    # no one ever knocks: the stock runs out and running total's rounds are then void
    assert RUNNING.stock_out == "void"
    g = game("running_total", ["7C 8D 9S", "7D 8S 9H", "7S 8H 9C"], table="TC",
             lives=[3, 5, 0])
    _draw_through(g)
    res = g.round_result
    assert res.ended_by == "void"
    assert res.points_won == (0, 0, 0)
    assert g.points == [3, 5, 0]               # every total as before the round
    assert not g.game_over
    g.next_round()                             # and play goes on
    assert g.round_no == 2


# --- running total: a double finish ---------------------------------------------------------

def test_two_passing_the_target_in_one_round_the_highest_total_wins():
    # Ann and Bo both start on 14: Ann 30 scores high (16), Bo 27 medium (15), Cy low; both
    # have passed 15, and Ann's 16 is the highest total
    g = game("running_total", ["KS QS JS", "AH 9H 7H", "2C 3D 4S"], table="5H",
             lives=[14, 14, 0])
    play(g, "knock", "stand", "stand")
    assert g.points == [16, 15, 0]
    assert g.game_over and g.winner == 0


def test_the_player_passing_with_the_lower_total_does_not_win():
    # Ann 14 and Bo 14: this time Bo's 30 scores high (16) and Ann's 27 medium (15)
    g = game("running_total", ["AH 9H 7H", "KS QS JS", "2C 3D 4S"], table="5H",
             lives=[14, 14, 0])
    play(g, "knock", "stand", "stand")
    assert g.points == [15, 16, 0]
    assert g.game_over and g.winner == 1


def test_still_tied_they_play_on_and_the_next_round_decides():
    g = game("running_total", ["KS QS JS", "KH QH JH", "2C 3D 4S"], table="5H",
             lives=[14, 14, 0])
    play(g, "knock", "stand", "stand")
    assert g.points == [16, 16, 0] and not g.game_over
    assert any(e.kind == "tie" for e in g.log)
    # next round: Bo deals, Cy moves first; Ann 30 high, Bo 9 low, Cy 20 medium
    g.next_round(deck=stack(3, ["KS QS JS", "9C 8D 2S", "KD TD 2C"], dealer=1, table="5H"))
    assert g.dealer == 1
    play(g, "knock", "stand", "stand")     # Cy knocks, Ann and Bo stand
    assert g.points == [18, 16, 1]
    assert g.game_over and g.winner == 0


# --- Kitty: a 31 after a knock ----------------------------------------------------------------
# Ann deals; Bo moves first and knocks with 21 (AS KS 9D); Cy exchanges 5C for the first
# widow card, the queen of hearts, making AH KH QH = 31 on a final turn; Ann still has her
# final turn. One chip each is in the pot (3 chips).

KITTY_HANDS = ["2C 3D 4S", "AS KS 9D", "AH KH 5C"]


def test_kitty_31_after_a_knock_is_only_the_best_hand():
    kitty = get_variant("kitty").rules
    assert not kitty.blitz_after_knock
    g = game("kitty", KITTY_HANDS, widow="QH 7D 7C")
    play(g, "knock", "exchange 5C for #1")
    assert not g.round_over                      # no blitz: the round does not end at once
    assert g.to_move == 0                        # Ann still has her final turn
    play(g, "stand")
    res = g.round_result
    assert res.ended_by == "knock" and res.blitzers == ()
    assert res.values[2] == 31.0
    # Cy takes the pot of 3 as the best hand; nobody puts in the blitz's extra chip
    assert g.chips == [9, 9, 12] and g.pot == 0


def test_kitty_31_before_a_knock_is_a_blitz_for_contrast():
    # the same exchange before anyone knocks: Bo passes the move by exchanging first
    g = game("kitty", ["2C 3D 4S", "AH KH 5C", "AS KS 9D"], widow="QH 7D 7C")
    play(g, "exchange 5C for #1")
    assert g.round_over and g.round_result.ended_by == "blitz"
    assert g.chips == [8, 9 + 5, 8]              # pot of 3 and one more chip from each other
