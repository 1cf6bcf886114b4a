"""Knocking practice (issue 26 item 4) checked against the table engine, for every variant
it offers: each item's two costs (knock now, play on by drawing) and its answer.

The item's costs come from the expert's play-outs on the fast simulator. Here the same
position is played out on the table engine instead: the item's own game, with the cards
seat 0 cannot see dealt again at random (a deal that would give an opponent a 31 or fire is
dropped: the round would have ended at the deal, and the item's game did not), the option
applied, and every seat then played by the ``standard`` bot to the end of the round, which
is how the expert models the others and itself after its move. The cost is the one the
item states (``expert.choice``): heads-up, the lives you lose less the lives the opponent
loses. The two estimates must agree within 4 standard errors (the expert's own error is its
stated 95 % half-width), and where the table tells the options apart clearly its cheaper
option must be the item's answer.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_practice import offered
from tiers import long_except

from thirtyone.bots import bots_play
from thirtyone.core.actions import Discard, Draw, Knock, Take
from thirtyone.core.cards import card_from_index
from thirtyone.policies.view import value_table
from thirtyone.teach.practice import parse_practice
from thirtyone.teach.practice_items import make_item

DEALS = 600
#: variant: the item seeds checked (Scat's two: one where knocking is right, one where not)
SEEDS = {"scat": (0, 1), "five_dollar": (2,)}


def played_out(game, wait, n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Per deal, seat 0's cost (lives lost, less the opponent's) after knocking and after
    playing on (``wait``, the item's option: a draw from the stock, or a take of the top
    card and the discard the item names), on the same ``n`` deals of the hidden cards."""
    instant = value_table(game.rules).instant
    hidden = sorted(game.hidden_from(0), key=lambda c: c.index)
    rng = np.random.default_rng(seed)
    costs: dict[str, list[float]] = {"knock": [], "wait": []}
    while len(costs["knock"]) < n:
        order = [hidden[i] for i in rng.permutation(len(hidden))]
        sizes = [len(h) for h in game.hands[1:]]
        hands = [order[sum(sizes[:k]):sum(sizes[:k + 1])] for k in range(len(sizes))]
        if any(instant[h[0].index, h[1].index, h[2].index] > 0 for h in hands):
            continue
        for name, first in (("knock", [Knock()]), ("wait", [Draw()] if wait.move == "draw" else
                                                    [Take(), Discard(card_from_index(wait.discard))])):
            g = game.copy()
            g.hands[1:] = [list(h) for h in hands]
            g.stock = order[sum(sizes):]
            for action in first:
                g.apply(action)
            bots_play(g, ["standard"] * g.n, rng)
            assert g.round_over
            lost = g.round_result.lives_lost
            costs[name].append(float(lost[0] - sum(lost[1:])))
    return np.array(costs["knock"]), np.array(costs["wait"])


@pytest.mark.slow
@pytest.mark.parametrize("variant", long_except(offered("knock"), "eenendertigen"))
def test_knock_practice_costs_and_answers_agree_with_the_table_engine(variant):
    block = parse_practice({"practice": "knock", "variant": variant, "players": "2"}, "scat")
    for seed in SEEDS.get(variant, (0,)):
        item = make_item(block, seed)
        game = item.facts["game"]
        assert game.n == 2 and game.to_move == 0
        stated = {o.move: o for o in item.facts["costs"].options}
        wait = stated[item.facts["wait"]]
        if wait.move == "take":     # the option names the card it throws
            assert card_from_index(wait.discard).display in item.costs[1][0]
        knock, draw = played_out(game, wait, DEALS, seed=100 + seed)
        for name, table in (("knock", knock), (wait.move, draw)):
            se = np.sqrt((stated[name].half / 1.96) ** 2 + table.var() / len(table))
            assert abs(table.mean() - stated[name].cost) <= 4 * se, (
                variant, seed, name, table.mean(), stated[name].cost, se)
        diff = knock - draw                      # the same deals: a paired difference
        if abs(diff.mean()) > 4 * diff.std() / np.sqrt(len(diff)):
            assert item.correct == ({0} if diff.mean() < 0 else {1}), (
                variant, seed, knock.mean(), draw.mean(), item.correct)
