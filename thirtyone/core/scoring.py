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

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..i18n import N_, _, ngettext, pgettext
from .cards import SUIT_NAMES, Card, CardError, cards_display, parse_cards, parse_hand, suit_name
from .rules import Rules
from .text import points_text

# ids (``Score.label``); ``Score.label_text`` says them in the current language
BRAG_CLASSES = (N_("high card"), N_("pair"), N_("flush"), N_("run"), N_("running flush"),
                N_("prial"))


@dataclass(frozen=True, eq=False)
class Score:
    """The value of a hand under some rules. Scores compare by ``key`` (higher is better);
    equal keys are a tie.

    ``points`` is a float for suit sums and banking totals, a rank tuple for brag.
    """

    points: float | tuple[int, ...]
    label: str
    counted: tuple[Card, ...]
    cards: tuple[Card, ...]
    key: tuple[Any, ...]
    blitz: bool = False
    fire: bool = False
    bust: bool = False
    #: builds the explanation when it is read, so it comes in the language of that moment
    why: Callable[[], str] | None = field(default=None, repr=False)

    @property
    def reason(self) -> str:
        """One or two sentences: how the value was found (see ``explain``)."""
        return self.why() if self.why is not None else ""

    @property
    def number(self) -> float:
        """``points`` as a number, where the rules count hands in points (suit sums, banking
        totals); a brag hand's points are its rank tuple, no number (TypeError)."""
        if isinstance(self.points, tuple):
            raise TypeError("a brag hand's points are its rank tuple, not a number")
        return float(self.points)

    @property
    def label_text(self) -> str:
        """``label`` in the current language (``label`` itself stays an English id)."""
        return label_text(self.label)

    @property
    def name(self) -> str:
        """A short name for the value: ``21 (hearts)``, ``pair``, ``bust``."""
        if isinstance(self.points, tuple):
            return self.label_text
        return _("{points} ({label})").format(points=points_text(self.points),
                                              label=self.label_text)

    @property
    def value_text(self) -> str:
        """The value alone, as people write it: ``30½``, ``pair of kings``."""
        if isinstance(self.points, tuple):
            return brag_value_text(self.key)
        return points_text(self.points)

    def explain(self) -> str:
        """How the value was found, in the current language."""
        return self.reason

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
            raise CardError(_("A banking hand needs at least one card."))
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

    def strength(group: tuple[str | int, tuple[Card, ...]]) -> tuple[float, list[float]]:
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
                     why=partial(_fire_reason, pts))
    if len(ranks) == 1 and rules.three_of_a_kind is not None:
        pts = float(rules.three_of_a_kind)
        if pts > total:
            return Score(pts, "three of a kind", hand, hand, _tie_key(pts, hand, (), rules),
                         why=partial(_three_reason, hand, pts))
    pts = float(total)
    blitz = total == 31 and isinstance(group, str)
    label = SUIT_NAMES[group] if isinstance(group, str) else _BRAG_RANK_WORD[group]
    return Score(pts, label, counted, hand, _tie_key(pts, counted, others, rules),
                 blitz=blitz, why=partial(_group_reason, hand, counted, label,
                                                 isinstance(group, int), rules.same_rank))


def _fire_reason(pts: float) -> str:
    return _("Three aces are fire, worth {points} under these rules: the round ends at once "
             "and every other player loses a life.").format(points=points_text(pts))


def _three_reason(hand: tuple[Card, ...], pts: float) -> str:
    return _("Three cards of one rank ({cards}) are worth {points} under these "
             "rules.").format(cards=cards_display(hand), points=points_text(pts))


