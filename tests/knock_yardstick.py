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
from thirtyone.core.rules import Rules
from thirtyone.game.table import new_game
from thirtyone.lookup import hand_table


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
