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

SIZES = ("sm", "md", "lg")

CARD_CSS = """
<style>
.t31-row { display: flex; flex-wrap: wrap; gap: 0.6rem; align-items: flex-end;
  margin: 0.3rem 0 0.8rem 0; }
.t31-card { --w: clamp(64px, 7vw, 110px); width: var(--w); height: calc(var(--w) * 1.4);
  position: relative; box-sizing: border-box; border-radius: calc(var(--w) * 0.08);
  background: #ffffff; border: 1px solid #b9b9b0;
  box-shadow: 0 2px 5px rgba(0, 0, 0, 0.18); color: #1b1b1b;
  font-family: "Georgia", "DejaVu Serif", serif; user-select: none; flex: none; }
.t31-card.t31-sm { --w: clamp(38px, 3.4vw, 56px); }
.t31-card.t31-lg { --w: clamp(92px, 10vw, 150px); }
.t31-card.t31-red { color: #c8102e; }
.t31-card .t31-corner { position: absolute; line-height: 0.95; text-align: center;
  font-weight: 700; font-size: calc(var(--w) * 0.22); }
.t31-card .t31-corner small { display: block; font-size: calc(var(--w) * 0.19); }
.t31-card .t31-tl { top: calc(var(--w) * 0.06); left: calc(var(--w) * 0.07); }
.t31-card .t31-br { bottom: calc(var(--w) * 0.06); right: calc(var(--w) * 0.07);
  transform: rotate(180deg); }
.t31-card .t31-pip { position: absolute; inset: 0; display: flex; align-items: center;
  justify-content: center; font-size: calc(var(--w) * 0.5); }
.t31-card.t31-sm .t31-pip { display: none; }
.t31-card.t31-sm .t31-corner { font-size: calc(var(--w) * 0.3); }
.t31-card.t31-sm .t31-corner small { font-size: calc(var(--w) * 0.28); }
.t31-card.t31-sm .t31-br { display: none; }
.t31-card.t31-counted { outline: 4px solid #1f6f43; outline-offset: 2px; }
.t31-card.t31-dim { opacity: 0.45; filter: grayscale(40%); }
.t31-card.t31-back { border: 1px solid #18324a;
  background: repeating-linear-gradient(45deg, #23507a 0 6px, #2d6394 6px 12px);
  box-shadow: inset 0 0 0 calc(var(--w) * 0.06) #ffffff, 0 2px 5px rgba(0, 0, 0, 0.18); }
.t31-card.t31-empty { background: transparent; border: 2px dashed #b9b9b0; box-shadow: none; }
.t31-caption { text-align: center; font-size: 0.85rem; color: #555; margin-top: 0.2rem; }
.t31-slot { display: flex; flex-direction: column; align-items: center; }
/* Card-picker buttons: big enough to hit, suit colours kept by the :red[] labels. */
div[class*="_t31pick_"] button { min-height: 2.6rem; min-width: 0; padding: 0.1rem 0;
  font-size: 1.15rem; font-weight: 600; width: 100%; }
div[class*="_t31pick_"] button p { font-size: clamp(0.95rem, 1.1vw, 1.3rem);
  white-space: nowrap; overflow: visible; text-overflow: clip; letter-spacing: -0.02em; }
div[class*="_t31pick_"] button div { overflow: visible; }
div[class*="_t31pick_"] button[kind="primary"] *,
div[class*="_t31pick_"] button[data-testid="stBaseButton-primary"] * { color: #ffffff !important; }
</style>
"""


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
        cols[0].markdown(f"<span title='{SUIT_NAMES[suit]}' style='font-size:1.6rem;"
                         f"color:{'#c8102e' if suit in 'HD' else '#1b1b1b'}'>"
                         f"{SUIT_SYMBOLS[suit]}</span>", unsafe_allow_html=True)
        for col, rank in zip(cols[1:], ranks, strict=True):
            card = Card(rank, suit)
            if card not in in_pack:
                continue
            col.button(button_label(card), key=picker_key(key, card), on_click=on_pick,
                       args=(card,), type="primary" if card in selected else "secondary",
                       disabled=card in disabled, width="stretch")
