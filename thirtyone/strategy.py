"""Stronger bots, ``standard`` and ``expert``, and the hint (the expert's move, explained).

Both bots decide only from an observation: their own hand, the public cards (discard pile,
middle, open hand, face-up widow cards), who knocked, lives, and the public move history.
Neither looks at the hidden state. Neither touches the game's random stream: ``standard`` uses
no randomness at all, ``expert`` samples with its own ``numpy.random.Generator`` seeded from
the observation, so the same observation always gives the same move.

The ``standard`` policy (exact, so that the fast simulator can copy it)
------------------------------------------------------------------------
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
   cards of the best three; ``sim.lookahead_tables`` holds these sums for every hand, so the
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
4. **Swap, switch and widow families**: of every legal move but knocking, the one giving the
   highest value (a face-down widow card or the closed hand counts at its average over 64
   fixed samples of the unseen cards) if that beats the current value (ties: the most outs,
   then a single swap, then the fewest points given away); else pass or stand where legal,
   else that best move. The dealer's choice of hand is made as ``basic`` makes it.
5. On a final turn after a knock, the same rules (it never stands unless nothing better is
   legal).

The ``expert``
--------------
It counts the unseen cards exactly and models each opponent's hidden cards by sampling,
consistently with what it saw. It reads how each other seat plays from the observation's
``styles``: the table shows every bot's level, so that is public (a person, or a level the
simulator does not play, is assumed to play ``standard``). In the draw family the sampled
hands come from ``thirtyone.belief``: every public move of a player (declining to knock,
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
  simulator (``thirtyone.rollout``), the expert then playing ``standard`` and every other
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

>>> from thirtyone.rules import get_variant
>>> lut = value_table(get_variant("scat").rules)
>>> float(lut[card_index("AH"), card_index("KH"), card_index("9S")])
21.0
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, permutations
from typing import Any

import numpy as np

from .actions import (
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
from .cards import Card, card_from_index, cards_display, make_pack, parse_card
from .odds import hand_strengths, hand_table
from .rollout import ROLLOUT_OPPONENTS, ROLLOUTS, Move, free_cards, make_deals, rollout_costs
from .rules import Rules
from .scoring import score
from .sim import (
    SimulationError,
    _bits,
    _flat,
    _replaced,
    check_supported,
    hand_lookup,
    lookahead_tables,
)

DEFAULT_KNOCK_AT = 25
# Widow, switch and no-pass swap games use no stock, so only a knock ends a round: both bots
# knock at the latest on their turn number 13 of a round (r = 12), whatever they hold.
MAX_TURNS_BEFORE_KNOCK = 12


def card_index(card: Card | str) -> int:
    return (parse_card(card) if isinstance(card, str) else card).index


# --- value tables ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ValueTable:
    """``strength[i, j, k]``: how good the hand of card indices i, j, k is (higher is better,
    -1 for impossible hands); ``instant[i, j, k]``: 1 for a blitz (31), 2 for fire."""

    strength: np.ndarray
    instant: np.ndarray

    def __getitem__(self, key: Any) -> np.ndarray:
        return self.strength[key]


@lru_cache(maxsize=32)
def value_table(rules: Rules) -> ValueTable:
    """Every three-card hand's strength as a 52x52x52 lookup table (cached per rules)."""
    table = hand_table(rules)
    strength = hand_strengths(rules)
    lut = np.full((52, 52, 52), -1.0)
    inst = np.zeros((52, 52, 52), dtype=np.int8)
    h = table.hands.astype(np.intp)
    flags = np.zeros(len(h), dtype=np.int8)
    if rules.hand_value == "suit_sum":
        vals = table.values
        if rules.counts_blitz:
            flags[vals == 31.0] = 1
        if rules.fire is not None:
            ranks = h % 13
            aces = (ranks == 12).all(axis=1)
            flags[aces] = 2
    for p in permutations(range(3)):
        lut[h[:, p[0]], h[:, p[1]], h[:, p[2]]] = strength
        inst[h[:, p[0]], h[:, p[1]], h[:, p[2]]] = flags
    lut.setflags(write=False)
    inst.setflags(write=False)
    return ValueTable(lut, inst)


@lru_cache(maxsize=64)
def _combos(n: int, must: int) -> np.ndarray:
    """Index triples choosing three of ``n`` columns that contain the first ``must``."""
    rest = [tuple(range(must)) + c for c in combinations(range(must, n), 3 - must)]
    return np.array(rest, dtype=np.intp).reshape(-1, 3)


