"""One move ahead: the exact value after each possible move (RULES.md section 3).

Given your hand and the cards you can see (the top discard in the draw family, the middle
cards in the swap family, the open hand in Switch, the face-up widow cards in Kitty), every
move is scored exactly. A move that uses only visible cards gives one value; drawing from the
stock (or trading for Switch's closed hand) gives a distribution over the unseen cards, all
equally likely. After a draw or take, the discard is the best one for that card.

>>> from thirtyone.core.cards import parse_hand
>>> from thirtyone.core.rules import get_variant
>>> moves = move_odds(parse_hand("AH KH 9S"), parse_hand("QH", size=None),
...                   get_variant("scat").rules)
>>> [(m.move, m.mean) for m in moves]
[('keep (knock or stand)', 21.0), ('take Q♥', 31.0), ('draw', 22.33...)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from ..core.cards import Card, CardError, cards_display, make_pack
from ..core.rules import Rules
from ..game.families import family_class
from ..i18n import _, ngettext, pgettext
from .tables import OddsError, check_hand_rules, lookup, value_label


@dataclass(frozen=True)
class MoveOdds:
    """The exact outcome of one move: each value it can give and how likely it is."""

    move: str                 # e.g. "draw", "take Q♥", "swap 9♠ for K♥", "keep" (in the
    #                           language of the call: text for people, not an id)
    values: tuple[float, ...]  # possible values on the points scale (brag: class number)
    probabilities: tuple[float, ...]
    mean: float | None        # None for brag ranks
    p31: float                # chance of 31 or better (suit sum), else 0
    p_better: float           # chance the hand ends strictly better than now
    p_worse: float
    note: str                 # e.g. "then discard 9♠", or how many unseen cards

    @property
    def certain(self) -> bool:
        return len(self.values) == 1


def unseen_cards(rules: Rules, *known: Sequence[Card]) -> tuple[Card, ...]:
    seen = {c for group in known for c in group}
    return tuple(c for c in make_pack(rules.pack) if c not in seen)


def _check(hand: Sequence[Card], visible: Sequence[Card], gone: Sequence[Card],
           rules: Rules) -> None:
    check_hand_rules(rules)
    if len(hand) != 3:
        raise CardError(_("A hand has {size} cards; got {n}.").format(size=3, n=len(hand)))
    pack = set(make_pack(rules.pack))
    seen: set[Card] = set()
    for c in (*hand, *visible, *gone):
        if c not in pack:
            raise CardError(_("'{card}' is not in this {n}-card pack.").format(
                card=str(c), n=rules.pack))
        if c in seen:
            raise CardError(_("'{card}' is listed twice; each card exists only once.").format(
                card=str(c)))
        seen.add(c)


def _summarise(move: str, pts: np.ndarray, strength: np.ndarray, now: float,
               rules: Rules, note: str) -> MoveOdds:
    vals, counts = np.unique(pts, return_counts=True)
    probs = counts / counts.sum()
    brag = rules.hand_value == "brag"
    return MoveOdds(move, tuple(float(v) for v in vals), tuple(float(p) for p in probs),
                    None if brag else float(pts.mean()),
                    0.0 if brag else float(np.mean(pts >= 31)),
                    float(np.mean(strength > now)), float(np.mean(strength < now)), note)


def _certain(lk: Any, move: str, cards: Sequence[int] | np.ndarray, now_s: float, rules: Rules,
             note: str = "") -> MoveOdds:
    k = tuple(cards)
    return _summarise(move, np.array([lk.points[k]]), np.array([lk.strength[k]]), now_s,
                      rules, note)


def _best_of_four(lk: Any, four: np.ndarray, allowed: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """four: (M, 4) cards; allowed: which of the 4 may be thrown. Best (pts, strength,
    discard position) keeping three."""
    keep = np.array([[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]])
    trios = four[:, keep]                                   # (M, 4, 3)
    s = lk.strength[trios[..., 0], trios[..., 1], trios[..., 2]]
    s = np.where(allowed, s, -np.inf)
    best = s.argmax(axis=1)
    rows = np.arange(len(four))
    t = trios[rows, best]
    return lk.points[t[:, 0], t[:, 1], t[:, 2]], s[rows, best], best


def move_odds(hand: Sequence[Card], visible: Sequence[Card], rules: Rules,
              gone: Sequence[Card] = ()) -> list[MoveOdds]:
    """Every move for ``hand`` given the ``visible`` cards and cards known to be out of play
    (``gone``), best average first within each kind. Raises CardError/OddsError on bad input.

    Draw family: ``visible`` is the top discard (at most one card). Swap family: the middle
    cards. Switch: the open hand. Widow (Kitty): the face-up widow cards (and, with the
    stock, a blind draw beside the exchanges; the top discard can be named as a face-up card
    only under ``widow_only``, so here it is one of the ``gone`` cards).
    """
    hand, visible, gone = tuple(hand), tuple(visible), tuple(gone)
    _check(hand, visible, gone, rules)
    lk = lookup(rules)
    h = np.array([c.index for c in hand])
    unseen = np.array([c.index for c in unseen_cards(rules, hand, visible, gone)])
    kind = family_class(rules).move_odds
    if kind == "draw":
        return _draw_moves(lk, hand, h, visible, unseen, rules)
    if kind == "open":
        out = _middle_moves(lk, hand, h, visible, unseen, rules)
        if rules.draws:
            # Kitty with its stock: a blind draw (then the best discard) beside the exchanges
            out += _draw_moves(lk, hand, h, (), unseen, rules)[1:]
        return out
    raise OddsError(_("No move odds for the {family} family.").format(family=rules.family))


def _draw_moves(lk: Any, hand: tuple[Card, ...], h: np.ndarray, visible: tuple[Card, ...],
                unseen: np.ndarray, rules: Rules) -> list[MoveOdds]:
    """Draw family: keep, take the top discard (then the best discard), or draw blind."""
    now_s = float(lk.strength[tuple(h)])
    now_p = float(lk.points[tuple(h)])
    if len(visible) > 1:
        raise CardError(_("In the draw family only the top discard is visible: give one "
                          "card (list any others as gone)."))
    out = [_certain(lk, pgettext("move", "keep (knock or stand)"), h, now_s, rules,
                    _("you hold {value}").format(value=value_label(rules, now_p)))]
    if visible:
        top = visible[0].index
        four = np.array([[*h, top]])
        allowed = np.array([[True, True, True, rules.may_discard_taken_card]])
        p, s, pos = _best_of_four(lk, four, allowed)
        thrown = hand[pos[0]].display if pos[0] < 3 else visible[0].display
        out.append(_summarise(pgettext("move", "take {card}").format(card=visible[0].display),
                              p, s, now_s, rules,
                              _("then discard {card}").format(card=thrown)))
    if len(unseen):
        four = np.column_stack([np.broadcast_to(h, (len(unseen), 3)), unseen])
        p, s, _pos = _best_of_four(lk, four, np.ones((len(unseen), 4), dtype=bool))
        out.append(_summarise(pgettext("move", "draw"), p, s, now_s, rules,
                              ngettext("any of {n} unseen card, then the best discard",
                                       "any of {n} unseen cards, then the best discard",
                                       len(unseen)).format(n=len(unseen))))
    return out


def _middle_moves(lk: Any, hand: tuple[Card, ...], h: np.ndarray, visible: tuple[Card, ...],
                  unseen: np.ndarray, rules: Rules) -> list[MoveOdds]:
    """Swap, switch and widow families: keep, each swap or exchange with the open cards,
    swap all / switch open, and the closed hand (switch)."""
    fam = family_class(rules)
    now_s = float(lk.strength[tuple(h)])
    now_p = float(lk.points[tuple(h)])
    if len(visible) > 3:
        raise CardError(_("At most three cards lie in the middle."))
    v = np.array([c.index for c in visible], dtype=np.int64)
    keep_word = pgettext("move", "pass") if fam.passes and rules.allow_pass else \
        pgettext("move", "keep")
    if fam.passes and not rules.allow_pass:
        keep_word = pgettext("move", "keep (knock)")
    out = [_certain(lk, keep_word, h, now_s, rules,
                    _("you hold {value}").format(value=value_label(rules, now_p)))]
    widow = fam.widow_size > 0         # the widow takes one to three cards at once
    sizes = (1, 2, 3) if widow else (1,)
    for k in sizes:
        for give in combinations(range(3), k):
            for take in combinations(range(len(v)), k):
                new = [int(x) for i, x in enumerate(h) if i not in give]
                new += [int(v[j]) for j in take]
                what = pgettext("move", "exchange {give} for {take}") if widow \
                    else pgettext("move", "swap {give} for {take}")
                out.append(_certain(
                    lk, what.format(give=cards_display(hand[i] for i in give),
                                    take=cards_display(visible[j] for j in take)),
                    new, now_s, rules))
    if len(v) == 3 and fam.may_take_whole_hand(rules):
        name = pgettext("move", "switch open") if fam.whole_hand == "switch open" else \
            pgettext("move", "swap all")
        out.append(_certain(lk, name, v, now_s, rules,
                            _("take {cards}").format(cards=cards_display(visible))))
    if fam.closed_hand and len(unseen) >= 3:
        trios = np.array(list(combinations(unseen, 3)))
        out.append(_summarise(pgettext("move", "switch closed"),
                              lk.points[trios[:, 0], trios[:, 1], trios[:, 2]],
                              lk.strength[trios[:, 0], trios[:, 1], trios[:, 2]],
                              now_s, rules,
                              _("any 3 of {n} unseen cards").format(n=len(unseen))))
    return out
