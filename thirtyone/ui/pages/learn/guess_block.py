"""Guess, then see (``teach.guess``): the student commits a guess with a slider; only then
the exact chance appears beside it, and a seeded simulation runs live towards it in a few
steps (rounds counted up, the estimate and its 95 % band narrowing), inside a fragment so a
"Run it again" reruns only the simulation.

Before the guess is locked in, nothing of the answer is on the page (nor in the websocket):
the exact value is computed only after. The guess is kept in the session (``GUESSES``), so a
rerun, a language switch or a visit to another page keeps it.
"""

from __future__ import annotations

import secrets
import time

import plotly.graph_objects as go
import streamlit as st

from thirtyone.i18n import _, format_number, format_percent, ngettext
from thirtyone.teach import Guess, SimStep, exact, simulate
from thirtyone.ui.pages.learn.lesson_blocks import said
from thirtyone.ui.widgets.cards import CARD_CSS, hand_html
from thirtyone.ui.widgets.html import markup, show

GUESSES = "t31_guesses"     # {block id: {"guess": 0..100, "seed": int, "ran": bool}}
STEP_DELAY = 0.3            # seconds between the simulation's steps as it runs live
CHART = {"displayModeBar": False}

def _safe(gid: str) -> str:
    return gid.replace("/", "_").replace("-", "_")


def guesses() -> dict:
    if GUESSES not in st.session_state:
        st.session_state[GUESSES] = {}
    return st.session_state[GUESSES]


def _commit(gid: str, slider_key: str) -> None:
    g = st.session_state.get(slider_key)
    guesses()[gid] = {"guess": int(g if g is not None else 50),
                      "seed": secrets.randbelow(2**31), "ran": False}


def _again(gid: str) -> None:
    entry = guesses().get(gid)
    if entry is not None:
        entry["seed"] = secrets.randbelow(2**31)
        entry["ran"] = False


def _how(kind: str) -> str:
    return {"dealt": _("Counted exactly over every possible three-card deal."),
            "race": _("Worked out exactly over every hand you could hold at each turn."),
            "knock": _("Counted exactly over every deal of your hand and the others'."),
            "standing": _("Counted exactly over every hand the opponent could be dealt."),
            "bust": _("Counted exactly over every card you have not seen.")}[kind]


TICKS = [10, 100, 1_000, 10_000]   # the rounds axis: 10^0.9 to 10^4.1


def _chart(steps: list[SimStep], true: float, guess: float) -> go.Figure:
    x = [s.rounds for s in steps]
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=x + x[::-1], y=[100 * s.high for s in steps]
                             + [100 * s.low for s in steps][::-1],
                             fill="toself", fillcolor="rgba(31,119,180,0.2)", mode="lines",
                             line={"width": 0}, hoverinfo="skip",
                             name=_("95 % band")))
    fig.add_trace(go.Scatter(x=x, y=[100 * s.estimate for s in steps], mode="lines+markers",
                             line={"color": "#1f77b4"}, name=_("simulated estimate")))
    fig.add_hline(y=100 * true, line_color="#2a7a3b", line_width=2,
                  annotation_text=_("exact"), annotation_position="top left")
    fig.add_hline(y=guess, line_color="#b5651d", line_dash="dot",
                  annotation_text=_("your guess"), annotation_position="bottom right")
    lo = min(guess, 100 * min(s.low for s in steps), 100 * true)
    hi = max(guess, 100 * max(s.high for s in steps), 100 * true)
    pad = max(2.0, (hi - lo) * 0.15)
    fig.update_layout(height=300, margin={"l": 10, "r": 10, "t": 10, "b": 10},
                      # the ticks written as the page writes numbers ("10 000"), not d3's
                      # "10k", which reads as English in every language
                      xaxis={"type": "log", "title": _("rounds simulated"),
                             "range": [0.9, 4.1], "tickvals": TICKS,
                             "ticktext": [format_number(t) for t in TICKS]},
                      yaxis={"title": "%", "range": [max(0.0, lo - pad), min(100.0, hi + pad)]},
                      legend={"orientation": "h", "y": -0.35}, showlegend=True)
    return fig


def _readout(s: SimStep) -> str:
    return _("After {rounds} rounds: {hits} went that way, so the estimate is {p}; the band "
             "runs from {low} to {high}.").format(
        rounds=format_number(s.rounds), hits=format_number(s.hits),
        p=format_percent(s.estimate, 1), low=format_percent(s.low, 1),
        high=format_percent(s.high, 1))


@st.fragment
def _simulation(block: Guess, gid: str, true: float) -> None:
    entry = guesses().get(gid)
    if entry is None:
        return
    steps = simulate(block, entry["seed"])
    slot = st.empty()
    shown = range(len(steps)) if not entry.get("ran") else [len(steps) - 1]
    for i in shown:
        with slot.container():
            st.plotly_chart(_chart(steps[: i + 1], true, entry["guess"]), config=CHART,
                            key=f"t31guesschart_{_safe(gid)}_{i}")
            st.markdown(_readout(steps[i]))
        if len(shown) > 1 and i + 1 < len(steps):
            time.sleep(STEP_DELAY)
    entry["ran"] = True
    st.caption(_("The shaded band is the simulation's honest doubt: run it a hundred times "
                 "and about 95 of the bands hold the exact chance. Four times as many rounds "
                 "make the band about half as wide."))
    st.button(_("Run it again"), key=f"t31guessagain_{_safe(gid)}", on_click=_again,
              args=(gid,), icon=":material/replay:")


def show_guess(block: Guess, where: str) -> None:
    gid = where
    entry = guesses().get(gid)
    with st.container(border=True, key=f"t31guess_{_safe(gid)}"):
        st.caption(_("Guess first, then see"))
        show(markup('<div class="t31-question">{}</div>', said(block.question)))
        if block.hand:
            show(CARD_CSS + hand_html(block.hand, size="lg"))
        if entry is None:
            key = f"t31guessslider_{_safe(gid)}"
            st.slider(_("Your guess"), 0, 100, 50, format="%d %%", key=key)
            st.button(_("Lock in my guess"), key=f"t31guesslock_{_safe(gid)}", type="primary",
                      on_click=_commit, args=(gid, key), icon=":material/lock:")
            st.caption(_("The exact chance appears once your guess is locked in."))
            return
        true = exact(block)
        off = abs(entry["guess"] - 100 * true)
        left, right = st.columns(2)
        left.metric(_("Your guess"), format_percent(entry["guess"] / 100))
        right.metric(_("Exact"), format_percent(true, 1))
        st.caption(_how(block.kind))
        if off < 5:
            st.success(_("Close: within 5 points of the exact chance."),
                       icon=":material/check_circle:")
        else:
            st.info(ngettext("{n} point away from the exact chance.",
                             "{n} points away from the exact chance.", round(off)).format(
                n=format_number(round(off))), icon=":material/straighten:")
        st.markdown(_("Now watch a simulation deal round after round: its estimate wanders at "
                      "first and then settles on the exact chance."))
        _simulation(block, gid, true)


__all__ = ["GUESSES", "STEP_DELAY", "guesses", "show_guess"]
