"""Banking Thirty-One (RULES.md section 4, `banking`) on stacked decks.

Every expected amount here is worked out by hand from the rules and the stacked cards; the
deal goes one card at a time to each punter in the order of play, the banker last.
"""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest

from thirtyone import IllegalActionError, RulesError
from thirtyone.core.actions import Hit, Knock, Stay
from thirtyone.core.cards import CardError, make_pack, parse_card, parse_cards
from thirtyone.core.rules import get_variant
from thirtyone.game.banking import BankingGame, BankingRecordError, new_banking_game
from thirtyone.game.banking_records import banking_from_record, banking_replay, banking_to_record
from thirtyone.policies.banking import BANKING_BOTS

BANKING = get_variant("banking").rules


def rules(**changes):
    return BANKING.replace(**changes)


def deck_for(order: list[int], hands: dict[int, str], extra: str = "") -> list[str]:
    """The top of the pack that deals ``hands`` when the cards go round ``order`` (punters in
    the order of play, then the banker) three times, followed by ``extra`` for the hits."""
    cards = {s: h.split() for s, h in hands.items()}
    deck = [cards[s][k] for k in range(3) for s in order]
    return deck + extra.split()


def game(hands: dict[int, str], order: list[int], extra: str = "", banker: int = 0,
         **changes) -> BankingGame:
    n = len(hands)
    return BankingGame(rules(**changes), n, banker=banker, seed=7,
                       deck=deck_for(order, hands, extra))


def state(g: BankingGame) -> dict:
    return copy.deepcopy(vars(g))


def play_out_round(g: BankingGame) -> None:
    while not g.round_over:
        g.apply(Stay())


# --- naturals ------------------------------------------------------------------------------

def test_punter_dealt_31_is_paid_the_natural_at_once():
    # 3 players, banker 0, anticlockwise: seat 2 then seat 1 then the banker.
    g = game({0: "9S 9H 5D", 1: "7S 7H 7D", 2: "AS KH QD"}, order=[2, 1, 0], natural_pays=3)
    assert g.chips == [20 - 3, 20, 20 + 3]
    assert g.to_move == 1  # seat 2 is settled and does not play on
    assert g.observation(1).hands[2] == tuple(parse_cards("AS KH QD"))
    g.apply(Stay())        # seat 1 stays on 21
    g.apply(Stay())        # banker stays on 23: seat 1 is lower and pays win_pays (2)
    assert g.chips == [17 + 2, 18, 23]
    assert g.observation(1).chips_won == (-1, -2, 3)


def test_banker_dealt_31_collects_the_natural_from_every_punter_and_ends_the_round():
    g = game({0: "AS TH JD", 1: "7S 7H 7D", 2: "2S 3H 4D"}, order=[2, 1, 0], natural_pays=4)
    assert g.round_over and g.to_move is None
    assert g.chips == [28, 16, 16]
    assert g.legal_actions() == []


def test_banker_and_punter_naturals_stand_off_while_others_pay_the_banker():
    g = game({0: "AS TH JD", 1: "AH KS 9D", 2: "AD QC KD"}, order=[2, 1, 0])
    # seat 2 has 31 too: nothing passes; seat 1 (30) pays the natural (2).
    assert g.round_over
    assert g.chips == [22, 18, 20]


def test_ace_counts_one_when_eleven_would_go_over_so_a_hit_can_still_stand():
    # seat 1: 9 + 8 + 7 = 24, hits an ace: 24 + 11 = 35 is over, so the ace is 1: 25.
    g = game({0: "TS TH 5D", 1: "9S 8H 7D"}, order=[1, 0], extra="AC")
    g.apply(Hit())
    assert g.to_move == 1 and g.total(1) == 25 and not g.is_bust(1)


# --- buying, busts and the showdown ---------------------------------------------------------

def test_punter_over_31_pays_bust_pays_to_the_banker_at_once():
    g = game({0: "9S 9H 5D", 1: "TS TH 5C", 2: "2S 3H 4D"}, order=[2, 1, 0], extra="KS",
             bust_pays=3)
    g.apply(Stay())               # seat 2 stays on 9
    assert g.to_move == 1
    g.apply(Hit())                # seat 1: 25 + 10 = 35, bust
    assert g.chips == [23, 17, 20]
    assert g.status[1] == "bust"
    assert g.observation(2).hands[1] == tuple(parse_cards("TS TH 5C KS"))
    assert g.to_move == 0         # the banker plays against seat 2 only


