"""Fixed places on a page, drawn in the same order on every run, so that a rerun replaces what
stood there (the table's move buttons above all) instead of leaving it to Streamlit's clean-up.

Why: Streamlit keeps an element that a rerun did not draw again until the run has finished
(after a fragment's rerun sometimes seconds later), greyed out where it was. When a part of the
table came and went (the hand, the Draw/Knock row, the showdown), everything under it moved
up one place, so after a Draw the old Draw/Take/Knock row stood for a while under the new
Discard row, and on a phone the last button left the screen.

How: ``Slots(places)`` makes one container per place, in the given order, on every run (a
container drawn where the same kind of container stood keeps what it holds, so nothing
flickers). Each place then holds exactly one thing: ``put(place, draw, shape)`` plans it,
and ``draw()`` first empties every place whose content goes or changes its shape, then draws
the contents top to bottom. Emptying first means that no old button is still on the page when
a new one shows (the Draw row is gone before the Discard row appears). ``shape`` says how the
content is built (how many columns, buttons...): content of the same shape is drawn over the
old in place; content of another shape is drawn afresh (Streamlit would otherwise keep the
old one's surplus children). The shape drawn last in each place is kept in the session.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import streamlit as st

MEMORY = "t31_slots"      # {(prefix, place): shape drawn last} of this browser tab's session
EMPTY = None              # the shape of a place with nothing in it


class Slots:
    """The places of one part of a page; see the module's text."""

    def __init__(self, places: Sequence[str], prefix: str = "play_slot") -> None:
        # keyed: table.css hides a place with nothing in it (it would still take a gap)
        self._boxes = {p: st.container(key=f"{prefix}_{p}") for p in places}
        self._prefix = prefix
        self._plan: dict[str, tuple[Hashable, Callable[[], Any]]] = {}

    def put(self, place: str, draw: Callable[[], Any], shape: Hashable = "one") -> None:
        """Draw ``draw()`` in ``place`` (it draws with ``st.*``); ``shape`` tells apart
        contents built differently (the default: one element, or always the same
        layout)."""
        if place not in self._boxes:
            raise KeyError(place)
        self._plan[place] = (shape, draw)

    def draw(self) -> None:
        memory = st.session_state.setdefault(MEMORY, {})
        fresh = {}
        for place, box in self._boxes.items():           # first: what goes or changes
            key = (self._prefix, place)
            planned = self._plan.get(place)
            if planned is None:
                box.empty()
                memory[key] = EMPTY
            elif key not in memory or memory[key] != planned[0]:
                fresh[place] = box.empty()
        for place, box in self._boxes.items():           # then: the contents, in order
            planned = self._plan.get(place)
            if planned is None:
                continue
            shape, draw = planned
            with fresh[place].container() if place in fresh else box.container():
                draw()
            memory[(self._prefix, place)] = shape
