"""The standard and expert bots and the hint (issue 4): they decide from the observation
alone, play only legal moves, leave the game and its random stream untouched, never name a
hidden card, and are as strong as the issue asks (whole games, one-sided tests)."""

from __future__ import annotations

import re
from itertools import combinations

import numpy as np
import pytest
from table_helpers import game, play
from tiers import LONG, long_except

from thirtyone.bench.bots import match, play_game
from thirtyone.bots import BOTS, make_bot
from thirtyone.core.actions import Discard, Draw, Knock, Take
from thirtyone.core.cards import Card, make_pack, parse_card, parse_hand
from thirtyone.core.rules import VARIANTS, get_variant
from thirtyone.core.scoring import score
from thirtyone.expert.expert import expert_policy
from thirtyone.expert.hint import hint
from thirtyone.game.table import new_game
from thirtyone.policies.standard import knock_threshold, standard_policy
from thirtyone.policies.view import value_table

SCAT = get_variant("scat").rules
TABLE_VARIANTS = [k for k, v in VARIANTS.items() if v.rules.family != "banking"]


# --- building blocks ------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["scat", "schwimmen", "kitty", "stop_the_bus"])
def test_value_table_orders_hands_like_score(key):
    rules = get_variant(key).rules
    vt = value_table(rules)
    rng = np.random.default_rng(5)
    pack = make_pack(rules.pack)
    hands = [tuple(pack[i] for i in rng.choice(len(pack), 3, replace=False)) for _ in range(60)]
    for a, b in combinations(hands[:40], 2):
        sa, sb = score(a, rules), score(b, rules)
        la = vt.strength[a[0].index, a[1].index, a[2].index]
        lb = vt.strength[b[0].index, b[1].index, b[2].index]
        assert (sa.key > sb.key) == (la > lb) and (sa.key == sb.key) == (la == lb)


def test_both_levels_are_registered_with_the_table_bots():
    assert {"standard", "expert"} <= set(BOTS)
    assert callable(make_bot("standard", 27)) and callable(make_bot("expert"))


def test_standard_knock_threshold_rises_with_turns_and_is_high_heads_up():
    # three or more players T(n, r) = min(K - 5 + r, K + 2); two players K + 1 + 2 r
    # (module text), K = 25
    assert knock_threshold(4, 0) == 20
    assert knock_threshold(3, 0) == 20
    assert knock_threshold(4, 2) == 22
    assert knock_threshold(4, 10) == 27
    assert knock_threshold(4, 0, knock_at=27) == 22
    assert knock_threshold(2, 0) == 26
    assert knock_threshold(2, 1) == 28
    assert knock_threshold(2, 3, knock_at=20) == 27


# --- standard: the documented policy ----------------------------------------------------------

def test_standard_knocks_with_20_on_its_first_turn_at_a_four_player_table():
    g = game("scat", ["2C 3C 4C", "KS QS 2D", "5D 6D 7D", "8H 9H TH"], table="2H")
    assert g.to_move == 1
    assert standard_policy(g.observation(1)) == Knock()


def test_standard_does_not_knock_with_19_on_its_first_turn_at_a_four_player_table():
    g = game("scat", ["2C 3C 4C", "KS 9S 2D", "5D 6D 7D", "8H 9H TH"], table="2H")
    assert standard_policy(g.observation(1)) != Knock()


def test_standard_heads_up_knocks_on_its_first_turn_only_from_26():
    g = game("scat", ["2C 3C 4C", "KS QS 6S"], table="2D")
    assert standard_policy(g.observation(1)) == Knock()
    g = game("scat", ["2C 3C 4C", "KS QS 5S"], table="2D")
    assert standard_policy(g.observation(1)) != Knock()


def test_standard_takes_a_discard_that_makes_a_big_hand():
    g = game("scat", ["2C 3C 4C", "KH 9H 2S", "5D 6D 7D"], table="QH")
    assert standard_policy(g.observation(1)) == Take()


def test_standard_draws_rather_than_take_a_card_worth_less_than_an_average_draw():
    # 2C 3D 4S is worth 4; the 5H would make it 5, but a blind card is worth more on average
    # (most cards alone beat 5), so standard draws where basic would take.
    g = game("scat", ["7C 8C 9C", "2C 3D 4S", "5S 6S 7S"], table="5H")
    obs = g.observation(1)
    assert make_bot("basic")(obs, np.random.default_rng(0)) == Take()
    assert standard_policy(obs) == Draw()


def test_standard_keeps_the_highest_value_when_discarding():
    g = game("scat", ["2C 3C 4C", "KH 9H 2S", "5D 6D 7D"], table="QH")
    play(g, "take")
    assert standard_policy(g.observation(1)) == Discard(parse_card("2S"))


# --- expert: sensible moves ----------------------------------------------------------------------

def test_expert_with_30_on_its_first_turn_knocks_or_draws_for_31():
    # Knocking is safe; drawing keeps the 30 and may make 31, which costs all three others a
    # life. Either is sound; taking the useless 2D is not.
    g = game("scat", ["2C 3C 4C", "AH KH 9H", "5D 6D 7D", "8S 9S TS"], table="2D")
    assert expert_policy(g.observation(1)) in (Knock(), Draw())