def test_every_punter_going_bust_ends_the_round_without_the_banker_playing():
    g = game({0: "2S 2H 2D", 1: "TS TH 5C"}, order=[1, 0], extra="KS")
    g.apply(Hit())
    assert g.round_over and g.chips == [22, 18]
    assert len(g.hands[0]) == 3   # the banker bought nothing


def test_bust_banker_pays_bust_pays_to_every_punter_still_in():
    # seat 3 busts first, seat 2 has a natural, seat 1 stays; only seat 1 is still in.
    g = game({0: "TS TH 5C", 1: "2S 3H 4D", 2: "AS KH QD", 3: "9S 9H 9D"}, order=[3, 2, 1, 0],
             extra="8C KS", natural_pays=1, bust_pays=3)
    assert g.chips == [19, 20, 21, 20]   # seat 2's natural
    g.apply(Hit())                         # seat 3: 27 + 8 = 35, bust, pays 3
    assert g.chips == [22, 20, 21, 17]
    g.apply(Stay())                        # seat 1 stays on 9
    assert g.to_move == 0
    g.apply(Hit())                         # banker: 25 + 10 = 35, bust, pays seat 1 only
    assert g.round_over
    assert g.chips == [19, 23, 21, 17]


@pytest.mark.parametrize(("punter", "expected"), [
    ("TS 9H 8D", [23, 17]),    # 27 < banker 28: the punter pays win_pays (3)
    ("TS 9H KD", [17, 23]),    # 29 > 28: the banker pays 3
    ("TC 9C 9D", [20, 20]),    # 28 = 28: nothing changes hands
])
def test_standing_banker_collects_from_lower_pays_higher_and_ties_pay_nothing(punter, expected):
    g = game({0: "KS KH 8C", 1: punter}, order=[1, 0], win_pays=3)
    g.apply(Stay())
    g.apply(Stay())
    assert g.round_over and g.chips == expected


def test_banker_compares_with_each_punter_still_in_separately():
    g = game({0: "KS KH 8C", 1: "TS 9H KD", 2: "2S 3H 4D"}, order=[2, 1, 0])
    g.apply(Stay())    # seat 2 on 9
    g.apply(Stay())    # seat 1 on 29
    g.apply(Stay())    # banker on 28
    assert g.chips == [20, 22, 18]


def test_player_who_cannot_pay_in_full_pays_what_they_have():
    g = BankingGame(rules(bust_pays=5), 2, banker=0, seed=1, chips=[10, 3],
                    deck=deck_for([1, 0], {0: "9S 9H 5D", 1: "TS TH 5C"}, "KS"))
    g.apply(Hit())
    assert g.chips == [13, 0]
    assert g.game_over and g.winner == 0


# --- order of play and the bank --------------------------------------------------------------

def test_anticlockwise_play_deals_and_moves_to_the_right_of_the_banker_first():
    hands = {0: "2S 2H 2D", 1: "3S 3H 3D", 2: "4S 4H 4D"}
    g = BankingGame(rules(anticlockwise=True), 3, banker=0, seed=1,
                    deck=parse_cards("4S 3S 2S 4H 3H 2H 4D 3D 2D"))
    assert [sorted(map(str, h)) for h in g.hands] == [sorted(hands[s].split()) for s in range(3)]
    assert g.to_move == 2
    g.apply(Stay())
    assert g.to_move == 1


def test_clockwise_play_deals_and_moves_to_the_left_of_the_banker_first():
    g = BankingGame(rules(anticlockwise=False), 3, banker=0, seed=1,
                    deck=parse_cards("3S 4S 2S 3H 4H 2H 3D 4D 2D"))
    assert sorted(map(str, g.hands[1])) == ["3D", "3H", "3S"]
    assert sorted(map(str, g.hands[2])) == ["4D", "4H", "4S"]
    assert g.to_move == 1
    g.apply(Stay())
    assert g.to_move == 2


def _stay_until_next_talia(g: BankingGame) -> int:
    """Play rounds with every player staying until a new talia starts; return rounds played."""
    start = g.talia
    rounds = 0
    while g.talia == start:
        play_out_round(g)
        rounds += 1
        g.next_round()
    return rounds


