"""What one seat knows, gathered from its observation, and the hand arithmetic the
``standard`` and ``expert`` policies share.

- ``view_from_observation(obs)`` turns an observation into a ``View``: the own hand, the
  public cards and, per opponent, what its public moves tell (``Opponent``);
- ``value_table(rules)``: every three-card hand's strength as a 52x52x52 table, with
  ``best_three``, ``outs`` and ``expected_after_draw`` over rows of card indices;
- ``Sample`` and ``result_hands``: hidden cards dealt at random and a move's resulting hand in
  each deal (the swap, switch and widow families);
- ``knock_points``: the number a knock bar is compared with, for every hand value.

>>> from thirtyone.core.rules import get_variant
>>> lut = value_table(get_variant("scat").rules)
>>> float(lut[card_index("AH"), card_index("KH"), card_index("9S")])
21.0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, permutations
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
from ..core.cards import Card, card_from_index, make_pack, parse_card
from ..core.lookup import hand_strengths, hand_table
from ..core.rules import Rules, get_variant
from ..core.scoring import score
from ..game.families import family_class
from ..game.settle import first_knock_turn, stock_out_outcome
from ..game.values import Observation
from .basic import basic_policy

# Widow, switch and no-pass swap games use no stock, so only a knock ends a round: both bots
# knock at the latest on their turn number 13 of a round (r = 12), whatever they hold.
MAX_TURNS_BEFORE_KNOCK = 12


def card_index(card: Card | str) -> int:
    return (parse_card(card) if isinstance(card, str) else card).index


@dataclass(frozen=True)
class ValueTable:
    """``strength[i, j, k]``: how good the hand of card indices i, j, k is (higher is better,
    -1 for impossible hands); ``instant[i, j, k]``: 1 for a blitz (31), 2 for fire."""

    strength: np.ndarray
    instant: np.ndarray

    def __getitem__(self, key: Any) -> np.ndarray:
        found: np.ndarray = self.strength[key]
        return found


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
def combos_keeping(n: int, must: int) -> np.ndarray:
    """Index triples choosing three of ``n`` columns that contain the first ``must``."""
    rest = [tuple(range(must)) + c for c in combinations(range(must, n), 3 - must)]
    return np.array(rest, dtype=np.intp).reshape(-1, 3)


def best_three(cards: np.ndarray, vt: ValueTable, must: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """For rows of card indices (S, N), the best hand of three keeping the first ``must``
    columns: (strengths (S,), the three cards (S, 3))."""
    cards = np.asarray(cards, dtype=np.intp)
    combos = combos_keeping(cards.shape[1], must)
    vals = vt.strength[cards[:, combos[:, 0]], cards[:, combos[:, 1]], cards[:, combos[:, 2]]]
    best = vals.argmax(axis=1)
    rows = np.arange(len(cards))[:, None]
    return vals[np.arange(len(cards)), best], cards[rows, combos[best]]


def strength_of(hand: tuple[Card, ...] | list[int], vt: ValueTable) -> float:
    idx = [c.index if isinstance(c, Card) else int(c) for c in hand]
    return float(vt.strength[idx[0], idx[1], idx[2]])


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
    events: list[tuple[Any, ...]] = field(default_factory=list)  # its public moves this round (belief.posterior)


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


@dataclass
class Sample:
    """Sampled hidden hands of the opponents: now, and after one more card each."""

    now: list[np.ndarray]        # per opponent (S, 3) card indices
    now_val: list[np.ndarray]
    nxt: list[np.ndarray]
    nxt_val: list[np.ndarray]
    stock: np.ndarray            # (S, k) further unseen cards, as the stock may deliver them
    weight: np.ndarray           # (S,) how well each deal fits what was seen


def expected_after_draw(hands: np.ndarray, unseen: np.ndarray, vt: ValueTable) -> np.ndarray:
    """Exact expected strength of each three-card hand after one more blind draw from the
    unseen cards and the best discard."""
    m, u = len(hands), len(unseen)
    found: np.ndarray
    if u == 0:
        found = vt.strength[hands[:, 0], hands[:, 1], hands[:, 2]]
        return found
    cards = np.hstack([np.repeat(hands, u, axis=0), np.tile(unseen, m)[:, None]])
    found = best_three(cards, vt)[0].reshape(m, u).mean(axis=1)
    return found


def card_indices(cards: tuple[Card, ...] | list[Card]) -> np.ndarray:
    return np.array([c.index for c in cards], dtype=np.intp)


def stock_column(s: Sample, j: int) -> np.ndarray:
    return s.stock[:, j % s.stock.shape[1]]


def result_hands(view: View, a: Action, s: Sample) -> tuple[np.ndarray, tuple[Card, ...]]:
    """The hand after a non-knock move in every sampled deal (unknown cards come from the
    sampled stock), and the open cards the next players will see."""
    n = len(s.weight)
    hand = list(view.hand)
    public = list(view.public)
    if isinstance(a, Swap):
        new = [a.take if c == a.give else c for c in hand]
        return np.tile(card_indices(new), (n, 1)), tuple(a.give if c == a.take else c for c in public)
    if isinstance(a, (SwapAll, SwitchOpen)):
        return np.tile(card_indices(public), (n, 1)), tuple(hand)
    if isinstance(a, SwitchClosed):
        return s.stock[:, :3] if s.stock.shape[1] >= 3 else np.tile(card_indices(hand), (n, 1)), \
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
                cols.append(stock_column(s, 3 + k))
                k += 1
        return np.stack(cols, axis=1).astype(np.intp), tuple(shown)
    return np.tile(card_indices(hand), (n, 1)), tuple(public)


def cards_of(row: np.ndarray) -> tuple[Card, ...]:
    return tuple(card_from_index(int(i)) for i in row)


@lru_cache(maxsize=8)
def scat_values_sorted() -> np.ndarray:
    return np.sort(hand_table(get_variant("scat").rules).values)


@lru_cache(maxsize=32)
def sorted_strengths(rules: Rules) -> np.ndarray:
    return np.sort(hand_strengths(rules))


def knock_points(hand: tuple[Card, ...], rules: Rules) -> float:
    """The number compared with the knock threshold: the hand's points for suit sums; for
    other hand values, the scat points of a hand that beats the same share of dealt hands."""
    if rules.hand_value == "suit_sum":
        return score(hand, rules).number
    vt = value_table(rules)
    mine = strength_of(hand, vt)
    srt = sorted_strengths(rules)
    share = np.searchsorted(srt, mine, side="left") / len(srt)
    scat = scat_values_sorted()
    return float(scat[min(int(share * len(scat)), len(scat) - 1)])


def outs(hand: np.ndarray, unseen: np.ndarray, vt: ValueTable) -> np.ndarray:
    """For rows of three-card hands, how many unseen cards would improve each."""
    m, u = len(hand), len(unseen)
    if u == 0:
        return np.zeros(m, dtype=int)
    base = vt.strength[hand[:, 0], hand[:, 1], hand[:, 2]]
    cards = np.hstack([np.repeat(hand, u, axis=0), np.tile(unseen, m)[:, None]])
    count: np.ndarray = (best_three(cards, vt)[0].reshape(m, u) > base[:, None]).sum(axis=1)
    return count


def _track(o: Opponent | None, move: Any, pile: list[Card | None], after: bool) -> None:
    """One public move's effect on the discard pile and on what is known of its player
    ``o`` (None: this seat). ``after``: somebody has knocked."""
    a = move.action
    if isinstance(a, Knock):
        if o is not None:
            o.events.append(("knock", o.turns))
    elif isinstance(a, Draw):
        if o is not None:
            o.draws += 1
            o.events.append(("draw", pile[-1] if pile else None, after))
    elif isinstance(a, Take):
        if pile:
            pile.pop()
        if o is not None:
            o.events.append(("take", move.card, after))
            if move.card is not None:
                o.known.append(move.card)
    elif isinstance(a, Discard):
        pile.append(a.card)
        if o is not None:
            o.events.append(("discard", a.card, after))
            o.last_discard = a.card
            if a.card in o.known:
                o.known.remove(a.card)
    elif o is None:
        return
    elif isinstance(a, Swap):
        if a.give in o.known:
            o.known.remove(a.give)
        o.known.append(a.take)
    elif isinstance(a, Exchange):
        for g in a.give:
            if g in o.known:
                o.known.remove(g)
        o.known += [t for t in a.take if isinstance(t, Card)]
    elif isinstance(a, (SwapAll, SwitchOpen, SwitchClosed)):
        o.known = []


def view_from_observation(obs: Any, rules: Rules | None = None) -> View:
    """Everything a strategy needs, taken only from ``obs`` (a ``thirtyone.game.table.Observation``):
    the own hand, public cards and the structured public history of this round
    (``obs.public_moves`` and ``obs.upcard``; never the sentences of the log)."""
    rules = rules or obs.rules
    n = len(obs.players)
    me = obs.seat
    active = [s for s in range(n) if not obs.out[s]]
    if me not in active:
        active = sorted(set(active) | {me})
    order = [(me + k) % n for k in range(1, n) if (me + k) % n in active]
    styles = tuple(obs.styles or ())
    opp = {s: Opponent(s, style=styles[s] if s < len(styles) else None) for s in order}
    upcard: Card | None = obs.upcard if rules.draws else None
    pile: list[Card | None] = [upcard] if rules.draws else []
    stock = rules.pack - 3 * len(active) - (1 if rules.draws else 0) - \
        family_class(rules).widow_size
    knocker = None
    moves_made = 0
    may_knock_after = first_knock_turn(rules, len(active))
    for move in obs.public_moves:
        seat, a = move.seat, move.action
        o = opp.get(seat)
        starts_turn = isinstance(a, (Draw, Take, Knock, Stand, Swap, SwapAll, Pass, Exchange,
                                     SwitchOpen, SwitchClosed))
        if starts_turn and knocker is None and rules.draws and stock <= 0 \
                and stock_out_outcome(rules, len(pile) >= 2) == "reshuffle":
            stock, pile = len(pile) - 1, pile[-1:]
        if o is not None and starts_turn and not isinstance(a, Knock) and knocker is None \
                and moves_made >= may_knock_after:
            o.declined_knock = True
            o.events.append(("decline", o.turns))
        after = knocker is not None
        if isinstance(a, Knock):
            knocker = seat
        elif isinstance(a, Draw):
            stock -= 1
        _track(o, move, pile, after)
        if not isinstance(a, (Draw, Take)):   # a complete turn
            moves_made += 1
            if o is not None:
                o.turns += 1
                if knocker is not None and seat != knocker:
                    o.final_done = True
    must_discard = obs.phase == "discard" or any(isinstance(a, Discard)
                                                 for a in obs.legal_actions)
    # Opponents' known cards must still be out of sight elsewhere: drop any now public.
    public = tuple(obs.middle) if family_class(rules).open_cards else \
        tuple(c for c in obs.widow if c is not None)
    pile_now = tuple(obs.discard_pile)
    visible = set(public) | set(pile_now) | set(obs.hand)
    for o in opp.values():
        o.known = [c for c in dict.fromkeys(o.known) if c not in visible][:3]
    knocker = obs.knocker if obs.knocker is not None else knocker
    return View(rules=rules, seat=me, hand=tuple(obs.hand), legal=tuple(obs.legal_actions),
                opponents=[opp[s] for s in order], knocker=knocker,
                top=pile_now[-1] if pile_now else None, public=public,
                gone=pile_now[:-1], widow_hidden=sum(1 for c in obs.widow if c is None),
                stock=obs.stock_count, my_turns=obs.own_turns, must_discard=must_discard,
                lives=tuple(obs.lives),
                just_took=obs.just_drawn if obs.took_from_discard else None)


def special_phase(obs: Observation) -> Action | None:
    """The dealer's choice of hand and the Switch restart are left to the basic rule (they
    are rare and simple)."""
    if obs.phase in ("choose", "restart"):
        return basic_policy(obs)
    if len(obs.legal_actions) == 1:
        return obs.legal_actions[0]
    return None




# --- Kitty with its stock: the widow's face-up cards beside draw and take (RULES.md 3c) ------

@dataclass(frozen=True)
class KnownExchange:
    """The best legal exchange that takes only face-up widow cards: the move, the hand it
    leaves (card indices) and that hand's strength."""

    action: Exchange
    hand: np.ndarray
    strength: float


def best_known_exchange(view: View, vt: ValueTable) -> KnownExchange | None:
    """Of the legal exchanges that take only face-up widow cards (nothing unknown), the one
    leaving the strongest hand (ties: fewer cards given, then fewest points given); None if
    there is none. The widow family's part of a turn that may also draw or take."""
    best: tuple[tuple[float, int, int], KnownExchange] | None = None
    for a in view.legal:
        if not isinstance(a, Exchange):
            continue
        take = [t for t in a.take if isinstance(t, Card)]
        if len(take) != len(a.take):            # a face-down card: unknown
            continue
        kept = [c for c in view.hand if c not in a.give] + take
        h = card_indices(kept)
        v = float(vt.strength[h[0], h[1], h[2]])
        key = (v, -len(a.give), -sum(c.points for c in a.give))
        if best is None or key > best[0]:
            best = (key, KnownExchange(a, h, v))
    return None if best is None else best[1]


def without_exchanges(view: View) -> View:
    """The same view with the widow exchanges left out of the legal moves: what the draw
    family's rules decide between (draw, take, knock, stand, discard)."""
    from dataclasses import replace
    return replace(view, legal=tuple(a for a in view.legal if not isinstance(a, Exchange)))
