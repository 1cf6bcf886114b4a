"""Racing to 31 alone: the best draw-and-discard policy by dynamic programming.

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
* It fits wherever a turn draws: the draw family and Kitty with its stock (its widow is left
  aside, as taking the top discard is). In the swap and switch games, and Kitty played
  widow only, nobody draws: a turn
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

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

import numpy as np

from ..core.cards import Card
from ..core.lookup import CARD_POINTS, all_hands, value_rules
from ..core.rules import Rules
from ..game.families import family_class
from ..i18n import _
from .tables import OddsError, check_hand_rules, lookup

_PERMS = np.array(list(permutations(range(4))), dtype=np.int64)


def _codes(hands: np.ndarray) -> np.ndarray:
    """One integer per unordered hand (rows of card indices): the cards sorted, in base 52
    (sorted by a min/max network, much faster than a row sort)."""
    h = np.asarray(hands, dtype=np.int64)
    return _codes3(h[..., 0], h[..., 1], h[..., 2])


def _codes3(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """``_codes`` of the hands whose cards are ``a``, ``b`` and ``c``."""
    lo = np.minimum(np.minimum(a, b), c)
    hi = np.maximum(np.maximum(a, b), c)
    code: np.ndarray = lo * 2704 + (a + b + c - lo - hi) * 52 + hi
    return code


@dataclass(frozen=True)
class HandClasses:
    """Hands up to suit renaming, and the moves between them (depends only on the pack)."""

    pack: int
    reps: np.ndarray        # (C, 3) one hand of each class
    sizes: np.ndarray       # (C,) how many dealt hands are in the class
    class_of_code: np.ndarray  # (52**3,) class of a hand code, -1 if not a hand
    hand_class: np.ndarray  # (N,) the class of each row of ``all_hands(pack)``
    draws: np.ndarray       # (C, D) the cards that can be drawn from each representative
    succ: np.ndarray        # (C, D, 4) class after discarding hand card 0, 1, 2, or the draw
    discard_card: np.ndarray  # (C, D, 4) the card thrown away by each choice

    def class_of(self, hands: np.ndarray) -> np.ndarray:
        classes: np.ndarray = self.class_of_code[_codes(np.asarray(hands))]
        return classes


def _canonical_codes(hands: np.ndarray, merge_tens: bool) -> np.ndarray:
    """The smallest ``_codes`` of each hand over every renaming of the suits.

    Written directly instead of trying all 24 renamings: the smallest code gives suit 0 to
    the suit whose cards' ranks, low to high, come first (a suit with fewer cards counts as
    padded with a rank above every rank), suit 1 to the next, and so on; suits with the same
    ranks can swap without changing the code."""
    ranks, suits = hands % 13, hands // 13
    if merge_tens:  # ten, jack, queen and king are alike when only points matter
        ranks = np.where((ranks >= 8) & (ranks <= 11), 8, ranks)
    r = [ranks[:, i] for i in range(3)]
    s = [suits[:, i] for i in range(3)]
    keys = []
    for suit in range(4):
        x, y, z = (np.where(s[i] == suit, r[i], 13) for i in range(3))
        lo = np.minimum(np.minimum(x, y), z)
        hi = np.maximum(np.maximum(x, y), z)
        keys.append(lo * 196 + (x + y + z - lo - hi) * 14 + hi)
    # Where each suit lands in that order (ties kept in suit order).
    place = [sum(((keys[t] < keys[u]) | ((keys[t] == keys[u]) & (t < u))).astype(np.int64)
                 for t in range(4) if t != u) for u in range(4)]
    new_suit = np.stack(place)                               # (4, N)
    rows = np.arange(len(hands))
    return _codes3(*(new_suit[s[i], rows] * 13 + r[i] for i in range(3)))


def classes_for(rules: Rules) -> HandClasses:
    """The classes for these rules: ten-point cards merge where only points and suits count
    (suit sums without a three-of-a-kind value or same rank counts); brag ranks keep every
    rank apart."""
    return hand_classes(rules.pack, merge_tens(rules))


def merge_tens(rules: Rules) -> bool:
    """Whether ten, jack, queen and king are alike under these rules (see ``classes_for``)."""
    return rules.hand_value != "brag" and rules.three_of_a_kind is None and not rules.same_rank


@lru_cache(maxsize=4)
def _draw_choices(pack: int, merge: bool) -> tuple[np.ndarray, ...]:
    """The one-draw table of the backward induction, once per pack: for each class, every
    different choice a draw offers (the three hands that keep the drawn card; keeping the
    hand as it was is always there too) and its chance. (class, s0, s1, s2, chance), where
    draws that offer the same three classes are counted together."""
    hc = hand_classes(pack, merge)
    c_count, d_count = hc.draws.shape
    s = np.sort(hc.succ[..., :3], axis=2).astype(np.int64)
    code = np.sort((s[..., 0] * c_count + s[..., 1]) * c_count + s[..., 2], axis=1)
    first = np.ones(code.shape, dtype=bool)
    first[:, 1:] = code[:, 1:] != code[:, :-1]
    at = np.flatnonzero(first.ravel())
    weight = np.diff(np.append(at, code.size)) / d_count
    u = code.ravel()[at]
    out = (at // d_count, u // (c_count * c_count), u // c_count % c_count, u % c_count, weight)
    for a in out:
        a.setflags(write=False)
    return out


@lru_cache(maxsize=4)
def hand_classes(pack: int, merge_tens: bool = False) -> HandClasses:
    hands = all_hands(pack).astype(np.int64)
    canon = _canonical_codes(hands, merge_tens)
    _uniq, first, inverse, sizes = np.unique(canon, return_index=True, return_inverse=True,
                                         return_counts=True)
    class_of_code = np.full(52 ** 3, -1, dtype=np.int64)
    class_of_code[_codes(hands)] = inverse
    reps = hands[first]
    cards = np.array(sorted(int(i) for i in np.unique(hands)), dtype=np.int64)
    in_hand = (reps[:, :, None] == cards[None, None, :]).any(axis=1)      # (C, N)
    # The cards not in each hand, in pack order (a stable sort puts them first).
    draws = cards[np.argsort(in_hand, axis=1, kind="stable")[:, : len(cards) - 3]]
    c_count, d_count = draws.shape
    # The class after each draw and discard: the draw replaces hand card 0, 1 or 2, or the
    # drawn card goes (3: the hand stays as it was).
    r0, r1, r2 = (reps[:, i, None] for i in range(3))
    succ = np.stack([class_of_code[_codes3(draws, r1, r2)],
                     class_of_code[_codes3(r0, draws, r2)],
                     class_of_code[_codes3(r0, r1, draws)],
                     np.broadcast_to(class_of_code[_codes(reps)][:, None], draws.shape)],
                    axis=2)
    discard_card = np.concatenate([np.broadcast_to(reps[:, None, :], (c_count, d_count, 3)),
                                   draws[:, :, None]], axis=2)
    for a in (reps, sizes, class_of_code, inverse, draws, succ, discard_card):
        a.setflags(write=False)
    return HandClasses(pack, reps, sizes, class_of_code, inverse, draws, succ, discard_card)


def _target(rules: Rules, target: float) -> np.ndarray:
    hc = classes_for(rules)
    r = hc.reps
    reached: np.ndarray = lookup(rules).points[r[:, 0], r[:, 1], r[:, 2]] >= target
    return reached


def basic_choices(rules: Rules) -> np.ndarray:
    """(C, D) the discard the ``basic`` bot makes after each draw (index 0..3, 3 = the drawn
    card): highest value kept; ties to the fewest points thrown away, then to the card
    drawn last; remaining ties (two old cards alike) to the first in the hand."""
    hc = classes_for(rules)
    r = hc.reps
    # Every hand of a class is as strong as its representative.
    kept = lookup(rules).strength[r[:, 0], r[:, 1], r[:, 2]][hc.succ]   # (C, D, 4)
    thrown = CARD_POINTS[hc.discard_card].astype(np.float64)
    # Lexicographic: maximise kept, then minimise thrown points, then the card that came
    # last (the draw, 3; among the hand, the later one).
    keyed = kept * 1e4 - thrown * 10 + np.arange(4)
    choice: np.ndarray = keyed.argmax(axis=-1)
    return choice


def _next(hc: HandClasses, choice: np.ndarray) -> np.ndarray:
    """(C, D) the class reached after each draw under a discard policy."""
    return np.take_along_axis(hc.succ, choice[..., None], axis=2)[..., 0]


def _expected_turns(nxt: np.ndarray, target: np.ndarray, tol: float = 1e-13) -> np.ndarray:
    """Expected turns to a target class under a policy (``nxt`` from ``_next``); inf where
    the policy can never reach one.

    Solves E = 1 + mean(E[next]) on the other classes, a sparse linear system, by BiCGSTAB
    (a Krylov method: some tens of passes over the moves instead of hundreds of plain
    iterations), checked by the residual; plain iteration finishes it if BiCGSTAB stalls.
    """
    row, col, weight = _moves(nxt)
    back = _backward(row, col, len(target))
    reach = back(target)
    # Finite only where getting stuck is impossible: no path to a class that cannot reach.
    bad = back(~reach)
    live = ~bad & ~target
    e = np.where(live, 0.0, np.inf)
    e[target] = 0.0
    n_live = np.count_nonzero(live)
    local = np.full(len(target), n_live)   # targets: a slot holding 0
    local[live] = np.arange(n_live)
    keep = live[row]
    l_row, l_col, l_weight = local[row[keep]], local[col[keep]], weight[keep]

    def step(x: np.ndarray) -> np.ndarray:   # mean of E over the next classes
        return np.bincount(l_row, l_weight * np.append(x, 0.0)[l_col], minlength=n_live)

    e[live] = _bicgstab(step, int(n_live), tol)
    return e


def _moves(nxt: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The moves of a policy without repeats: (from, to, chance) with from ascending."""
    c_count, d_count = nxt.shape
    srt = np.sort(nxt, axis=1)
    first = np.ones(srt.shape, dtype=bool)
    first[:, 1:] = srt[:, 1:] != srt[:, :-1]
    at = np.flatnonzero(first.ravel())
    counts = np.diff(np.append(at, srt.size))
    return at // d_count, srt.ravel()[at], counts / d_count