@pytest.mark.parametrize("anticlockwise", [True, False])
def test_talia_passes_the_bank_to_the_punter_on_the_right(anticlockwise):
    # 5 players take 15 cards a round: after 3 rounds 7 of 52 are left, too few to deal.
    g = BankingGame(rules(anticlockwise=anticlockwise), 5, banker=2, seed=3)
    assert _stay_until_next_talia(g) == 3
    assert g.banker == 1
    assert len(g.shoe) + sum(len(h) for h in g.hands) == 52   # a fresh, whole pack
    assert g.used == []


def test_two_players_deal_eight_rounds_from_one_pack_before_the_talia():
    g = BankingGame(rules(), 2, banker=0, seed=4)
    assert _stay_until_next_talia(g) == 8      # 8 x 6 = 48 cards, 4 left
    assert g.banker == 1


def test_one_banker_keeps_the_bank_for_the_whole_game():
    g = BankingGame(rules(one_banker=True), 5, banker=2, seed=3)
    _stay_until_next_talia(g)
    _stay_until_next_talia(g)
    assert g.talia == 2 and g.banker == 2


def test_pack_running_out_mid_round_shuffles_the_used_cards_then_the_bank_passes():
    # Seven rounds of stays use the first 42 cards; round 8 deals 6 more; the punter buys the
    # last four (A 2 3 2 keep 2+2+3 = 7 under 31: 7+11+2+3+2 = 25) and one more from the
    # reshuffled used cards.
    last = ["2S", "KS", "2H", "KH", "3S", "9S", "AS", "2D", "3D", "2C"]
    first = [str(c) for c in make_pack(52) if str(c) not in last]
    g = BankingGame(rules(), 2, banker=0, seed=9, deck=first + last)
    for _ in range(7):
        play_out_round(g)
        g.next_round()
    assert g.talia == 0 and sorted(map(str, g.hands[1])) == ["2H", "2S", "3S"]
    for _ in range(4):
        g.apply(Hit())
    assert g.total(1) == 25 and len(g.shoe) == 0 and len(g.used) == 42
    events = g.apply(Hit())
    assert events[0].kind == "reshuffle"
    assert len(g.shoe) == 41 and len(g.hands[1]) == 8
    play_out_round(g)
    g.next_round()
    assert g.talia == 1 and g.banker == 1


def test_hit_is_not_allowed_when_no_card_is_left_anywhere():
    # In the first round of a talia there are no used cards to reshuffle.
    g = game({0: "9S 9H 5D", 1: "2S 3H 4D"}, order=[1, 0])
    g.shoe.clear()
    assert g.legal_actions() == [Stay()]
    before = state(g)
    with pytest.raises(IllegalActionError, match="no cards left"):
        g.apply(Hit())
    assert state(g) == before


# --- players, packs and the end of the game --------------------------------------------------

def test_more_than_five_players_need_two_or_three_packs():
    with pytest.raises(RulesError, match="6 players .* at least 2 packs"):
        BankingGame(rules(packs=1), 6, seed=1)
    for packs in (2, 3):
        g = BankingGame(rules(packs=packs), 7, seed=1)
        assert len(g.all_cards()) == 52 * packs
    assert len(BankingGame(rules(packs=1), 5, seed=1).all_cards()) == 52


def test_player_count_outside_the_rules_is_refused():
    with pytest.raises(RulesError, match="2 to 7 players, not 8"):
        BankingGame(rules(packs=2), 8, seed=1)


def test_banking_needs_the_banking_family():
    with pytest.raises(RulesError, match="banking family"):
        BankingGame(get_variant("scat").rules, 3, seed=1)


def test_a_card_may_be_stacked_once_per_pack():
    g = BankingGame(rules(packs=2), 2, seed=1, deck=["AS", "AS"])
    assert [str(c) for c in g.hands[1][:1] + g.hands[0][:1]] == ["AS", "AS"]
    with pytest.raises(CardError, match="'AS' is listed 3 times"):
        BankingGame(rules(packs=2), 2, seed=1, deck=["AS", "AS", "as"])
    with pytest.raises(CardError, match="'2H' is not in this 32-card pack"):
        BankingGame(rules(pack=32), 2, seed=1, deck=["2H"])


def test_every_player_starts_with_the_chips_option():
    g = new_banking_game(rules(chips=7), ["Ann", "Bo", "Cy"], seed=1)
    assert g.chips == [7, 7, 7]


