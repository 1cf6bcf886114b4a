"""The ``expert`` bot: sampled deals of the hidden cards, their costs and its decision
(``expert_decision``); ``hint.py`` puts the decision into words.

Like every bot it decides only from an observation: their own hand, the public cards (discard pile,
middle, open hand, face-up widow cards), who knocked, lives, and the public move history.
Neither looks at the hidden state. Neither touches the game's random stream: ``standard`` uses
no randomness at all, ``expert`` samples with its own ``numpy.random.Generator`` seeded from
the observation, so the same observation always gives the same move.

The ``expert``
--------------
It counts the unseen cards exactly and models each opponent's hidden cards by sampling,
consistently with what it saw. It reads how each other seat plays from the observation's
``styles``: the table shows every bot's level, so that is public (a person, or a level the
simulator does not play, is assumed to play ``standard``). In the draw family the sampled
hands come from ``thirtyone.expert.belief``: every public move of a player (declining to knock,
taking or passing over the top card, the card thrown away) is replayed against every hand
it could hold, by the rules of its level, which gives the exact chance of each hand. In the
other families (and with ``BELIEF`` off) a rougher read is used: cards an opponent took
from the pile are in that hand until thrown away; a player who drew ``d`` times has
probably kept the best cards out of ``d`` more; one who could knock but did not probably
holds less than a knocking hand; and one who threw a card probably had no better use for
it (a sampled hand that its holder would rather have kept with that card in it counts
``DISCARD_FIT``). With a few hundred sampled deals it estimates, for every move it could
make:

- *knock now or not* (draw family, before a knock): knocking is set against its best take or
  draw (below) by playing the rest of the round out from each sampled deal with the fast
  simulator (``thirtyone.expert.rollout``), the expert then playing ``standard`` and every other
  player its own level; the move with the lower mean cost wins, where
  the cost is the lives the expert loses less the lives the others lose (one opponent: each
  counts fully; several: they share one weight), because a game is won by outlasting them;
- *heads-up* (draw family, before a knock) every move is played out that way: knocking,
  taking the top discard with each possible discard, drawing, and after a draw each
  discard;
- *knock now* (other families): the expected cost after everybody's final turn, against a
  short look ahead in which everybody keeps improving one card a turn, an opponent knocks
  once it holds a knocking hand, and it knocks at the best of its next turns;
- on a final turn, the exact chance (over every card the stock may hold) that standing, taking
  or drawing leaves it the lowest hand;
- whether to take the top discard or draw, by the exact expected value after one more draw
  either way;
- which card to throw away by the exact expected value after one more draw, less what the
  card would give the next player (estimated over the sampled hands).

"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
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
    SwapAll,
    SwitchClosed,
    SwitchOpen,
    Take,
)
from ..core.cards import Card
from ..core.rules import Rules
from ..core.scoring import score
from ..lookup import card_bits, flat, hand_lookup, lookahead_tables, replaced
from ..policies.basic import DEFAULT_KNOCK_AT
from ..policies.view import (
    MAX_TURNS_BEFORE_KNOCK,
    Sample,
    ValueTable,
    View,
    best_three,
    card_indices,
    cards_of,
    combos_keeping,
    expected_after_draw,
    result_hands,
    scat_values_sorted,
    sorted_strengths,
    special_phase,
    stock_column,
    value_table,
    view_from_observation,
)
from ..sim.batch import SimulationError, check_supported
from .rollout import ROLLOUT_OPPONENTS, Move, free_cards, make_deals, rollout_costs

# --- value tables ---------------------------------------------------------------------------

# --- what a seat knows, gathered from its observation ----------------------------------------

def _seed_from(view: View) -> int:
    text = "|".join([str(view.seat), " ".join(map(str, view.hand)),
                     " ".join(map(str, view.legal)), str(view.top), " ".join(map(str, view.public)),
                     " ".join(map(str, view.gone)), str(view.my_turns), str(view.knocker)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")


# --- the expert's arithmetic ----------------------------------------------------------------

EXTRA_PER_TURN = 1.5   # a player who had t turns keeps about the best of 1.5 t more cards
EXTRA_MAX = 6
TAKEN_UNCOUNTED = 0.2
DECLINED_KNOCK = 0.1     # weight of a sampled hand good enough to knock, for one who did not
FEED_WEIGHT_HEADS_UP = 1.0   # how much a discard's gift to the next player counts
FEED_WEIGHT = 0.5
SAMPLES = 300          # sampled deals of the hidden cards per decision
DISCARD_FIT = 0.05     # weight of a sampled hand its holder would not have kept over its discard
KNOCK_MARGIN = 0.85    # knock when its cost is at most this share of waiting a turn
OTHERS_WEIGHT_HEADS_UP = 1.0  # a life the single opponent loses is as good as one not lost
OTHERS_WEIGHT = 1.0    # shared among several opponents
KNOCK_EDGE = 0.0       # with others' losses counted: knock when cost <= wait + KNOCK_EDGE
BELIEF = True          # draw family: deal the sampled hands from each player's move history


def _suit_points(rules: Rules) -> bool:
    """Whether strengths are plain points (so thresholds like 'at least 26' make sense)."""
    return rules.hand_value == "suit_sum" and not rules.tie_break


def _ends_round(inst: np.ndarray, rules: Rules, after_knock: bool) -> np.ndarray:
    """Which instant hands (1 blitz, 2 fire) end the round with every other player paying."""
    blitz_pays = rules.blitz_effect in ("others_lose", "pot")
    if after_knock:
        blitz_pays = blitz_pays and rules.blitz_after_knock
    return (inst == 2) | ((inst == 1) & blitz_pays)


def round_cost(mine: np.ndarray | float, opp: np.ndarray, rules: Rules,
               i_knocked: bool, lam: float = 0.0, knocker_col: int | None = None
               ) -> np.ndarray:
    """What a showdown costs this seat in each sampled deal (lives lost; for chips and points
    the share of the pot or the places missed), given its strength ``mine`` and the others'
    strengths ``opp`` (S, m). With ``lam`` > 0 (lives only) the lives the others lose count
    as a gain, ``lam`` each: a game is won by outlasting them. ``knocker_col`` is the column
    of ``opp`` that knocked (None: this seat knocked, or nobody is known)."""
    mine = np.broadcast_to(np.asarray(mine, dtype=float), opp.shape[:1])
    lo, hi = opp.min(axis=1), opp.max(axis=1)
    if rules.scoring == "chips":
        ties = (opp == hi[:, None]).sum(axis=1)
        share = np.where(mine > hi, 1.0, np.where(mine == hi, 1.0 / (1 + ties), 0.0))
        return 1.0 - share
    if rules.scoring == "points":
        pts = np.where(mine >= hi, 2.0, np.where(mine < lo, 0.0, 1.0))
        return (2.0 - pts) / 2.0
    tied = {"safe": 0.0, "same": 1.0, "double": 2.0}[rules.knocker_tied]
    alone = float(rules.knocker_alone_lowest)
    if not i_knocked:
        own = (mine <= lo).astype(float)
    else:
        own = np.where(mine < lo, alone, np.where(mine == lo, tied, 0.0))
    if lam == 0.0:
        return own
    low = np.minimum(lo, mine)
    at_low = opp == low[:, None]                       # (S, m) opponents on the lowest hand
    n_low = at_low.sum(axis=1) + (mine == low)
    lost = at_low.astype(float)
    if knocker_col is not None:
        k = at_low[:, knocker_col]
        lost[:, knocker_col] = np.where(k, np.where(n_low == 1, alone, tied), 0.0)
    return own - lam * lost.sum(axis=1)


def others_weight(view: View) -> float:
    """How much one life lost by an opponent is worth to this seat (lives scoring only)."""
    m = len(view.opponents)
    if view.rules.scoring != "lives" or m == 0:
        return 0.0
    return OTHERS_WEIGHT_HEADS_UP if m == 1 else OTHERS_WEIGHT / m


def blitz_cost(lam: float, m: int) -> float:
    """The net cost to this seat of an opponent's blitz (everybody else loses a life)."""
    return 1.0 - lam * (m - 1)