def _backward(row: np.ndarray, col: np.ndarray,
              c_count: int) -> Callable[[np.ndarray], np.ndarray]:
    """A function giving, for a set of classes, every class from which some path of moves
    ``row -> col`` leads into the set (breadth first over the moves reversed)."""
    order = np.argsort(col, kind="stable")
    source = row[order]                      # the moves, grouped by where they lead
    starts = np.searchsorted(col[order], np.arange(c_count + 1))

    def back(goal: np.ndarray) -> np.ndarray:
        found: np.ndarray = goal.copy()
        frontier = np.flatnonzero(goal)
        while frontier.size:
            lo, n = starts[frontier], starts[frontier + 1] - starts[frontier]
            at = np.repeat(lo - np.cumsum(n) + n, n) + np.arange(n.sum())
            came = np.unique(source[at])
            frontier = came[~found[came]]
            found[frontier] = True
        return found

    return back


def _bicgstab(step: Callable[[np.ndarray], np.ndarray], size: int, tol: float) -> np.ndarray:
    """x with x = 1 + step(x), i.e. (I - P) x = 1, to a residual below tol * max(1, x)."""
    x: np.ndarray = np.zeros(size)

    def residual(x: np.ndarray) -> np.ndarray:
        res: np.ndarray = 1.0 - x + step(x)
        return res

    def done(x: np.ndarray) -> bool:
        return size == 0 or np.abs(residual(x)).max() < tol * max(1.0, x.max())

    r = residual(x)
    r0 = r.copy()
    rho = alpha = omega = 1.0
    v = p = np.zeros(size)
    for i in range(1, 400):
        rho_new = float(r0 @ r)
        if rho_new == 0 or omega == 0:
            break
        p = r + (rho_new / rho) * (alpha / omega) * (p - omega * v)
        v = p - step(p)
        alpha = rho_new / float(r0 @ v)
        s = r - alpha * v
        t = s - step(s)
        tt = float(t @ t)
        omega = float(t @ s) / tt if tt > 0 else 0.0
        x = x + alpha * p + omega * s
        r = s - omega * t
        rho = rho_new
        if i % 4 == 0 and done(x):
            return x
    for _i in range(20_000):     # plain iteration: slow but sure
        if done(x):
            break
        x = 1.0 + step(x)
    return x


