"""Play the rest of a round many times over, from what one seat knows (the expert's look
ahead for the draw family).

The seat's observation leaves the other hands and the stock unknown. ``deals`` fills them in
many times, consistently with what the seat saw (``expert.sample.sample_opponents`` deals the
hidden hands; the rest of the unseen cards, shuffled, make the stock). For each move the
seat could make, ``rollout_costs`` applies it in every deal and lets the fast simulator
(``thirtyone.sim``) play the round to its end: this seat then plays ``standard``, each
other player the level it is modelled by (``levels``; by default ``ROLLOUT_OPPONENTS``).
The cost of a move is the mean over the deals of the lives this seat loses, less ``lam`` for
each life another player loses. Every move is tried on the same deals, so the differences
between moves are much surer than each cost on its own.

Only the view is used: nothing here looks at the hidden state of a game.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.lookup import CARD_BIT, card_bits, flat, lookahead_tables, replaced
from ..core.rules import Rules
from ..policies.basic import basic_discard
from ..sim.batch import RoundBatch
from ..sim.stats import RoundResults

ROLLOUT_OPPONENTS = "standard"   # how the others are assumed to play in the look ahead
ROLLOUTS = 400                   # deals per decision
_KEEP = np.array([[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]])   # kept positions of four


@dataclass
class Deals:
    """``S`` completions of one seat's view: the hidden hands and the stock order."""

    rules: Rules
    my_hand: np.ndarray        # (3,)
    opp: np.ndarray            # (S, m, 3)
    stock: np.ndarray          # (S, L) top first
    pile: np.ndarray           # (P,) bottom first, top last
    known: list[np.ndarray]    # per opponent: cards it took openly and still holds
    my_turns: int
    opp_turns: list[int]

    @property
    def size(self) -> int:
        return len(self.opp)


def free_cards(rng: np.random.Generator, unseen: np.ndarray, held: np.ndarray) -> np.ndarray:
    """Per row of ``held`` (S, k) cards, the ``unseen`` cards in no held hand, shuffled: the
    stock as it may lie (S, the fewest free cards of any row)."""
    size, u = len(held), len(unseen)
    perm = unseen[np.argsort(rng.random((size, u)), axis=1)] if u else \
        np.zeros((size, 0), dtype=np.intp)
    in_hand = (perm[:, :, None] == held[:, None, :]).any(axis=2) if held.shape[1] else \
        np.zeros(perm.shape, dtype=bool)
    rest = np.take_along_axis(perm, np.argsort(in_hand, axis=1, kind="stable"), axis=1)
    free = int(u - in_hand.sum(axis=1).max()) if u else 0
    return rest[:, :max(free, 0)]


def make_deals(rules: Rules, my_hand: np.ndarray, opp_hands: list[np.ndarray],
               weight: np.ndarray, unseen: np.ndarray, stock_len: int, pile: np.ndarray,
               known: list[np.ndarray], my_turns: int, opp_turns: list[int],
               rng: np.random.Generator, size: int | None = None) -> Deals:
    """Draw ``size`` deals from sampled opponent hands (resampled by ``weight``) and a
    shuffled stock of the unseen cards that are in no sampled hand."""
    size = ROLLOUTS if size is None else size
    S0 = len(weight)
    w = np.asarray(weight, dtype=float)
    w = w / w.sum() if w.sum() > 0 else np.full(S0, 1.0 / S0)
    pick = rng.choice(S0, size=size, p=w)
    opp = np.stack([h[pick] for h in opp_hands], axis=1) if opp_hands else \
        np.zeros((size, 0, 3), dtype=np.intp)
    rest = free_cards(rng, unseen, opp.reshape(size, -1))
    stock = rest[:, :max(0, min(stock_len, rest.shape[1]))]
    return Deals(rules, np.asarray(my_hand, dtype=np.intp), opp.astype(np.intp), stock,
                 np.asarray(pile, dtype=np.intp), known, my_turns, list(opp_turns))


def ahead_discard(rules: Rules, h: np.ndarray, new: np.ndarray) -> np.ndarray:
    """The discard after a draw in the play-outs, as ``standard`` makes it before a knock:
    the position (0..2 in ``h``, 3 for ``new``) whose removal leaves the hand worth most one
    blind draw later (``lookup.lookahead_tables``); ties as ``policies.basic.basic_discard``."""
    ahead = lookahead_tables(rules)[0]
    f = flat(h[:, 0], h[:, 1], h[:, 2])
    ka = ahead[np.concatenate([replaced(h, new), f[:, None]], axis=1)]
    return basic_discard(rules, h, new, among=ka >= ka.max(axis=1, keepdims=True))