def test_player_with_no_chips_is_out_and_gets_no_cards():
    g = BankingGame(rules(), 3, banker=0, seed=2, chips=[10, 0, 10])
    assert g.hands[1] == [] and g.status[1] == "out"
    assert 1 not in g.punters_in_order()


def test_banker_who_runs_out_of_chips_pays_in_order_and_the_bank_passes_right():
    # Banker 1 holds 2 chips and 28; to its right seat 0 has 29, then seat 2 has 29. Seat 0
    # is paid first and takes both chips; nothing is left for seat 2. The banker is out, so
    # the bank passes to the right (seat 0) even though one banker was agreed.
    hands = {1: "KS KH 8C", 0: "TS 9H KD", 2: "TC 9C QH"}
    g = BankingGame(rules(one_banker=True), 3, banker=1, seed=1, chips=[5, 2, 5],
                    deck=deck_for([0, 2, 1], hands))
    for _ in range(3):
        g.apply(Stay())
    assert g.chips == [7, 0, 5]
    assert not g.game_over
    g.next_round()
    assert g.banker == 0 and g.status[1] == "out" and g.hands[1] == []


def test_game_ends_when_one_player_holds_every_chip():
    g = BankingGame(rules(), 2, banker=0, seed=1, chips=[5, 2],
                    deck=deck_for([1, 0], {0: "KS KH 8C", 1: "TS 9H 8D"}))
    g.apply(Stay())
    g.apply(Stay())
    assert g.chips == [7, 0] and g.game_over and g.winner == 0
    with pytest.raises(IllegalActionError, match="game is over"):
        g.next_round()


def test_max_rounds_ends_the_game_and_most_chips_wins_or_a_tie_is_a_draw():
    g = BankingGame(rules(), 2, banker=0, seed=1, max_rounds=1,
                    deck=deck_for([1, 0], {0: "KS KH 8C", 1: "TS 9H 8D"}))
    play_out_round(g)
    assert g.game_over and g.winner == 0
    g = BankingGame(rules(), 2, banker=0, seed=1, max_rounds=1,
                    deck=deck_for([1, 0], {0: "KS KH 8C", 1: "TC 9C 9D"}))
    play_out_round(g)
    assert g.game_over and g.winner is None


# --- errors, observations, bots ----------------------------------------------------------------

def test_illegal_moves_raise_with_a_reason_and_change_nothing():
    g = game({0: "9S 9H 5D", 1: "2S 3H 4D"}, order=[1, 0])
    before = state(g)
    with pytest.raises(IllegalActionError, match="not a banking move"):
        g.apply(Knock())
    with pytest.raises(IllegalActionError, match="not a move"):
        g.apply("fly")
    with pytest.raises(IllegalActionError, match="still being played"):
        g.next_round()
    assert state(g) == before
    play_out_round(g)
    before = state(g)
    with pytest.raises(IllegalActionError, match="round is over"):
        g.apply("hit")
    assert state(g) == before


def test_observation_shows_own_cards_and_hides_other_hands_until_the_round_ends():
    g = game({0: "9S 9H 5D", 1: "2S 3H 4D", 2: "TS TH 7C"}, order=[2, 1, 0])
    for seat in range(3):
        obs = g.observation(seat)
        assert obs.hand == tuple(g.hands[seat])
        assert obs.hands == tuple(tuple(g.hands[s]) if s == seat else None for s in range(3))
        assert obs.hand_counts == (3, 3, 3)
        log = " ".join(e.text for e in obs.log)
        assert all(str(c) not in log and c.display not in log
                   for s in range(3) if s != seat for c in g.hands[s])
    assert g.observation(2).legal_actions == (Hit(), Stay())
    assert g.observation(1).legal_actions == ()
    play_out_round(g)
    assert g.observation(1).hands[0] == tuple(parse_cards("9S 9H 5D"))


def test_basic_bot_hits_below_26_and_stays_from_26_or_on_31():
    bot = BANKING_BOTS["basic"]
    rng = np.random.default_rng(0)
    g = game({0: "9S 9H 5D", 1: "TH 9C 7D", 2: "TS 9D 6D"}, order=[2, 1, 0], extra="6C")
    assert bot(g.observation(2), rng) == Hit()       # 25
    g.apply(Hit())                                   # 25 + 6 = 31
    assert bot(g.observation(2), rng) == Stay()
    g.apply(Stay())
    assert bot(g.observation(1), rng) == Stay()      # 26