def sample_opponents(view: View, vt: ValueTable, rng: np.random.Generator,
                     samples: int = SAMPLES, blind_draws: bool = True) -> Sample:
    """Deal the unseen cards to the opponents ``samples`` times, consistently with what this
    seat saw. In the draw family (``blind_draws``) the hands come from ``belief.posterior``;
    otherwise, and where the public record is incomplete, a player who drew ``d`` cards keeps
    the best of ``d`` (at most 3) more cards and a player who could have knocked but did not
    rarely holds 26 or more."""
    if BELIEF and blind_draws and view.rules.family == "draw" and view.opponents:
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
    points = _suit_points(view.rules)
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
            counted = _counted(c_now, x.index)
            weight *= np.where(counted, 1.0, TAKEN_UNCOUNTED)
        if DISCARD_FIT < 1.0 and o.last_discard is not None and view.rules.family == "draw":
            weight *= np.where(_discard_fits(c_now, o.last_discard.index, o.style, view.rules,
                                             vt), 1.0, DISCARD_FIT)
        if points and o.declined_knock:
            thr = max(DEFAULT_KNOCK_AT, _model_knock_bar(len(view.opponents) + 1,
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
            v, c = best_three(_with(h, rest[:, j]), vt)
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


def _counted(hands: np.ndarray, card: int) -> np.ndarray:
    """Whether ``card`` shares its suit with another card of each hand (S, 3)."""
    same = (hands // 13) == card // 13
    return same.sum(axis=1) >= 2


def _with(hands: np.ndarray, extra: np.ndarray | int) -> np.ndarray:
    extra = np.asarray(extra, dtype=np.intp)
    if extra.ndim == 0:
        extra = np.full(len(hands), int(extra), dtype=np.intp)
    return np.hstack([hands, extra[:, None]])


def final_draw_turn(hands: np.ndarray, vals: np.ndarray, top: int | None, drawn: np.ndarray,
                    can_draw: bool, vt: ValueTable) -> tuple[np.ndarray, np.ndarray]:
    """An opponent's final turn in the draw family, as ``basic`` plays it: take the top
    discard if it helps, else draw. Returns (strengths, instant flags)."""
    best_v, best_h = vals, hands
    if can_draw:
        best_v, best_h = best_three(_with(hands, drawn), vt)
    if top is not None:
        tv, th = best_three(_with(hands, top), vt)
        better = tv > vals
        best_v = np.where(better, tv, best_v)
        best_h = np.where(better[:, None], th, best_h)
    inst = vt.instant[best_h[:, 0], best_h[:, 1], best_h[:, 2]]
    return best_v, inst


def public_moves(hands: np.ndarray, public: tuple[int, ...], vt: ValueTable,
                 swap_all: bool) -> tuple[np.ndarray, np.ndarray]:
    """The best hand reachable by swapping one card, or all three, with open cards
    (swap and switch families; the widow's face-up cards). Returns (strengths, hands)."""
    cands = [hands]
    for i in range(3):
        for p in public:
            h = hands.copy()
            h[:, i] = p
            cands.append(h)
    if swap_all and len(public) == 3:
        cands.append(np.tile(np.array(public, dtype=np.intp), (len(hands), 1)))
    allc = np.stack(cands, axis=1)                      # (S, C, 3)
    vals = vt.strength[allc[..., 0], allc[..., 1], allc[..., 2]]
    # a public card that is also in this sampled hand is impossible: strength -1 already
    best = vals.argmax(axis=1)
    rows = np.arange(len(hands))
    return vals[rows, best], allc[rows, best]


def _wmean(x: np.ndarray, w: np.ndarray) -> float:
    return float(np.dot(x, w) / w.sum())


def cost_curve(opp_final: np.ndarray, ended: np.ndarray, weight: np.ndarray, rules: Rules,
               i_knocked: bool):
    """A function: my strength(s) -> expected cost, against fixed sampled opponent finals."""
    def cost(mine: np.ndarray | float) -> np.ndarray:
        mine = np.atleast_1d(np.asarray(mine, dtype=float))
        out = np.empty(len(mine))
        for i, v in enumerate(mine):
            c = round_cost(v, opp_final, rules, i_knocked)
            c = np.where(ended, 1.0, c)
            out[i] = _wmean(c, weight)
        return out
    return cost


# --- the expert ---------------------------------------------------------------------------

@dataclass
class Decision:
    """A chosen move with the numbers behind it (the hint turns them into words)."""

    action: Action
    kind: str
    numbers: dict[str, Any] = field(default_factory=dict)


def _pts(x: float) -> float | int:
    return int(x) if float(x).is_integer() else float(x)


def _draw_discard(view: View, vt: ValueTable, unseen: np.ndarray,
                  rng: np.random.Generator) -> Decision:
    """Which card to throw away. Heads-up before a knock: the discard whose play-outs cost
    least (``_plays_out_every_move``). Otherwise: the best expected hand after one more draw,
    less what the card would give the next player (who may take it)."""
    rules = view.rules
    options = [a for a in view.legal if isinstance(a, Discard)]
    kept = np.array([[c.index for c in view.hand if c != a.card] for a in options],
                    dtype=np.intp)
    vals = vt.strength[kept[:, 0], kept[:, 1], kept[:, 2]]
    final = view.knocker is not None
    costs = None
    if not final and len(options) > 1 and _plays_out_every_move(view):
        took = view.just_took.index if view.just_took is not None else None
        moves = [Move("hold", discard=a.card.index, hand=tuple(int(x) for x in k),
                      known=took if took in k else None)
                 for a, k in zip(options, kept, strict=True)]
        costs = _rollout(view, vt, sample_opponents(view, vt, rng), moves)
    if costs is not None:
        score_ = -np.asarray(costs)
        extra: dict[str, Any] = {
            "rollout": {a.card.display: float(c) for a, c in zip(options, costs, strict=True)}}
    else:
        later = vals if final else expected_after_draw(kept, unseen, vt)
        feed = np.zeros(len(options))
        if not final and view.opponents:
            s = sample_opponents(view, vt, rng, samples=SAMPLES // 2)
            feed = _feeding(s.now[0], s.now_val[0], s.weight,
                            np.array([a.card.index for a in options]), unseen, vt)
            feed *= FEED_WEIGHT_HEADS_UP if len(view.opponents) == 1 else FEED_WEIGHT
        score_ = later - feed
    keys = [(round(float(w), 9), float(v), -a.card.points) for w, v, a in
            zip(score_, vals, options, strict=True)]
    best = max(range(len(options)), key=lambda i: keys[i])
    if costs is None:
        extra = {"expected_next": float(later[best]), "feeds_next": float(feed[best])}
    action = options[best]
    kept_cards = tuple(c for c in view.hand if c != action.card)
    return Decision(action, "discard", {
        "kept": kept_cards, "value": _pts(score(kept_cards, rules).points), **extra,
        "final": final})


def _feeding(hands: np.ndarray, vals: np.ndarray, weight: np.ndarray, cards: np.ndarray,
             unseen: np.ndarray, vt: ValueTable) -> np.ndarray:
    """How much more each card would give the next player than an average blind draw
    (expected points over the sampled hands)."""
    def gain(c: np.ndarray | int) -> np.ndarray:
        return np.maximum(best_three(_with(hands, c), vt)[0] - vals, 0.0)
    pick = unseen[:: max(1, len(unseen) // 12)]
    base = np.mean([_wmean(gain(int(c)), weight) for c in pick]) if len(pick) else 0.0
    return np.array([_wmean(gain(int(c)), weight) - base for c in cards])


def _draw_final(view: View, vt: ValueTable, rng: np.random.Generator) -> Decision:
    """A final turn after someone else knocked: stand, take or draw, whichever leaves the
    smallest chance of being lowest (exact over every card the stock may hold)."""
    rules = view.rules
    unseen = view.unseen()
    s = sample_opponents(view, vt, rng)
    finals, ended = [], np.zeros(len(s.weight), dtype=bool)
    for j, o in enumerate(view.opponents):
        if o.seat == view.knocker:
            finals.append(s.now_val[j])
        elif o.final_done:
            finals.append(s.nxt_val[j])
        else:
            v, inst = final_draw_turn(s.now[j], s.now_val[j], None, stock_column(s, j),
                                      view.stock > len(view.opponents), vt)
            finals.append(v)
            ended |= _ends_round(inst, rules, after_knock=True)
    opp = np.stack(finals, axis=1)
    cost = cost_curve(opp, ended, s.weight, rules, i_knocked=False)
    hand = card_indices(view.hand)
    my_v = float(vt.strength[hand[0], hand[1], hand[2]])
    choices: dict[str, tuple[float, float, Action]] = {}
    if view.can(Stand):
        choices["stand"] = (float(cost(my_v)[0]), my_v, Stand())
    if view.can(Take) and view.top is not None:
        four = np.append(hand, view.top.index)[None, :]
        tv = best_three(four, vt)[0][0]
        if not rules.may_discard_taken_card:
            tv = best_three(np.append(view.top.index, hand)[None, :], vt, must=1)[0][0]
        choices["take"] = (float(cost(tv)[0]), float(tv), Take())
    if view.can(Draw) and len(unseen):
        dv = best_three(np.hstack([np.tile(hand, (len(unseen), 1)), unseen[:, None]]), vt)[0]
        uniq, inv = np.unique(dv, return_inverse=True)
        c = cost(uniq)[inv]
        choices["draw"] = (float(c.mean()), float(dv.mean()), Draw())
        improve = float((dv > my_v).mean())
    else:
        improve = 0.0
    if not choices:
        return Decision(view.legal[0], "other")
    order = ["take", "draw", "stand"]
    kind = min(choices, key=lambda k: (round(choices[k][0], 9), -choices[k][1], order.index(k)))
    return Decision(choices[kind][2], kind, {
        "value": _pts(score(view.hand, rules).points),
        "p_lowest": {k: v[0] for k, v in choices.items()},
        "expected": {k: v[1] for k, v in choices.items()},
        "p_draw_improves": improve, "final": True})


def _knock_costs(view: View, vt: ValueTable, s: Sample, my_hand: np.ndarray
                 ) -> tuple[float, float, np.ndarray]:
    """(expected cost of knocking now, expected cost of waiting (``wait_cost``), and the
    lowest other hand after everybody's final turn if this seat knocked now (S,))."""
    rules = view.rules
    hand = card_indices(view.hand)
    my_v = float(vt.strength[hand[0], hand[1], hand[2]])
    can_draw = view.stock > len(view.opponents)
    public = tuple(c.index for c in view.public)
    finals = []
    end = np.zeros(len(s.weight), dtype=bool)
    for j in range(len(view.opponents)):
        if rules.family == "draw":
            top = view.top.index if (view.top is not None and j == 0) else None
            v, inst = final_draw_turn(s.now[j], s.now_val[j], top, stock_column(s, j + 1),
                                      can_draw, vt)
        else:
            v, fh = public_moves(s.now[j], public, vt, rules.allow_swap_all)
            inst = vt.instant[fh[:, 0], fh[:, 1], fh[:, 2]]
        finals.append(v)
        end |= _ends_round(inst, rules, after_knock=True)
    opp = np.stack(finals, axis=1)
    lam = others_weight(view)
    now = np.where(end, blitz_cost(lam, len(finals)), round_cost(my_v, opp, rules, True, lam))
    return _wmean(now, s.weight), wait_cost(view, vt, s, my_hand), opp.min(axis=1)


USE_ROLLOUTS = True   # draw family: decide whether to knock by playing the round out
EVERY_MOVE_OPPONENTS = 1   # with at most this many opponents: every move before a knock


def _plays_out_every_move(view: View) -> bool:
    """Whether the expert also decides take or draw, and its discard, by play-outs (draw
    family, before a knock). Heads-up this wins clearly; at a four-player table it made
    no measurable difference for four times the work (see the issue 4 note)."""
    return USE_ROLLOUTS and view.knocker is None and \
        0 < len(view.opponents) <= EVERY_MOVE_OPPONENTS


def _rollout(view: View, vt: ValueTable, s: Sample, moves: list) -> np.ndarray | None:
    """The cost of each move by playing the round out many times (``thirtyone.expert.rollout``);
    None where the fast simulator cannot play these rules."""
    rules = view.rules
    try:
        check_supported(rules, view.n_players)
    except SimulationError:
        return None
    w = s.weight.copy()
    for h in s.now:
        w = np.where(vt.instant[h[:, 0], h[:, 1], h[:, 2]] > 0, 0.0, w)
    if w.sum() <= 0:
        return None
    pile = np.array([c.index for c in view.gone] + ([view.top.index] if view.top else []),
                    dtype=np.intp)
    my = card_indices(view.hand)
    rng = np.random.default_rng(_seed_from(view) + 1)
    deals = make_deals(rules, my[:3], list(s.now), w, view.unseen(), view.stock, pile,
                       [card_indices(o.known) for o in view.opponents], view.my_turns,
                       [o.turns for o in view.opponents], rng)
    levels = [model_level(o.style) for o in view.opponents]
    costs, _ = rollout_costs(deals, moves, others_weight(view), _seed_from(view) + 2,
                             levels=levels)
    return costs


MODELS = ("random", "basic", "standard")   # levels the play-outs can copy move for move


def model_level(style: str | None) -> str:
    """How the expert assumes a player plays in its play-outs: as the level the table shows
    for it where the fast simulator plays that level; others (a person, an expert) as
    ``standard``."""
    return style if style in MODELS else ROLLOUT_OPPONENTS


def _should_knock(view: View, c_now: float, c_wait: float) -> bool:
    if view.my_turns >= MAX_TURNS_BEFORE_KNOCK:
        return True
    if others_weight(view) > 0:
        return c_now <= c_wait + KNOCK_EDGE + 1e-12
    return c_now <= KNOCK_MARGIN * c_wait + 1e-12


def _draw_turn(view: View, vt: ValueTable, rng: np.random.Generator) -> Decision:
    """Start of a normal turn in the draw family: knock, take or draw."""
    rules = view.rules
    unseen = view.unseen()
    hand = card_indices(view.hand)
    my_v = float(vt.strength[hand[0], hand[1], hand[2]])
    w_take, take_keep = -np.inf, None
    if view.can(Take) and view.top is not None:
        t = view.top.index
        keeps = [np.array([t, *[x for x in hand if x != d]]) for d in hand]
        if rules.may_discard_taken_card:
            keeps.append(hand)
        keeps_arr = np.array(keeps, dtype=np.intp)
        w = expected_after_draw(keeps_arr, unseen, vt)
        i = int(np.argmax(w))
        w_take, take_keep = float(w[i]), keeps_arr[i]
    w_draw = -np.inf
    drawn_v = None
    if view.can(Draw) and len(unseen):
        u = len(unseen)
        four = np.hstack([np.tile(hand, (u, 1)), unseen[:, None]])
        combos = combos_keeping(4, 0)
        keeps = four[:, combos].reshape(-1, 3)                       # (u*4, 3)
        w = expected_after_draw(keeps, unseen, vt).reshape(u, len(combos))
        w_draw = float(w.max(axis=1).mean())
        drawn_v = best_three(four, vt)[0]
    take = w_take > w_draw + 1e-9
    numbers: dict[str, Any] = {"value": _pts(score(view.hand, rules).points),
                               "expected_take": w_take, "expected_draw": w_draw}
    if take:
        kept = tuple(c for c in view.hand if c.index in take_keep) + (view.top,)
        numbers["take_value"] = _pts(score(kept, rules).points)
        numbers["take_kept"] = kept
    if drawn_v is not None:
        numbers["p_draw_improves"] = float((drawn_v > my_v).mean())
    s = sample_opponents(view, vt, rng)
    if take:
        nv = float(vt.strength[take_keep[0], take_keep[1], take_keep[2]])
        my_hand = np.tile(take_keep, (len(s.weight), 1))
    else:
        my_hand = best_three(_with(np.tile(hand, (len(s.weight), 1)), stock_column(s, 0)), vt)[1]
    c_now, c_next, low = _knock_costs(view, vt, s, my_hand)
    numbers.update(cost_knock=c_now, cost_wait=c_next,
                   p_lowest_now=_wmean((my_v <= low).astype(float), s.weight))
    if take:
        numbers["p_lowest_take"] = _wmean((nv <= low).astype(float), s.weight)
    if USE_ROLLOUTS and view.knocker is None:
        # play the round out after each move: knocking against the preferred take or draw,
        # or (heads-up) against every take, each with its discard, and drawing
        every = _plays_out_every_move(view)
        moves, acts = [], []
        if view.can(Knock):
            moves.append(Move("knock"))
            acts.append((Knock(), "knock"))
        if every and view.can(Take) and view.top is not None:
            for d in hand:
                moves.append(Move("take", discard=int(d)))
                acts.append((Take(), "take"))
        elif take:
            thrown = [int(x) for x in hand if x not in take_keep]
            moves.append(Move("take", discard=thrown[0] if thrown else view.top.index))
            acts.append((Take(), "take"))
        if (every or not take) and view.can(Draw) and len(unseen):
            moves.append(Move("draw"))
            acts.append((Draw(), "draw"))
        if len(moves) > 1:
            costs = _rollout(view, vt, s, moves)
            if costs is not None:
                best: dict[str, float] = {}
                for (_, k), c in zip(acts, costs, strict=True):
                    best[k] = min(best.get(k, np.inf), float(c))
                numbers["rollout"] = best
                i = int(np.nanargmin(costs))
                if acts[i][1] == "take":
                    kept = tuple(c for c in view.hand if c.index != moves[i].discard) + \
                        (view.top,)
                    if set(kept) != set(numbers.get("take_kept", ())):
                        numbers["take_kept"] = kept
                        numbers["take_value"] = _pts(score(kept, rules).points)
                        numbers.pop("p_lowest_take", None)
                return Decision(acts[i][0], acts[i][1], numbers)
    if view.can(Knock) and _should_knock(view, c_now, c_next):
        return Decision(Knock(), "knock", numbers)
    if take:
        return Decision(Take(), "take", numbers)
    if view.can(Draw):
        return Decision(Draw(), "draw", numbers)
    rest = [a for a in view.legal if not isinstance(a, Knock)]
    return Decision(rest[0] if rest else view.legal[0], "other", numbers)


# --- swap, switch and widow families ---------------------------------------------------------

def _table_turn(view: View, vt: ValueTable, rng: np.random.Generator) -> Decision:
    rules = view.rules
    s = sample_opponents(view, vt, rng, blind_draws=False)
    moves = [a for a in view.legal if not isinstance(a, Knock)]
    hand = card_indices(view.hand)
    my_v = float(vt.strength[hand[0], hand[1], hand[2]])
    results = []
    for a in moves:
        h, shown = result_hands(view, a, s)
        v = vt.strength[h[:, 0], h[:, 1], h[:, 2]]
        given = sum(c.points for c in view.hand if c not in cards_of(h[0]))
        results.append((a, h, v, shown, given))
    numbers: dict[str, Any] = {"value": _pts(score(view.hand, rules).points)
                               if rules.hand_value != "brag" else score(view.hand, rules).label}
    if view.final_turn and moves:
        costs = []
        for _a, _h, v, shown, _ in results:
            finals, ended = [], np.zeros(len(s.weight), dtype=bool)
            for j, o in enumerate(view.opponents):
                if o.seat == view.knocker:
                    finals.append(s.now_val[j])
                elif o.final_done:
                    finals.append(s.nxt_val[j])
                else:
                    fv, fh = public_moves(s.now[j], tuple(c.index for c in shown), vt,
                                          rules.allow_swap_all)
                    finals.append(fv)
                    ended |= _ends_round(vt.instant[fh[:, 0], fh[:, 1], fh[:, 2]], rules, True)
            c = np.where(ended, 1.0, round_cost(v, np.stack(finals, axis=1), rules, False))
            costs.append(_wmean(c, s.weight))
        i = min(range(len(moves)), key=lambda k: (round(costs[k], 9), -results[k][2].mean(),
                                                  results[k][4]))
        numbers.update(p_lowest=costs[i], p_lowest_stay=_stay_cost(results, costs),
                       result=cards_of(results[i][1][0]), final=True)
        return Decision(moves[i], _kind(moves[i]), numbers)
    if not moves:
        return Decision(Knock(), "knock", numbers)
    stay_first = (Pass, Stand)

    def key(k: int) -> tuple:
        a, _, v, _, given = results[k]
        return (round(float(v.mean()), 9), isinstance(a, stay_first), -given)
    i = max(range(len(moves)), key=key)
    a, h, v, _, _ = results[i]
    numbers.update(result=cards_of(h[0]), expected=float(v.mean()))
    if view.can(Knock):
        c_now, c_next, low = _knock_costs(view, vt, s, h)
        numbers.update(cost_knock=c_now, cost_wait=c_next,
                       p_lowest_now=_wmean((my_v <= low).astype(float), s.weight),
                       p_lowest_move=_wmean((v <= low).astype(float), s.weight))
        if _should_knock(view, c_now, c_next):
            return Decision(Knock(), "knock", numbers)
    return Decision(a, _kind(a), numbers)


def _stay_cost(results: list, costs: list[float]) -> float | None:
    for (a, *_), c in zip(results, costs, strict=True):
        if isinstance(a, (Pass, Stand)):
            return c
    return None


def _kind(a: Action) -> str:
    return {Swap: "swap", SwapAll: "swap all", Pass: "pass", Stand: "stand", Exchange: "exchange",
            SwitchOpen: "switch open", SwitchClosed: "switch closed", Take: "take", Draw: "draw",
            Knock: "knock", Discard: "discard"}.get(type(a), "other")


def expert_decision(view: View) -> Decision:
    """The expert's move for a view, with its numbers. Deterministic for a given view."""
    rng = np.random.default_rng(_seed_from(view))
    vt = value_table(view.rules)
    if len(view.legal) == 1:
        return Decision(view.legal[0], _kind(view.legal[0]))
    if view.rules.family == "draw":
        if view.must_discard or all(isinstance(a, Discard) for a in view.legal):
            return _draw_discard(view, vt, view.unseen(), rng)
        if view.final_turn:
            return _draw_final(view, vt, rng)
        return _draw_turn(view, vt, rng)
    return _table_turn(view, vt, rng)


# --- standard ------------------------------------------------------------------------------

def _model_knock_bar(n_players: int, turns_before: int) -> float:
    """The expert's guess of when another player knocks (it does not know who sits there):
    min(25 - 5 + n + r, 27)."""
    return min(DEFAULT_KNOCK_AT - 5 + n_players + turns_before, DEFAULT_KNOCK_AT + 2)


# --- the hint -------------------------------------------------------------------------------

# --- waiting: a short look ahead ------------------------------------------------------------

LOOKAHEAD = 4          # turns the expert looks ahead when it thinks about waiting


def _threshold_strength(rules: Rules, points: float) -> float:
    """A knock threshold in points, on this rules' strength scale."""
    if _suit_points(rules):
        return points
    scat = scat_values_sorted()
    share = np.searchsorted(scat, points, side="left") / len(scat)
    srt = sorted_strengths(rules)
    return float(srt[min(int(share * len(srt)), len(srt) - 1)])


def wait_cost(view: View, vt: ValueTable, s: Sample, mine: np.ndarray,
              steps: int | None = None) -> float:
    """Expected cost of not knocking now, after this turn's move left this seat ``mine``
    (S, 3): every player keeps improving by one card a turn (each keeps its best three),
    an opponent knocks once it reaches a ``standard`` knocking hand, and this seat knocks at
    whichever of its next ``steps`` turns is best on average."""
    rules = view.rules
    steps = LOOKAHEAD if steps is None else steps
    n_s = len(s.weight)
    opp = [h.copy() for h in s.now]
    oval = [v.copy() for v in s.now_val]
    m = len(opp)
    lam = others_weight(view)
    their_blitz = blitz_cost(lam, m)
    mval = vt.strength[mine[:, 0], mine[:, 1], mine[:, 2]]
    ended = _ends_round(vt.instant[mine[:, 0], mine[:, 1], mine[:, 2]], rules, False)
    cost = np.where(ended, -lam * m, 0.0)
    col = [1]
    stock_left = view.stock - 1

    def card() -> np.ndarray:
        c = stock_column(s, col[0])
        col[0] += 1
        return c

    def draw(h: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return best_three(_with(h, card()), vt)

    best = np.inf
    void = rules.stock_out == "void"
    for t in range(1, int(steps) + 1):
        for j, o in enumerate(view.opponents):
            live = ~ended
            thr = _threshold_strength(rules, max(_model_knock_bar(m + 1, o.turns + t - 1),
                                                 DEFAULT_KNOCK_AT))
            knocks = live & (oval[j] >= thr)
            if knocks.any():
                my_final = draw(mine)[0]
                others = [oval[j]] + [draw(opp[k])[0] for k in range(m) if k != j]
                c = round_cost(my_final, np.stack(others, axis=1), rules, False, lam, 0)
                cost = np.where(knocks, c, cost)
                ended |= knocks
            live = ~ended
            nv, nh = draw(opp[j])
            opp[j] = np.where(live[:, None], nh, opp[j])
            oval[j] = np.where(live, nv, oval[j])
            blitz = live & _ends_round(vt.instant[nh[:, 0], nh[:, 1], nh[:, 2]], rules, False)
            cost = np.where(blitz, their_blitz, cost)
            ended |= blitz
            stock_left -= 1
            if stock_left <= 0 and void:
                ended |= True
        # this seat knocks at turn t ...
        finals, end_k = [], np.zeros(n_s, dtype=bool)
        for k in range(m):
            fv, fh = draw(opp[k])
            finals.append(fv)
            end_k |= _ends_round(vt.instant[fh[:, 0], fh[:, 1], fh[:, 2]], rules, True)
        ck = np.where(end_k, their_blitz,
                      round_cost(mval, np.stack(finals, axis=1), rules, True, lam))
        best = min(best, _wmean(np.where(ended, cost, ck), s.weight))
        # ... or draws on
        live = ~ended
        nv, nh = draw(mine)
        mine = np.where(live[:, None], nh, mine)
        mval = np.where(live, nv, mval)
        mine_blitz = live & _ends_round(vt.instant[nh[:, 0], nh[:, 1], nh[:, 2]], rules, False)
        cost = np.where(mine_blitz, -lam * m, cost)
        ended |= mine_blitz
        stock_left -= 1
    return best


# --- from an observation to a view ----------------------------------------------------------


# --- the bots and the hint, as the rest of the engine calls them ----------------------------

def expert_policy(obs: Any) -> Action:
    """The ``expert`` move for an observation (deterministic for a given observation)."""
    special = special_phase(obs)
    if special is not None:
        return special
    return expert_decision(view_from_observation(obs)).action


