"""Hand value (RULES.md section 2): suit sum, three of a kind, fire, blitz, tie-break,
brag ranks and banking totals.

>>> from thirtyone.core.rules import get_variant
>>> s = score("AH KH 9S", get_variant("scat").rules)
>>> s.points, s.label
(21.0, 'hearts')
>>> s.explain()
'A♥ and K♥ count together as hearts: 11 + 10 = 21; 9♠ is in another suit and does not count.'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import SUIT_NAMES, Card, CardError, cards_display, parse_cards, parse_hand
from .rules import Rules
from .text import points_text

BRAG_CLASSES = ("high card", "pair", "flush", "run", "running flush", "prial")


@dataclass(frozen=True, eq=False)
class Score:
    """The value of a hand under some rules. Scores compare by ``key`` (higher is better);
    equal keys are a tie.

    ``points`` is a float for suit sums and banking totals, a rank tuple for brag.
    """

    points: float | tuple
    label: str
    counted: tuple[Card, ...]
    cards: tuple[Card, ...]
    key: tuple
    blitz: bool = False
    fire: bool = False
    bust: bool = False
    reason: str = ""

    @property
    def name(self) -> str:
        """A short name for the value: ``21 (hearts)``, ``pair``, ``bust``."""
        if isinstance(self.points, tuple):
            return self.label
        return f"{points_text(self.points)} ({self.label})"

    @property
    def value_text(self) -> str:
        """The value alone, as people write it: ``30½``, ``pair of kings``."""
        if isinstance(self.points, tuple):
            return brag_value_text(self.key)
        return points_text(self.points)

    def explain(self) -> str:
        return self.reason

    def _cmp(self, other: object) -> tuple:
        if not isinstance(other, Score):
            return NotImplemented  # type: ignore[return-value]
        return self.key, other.key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __lt__(self, other: Score) -> bool:
        return self.key < other.key

    def __le__(self, other: Score) -> bool:
        return self.key <= other.key

    def __gt__(self, other: Score) -> bool:
        return self.key > other.key

    def __ge__(self, other: Score) -> bool:
        return self.key >= other.key


def score(cards: str | Iterable[str | Card], rules: Rules) -> Score:
    """The value of a hand under ``rules``. Text is accepted: ``score("AH KH 9S", rules)``.

    Suit-sum and brag hands have exactly three cards from the rules' pack; banking hands may
    have any number of cards (several packs may repeat a card).
    """
    if rules.hand_value == "banking_total":
        hand = tuple(parse_cards(cards))
        if not hand:
            raise CardError("A banking hand needs at least one card.")
        return banking_score(hand)
    hand = parse_hand(cards, pack=rules.pack)
    if rules.hand_value == "brag":
        return brag_score(hand)
    return suit_sum_score(hand, rules)


# --- suit sum ---------------------------------------------------------------------------

def best_suit(hand: tuple[Card, ...]) -> tuple[int, str, tuple[Card, ...]]:
    """The best one-suit total: (points, suit, cards of that suit). When two suits tie, the
    one with the higher cards counts (it is the better hand under a tie-break), so the answer
    does not depend on the order of the cards."""
    total, suit, counted = best_group(hand, same_rank=False)
    return total, str(suit), counted


def best_group(hand: tuple[Card, ...], same_rank: bool) -> tuple[int, str | int, tuple[Card, ...]]:
    """The best total of cards sharing a suit, or (``same_rank``) a rank: (points, the suit
    letter or the rank number, the cards counted). Ties go to the group with the higher cards
    (the better hand under a tie-break), then to a suit, so the answer does not depend on the
    order of the cards. The one place the suit sum is defined (RULES.md 2)."""
    groups: list[tuple[str | int, tuple[Card, ...]]] = [
        (suit, tuple(d for d in hand if d.suit == suit))
        for suit in dict.fromkeys(c.suit for c in hand)]
    if same_rank:
        groups += [(rank, tuple(d for d in hand if d.rank == rank))
                   for rank in dict.fromkeys(c.rank for c in hand)]

    def strength(group: tuple[str | int, tuple[Card, ...]]) -> tuple:
        same = [d.points for d in group[1]]
        return (sum(same), sorted(same, reverse=True))
    key, counted = max(groups, key=strength)
    return sum(d.points for d in counted), key, counted


def suit_sum_score(hand: tuple[Card, ...], rules: Rules) -> Score:
    total, group, counted = best_group(hand, rules.same_rank)
    others = tuple(c for c in hand if c not in counted)
    ranks = {c.rank for c in hand}
    if len(ranks) == 1 and hand[0].rank == 14 and rules.fire_points is not None:
        pts = rules.fire_points
        return Score(pts, "fire", hand, hand, _tie_key(pts, hand, (), rules), fire=True,
                     reason=f"Three aces are fire, worth {points_text(pts)} under these rules: "
                            "the round ends at once and every other player loses a life.")
    if len(ranks) == 1 and rules.three_of_a_kind is not None:
        pts = float(rules.three_of_a_kind)
        if pts > total:
            return Score(pts, "three of a kind", hand, hand, _tie_key(pts, hand, (), rules),
                         reason=f"Three cards of one rank ({cards_display(hand)}) are worth "
                                f"{points_text(pts)} under these rules.")
    pts = float(total)
    blitz = total == 31 and isinstance(group, str)
    label = SUIT_NAMES[group] if isinstance(group, str) else _BRAG_RANK_WORD[group]
    return Score(pts, label, counted, hand, _tie_key(pts, counted, others, rules),
                 blitz=blitz, reason=_group_reason(hand, counted, label, isinstance(group, int),
                                                   rules.same_rank))


def _group_reason(hand: tuple[Card, ...], counted: tuple[Card, ...], label: str,
                  by_rank: bool, same_rank: bool) -> str:
    """One sentence: how the counted cards were found and added up."""
    total = sum(c.points for c in counted)
    others = tuple(c for c in hand if c not in counted)
    if len(counted) == 1:
        pair = [c for c in hand if sum(d.rank == c.rank for d in hand) > 1] if same_rank else []
        why = "No two cards share a suit"
        if pair:
            pair_total = sum(c.points for c in pair)
            why += (f" and {_and(c.display for c in pair)} add up to "
                    f"{'only' if pair_total < total else 'no more than'} {pair_total}")
        return f"{why}, so the best single card counts: {counted[0].display} = {total}."
    why = f"{_and(c.display for c in counted)} count together as {label}"
    if by_rank:
        why += ", since same rank counts here"
    why += f": {' + '.join(str(c.points) for c in counted)} = {total}"
    if others:
        verb = "does" if len(others) == 1 else "do"
        where = "" if by_rank else (" is in another suit and" if len(others) == 1
                                    else " are in another suit and")
        why += f"; {cards_display(others)}{where} {verb} not count."
    else:
        why += "."
    if total == 31 and not by_rank:
        why += " That is 31, a blitz."
    return why


def _and(words: Iterable[str]) -> str:
    w = list(words)
    return w[0] if len(w) == 1 else ", ".join(w[:-1]) + " and " + w[-1]


def _tie_key(pts: float, counted: tuple[Card, ...], others: tuple[Card, ...],
             rules: Rules) -> tuple:
    if not rules.tie_break:
        return (pts,)
    c = sorted((x.points for x in counted), reverse=True) + [0] * (3 - len(counted))
    o = sorted((x.points for x in others), reverse=True) + [0] * (3 - len(others))
    return (pts, *c, *o)


# --- brag (Stop the Bus) ----------------------------------------------------------------

_BRAG_RANK_WORD = {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens",
                   8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens",
                   13: "kings", 14: "aces"}


def brag_value_text(key: tuple) -> str:
    """A brag hand's class in a few words (no sentence): ``pair of kings``, ``run``.

    >>> brag_value_text((1, 13, 4)), brag_value_text((5, 16)), brag_value_text((3, 15))
    ('pair of kings', 'prial of threes', 'run')
    """
    cls, top = key[0], key[1]
    if cls in (1, 5):
        return f"{BRAG_CLASSES[cls]} of {_BRAG_RANK_WORD[3 if top == 16 else top]}"
    return BRAG_CLASSES[cls]


def _run_top(ranks: list[int]) -> int | None:
    """Top of a run for ranks sorted high to low; 3-2-A is the best run (top 15)."""
    if ranks == [14, 3, 2]:
        return 15
    if ranks[0] - 1 == ranks[1] and ranks[1] - 1 == ranks[2]:
        return ranks[0]
    return None


def brag_score(hand: tuple[Card, ...]) -> Score:
    ranks = sorted((c.rank for c in hand), reverse=True)
    flush = len({c.suit for c in hand}) == 1
    top = _run_top(ranks)
    shown = cards_display(sorted(hand, reverse=True))
    if ranks[0] == ranks[2]:
        cls, detail = 5, ((16 if ranks[0] == 3 else ranks[0]),)
        why = f"Three {_BRAG_RANK_WORD[ranks[0]]}: a prial, the best class"
        why += " (three threes are the very best hand)." if ranks[0] == 3 else "."
        counted = hand
    elif top is not None and flush:
        cls, detail, counted = 4, (top,), hand
        why = f"{shown} is a running flush: a run all in one suit."
    elif top is not None:
        cls, detail, counted = 3, (top,), hand
        why = f"{shown} is a run: three ranks in a row."
    elif flush:
        cls, detail, counted = 2, tuple(ranks), hand
        why = f"{shown} is a flush: three cards of one suit."
    elif ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair = ranks[1]
        kicker = ranks[2] if ranks[0] == ranks[1] else ranks[0]
        cls, detail = 1, (pair, kicker)
        counted = tuple(c for c in hand if c.rank == pair)
        why = f"A pair of {_BRAG_RANK_WORD[pair]}; the odd card breaks ties."
    else:
        cls, detail = 0, tuple(ranks)
        counted = tuple(sorted(hand, reverse=True)[:1])
        why = f"No pair, run or flush: high card, compared from {counted[0].display} down."
    key = (cls, *detail)
    return Score(key, BRAG_CLASSES[cls], counted, hand, key, reason=why)


# --- banking total ----------------------------------------------------------------------

def banking_total(hand: Iterable[Card]) -> tuple[int, bool]:
    """(best total, bust): each ace counts 1 or 11, whichever gives the best total not over
    31; bust when even the smallest total is over 31."""
    cards = list(hand)
    low = sum(1 if c.rank == 14 else c.points for c in cards)
    if low > 31:
        return low, True
    total = low
    for c in cards:
        if c.rank == 14 and total + 10 <= 31:
            total += 10
    return total, False


def banking_score(hand: tuple[Card, ...]) -> Score:
    total, bust = banking_total(hand)
    natural = len(hand) == 3 and total == 31
    shown = cards_display(hand)
    if bust:
        why = f"{shown} add up to {total} even with every ace as 1: over 31, bust."
    else:
        why = f"All cards count: {shown} make {total}"
        if any(c.rank == 14 for c in hand):
            why += " (aces counted as 1 or 11, whichever is best without going over)"
        why += "; a 31 on the deal is a natural." if natural else "."
    key = (-1,) if bust else (float(total),)
    return Score(float(total), "bust" if bust else ("natural" if natural else "total"),
                 hand, hand, key, blitz=natural, bust=bust, reason=why)
