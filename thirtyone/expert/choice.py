"""What each move of a turn costs, in the unit the rules score, side by side.

A knock or a draw is a bet on the end of the round. ``summarise`` reads the play-outs of
``expert.rollout`` (the same evaluator the expert decides with: every move tried on the same
sampled deals, the rest of the round played by the fast simulator) and says, per move:

* with lives: the chance this seat loses a life by the end of the round, the chance it loses
  two (a knocker alone at the bottom, where the rules double), the expected lives lost, and
  how much of the chance comes from another player's 31 (or fire) before the showdown;
* with points: the expected points of the round (2 top, 1 middle, 0 alone at the bottom);
* with chips: the expected share of the pot;
* Banking (``chip_costs``): the chips this seat wins or loses from now to the end of the
  round, on average.

Each number is a mean over the deals, so it carries a 95 % half-width; the difference between
two moves is surer than each number alone (the same deals), and ``ChoiceCosts.diff_half``
gives its half-width. Nothing here decides: the expert and the quizzes read these numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.rules import Rules
from ..sim.stats import BLITZ, FIRE, RoundResults

Z95 = 1.96


@dataclass(frozen=True)
class OptionCost:
    """One move's cost. ``cost`` orders the moves (lower is better) in the scoring's unit:
    expected lives lost (heads-up: less the opponent's); points missed out of 2; the share
    of the pot missed."""

    move: str            # "knock", "take" or "draw"
    lose: float          # chance of losing (a life; points: the low place; chips: the pot)
    lose_two: float      # chance of losing two lives at once (0 where the rules never double)
    from_blitz: float    # the part of ``lose`` that comes from another player's 31 or fire
    expected: float      # lives: expected lives lost; points: expected points; chips: share
    cost: float
    half: float          # 95 % half-width of ``cost``
    others: float        # lives the other players lose on average (lives scoring)
    discard: int | None = None   # a take: the card (its index) thrown after it, as costed


@dataclass(frozen=True)
class ChoiceCosts:
    """Every move's ``OptionCost`` from ``deals`` play-outs; ``kind`` as
    ``odds.knock.knock_risk``: "life", "place" or "pot"; "bank" for Banking's chips."""

    kind: str
    options: tuple[OptionCost, ...]
    deals: int
    diffs: tuple[tuple[float, ...], ...]   # 95 % half-width of cost[i] - cost[j]
    heads_up: bool = False                 # one opponent: its lives count against yours

    def only(self, *moves: str) -> ChoiceCosts:
        """The same costs for some of the moves (in this order)."""
        names = [o.move for o in self.options]
        idx = [names.index(m) for m in moves if m in names]
        return ChoiceCosts(self.kind, tuple(self.options[i] for i in idx), self.deals,
                           tuple(tuple(self.diffs[i][j] for j in idx) for i in idx),
                           self.heads_up)

    def get(self, move: str) -> OptionCost | None:
        return next((o for o in self.options if o.move == move), None)

    def best(self, among: tuple[str, ...] | None = None) -> OptionCost:
        opts = [o for o in self.options if among is None or o.move in among]
        return min(opts, key=lambda o: o.cost)

    def diff_half(self, a: str, b: str) -> float:
        moves = [o.move for o in self.options]
        return self.diffs[moves.index(a)][moves.index(b)]


def _kind(rules: Rules) -> str:
    return {"chips": "pot", "points": "place"}.get(rules.scoring, "life")


def per_deal_cost(res: RoundResults, rules: Rules) -> np.ndarray:
    """This seat's (column 0) cost in each play-out, in the scoring's unit. Lives: the lives
    it loses; heads-up, less the lives its one opponent loses (a game of two is won by
    outlasting the other, so a life the opponent loses is worth one you keep)."""
    lost = res.lives_lost[:, 0].astype(float)
    if rules.scoring == "lives":
        if res.lives_lost.shape[1] == 2:
            return lost - res.lives_lost[:, 1]
        return lost
    if rules.scoring == "chips":
        return np.minimum(lost, 1.0)
    return 2.0 - points(res)


def points(res: RoundResults) -> np.ndarray:
    """Points scoring: 0 alone at the bottom (``lives_lost``), 2 at the top, else 1."""
    v = res.values
    top = v[:, 0] >= v[:, 1:].max(axis=1) if v.shape[1] > 1 else np.ones(len(v), bool)
    return np.where(res.lives_lost[:, 0] > 0, 0.0, np.where(top, 2.0, 1.0))


def summarise(rules: Rules, moves: list[str], outs: list[RoundResults | None]) -> ChoiceCosts:
    """``OptionCost`` per move from the play-outs (``rollout.rollout_outcomes``, same deals
    for every move); a move whose play-outs are None is left out."""
    kept = [(m, o) for m, o in zip(moves, outs, strict=True) if o is not None]
    if not kept:
        raise ValueError("no move could be played out")
    costs = np.stack([per_deal_cost(o, rules) for _m, o in kept])
    S = costs.shape[1]
    options = []
    for (m, o), c in zip(kept, costs, strict=True):
        lost = o.lives_lost[:, 0]
        blitz = np.isin(o.ended_by, (BLITZ, FIRE)) & (lost > 0)
        expected = (float(points(o).mean()) if rules.scoring == "points"
                    else float(1.0 - np.minimum(lost, 1).mean()) if rules.scoring == "chips"
                    else float(lost.mean()))
        options.append(OptionCost(
            m, float((lost > 0).mean()), float((lost > 1).mean()), float(blitz.mean()),
            expected, float(c.mean()), Z95 * float(c.std()) / np.sqrt(S),
            float(o.lives_lost[:, 1:].sum(axis=1).mean())))
    diffs = tuple(tuple(Z95 * float((a - b).std()) / np.sqrt(S) for b in costs) for a in costs)
    return ChoiceCosts(_kind(rules), tuple(options), S, diffs,
                       kept[0][1].lives_lost.shape[1] == 2)


def chip_costs(moves: list[str], won: list[np.ndarray]) -> ChoiceCosts:
    """Banking: ``OptionCost`` per move from the chips this seat won (negative: lost) from
    the move to the end of the round in each play-out (the same deals for every move).
    ``expected`` is the mean won, ``cost`` its negative, ``lose`` the chance of ending the
    round with fewer chips than now."""
    costs = np.stack([-np.asarray(w, dtype=float) for w in won])
    S = costs.shape[1]
    options = tuple(OptionCost(m, float((c > 0).mean()), 0.0, 0.0, float(-c.mean()),
                               float(c.mean()), Z95 * float(c.std()) / np.sqrt(S), 0.0)
                    for m, c in zip(moves, costs, strict=True))
    diffs = tuple(tuple(Z95 * float((a - b).std()) / np.sqrt(S) for b in costs) for a in costs)
    return ChoiceCosts("bank", options, S, diffs)


__all__ = ["ChoiceCosts", "OptionCost", "chip_costs", "per_deal_cost", "points", "summarise"]