def test_expert_heads_up_knocks_with_30_on_its_first_turn():
    g = game("scat", ["AH KH 9H", "2C 3D 4S"], table="5S", dealer=1)
    assert g.to_move == 0
    assert expert_policy(g.observation(0)) == Knock()


def test_expert_does_not_knock_with_a_weak_hand():
    g = game("scat", ["2C 3C 4C", "2H 5S 7D", "5D 6D 8D", "8S 9S TS"], table="2S")
    assert expert_policy(g.observation(1)) != Knock()


def test_expert_takes_the_card_that_completes_31_on_a_final_turn():
    g = game("scat", ["2C 3C 4C", "KS QS 9S", "AH KH 2D"], table="QH")
    play(g, "knock")                           # seat 1 knocks with 29
    assert g.to_move == 2
    assert expert_policy(g.observation(2)) == Take()
    play(g, "take")
    assert expert_policy(g.observation(2)) == Discard(parse_card("2D"))


def test_expert_never_stands_on_a_final_turn_when_drawing_is_free_and_it_is_behind():
    g = game("scat", ["2C 3C 4C", "AS KS 9S", "2H 5S 7D"], table="3D")
    play(g, "knock")
    assert expert_policy(g.observation(2)) in (Draw(), Take())


# --- only the observation ----------------------------------------------------------------------

def _two_deals_same_view(variant: str, stock_top: str = ""):
    """Two games where seat 1 sees exactly the same thing but every hidden card differs
    (``stock_top`` puts the same cards on top of both stocks)."""
    rules = get_variant(variant).rules
    mine = "KH 9H 2S" if rules.pack == 52 else "KH 9H 7S"
    table = "QC" if rules.family == "draw" else "QC 8D JD"
    fixed = set(parse_hand(mine)) | set(parse_hand(table, size=None)) | \
        set(parse_hand(stock_top, size=None))
    pack = [c for c in make_pack(rules.pack) if c not in fixed]
    rng = np.random.default_rng(11)
    games = []
    for _ in range(2):
        rest = [pack[i] for i in rng.permutation(len(pack))]
        hands = [" ".join(map(str, rest[0:3])), mine, " ".join(map(str, rest[3:6])),
                 " ".join(map(str, rest[6:9]))]
        games.append(game(variant, hands, table=table,
                          stock=stock_top + " " + " ".join(map(str, rest[9:]))))
    return games


@pytest.mark.parametrize("variant", ["scat", "schwimmen"])
def test_bots_decide_the_same_when_only_hidden_cards_differ(variant):
    a, b = _two_deals_same_view(variant)
    assert a.hands[0] != b.hands[0] and a.stock != b.stock
    oa, ob = a.observation(1), b.observation(1)
    assert oa == ob
    assert expert_policy(oa) == expert_policy(ob)
    assert standard_policy(oa) == standard_policy(ob)
    assert hint(oa) == hint(ob)


def test_bots_decide_the_same_after_a_circle_when_only_hidden_cards_differ():
    a, b = _two_deals_same_view("scat", stock_top="5H 6C 7S 8D")
    for g in (a, b):   # everyone draws and throws back the drawn card
        play(g, "draw", "discard 5H", "draw", "discard 6C", "draw", "discard 7S",
             "draw", "discard 8D")
    assert a.hands[2] != b.hands[2]
    oa, ob = a.observation(1), b.observation(1)
    assert oa == ob
    assert expert_policy(oa) == expert_policy(ob)
    assert standard_policy(oa) == standard_policy(ob)


# --- the hint ------------------------------------------------------------------------------------

def test_hint_is_the_experts_move_with_numbers():
    g = game("scat", ["2C 3C 4C", "KH 9H 2S", "5D 6D 7D"], table="QH")
    h = hint(g.observation(1))
    assert h.action == expert_policy(g.observation(1)) == Take()
    # the move and one sentence of reason; each move with its cost in the numbers, the
    # chosen one first (issue 26)
    assert "Q♥" in h.reason and h.reason.count(".") == 1
    # a take is costed with one discard, and names it: K♥ 9♥ Q♥ keeps 29, the 2♠ goes
    assert list(h.numbers)[0] == "Take the Q♥ and throw the 2♠" and "Knock now" in h.numbers
    assert all("%" in v and "per 100 rounds" in v for v in h.numbers.values())
    # knocking loses 10 % of the time here (a share from 400 deals: ± about 3 %), and the
    # hint says where that margin comes from, apart from its one-sentence reason
    assert "±" in h.numbers["Knock now"] and "±" in h.source and "400" in h.source