def _group_reason(hand: tuple[Card, ...], counted: tuple[Card, ...], label: str,
                  by_rank: bool, same_rank: bool) -> str:
    """One sentence, in the current language: how the counted cards were found and added up."""
    total = sum(c.points for c in counted)
    others = tuple(c for c in hand if c not in counted)
    if len(counted) == 1:
        pair = [c for c in hand if sum(d.rank == c.rank for d in hand) > 1] if same_rank else []
        card = counted[0].display
        if not pair:
            return _("No two cards share a suit, so the best single card counts: "
                     "{card} = {total}.").format(card=card, total=total)
        pair_total = sum(c.points for c in pair)
        if pair_total < total:
            why = _("No two cards share a suit and {pair} add up to only {pair_total}, so the "
                    "best single card counts: {card} = {total}.")
        else:
            why = _("No two cards share a suit and {pair} add up to no more than {pair_total}, "
                    "so the best single card counts: {card} = {total}.")
        return why.format(pair=_and(c.display for c in pair), pair_total=pair_total,
                          card=card, total=total)
    fields = {"cards": _and(c.display for c in counted), "label": label_text(label),
              "sum": " + ".join(str(c.points) for c in counted), "total": total}
    if by_rank:
        why = _("{cards} count together as {label}, since same rank counts here: "
                "{sum} = {total}").format(**fields)
    else:
        why = _("{cards} count together as {label}: {sum} = {total}").format(**fields)
    if others and by_rank:
        why += ngettext("; {cards} does not count.", "; {cards} do not count.",
                        len(others)).format(cards=cards_display(others))
    elif others:
        why += ngettext("; {cards} is in another suit and does not count.",
                        "; {cards} are in another suit and do not count.",
                        len(others)).format(cards=cards_display(others))
    else:
        why += "."
    if total == 31 and not by_rank:
        why += " " + _("That is 31, a blitz.")
    return why


def _and(words: Iterable[str]) -> str:
    w = list(words)
    if len(w) == 1:
        return w[0]
    return _("{first} and {last}").format(first=", ".join(w[:-1]), last=w[-1])


# --- the words of labels ------------------------------------------------------------------

def rank_words(rank: int) -> str:
    """Several cards of one rank, in the current language: ``kings`` (``короли``)."""
    return {2: pgettext("ranks", "twos"), 3: pgettext("ranks", "threes"),
            4: pgettext("ranks", "fours"), 5: pgettext("ranks", "fives"),
            6: pgettext("ranks", "sixes"), 7: pgettext("ranks", "sevens"),
            8: pgettext("ranks", "eights"), 9: pgettext("ranks", "nines"),
            10: pgettext("ranks", "tens"), 11: pgettext("ranks", "jacks"),
            12: pgettext("ranks", "queens"), 13: pgettext("ranks", "kings"),
            14: pgettext("ranks", "aces")}[rank]


def _rank_words_of(rank: int) -> str:
    """The same after "a pair of", "three": ``kings`` (``королей`` in Russian)."""
    return {2: pgettext("of ranks", "twos"), 3: pgettext("of ranks", "threes"),
            4: pgettext("of ranks", "fours"), 5: pgettext("of ranks", "fives"),
            6: pgettext("of ranks", "sixes"), 7: pgettext("of ranks", "sevens"),
            8: pgettext("of ranks", "eights"), 9: pgettext("of ranks", "nines"),
            10: pgettext("of ranks", "tens"), 11: pgettext("of ranks", "jacks"),
            12: pgettext("of ranks", "queens"), 13: pgettext("of ranks", "kings"),
            14: pgettext("of ranks", "aces")}[rank]


_LABEL_WORDS = {"fire": N_("fire"), "three of a kind": N_("three of a kind"),
                "bust": N_("bust"), "natural": N_("natural"), "total": N_("total")}


def label_text(label: str) -> str:
    """A ``Score.label`` (an English id: ``hearts``, ``kings``, ``pair``, ``fire``) in the
    current language; anything else unchanged."""
    suit = {v: k for k, v in SUIT_NAMES.items()}.get(label)
    if suit is not None:
        return suit_name(suit)
    rank = {v: k for k, v in _BRAG_RANK_WORD.items()}.get(label)
    if rank is not None:
        return rank_words(rank)
    if label in BRAG_CLASSES or label in _LABEL_WORDS:
        return _(label)
    return label


def _tie_key(pts: float, counted: tuple[Card, ...], others: tuple[Card, ...],
             rules: Rules) -> tuple[float, ...]:
    if not rules.tie_break:
        return (pts,)
    c = sorted((x.points for x in counted), reverse=True) + [0] * (3 - len(counted))
    o = sorted((x.points for x in others), reverse=True) + [0] * (3 - len(others))
    return (pts, *c, *o)


# --- brag (Stop the Bus) ----------------------------------------------------------------

_BRAG_RANK_WORD = {2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens",
                   8: "eights", 9: "nines", 10: "tens", 11: "jacks", 12: "queens",
                   13: "kings", 14: "aces"}