def best_three(cards: np.ndarray, vt: ValueTable, must: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """For rows of card indices (S, N), the best hand of three keeping the first ``must``
    columns: (strengths (S,), the three cards (S, 3))."""
    cards = np.asarray(cards, dtype=np.intp)
    combos = _combos(cards.shape[1], must)
    vals = vt.strength[cards[:, combos[:, 0]], cards[:, combos[:, 1]], cards[:, combos[:, 2]]]
    best = vals.argmax(axis=1)
    rows = np.arange(len(cards))[:, None]
    return vals[np.arange(len(cards)), best], cards[rows, combos[best]]


def _strength(hand: tuple[Card, ...] | list[int], vt: ValueTable) -> float:
    idx = [c.index if isinstance(c, Card) else int(c) for c in hand]
    return float(vt.strength[idx[0], idx[1], idx[2]])


# --- what a seat knows, gathered from its observation ----------------------------------------

@dataclass
class Opponent:
    """What one seat can tell about another player in the current round."""

    seat: int
    known: list[Card] = field(default_factory=list)  # in that hand for sure (taken openly)
    draws: int = 0            # blind cards seen (stock draws); a hint of how much it improved
    turns: int = 0
    declined_knock: bool = False  # could have knocked and did not
    final_done: bool = False  # already had its final turn after the knock
    style: str | None = None  # how it is known to play (a bot level), None: not known
    last_discard: Card | None = None  # its discard, if its hand has not changed since
    events: list = field(default_factory=list)  # its public moves this round (belief.posterior)


@dataclass
class View:
    """The facts a strategy uses, all taken from one observation."""

    rules: Rules
    seat: int
    hand: tuple[Card, ...]
    legal: tuple[Action, ...]
    opponents: list[Opponent]        # players still in the round, in the order they move after me
    knocker: int | None
    top: Card | None = None          # top of the discard pile (draw family)
    public: tuple[Card, ...] = ()    # middle / open hand / face-up widow cards
    gone: tuple[Card, ...] = ()      # other cards out of play that everybody saw
    widow_hidden: int = 0            # face-down widow cards (widow family)
    stock: int = 0
    my_turns: int = 0
    must_discard: bool = False
    lives: tuple[int, ...] = ()
    just_took: Card | None = None    # the card this seat took from the pile this turn

    @property
    def final_turn(self) -> bool:
        return self.knocker is not None and self.knocker != self.seat

    @property
    def n_players(self) -> int:
        return len(self.opponents) + 1

    def unseen(self) -> np.ndarray:
        """Indices of the cards this seat cannot place: stock, hidden hands, face-down cards."""
        known = {c.index for c in self.hand} | {c.index for c in self.public}
        known |= {c.index for c in self.gone}
        if self.top is not None:
            known.add(self.top.index)
        for o in self.opponents:
            known |= {c.index for c in o.known}
        return np.array([c.index for c in make_pack(self.rules.pack) if c.index not in known],
                        dtype=np.intp)

    def can(self, cls: type) -> bool:
        return any(isinstance(a, cls) for a in self.legal)


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


@dataclass
class Sample:
    """Sampled hidden hands of the opponents: now, and after one more card each."""

    now: list[np.ndarray]        # per opponent (S, 3) card indices
    now_val: list[np.ndarray]
    nxt: list[np.ndarray]
    nxt_val: list[np.ndarray]
    stock: np.ndarray            # (S, k) further unseen cards, as the stock may deliver them
    weight: np.ndarray           # (S,) how well each deal fits what was seen


def sample_opponents(view: View, vt: ValueTable, rng: np.random.Generator,
                     samples: int = SAMPLES, blind_draws: bool = True) -> Sample:
    """Deal the unseen cards to the opponents ``samples`` times, consistently with what this
    seat saw. In the draw family (``blind_draws``) the hands come from ``belief.posterior``;
    otherwise, and where the public record is incomplete, a player who drew ``d`` cards keeps
    the best of ``d`` (at most 3) more cards and a player who could have knocked but did not
    rarely holds 26 or more."""
    if BELIEF and blind_draws and view.rules.family == "draw" and view.opponents:
        s = _sample_from_belief(view, vt, rng, samples)
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
                np.tile(_idx(view.hand)[:3], (samples, 1))
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


def _event_indices(events: list) -> list[tuple]:
    return [tuple(x.index if isinstance(x, Card) else x for x in e) for e in events]


def _sample_from_belief(view: View, vt: ValueTable, rng: np.random.Generator,
                        samples: int) -> Sample | None:
    """Sampled hands dealt from each opponent's posterior (``belief.posterior``)."""
    from .belief import posterior, sample_hands, space
    rules = view.rules
    sp = space(rules)
    unseen = view.unseen()
    free = int(_bits(unseen[None, :])[0]) if len(unseen) else 0
    if any(e[0] == "take" and e[1] is None for o in view.opponents for e in o.events):
        return None   # a card taken unseen (an observation without its log): no exact read
    weights, allowed, must = [], [], []
    for o in view.opponents:
        known = int(_bits(_idx(o.known)[None, :])[0]) if o.known else 0
        weights.append(posterior(rules, _event_indices(o.events), model_level(o.style),
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
        stock = rest[:, -1:] if rest.shape[1] else np.tile(_idx(view.hand)[:1], (samples, 1))
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
    now = worth[_flat(hands[:, 0], hands[:, 1], hands[:, 2])]
    other = worth[_replaced(hands, np.full(len(hands), x, dtype=np.intp))]
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


def expected_after_draw(hands: np.ndarray, unseen: np.ndarray, vt: ValueTable) -> np.ndarray:
    """Exact expected strength of each three-card hand after one more blind draw from the
    unseen cards and the best discard."""
    m, u = len(hands), len(unseen)
    if u == 0:
        return vt.strength[hands[:, 0], hands[:, 1], hands[:, 2]]
    cards = np.hstack([np.repeat(hands, u, axis=0), np.tile(unseen, m)[:, None]])
    return best_three(cards, vt)[0].reshape(m, u).mean(axis=1)


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


def _idx(cards: tuple[Card, ...] | list[Card]) -> np.ndarray:
    return np.array([c.index for c in cards], dtype=np.intp)


def _pts(x: float) -> float | int:
    return int(x) if float(x).is_integer() else float(x)


def _stock_col(s: Sample, j: int) -> np.ndarray:
    return s.stock[:, j % s.stock.shape[1]]


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
            v, inst = final_draw_turn(s.now[j], s.now_val[j], None, _stock_col(s, j),
                                      view.stock > len(view.opponents), vt)
            finals.append(v)
            ended |= _ends_round(inst, rules, after_knock=True)
    opp = np.stack(finals, axis=1)
    cost = cost_curve(opp, ended, s.weight, rules, i_knocked=False)
    hand = _idx(view.hand)
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
    hand = _idx(view.hand)
    my_v = float(vt.strength[hand[0], hand[1], hand[2]])
    can_draw = view.stock > len(view.opponents)
    public = tuple(c.index for c in view.public)
    finals = []
    end = np.zeros(len(s.weight), dtype=bool)
    for j in range(len(view.opponents)):
        if rules.family == "draw":
            top = view.top.index if (view.top is not None and j == 0) else None
            v, inst = final_draw_turn(s.now[j], s.now_val[j], top, _stock_col(s, j + 1),
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
    """The cost of each move by playing the round out many times (``thirtyone.rollout``);
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
    my = _idx(view.hand)
    rng = np.random.default_rng(_seed_from(view) + 1)
    deals = make_deals(rules, my[:3], list(s.now), w, view.unseen(), view.stock, pile,
                       [_idx(o.known) for o in view.opponents], view.my_turns,
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
    hand = _idx(view.hand)
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
        combos = _combos(4, 0)
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
        my_hand = best_three(_with(np.tile(hand, (len(s.weight), 1)), _stock_col(s, 0)), vt)[1]
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

def _result_hands(view: View, a: Action, s: Sample) -> tuple[np.ndarray, tuple[Card, ...]]:
    """The hand after a non-knock move in every sampled deal (unknown cards come from the
    sampled stock), and the open cards the next players will see."""
    n = len(s.weight)
    hand = list(view.hand)
    public = list(view.public)
    if isinstance(a, Swap):
        new = [a.take if c == a.give else c for c in hand]
        return np.tile(_idx(new), (n, 1)), tuple(a.give if c == a.take else c for c in public)
    if isinstance(a, (SwapAll, SwitchOpen)):
        return np.tile(_idx(public), (n, 1)), tuple(hand)
    if isinstance(a, SwitchClosed):
        return s.stock[:, :3] if s.stock.shape[1] >= 3 else np.tile(_idx(hand), (n, 1)), \
            tuple(public)
    if isinstance(a, Exchange):
        keep = [c for c in hand if c not in a.give]
        cols = [np.full(n, c.index) for c in keep]
        shown = [c for c in public if c not in a.take] + list(a.give)
        k = 0
        for t in a.take:
            if isinstance(t, Card):
                cols.append(np.full(n, t.index))
            else:
                cols.append(_stock_col(s, 3 + k))
                k += 1
        return np.stack(cols, axis=1).astype(np.intp), tuple(shown)
    return np.tile(_idx(hand), (n, 1)), tuple(public)


def _table_turn(view: View, vt: ValueTable, rng: np.random.Generator) -> Decision:
    rules = view.rules
    s = sample_opponents(view, vt, rng, blind_draws=False)
    moves = [a for a in view.legal if not isinstance(a, Knock)]
    hand = _idx(view.hand)
    my_v = float(vt.strength[hand[0], hand[1], hand[2]])
    results = []
    for a in moves:
        h, shown = _result_hands(view, a, s)
        v = vt.strength[h[:, 0], h[:, 1], h[:, 2]]
        given = sum(c.points for c in view.hand if c not in _cards_of(h[0]))
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
                       result=_cards_of(results[i][1][0]), final=True)
        return Decision(moves[i], _kind(moves[i]), numbers)
    if not moves:
        return Decision(Knock(), "knock", numbers)
    stay_first = (Pass, Stand)

    def key(k: int) -> tuple:
        a, _, v, _, given = results[k]
        return (round(float(v.mean()), 9), isinstance(a, stay_first), -given)
    i = max(range(len(moves)), key=key)
    a, h, v, _, _ = results[i]
    numbers.update(result=_cards_of(h[0]), expected=float(v.mean()))
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


def _cards_of(row: np.ndarray) -> tuple[Card, ...]:
    return tuple(card_from_index(int(i)) for i in row)


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

@lru_cache(maxsize=8)
def _scat_sorted() -> np.ndarray:
    from .rules import get_variant
    return np.sort(hand_table(get_variant("scat").rules).values)


@lru_cache(maxsize=32)
def _sorted_strengths(rules: Rules) -> np.ndarray:
    return np.sort(hand_strengths(rules))


def knock_points(hand: tuple[Card, ...], rules: Rules) -> float:
    """The number compared with the knock threshold: the hand's points for suit sums; for
    other hand values, the scat points of a hand that beats the same share of dealt hands."""
    if rules.hand_value == "suit_sum":
        return float(score(hand, rules).points)
    vt = value_table(rules)
    mine = _strength(hand, vt)
    srt = _sorted_strengths(rules)
    share = np.searchsorted(srt, mine, side="left") / len(srt)
    scat = _scat_sorted()
    return float(scat[min(int(share * len(scat)), len(scat) - 1)])


STANDARD_DENIAL = True
STANDARD_TAKE_VS_DRAW = True
STANDARD_TWO_STEP = True   # before a knock: take and discard looking one more draw ahead
KT_BASE = -5          # three or more players: T(n, r) = min(K + KT_BASE + r, K + KT_CAP)
KT_SLOPE = 1
KT_CAP = 2
KT_HEADS_UP_BASE = 1   # two players: T(2, r) = K + 1 + 2 r
KT_HEADS_UP_SLOPE = 2


def knock_threshold(n_players: int, turns_before: int, knock_at: float = DEFAULT_KNOCK_AT) -> float:
    """``standard`` knocks at this value or more (K = ``knock_at``, r = own turns before).

    Three or more players: T(n, r) = min(K - 5 + r, K + 2). Two players: T(2, r) = K + 1 + 2 r,
    since a knocker who is beaten loses two lives and the single opponent always gets a last
    turn to beat it, so heads-up only a strong early hand is worth a knock.

    >>> knock_threshold(4, 0), knock_threshold(3, 9), knock_threshold(2, 0), knock_threshold(2, 2)
    (20, 27, 26, 30)
    """
    if n_players <= 2:
        return knock_at + KT_HEADS_UP_BASE + KT_HEADS_UP_SLOPE * turns_before
    return min(knock_at + KT_BASE + KT_SLOPE * turns_before, knock_at + KT_CAP)


def _model_knock_bar(n_players: int, turns_before: int) -> float:
    """The expert's guess of when another player knocks (it does not know who sits there):
    min(25 - 5 + n + r, 27)."""
    return min(DEFAULT_KNOCK_AT - 5 + n_players + turns_before, DEFAULT_KNOCK_AT + 2)


def outs(hand: np.ndarray, unseen: np.ndarray, vt: ValueTable) -> np.ndarray:
    """For rows of three-card hands, how many unseen cards would improve each."""
    m, u = len(hand), len(unseen)
    if u == 0:
        return np.zeros(m, dtype=int)
    base = vt.strength[hand[:, 0], hand[:, 1], hand[:, 2]]
    cards = np.hstack([np.repeat(hand, u, axis=0), np.tile(unseen, m)[:, None]])
    return (best_three(cards, vt)[0].reshape(m, u) > base[:, None]).sum(axis=1)


def standard_decision(view: View, knock_at: float = DEFAULT_KNOCK_AT) -> Action:
    rules = view.rules
    vt = value_table(rules)
    unseen = view.unseen()
    legal = view.legal
    if view.can(Knock) and view.knocker is None and (
            view.my_turns >= MAX_TURNS_BEFORE_KNOCK
            or knock_points(view.hand, rules) >= knock_threshold(view.n_players, view.my_turns,
                                                                 knock_at)):
        return Knock()
    moves = [a for a in legal if not isinstance(a, Knock)]
    if not moves:
        return legal[0]
    if rules.family == "draw":
        discards = [a for a in moves if isinstance(a, Discard)]
        if discards:
            kept = np.array([[c.index for c in view.hand if c != a.card] for a in discards])
            vals = vt.strength[kept[:, 0], kept[:, 1], kept[:, 2]]
            o = outs(kept, unseen, vt)
            pos = {c: i for i, c in enumerate(view.hand)}
            wanted = {c.suit for c in view.opponents[0].known} if view.opponents and \
                view.knocker is None and STANDARD_DENIAL else set()
            ahead = lookahead_tables(rules)[0][_flat(kept[:, 0], kept[:, 1], kept[:, 2])] \
                if STANDARD_TWO_STEP and view.knocker is None else np.zeros(len(kept))
            i = max(range(len(discards)), key=lambda k: (
                int(ahead[k]), vals[k], -(discards[k].card.suit in wanted), o[k],
                -discards[k].card.points, pos[discards[k].card]))
            return discards[i]
        hand = _idx(view.hand)
        now = _strength(view.hand, vt)
        if view.can(Take) and view.top is not None:
            if rules.may_discard_taken_card:
                tv = best_three(np.append(hand, view.top.index)[None, :], vt)[0][0]
            else:
                tv = best_three(np.append(view.top.index, hand)[None, :], vt, must=1)[0][0]
            if view.knocker is None and STANDARD_TWO_STEP:
                # look one more draw ahead (sim.lookahead_tables): take only if the best hand
                # kept with the top card is worth at least what drawing now is worth
                ahead, draw_ahead = lookahead_tables(rules)
                keeps = [_flat(view.top.index, *[x for x in hand if x != d]) for d in hand]
                if tv > now and max(int(ahead[k]) for k in keeps) * (rules.pack - 3) >= \
                        int(draw_ahead[_flat(*hand)]):
                    return Take()
            elif tv > now and (not STANDARD_TAKE_VS_DRAW or
                               tv >= expected_after_draw(hand[None, :], unseen, vt)[0]):
                return Take()
        if view.can(Draw):
            return Draw()
        return next((a for a in moves if isinstance(a, Stand)), moves[0])
    # swap, switch, widow: the move giving the highest value (face-down cards at their average)
    rng = np.random.default_rng(0)  # only to average face-down cards; fixed, so no state
    s = Sample([], [], [], [], unseen[np.argsort(rng.random((64, len(unseen))), axis=1)]
               if len(unseen) else np.zeros((64, 1), dtype=np.intp), np.ones(64))
    now = _strength(view.hand, vt)
    scored = []
    for a in moves:
        h, _ = _result_hands(view, a, s)
        v = float(vt.strength[h[:, 0], h[:, 1], h[:, 2]].mean())
        deterministic = not isinstance(a, (SwitchClosed, Exchange)) or \
            (isinstance(a, Exchange) and all(isinstance(t, Card) for t in a.take))
        o = int(outs(h[:1], unseen, vt)[0]) if deterministic else 0
        given = sum(c.points for c in view.hand if c not in _cards_of(h[0]))
        single = isinstance(a, Swap)
        stay = isinstance(a, (Pass, Stand))
        scored.append(((round(v, 9), o, single, -given), stay, a, v))
    best = max(scored, key=lambda t: t[0])
    if best[3] > now:
        return best[2]
    stay = [t for t in scored if t[1]]
    if stay:
        return stay[0][2]
    return best[2]


# --- the hint -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Hint:
    """The expert's move for one seat: ``action``, a ``reason`` in one or two sentences, and
    the ``numbers`` behind it. Built only from that seat's observation."""

    action: Action
    reason: str
    numbers: dict


def _pct(p: float) -> str:
    if p < 0.005:
        return "less than 1 %"
    if p > 0.995:
        return "almost 100 %"
    return f"about {round(100 * p)} %"


def _value_words(cards: tuple[Card, ...], rules: Rules) -> str:
    s = score(cards, rules)
    if rules.hand_value == "brag":
        return f"a {s.label}"
    return f"{s.value_text} ({s.label})"


def _lowest_words(rules: Rules) -> str:
    if rules.scoring == "chips":
        return "not have the best hand"
    return "have the lowest hand"


def _playout_words(n: dict, chosen: str) -> str:
    """A sentence on the play-outs behind a move, if it was decided by them."""
    costs = n.get("rollout")
    if not isinstance(costs, dict) or chosen not in costs or len(costs) < 2:
        return ""
    other = min((k for k in costs if k != chosen), key=lambda k: costs[k])
    gap = costs[other] - costs[chosen]
    name = other if other in ("knock", "take", "draw") else f"throwing the {other}"
    name = {"knock": "knocking", "take": "taking", "draw": "drawing"}.get(name, name)
    return (f" Played out {ROLLOUTS} times from deals that fit what you have seen, this move "
            f"comes out {gap:.2f} lives a round better than {name}, counting the lives the "
            "others lose as well as yours.")


def explain(view: View, d: Decision) -> str:
    """One or two sentences for a learner, with the numbers behind the move."""
    rules, n = view.rules, d.numbers
    now = _value_words(view.hand, rules) if len(view.hand) == 3 else ""
    low = _lowest_words(rules)
    a = d.action
    if d.kind == "knock":
        p = n.get("p_lowest_now")
        tail = (f" If you knock now you would {low} after everyone's last turn in {_pct(p)} of "
                "rounds like this; waiting a turn gives the others time to catch up."
                if p is not None else "")
        return f"Knock with your {now}.{tail}" + _playout_words(n, d.kind)
    if d.kind == "take" and not n.get("final"):
        kept = n.get("take_kept", ())
        new = _value_words(kept, rules) if kept else ""
        p = n.get("p_lowest_take")
        tail = f" With that you would {low} in {_pct(p)} of rounds like this." if p is not None \
            else ""
        change = f"your hand goes from {now} to {new}" if new != now else \
            f"your hand stays at {now}, and the card is out of the others' reach"
        return f"Take the {view.top.display}: {change}.{tail}" + _playout_words(n, d.kind)
    if d.kind == "draw" and not n.get("final"):
        top = f"the {view.top.display} on the pile does not help your {now} enough" \
            if view.top is not None else f"your hand is {now}"
        p = n.get("p_draw_improves")
        tail = f" A card from the stock improves your hand in {_pct(p)} of cases." \
            if p is not None else ""
        return f"Draw from the stock: {top}.{tail}" + _playout_words(n, d.kind)
    if d.kind == "discard":
        kept = n["kept"]
        why = f"Throw away the {a.card.display} and keep {cards_display(kept)}: " \
              f"{_value_words(kept, rules)}."
        if isinstance(n.get("rollout"), dict):
            why += _playout_words(n, a.card.display)
        elif not n.get("final") and rules.hand_value == "suit_sum":
            why += (f" Of your choices this one leaves the best chances with the next card "
                    f"(about {n['expected_next']:.1f} on average after one more draw).")
        return why
    if n.get("final") and isinstance(n.get("p_lowest"), dict):
        ps = n["p_lowest"]
        names = {"stand": "standing", "take": f"taking the {view.top.display}"
                 if view.top is not None else "taking", "draw": "drawing"}
        others = "; ".join(f"{names[k]} {_pct(v)}" for k, v in ps.items() if k != d.kind)
        verb = {"stand": "Stand", "take": f"Take the {view.top.display}"
                if view.top is not None else "Take", "draw": "Draw"}[d.kind]
        return (f"{verb}: somebody knocked, so this is your last turn. You would {low} in "
                f"{_pct(ps[d.kind])} of rounds like this" + (f" ({others})." if others else "."))
    result = n.get("result")
    change = f" Your hand goes from {now} to {_value_words(result, rules)}." \
        if result and set(result) != set(view.hand) and d.kind not in ("switch closed",) \
        and not (isinstance(a, Exchange) and any(isinstance(t, int) for t in a.take)) else ""
    what = {"swap": f"Swap your {a.card.display if hasattr(a, 'card') else ''}".strip(),
            }.get(d.kind, "")
    if isinstance(a, Swap):
        what = f"Swap your {a.give.display} for the {a.take.display}"
    elif isinstance(a, Exchange):
        up = [f"the {t.display}" for t in a.take if isinstance(t, Card)]
        down = sum(1 for t in a.take if not isinstance(t, Card))
        if down:
            up.append({1: "a face-down card", 2: "two face-down cards",
                       3: "three face-down cards"}[down])
        taken = up[0] if len(up) == 1 else " and ".join(up)
        what = f"Exchange {cards_display(a.give)} for {taken}"
    else:
        what = {"swap all": "Swap your whole hand for the middle",
                "pass": f"Pass: your {now} is the best you can make now",
                "stand": f"Stand with your {now}",
                "switch open": "Switch your hand for the open hand",
                "switch closed": "Switch your hand for the closed hand, unseen"}.get(d.kind,
                                                                                       str(a))
    tail = ""
    if n.get("final") and n.get("p_lowest") is not None:
        tail = f" This is your last turn; you would {low} in {_pct(n['p_lowest'])} of rounds " \
               "like this."
    elif n.get("p_lowest_move") is not None:
        tail = f" With that you would {low} in {_pct(n['p_lowest_move'])} of rounds like " \
               "this if you knocked next."
    return f"{what}.{change}{tail}"


def hint_for_view(view: View) -> Hint:
    d = expert_decision(view)
    numbers = {k: (cards_display(v) if isinstance(v, tuple) else v)
               for k, v in d.numbers.items()}
    numbers = {k: v for k, v in numbers.items()
               if isinstance(v, (int, float, str, bool, dict)) or v is None}
    return Hint(d.action, explain(view, d), numbers)


# --- waiting: a short look ahead ------------------------------------------------------------

LOOKAHEAD = 4          # turns the expert looks ahead when it thinks about waiting


def _threshold_strength(rules: Rules, points: float) -> float:
    """A knock threshold in points, on this rules' strength scale."""
    if _suit_points(rules):
        return points
    scat = _scat_sorted()
    share = np.searchsorted(scat, points, side="left") / len(scat)
    srt = _sorted_strengths(rules)
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
        c = _stock_col(s, col[0])
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


_UPCARD = object()   # the card turned up at the deal, before it is known
_NO_TOP = object()   # an empty discard pile


def _taken_cards_from_log(obs: Any) -> list[Card] | None:
    """The cards taken from the discard pile this round, in order, read from the public log
    (None when the observation carries no log)."""
    log = getattr(obs, "log", ())
    if not log:
        return None
    out = []
    for e in log:
        if getattr(e, "kind", "") == "take":
            words = e.text.split(" takes the ", 1)
            if len(words) == 2:
                token = words[1].split(" ", 1)[0]
                try:
                    out.append(parse_card(token))
                except ValueError:
                    return None
    return out


def view_from_observation(obs: Any, rules: Rules | None = None) -> View:
    """Everything a strategy needs, taken only from ``obs`` (a ``thirtyone.game.Observation``):
    the own hand, public cards and the public move history of this round."""
    from .actions import parse_action
    rules = rules or obs.rules
    n = len(obs.players)
    me = obs.seat
    active = [s for s in range(n) if not obs.out[s]]
    if me not in active:
        active = sorted(set(active) | {me})
    order = [(me + k) % n for k in range(1, n) if (me + k) % n in active]
    styles = tuple(getattr(obs, "styles", ()) or ())
    opp = {s: Opponent(s, style=styles[s] if s < len(styles) else None) for s in order}
    pile: list[Card | None] = [None] if rules.family == "draw" else []
    stock = rules.pack - 3 * len(active) - (1 if rules.family == "draw" else 0)
    taken_log = _taken_cards_from_log(obs)
    takes = 0
    upcard: Card | None = None
    knocker = None
    moves_made = 0
    may_knock_after = len(active) if rules.knock_from == "second_circle" else 0
    for seat, text in obs.moves:
        try:
            a = parse_action(text)
        except ValueError:
            continue
        o = opp.get(seat)
        starts_turn = isinstance(a, (Draw, Take, Knock, Stand, Swap, SwapAll, Pass, Exchange,
                                     SwitchOpen, SwitchClosed))
        if starts_turn and knocker is None and rules.family == "draw" and stock <= 0 \
                and rules.stock_out == "reshuffle" and len(pile) >= 2:
            stock, pile = len(pile) - 1, pile[-1:]
        if o is not None and starts_turn and not isinstance(a, Knock) and knocker is None \
                and moves_made >= may_knock_after:
            o.declined_knock = True
            o.events.append(("decline", o.turns))
        after = knocker is not None
        if isinstance(a, Knock):
            knocker = seat
            if o is not None:
                o.events.append(("knock", o.turns))
        elif isinstance(a, Draw):
            stock -= 1
            if o is not None:
                o.draws += 1
                top = pile[-1] if pile else _NO_TOP
                o.events.append(("draw", _UPCARD if top is None else top, after))
        elif isinstance(a, Take):
            card = pile.pop() if pile else None
            was_upcard = card is None
            if taken_log is not None and takes < len(taken_log):
                card = taken_log[takes]
            if was_upcard and card is not None:
                upcard = card
            takes += 1
            if o is not None:
                o.events.append(("take", card, after))   # card None: not known (no log)
                if card is not None:
                    o.known.append(card)
        elif isinstance(a, Discard):
            pile.append(a.card)
            if o is not None:
                o.events.append(("discard", a.card, after))
                o.last_discard = a.card
                if a.card in o.known:
                    o.known.remove(a.card)
        elif isinstance(a, Swap) and o is not None:
            if a.give in o.known:
                o.known.remove(a.give)
            o.known.append(a.take)
        elif isinstance(a, Exchange) and o is not None:
            for g in a.give:
                if g in o.known:
                    o.known.remove(g)
            o.known += [t for t in a.take if isinstance(t, Card)]
        elif isinstance(a, (SwapAll, SwitchOpen, SwitchClosed)) and o is not None:
            o.known = []
        if not isinstance(a, (Draw, Take)):   # a complete turn
            moves_made += 1
            if o is not None:
                o.turns += 1
                if knocker is not None and seat != knocker:
                    o.final_done = True
    if getattr(obs, "phase", "") == "discard" or any(isinstance(a, Discard)
                                                     for a in obs.legal_actions):
        must_discard = True
    else:
        must_discard = False
    # Opponents' known cards must still be out of sight elsewhere: drop any now public.
    public = tuple(obs.middle) if rules.family in ("swap", "switch") else \
        tuple(c for c in obs.widow if c is not None)
    pile_now = tuple(obs.discard_pile)
    visible = set(public) | set(pile_now) | set(obs.hand)
    for o in opp.values():
        o.known = [c for c in dict.fromkeys(o.known) if c not in visible][:3]
    knocker = obs.knocker if obs.knocker is not None else knocker
    if upcard is None and pile and pile[0] is None and len(pile) == len(pile_now) and pile_now:
        upcard = pile_now[0]    # never taken: still at the bottom of the pile
    for o in opp.values():
        o.events = [(e[0], upcard if e[1] is _UPCARD else None if e[1] is _NO_TOP else e[1],
                     *e[2:]) for e in o.events]
    return View(rules=rules, seat=me, hand=tuple(obs.hand), legal=tuple(obs.legal_actions),
                opponents=[opp[s] for s in order], knocker=knocker,
                top=pile_now[-1] if pile_now else None, public=public,
                gone=pile_now[:-1], widow_hidden=sum(1 for c in obs.widow if c is None),
                stock=obs.stock_count, my_turns=obs.own_turns, must_discard=must_discard,
                lives=tuple(obs.lives),
                just_took=obs.just_drawn if obs.took_from_discard else None)


# --- the bots and the hint, as the rest of the engine calls them ----------------------------

def _special_phase(obs: Any) -> Action | None:
    """The dealer's choice of hand is left to the basic rule (it is rare and simple)."""
    if getattr(obs, "phase", "") == "choose":
        from .bots import basic_policy
        return basic_policy(obs)
    if len(obs.legal_actions) == 1:
        return obs.legal_actions[0]
    return None


def standard_policy(obs: Any, knock_at: float = DEFAULT_KNOCK_AT) -> Action:
    """The ``standard`` move for an observation (deterministic, uses no randomness)."""
    special = _special_phase(obs)
    if special is not None:
        return special
    return standard_decision(view_from_observation(obs), knock_at)


def expert_policy(obs: Any) -> Action:
    """The ``expert`` move for an observation (deterministic for a given observation)."""
    special = _special_phase(obs)
    if special is not None:
        return special
    return expert_decision(view_from_observation(obs)).action


def hint(observation: Any, rules: Rules | None = None) -> Hint:
    """The expert's move for the seat of ``observation``, with a reason a learner can follow
    and the numbers behind it. Reads only the observation; changes nothing and draws from no
    shared random stream."""
    if not observation.legal_actions:
        raise ValueError("It is not this player's turn, so there is no move to suggest.")
    special = _special_phase(observation)
    view = view_from_observation(observation, rules)
    if special is not None:
        if getattr(observation, "phase", "") == "choose":
            reason = ("Keep this hand: it is worth at least an average dealt hand."
                      if isinstance(special, Stand) else
                      "Take the other hand: this one is worth less than an average dealt hand.")
            return Hint(special, reason, {"value": knock_points(view.hand, view.rules)})
        return Hint(special, f"{str(special).capitalize()}: it is the only legal move.", {})
    return hint_for_view(view)


def _register() -> None:
    from .bots import register_bot

    def standard_factory(knock_at: float):
        def choose(obs: Any, rng: np.random.Generator) -> Action:
            return standard_policy(obs, knock_at)
        choose.__name__ = f"standard_{knock_at:g}"
        return choose

    def expert_factory(knock_at: float):
        def choose(obs: Any, rng: np.random.Generator) -> Action:
            return expert_policy(obs)
        choose.__name__ = "expert"
        return choose

    register_bot("standard", standard_factory)
    register_bot("expert", expert_factory)


_register()


def bench_strength(quick: bool = False) -> list[dict]:
    """The bot-strength benchmark (``thirtyone.bench_bots``), where ``thirtyone.bench``
    looks for it."""
    from .bench_bots import bench_strength as run
    return run(quick)
