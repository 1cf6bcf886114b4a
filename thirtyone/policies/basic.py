"""The random and basic bots for the table families. A bot is ``choose(observation, rng) -> Action``.

It sees only an ``Observation`` (its own hand, the public cards, the move history), never the
hidden state. This module holds the ``random`` and ``basic`` levels; each rule of ``basic``
comes twice, side by side: the scalar form for one observation (``basic_policy``) and the
batched numpy twin over many positions at once for the simulator (``basic_draw_moves``,
``basic_discard``, ``basic_swap_moves``); tests/test_sim_decisions.py pins them together.
The level registry is ``thirtyone.bots``.

The ``basic`` policy (DESIGN.md "Bots"), exactly:

1. If nobody has knocked, knocking is legal and the hand value is at least the threshold
   (default 25 points; brag hands: a flush or better), knock.
2. Draw family: take the top discard if taking it and then making the best discard gives a
   higher value than now; otherwise draw (on a final turn with an empty stock: stand).
   The best discard is the card whose removal leaves the highest value; ties go to the card
   with the fewest points, then to the card drawn last. A card just taken from the discard
   pile is never the discard.
3. Swap family: of every single swap and swap-all, make the one giving the highest value if
   that beats the current value (ties: a single swap before swapping all, then the fewest
   points given away, then hand order, then middle order); else pass (on a final turn:
   stand), or where passing is not allowed the move that keeps the highest value.
4. On a final turn after a knock, the same as 2 and 3.

"Value" compares hands as the showdown does (``hand_key``): where the rules use the
tie-break (Kitty), a hand with the same points but better other cards counts as higher.

Our reading for the families DESIGN.md does not spell out:

- Switch family: as the swap family with the open hand as the middle (``switch open`` is the
  swap-all); the closed hand is never taken. There is no pass: on a normal turn without an
  improving move it knocks if it may (else the move that keeps the highest value); on a
  final turn it stands.
- Widow family with its stock (Kitty as seed 000 plays it): the best exchange with the
  face-up widow cards (as below) if it improves the hand at least as much as taking the top
  discard would; else take the top discard if that improves the hand; else draw from the
  stock and discard as in 2 (on a final turn with an empty stock: stand). A face-down widow
  card is never taken: drawing sees the new card before giving one up.
- Widow family with ``widow_only``: as the swap family over the face-up widow cards (an
  exchange of one or more cards; ties: fewer cards given, then fewest points given). When
  no known exchange improves the hand, it gives its weakest card (the one whose removal leaves the best pair, ties:
  fewest points, then the last) for the first face-down widow card; with no face-down card
  left it knocks if it may (else the known exchange that keeps the highest value); on a
  final turn it stands.
- The dealer's choice of hand (``dealer_two_hands``): where the second hand is unseen, keep
  the first if it is worth at least the average dealt hand, else take the second; where both
  are seen (switch), keep the better one (the first on a tie).
- The Switch restart (every level): call it exactly when this showdown, if it stands, would
  cost the bot (a life lost, a low score, or the pot missed); otherwise let it stand.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

import numpy as np

from ..core.actions import (
    Action,
    Discard,
    Draw,
    Exchange,
    Knock,
    NoRestart,
    Pass,
    Restart,
    Stand,
    Swap,
    SwapAll,
    SwitchOpen,
    Take,
)
from ..core.cards import Card
from ..core.lookup import CARD_POINTS, flat, hand_lookup, replaced
from ..core.rules import Rules
from ..game.hands import hand_key
from ..game.restart import loses_at_showdown
from ..game.table import Observation
from ..i18n import _
from ..odds.dealt import dealt_distribution

DEFAULT_KNOCK_AT = 25.0
BRAG_KNOCK_CLASS = 2   # brag hands: basic bots knock ("stop the bus") from a flush up


# --- random -------------------------------------------------------------------------------

def random_bot(obs: Observation, rng: np.random.Generator) -> Action:
    """A uniformly random legal move."""
    legal = obs.legal_actions
    if not legal:
        raise ValueError(_("It is not this player's turn."))
    return legal[int(rng.integers(len(legal)))]


# --- basic --------------------------------------------------------------------------------

def wants_to_knock(hand: tuple[Card, ...], rules: Rules, knock_at: float) -> bool:
    """Rule 1's threshold test."""
    k = hand_key(hand, rules)
    if rules.hand_value == "brag":
        return k[0] >= BRAG_KNOCK_CLASS
    return k[0] >= knock_at


