"""The expert's sampled deals of the hidden cards: each opponent's hand, consistently with
what this seat saw (``sample_opponents``; in the draw family from ``belief.posterior``,
``sample_from_belief``), and the level each opponent is assumed to play (``model_level``)."""

from __future__ import annotations

import numpy as np

from ..core.cards import Card
from ..core.lookup import card_bits, flat, hand_lookup, lookahead_tables, replaced
from ..core.rules import Rules
from ..game.families import family_class
from ..policies.basic import DEFAULT_KNOCK_AT
from ..policies.view import Sample, ValueTable, View, best_three, card_indices
from .costs import model_knock_bar, suit_points, with_card
from .rollout import ROLLOUT_OPPONENTS, free_cards

EXTRA_PER_TURN = 1.5   # a player who had t turns keeps about the best of 1.5 t more cards


EXTRA_MAX = 6


TAKEN_UNCOUNTED = 0.2


DECLINED_KNOCK = 0.1     # weight of a sampled hand good enough to knock, for one who did not


SAMPLES = 300          # sampled deals of the hidden cards per decision


DISCARD_FIT = 0.05     # weight of a sampled hand its holder would not have kept over its discard




MODELS = ("random", "basic", "standard")   # levels the play-outs can copy move for move


def model_level(style: str | None) -> str:
    """How the expert assumes a player plays in its play-outs: as the level the table shows
    for it where the fast simulator plays that level; others (a person, an expert) as
    ``standard``."""
    return style if style in MODELS else ROLLOUT_OPPONENTS


def sample_opponents(view: View, vt: ValueTable, rng: np.random.Generator,
                     samples: int = SAMPLES, blind_draws: bool = True) -> Sample:
    """Deal the unseen cards to the opponents ``samples`` times, consistently with what this
    seat saw. In the draw family (``blind_draws``) the hands come from ``belief.posterior``;
    otherwise, and where the public record is incomplete, a player who drew ``d`` cards keeps
    the best of ``d`` (at most 3) more cards and a player who could have knocked but did not
    rarely holds 26 or more."""
    if blind_draws and family_class(view.rules).only_draws and view.opponents:
        s = sample_from_belief(view, vt, rng, samples)
        if s is not None:
            return s
    unseen = view.unseen()
    u = len(unseen)
    hidden = [3 - len(o.known) for o in view.opponents]
    extras = [min(int(np.ceil(o.turns * EXTRA_PER_TURN)), EXTRA_MAX) if blind_draws else min(o.turns, 1)
              for o in view.opponents]
    reserve = len(view.opponents) + 3
    while sum(hidden) + sum(extras) + len(extras) + reserve > u and any(extras):
        j = int(np.argmax(extras))
        extras[j] -= 1
    perm = unseen[np.argsort(rng.random((samples, u)), axis=1)] if u else \
        np.zeros((samples, 0), dtype=np.intp)
    col = 0
    now, now_val, nxt, nxt_val = [], [], [], []
    weight = np.ones(samples)
    points = suit_points(view.rules)
    for o, h, e in zip(view.opponents, hidden, extras, strict=True):
        k = len(o.known)
        known = np.tile(np.array([c.index for c in o.known], dtype=np.intp), (samples, 1))
        # the hidden cards first (they exist, so the unseen cards always cover them), then
        # the extra cards of the selection, then one more card for "after another turn"
        take = min(h + e, max(u - col, 0))
        base = np.hstack([known, perm[:, col:col + take]])
        col += take
        if base.shape[1] < 3:  # fewer unseen cards than hidden ones: our notes are off
            base = np.hstack([base, perm[:, :3 - base.shape[1]]]) if u else \
                np.tile(card_indices(view.hand)[:3], (samples, 1))
            k = min(k, 3)
        v_now, c_now = best_three(base, vt, must=min(k, 3))
        if col < u:
            full = np.hstack([base, perm[:, col:col + 1]])
            col += 1
            v_nxt, c_nxt = best_three(full, vt, must=min(k, 3))
        else:
            v_nxt, c_nxt = v_now, c_now
        for x in o.known:   # a card taken openly was wanted: it counts in that hand
            counted = _counted(c_now, x.index, view.rules.same_rank)
            weight *= np.where(counted, 1.0, TAKEN_UNCOUNTED)
        if DISCARD_FIT < 1.0 and o.last_discard is not None and family_class(view.rules).only_draws:
            weight *= np.where(_discard_fits(c_now, o.last_discard.index, o.style, view.rules,
                                             vt), 1.0, DISCARD_FIT)
        if points and o.declined_knock:
            thr = max(DEFAULT_KNOCK_AT, model_knock_bar(len(view.opponents) + 1,
                                                        max(o.turns - 1, 0)))
            weight *= np.where(v_now >= thr, DECLINED_KNOCK, 1.0)
        if points and view.knocker == o.seat:
            weight *= np.where(v_now >= 21, 1.0, 0.2)
        now.append(c_now)
        now_val.append(v_now)
        nxt.append(c_nxt)
        nxt_val.append(v_nxt)
    stock = perm[:, col:]
    if stock.shape[1] == 0:
        stock = perm[:, -1:] if u else np.zeros((samples, 1), dtype=np.intp)
    return Sample(now, now_val, nxt, nxt_val, stock, weight)


