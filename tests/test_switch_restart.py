"""The Switch restart (RULES.md 4, switch, option ``restart``; seed 000, our reading).

"At the showdown, before anyone loses, a player holding three cards of one suit worth more
than 21 may call a restart (in turn order from the dealer's left; the first to call it
decides): the round is void, and the same dealer deals again with that hand laid face up as
the new open hand (the dealer then gets one hand, not two)."

Every test stacks the deck (``table_helpers.game``): dealer Ann (seat 0) unless said, so Bo
(seat 1) is dealt first and moves first after Ann keeps her hand ('stand').
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from table_helpers import cards, game, hand_text, play

from thirtyone import IllegalActionError
from thirtyone.bots import BOTS, play_round
from thirtyone.core.rules import OPTIONS, get_variant
from thirtyone.expert.hint import hint
from thirtyone.game.records import game_from_record, game_to_record, replay_data
from thirtyone.game.saves import open_save, player_save
from thirtyone.game.table import new_game
from thirtyone.sim.batch import SimulationError, simulate

SWITCH = get_variant("switch").rules
SPARE, CLOSED = "2C 3C 4D", "5C 6C 7D"       # Ann's second hand (laid open) and the closed


def to_showdown(g) -> None:
    """Ann keeps her hand, the player to move knocks, everybody else stands."""
    play(g, "stand", "knock")
    while g.phase == "turn":
        g.apply("stand")


def legal(g) -> list[str]:
    return [str(a) for a in g.legal_actions()]


# --- the rule --------------------------------------------------------------------------------

def test_restart_is_an_option_on_in_the_switch_preset_only():
    assert SWITCH.restart is True
    others = [k for k in ("scat", "schwimmen", "kitty", "stop_the_bus", "banking")
              if get_variant(k).rules.restart]
    assert others == []
    why = OPTIONS["restart"].why_not(get_variant("scat").rules)
    assert why is not None and "switch" in why


def test_restart_called_voids_the_round_and_the_same_dealer_deals_the_hand_open():
    # Bo: A♥ K♥ 2♥ = 23 in hearts (more than 21); Cy 9; Ann 20
    g = game("switch", ["JD TD 3S", "AH KH 2H", "9C 8D 2S"], spare=SPARE, closed=CLOSED)
    to_showdown(g)
    assert g.phase == "restart" and not g.round_over
    assert g.to_move == 1 and legal(g) == ["restart", "no restart"]
    lives = list(g.lives)
    events = g.apply("restart")
    assert g.round_over and g.round_result.ended_by == "void"
    assert g.round_result.restart_by == 1
    assert g.round_result.lives_lost == (0, 0, 0) and g.lives == lives   # nobody loses
    assert any("restart" in e.text for e in events)
    g.next_round()
    assert g.dealer == 0                                   # the same dealer deals again
    assert cards(" ".join(map(str, g.middle))) == cards("AH KH 2H")   # face up, open hand
    assert g.phase == "turn" and g.spare == []             # one hand for the dealer
    assert g.to_move == 1                                  # dealer's left moves first
    assert all(len(h) == 3 for h in g.hands) and len(g.closed) == 3
    places = g.card_places()                               # every card once, none lost
    assert {places[c] for c in g.middle} == {"middle"}
    assert len(places) == 52


def test_restart_deal_from_a_stacked_deck_skips_the_open_hand_cards():
    g = game("switch", ["JD TD 3S", "AH KH 2H", "9C 8D 2S"], spare=SPARE, closed=CLOSED)
    to_showdown(g)
    g.apply("restart")
    # a stacked deck that names an open-hand card: that card is not dealt again
    g.next_round("AH 3S KH 4S 2H 5S 6S 7S 8S 9S TS JS QS")
    assert hand_text(g, 1) == cards("3S 6S 9S")           # Bo, then Cy, then Ann, 3 times
    assert hand_text(g, 2) == cards("4S 7S TS")
    assert hand_text(g, 0) == cards("5S 8S JS")
    assert len(g.closed) == 3
    g.card_places()


def test_restart_declined_lets_the_showdown_stand():
    g = game("switch", ["JD TD 3S", "AH KH 2H", "9C 8D 2S"], spare=SPARE, closed=CLOSED)
    to_showdown(g)
    g.apply("no restart")
    assert g.round_over and g.round_result.ended_by == "knock"
    assert g.round_result.restart_by is None
    assert g.round_result.lives_lost == (0, 0, 1)          # Cy (9) is lowest
    g.next_round()
    assert g.dealer == 1 and g.phase == "choose"           # the deal passes on as usual


def test_two_eligible_players_the_first_from_the_dealers_left_decides():
    # dealer Bo (seat 1): the order is Cy, Ann, Bo. Ann (seat 0) and Cy both hold a suit
    # over 21; Cy is asked first although Ann sits at seat 0.
    hands = ["AH KH 2H", "9C 8D 2S", "KS QS 5S"]         # Ann 23, Bo 9, Cy 25
    g = game("switch", hands, dealer=1, spare=SPARE, closed=CLOSED)
    play(g, "stand", "knock", "stand", "stand")            # Bo keeps; Cy knocks
    assert g.phase == "restart" and g.to_move == 2
    g.apply("restart")                                     # Cy calls it: Ann is never asked
    assert g.round_over and g.round_result.restart_by == 2
    g.next_round()
    assert g.dealer == 1 and cards(" ".join(map(str, g.middle))) == cards("KS QS 5S")

    g = game("switch", hands, dealer=1, spare=SPARE, closed=CLOSED)
    play(g, "stand", "knock", "stand", "stand")
    g.apply("no restart")                                  # Cy declines: Ann is asked next
    assert g.phase == "restart" and g.to_move == 0
    g.apply("restart")
    assert g.round_result.restart_by == 0
    g.next_round()
    assert cards(" ".join(map(str, g.middle))) == cards("AH KH 2H")

    g = game("switch", hands, dealer=1, spare=SPARE, closed=CLOSED)
    play(g, "stand", "knock", "stand", "stand", "no restart", "no restart")
    assert g.round_over and g.round_result.ended_by == "knock"
    assert g.round_result.lives_lost == (0, 1, 0)          # Bo (9) is lowest


def test_no_eligible_player_means_a_plain_showdown():
    g = game("switch", ["JD TD 3S", "AH KH 2D", "9C 8D 2S"], spare=SPARE, closed=CLOSED)
    to_showdown(g)
    assert g.round_over and g.round_result.ended_by == "knock"
    assert g.round_result.lives_lost == (0, 0, 1)


def test_a_suit_of_exactly_21_is_not_enough():
    # Bo: 9♥ 8♥ 4♥ = 21 in one suit: not more than 21
    g = game("switch", ["JD TD 3S", "9H 8H 4H", "9C 8D 2S"], spare=SPARE, closed=CLOSED)
    to_showdown(g)
    assert g.round_over and g.round_result.ended_by == "knock"
    assert all(str(e.text).find("restart") < 0 for e in g.log)


def test_restart_off_gives_a_plain_showdown():
    g = game("switch", ["JD TD 3S", "AH KH 2H", "9C 8D 2S"], rules=SWITCH.replace(restart=False),
             spare=SPARE, closed=CLOSED)
    to_showdown(g)
    assert g.round_over and g.round_result.ended_by == "knock"
    assert g.round_result.lives_lost == (0, 0, 1)


def test_a_blitz_is_no_showdown_so_nobody_may_restart():
    # Cy holds K♠ Q♠ 5♠ (25); Bo switches to the open A♥ K♥ Q♥ = 31
    g = game("switch", ["JD TD 3S", "9C 8D 2S", "KS QS 5S"], spare="AH KH QH", closed=CLOSED)
    play(g, "stand", "switch open")
    assert g.round_over and g.round_result.ended_by == "blitz"
    assert g.phase == "over"


def test_illegal_moves_in_and_out_of_the_restart_phase_say_why_and_change_nothing():
    g = game("switch", ["JD TD 3S", "AH KH 2H", "9C 8D 2S"], spare=SPARE, closed=CLOSED)
    g.apply("stand")
    with pytest.raises(IllegalActionError, match="showdown"):
        g.apply("restart")
    play(g, "knock", "stand", "stand")
    before = g.snapshot()
    with pytest.raises(IllegalActionError, match="restart"):
        g.apply("stand")
    assert g.snapshot() == before


def test_the_showdown_shows_every_hand_while_the_restart_is_asked():
    g = game("switch", ["JD TD 3S", "AH KH 2H", "9C 8D 2S"], spare=SPARE, closed=CLOSED)
    to_showdown(g)
    for seat in range(3):
        obs = g.observation(seat)
        assert all(h is not None and len(h) == 3 for h in obs.hands)
        assert obs.closed_count == 3 and not obs.final_turn
        shown = {str(c) for h in obs.hands for c in h} | {str(c) for c in obs.middle}
        assert not shown & {"5C", "6C", "7D"}               # the closed hand stays hidden


# --- the bots ----------------------------------------------------------------------------------

@pytest.mark.parametrize("level", ["basic", "standard", "expert"])
def test_bots_call_a_restart_exactly_when_the_showdown_would_cost_them(level):
    # Bo knocks with 23 hearts; Ann 24 and Cy 25 also hold suits over 21. Bo is the lowest
    # knocker (would lose two), so Bo calls it; if Bo did not, Ann and Cy are safe and decline.
    bot = BOTS[level]
    rng = np.random.default_rng(0)
    g = game("switch", ["KD QD 6D", "AH KH 2H", "KS QS 5S"], spare=SPARE, closed=CLOSED)
    to_showdown(g)
    assert g.to_move == 1 and str(bot(g.observation(1), rng)) == "restart"
    g.apply("no restart")
    assert g.to_move == 2 and str(bot(g.observation(2), rng)) == "no restart"
    g.apply("no restart")
    assert g.to_move == 0 and str(bot(g.observation(0), rng)) == "no restart"


def test_the_hint_explains_the_restart_choice():
    g = game("switch", ["KD QD 6D", "AH KH 2H", "KS QS 5S"], spare=SPARE, closed=CLOSED)
    to_showdown(g)
    h = hint(g.observation(1))
    assert str(h.action) == "restart"
    assert "restart" in h.reason.lower() and "penny" not in h.reason  # switch loses lives
    assert "lose a life" in h.reason
    g.apply("no restart")
    h = hint(g.observation(2))
    assert str(h.action) == "no restart" and "stand" in h.reason


def test_random_and_basic_bots_play_many_switch_rounds_with_restarts():
    rng = np.random.default_rng(5)
    ended = {}
    for r in range(150):
        s = play_round(SWITCH, 4, ["random", "basic", "random", "basic"], rng, dealer=r % 4)
        ended[s.ended_by] = ended.get(s.ended_by, 0) + 1
    assert sum(ended.values()) == 150 and set(ended) <= {"knock", "blitz", "void"}


def test_a_whole_game_with_restarts_keeps_every_card_in_place():
    restarts = 0
    for seed in range(12):
        g = new_game(SWITCH, ["A", "B", "C"], seed=seed, styles=["random"] * 3)
        rng = np.random.default_rng(seed)
        while not g.game_over and g.round_no < 12:
            while not g.round_over:
                g.apply(BOTS["random"](g.observation(g.to_move, log=False), rng))
                g.card_places()
            restarts += g.round_result.restart_by is not None
            if not g.game_over:
                g.next_round()
                g.card_places()
    assert restarts > 0       # random bots call it half the time they may


# --- records, saves, the simulator ------------------------------------------------------------

def restarted_game(stacked_next: bool):
    # seeded: an unseeded second deal ends at once now and then (a 31 dealt), leaving no move
    g = game("switch", ["JD TD 3S", "AH KH 2H", "9C 8D 2S"], spare=SPARE, closed=CLOSED,
             seed=5)
    to_showdown(g)
    g.apply("restart")
    g.next_round("3S 4S 5S 6S 7S 8S 9S TS JS QS" if stacked_next else None)
    g.apply(g.legal_actions()[0])
    return g


@pytest.mark.parametrize("stacked_next", [False, True])
def test_a_record_of_a_restarted_round_loads_and_replays(stacked_next):
    g = restarted_game(stacked_next)
    rec = json.loads(json.dumps(game_to_record(g)))
    assert "restart" in rec["actions"]
    back = game_from_record(rec)
    assert back.snapshot() == g.snapshot()
    assert back.results[0].restart_by == 1 and back.dealer == 0
    data = replay_data(back, list(back.log))
    assert data["rounds"][0]["ended_by"] == "void"


def test_a_players_save_of_a_restarted_game_opens_again():
    from cryptography.fernet import Fernet
    key = Fernet.generate_key()
    g = restarted_game(False)
    back, notice = open_save(json.loads(player_save(g, key)), key)
    assert notice is None and back.snapshot() == g.snapshot()
    # without the key the finished round (the restart) replays and round 2 is dealt afresh,
    # still by the same dealer with the restart hand open
    other, notice = open_save(json.loads(player_save(g, key)), Fernet.generate_key())
    assert notice is not None and other.dealer == 0
    assert cards(" ".join(map(str, other.middle))) == cards("AH KH 2H")


def test_the_fast_simulator_refuses_switch_saying_so():
    with pytest.raises(SimulationError, match="switch family"):
        simulate(SWITCH, 3, 100, seed=1)