def best_discard(hand: tuple[Card, ...], rules: Rules, never: Card | None = None) -> Card:
    """The card whose removal leaves the highest value; ties: fewest points, then the card
    drawn last (later in the hand). ``never`` is excluded (the card just taken)."""
    best: tuple[Any, ...] | None = None
    choice = hand[-1]
    for i, c in enumerate(hand):
        if c == never:
            continue
        rest = hand[:i] + hand[i + 1:]
        key = (hand_key(rest, rules), -c.points, i)
        if best is None or key > best:
            best, choice = key, c
    return choice


def value_after_take(hand: tuple[Card, ...], top: Card, rules: Rules) -> tuple[float, ...]:
    return max(hand_key(hand[:i] + hand[i + 1:] + (top,), rules) for i in range(len(hand)))


@lru_cache(maxsize=64)
def _mean_dealt(rules: Rules) -> float:
    mean = dealt_distribution(rules).mean
    return float(mean) if mean is not None else 0.0


def _choose_hand(obs: Observation) -> Action:
    r = obs.rules
    if obs.spare_hand is not None:
        keep = hand_key(obs.hand, r) >= hand_key(obs.spare_hand, r)
    elif r.hand_value == "brag":
        keep = hand_key(obs.hand, r)[0] >= 1   # a pair or better
    else:
        keep = hand_key(obs.hand, r)[0] >= _mean_dealt(r)
    return Stand() if keep else SwapAll()


def _swap_like(obs: Observation, whole: Action) -> Action:
    """Rule 3 (swap family; switch with the open hand as the middle)."""
    r = obs.rules
    legal = obs.legal_actions
    hand, middle = obs.hand, obs.middle
    cur = hand_key(hand, r)
    best_key: tuple[Any, ...] | None = None
    best: Action | None = None
    order = 0
    for i, h in enumerate(hand):
        for m in middle:
            order += 1
            new = hand[:i] + (m,) + hand[i + 1:]
            key = (hand_key(new, r), 1, -h.points, -order)
            if best_key is None or key > best_key:
                best_key, best = key, Swap(h, m)
    if whole in legal and len(middle) == 3:
        key = (hand_key(middle, r), 0, -sum(c.points for c in hand), -order - 1)
        if best_key is None or key > best_key:
            best_key, best = key, whole
    if best is not None and best_key is not None and best_key[0] > cur:
        return best
    for keep in (Pass(), Stand()):
        if keep in legal:
            return keep
    if whole == SwitchOpen() and Knock() in legal:
        return Knock()       # switch: nothing to gain from the open hand (our reading)
    assert best is not None
    return best