def event_indices(events: list) -> list[tuple]:
    return [tuple(x.index if isinstance(x, Card) else x for x in e) for e in events]


def sample_from_belief(view: View, vt: ValueTable, rng: np.random.Generator,
                        samples: int) -> Sample | None:
    """Sampled hands dealt from each opponent's posterior (``belief.posterior``)."""
    from .belief import posterior, sample_hands, space
    rules = view.rules
    sp = space(rules)
    unseen = view.unseen()
    free = int(card_bits(unseen[None, :])[0]) if len(unseen) else 0
    if any(e[0] == "take" and e[1] is None for o in view.opponents for e in o.events):
        return None   # a card taken unseen: no exact read (table observations name them all)
    weights, allowed, must = [], [], []
    for o in view.opponents:
        known = int(card_bits(card_indices(o.known)[None, :])[0]) if o.known else 0
        weights.append(posterior(rules, event_indices(o.events), model_level(o.style),
                                 view.n_players))
        allowed.append(free | known)
        must.append(known)
    dealt = sample_hands(rng, weights, sp, allowed, must, samples)
    if dealt is None:
        return None
    hands, weight = dealt
    rest = free_cards(rng, unseen, np.concatenate(hands, axis=1))
    now, now_val, nxt, nxt_val = [], [], [], []
    for j, h in enumerate(hands):
        now.append(h)
        now_val.append(vt.strength[h[:, 0], h[:, 1], h[:, 2]])
        if j < rest.shape[1]:
            v, c = best_three(with_card(h, rest[:, j]), vt)
        else:
            v, c = now_val[-1], h
        nxt.append(c)
        nxt_val.append(v)
    stock = rest[:, len(hands):]
    if stock.shape[1] == 0:
        stock = rest[:, -1:] if rest.shape[1] else np.tile(card_indices(view.hand)[:1], (samples, 1))
    return Sample(now, now_val, nxt, nxt_val, stock, weight)


def _discard_fits(hands: np.ndarray, x: int, style: str | None, rules: Rules,
                  vt: ValueTable) -> np.ndarray:
    """Whether a player who threw ``x`` and kept ``hands`` (S, 3) would have done so: no
    hand with ``x`` in place of one kept card is better for it (for ``standard`` and unknown
    players: worth more one draw ahead, as standard discards before a knock; for the others:
    a higher value, as basic discards)."""
    if style == "random":
        return np.ones(len(hands), dtype=bool)
    worth = lookahead_tables(rules)[0] if style in (None, "standard", "expert") else \
        hand_lookup(rules)[0]
    now = worth[flat(hands[:, 0], hands[:, 1], hands[:, 2])]
    other = worth[replaced(hands, np.full(len(hands), x, dtype=np.intp))]
    return now >= other.max(axis=1)


def _counted(hands: np.ndarray, card: int, same_rank: bool = False) -> np.ndarray:
    """Whether ``card`` shares its suit (or, where same rank counts, its rank) with another
    card of each hand (S, 3)."""
    same = (hands // 13) == card // 13
    if same_rank:
        same = same | ((hands % 13) == card % 13)
    return same.sum(axis=1) >= 2
