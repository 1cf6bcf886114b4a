"""The odds code as it was before the speed work (issue 16, item 4), kept word for word as
the reference the faster code is checked against (tests/test_odds_speed.py).

Racing to 31 alone: the best draw-and-discard policy by dynamic programming.

The model (what is simplified, on purpose):

* One player, alone. Each turn the player draws one card and then discards one of the four
  cards held (the drawn card may go straight back). Taking the top discard is never useful
  alone: it is the card just thrown away.
* **Every draw is equally likely to be any card not in the hand.** The cards you threw away
  are shuffled back, as if the stock were endless; other players' hands are unknown, so
  from your seat they are part of the unseen cards too. In a real game your own discards
  cannot come back (until a reshuffle); ``sim.race.simulate_race(..., discards_gone=True)`` measures
  how much that changes the answer: the model is cautious. Playing the fastest policy
  against a real stock, 31 within 10 turns comes 47.5 % of the time with 32 cards (model
  39.5 %) and 18.4 % with 52 cards (model 15.6 %).
* Knocking, the other players and the stock running out are ignored.
* It fits only the draw family. In the swap, switch and widow games nobody draws: a turn
  swaps with open cards that the other players keep changing, so ``race_withheld`` gives the
  reason and ``solve_race`` refuses those rules (the Odds lab withholds the plot there).
* The goal is a *target* hand: by default a hand worth 31 or more (a blitz, or fire where it
  is worth more); ``target`` can be lowered, e.g. 27, to ask how fast a knockable hand comes.

The state is the three-card hand. Hands that differ only by renaming suits behave the same
(every hand value in the rules is blind to which suit is which), and where three of a kind
earns nothing the ten, jack, queen and king are alike too; so the dynamic programming runs
over classes of hands: 810 classes for 52 cards instead of 22,100 hands, 105 for 32 cards
instead of 4,960 (1,755 and 400 when three of a kind counts and ranks must stay apart).

Two optimal answers are computed:

* ``best_within[k]``: the highest possible chance of holding the target within k turns
  (backward induction, a separate best policy for every k);
* the policy with the fewest expected turns to the target (policy iteration, solved exactly
  by linear algebra), with its chance of holding the target within k turns.

Both are compared with the ``basic`` bot's discard rule (DESIGN.md, Bots, rule 2): discard the
card whose removal leaves the highest value; ties to the card with the fewest points, then to
the card drawn last.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

import numpy as np

from thirtyone.core.cards import Card
from thirtyone.core.lookup import CARD_POINTS, all_hands
from thirtyone.core.rules import Rules
from thirtyone.odds.tables import OddsError, check_hand_rules, lookup

_PERMS = np.array(list(permutations(range(4))), dtype=np.int64)


def _codes(hands: np.ndarray) -> np.ndarray:
    """One integer per unordered hand (rows of card indices)."""
    s = np.sort(hands, axis=-1).astype(np.int64)
    return s[..., 0] * 2704 + s[..., 1] * 52 + s[..., 2]


@dataclass(frozen=True)
class HandClasses:
    """Hands up to suit renaming, and the moves between them (depends only on the pack)."""

    pack: int
    reps: np.ndarray        # (C, 3) one hand of each class
    sizes: np.ndarray       # (C,) how many dealt hands are in the class
    class_of_code: np.ndarray  # (52**3,) class of a hand code, -1 if not a hand
    draws: np.ndarray       # (C, D) the cards that can be drawn from each representative
    succ: np.ndarray        # (C, D, 4) class after discarding hand card 0, 1, 2, or the draw
    discard_card: np.ndarray  # (C, D, 4) the card thrown away by each choice

    def class_of(self, hands: np.ndarray) -> np.ndarray:
        return self.class_of_code[_codes(np.asarray(hands))]


def _canonical_codes(hands: np.ndarray, merge_tens: bool) -> np.ndarray:
    ranks, suits = hands % 13, hands // 13
    if merge_tens:  # ten, jack, queen and king are alike when only points matter
        ranks = np.where((ranks >= 8) & (ranks <= 11), 8, ranks)
    best = None
    for p in _PERMS:
        c = _codes(p[suits] * 13 + ranks)
        best = c if best is None else np.minimum(best, c)
    return best


def classes_for(rules: Rules) -> HandClasses:
    """The classes for these rules: ten-point cards merge where only points and suits count
    (suit sums without a three-of-a-kind value or same rank counts); brag ranks keep every
    rank apart."""
    return hand_classes(rules.pack, rules.hand_value != "brag" and rules.three_of_a_kind is None
                        and not rules.same_rank)


@lru_cache(maxsize=4)
def hand_classes(pack: int, merge_tens: bool = False) -> HandClasses:
    hands = all_hands(pack).astype(np.int64)
    canon = _canonical_codes(hands, merge_tens)
    _, first, inverse, sizes = np.unique(canon, return_index=True, return_inverse=True,
                                         return_counts=True)
    class_of_code = np.full(52 ** 3, -1, dtype=np.int64)
    class_of_code[_codes(hands)] = inverse
    reps = hands[first]
    cards = np.array(sorted(int(i) for i in np.unique(hands)), dtype=np.int64)
    in_hand = (reps[:, :, None] == cards[None, None, :]).any(axis=1)      # (C, N)
    draws = np.stack([cards[~row] for row in in_hand])                    # (C, N-3)
    c_count, d_count = draws.shape
    cand = np.broadcast_to(reps[:, None, None, :], (c_count, d_count, 4, 3)).copy()
    for i in range(3):
        cand[:, :, i, i] = draws
    succ = class_of_code[_codes(cand)]
    discard_card = np.concatenate([np.broadcast_to(reps[:, None, :], (c_count, d_count, 3)),
                                   draws[:, :, None]], axis=2)
    for a in (reps, sizes, class_of_code, draws, succ, discard_card):
        a.setflags(write=False)
    return HandClasses(pack, reps, sizes, class_of_code, draws, succ, discard_card)


def _target(rules: Rules, target: float) -> np.ndarray:
    hc = classes_for(rules)
    r = hc.reps
    return lookup(rules).points[r[:, 0], r[:, 1], r[:, 2]] >= target


def basic_choices(rules: Rules) -> np.ndarray:
    """(C, D) the discard the ``basic`` bot makes after each draw (index 0..3, 3 = the drawn
    card): highest value kept; ties to the fewest points thrown away, then to the card
    drawn last; remaining ties (two old cards alike) to the first in the hand."""
    hc = classes_for(rules)
    lk = lookup(rules)
    c_count, d_count = hc.draws.shape
    cand = np.broadcast_to(hc.reps[:, None, None, :], (c_count, d_count, 4, 3)).copy()
    for i in range(3):
        cand[:, :, i, i] = hc.draws
    kept = lk.strength[cand[..., 0], cand[..., 1], cand[..., 2]]     # (C, D, 4)
    thrown = CARD_POINTS[hc.discard_card].astype(np.float64)
    # Lexicographic: maximise kept, then minimise thrown points, then the card that came
    # last (the draw, 3; among the hand, the later one).
    keyed = kept * 1e4 - thrown * 10 + np.arange(4)
    return keyed.argmax(axis=-1)


def _next(hc: HandClasses, choice: np.ndarray) -> np.ndarray:
    """(C, D) the class reached after each draw under a discard policy."""
    return np.take_along_axis(hc.succ, choice[..., None], axis=2)[..., 0]


def _expected_turns(nxt: np.ndarray, target: np.ndarray, tol: float = 1e-10) -> np.ndarray:
    """Expected turns to a target class under a policy (``nxt`` from ``_next``); inf where
    the policy can never reach one.

    Solves E = 1 + mean(E[next]) on the other classes by iteration with geometric
    extrapolation of the slowest mode, checked by the residual (sparse, no dense algebra).
    """
    reach = target.copy()
    while True:
        new = reach | reach[nxt].any(axis=1)
        if (new == reach).all():
            break
        reach = new
    # Finite only where getting stuck is impossible: no path to a class that cannot reach.
    bad = ~reach
    while True:
        new = bad | bad[nxt].any(axis=1)
        if (new == bad).all():
            break
        bad = new
    live = ~bad & ~target
    e = np.where(live, 0.0, np.inf)
    e[target] = 0.0
    nxt_live = nxt[live]
    prev_step = None
    for i in range(20_000):
        new_live = 1.0 + e[nxt_live].mean(axis=1)
        step = new_live - e[live]
        e[live] = new_live
        if i % 25 == 24 and prev_step is not None:
            # The error shrinks by a factor r per iteration in the slowest mode; jump ahead.
            r = float(np.dot(step, prev_step) / max(np.dot(prev_step, prev_step), 1e-300))
            if 0 < r < 1:
                e[live] += step * r / (1 - r)
            resid = np.abs(1.0 + e[nxt_live].mean(axis=1) - e[live]).max()
            if resid < tol * max(1.0, e[live].max()):
                break
        prev_step = step
    return e


def _within(nxt: np.ndarray, start: np.ndarray, target: np.ndarray, k_max: int) -> np.ndarray:
    """P(target held within k turns), k = 0..k_max, from a start distribution over classes."""
    c_count, d_count = nxt.shape
    out = np.empty(k_max + 1)
    d = start.astype(np.float64)
    flat = nxt.ravel()
    for k in range(k_max + 1):
        out[k] = d[target].sum()
        moving = np.where(target, 0.0, d) / d_count
        d = np.bincount(flat, np.repeat(moving, d_count), minlength=c_count) + \
            np.where(target, d, 0.0)
    return out


@dataclass(frozen=True)
class RaceSolution:
    """Everything the racing model knows for one pack, rules and target."""

    rules: Rules
    target: float
    k_max: int
    best_within: np.ndarray   # (k_max+1, C): best chance within k turns, per class
    fastest_choice: np.ndarray  # (C, D) discard choices of the fewest-expected-turns policy
    fastest_turns: np.ndarray   # (C,) expected turns under that policy
    basic_choice: np.ndarray
    basic_turns: np.ndarray
    fastest_next: np.ndarray  # (C, D) class after each draw
    basic_next: np.ndarray
    is_target: np.ndarray


K_MAX = 50  # turns covered by the backward induction

# Why the draw-a-card race does not fit the families where nobody draws (a clause each).
_NO_DRAW = {
    "swap": "nobody draws a card in the swap games: each turn you swap with three open "
            "middle cards that the other players keep changing",
    "switch": "nobody draws a card in Switch: each turn you swap with an open hand that the "
              "other players keep changing",
    "widow": "nobody draws a card in the widow game: each turn you exchange with the widow, "
             "which the other players keep changing",
}


def race_withheld(rules: Rules) -> str | None:
    """Why the racing model does not fit ``rules`` (a clause without a full stop), or None
    where it does (the draw family)."""
    return _NO_DRAW.get(rules.family)


def solve_race(rules: Rules, target: float = 31) -> RaceSolution:
    """Solve the racing model (see the module text) for ``rules`` and ``target``."""
    return _solve_race(rules, float(target))


@lru_cache(maxsize=16)
def _solve_race(rules: Rules, target: float) -> RaceSolution:
    k_max = K_MAX
    check_hand_rules(rules)
    if rules.hand_value != "suit_sum":
        raise OddsError("Racing to 31 needs suit-sum hand values (brag hands have no 31).")
    reason = race_withheld(rules)
    if reason:
        raise OddsError(f"Racing to 31 models drawing from the stock, and {reason}.")
    hc = classes_for(rules)
    is_target = _target(rules, target)
    if not is_target.any():
        raise OddsError(f"No hand is worth {target} or more under these rules.")
    # Backward induction: the best chance within k turns.
    v = is_target.astype(np.float64)
    best = [v]
    s0, s1, s2, s3 = (np.ascontiguousarray(hc.succ[..., i]) for i in range(4))
    d_count = hc.succ.shape[1]
    for _ in range(k_max):
        m = np.maximum(np.maximum(v[s0], v[s1]), np.maximum(v[s2], v[s3]))
        v = np.where(is_target, 1.0, m.sum(axis=1) / d_count)
        best.append(v)
    best_within = np.stack(best)
    # Policy iteration for the fewest expected turns, starting from the long-horizon policy.
    choice = best_within[-2][hc.succ].argmax(axis=-1)
    turns = None
    for _ in range(50):
        turns = _expected_turns(_next(hc, choice), is_target)
        cand = turns[hc.succ]                               # (C, D, 4)
        current = np.take_along_axis(cand, choice[..., None], axis=2)[..., 0]
        better = cand.min(axis=-1) < current - 1e-9
        if not better.any():
            break
        choice = np.where(better, cand.argmin(axis=-1), choice)
    fastest_next = _next(hc, choice)
    basic = basic_choices(rules)
    basic_next = _next(hc, basic)
    basic_turns = _expected_turns(basic_next, is_target)
    for a in (best_within, choice, turns, basic, basic_turns, fastest_next, basic_next):
        a.setflags(write=False)
    return RaceSolution(rules, target, k_max, best_within, choice, turns, basic, basic_turns,
                        fastest_next, basic_next, is_target)


@dataclass(frozen=True)
class RaceCurve:
    """The chance of holding the target within k turns, k = 0..k_max, three ways."""

    turns: np.ndarray          # 0..k_max
    best_possible: np.ndarray  # the best chance for each k separately
    fastest_policy: np.ndarray  # following the fewest-expected-turns policy
    basic_policy: np.ndarray   # following the basic bot's discards
    expected_turns_fastest: float
    expected_turns_basic: float


def _start(rules: Rules, hand: tuple[Card, ...] | None) -> np.ndarray:
    hc = classes_for(rules)
    if hand is None:
        return hc.sizes / hc.sizes.sum()
    cls = int(hc.class_of(np.array([c.index for c in hand]))[()])
    if cls < 0:
        raise OddsError("That hand is not three different cards of this pack.")
    start = np.zeros(len(hc.sizes))
    start[cls] = 1.0
    return start


def race_curve(rules: Rules, target: float = 31, k_max: int = 30,
               hand: tuple[Card, ...] | None = None) -> RaceCurve:
    """Race odds from a random deal (``hand`` None) or from a given hand, k = 0..k_max
    (at most ``K_MAX``)."""
    if not 0 <= k_max <= K_MAX:
        raise OddsError(f"Turns must be between 0 and {K_MAX}.")
    return _race_curve(rules, float(target), int(k_max),
                       None if hand is None else tuple(sorted(hand)))


@lru_cache(maxsize=64)
def _race_curve(rules: Rules, target: float, k_max: int,
                hand: tuple[Card, ...] | None) -> RaceCurve:
    sol = solve_race(rules, target)
    start = _start(rules, hand)
    best = sol.best_within[: k_max + 1] @ start
    fast = _within(sol.fastest_next, start, sol.is_target, k_max)
    basic = _within(sol.basic_next, start, sol.is_target, k_max)
    with np.errstate(invalid="ignore"):
        e_fast = float(np.sum(np.where(start > 0, sol.fastest_turns, 0) * start))
        e_basic = float(np.sum(np.where(start > 0, sol.basic_turns, 0) * start))
    return RaceCurve(np.arange(k_max + 1), best, fast, basic, e_fast, e_basic)


def fastest_discard(rules: Rules, hand: np.ndarray, drawn: np.ndarray,
                    target: float = 31) -> np.ndarray:
    """For many (hand, drawn card) pairs at once, the discard (0..2 = hand card, 3 = the drawn
    card) of the fewest-expected-turns policy: the four-card choice leading to the class with
    the fewest expected turns (ties to the earliest choice)."""
    sol = solve_race(rules, target)
    hc = classes_for(rules)
    hand = np.asarray(hand, dtype=np.int64)
    drawn = np.asarray(drawn, dtype=np.int64)
    cand = np.repeat(hand[:, None, :], 4, axis=1)
    for i in range(3):
        cand[:, i, i] = drawn
    e = sol.fastest_turns[hc.class_of(cand)]
    return e.argmin(axis=1)


def clear_caches() -> None:
    """Empty this module's caches (benchmarks time the cold computation)."""
    for f in (hand_classes, _solve_race, _race_curve):
        f.cache_clear()