def _widow_move(obs: Observation) -> Action:
    r = obs.rules
    legal = obs.legal_actions
    hand = obs.hand
    cur = hand_key(hand, r)
    up = [c for c in obs.widow if c is not None]
    cards = sorted(hand)
    best_key: tuple[Any, ...] | None = None
    best_pick: tuple[Any, ...] | None = None
    for k in range(1, min(3, len(up)) + 1):
        for give in combinations(range(3), k):
            kept = [cards[i] for i in range(3) if i not in give]
            given = -sum(cards[i].points for i in give)
            for take in combinations(up, k):
                key = (hand_key(kept + list(take), r), -k, given)
                if best_key is None or key > best_key:
                    best_key, best_pick = key, (give, take)
    best: Action | None = None
    if best_pick is not None:
        best = Exchange(tuple(cards[i] for i in best_pick[0]), tuple(best_pick[1]))
    if r.draws:
        # Kitty with its stock (RULES.md 3c): the best face-up exchange against taking the
        # top discard; else draw, as in the draw family (a blind draw sees four cards before
        # throwing one, a blind exchange gives a card up unseen)
        top = obs.discard_top
        taken = (value_after_take(hand, top, r) if Take() in legal and top is not None
                 else None)
        if best is not None and best_key is not None and best_key[0] > cur and best in legal \
                and (taken is None or best_key[0] >= taken):
            return best
        if taken is not None and taken > cur:
            return Take()
        if Draw() in legal:
            return Draw()
        if Stand() in legal:
            return Stand()
    if best is not None and best_key is not None and best_key[0] > cur and best in legal:
        return best
    if Stand() in legal:
        return Stand()
    down = [i for i, c in enumerate(obs.widow) if c is None]
    if down:
        weakest = _weakest(hand, r)
        return Exchange((weakest,), (down[0],))
    if Knock() in legal:
        return Knock()       # nothing known helps and nothing unknown is left (our reading)
    if best is not None and best in legal:
        return best
    return legal[0]


def _pair_value(cards: tuple[Card, ...], rules: Rules) -> tuple[float, ...]:
    if rules.hand_value == "brag":
        a, b = cards
        return (int(a.rank == b.rank), max(a.rank, b.rank), min(a.rank, b.rank))
    if cards[0].suit == cards[1].suit or (rules.same_rank and cards[0].rank == cards[1].rank):
        return (cards[0].points + cards[1].points,)
    return (max(cards[0].points, cards[1].points),)


def _weakest(hand: tuple[Card, ...], rules: Rules) -> Card:
    best: tuple[Any, ...] | None = None
    choice = hand[-1]
    for i, c in enumerate(hand):
        key = (_pair_value(hand[:i] + hand[i + 1:], rules), -c.points, i)
        if best is None or key > best:
            best, choice = key, c
    return choice


def restart_choice(obs: Observation) -> Action:
    """Switch restart: call it exactly when this showdown would cost this seat (the hands
    are all shown by now)."""
    if loses_at_showdown(obs.hands, obs.seat, obs.knocker, obs.rules):
        return Restart()
    return NoRestart()


def basic_policy(obs: Observation, knock_at: float = DEFAULT_KNOCK_AT) -> Action:
    """The ``basic`` move for this observation (deterministic)."""
    r = obs.rules
    legal = obs.legal_actions
    if not legal:
        raise ValueError(_("It is not this player's turn."))
    hand = obs.hand
    if obs.phase == "choose":
        return _choose_hand(obs)
    if obs.phase == "restart":
        return restart_choice(obs)
    if obs.phase == "discard":
        never = obs.just_drawn if obs.took_from_discard else None
        return Discard(best_discard(hand, r, never))
    if Knock() in legal and wants_to_knock(hand, r, knock_at):
        return Knock()
    fam = r.family
    if fam == "draw":
        top = obs.discard_top
        if (Take() in legal and top is not None
                and value_after_take(hand, top, r) > hand_key(hand, r)):
            return Take()
        if Draw() in legal:
            return Draw()
        if Stand() in legal:
            return Stand()
        return Take()
    if fam == "swap":
        return _swap_like(obs, SwapAll())
    if fam == "switch":
        return _swap_like(obs, SwitchOpen())
    return _widow_move(obs)


# --- the basic bot for many positions at once (the simulator) ---------------------------

def knock_threshold2(rules: Rules, knock_at: float) -> int:
    """The knock threshold on the ``value2`` scale (half points; brag: the class)."""
    if rules.hand_value == "brag":
        # Brag values are classes; a threshold in points has no meaning there, so basic
        # bots stop the bus from a flush up (our reading, shared with the table engine).
        return 2
    return int(np.ceil(knock_at * 2 - 1e-9))


