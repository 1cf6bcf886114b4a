"""Plots that stream: run a simulation batch by batch (``thirtyone.sim.stream``) and redraw
after each batch, so the first estimate shows at once and sharpens as the rounds add up.

- The running totals are kept in the session after every batch, so a rerun of the page with
  the same settings carries on where it stopped (nothing is lost) and a finished run is
  drawn at once.
- Finished totals go to a store every session shares (``st.cache_resource``), keyed by the
  settings (the rules' text among them): a simulation runs once per settings on the server.
- A control change in the middle of a run cancels it: Streamlit stops the script at its
  next element (every redraw is one) and the new settings start a new stream. Controls that
  must cancel a run therefore rerun the whole page, not only an ``st.fragment`` (a fragment's
  rerun waits for the running script to end).

Any simulation can use it: give a batch runner (``runner(rng, size, start)`` returning
counts to add up) and a ``draw`` that shows a ``Tally``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

import streamlit as st

from thirtyone.i18n import _, format_number
from thirtyone.sim.stream import BatchRunner, Tally, stream

KEEP = 128   # finished simulations kept for every session


class Finished:
    """Finished tallies by (name, settings), the oldest dropped beyond ``KEEP``."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.tallies: OrderedDict[tuple, Tally] = OrderedDict()

    def get(self, key: tuple) -> Tally | None:
        with self.lock:
            return self.tallies.get(key)

    def put(self, key: tuple, tally: Tally) -> None:
        with self.lock:
            self.tallies[key] = tally
            while len(self.tallies) > KEEP:
                self.tallies.popitem(last=False)


@st.cache_resource(show_spinner=False)
def finished() -> Finished:
    return Finished()


def streamed(name: str, params: Hashable, runner: Callable[[], BatchRunner], target: int,
             draw: Callable[[Tally], None], seed: int = 1, progress=None,
             sizes: list[int] | None = None) -> Tally:
    """The tally of ``target`` rounds of ``runner()`` for ``params``, drawn with ``draw``
    after each batch (at once when it is already known). ``name`` is the session key of the
    running totals; ``progress`` an optional placeholder (``st.empty()``) for a progress
    bar while batches remain; ``sizes`` the batches (``sim.stream.growing_batches``)."""
    known = finished().get((name, params))
    if known is not None:
        draw(known)
        return known
    stored = st.session_state.get(name)
    resume = stored["tally"] if stored and stored["params"] == params else None
    tally = resume
    if resume is not None:
        draw(resume)
    for tally in stream(runner(), target, seed=seed, resume=resume, sizes=sizes):
        st.session_state[name] = {"params": params, "tally": tally}
        if progress is not None and not tally.finished:
            progress.progress(tally.done, text=_("{done} of {target} rounds").format(
                done=format_number(tally.rounds), target=format_number(target)))
        draw(tally)
    if progress is not None:
        progress.empty()
    assert tally is not None  # a stream of one round or more yields at least once
    finished().put((name, params), tally)
    return tally