def test_random_bot_plays_only_legal_moves():
    rng = np.random.default_rng(0)
    g = BankingGame(rules(), 4, seed=5)
    for _ in range(200):
        if g.game_over:
            break
        if g.round_over:
            g.next_round()
            continue
        move = BANKING_BOTS["random"](g.observation(g.to_move), rng)
        assert move in g.legal_actions()
        g.apply(move)


# --- records ---------------------------------------------------------------------------------

def _played(seed: int, rounds: int, **changes) -> BankingGame:
    rng = np.random.default_rng(seed)
    g = BankingGame(rules(**changes), 3, banker=1, seed=seed)
    while g.round_no < rounds and not g.game_over:
        if g.round_over:
            g.next_round()
        else:
            g.apply(BANKING_BOTS["random"](g.observation(g.to_move), rng))
    return g


def test_record_round_trips_through_json_to_the_same_state():
    g = _played(11, 12, chips=6, win_pays=3)
    record = json.loads(json.dumps(banking_to_record(g)))
    assert record["variant"] == "banking" and record["rules"] == {"chips": 6, "win_pays": 3}
    assert record["actions"] == g.history
    assert vars(banking_from_record(record)) == vars(g)


def test_record_of_a_stacked_game_keeps_the_deck_order():
    g = game({0: "9S 9H 5D", 1: "2S 3H 4D"}, order=[1, 0])
    record = banking_to_record(g)
    assert record["deck"][:6] == ["2S", "9S", "3H", "9H", "4D", "5D"]


@pytest.mark.parametrize(("change", "message"), [
    ({"variant": "scat"}, "not 'banking'"),
    ({"deck": ["AS", "AS"]}, "listed 2 times"),
    ({"deck": ["ZZ"]}, "'ZZ'"),
    ({"actions": ["hit", "knock"]}, "move 2 \\('knock'\\)"),
    ({"rules": {"packs": 7}}, "packs"),
    ({"chips": [5, -1, 5]}, "Chips"),
    ({"round": 99}, "'round' is 99"),
    ({"dealer": "one"}, "'dealer'"),
    ({"cheat": 1}, "unknown field"),
])
def test_broken_or_tampered_record_is_refused_with_the_reason(change, message):
    record = banking_to_record(_played(3, 2))
    record.update(change)
    with pytest.raises(BankingRecordError, match=message):
        banking_from_record(record)


def test_card_text_in_a_record_may_use_any_notation():
    record = banking_to_record(game({0: "9S 9H 5D", 1: "2S 3H 4D"}, order=[1, 0]))
    record["deck"] = ["2s", "9♠", "3h", "9H", "4d", "5D"]
    g = banking_from_record(record)
    assert g.hands[0] == [parse_card(c) for c in ["9S", "9H", "5D"]]


def test_replay_summary_lists_public_events_and_the_result():
    g = game({0: "KS KH 8C", 1: "TS 9H 8D"}, order=[1, 0])
    play_out_round(g)
    out = banking_replay(json.loads(json.dumps(banking_to_record(g))))
    assert out["chips"] == [22, 18] and out["rounds"] == 1 and not out["over"]
    assert not any("Your cards" in t for t in out["events"])
    assert out["events"][-1].startswith("Seat 1 has 27, less than the banker")


def test_events_address_a_player_named_you_in_the_second_person():
    hands = {0: "KS KH 8C", 1: "TS 9H 8D"}
    g = new_banking_game(rules(), ["You", "Ann"], seed=1, deck=deck_for([1, 0], hands))
    assert g.log[0].text == "Round 1: You are the banker and deal three cards to each of 2 players."
    g.apply(Stay())
    texts = [e.text for e in g.apply(Stay())]
    assert texts == ["You, the banker, stay on 28.",
                     "Ann has 27, less than the banker's 28: Ann pays the banker 2 chips."]


def test_copy_is_independent_of_the_original():
    g = game({0: "9S 9H 5D", 1: "2S 3H 4D"}, order=[1, 0])
    c = g.copy()
    c.apply(Hit())
    assert len(g.hands[1]) == 3 and len(c.hands[1]) == 4
    assert g.snapshot() != c.snapshot()
    assert g.copy().snapshot() == g.snapshot()