def basic_draw_moves(rules: Rules, thr2: int, h: np.ndarray, top: np.ndarray,
                     drawn: np.ndarray, may_knock: np.ndarray, has_stock: np.ndarray
                     ) -> tuple[np.ndarray, np.ndarray]:
    """The basic bot's draw-family turn for hands ``h`` (R, 3) in the order the cards came.

    Returns (move, discard): move 0 draw, 1 take, 2 knock, 3 stand; discard is the hand
    position 0..2, or 3 for the card just drawn. ``drawn`` is the card the stock would give.
    """
    S, V = hand_lookup(rules)
    R = len(h)
    cur = S[flat(h[:, 0], h[:, 1], h[:, 2])]
    hp = CARD_POINTS[h]
    knock = may_knock & (V[flat(h[:, 0], h[:, 1], h[:, 2])] >= thr2)
    # take: the taken card stays, so the discard is one of the three old cards; best value,
    # then the fewest points, then the card that came last
    tv = S[replaced(h, top)]
    jt = (tv * 1024 - hp * 4 + np.arange(3)).argmax(axis=1)
    take = ~knock & (tv[np.arange(R), jt] > cur)
    jd = basic_discard(rules, h, drawn)
    stand = ~knock & ~take & ~has_stock
    move = np.select([knock, take, stand], [2, 1, 3], 0).astype(np.int8)
    return move, np.where(take, jt, jd)


def basic_discard(rules: Rules, h: np.ndarray, new: np.ndarray,
                  among: np.ndarray | None = None) -> np.ndarray:
    """The basic bot's discard from hands ``h`` (R, 3) plus the card ``new``: the position
    (0..2 in ``h``, 3 for ``new``) whose removal leaves the highest value; ties go to the
    card with the fewest points, then to the card that came last. ``among`` (R, 4), if
    given, limits the choice to the positions marked True."""
    S, _value2 = hand_lookup(rules)
    cur = S[flat(h[:, 0], h[:, 1], h[:, 2])]
    dv = np.concatenate([S[replaced(h, new)], cur[:, None]], axis=1)
    dp = np.concatenate([CARD_POINTS[h], CARD_POINTS[new][:, None]], axis=1)
    key = dv.astype(np.int64) * 1024 - dp * 4 + np.arange(4)
    if among is not None:
        key = np.where(among, key, np.iinfo(np.int64).min)
    choice: np.ndarray = key.argmax(axis=1)
    return choice


def basic_swap_moves(rules: Rules, thr2: int, h: np.ndarray, mid: np.ndarray,
                     may_knock: np.ndarray, final: np.ndarray) -> np.ndarray:
    """The basic bot's swap-family turn: move 0..8 swaps hand card ``move // 3`` for middle
    card ``move % 3``, 9 swaps all, 10 passes (or stands on a final turn), 11 knocks."""
    S, V = hand_lookup(rules)
    R = len(h)
    vals = np.empty((R, 10), dtype=np.int64)
    for i in range(3):
        for j in range(3):
            hh = h.copy()
            hh[:, i] = mid[:, j]
            vals[:, 3 * i + j] = S[flat(hh[:, 0], hh[:, 1], hh[:, 2])]
    vals[:, 9] = (S[flat(mid[:, 0], mid[:, 1], mid[:, 2])] if rules.allow_swap_all
                  else -(1 << 40))
    given = np.empty((R, 10), dtype=np.int64)
    given[:, :9] = np.repeat(CARD_POINTS[h], 3, axis=1)
    given[:, 9] = CARD_POINTS[h].sum(axis=1)
    # best value; ties: a single swap before swapping all, then the fewest points given
    # away, then the first in hand order, then in middle order
    key = vals * 4096 + (np.arange(10) < 9) * 2048 - given * 32 - np.arange(10)
    best = key.argmax(axis=1)
    best_val = vals[np.arange(R), best]
    cur = S[flat(h[:, 0], h[:, 1], h[:, 2])]
    knock = may_knock & (V[flat(h[:, 0], h[:, 1], h[:, 2])] >= thr2)
    keep = (best_val <= cur) & (rules.allow_pass | final)
    return np.select([knock, keep], [11, 10], best)
