"""Fixed places on a page, drawn in the same order on every run, so that a rerun replaces what
stood there (the table's move buttons above all) instead of leaving it to Streamlit's clean-up.

Why: Streamlit keeps an element that a rerun did not draw again until the run has finished
(after a fragment's rerun sometimes seconds later), greyed out where it was. When a part of the
table came and went (the hand, the Draw/Knock row, the showdown), everything under it moved
up one place, so after a Draw the old Draw/Take/Knock row stood for a while under the new
Discard row, and on a phone the last button left the screen.

How: ``Slots(places)`` plans one element per place, in the given order, on every run. Each
place then holds exactly one thing: ``put(place, draw, shape)`` plans it, and ``draw()`` first
sends, place by place, an empty element where a place holds nothing or where its content goes
or changes its shape, and a container where the same shape stands again (a container drawn
where the same kind of container stood keeps what it holds, so nothing flickers); then it
draws the contents top to bottom (a fresh container over each emptied place). Emptying first
means that no old button is still on the page when a new one shows (the Draw row is gone
before the Discard row appears). ``shape`` says how the content is built (how many columns,
buttons...): content of the same shape is drawn over the old in place; content of another
shape is drawn afresh (Streamlit would otherwise keep the old one's surplus children). The
shape drawn last in each place is kept in the session.

Cost: every element is a message to the browser, and on a busy server each one costs CPU, so
a place with nothing in it is one empty element, a place with one HTML element (``put_html``)
that element alone, and a place with other content one container (two when it changes its
shape) and the content itself. table.css hides the empty ones (they
would still take a gap).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import streamlit as st

from thirtyone.ui.widgets.html import Markup, show

MEMORY = "t31_slots"      # {(prefix, place): shape drawn last} of this browser tab's session
EMPTY = None              # the shape of a place with nothing in it
HTML = "html element"     # the shape of a place that shows one HTML element (``put_html``)


class Slots:
    """The places of one part of a page; see the module's text."""

    def __init__(self, places: Sequence[str], prefix: str = "play_slot") -> None:
        self._places = tuple(places)
        self._prefix = prefix
        self._plan: dict[str, tuple[Hashable, Any]] = {}   # place -> (shape, draw or HTML)

    def put(self, place: str, draw: Callable[[], Any], shape: Hashable = "one") -> None:
        """Draw ``draw()`` in ``place`` (it draws with ``st.*``); ``shape`` tells apart
        contents built differently (the default: one element, or always the same
        layout)."""
        if place not in self._places:
            raise KeyError(place)
        self._plan[place] = (shape, draw)

    def put_html(self, place: str, content: Markup) -> None:
        """Show ``content`` (one element, no buttons) in ``place``: it needs no container, so
        where it stood the last time too it is drawn at once, in the first pass."""
        if place not in self._places:
            raise KeyError(place)
        self._plan[place] = (HTML, content)

    def draw(self) -> None:
        memory = st.session_state.setdefault(MEMORY, {})
        # other places than last time (another page's felt, a game with other moves): what
        # stands on the page is not what the memory says, so every place is drawn afresh
        # (kept per first place: Play's felt and its side hint are two sets of places)
        layout = (self._prefix, "@" + (self._places[0] if self._places else ""))
        if memory.get(layout) != self._places:
            for place in self._places:
                memory.pop((self._prefix, place), None)
            memory[layout] = self._places
        kept: dict[str, Any] = {}      # place -> its container, drawn over in place
        fresh: dict[str, Any] = {}     # place -> the empty element its new content replaces
        for place in self._places:     # first: one element per place, in order
            key = (self._prefix, place)
            planned = self._plan.get(place)
            if planned is None:
                st.empty()
                memory[key] = EMPTY
            elif key in memory and memory[key] == planned[0]:
                if planned[0] == HTML:       # one element: drawn over the old one now
                    show(planned[1])
                else:
                    kept[place] = st.container(key=f"{self._prefix}_{place}")
            else:
                fresh[place] = st.empty()
        for place in self._places:     # then: the contents, in order
            planned = self._plan.get(place)
            if planned is None or (place not in kept and place not in fresh):
                continue
            shape, draw = planned
            if shape == HTML:
                show(draw, fresh[place])
            else:
                box = (kept[place] if place in kept
                       else fresh[place].container(key=f"{self._prefix}_{place}"))
                with box:
                    draw()
            memory[(self._prefix, place)] = shape
