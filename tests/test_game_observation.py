"""What each seat may see, atomic illegal moves, reproducible shuffles, pack and player limits."""

from __future__ import annotations

import pytest
from table_helpers import game, play

from thirtyone import IllegalActionError
from thirtyone.core.actions import Discard, Draw
from thirtyone.core.cards import make_pack, parse_card
from thirtyone.core.rules import get_variant
from thirtyone.game.table import new_game

SCAT = get_variant("scat").rules
HANDS = ["2C 3C 4C", "AH 9H 7D", "KS QS JS"]


def test_observation_holds_the_own_hand_and_only_counts_of_the_others():
    g = game("scat", HANDS, table="8D", stock="5H")
    obs = g.observation(0)
    assert sorted(map(str, obs.hand)) == ["2C", "3C", "4C"]
    assert obs.hands[1] is None and obs.hands[2] is None
    assert obs.hand_counts == (3, 3, 3)
    assert obs.stock_count == 42 and obs.discard_pile == (parse_card("8D"),)
    assert obs.legal_actions == ()                    # not Ann's turn
    assert [str(a) for a in g.observation(1).legal_actions] == ["draw", "take", "knock"]


def test_every_hand_is_shown_at_the_showdown():
    g = game("scat", HANDS, table="8D")
    play(g, "knock", "stand", "stand")
    obs = g.observation(0)
    assert all(h is not None and len(h) == 3 for h in obs.hands)
    assert obs.result.ended_by == "knock"


def test_a_drawn_card_is_named_only_to_the_player_who_drew_it():
    g = game("scat", HANDS, table="8D", stock="5H")
    events = g.apply("draw")
    public = [e for e in events if e.private_to is None]
    assert [e.text for e in public] == ["Bo draws from the stock."]
    assert not any("5♥" in e.text for e in g.observation(0).log)
    assert not any("5♥" in e.text for e in g.observation(2).log)
    assert any("5♥" in e.text for e in g.observation(1).log)
    assert g.observation(1).just_drawn == parse_card("5H")
    assert g.observation(0).just_drawn is None


def test_the_deal_shows_each_player_only_their_own_cards():
    g = game("scat", HANDS, table="8D")
    for seat in range(3):
        others = {str(c) for s in range(3) if s != seat for c in g.hands[s]}
        for e in g.observation(seat).log:
            assert not any(parse_card(t).display in e.text for t in others)


def test_illegal_moves_raise_with_a_reason_and_change_nothing():
    g = game("scat", HANDS, table="8D", stock="5H")
    before, log_len = g.snapshot(), len(g.log)
    for bad, why in [("fly", "not a move"), ("discard AH", "draw or take"),
                     ("swap AH 8D", "not a move here"), ("stand", "last turn"),
                     ("exchange AH for #1", "not a move here")]:
        with pytest.raises(IllegalActionError, match=why):
            g.apply(bad)
        assert g.snapshot() == before and len(g.log) == log_len
        assert g.why_illegal(bad)
    g.apply("draw")
    before = g.snapshot()
    for bad, why in [("draw", "must discard"), ("discard AS", "not in Bo's hand"),
                     ("knock", "must discard")]:
        with pytest.raises(IllegalActionError, match=why):
            g.apply(bad)
        assert g.snapshot() == before
    assert g.why_illegal(Discard(parse_card("5H"))) is None


def test_moves_after_the_round_are_refused():
    g = game("scat", HANDS, table="8D")
    play(g, "knock", "stand", "stand")
    with pytest.raises(IllegalActionError, match="round is over"):
        g.apply(Draw())


def test_the_same_seed_deals_the_same_game_and_each_round_is_a_fresh_shuffle():
    a = new_game(SCAT, ["Ann", "Bo", "Cy"], seed=11)
    b = new_game(SCAT, ["Ann", "Bo", "Cy"], seed=11)
    assert a.snapshot() == b.snapshot()
    for g in (a, b):
        while not g.round_over:
            g.apply("knock" if "knock" in map(str, g.legal_actions()) else "stand")
        g.next_round()
    assert a.snapshot() == b.snapshot()
    assert a.round_decks[0] != a.round_decks[1]
    assert sorted(a.round_decks[1]) == sorted(make_pack(52))


def test_the_32_card_pack_deals_only_seven_to_ace():
    g = new_game(get_variant("eenendertigen").rules, ["Ann", "Bo"], seed=2)
    places = g.card_places()
    assert len(places) == 32 and all(c.rank >= 7 for c in places)


