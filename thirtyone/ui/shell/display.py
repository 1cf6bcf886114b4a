"""Display options for projectors and small screens, as two sidebar switches on every page:

- **Big cards**: every card drawn one size up (``display_big.css``).
- **Four-colour deck**: each suit its own colour, ♠ black, ♥ red, ♦ blue, ♣ green
  (``display_four.css`` for drawn cards, ``cards.coloured_cards`` for card text in labels).

The choices live in plain session-state keys (``BIG_CARDS_KEY``, ``cards.FOUR_COLOUR_KEY``),
so they persist while moving between pages. The base stylesheet ``display.css`` (labels that
wrap instead of being cut, visible keyboard focus rings, narrower margins on small screens) is
added on every page whatever the switches say.
"""

from __future__ import annotations

import streamlit as st

from thirtyone.i18n import N_, _
from thirtyone.ui.widgets.cards import FOUR_COLOUR_KEY
from thirtyone.ui.widgets.html import style
from thirtyone.ui.widgets.styles import stylesheet

BIG_CARDS_KEY = "display_big_cards"
SWITCHES = (
    (BIG_CARDS_KEY, N_("Big cards"), N_("Draw every card larger, for a projector or the back "
                                        "of the room.")),
    (FOUR_COLOUR_KEY, N_("Four-colour deck"), N_("Give each suit its own colour: spades black, "
                                                 "hearts red, diamonds blue, clubs green.")),
)


def _keep(widget_key: str, key: str) -> None:
    st.session_state[key] = st.session_state[widget_key]


def display_options() -> dict[str, bool]:
    """The sidebar switches and the stylesheets they choose; returns the choices by key."""
    state = st.session_state
    chosen = {}
    for key, label, help_text in SWITCHES:
        widget_key = f"{key}_switch"
        if widget_key not in state:  # (re)seed from the kept choice
            state[widget_key] = bool(state.get(key, False))
        st.sidebar.toggle(_(label), key=widget_key, help=_(help_text), on_change=_keep,
                          args=(widget_key, key))
        state[key] = chosen[key] = bool(state[widget_key])
    css = stylesheet("display.css")
    if chosen[BIG_CARDS_KEY]:
        css += stylesheet("display_big.css")
    if chosen[FOUR_COLOUR_KEY]:
        css += stylesheet("display_four.css")
    style(css)
    return chosen
