"""Racing to 31 alone, simulated: a Monte Carlo of one player drawing and discarding by the
fastest policy (``odds.race.fastest_discard``) or the basic bot's discard
(``policies.basic.basic_discard``), to check the exact chances of ``odds.race``.
"""

from __future__ import annotations

import numpy as np

from ..core.cards import Card
from ..core.rules import Rules
from ..odds.race import fastest_discard
from ..odds.tables import lookup, pack_indices
from ..policies.basic import basic_discard


def simulate_race(rules: Rules, rounds: int, k_max: int, seed: int, target: float = 31,
                  policy: str = "fastest", discards_gone: bool = False,
                  hand: tuple[Card, ...] | None = None) -> np.ndarray:
    """Monte Carlo of one player racing alone; returns the turn at which each round first
    held the target (k_max + 1 when not within k_max turns).

    ``discards_gone=False`` is the model the DP solves (draws uniform over the cards not in
    the hand); ``True`` plays a real shuffled stock with discards set aside for good.
    """
    rng = np.random.default_rng(seed)
    lk = lookup(rules)
    pack = pack_indices(rules)
    n = len(pack)
    order = np.argsort(rng.random((rounds, n)), axis=1)
    deck = pack[order]
    if hand is not None:
        fixed = np.array([c.index for c in hand])
        rest = np.array([c for c in pack if c not in fixed])
        deck = np.concatenate([np.broadcast_to(fixed, (rounds, 3)),
                               rest[np.argsort(rng.random((rounds, n - 3)), axis=1)]], axis=1)
    held = deck[:, :3].copy()
    pos = 3
    rows = np.arange(rounds)
    first = np.full(rounds, k_max + 1)
    done = lk.points[held[:, 0], held[:, 1], held[:, 2]] >= target
    first[done] = 0
    for turn in range(1, k_max + 1):
        if discards_gone:
            if pos >= n:
                break
            drawn = deck[:, pos]
            pos += 1
        else:
            drawn = pack[rng.integers(0, n, rounds)]
            clash = (drawn[:, None] == held).any(axis=1)
            while clash.any():
                drawn[clash] = pack[rng.integers(0, n, int(clash.sum()))]
                clash = (drawn[:, None] == held).any(axis=1)
        if policy == "fastest":
            choice = fastest_discard(rules, held, drawn, target)
        else:
            choice = basic_discard(rules, held, drawn)
        keep = choice < 3
        held[rows[keep], choice[keep]] = drawn[keep]
        hit = (lk.points[held[:, 0], held[:, 1], held[:, 2]] >= target) & ~done
        first[hit] = turn
        done |= hit
        if done.all():
            break
    return first
