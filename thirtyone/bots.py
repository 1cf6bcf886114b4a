"""Bots for the table families. A bot is ``choose(observation, rng) -> Action``.

It sees only an ``Observation`` (its own hand, the public cards, the move history), never the
hidden state. ``BOTS`` maps a level to a bot with the default knock threshold;
``make_bot(level, knock_at)`` builds one with another threshold. Stronger levels
(``standard``, ``expert``) live in ``thirtyone.strategy``, which registers them here with
``register_bot``; ``make_bot`` imports it on first use of an unknown level.

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
- Widow family: as the swap family over the face-up widow cards (an exchange of one or more
  cards; ties: fewer cards given, then fewest points given). When no known exchange improves
  the hand, it gives its weakest card (the one whose removal leaves the best pair, ties:
  fewest points, then the last) for the first face-down widow card; with no face-down card
  left it knocks if it may (else the known exchange that keeps the highest value); on a
  final turn it stands.
- The dealer's choice of hand (``dealer_two_hands``): where the second hand is unseen, keep
  the first if it is worth at least the average dealt hand, else take the second; where both
  are seen (switch), keep the better one (the first on a tie).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations

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
    SwitchOpen,
    Take,
)
from .cards import Card
from .game import Observation, hand_key
from .rules import Rules

Bot = Callable[[Observation, np.random.Generator], Action]

BOTS: dict[str, Bot] = {}
_FACTORIES: dict[str, Callable[[float], Bot]] = {}
DEFAULT_KNOCK_AT = 25.0
BRAG_KNOCK_CLASS = 2   # brag hands: basic bots knock ("stop the bus") from a flush up


def register_bot(level: str, factory: Callable[[float], Bot]) -> None:
    """Add a bot level: ``factory(knock_at)`` returns its ``choose`` function."""
    _FACTORIES[level] = factory
    BOTS[level] = factory(DEFAULT_KNOCK_AT)


def make_bot(level: str, knock_at: float = DEFAULT_KNOCK_AT) -> Bot:
    """The ``choose`` function of a bot level with the given knock threshold."""
    if level not in _FACTORIES:
        # the stronger levels register themselves when their module is imported
        with contextlib.suppress(ImportError):
            from . import strategy  # noqa: F401
    if level not in _FACTORIES:
        raise ValueError(f"Unknown bot level '{level}'; levels are: {', '.join(_FACTORIES)}.")
    return _FACTORIES[level](float(knock_at))


# --- random -------------------------------------------------------------------------------

def random_bot(obs: Observation, rng: np.random.Generator) -> Action:
    """A uniformly random legal move."""
    legal = obs.legal_actions
    if not legal:
        raise ValueError("It is not this player's turn.")
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
    best: tuple | None = None
    choice = hand[-1]
    for i, c in enumerate(hand):
        if c == never:
            continue
        rest = hand[:i] + hand[i + 1:]
        key = (hand_key(rest, rules), -c.points, i)
        if best is None or key > best:
            best, choice = key, c
    return choice


def _value_after_take(hand: tuple[Card, ...], top: Card, rules: Rules) -> tuple:
    return max(hand_key(hand[:i] + hand[i + 1:] + (top,), rules) for i in range(len(hand)))


@lru_cache(maxsize=64)
def _mean_dealt(rules: Rules) -> float:
    from .odds import dealt_distribution
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
    best_key: tuple | None = None
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
    best_key: tuple | None = None
    best_pick: tuple | None = None
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
    if best is not None and best_key is not None and best_key[0] > cur and best in legal:
        return best
    if Stand() in legal:
        return Stand()
    down = [i for i, c in enumerate(obs.widow) if c is None]
    if down:
        give = _weakest(hand, r)
        return Exchange((give,), (down[0],))
    if Knock() in legal:
        return Knock()       # nothing known helps and nothing unknown is left (our reading)
    if best is not None and best in legal:
        return best
    return legal[0]


def _pair_value(cards: tuple[Card, ...], rules: Rules) -> tuple:
    if rules.hand_value == "brag":
        a, b = cards
        return (int(a.rank == b.rank), max(a.rank, b.rank), min(a.rank, b.rank))
    if cards[0].suit == cards[1].suit:
        return (cards[0].points + cards[1].points,)
    return (max(cards[0].points, cards[1].points),)


def _weakest(hand: tuple[Card, ...], rules: Rules) -> Card:
    best: tuple | None = None
    choice = hand[-1]
    for i, c in enumerate(hand):
        key = (_pair_value(hand[:i] + hand[i + 1:], rules), -c.points, i)
        if best is None or key > best:
            best, choice = key, c
    return choice


def basic_policy(obs: Observation, knock_at: float = DEFAULT_KNOCK_AT) -> Action:
    """The ``basic`` move for this observation (deterministic)."""
    r = obs.rules
    legal = obs.legal_actions
    if not legal:
        raise ValueError("It is not this player's turn.")
    hand = obs.hand
    if obs.phase == "choose":
        return _choose_hand(obs)
    if obs.phase == "discard":
        never = obs.just_drawn if obs.took_from_discard else None
        return Discard(best_discard(hand, r, never))
    if Knock() in legal and wants_to_knock(hand, r, knock_at):
        return Knock()
    fam = r.family
    if fam == "draw":
        top = obs.discard_top
        if (Take() in legal and top is not None
                and _value_after_take(hand, top, r) > hand_key(hand, r)):
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


def _basic_factory(knock_at: float) -> Bot:
    def choose(obs: Observation, rng: np.random.Generator) -> Action:
        return basic_policy(obs, knock_at)
    choose.__name__ = f"basic_{knock_at:g}"
    return choose


register_bot("random", lambda knock_at: random_bot)
register_bot("basic", _basic_factory)
