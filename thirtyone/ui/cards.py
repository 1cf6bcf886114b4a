"""Playing cards drawn with HTML and CSS, and a clickable card grid.

Every page draws cards through this module so they look the same everywhere:

- ``card_html(card)``: one face-up card (rank and suit in the corners, a big suit symbol in the
  middle; hearts and diamonds red).
- ``back_html()``: a face-down card. It takes no card at all, so a hidden card can never leak
  into the page's HTML.
- ``hand_html(cards, counted=..., hidden=...)``: a row of cards; cards that do not count can
  be dimmed and ``hidden`` face-down backs added.
- ``show(html)``: put such HTML on the page (with the stylesheet).
- ``card_picker(...)``: a grid of card buttons, one row per suit.

Sizes: ``"lg"`` (the hand being studied, readable from the back of a classroom), ``"md"``
(table cards) and ``"sm"`` (small lists). Widths scale with the window between a minimum and a
maximum, so cards stay big on a projector and still fit a laptop screen.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Iterable, Sequence

import streamlit as st

from ..core.cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card
from .styles import stylesheet

SIZES = ("sm", "md", "lg")

CARD_CSS = stylesheet("cards.css")


def _size_class(size: str) -> str:
    if size not in SIZES:
        raise ValueError(f"Card size '{size}' is not one of {', '.join(SIZES)}.")
    return f"t31-{size}"


def rank_label(card: Card) -> str:
    """The rank as printed on a card: ``10``, ``J``, ``A``."""
    return card.display[:-1]


def card_html(card: Card, size: str = "md", counted: bool = False, dim: bool = False) -> str:
    """One face-up card as HTML. ``counted`` rings it, ``dim`` greys it out.

    >>> from thirtyone.core.cards import parse_card
    >>> 't31-red' in card_html(parse_card("AH")) and '♥' in card_html(parse_card("AH"))
    True
    """
    classes = ["t31-card", _size_class(size)]
    if card.is_red:
        classes.append("t31-red")
    if counted:
        classes.append("t31-counted")
    if dim:
        classes.append("t31-dim")
    rank, suit = html.escape(rank_label(card)), SUIT_SYMBOLS[card.suit]
    corner = f"{rank}<small>{suit}</small>"
    return (f'<div class="{" ".join(classes)}" role="img" aria-label="{card.name}" '
            f'title="{card.name}" data-card="{card}">'
            f'<div class="t31-corner t31-tl">{corner}</div>'
            f'<div class="t31-pip">{suit}</div>'
            f'<div class="t31-corner t31-br">{corner}</div></div>')


def back_html(size: str = "md") -> str:
    """A face-down card. It is drawn without any card, so nothing hidden reaches the page."""
    return (f'<div class="t31-card t31-back {_size_class(size)}" role="img" '
            f'aria-label="face-down card" title="face-down card"></div>')


def empty_html(size: str = "md") -> str:
    """An empty place where a card will go (a dashed outline)."""
    return (f'<div class="t31-card t31-empty {_size_class(size)}" role="img" '
            f'aria-label="no card yet"></div>')


def hand_html(cards: Iterable[Card], size: str = "md", counted: Collection[Card] | None = None,
              hidden: int = 0, empty: int = 0, captions: Sequence[str] | None = None) -> str:
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
            one = (f'<div class="t31-slot">{one}'
                   f'<div class="t31-caption">{html.escape(captions[i])}</div></div>')
        parts.append(one)
    parts += [back_html(size)] * hidden
    parts += [empty_html(size)] * empty
    return f'<div class="t31-row">{"".join(parts)}</div>'


def show(markup: str) -> None:
    """Put card HTML on the page, with the card stylesheet."""
    st.markdown(CARD_CSS + markup, unsafe_allow_html=True)


def button_label(card: Card) -> str:
    """A card as a button label: ``A♥`` in red for hearts and diamonds (Streamlit markdown)."""
    text = card.display
    return f":red[{text}]" if card.is_red else text


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
    st.markdown(CARD_CSS, unsafe_allow_html=True)
    ranks = sorted({c.rank for c in pack}, reverse=True)
    in_pack = set(pack)
    for suit in SUITS:
        cols = st.columns([0.5] + [1] * len(ranks), gap="small", vertical_alignment="center")
        red = " t31-red" if suit in "HD" else ""
        cols[0].markdown(f"<span title='{SUIT_NAMES[suit]}' class='t31-picksuit{red}'>"
                         f"{SUIT_SYMBOLS[suit]}</span>", unsafe_allow_html=True)
        for col, rank in zip(cols[1:], ranks, strict=True):
            card = Card(rank, suit)
            if card not in in_pack:
                continue
            col.button(button_label(card), key=picker_key(key, card), on_click=on_pick,
                       args=(card,), type="primary" if card in selected else "secondary",
                       disabled=card in disabled, width="stretch")
