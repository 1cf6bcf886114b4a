"""The ``standard`` bot: the basic bot plus knock bars that rise with its turns and depend on
the number of players, card memory (outs among the unseen cards), denial of the next
player's suit and a look one draw ahead. One parameter object (``StandardOptions``) drives
both forms of the policy:

- scalar: ``standard_decision(view)`` / ``standard_policy(obs)`` for the table engine;
- batched: ``standard_draw_moves`` / ``standard_swap_moves`` over numpy arrays of many
  positions at once, for the simulator (tests/test_sim_decisions.py pins the two together).

The policy, exactly (so that the batched twin can copy it)
---------------------------------------------------------
Notation: ``n`` = players still in the game; ``r`` = how many turns this player has already
had in the current round (its first turn is r = 0); ``K`` = the knock-at setting (default 25).
*Unseen* cards = the pack minus the own hand, minus the cards now on the discard pile, minus
the cards other players took from the pile and still hold, minus the public middle / open
hand / face-up widow cards (so after a reshuffle the old pile is unseen again). For a
three-card hand ``h``, its *outs* are the unseen cards ``c`` for which the best three of
``h + c`` beat ``h``. *Value* is the hand's points (suit sum; for other hand values, the scat
points of a hand that beats the same share of dealt hands).

1. **Knock** when nobody has knocked, a knock is legal, and the value is at least
   ``T(n, r)``, or whatever the hand once ``r >= 12`` (games without a stock would otherwise
   never end). With three or more players ``T(n, r) = min(K - 5 + r, K + 2)`` (K = 25: from
   20 on the first turn, rising by one each turn up to 27): early in a round the others hold
   raw deals, and with several of them somebody else is usually lower. Heads-up
   ``T(2, r) = K + 1 + 2 r`` (26 on the first turn, 28 on the second, ...): the one opponent
   always gets a last turn, and a knocker it beats loses two lives in most variants.
2. **Draw family**, take or draw. *Before a knock*, looking one more draw ahead: take the
   top discard only if taking it makes a higher value than now *and* the best hand kept with
   it is worth at least as much, one blind draw later, as drawing now and keeping the best
   hand one blind draw later (each "one blind draw later" is the mean over the pack's other
   cards of the best three; ``lookup.lookahead_tables`` holds these sums for every hand, so the
   comparison is exact). *On a final turn*: take only if it makes a higher value than now
   and at least the exact average value after a blind draw (the mean over the unseen cards
   ``c`` of the best three of hand + ``c``). Else draw (where drawing is not legal: stand on
   a final turn, else take).
3. **Draw family**, discard: before a knock, the card whose loss leaves the hand worth most
   one blind draw later; then (and on a final turn first) the card whose removal leaves the
   highest value; ties: a card whose suit is not the suit of a card the next player took from
   the pile and still holds (only before a knock), then the kept hand with the most outs,
   then the card with the fewest points, then the card drawn last. A card just taken is
   never the discard.
4. **Widow family with its stock** (Kitty): as 2 and 3, except that the best exchange taking
   only face-up widow cards is made instead when it gives a higher value than now and, where
   2 would take, at least the value taking keeps.
5. **Swap, switch and widow-only families**: of every legal move but knocking, the one giving the
   highest value (a face-down widow card or the closed hand counts at its average over 64
   fixed samples of the unseen cards) if that beats the current value (ties: the most outs,
   then a single swap, then the fewest points given away); else pass or stand where legal,
   else that best move. The dealer's choice of hand is made as ``basic`` makes it.
6. On a final turn after a knock, the same rules (it never stands unless nothing better is
   legal).

>>> knock_threshold(4, 0), knock_threshold(3, 9), knock_threshold(2, 0), knock_threshold(2, 2)
(20.0, 27.0, 26.0, 30.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.actions import (
    Action,
    Discard,
    Draw,
    Exchange,
    Knock,
    Pass,
    Stand,
    Swap,
    SwitchClosed,
    Take,
)
from ..core.cards import Card, make_pack
from ..core.lookup import (
    CARD_BIT,
    CARD_POINTS,
    SUIT_BITS,
    after_draw,
    card_bits,
    flat,
    hand_lookup,
    improve_bits,
    knock_values2,
    lookahead_tables,
    replaced,
)
from ..core.rules import Rules
from .basic import DEFAULT_KNOCK_AT
from .view import (
    Sample,
    View,
    best_known_exchange,
    best_three,
    card_indices,
    cards_of,
    expected_after_draw,
    knock_points,
    outs,
    result_hands,
    special_phase,
    strength_of,
    value_table,
    view_from_observation,
    without_exchanges,
)


@dataclass(frozen=True)
class StandardOptions:
    """The tunable parts of the standard policy, read by both its scalar and its batched
    form so the two play the same bot: knock bar T(n, r) = min(K + base + slope r, K + cap)
    for three or more players, K + heads_up_base + heads_up_slope r for two; knock whatever
    the hand from own turn ``last_wait`` (games without a stock then end: widow, switch and
    no-pass swap games); ``denial``: keep suits the next player collects away from them;
    ``take_vs_draw``: after a knock, take the top discard only if it is worth at least the
    expected hand after a blind draw; ``two_step``: before a knock, take and discard looking
    one more draw ahead (``lookup.lookahead_tables``)."""

    base: float = -5
    heads_up_base: float = 1
    heads_up_slope: float = 2
    slope: float = 1
    cap: float = 2
    last_wait: int = 12
    denial: bool = True
    take_vs_draw: bool = True
    two_step: bool = True


STANDARD = StandardOptions()   # the standard bot as it plays


def standard_threshold2(knock_at: float, n: int, turns_before: np.ndarray,
                        opts: StandardOptions = STANDARD) -> np.ndarray:
    """Twice the knock bar of ``knock_threshold``: three or more players
    T(n, r) = min(K - 5 + r, K + 2), two players T(2, r) = K + 1 + 2 r."""
    if n <= 2:
        return 2 * (knock_at + opts.heads_up_base + opts.heads_up_slope * turns_before)
    return 2 * np.minimum(knock_at + opts.base + opts.slope * turns_before,
                          knock_at + opts.cap)


def standard_draw_moves(rules: Rules, knock_at: float, n: int, h: np.ndarray, top: np.ndarray,
                        drawn: np.ndarray, may_knock: np.ndarray, has_stock: np.ndarray,
                        turns_before: np.ndarray, seen: np.ndarray,
                        next_known: np.ndarray | None = None, final: np.ndarray | None = None,
                        opts: StandardOptions | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The standard bot's draw-family turn (codes as ``basic_draw_moves``): knock from the
    rising threshold; take as basic does; discard for the best value, then the most outs
    among the unseen cards, then the fewest points, then the card that came last.

    ``seen``: per row the cards on the discard pile or known in other hands (a mask);
    ``next_known``: the cards the next player openly took and holds (for ``denial``)."""
    opts = opts or STANDARD
    S, _ = hand_lookup(rules)
    imp, kv = improve_bits(rules), knock_values2(rules)
    R = len(h)
    f = flat(h[:, 0], h[:, 1], h[:, 2])
    cur = S[f]
    knock = may_knock & ((kv[f] >= standard_threshold2(knock_at, n, turns_before, opts))
                         | (turns_before >= opts.last_wait))
    tv = S[replaced(h, top)]
    tmax = tv.max(axis=1).astype(np.int64)
    take = ~knock & (tmax > cur)
    before = np.ones(R, dtype=bool) if final is None else ~final   # nobody has knocked
    if opts.two_step:
        # before a knock: the best hand kept with the top card, one draw ahead, against
        # drawing now, one more draw ahead (lookahead_tables; exact integer sums)
        ahead, draw_ahead = lookahead_tables(rules)
        keep_ahead = ahead[replaced(h, top)].max(axis=1)
        take &= ~before | (keep_ahead * (rules.pack - 3) >= draw_ahead[f])
    old_rule = ~before if opts.two_step else np.ones(R, dtype=bool)
    if opts.take_vs_draw and (take & old_rule).any():
        row_of, after = after_draw(rules)
        pack_bits = card_bits(np.array([[c.index for c in make_pack(rules.pack)]]))[0]
        unseen_now = ~seen & ~card_bits(h) & pack_bits
        mask = ((unseen_now[:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)) == 1
        total = (after[row_of[f]] * mask).sum(axis=1)
        count = mask.sum(axis=1)
        take &= ~old_rule | (count == 0) | (tmax * count >= total)
    new = np.where(take, top, drawn)
    unseen = ~seen & ~card_bits(h) & ~CARD_BIT[new]
    kept = np.concatenate([replaced(h, new), f[:, None]], axis=1)       # (R, 4)
    vals = S[kept].astype(np.int64)
    outs = np.bitwise_count(imp[kept] & unseen[:, None]).astype(np.int64)
    pts = np.concatenate([CARD_POINTS[h], CARD_POINTS[new][:, None]], axis=1)
    free = np.ones((R, 4), dtype=np.int64)   # 0: the next player collects this card's suit
    if opts.denial and next_known is not None:
        wanted = (next_known[:, None] & SUIT_BITS[None, :]) != 0            # (R, 4 suits)
        if final is not None:
            wanted &= ~final[:, None]
        cards = np.concatenate([h, new[:, None]], axis=1)
        free = (~np.take_along_axis(wanted, cards // 13, axis=1)).astype(np.int64)
    key = (((vals * 2 + free) * 64 + outs) * 16 + (15 - pts)) * 4 + np.arange(4)
    key[take, 3] = -1  # the card just taken stays
    if opts.two_step:
        # before a knock the kept hand worth most one draw ahead comes first
        ka = lookahead_tables(rules)[0][kept]
        ka[take, 3] = -1
        ka = np.where(before[:, None], ka, 0)
        key = np.where(ka >= ka.max(axis=1, keepdims=True), key, -2)
    pos = key.argmax(axis=1)
    stand = ~knock & ~take & ~has_stock
    move = np.select([knock, take, stand], [2, 1, 3], 0).astype(np.int8)
    return move, pos


def standard_swap_moves(rules: Rules, knock_at: float, n: int, h: np.ndarray, mid: np.ndarray,
                        may_knock: np.ndarray, final: np.ndarray, turns_before: np.ndarray,
                        seen: np.ndarray, opts: StandardOptions | None = None) -> np.ndarray:
    """The standard bot's swap-family turn (codes as ``basic_swap_moves``): the move giving
    the highest value if it beats the current one (ties: most outs, then a single swap, then
    the fewest points given away, then the order of the legal moves); else pass or stand."""
    S, _ = hand_lookup(rules)
    imp, kv = improve_bits(rules), knock_values2(rules)
    opts = opts or STANDARD
    R = len(h)
    f = flat(h[:, 0], h[:, 1], h[:, 2])
    cur = S[f]
    knock = may_knock & ((kv[f] >= standard_threshold2(knock_at, n, turns_before, opts))
                         | (turns_before >= opts.last_wait))
    cand = np.empty((R, 11), dtype=np.int64)                           # 9 swaps, all, stay
    for i in range(3):
        for j in range(3):
            hh = h.copy()
            hh[:, i] = mid[:, j]
            cand[:, 3 * i + j] = flat(hh[:, 0], hh[:, 1], hh[:, 2])
    cand[:, 9] = flat(mid[:, 0], mid[:, 1], mid[:, 2])
    cand[:, 10] = f
    vals = S[cand].astype(np.int64)
    unseen = ~seen & ~card_bits(h)
    outs = np.bitwise_count(imp[cand] & unseen[:, None]).astype(np.int64)
    given = np.zeros((R, 11), dtype=np.int64)
    given[:, :9] = np.repeat(CARD_POINTS[h], 3, axis=1)
    given[:, 9] = CARD_POINTS[h].sum(axis=1)
    single = np.arange(11) < 9
    key = (((vals * 64 + outs) * 2 + single) * 64 - given) * 16 - np.arange(11)
    stay_ok = final | rules.allow_pass
    if not rules.allow_swap_all:
        key[:, 9] = np.iinfo(np.int64).min
    key[~stay_ok, 10] = np.iinfo(np.int64).min
    best = key.argmax(axis=1)
    improves = vals[np.arange(R), best] > cur
    return np.select([knock, improves, stay_ok], [11, best, 10], best)


# --- the scalar form (one observation) ------------------------------------------------------

def knock_threshold(n_players: int, turns_before: int, knock_at: float = DEFAULT_KNOCK_AT) -> float:
    """``standard`` knocks at this value or more (K = ``knock_at``, r = own turns before).

    Three or more players: T(n, r) = min(K - 5 + r, K + 2). Two players: T(2, r) = K + 1 + 2 r,
    since a knocker who is beaten loses two lives and the single opponent always gets a last
    turn to beat it, so heads-up only a strong early hand is worth a knock.

    """
    o = STANDARD
    if n_players <= 2:
        return knock_at + o.heads_up_base + o.heads_up_slope * turns_before
    return min(knock_at + o.base + o.slope * turns_before, knock_at + o.cap)


def standard_decision(view: View, knock_at: float = DEFAULT_KNOCK_AT) -> Action:
    rules = view.rules
    vt = value_table(rules)
    unseen = view.unseen()
    legal = view.legal
    if view.can(Knock) and view.knocker is None and (
            view.my_turns >= STANDARD.last_wait
            or knock_points(view.hand, rules) >= knock_threshold(view.n_players, view.my_turns,
                                                                 knock_at)):
        return Knock()
    moves = [a for a in legal if not isinstance(a, Knock)]
    if not moves:
        return legal[0]
    if rules.draws and view.can(Exchange):
        return _kitty_decision(view, vt, knock_at)
    if rules.draws:
        discards = [a for a in moves if isinstance(a, Discard)]
        if discards:
            kept = np.array([[c.index for c in view.hand if c != a.card] for a in discards])
            vals = vt.strength[kept[:, 0], kept[:, 1], kept[:, 2]]
            o = outs(kept, unseen, vt)
            pos = {c: i for i, c in enumerate(view.hand)}
            wanted = {c.suit for c in view.opponents[0].known} if view.opponents and \
                view.knocker is None and STANDARD.denial else set()
            ahead = lookahead_tables(rules)[0][flat(kept[:, 0], kept[:, 1], kept[:, 2])] \
                if STANDARD.two_step and view.knocker is None else np.zeros(len(kept))
            i = max(range(len(discards)), key=lambda k: (
                int(ahead[k]), vals[k], -(discards[k].card.suit in wanted), o[k],
                -discards[k].card.points, pos[discards[k].card]))
            return discards[i]
        hand = card_indices(view.hand)
        now = strength_of(view.hand, vt)
        if view.can(Take) and view.top is not None:
            if rules.may_discard_taken_card:
                tv = best_three(np.append(hand, view.top.index)[None, :], vt)[0][0]
            else:
                tv = best_three(np.append(view.top.index, hand)[None, :], vt, must=1)[0][0]
            if view.knocker is None and STANDARD.two_step:
                # look one more draw ahead (lookup.lookahead_tables): take only if the best hand
                # kept with the top card is worth at least what drawing now is worth
                ahead, draw_ahead = lookahead_tables(rules)
                keeps = [flat(view.top.index, *[x for x in hand if x != d]) for d in hand]
                if tv > now and max(int(ahead[k]) for k in keeps) * (rules.pack - 3) >= \
                        int(draw_ahead[flat(*hand)]):
                    return Take()
            elif tv > now and (not STANDARD.take_vs_draw or
                               tv >= expected_after_draw(hand[None, :], unseen, vt)[0]):
                return Take()
        if view.can(Draw):
            return Draw()
        return next((a for a in moves if isinstance(a, Stand)), moves[0])
    # swap, switch, widow: the move giving the highest value (face-down cards at their average)
    rng = np.random.default_rng(0)  # only to average face-down cards; fixed, so no state
    s = Sample([], [], [], [], unseen[np.argsort(rng.random((64, len(unseen))), axis=1)]
               if len(unseen) else np.zeros((64, 1), dtype=np.intp), np.ones(64))
    now = strength_of(view.hand, vt)
    scored = []
    for a in moves:
        h, _ = result_hands(view, a, s)
        v = float(vt.strength[h[:, 0], h[:, 1], h[:, 2]].mean())
        deterministic = not isinstance(a, (SwitchClosed, Exchange)) or \
            (isinstance(a, Exchange) and all(isinstance(t, Card) for t in a.take))
        n_outs = int(outs(h[:1], unseen, vt)[0]) if deterministic else 0
        given = sum(c.points for c in view.hand if c not in cards_of(h[0]))
        single = isinstance(a, Swap)
        stay = isinstance(a, (Pass, Stand))
        scored.append(((round(v, 9), n_outs, single, -given), stay, a, v))
    best = max(scored, key=lambda t: t[0])
    if best[3] > now:
        return best[2]
    stays = [t for t in scored if t[1]]
    if stays:
        return stays[0][2]
    return best[2]


def _kitty_decision(view: View, vt: Any, knock_at: float) -> Action:
    """Kitty with its stock: the draw family's choice, unless a known exchange with the
    face-up widow cards gives more than now and at least what taking would keep."""
    d = standard_decision(without_exchanges(view), knock_at)
    ex = best_known_exchange(view, vt)
    now = strength_of(view.hand, vt)
    if ex is not None and ex.strength > now and isinstance(d, (Draw, Take, Stand)) and (
            not isinstance(d, Take) or ex.strength >= _take_strength(view, vt)):
        return ex.action
    return d


def _take_strength(view: View, vt: Any) -> float:
    """The strength kept after taking the top discard and the best discard."""
    hand = card_indices(view.hand)
    must = 0 if view.rules.may_discard_taken_card else 1
    assert view.top is not None          # asked only where taking is the choice
    return float(best_three(np.append(view.top.index, hand)[None, :], vt, must=must)[0][0])


def standard_policy(obs: Any, knock_at: float = DEFAULT_KNOCK_AT) -> Action:
    """The ``standard`` move for an observation (deterministic, uses no randomness)."""
    special = special_phase(obs)
    if special is not None:
        return special
    return standard_decision(view_from_observation(obs), knock_at)
