"""What the projector, a student's device and the dashboard's box share: an item's cards, a
refusal or a busy store as one plain sentence (the page stays as it is), and starting a
session."""

from __future__ import annotations

import streamlit as st

from thirtyone.i18n import _
from thirtyone.store import ClassRow, Store, StoreError
from thirtyone.store import live as live_store
from thirtyone.ui.pages.live.items import Shown
from thirtyone.ui.widgets.cards import CARD_CSS, hand_html
from thirtyone.ui.widgets.html import join, markup, show
from thirtyone.ui.widgets.plain import plain

TITLES = {"hand": "Your hand", "pile": "Top of the discard pile", "middle": "Middle"}


def draw_cards(s: Shown, big: bool = False) -> None:
    """The item's cards, one labelled row per hand (large cards on the projector)."""
    if not s.cards:
        return
    size = "lg" if big else "md"
    rows = [markup('<div class="t31-rowlabel">{}</div>', _(TITLES[label]) if label in TITLES
                   else label) + hand_html(cards, size=size)
            for label, cards in s.cards.items()]
    show(CARD_CSS + join(rows))


def show_error(e: Exception) -> None:
    """A refusal (or a busy store) as one sentence of plain text."""
    st.error(plain(str(e)), icon=":material/error:")


def reveal_text(s: Shown) -> None:
    """The reveal: the engine's answer, each option's cost in the game's unit, and why."""
    right = _(" or ").join(s.options[i] for i in sorted(s.correct))
    st.success(_("The engine's answer: {right}.").format(right=plain(right)))
    for label, cost in s.costs:
        st.markdown(f"- **{plain(label)}**: {plain(cost)}")
    if s.why:
        st.write(s.why)


def start_session(store: Store, klass: ClassRow) -> bool:
    """Start the class's live lesson on the first running order; a refusal is said in one
    sentence (then False)."""
    try:
        live_store.start(store, klass.id)
    except (StoreError, live_store.LiveRefused) as e:
        show_error(e)
        return False
    return True