@dataclass(frozen=True)
class Move:
    """One move of this seat at the start of its turn.

    ``kind``: "knock", "take" (take the top discard, throw ``discard``), "draw" (draw, then
    keep the best three) or "hold" (the seat holds four cards: keep ``hand``, throw
    ``discard``)."""

    kind: str
    discard: int | None = None
    hand: tuple[int, ...] | None = None   # "hold": the three cards kept
    known: int | None = None              # "hold": a kept card the others saw taken


def rollout_costs(d: Deals, moves: list[Move], lam: float, rng_seed: int,
                  knock_at: float = 25.0, levels: list[str] | None = None
                  ) -> tuple[np.ndarray, np.ndarray]:
    """For each move, (mean cost, standard error of the difference to the first move).
    ``levels``: how each other player plays in the play-outs (default
    ``ROLLOUT_OPPONENTS``)."""
    outs = rollout_outcomes(d, moves, rng_seed, knock_at, levels)
    costs = np.array([o.lives_lost[:, 0] - lam * o.lives_lost[:, 1:].sum(axis=1)
                      if o is not None else np.full(d.size, np.nan) for o in outs])
    mean = np.nanmean(costs, axis=1) if np.isfinite(costs).any() else np.full(len(moves), np.nan)
    diff = costs - costs[:1]
    se = np.nanstd(diff, axis=1) / np.sqrt(d.size)
    return mean, se


def rollout_outcomes(d: Deals, moves: list[Move], rng_seed: int, knock_at: float = 25.0,
                     levels: list[str] | None = None) -> list[RoundResults | None]:
    """For each move, how the round ends in every deal (``sim.RoundResults``, this seat in
    column 0, the others after it in seat order from this seat's left); None for a move
    that cannot be made in these deals (a draw from an empty stock)."""
    rules = d.rules
    S = d.size
    m = d.opp.shape[1]
    n = m + 1
    K = rules.pack
    seat_levels = ("standard",) + (tuple(levels) if levels is not None else
                                   (ROLLOUT_OPPONENTS,) * m)
    outs: list[RoundResults | None] = []
    for mv in moves:
        stock = d.stock
        pile_extra = None
        my = np.tile(d.my_hand, (S, 1))
        known_me = np.zeros(S, dtype=np.uint64)
        knocked = mv.kind == "knock"
        pile = d.pile
        if mv.kind == "take":
            top = int(pile[-1])
            pile = pile[:-1]
            kept = [c for c in d.my_hand if c != mv.discard] + ([top] if mv.discard != top
                                                                else [])
            my = np.tile(np.array(kept[:3], dtype=np.intp), (S, 1))
            pile_extra = np.full(S, mv.discard, dtype=np.intp)
            known_me = np.full(S, CARD_BIT[top]) if mv.discard != top else known_me
        elif mv.kind == "hold":
            my = np.tile(np.array(mv.hand, dtype=np.intp), (S, 1))
            pile_extra = np.full(S, mv.discard, dtype=np.intp)
            if mv.known is not None:
                known_me = np.full(S, CARD_BIT[mv.known])
        elif mv.kind == "draw":
            if stock.shape[1] == 0:
                outs.append(None)
                continue
            # the drawn card, then the discard standard makes before a knock
            four = np.hstack([my, stock[:, :1]])
            j = ahead_discard(rules, my, stock[:, 0])
            pile_extra = four[np.arange(S), j]
            my = four[np.arange(S)[:, None], _KEEP[j]]
            stock = stock[:, 1:]
        L = stock.shape[1]
        P = len(pile) + (pile_extra is not None)
        deck = np.zeros((S, K), dtype=np.int32)
        if L:
            deck[:, K - L:] = stock
        b = RoundBatch(rules, n, seat_levels, knock_at, np.random.default_rng(rng_seed), S, 0,
                       deck, np.zeros(S, dtype=np.int32))
        pile_now = np.zeros((S, P), dtype=np.int32)
        if len(pile):
            pile_now[:, :len(pile)] = pile
        if pile_extra is not None:
            pile_now[:, P - 1] = pile_extra
        known = np.zeros((S, n), dtype=np.uint64)
        known[:, 0] = known_me
        for o, kn in enumerate(d.known):
            if len(kn):
                known[:, o + 1] = card_bits(np.asarray(kn, dtype=np.intp)[None, :])[0]
        b.start_midround(hands=np.concatenate([my[:, None, :], d.opp], axis=1) if m
                         else my[:, None, :], pile=pile_now, stock_left=L, known=known,
                         own_turns=[d.my_turns + 1, *d.opp_turns],
                         turns=d.my_turns + sum(d.opp_turns) + 1, mover=1 % n,
                         knocker=0 if knocked else None)
        outs.append(b.run())
    return outs