def _within(nxt: np.ndarray, start: np.ndarray, target: np.ndarray, k_max: int) -> np.ndarray:
    """P(target held within k turns), k = 0..k_max, from a start distribution over classes."""
    c_count = nxt.shape[0]
    row, col, weight = _moves(nxt)
    out = np.empty(k_max + 1)
    d: np.ndarray = start.astype(np.float64)
    for k in range(k_max + 1):
        out[k] = d[target].sum()
        moving = np.where(target, 0.0, d)
        d = np.bincount(col, moving[row] * weight, minlength=c_count) + np.where(target, d, 0.0)
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

def race_withheld(rules: Rules) -> str | None:
    """Why the racing model does not fit ``rules`` (a clause without a full stop), or None
    where it does: wherever a turn may draw (the draw family, and Kitty with its stock,
    whose widow the race leaves aside as it leaves aside taking the top discard)."""
    if rules.draws:
        return None
    reason = family_class(rules).no_race
    return _(reason) if reason else None


def solve_race(rules: Rules, target: float = 31) -> RaceSolution:
    """Solve the racing model (see the module text) for ``rules`` and ``target``. The
    solution depends only on the hand values (``value_rules``) and the target, so a house
    rule that leaves them alone reuses it."""
    _check_race(rules)
    return _solve_race(value_rules(rules), float(target))


