"""Playing cards drawn with HTML and CSS, and a clickable card grid.

Every page draws cards through this module so they look the same everywhere:

- ``card_html(card)``: one face-up card (rank and suit in the corners, a big suit symbol in the
  middle; hearts and diamonds red, or each suit its own colour with the four-colour deck).
- ``back_html()``: a face-down card. It takes no card at all, so a hidden card can never leak
  into the page's HTML.
- ``hand_html(cards, counted=..., hidden=...)``: a row of cards; cards that do not count can
  be dimmed and ``hidden`` face-down backs added.
- ``show(markup)``: put such HTML on the page (with the stylesheet).
- ``card_picker(...)``: a grid of card buttons, one row per suit.

Sizes: ``"lg"`` (the hand being studied, readable from the back of a classroom), ``"md"``
(table cards) and ``"sm"`` (small lists). Widths scale with the window between a minimum and a
maximum, so cards stay big on a projector and still fit a laptop screen.

Every card and suit symbol carries a class per suit (``t31-sD``...), so the display options
(``thirtyone.ui.shell.display``: big cards, four-colour deck) restyle them all with one stylesheet;
text in Streamlit markdown (button labels, quiz answers) is coloured by ``coloured_cards``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence

import streamlit as st

from thirtyone.core import SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card
from thirtyone.i18n import _
from thirtyone.ui.widgets.html import Markup, join, markup
from thirtyone.ui.widgets.html import show as show_markup
from thirtyone.ui.widgets.styles import stylesheet

SIZES = ("sm", "md", "lg")

CARD_CSS = stylesheet("cards.css")

# The sidebar's four-colour deck switch (``thirtyone.ui.shell.display``) keeps its choice here.
FOUR_COLOUR_KEY = "display_four_colour"
# Markdown colours of the suits: two-colour (classic) and four-colour decks.
TWO_COLOURS = {"S": "", "H": "red", "D": "red", "C": ""}
FOUR_COLOURS = {"S": "", "H": "red", "D": "blue", "C": "green"}
_CARD_TEXT = re.compile(r"(10|[2-9JQKAТКДВ])([♠♥♦♣])")   # Т К Д В: ru/uk ranks
_SUIT_OF_SYMBOL = {sym: suit for suit, sym in SUIT_SYMBOLS.items()}


def four_colour() -> bool:
    """Whether the four-colour deck is switched on in this session."""
    try:
        return bool(st.session_state.get(FOUR_COLOUR_KEY, False))
    except Exception:  # noqa: BLE001 - outside a Streamlit session: the classic deck
        return False


def coloured_cards(text: str, four: bool | None = None) -> str:
    """Text with every card in it (``A♥``, ``10♦``) in its suit's colour, as Streamlit
    markdown: hearts and diamonds red, or with ``four`` (default: the session's choice)
    diamonds blue and clubs green too.

    >>> coloured_cards("A♥ or 10♦, not 9♣", four=False)
    ':red[A♥] or :red[10♦], not 9♣'
    >>> coloured_cards("10♦ 9♣ K♠", four=True)
    ':blue[10♦] :green[9♣] K♠'
    >>> coloured_cards("Т♥ К♠ Д♦ В♣", four=True)
    ':red[Т♥] К♠ :blue[Д♦] :green[В♣]'
    """
    colours = FOUR_COLOURS if (four_colour() if four is None else four) else TWO_COLOURS

    def paint(m: re.Match) -> str:
        colour = colours[_SUIT_OF_SYMBOL[m.group(2)]]
        return f":{colour}[{m.group(0)}]" if colour else m.group(0)

    return _CARD_TEXT.sub(paint, text)


def _size_class(size: str) -> str:
    if size not in SIZES:
        raise ValueError(f"Card size '{size}' is not one of {', '.join(SIZES)}.")
    return f"t31-{size}"


def rank_label(card: Card) -> str:
    """The rank as printed on a card: ``10``, ``J``, ``A``."""
    return card.display[:-1]


def card_html(card: Card, size: str = "md", counted: bool = False, dim: bool = False) -> Markup:
    """One face-up card as HTML. ``counted`` rings it, ``dim`` greys it out.

    >>> from thirtyone.core.cards import parse_card
    >>> 't31-red' in card_html(parse_card("AH")) and '♥' in card_html(parse_card("AH"))
    True
    """
    classes = ["t31-card", _size_class(size), f"t31-s{card.suit}"]
    if card.is_red:
        classes.append("t31-red")
    if counted:
        classes.append("t31-counted")
    if dim:
        classes.append("t31-dim")
    suit = SUIT_SYMBOLS[card.suit]
    corner = markup("{}<small>{}</small>", rank_label(card), suit)
    return markup('<div class="{cls}" role="img" aria-label="{name}" '
                  'title="{name}" data-card="{card}">'
                  '<div class="t31-corner t31-tl">{corner}</div>'
                  '<div class="t31-pip">{suit}</div>'
                  '<div class="t31-corner t31-br">{corner}</div></div>',
                  cls=" ".join(classes), name=card.name, card=str(card), corner=corner,
                  suit=suit)


def back_html(size: str = "md") -> Markup:
    """A face-down card. It is drawn without any card, so nothing hidden reaches the page."""
    return markup('<div class="t31-card t31-back {size}" role="img" '
                  'aria-label="{words}" title="{words}"></div>',
                  size=_size_class(size), words=_("face-down card"))


def empty_html(size: str = "md") -> Markup:
    """An empty place where a card will go (a dashed outline)."""
    return markup('<div class="t31-card t31-empty {size}" role="img" '
                  'aria-label="{words}"></div>', size=_size_class(size), words=_("no card yet"))


def hand_html(cards: Iterable[Card], size: str = "md", counted: Collection[Card] | None = None,
              hidden: int = 0, empty: int = 0, captions: Sequence[str] | None = None) -> Markup:
    """A row of cards. With ``counted`` given, those cards are ringed and the others dimmed;
    ``hidden`` face-down cards and ``empty`` placeholders follow the face-up ones;
    ``captions`` (one per face-up card) are written under the cards.

    >>> from thirtyone.core.cards import parse_hand
    >>> hand_html(parse_hand("AH KH 9S"), hidden=2).count('t31-back')
    2
    """
    parts = []
    for i, c in enumerate(cards):
        if counted is None:
            one = card_html(c, size)
        else:
            one = card_html(c, size, counted=c in counted, dim=c not in counted)
        if captions is not None and i < len(captions):
            one = markup('<div class="t31-slot">{}<div class="t31-caption">{}</div></div>',
                         one, captions[i])
        parts.append(one)
    parts += [back_html(size)] * hidden
    parts += [empty_html(size)] * empty
    return markup('<div class="t31-row">{}</div>', join(parts))


def show(cards: Markup) -> None:
    """Put card HTML on the page, with the card stylesheet."""
    show_markup(CARD_CSS + cards)


def button_label(card: Card, four: bool | None = None) -> str:
    """A card as a button label in its suit's colour (Streamlit markdown): ``:red[A♥]``;
    with the four-colour deck diamonds are blue and clubs green."""
    return coloured_cards(card.display, four)


def picker_key(prefix: str, card: Card) -> str:
    """The widget key of one card's button in ``card_picker``: ``scorer_t31pick_AH``, so it
    starts with the page's own prefix. Its CSS class ``st-key-<key>`` lets browser tests
    click it."""
    return f"{prefix}_t31pick_{card}"


def card_picker(pack: Sequence[Card], selected: Collection[Card], on_pick: Callable[[Card], None],
                key: str, disabled: Collection[Card] = ()) -> None:
    """A grid of buttons, one row per suit, one button per card of ``pack``.

    Selected cards are drawn as primary (filled) buttons. Clicking a card calls
    ``on_pick(card)`` in a callback, before the page reruns; the caller decides what a click
    means (add, remove, replace) and keeps the selection in its own session state.
    """
    show_markup(CARD_CSS)
    ranks = sorted({c.rank for c in pack}, reverse=True)
    in_pack = set(pack)
    four = four_colour()  # read once, not once per card
    # the container's key lets cards.css lay the grid out on a phone (two rows per suit)
    with st.container(key=f"{key}_t31picker"):
        _picker_rows(ranks, in_pack, selected, on_pick, key, disabled, four)


def _picker_rows(ranks: Sequence[int], in_pack: Collection[Card], selected: Collection[Card],
                 on_pick: Callable[[Card], None], key: str, disabled: Collection[Card],
                 four: bool) -> None:
    for suit in SUITS:
        cols = st.columns([0.5] + [1] * len(ranks), gap="small", vertical_alignment="center")
        red = " t31-red" if suit in "HD" else ""
        show_markup(markup("<span title='{}' class='t31-picksuit t31-s{}{}'>{}</span>",
                           _(SUIT_NAMES[suit]), suit, red, SUIT_SYMBOLS[suit]), cols[0])
        for col, rank in zip(cols[1:], ranks, strict=True):
            card = Card(rank, suit)
            if card not in in_pack:
                continue
            col.button(button_label(card, four), key=picker_key(key, card), on_click=on_pick,
                       args=(card,), type="primary" if card in selected else "secondary",
                       disabled=card in disabled, width="stretch")