def test_hint_changes_neither_the_game_nor_any_random_stream():
    g = new_game(SCAT, ["You", "Ann", "Bo", "Cy"], seed=4)
    bots = [make_bot("basic")] * 4
    rng = np.random.default_rng(9)
    for _ in range(12):
        if g.round_over:
            break
        seat = g.to_move
        before = g.snapshot()
        game_rng = g.rng.bit_generator.state
        bot_rng = rng.bit_generator.state
        global_np = np.random.get_state()[1].copy()
        h = hint(g.observation(seat))
        assert h.action in g.legal_actions()
        assert g.snapshot() == before
        assert g.rng.bit_generator.state == game_rng
        assert rng.bit_generator.state == bot_rng
        assert (np.random.get_state()[1] == global_np).all()
        g.apply(bots[seat](g.observation(seat), rng))


_CARD = re.compile(r"(10|[2-9JQKA])([♠♥♦♣])")


def _hidden_from(g, seat: int) -> set[Card]:
    hidden = set(g.stock) | set(g.closed) | set(g.spare)
    hidden |= {c for c, up in zip(g.widow, g.widow_up, strict=True) if not up}
    for s, h in enumerate(g.hands):
        if s != seat:
            hidden |= set(h)
    return hidden


@pytest.mark.parametrize("variant", ["scat", "schwimmen", "kitty", "switch", "stop_the_bus"])
def test_hint_never_names_a_card_hidden_from_the_player(variant):
    rules = get_variant(variant).rules
    n = 3
    checked = 0
    for seed in range(3):
        g = new_game(rules, ["You", "Ann", "Bo"][:n], seed=seed)
        bots = [make_bot("basic")] * n
        rng = np.random.default_rng(seed)
        steps = 0
        while not g.game_over and steps < 40:
            if g.round_over:
                g.next_round()
                continue
            seat = g.to_move
            if seat == 0:
                h = hint(g.observation(0))
                hidden = _hidden_from(g, 0)
                for rank, suit in _CARD.findall(h.reason):
                    card = parse_card(rank + suit)
                    assert card not in hidden, (h.reason, card)
                checked += 1
            g.apply(bots[seat](g.observation(seat), rng))
            steps += 1
    assert checked > 5


def test_hint_refuses_when_it_is_not_the_players_turn():
    g = game("scat", ["2C 3C 4C", "KH 9H 2S", "5D 6D 7D"], table="QH")
    with pytest.raises(ValueError, match="not this player's turn"):
        hint(g.observation(0))


# --- legal moves in every family --------------------------------------------------------------

@pytest.mark.parametrize("variant", long_except(TABLE_VARIANTS, "scat", "schwimmen", "switch",
                                                "running_total", "eenendertigen"))
def test_standard_and_expert_play_only_legal_moves_to_the_end(variant):
    rules = get_variant(variant).rules
    # shorter games: fewer chips or points to play for
    if rules.scoring == "chips":
        rules = rules.replace(chips=3)
    elif rules.scoring == "points":
        rules = rules.replace(points_to_win=5)
    levels = ["expert", "standard", "basic"]
    for seed in range(2):
        g = new_game(rules, ["A", "B", "C"], seed=seed)
        bots = [make_bot(x) for x in levels]
        rng = np.random.default_rng(seed)
        turns = 0
        while not g.game_over:
            while not g.round_over:
                seat = g.to_move
                obs = g.observation(seat)
                a = bots[seat](obs, rng)
                assert a in obs.legal_actions
                g.apply(a)
                turns += 1
                assert turns < 5_000, "a game should end"
            if not g.game_over:
                g.next_round()


def test_one_game_is_played_to_the_end_with_a_winner_or_a_draw():
    # one life each, so the expert's game ends after a round or two, not a dozen
    r = play_game(SCAT.replace(lives=1), ["expert", "standard"], seed=2)
    assert r.winner in (0, 1, None) and r.rounds >= 1


# --- strength (issue 4, "Done when"), in whole games ---------------------------------------
# The long matches that measure the issue 4 targets (10,000 games of one standard against three
# basic, the expert against three standard and heads-up against basic) are played by
# ``python -m thirtyone.bench --bots``, which prints each win share with its 95 % interval
# beside its target. Here short matches check that standard still clearly beats basic. A bot
# no stronger than basic wins at most an equal share (1/players; less, as a draw counts as
# not won), so the bar is that share, known without the code under test; the test asks the
# whole 95 % interval (Wilson) of the measured share to lie above it. Each game has a fixed
# seed, so the same code passes or fails on every run (no flaky failures).
# The match sizes: standard wins about 59 % of heads-up games and 32 % at four players
# (``--bots``: 4,000 and 10,000 games). At 600 and 800 games the interval's lower end falls
# below the bar for a bot that strong in about one seed in a hundred, and clears it for a
# bot no better than basic in fewer than three seeds in a hundred.


@LONG   # whole-game matches: the long tier (--long)
@pytest.mark.parametrize("players, games, seed", [(2, 600, 201), (4, 800, 202)])
def test_standard_beats_basic_in_whole_games(players, games, seed):
    m = match("standard", "basic", players, games, 0.0, seed=seed)
    low, high = m.ci95
    assert low > 1 / players, f"won {m.wins} of {m.games} ({low:.1%}-{high:.1%})"
