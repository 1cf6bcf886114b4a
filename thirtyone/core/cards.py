"""Cards, packs and card text (RULES.md section 1).

A card is a small frozen value. Its canonical text is rank then suit, ``AH``, ``TD``, ``7C``;
the display form uses suit symbols, ``A♥``. Parsing accepts every notation in the rules:

>>> str(parse_card("10h"))
'TH'
>>> [c.display for c in parse_hand("AH kh 9s")]
['A♥', 'K♥', '9♠']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..i18n import N_, _, ngettext, pgettext

# Ranks are numbers 2..14 (J=11, Q=12, K=13, A=14); suits are one letter.
RANK_TEXT = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
             10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_NAMES = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
              9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RED_SUITS = frozenset("HD")
# Points by rank (index 2..14): ace 11, ten to king 10, other cards their number.
RANK_POINTS = (0, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)

# The short ranks of Russian and Ukrainian packs (туз, король, дама, валет) and the first
# letters of their suits (пики, червы/чирви, бубны/бубни, трефы; крести/хрести): accepted in
# every language, shown when the app speaks Russian or Ukrainian. Records keep AH, KS...
CYRILLIC_RANKS = {"Т": 14, "К": 13, "Д": 12, "В": 11}
CYRILLIC_SUITS = {"П": "S", "Ч": "H", "Б": "D", "Т": "C", "К": "C", "Х": "C"}

_RANK_FROM_TEXT = {v: k for k, v in RANK_TEXT.items()} | {"10": 10} | CYRILLIC_RANKS
_SUIT_FROM_TEXT = {s: s for s in SUITS} | {sym: s for s, sym in SUIT_SYMBOLS.items()}
_SUIT_FROM_TEXT |= {"♤": "S", "♡": "H", "♢": "D", "♧": "C"} | CYRILLIC_SUITS

# shown translated, ``_(ACCEPTED_FORMS)`` (Russian and Ukrainian name Т К Д В and П Ч Б Т)
ACCEPTED_FORMS = N_("rank 2-9, 10 or T, J, Q, K, A followed by suit S, H, D, C or ♠ ♥ ♦ ♣, "
                    "e.g. AH, 10h, Th, A♥")


def accepted_forms() -> str:
    """``ACCEPTED_FORMS`` in the current language."""
    return _(ACCEPTED_FORMS)


def rank_name(rank: int) -> str:
    """The rank in words, in the current language: ``ace``, ``ten``."""
    return {2: pgettext("card name", "two"), 3: pgettext("card name", "three"),
            4: pgettext("card name", "four"), 5: pgettext("card name", "five"),
            6: pgettext("card name", "six"), 7: pgettext("card name", "seven"),
            8: pgettext("card name", "eight"), 9: pgettext("card name", "nine"),
            10: pgettext("card name", "ten"), 11: pgettext("card name", "jack"),
            12: pgettext("card name", "queen"), 13: pgettext("card name", "king"),
            14: pgettext("card name", "ace")}[rank]


def suit_name(suit: str) -> str:
    """The suit in words, in the current language: ``hearts`` (``червы``)."""
    return {"S": pgettext("suit", "spades"), "H": pgettext("suit", "hearts"),
            "D": pgettext("suit", "diamonds"), "C": pgettext("suit", "clubs")}[suit]


def rank_display(rank: int) -> str:
    """The rank as the current language writes it on a card: ``A``, ``10``; ``Т``, ``10`` in
    Russian and Ukrainian."""
    if rank == 10:
        return "10"
    if rank > 10:
        return {11: pgettext("card rank", "J"), 12: pgettext("card rank", "Q"),
                13: pgettext("card rank", "K"), 14: pgettext("card rank", "A")}[rank]
    return RANK_TEXT[rank]


class CardError(ValueError):
    """Bad card text or a bad hand; the message names the bad token and what is accepted."""


@dataclass(frozen=True, order=True)
class Card:
    """One playing card. Ordered by rank, then suit letter (only for stable sorting)."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if self.rank not in RANK_TEXT or self.suit not in SUITS:
            raise CardError(_("Card({rank}, {suit}) is not a card: {forms}.").format(
                rank=repr(self.rank), suit=repr(self.suit), forms=accepted_forms()))

    @property
    def points(self) -> int:
        """Ace 11, K Q J 10 count 10, other cards their number (``RANK_POINTS``)."""
        return RANK_POINTS[self.rank]

    @property
    def index(self) -> int:
        """0..51, suit-major (spades 2..A, hearts, diamonds, clubs); used by numpy code."""
        return SUITS.index(self.suit) * 13 + (self.rank - 2)

    @property
    def display(self) -> str:
        """Text for people, in the current language: ``A♥``, ``10♦`` (``Т♥`` in Russian)."""
        return rank_display(self.rank) + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """Words, in the current language: ``ace of hearts`` (``туз червей``)."""
        suit = {"S": pgettext("card name: of spades", "spades"),
                "H": pgettext("card name: of hearts", "hearts"),
                "D": pgettext("card name: of diamonds", "diamonds"),
                "C": pgettext("card name: of clubs", "clubs")}[self.suit]
        return _("{rank} of {suit}").format(rank=rank_name(self.rank), suit=suit)

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        return RANK_TEXT[self.rank] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


