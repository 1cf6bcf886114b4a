"""The live lesson's charts (plotly), big enough to read from the back of a room: the room's
choices, the spread of its guesses, and a class experiment's pooled results beside the exact
distribution, with the share of the event walking towards the exact chance as results come in.

Every label is made here from the engine's words or numbers, and escaped (plotly reads a few
tags); no name a student typed ever reaches a chart.
"""

from __future__ import annotations

import html

import numpy as np
import plotly.graph_objects as go

from thirtyone.i18n import _, format_percent
from thirtyone.teach import live

FONT = 20            # the projector's chart type, in pixels (readable from the back)
RIGHT, OTHER, EXACT = "#1b7a3a", "#4a6fa5", "#b03a2e"


def _label(text: str, limit: int = 40) -> str:
    one = " ".join(str(text).split())
    return html.escape(one if len(one) <= limit else one[: limit - 1] + "…")


def _layout(fig: go.Figure, height: int, font: int) -> go.Figure:
    fig.update_layout(height=height, margin={"l": 10, "r": 10, "t": 40, "b": 10},
                      font={"size": font}, showlegend=True,
                      legend={"orientation": "h", "x": 0, "y": 1.02, "yanchor": "bottom",
                              "font": {"size": font}},
                      plot_bgcolor="rgba(0,0,0,0)")
    # each axis's own sizes too: Streamlit's chart theme sets them smaller than the font's
    fig.update_xaxes(tickfont={"size": font}, title_font={"size": font})
    fig.update_yaxes(tickfont={"size": font}, title_font={"size": font})
    return fig


def choices_chart(options: list[str], counts: list[int], correct: set[int] | None,
                  font: int = FONT) -> go.Figure:
    """How many chose each option; after the reveal (``correct``) the right ones in green."""
    colours = [RIGHT if correct and i in correct else OTHER for i in range(len(options))]
    fig = go.Figure(go.Bar(y=[_label(o) for o in options], x=counts, orientation="h",
                           marker_color=colours, text=counts, textposition="auto",
                           name=_("students"), showlegend=False))
    fig.update_yaxes(autorange="reversed")
    fig.update_xaxes(title=_("students"), rangemode="tozero", dtick=1 if max(counts,
                                                                              default=0) < 8 else None)
    return _layout(fig, 120 + 70 * len(options), font)


def guesses_chart(values: list[int], exact: float | None, mine: int | None = None,
                  font: int = FONT) -> go.Figure:
    """The room's guesses in tenths; after the reveal, the exact value as a line."""
    spread = live.guess_spread(values)
    names = [f"{10 * i}–{10 * i + 9 if i < 9 else 100} %" for i in range(len(spread))]
    fig = go.Figure(go.Bar(x=[10 * i + 5 for i in range(len(spread))], y=spread, width=9,
                           marker_color=OTHER, name=_("guesses"), text=spread,
                           hovertext=names, textposition="auto"))
    if exact is not None:
        fig.add_vline(x=100 * exact, line_color=EXACT, line_width=4)
        fig.add_trace(go.Scatter(x=[100 * exact], y=[0], mode="markers",
                                 marker={"color": EXACT, "size": 14, "symbol": "diamond"},
                                 name=_("exact: {p}").format(p=format_percent(exact, 1))))
    if mine is not None:
        fig.add_trace(go.Scatter(x=[mine], y=[0], mode="markers",
                                 marker={"color": "#000", "size": 14, "symbol": "triangle-up"},
                                 name=_("your guess: {p} %").format(p=mine)))
    fig.update_xaxes(range=[0, 100], title=_("guess (%)"), dtick=10)
    fig.update_yaxes(title=_("students"), rangemode="tozero",
                     dtick=1 if max(spread, default=0) < 8 else None)   # whole students
    return _layout(fig, 380, font)


def pooled_chart(e: live.Experiment, values: list[int], font: int = FONT) -> go.Figure:
    """The room's results as shares per value, beside the exact distribution."""
    dist = live.exact_distribution(e)
    keys = sorted(dist)
    n = max(1, len(values))
    got = live.pooled(e, values).counts            # the class's count of each value
    counts = {k: got.get(k, 0) for k in keys}
    names = [value_name(e, k) for k in keys]
    fig = go.Figure()
    fig.add_trace(go.Bar(x=names, y=[counts[k] / n for k in keys], marker_color=OTHER,
                         name=_("the class: {n} results").format(n=len(values))))
    fig.add_trace(go.Scatter(x=names, y=[dist[k] for k in keys], mode="markers+lines",
                             marker={"color": EXACT, "size": 10}, line={"color": EXACT},
                             name=_("exact")))
    fig.update_yaxes(title=_("share of results"), tickformat=".0%", rangemode="tozero")
    return _layout(fig, 380, font)


def value_name(e: live.Experiment, v: int) -> str:
    if e.kind == "knock":
        return _("kept the life") if v == 1 else _("lost a life")
    if e.kind == "race" and v > e.cap:
        return _("later")
    if e.kind == "race" and v == 0:
        return _("dealt")             # 31 in the hand dealt, before any turn
    return str(v)


def walk_chart(e: live.Experiment, values: list[int], font: int = FONT) -> go.Figure:
    """The share of the event after each result so far, with its 95 % band, and the exact
    chance: the band closes in on the exact line as the count grows."""
    hits = np.cumsum([1 if live.is_hit(e, v) else 0 for v in values])
    n = np.arange(1, len(values) + 1)
    exact = live.event_chance(e)
    fig = go.Figure()
    if len(values):
        lo, hi = live.wilson_band(hits, n)
        fig.add_trace(go.Scatter(x=n, y=hi, line={"width": 0}, showlegend=False,
                                 hoverinfo="skip"))
        fig.add_trace(go.Scatter(x=n, y=lo, fill="tonexty", line={"width": 0},
                                 fillcolor="rgba(74,111,165,0.25)", name=_("95 % band"),
                                 hoverinfo="skip"))
        fig.add_trace(go.Scatter(x=n, y=hits / n, line={"color": OTHER, "width": 3},
                                 name=_("the class so far")))
    fig.add_hline(y=exact, line_color=EXACT, line_width=3, line_dash="dash")
    fig.add_trace(go.Scatter(x=[1], y=[exact], mode="markers", marker={"color": EXACT},
                             name=_("exact: {p}").format(p=format_percent(exact, 1))))
    fig.update_xaxes(title=_("results so far"), rangemode="tozero")
    fig.update_yaxes(title=_label(live.event_words(e), 60), tickformat=".0%", range=[0, 1])
    return _layout(fig, 380, font)