def brag_value_text(key: tuple[int, ...]) -> str:
    """A brag hand's class in a few words (no sentence), in the current language:
    ``pair of kings``, ``run``.

    >>> brag_value_text((1, 13, 4)), brag_value_text((5, 16)), brag_value_text((3, 15))
    ('pair of kings', 'prial of threes', 'run')
    """
    cls, top = key[0], key[1]
    if cls == 1:
        return _("pair of {ranks}").format(ranks=_rank_words_of(top))
    if cls == 5:
        return _("prial of {ranks}").format(ranks=_rank_words_of(3 if top == 16 else top))
    return _(BRAG_CLASSES[cls])


def _run_top(ranks: list[int]) -> int | None:
    """Top of a run for ranks sorted high to low; 3-2-A is the best run (top 15)."""
    if ranks == [14, 3, 2]:
        return 15
    if ranks[0] - 1 == ranks[1] and ranks[1] - 1 == ranks[2]:
        return ranks[0]
    return None


def _brag_reason(cls: int, ranks: tuple[int, ...], order: tuple[Card, ...]) -> str:
    """Why a brag hand is in its class, in the current language."""
    if cls == 5 and ranks[0] == 3:
        return _("Three {ranks}: a prial, the best class (three threes are the very best "
                 "hand).").format(ranks=_rank_words_of(3))
    if cls == 5:
        return _("Three {ranks}: a prial, the best class.").format(
            ranks=_rank_words_of(ranks[0]))
    if cls == 4:
        return _("{cards} is a running flush: a run all in one suit.").format(
            cards=cards_display(order))
    if cls == 3:
        return _("{cards} is a run: three cards in sequence, not all of one suit.").format(
            cards=cards_display(order))
    if cls == 2:
        return _("{cards} is a flush: three cards of one suit.").format(
            cards=cards_display(order))
    if cls == 1:
        return _("A pair of {ranks}; the odd card breaks ties.").format(
            ranks=_rank_words_of(ranks[1]))
    return _("No pair, run or flush: high card, compared from {card} down.").format(
        card=order[0].display)


def brag_score(hand: tuple[Card, ...]) -> Score:
    ranks = sorted((c.rank for c in hand), reverse=True)
    flush = len({c.suit for c in hand}) == 1
    top = _run_top(ranks)
    order = tuple(sorted(hand, reverse=True))
    detail: tuple[int, ...]
    if ranks[0] == ranks[2]:
        cls, detail = 5, ((16 if ranks[0] == 3 else ranks[0]),)
        counted = hand
    elif top is not None and flush:
        cls, detail, counted = 4, (top,), hand
    elif top is not None:
        cls, detail, counted = 3, (top,), hand
    elif flush:
        cls, detail, counted = 2, tuple(ranks), hand
    elif ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair = ranks[1]
        kicker = ranks[2] if ranks[0] == ranks[1] else ranks[0]
        cls, detail = 1, (pair, kicker)
        counted = tuple(c for c in hand if c.rank == pair)
    else:
        cls, detail = 0, tuple(ranks)
        counted = order[:1]
    key = (cls, *detail)
    return Score(key, BRAG_CLASSES[cls], counted, hand, key,
                 why=partial(_brag_reason, cls, tuple(ranks), order))


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


def _banking_reason(hand: tuple[Card, ...], total: int, bust: bool, natural: bool) -> str:
    shown = cards_display(hand)
    if bust:
        return _("{cards} add up to {total} even with every ace as 1: over 31, bust.").format(
            cards=shown, total=total)
    aces = any(c.rank == 14 for c in hand)
    if aces and natural:
        why = _("All cards count: {cards} make {total} (aces counted as 1 or 11, whichever is "
                "best without going over); a 31 on the deal is a natural.")
    elif aces:
        why = _("All cards count: {cards} make {total} (aces counted as 1 or 11, whichever is "
                "best without going over).")
    elif natural:
        why = _("All cards count: {cards} make {total}; a 31 on the deal is a natural.")
    else:
        why = _("All cards count: {cards} make {total}.")
    return why.format(cards=shown, total=total)


def banking_score(hand: tuple[Card, ...]) -> Score:
    total, bust = banking_total(hand)
    natural = len(hand) == 3 and total == 31
    key = (-1,) if bust else (float(total),)
    return Score(float(total), "bust" if bust else ("natural" if natural else "total"),
                 hand, hand, key, blitz=natural, bust=bust,
                 why=partial(_banking_reason, hand, total, bust, natural))