def card_from_index(i: int) -> Card:
    return Card(i % 13 + 2, SUITS[i // 13])


FULL_PACK: tuple[Card, ...] = tuple(card_from_index(i) for i in range(52))


def make_pack(size: int = 52) -> tuple[Card, ...]:
    """The cards of a 52-card pack (2..A) or a 32-card piquet pack (7..A), in a fixed order."""
    if size == 52:
        return FULL_PACK
    if size == 32:
        return tuple(c for c in FULL_PACK if c.rank >= 7)
    raise CardError(_("A pack has 52 or 32 cards, not {size}.").format(size=size))


_TOKEN = re.compile(r"^(10|[2-9TJQKAТКДВ])(.)$", re.IGNORECASE)


def parse_card(text: str) -> Card:
    """Read one card from text in any accepted notation; raise CardError naming the token."""
    if not isinstance(text, str):
        raise CardError(_("{text} is not card text: {forms}.").format(
            text=repr(text)[:40], forms=accepted_forms()))
    # Emoji keyboards add an invisible variation selector after a suit symbol: A♥️.
    token = text.strip().replace("\ufe0f", "")
    m = _TOKEN.match(token)
    if not m:
        if token and token[:-1].upper() not in _RANK_FROM_TEXT:
            raise CardError(_("'{token}' has no valid rank: {forms}.").format(
                token=token, forms=accepted_forms()))
        raise CardError(_("'{token}' is not a card: {forms}.").format(
            token=token, forms=accepted_forms()))
    rank_text, suit_text = m.group(1).upper(), m.group(2)
    suit = _SUIT_FROM_TEXT.get(suit_text.upper())
    if suit is None:
        raise CardError(_("'{token}' has no valid suit ('{suit}'): {forms}.").format(
            token=token, suit=suit_text, forms=accepted_forms()))
    return Card(_RANK_FROM_TEXT[rank_text], suit)


def split_tokens(text: str) -> list[str]:
    """Split card text on spaces, commas or semicolons."""
    return [t for t in re.split(r"[\s,;]+", text.strip()) if t]


def parse_cards(cards: str | Iterable[str | Card]) -> list[Card]:
    """Read any number of cards (text with separators, or a list of texts or cards)."""
    items: Sequence[str | Card] = split_tokens(cards) if isinstance(cards, str) else list(cards)
    return [c if isinstance(c, Card) else parse_card(c) for c in items]


def parse_hand(cards: str | Iterable[str | Card], pack: Sequence[Card] | int | None = None,
               size: int | None = 3) -> tuple[Card, ...]:
    """Read a hand and check it: the right number of cards, no card twice, all in the pack.

    ``pack`` is a pack size (52 or 32) or the pack's cards; ``size`` None accepts any count.

    >>> parse_hand("AH KH 9S")
    (Card('AH'), Card('KH'), Card('9S'))
    """
    hand = parse_cards(cards)
    if size is not None and len(hand) != size:
        if hand:
            raise CardError(ngettext("A hand has {size} cards; got {n} ({cards}).",
                                     "A hand has {size} cards; got {n} ({cards}).",
                                     len(hand)).format(size=size, n=len(hand),
                                                       cards=cards_text(hand)))
        raise CardError(_("A hand has {size} cards; got 0.").format(size=size))
    seen: set[Card] = set()
    for c in hand:
        if c in seen:
            raise CardError(_("'{card}' appears twice; each card can be in a hand only once.")
                            .format(card=str(c)))
        seen.add(c)
    if pack is not None:
        cards_in_pack = make_pack(pack) if isinstance(pack, int) else pack
        allowed = set(cards_in_pack)
        for c in hand:
            if c not in allowed:
                if len(allowed) == 32:
                    raise CardError(_("'{card}' is not in this 32-card pack (it uses 7 to ace "
                                      "only).").format(card=str(c)))
                raise CardError(_("'{card}' is not in this {n}-card pack.").format(
                    card=str(c), n=len(allowed)))
    return tuple(hand)


def cards_text(cards: Iterable[Card]) -> str:
    """Canonical text of several cards: ``AH KH 9S``."""
    return " ".join(str(c) for c in cards)


def cards_display(cards: Iterable[Card]) -> str:
    """Display text of several cards: ``A♥ K♥ 9♠``."""
    return " ".join(c.display for c in cards)


def card_typed(card: Card) -> str:
    """One card as the current language types it, in letters: ``AH``, ``TS`` in English,
    ``Тч``, ``10п`` in Russian and Ukrainian. It always reads back as the same card (else the
    canonical ``AH`` is given)."""
    if card.rank == 10:
        rank = pgettext("typed card rank", "T")
    else:
        rank = rank_display(card.rank) if card.rank > 10 else RANK_TEXT[card.rank]
    suit = {"S": pgettext("typed card suit", "S"), "H": pgettext("typed card suit", "H"),
            "D": pgettext("typed card suit", "D"), "C": pgettext("typed card suit", "C")}
    text = rank + suit[card.suit]
    try:
        return text if parse_card(text) == card else str(card)
    except CardError:
        return str(card)


def cards_typed(cards: Iterable[Card]) -> str:
    """Several cards as the current language types them: ``AH KH 9S`` (``Тч Кч 9п``), the
    text the app writes into a box for cards; links and records keep ``cards_text``."""
    return " ".join(card_typed(c) for c in cards)
