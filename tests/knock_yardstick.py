"""The table engine as the yardstick for knock figures: real rounds in which seat 0, the first
to move, knocks on its first turn holding a hand of a chosen value; every other seat then
plays its one last turn with a bot (or stands), and the engine's own showdown says whether
the knock went well for the knocker.

"Went well" is read from the engine's result, per way of keeping score:
lives: the knocker lost no life; points: the knocker did not score low (0 points);
chips: the knocker took the pot or a share of it.
"""

from __future__ import annotations

import numpy as np

from thirtyone.bots import make_bot
from thirtyone.core.actions import Knock, Stand
from thirtyone.core.cards import card_from_index, make_pack
from thirtyone.core.lookup import hand_table
from thirtyone.core.rules import Rules
from thirtyone.game.hands import hand_key
from thirtyone.game.table import new_game
from thirtyone.policies.weak import weak_policy


def knock_deck(rules: Rules, players: int, value: float, rng: np.random.Generator) -> list:
    """A whole deck, top first, that deals seat 0 (dealer: the last seat) a random hand worth
    ``value`` (every such hand equally likely) and everything else at random."""
    table = hand_table(rules)
    rows = np.flatnonzero(table.values == value)
    mine = [int(c) for c in table.hands[rng.choice(rows)]]
    rest = [c for c in make_pack(rules.pack) if c.index not in mine]
    rest = [rest[i] for i in rng.permutation(len(rest))]
    deck = []
    for k in range(3):          # one card at a time, seat 0 first
        deck.append(card_from_index(mine[k]))
        deck += [rest.pop() for _ in range(players - 1)]
        if rules.family == "widow":
            deck.append(rest.pop())
    return deck + rest


def knock_went_well(rules: Rules, players: int, value: float, rounds: int, seed: int,
                    bots: str | None = "standard") -> tuple[float, int]:
    """(share of rounds the first-turn knock on ``value`` went well, rounds counted).
    ``bots=None``: the others stand on their last turn (their dealt hands are compared).
    Rounds ended on the deal (a blitz or fire shown before anyone moves) are dealt again."""
    rng = np.random.default_rng(seed)
    chooser = make_bot(bots) if bots else None
    good = 0
    for _ in range(rounds):
        while True:
            g = new_game(rules, [f"P{i}" for i in range(players)], rng=rng,
                         deck=knock_deck(rules, players, value, rng), dealer=players - 1,
                         styles=[bots] * players)
            if not g.round_over:
                break
        g.apply(Knock())
        while not g.round_over:
            seat = g.to_move
            if chooser is None:
                g.apply(Stand())
            else:
                g.apply(chooser(g.observation(seat, log=False), rng))
        res = g.round_result
        if rules.scoring == "lives":
            good += res.lives_lost[0] == 0
        elif rules.scoring == "points":
            good += res.points_won[0] > 0 or res.ended_by == "void"
        else:
            good += res.chips_won[0] > 0
    return good / rounds, rounds


# --- every seat: the knock forced at a seat and turn --------------------------------------

NEVER_KNOCK = 1e9   # a knock threshold nobody reaches: nobody knocks early


def table_chooser(opponent: str):
    """The table engine's move for ``opponent`` with no early knocks."""
    if opponent == "weak":
        return lambda obs, rng: weak_policy(obs, NEVER_KNOCK)
    if opponent == "random":
        def choose(obs, rng):
            legal = [a for a in obs.legal_actions if a != Knock()]
            return legal[int(rng.integers(len(legal)))]
        return choose
    return make_bot(opponent, NEVER_KNOCK)


def seat_deck(rules: Rules, players: int, seat: int, value: float,
              rng: np.random.Generator) -> list:
    """A whole deck, top first, that deals ``seat`` (counted from the dealer's left; the
    dealer is the last seat) a random hand worth ``value`` and everything else at random."""
    table = hand_table(rules)
    mine = [int(c) for c in table.hands[rng.choice(np.flatnonzero(table.values == value))]]
    rest = [c for c in make_pack(rules.pack) if c.index not in mine]
    rest = [rest[i] for i in rng.permutation(len(rest))]
    deck = []
    for k in range(3):
        for s in range(players):
            deck.append(card_from_index(mine[k]) if s == seat else rest.pop())
    return deck + rest


def seat_knock_went_well(rules: Rules, players: int, seat: int, turn: int, value: float,
                         opponent: str, rounds: int, seed: int) -> float:
    """Share of table-engine rounds in which a knock from ``seat`` on the knocker's turn
    ``turn`` went well for a knocker worth ``value`` (lives scoring). Every player moves
    with ``opponent``'s choices, knocking never, until the knocker's turn comes.

    Turn 1: the knocker is dealt a hand worth ``value`` and the engine's own showdown says
    whether it lost a life. Later turns: the knocker plays its earlier turns like the others
    and ``value`` is compared with the others' final hands (alone lowest loses; a knocker
    tied for lowest is safe where ``knocker_tied`` is ``safe``). Rounds that end before the
    knock (a 31 shown) are dealt again."""
    rng = np.random.default_rng(seed)
    choose = table_chooser(opponent)
    good = 0
    for _ in range(rounds):
        while True:
            deck = seat_deck(rules, players, seat, value, rng) if turn == 1 else None
            g = new_game(rules, [f"P{i}" for i in range(players)], rng=rng, deck=deck,
                         dealer=players - 1, styles=[opponent] * players)
            while not g.round_over and not (g.to_move == seat and g.own_turns[seat] == turn - 1
                                            and g.phase == "turn"):
                g.apply(choose(g.observation(g.to_move, log=False), rng))
            if not g.round_over:
                break
        if turn == 1:
            assert hand_key(tuple(g.hands[seat]), rules)[0] == value
        g.apply(Knock())
        while not g.round_over:
            g.apply(choose(g.observation(g.to_move, log=False), rng))
        if turn == 1:
            good += g.round_result.lives_lost[seat] == 0
        else:
            low = min(hand_key(tuple(g.hands[s]), rules)[0] for s in range(players) if s != seat)
            good += low < value or (low == value and rules.knocker_tied == "safe")
    return good / rounds