def test_a_stacked_deck_with_a_card_twice_or_outside_the_pack_is_refused():
    with pytest.raises(ValueError, match="twice"):
        new_game(SCAT, ["Ann", "Bo"], deck="AH AH")
    with pytest.raises(ValueError, match="32-card pack"):
        new_game(get_variant("schwimmen").rules, ["Ann", "Bo"], deck="2H")


def test_player_counts_outside_the_rules_are_refused():
    with pytest.raises(ValueError, match="2 to 7 players"):
        new_game(SCAT, ["Solo"])
    with pytest.raises(ValueError, match="2 to 7 players"):
        new_game(SCAT, [f"P{i}" for i in range(8)])
    new_game(get_variant("schwimmen").rules, [f"P{i}" for i in range(8)], seed=1)


def test_banking_is_not_a_table_game():
    with pytest.raises(ValueError, match="banking"):
        new_game(get_variant("banking").rules, ["Ann", "Bo"])


def test_a_copy_plays_on_independently():
    g = game("scat", HANDS, table="8D")
    c = g.copy()
    c.apply("knock")
    assert g.knocker is None and c.knocker == 1
    assert g.snapshot() != c.snapshot()


def test_history_keeps_each_rounds_moves_as_canonical_text():
    g = game("scat", HANDS, table="8D", stock="5H")
    play(g, "DRAW", "discard 5h", "knock")
    assert g.history == [["draw", "discard 5H", "knock"]]
    assert g.observation(0).moves == ((1, "draw"), (1, "discard 5H"), (2, "knock"))


def test_an_observation_is_a_complete_frozen_value():
    import dataclasses

    from thirtyone.game.table import Observation

    g = game("scat", HANDS, table="8D")
    obs = g.observation(1)
    assert set(vars(obs)) == {f.name for f in dataclasses.fields(Observation)}
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.seat = 0
    assert obs == g.observation(1)


def test_every_seat_sees_how_each_player_is_known_to_play():
    rules = get_variant("scat").rules
    g = new_game(rules, ["You", "Ann", "Bo"], seed=2, styles=[None, "basic", "standard"])
    for seat in range(3):
        assert g.observation(seat).styles == (None, "basic", "standard")
    assert new_game(rules, ["A", "B"], seed=2).observation(0).styles == (None, None)
    for bad in ([None, "basic"], [None, "", "basic"], [None, 7, "basic"]):
        with pytest.raises(ValueError, match="one style per player"):
            new_game(rules, ["You", "Ann", "Bo"], seed=2, styles=bad)


# --- a spectator, and the cards each seat must not see (issue 27: only through the game) ----

def cards_of(text: str) -> set:
    return {parse_card(c) for c in text.split()}


def test_a_spectator_sees_only_what_everybody_sees_until_the_showdown():
    g = game("scat", HANDS, table="8D", stock="5H")
    play(g, "draw", "discard 7D")                   # Bo throws the 7D face up
    spectator = g.observation(None)
    assert spectator.seat == -1 and spectator.hand == () and spectator.legal_actions == ()
    assert spectator.hands == (None, None, None)
    assert not any(e.private_to is not None for e in spectator.log)
    # hidden from a spectator: every hand and the stock; the thrown 7D and the 8D were shown
    hidden = g.hidden_from(None)
    assert cards_of("2C 3C 4C AH 9H 5H KS QS JS") <= hidden
    assert not hidden & cards_of("7D 8D")
    assert len(hidden) == 52 - 2                    # the upcard and the discard are seen
    # a seated player does not count the own hand as hidden
    assert g.hidden_from(0) == hidden - cards_of("2C 3C 4C")
    play(g, "knock", "stand", "stand")
    assert g.round_over and all(h is not None for h in g.observation(None).hands)
    assert not g.hidden_from(None) & {c for h in g.hands for c in h}


def test_a_swap_family_dealer_chooses_the_second_hand_unseen():
    """With two hands dealt to the dealer (Schwimmen's house rule), the dealer takes the other
    hand unseen: it is hidden from the dealer too, unlike Switch's dealer, who looks at it."""
    rules = get_variant("schwimmen").rules.with_house_rules(dealer_two_hands=True)
    g = game("schwimmen", ["7C 8C 9D", "AH KD JC", "7D 8H 9S"], rules=rules, dealer=0,
             spare="AS KS QS")
    assert g.phase == "choose" and g.to_move == 0
    assert cards_of("AS KS QS") <= g.hidden_from(0)
    assert g.observation(0).spare_hand is None
    switch = game("switch", ["7C 8C 9D", "AH KD JC", "7D 8H 9S"], dealer=0, spare="AS KS QS",
                  closed="2S 3S 4S")
    assert switch.phase == "choose" and not cards_of("AS KS QS") & switch.hidden_from(0)
    assert cards_of("AS KS QS") <= switch.hidden_from(1)
