"""How safe a knock is, simulated: the opponents play their turns with a bot's moves
(``standard`` or ``basic``, batched; the last turn is their final turn after the knock),
then the knocker's value is compared with theirs.
The exact model without those turns is ``thirtyone.odds.knock``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from ..core.lookup import CARD_BIT, card_bits, hand_table
from ..core.rules import Rules
from ..game.families import family_class
from ..i18n import _
from ..odds.knock import knock_goes_well, wilson
from ..odds.tables import OddsError, check_hand_rules, lookup, pack_indices
from ..policies.basic import basic_draw_moves, basic_swap_moves
from ..policies.standard import standard_draw_moves, standard_swap_moves
from .stream import Tally, stream


@dataclass(frozen=True)
class SimulatedKnock:
    """Simulated survival by knocker value, with 95 % Wilson bands."""

    values: np.ndarray
    survive: np.ndarray
    low: np.ndarray
    high: np.ndarray
    rounds: int
    target_rounds: int
    opponents: int
    turns: int

    @property
    def done(self) -> float:
        return self.rounds / self.target_rounds


def check_simulable(rules: Rules) -> None:
    check_hand_rules(rules)
    if not family_class(rules).simulated:     # the draw and swap families
        raise OddsError(_("The simulation plays the draw and swap families only."))
    if rules.hand_value != "suit_sum" or rules.tie_break:
        raise OddsError(_("The simulated curve is drawn for plain suit-sum values only."))


def _play_turns(rules: Rules, rng: np.random.Generator, opponents: int, turns: int,
                size: int, bots: str) -> np.ndarray:
    """Deal the knocker and the opponents, let the opponents play; their final strengths."""
    lk = lookup(rules).strength
    pack = pack_indices(rules).astype(np.int64)
    deck = rng.permuted(np.broadcast_to(pack, (size, len(pack))), axis=1)
    hands = deck[:, 3:3 + 3 * opponents].reshape(size, opponents, 3).copy()
    ptr = 3 + 3 * opponents
    rows = np.arange(size)
    no_knock = np.zeros(size, dtype=bool)
    n_players = opponents + 1
    if rules.draws:
        top = deck[:, ptr].copy()
        seen = CARD_BIT[top]  # card memory: every card that lay face up on the pile
        at = np.full(size, ptr + 1)   # each round's next card of the stock
        for turn in range(turns):
            final = np.full(size, turn == turns - 1)   # the last turn comes after the knock
            for p in range(opponents):
                has_stock = at < len(pack)
                drawn = deck[rows, np.minimum(at, len(pack) - 1)]
                h = hands[:, p]
                args = (h.astype(np.int32), top.astype(np.int32), drawn.astype(np.int32),
                        no_knock, has_stock)
                if bots == "standard":
                    move, pos = standard_draw_moves(rules, 25.0, n_players, *args,
                                                    np.full(size, turn), seen, final=final)
                else:
                    move, pos = basic_draw_moves(rules, 1 << 20, *args)
                take = move == 1
                draw = move == 0
                old = h[rows, np.minimum(pos, 2)]
                new_top = np.where(draw & (pos == 3), drawn, old)
                h[rows[take], pos[take]] = top[take]
                dr = draw & (pos < 3)
                h[rows[dr], pos[dr]] = drawn[dr]
                top = np.where(take | draw, new_top, top)
                seen = seen | np.where(take | draw, CARD_BIT[top], np.uint64(0))
                at += draw
    else:
        mid = deck[:, ptr:ptr + 3].copy()
        known = np.zeros((size, opponents), dtype=np.uint64)  # taken by a single swap
        for turn in range(turns):
            final = np.full(size, turn == turns - 1)   # the last turn comes after the knock
            for p in range(opponents):
                h = hands[:, p]
                if bots == "standard":
                    seen = card_bits(mid) | np.bitwise_or.reduce(known, axis=1)
                    move = standard_swap_moves(rules, 25.0, n_players, h.astype(np.int32),
                                               mid.astype(np.int32), no_knock, final,
                                               np.full(size, turn), seen)
                else:
                    move = basic_swap_moves(rules, 1 << 20, h.astype(np.int32),
                                            mid.astype(np.int32), no_knock, final)
                one = move < 9
                i, j = np.minimum(move // 3, 2), move % 3
                given = h[rows, i]
                got = mid[rows, j]
                h[rows[one], i[one]] = got[one]
                mid[rows[one], j[one]] = given[one]
                known[one, p] = (known[one, p] & ~CARD_BIT[given[one]]) | CARD_BIT[got[one]]
                allm = move == 9
                h[allm], mid[allm] = mid[allm].copy(), h[allm].copy()
                known[allm, p] = 0
    return lk[hands[..., 0], hands[..., 1], hands[..., 2]]


def knock_runner(rules: Rules, opponents: int, turns: int, bots: str = "standard"):
    """A batch runner for ``sim.stream``: ``runner(rng, size, start)`` plays ``size`` rounds
    and returns ``{"wins": ...}``, per knocker value (``knock_values``) how many went well."""
    check_simulable(rules)
    if bots not in ("standard", "basic"):
        raise OddsError(_("The opponents play as 'standard' or 'basic' bots."))
    if turns < 0 or opponents < 1:
        raise OddsError(_("Turns must be 0 or more and there must be an opponent."))
    values = knock_values(rules)

    def runner(rng: np.random.Generator, size: int, start: int = 0) -> dict[str, np.ndarray]:
        final = _play_turns(rules, rng, opponents, turns, size, bots)
        low, high = final.min(axis=1)[:, None], final.max(axis=1)[:, None]
        return {"wins": knock_goes_well(values[None, :], low, high, rules).sum(axis=0)}
    return runner


def knock_values(rules: Rules) -> np.ndarray:
    """The knocker values the simulated curve is given for (every value a hand can have)."""
    return np.unique(hand_table(rules).values)


def knock_from_tally(rules: Rules, tally: Tally, opponents: int, turns: int) -> SimulatedKnock:
    """The simulated curve from a ``knock_runner`` stream's running totals."""
    wins, played = tally.counts["wins"], tally.rounds
    lo, hi = wilson(wins, played)
    return SimulatedKnock(knock_values(rules), wins / played, lo, hi, played, tally.target,
                          opponents, turns)


def iter_knock_after_turns(rules: Rules, opponents: int, turns: int, rounds: int,
                           seed: int = 0, batch: int = 4000, bots: str = "standard"
                           ) -> Iterator[SimulatedKnock]:
    """Simulated survival of a knock on every value after the opponents played ``turns``
    turns each with ``bots`` ("standard" or "basic") moves, the last of them the final turn
    after the knock; yields the running estimate after each batch of ``batch`` rounds."""
    runner = knock_runner(rules, opponents, turns, bots)
    sizes = [min(batch, rounds - done) for done in range(0, rounds, batch)]
    for tally in stream(runner, rounds, seed=seed, sizes=sizes):
        yield knock_from_tally(rules, tally, opponents, turns)
