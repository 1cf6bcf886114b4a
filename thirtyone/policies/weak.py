"""The ``weak`` bot: a human-like beginner who decides which card to throw away *before*
looking at the new card, and never changes that choice.

Used as an opponent model in the knock curve per seat (``thirtyone.sim.seats``); it is not
one of the table's bot levels. Like ``basic``, it comes twice side by side: the scalar form
for one observation (``weak_policy``) and the batched numpy twin for many positions at once
(``weak_draw_moves``, ``weak_swap_moves``); tests/test_weak_bot.py pins them together.

The ``weak`` policy, exactly:

1. If nobody has knocked, knocking is legal and the hand value is at least the threshold
   (default 25 points), knock (as ``basic``).
2. Its *throw card* is chosen from the three cards in hand: the card whose removal leaves the
   best pair (two cards of one suit count their sum, otherwise the higher card counts);
   ties: the fewest points, then the card that came last.
3. Draw family: take the top discard if putting it in place of the throw card gives a higher
   value than now, and throw the throw card. Otherwise draw (on a final turn with an empty
   stock: stand); keep the drawn card, throwing the throw card, only if that gives a higher
   value than now; else throw the drawn card straight back. It never looks at which of the
   four cards would be best to throw, which is what makes it weak.
4. Swap family: of the middle cards, the one that put in place of the throw card gives the
   highest value (ties: the first); swap all if the whole middle is worth more than that
   and more than the hand (where allowed); else make that swap if it beats the hand; else
   pass (on a final turn: stand), or where passing is not allowed make that swap anyway.
5. Other families and the dealer's choice of hand: as ``basic``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.actions import Action, Discard, Draw, Knock, Pass, Stand, Swap, SwapAll, Take
from ..core.cards import Card
from ..core.lookup import CARD_POINTS, CARD_SUITS, flat, hand_lookup, replaced
from ..core.rules import Rules
from ..game.families import family_class
from ..game.hands import hand_key
from ..game.table import Observation
from ..i18n import _
from .basic import DEFAULT_KNOCK_AT, basic_policy, wants_to_knock


def _pair(a: Card, b: Card) -> int:
    return a.points + b.points if a.suit == b.suit else max(a.points, b.points)


def throw_card(hand: tuple[Card, ...]) -> Card:
    """Rule 2: the card the weak player means to throw, chosen before it draws."""
    best: tuple[Any, ...] | None = None
    choice = hand[-1]
    for i, c in enumerate(hand):
        rest = hand[:i] + hand[i + 1:]
        key = (_pair(*rest), -c.points, i)
        if best is None or key > best:
            best, choice = key, c
    return choice


def _put(hand: tuple[Card, ...], out: Card, new: Card) -> tuple[Card, ...]:
    i = hand.index(out)
    return hand[:i] + (new,) + hand[i + 1:]


def weak_policy(obs: Observation, knock_at: float = DEFAULT_KNOCK_AT) -> Action:
    """The ``weak`` move for this observation (deterministic)."""
    r = obs.rules
    legal = obs.legal_actions
    if not legal:
        raise ValueError(_("It is not this player's turn."))
    if obs.phase == "discard":
        new = obs.just_drawn
        old = tuple(c for c in obs.hand if c != new)
        w = throw_card(old)
        if obs.took_from_discard or new is None:
            return Discard(w)
        better = hand_key(_put(old, w, new), r) > hand_key(old, r)
        return Discard(w if better else new)
    if obs.phase != "turn" or not family_class(r).simulated:     # the draw and swap families
        return basic_policy(obs, knock_at)
    hand = obs.hand
    if Knock() in legal and wants_to_knock(hand, r, knock_at):
        return Knock()
    w = throw_card(hand)
    cur = hand_key(hand, r)
    if r.draws:
        top = obs.discard_top
        if Take() in legal and top is not None and hand_key(_put(hand, w, top), r) > cur:
            return Take()
        for a in (Draw(), Stand(), Take()):
            if a in legal:
                return a
    best = max(obs.middle, key=lambda m: (hand_key(_put(hand, w, m), r),
                                          -obs.middle.index(m)))
    best_key = hand_key(_put(hand, w, best), r)
    if SwapAll() in legal and hand_key(obs.middle, r) > max(best_key, cur):
        return SwapAll()
    if best_key > cur:
        return Swap(w, best)
    for keep in (Pass(), Stand()):
        if keep in legal:
            return keep
    return Swap(w, best)


# --- the weak bot for many positions at once (the simulator) -------------------------------

def throw_positions(h: np.ndarray) -> np.ndarray:
    """Rule 2 for hands ``h`` (R, 3): the position 0..2 of the throw card."""
    pts = CARD_POINTS[h].astype(np.int64)
    suit = CARD_SUITS[h]
    keys = []
    for i in range(3):
        a, b = [j for j in range(3) if j != i]
        pair = np.where(suit[:, a] == suit[:, b], pts[:, a] + pts[:, b],
                        np.maximum(pts[:, a], pts[:, b]))
        keys.append(pair * 1024 - pts[:, i] * 4 + i)
    choice: np.ndarray = np.stack(keys, axis=1).argmax(axis=1)
    return choice


def weak_draw_moves(rules: Rules, thr2: int, h: np.ndarray, top: np.ndarray,
                    drawn: np.ndarray, may_knock: np.ndarray, has_stock: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray]:
    """The weak bot's draw-family turn, codes as ``basic_draw_moves``: move 0 draw, 1 take,
    2 knock, 3 stand; discard position 0..2 in the hand, 3 for the card just drawn."""
    S, V = hand_lookup(rules)
    rows = np.arange(len(h))
    f = flat(h[:, 0], h[:, 1], h[:, 2])
    cur = S[f]
    w = throw_positions(h)
    knock = may_knock & (V[f] >= thr2)
    take = ~knock & (S[replaced(h, top)][rows, w] > cur)
    keep_drawn = S[replaced(h, drawn)][rows, w] > cur
    stand = ~knock & ~take & ~has_stock
    move = np.select([knock, take, stand], [2, 1, 3], 0).astype(np.int8)
    return move, np.where(take | keep_drawn, w, 3)


def weak_swap_moves(rules: Rules, thr2: int, h: np.ndarray, mid: np.ndarray,
                    may_knock: np.ndarray, final: np.ndarray) -> np.ndarray:
    """The weak bot's swap-family turn, codes as ``basic_swap_moves``: 0..8 swap hand card
    ``move // 3`` for middle card ``move % 3``, 9 swap all, 10 pass or stand, 11 knock."""
    S, V = hand_lookup(rules)
    rows = np.arange(len(h))
    f = flat(h[:, 0], h[:, 1], h[:, 2])
    cur = S[f].astype(np.int64)
    w = throw_positions(h)
    vals = np.empty((len(h), 3), dtype=np.int64)
    for j in range(3):
        vals[:, j] = S[replaced(h, mid[:, j])][rows, w]
    j = vals.argmax(axis=1)            # ties: the first middle card
    best = vals[rows, j]
    whole = (S[flat(mid[:, 0], mid[:, 1], mid[:, 2])].astype(np.int64) if rules.allow_swap_all
             else np.full(len(h), -(1 << 40)))
    knock = may_knock & (V[f] >= thr2)
    swap_all = whole > np.maximum(best, cur)
    swap = best > cur
    stay = rules.allow_pass | final
    return np.select([knock, swap_all, swap, stay], [11, 9, 3 * w + j, 10], 3 * w + j)