def _check_race(rules: Rules) -> None:
    check_hand_rules(rules)
    if rules.hand_value != "suit_sum":
        raise OddsError(_("Racing to 31 needs suit-sum hand values (brag hands have no 31)."))
    reason = race_withheld(rules)
    if reason:
        raise OddsError(_("Racing to 31 models drawing from the stock, and {reason}.").format(
            reason=reason))


@lru_cache(maxsize=16)
def _solve_race(rules: Rules, target: float) -> RaceSolution:
    k_max = K_MAX
    hc = classes_for(rules)
    is_target = _target(rules, target)
    if not is_target.any():
        raise OddsError(_("No hand is worth {target} or more under these rules.").format(
            target=target))
    # Backward induction: the best chance within k turns.
    v = is_target.astype(np.float64)
    best = [v]
    row, s0, s1, s2, weight = _draw_choices(rules.pack, merge_tens(rules))
    for _i in range(k_max):
        m = np.maximum(np.maximum(v[s0], v[s1]), np.maximum(v[s2], v[row]))
        v = np.where(is_target, 1.0, np.bincount(row, m * weight, minlength=len(v)))
        best.append(v)
    best_within = np.stack(best)
    # Policy iteration for the fewest expected turns, starting from the long-horizon policy.
    choice = best_within[-2][hc.succ].argmax(axis=-1)
    turns = None
    for _i in range(50):
        turns = _expected_turns(_next(hc, choice), is_target)
        cand = turns[hc.succ]                               # (C, D, 4)
        current = np.take_along_axis(cand, choice[..., None], axis=2)[..., 0]
        better = cand.min(axis=-1) < current - 1e-9
        if not better.any():
            break
        choice = np.where(better, cand.argmin(axis=-1), choice)
    assert turns is not None            # the loop runs at least once
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
        share: np.ndarray = hc.sizes / hc.sizes.sum()
        return share
    cls = int(hc.class_of(np.array([c.index for c in hand]))[()])
    if cls < 0:
        raise OddsError(_("That hand is not three different cards of this pack."))
    start = np.zeros(len(hc.sizes))
    start[cls] = 1.0
    return start


def race_curve(rules: Rules, target: float = 31, k_max: int = 30,
               hand: tuple[Card, ...] | None = None) -> RaceCurve:
    """Race odds from a random deal (``hand`` None) or from a given hand, k = 0..k_max
    (at most ``K_MAX``)."""
    if not 0 <= k_max <= K_MAX:
        raise OddsError(_("Turns must be between 0 and {most}.").format(most=K_MAX))
    _check_race(rules)
    return _race_curve(value_rules(rules), float(target), int(k_max),
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
    fastest: np.ndarray = e.argmin(axis=1)
    return fastest


def clear_caches() -> None:
    """Empty this module's caches (benchmarks time the cold computation)."""
    for f in (hand_classes, _draw_choices, _solve_race, _race_curve):
        f.cache_clear()
