"""What another player's hidden hand can be, read from its public moves (draw family).

Each other player's hand is one of the three-card hands of the pack. Starting from every
hand equally likely, each public move of that player is replayed against every hand at once:
a hand that would have made a different move under the model of how that player plays (its
public bot level, ``standard`` when not known) keeps only a small share ``MISFIT`` of its
weight. The moves read are

- declining to knock, or knocking (a knock bar by player count and turn, see
  ``policies.standard.knock_threshold``; ``basic`` knocks at 25);
- taking the top discard, or drawing without taking it (the take rule of that level);
- the card thrown away (the discard rule of that level; ties the rule does not settle from
  the hand alone count as an even choice): after a blind draw the hand before it is any of
  the four hands the new hand and the thrown card make, so the update is exact and needs no
  sampled cards.

The result is one weight per hand (rows of ``odds.all_hands``). The expert deals its sampled
hands from these weights (``expert.sample.sample_opponents``). Cards seen elsewhere are ruled out
there, at the end; a drawn card is counted as any card with equal chance.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..core.cards import make_pack
from ..core.lookup import (
    CARD_BIT,
    after_draw,
    all_hands,
    card_bits,
    flat,
    hand_lookup,
    lookahead_tables,
    replaced,
)
from ..core.rules import Rules
from ..policies.basic import DEFAULT_KNOCK_AT

MISFIT = 1e-6         # weight kept by a hand that would have moved otherwise (known level)
MISFIT_UNKNOWN = 0.2   # the same for a player whose level is not known (or an expert)


@dataclass(frozen=True)
class Space:
    """Every three-card hand of the pack, with what the models need to know about it."""

    hands: np.ndarray      # (H, 3) card indices
    bits: np.ndarray       # (H,) uint64 card masks
    row: np.ndarray        # flat ordered hand -> row
    strength: np.ndarray   # (H,) hand_lookup strength
    value2: np.ndarray     # (H,) twice the points
    ahead: np.ndarray      # (H,) standard's one-draw-ahead worth
    draw_ahead: np.ndarray  # (H,) what drawing is worth to standard, one more draw ahead
    points: np.ndarray     # (52,) each card's points


@lru_cache(maxsize=8)
def space(rules: Rules) -> Space:
    hands = all_hands(rules.pack).astype(np.intp)
    f = flat(hands[:, 0], hands[:, 1], hands[:, 2])
    s, v = hand_lookup(rules)
    ahead, draw_ahead = lookahead_tables(rules)
    row, _ = after_draw(rules)
    points = np.zeros(52)
    for c in make_pack(rules.pack):
        points[c.index] = c.points
    return Space(hands, card_bits(hands), np.asarray(row, dtype=np.intp), s[f], v[f], ahead[f],
                 draw_ahead[f], points)


def _has(sp: Space, card: int) -> np.ndarray:
    return (sp.bits & CARD_BIT[card]) != 0


def _replace_each(sp: Space, rows: np.ndarray, card: int) -> np.ndarray:
    """(R, 3) rows of each hand with its card j replaced by ``card``."""
    return sp.row[replaced(sp.hands[rows], np.full(len(rows), card, dtype=np.intp))]


def _keeps_best(sp: Space, kept: np.ndarray, thrown: np.ndarray, target: int, model: str,
                two_step: bool) -> np.ndarray:
    """The chance that a player of level ``model`` keeps column ``target`` of ``kept`` (R, K)
    (rows of hands; ``thrown`` the card each choice throws away). ``standard`` keeps the
    hand worth most one draw ahead (``two_step``), then the highest strength; ``basic`` the
    highest strength, then throws the card with fewest points. Further ties (standard's
    outs, the order of the cards in the hand) count as an even choice."""
    if model == "random":
        return np.full(len(kept), 1.0 / kept.shape[1])
    keys = [sp.ahead[kept]] if two_step else []
    keys.append(sp.strength[kept])
    if model == "basic":
        keys.append(-sp.points[thrown])
    best = np.ones(kept.shape, dtype=bool)
    for k in keys:
        k = np.where(best, k.astype(np.float64), -np.inf)
        best &= k == k.max(axis=1, keepdims=True)
    return best[:, target] / best.sum(axis=1)


def _would_take(sp: Space, rules: Rules, level: str, top: int, before_knock: bool
                ) -> np.ndarray:
    """(H,) whether each hand takes ``top`` under ``level``'s take rule (False where it
    holds the card). After a knock only 'it would improve' is required (a necessary part)."""
    rows = np.arange(len(sp.hands))
    rep = _replace_each(sp, rows, top)
    better = sp.strength[rep].max(axis=1) > sp.strength
    if level == "standard" and before_knock:
        better &= sp.ahead[rep].max(axis=1) * (rules.pack - 3) >= sp.draw_ahead
    return better & ~_has(sp, top)


def _lik(ok: np.ndarray | float, misfit: float) -> np.ndarray:
    """Booleans or chances: 0 becomes ``misfit``."""
    ok = np.asarray(ok, dtype=np.float64)
    return np.where(ok > 0, ok, misfit)


def posterior(rules: Rules, events: list[tuple], level: str, n_players: int) -> np.ndarray:
    """Cached :func:`_posterior` (read only); each step of the history is cached too, so a
    longer history only replays its new moves."""
    return _cached(rules, tuple(events), level, n_players)


@lru_cache(maxsize=256)   # about 180 kB each (52-card pack)
def _cached(rules: Rules, events: tuple, level: str, n_players: int) -> np.ndarray:
    ends = [i for i, e in enumerate(events[:-1]) if e[0] == "discard"]
    if ends:   # start from the weights after the last whole turn before the end
        start = _cached(rules, events[:ends[-1] + 1], level, n_players).copy()
        w = _posterior(rules, list(events[ends[-1] + 1:]), level, n_players, start)
    else:
        w = _posterior(rules, list(events), level, n_players)
    w.setflags(write=False)
    return w


def _posterior(rules: Rules, events: list[tuple], level: str, n_players: int,
               start: np.ndarray | None = None) -> np.ndarray:
    """The weight of every hand (rows of ``space(rules).hands``) for one player, given its
    public moves ``events`` this round, in order:

    ``("decline", r)`` / ``("knock", r)`` at the start of its turn r (turns before),
    ``("take", card, after_knock)``, ``("draw", top or None, after_knock)``,
    ``("discard", card, after_knock)``; cards as indices."""
    from ..policies.standard import knock_threshold
    from ..policies.view import MAX_TURNS_BEFORE_KNOCK
    sp = space(rules)
    H = len(sp.hands)
    w = np.ones(H) if start is None else start
    model = level if level in ("standard", "basic", "random") else "standard"
    misfit = MISFIT if level in ("standard", "basic") else MISFIT_UNKNOWN
    points = rules.hand_value == "suit_sum" and not rules.tie_break
    pending: tuple | None = None   # the take or draw waiting for its discard
    for ev in events:
        kind = ev[0]
        if kind in ("decline", "knock") and points and model != "random":
            r = ev[1]
            if model == "standard":
                bar = knock_threshold(n_players, r)
                knocks = (sp.value2 >= 2 * bar) | (r >= MAX_TURNS_BEFORE_KNOCK)
            else:
                knocks = sp.value2 >= 2 * DEFAULT_KNOCK_AT   # basic's bar
            w *= _lik(knocks if kind == "knock" else ~knocks, misfit)
        elif kind == "take":
            card, after = ev[1], ev[2]
            if model != "random":
                w *= _lik(_would_take(sp, rules, model, card, not after), misfit)
            w = np.where(_has(sp, card), 0.0, w)
            pending = ev
        elif kind == "draw":
            top, after = ev[1], ev[2]
            if top is not None and model != "random" and not (after and model == "standard"):
                # (after a knock standard also weighs drawing, so a draw rules nothing out)
                w *= _lik(~_would_take(sp, rules, model, top, not after), misfit)
            if top is not None:   # the top card lay on the pile: not in the hand, not drawn
                w = np.where(_has(sp, top), 0.0, w)
            pending = ev
        elif kind == "discard":
            d, after = ev[1], ev[2]
            two_step = model == "standard" and not after
            if pending is None:
                continue
            if pending[0] == "take":
                w = _after_take(sp, rules, w, pending[1], d, model, two_step, misfit)
            else:
                w = _after_draw_discard(sp, w, d, model, two_step, misfit)
                if pending[1] is not None:
                    w = np.where(_has(sp, pending[1]), 0.0, w)
            pending = None
        if w.sum() <= 0:
            return np.ones(H)
    return w


def _after_take(sp: Space, rules: Rules, w: np.ndarray, t: int, d: int, model: str,
                two_step: bool, misfit: float) -> np.ndarray:
    """Hands after taking ``t`` and throwing ``d``."""
    out = np.zeros_like(w)
    back = rules.may_discard_taken_card and model != "basic"   # basic never throws it back
    if d == t:   # threw the card it took: the hand is unchanged
        rows = np.flatnonzero(w > 0)
        kept = np.concatenate([rows[:, None], _replace_each(sp, rows, t)], axis=1)
        thrown = np.concatenate([np.full((len(rows), 1), t), sp.hands[rows]], axis=1)
        p = _keeps_best(sp, kept, thrown, 0, model, two_step) if back else 0.0
        out[rows] = w[rows] * _lik(p, misfit)
        return out
    rows = np.flatnonzero((w > 0) & _has(sp, d))
    if not len(rows):
        return out
    rep = _replace_each(sp, rows, t)                 # kept hands if one of the three goes
    thrown = sp.hands[rows]
    target = np.argmax(thrown == d, axis=1)          # the position of d
    if back:
        rep_all = np.concatenate([rep, rows[:, None]], axis=1)
        thrown = np.concatenate([thrown, np.full((len(rows), 1), t)], axis=1)
    else:
        rep_all = rep
    p = np.zeros(len(rows))
    for j in range(3):
        sel = target == j
        if sel.any():
            p[sel] = _keeps_best(sp, rep_all[sel], thrown[sel], j, model, two_step)
    new = rep[np.arange(len(rows)), target]
    np.add.at(out, new, w[rows] * _lik(p, misfit))
    return out


def _after_draw_discard(sp: Space, w: np.ndarray, d: int, model: str, two_step: bool,
                        misfit: float) -> np.ndarray:
    """Hands after a blind draw and throwing ``d``: the new hand h' (without ``d``) came from
    h' itself (it drew ``d``) or from h' with one card in place of ``d`` (it drew that card)."""
    rows = np.flatnonzero(~_has(sp, d))
    preds = np.concatenate([rows[:, None], _replace_each(sp, rows, d)], axis=1)   # (R, 4)
    total = w[preds].sum(axis=1)
    thrown = np.concatenate([np.full((len(rows), 1), d), sp.hands[rows]], axis=1)
    p = _keeps_best(sp, preds, thrown, 0, model, two_step)   # the kept hands are the same four
    out = np.zeros_like(w)
    out[rows] = total * _lik(p, misfit)
    return out


def sample_hands(rng: np.random.Generator, weights: list[np.ndarray], sp: Space,
                 allowed: list[int], must: list[int], samples: int) -> tuple[list[np.ndarray],
                                                                            np.ndarray] | None:
    """Deal one hand per player from its weights, using only cards in the masks ``allowed``
    and holding every card of ``must``, with no card in two hands. Returns the hands
    ((S, 3) each) and a weight per deal (0 where no clash-free deal was found), or None
    when some player has no possible hand."""
    probs = []
    for w, a, m in zip(weights, allowed, must, strict=True):
        fits = ((sp.bits & ~np.uint64(a)) == 0) & ((sp.bits & np.uint64(m)) == np.uint64(m))
        p = np.where(fits, w, 0.0)
        if p.sum() <= 0:
            return None
        probs.append(p / p.sum())
    used = np.zeros(samples, dtype=np.uint64)
    ok = np.ones(samples, dtype=bool)
    out = []
    for p in probs:
        rows = rng.choice(len(p), size=samples, p=p)
        for _ in range(30):
            clash = (sp.bits[rows] & used) != 0
            if not clash.any():
                break
            rows[clash] = rng.choice(len(p), size=int(clash.sum()), p=p)
        clash = (sp.bits[rows] & used) != 0
        ok &= ~clash
        used |= sp.bits[rows]
        out.append(sp.hands[rows])
    return out, ok.astype(float)
