"""The Learn page's live blocks: a ``plot`` drawn by the Odds lab's own functions
(``ui/odds_lab.py`` caches, ``plots/odds.py`` figures) with its controls as sliders, and a
``link`` to a teacher scenario in Play or a section of the Odds lab with its settings."""

from __future__ import annotations

from urllib.parse import urlencode

import numpy as np
import plotly.graph_objects as go
import streamlit as st

from thirtyone.core import Rules, get_variant
from thirtyone.i18n import PSEUDO, _, current, format_number, format_percent, ngettext, pseudo
from thirtyone.odds import dealt_distribution, knock_risk, knock_survival_exact, value_label
from thirtyone.plots import odds as op
from thirtyone.plots.code import figure_code
from thirtyone.teach import Link, Plot, simulated_knock
from thirtyone.ui.pages.odds_lab import odds_lab as lab
from thirtyone.ui.widgets.figures import frozen, show_code

CHART = {"displayModeBar": False}


def said(text: str) -> str:
    """Text from a lesson file as shown: as written (the file is the translation), except
    that the tests' pseudo-language marks it too, so English left elsewhere stands out."""
    return pseudo(text) if current() == PSEUDO and text else text


def widget_key(where: str, name: str) -> str:
    return "t31plot_" + (where + "_" + name).replace("/", "_").replace("-", "_")


@st.cache_resource(max_entries=64, show_spinner=False)
def _marked(fig_key: tuple, value: float | None, label: str, lang: str = "en") -> go.Figure:
    """A cached Odds lab figure with the student's value marked (a dashed line); ``lang``
    keeps each language's figure apart (its titles and the mark's words)."""
    kind, key, *rest = fig_key
    if kind == "knock_survival" and rest[1] > 0:
        rules = lab.rules_from_key(key)
        res = simulated_knock(rules, rest[0] - 1, rest[1])
        fig = op.knock_sim_figure(op.sim_table(res, rules), lab.knock_df(key, (rest[0],)), rules)
    elif kind == "knock_survival":
        fig = go.Figure(lab.knock_exact_chart(key, (rest[0],)))
    elif kind == "race":
        fig = go.Figure(lab.race_chart(key, float(rest[0]), int(rest[1]), "", rest[2]))
    else:
        fig = go.Figure(lab.dealt_chart(key))
    if value is not None:
        fig.add_vline(x=value, line_dash="dash", line_color="#555",
                      annotation_text=_("your value: {value}").format(value=label),
                      annotation_position="top left", annotation_yshift=22)
        # room for the label above the plot, under a title of two lines
        fig.update_layout(margin={"t": (fig.layout.margin.t or 50) + 26})
    return frozen(fig)


@st.cache_resource(max_entries=64, show_spinner=False)
def _bust_figure(key: str, total: int, lang: str = "en") -> go.Figure:
    """Banking's bust chances with ``total`` marked, once per total and language."""
    rules = lab.rules_from_key(key)
    return frozen(op.bust_figure(op.bust_table(rules), total))


def show_plot(block: Plot, where: str) -> None:
    """Draw ``block``; ``where`` (lesson/step/n) keeps its sliders apart from every other."""
    rules = get_variant(block.variant).rules
    key = lab.rules_key(rules)
    values = dict(block.settings)
    cols = st.columns(len(block.controls))
    for col, name in zip(cols, block.controls, strict=True):
        low, high = block.bounds(name)
        label = {"players": _("Players at the table"), "value": _("Your value"),
                 "target": _("Aim for"), "total": _("Your total"),
                 "turns": (_("Turns each (final turn included)")
                           if block.plot == "knock_survival" else _("Turns shown"))}[name]
        with col:
            values[name] = st.slider(label, low, high, values[name], key=widget_key(where, name))
    if block.plot == "knock_survival":
        v, n, turns = values["value"], values["players"], values["turns"]
        fig = _marked(("knock_survival", key, n, turns), v, value_label(rules, v), current())
        code = (figure_code("knock_after_turns", rules, block.variant, players=n, turns=turns)
                if turns else figure_code("knock_curve", rules, block.variant, players=(n,)))
        reading = knock_words(rules, n, turns, v)
    elif block.plot == "race":
        text = (f"{values['target']}" if values["target"] == 31
                else _("{n} or more").format(n=values["target"]))
        fig = _marked(("race", key, values["target"], values["turns"], text), None, "", current())
        code = figure_code("race", rules, block.variant, target=values["target"],
                           turns=values["turns"])
        reading = ""
    elif block.plot == "bust":
        total = values["total"]
        fig = _bust_figure(key, total, current())
        code = figure_code("bust", rules, block.variant, total=total)
        reading = op.bust_reading(op.bust_table(rules), total, rules)
    else:
        v = values["value"]
        fig = _marked(("dealt_values", key), v, value_label(rules, v), current())
        code = figure_code("dealt_values", rules, block.variant)
        reading = "\n\n".join(t for t in (beats_words(rules, v), lab.dealt_text(key)) if t)
    st.plotly_chart(fig, config=CHART, key=widget_key(where, "chart"))
    if block.caption:
        st.caption(said(block.caption))
    if reading:
        st.markdown(reading)
    show_code(code)


def beats_words(rules: Rules, value: int) -> str:
    """The cumulative reading at the slider's value: the share of dealt hands below it, at it
    and above it (what a "what share does this hand beat?" question asks)."""
    if rules.hand_value == "brag":     # classes, not numbers: the plot's own reading says it
        return ""
    dist = dealt_distribution(rules).probabilities
    below = sum(p for v, p in dist.items() if v < value)
    at = dist.get(float(value), 0.0)
    return _("A hand worth {value} beats {below} of all dealt hands; {at} are worth exactly "
             "{value}, and {above} are better.").format(
        value=value_label(rules, value), below=format_percent(below, 1),
        at=format_percent(at, 1), above=format_percent(max(0.0, 1 - below - at), 1))


def knock_words(rules: Rules, players: int, turns: int, value: int) -> str:
    """The chance the plot shows at the student's value, in one sentence."""
    curve = knock_survival_exact(rules, players - 1)
    fresh = float(curve.survive[int(np.argmin(np.abs(curve.values - value)))])
    risk = knock_risk(rules)
    text = _("With {players} players, a knock on {value} against fresh hands: {good} "
             "{chance}.").format(players=players, value=value_label(rules, value),
                                 good=risk.good, chance=format_percent(fresh, 1))
    if turns:
        res = simulated_knock(rules, players - 1, turns)
        later = float(res.survive[int(np.argmin(np.abs(res.values - value)))])
        text += " " + ngettext(
            "After {turns} turn each (the final turn included): {chance}, simulated over "
            "{rounds} rounds.",
            "After {turns} turns each (the final turn included): {chance}, simulated over "
            "{rounds} rounds.", turns).format(turns=turns, chance=format_percent(later, 1),
                                             rounds=format_number(res.rounds))
    return text


def link_url(block: Link) -> str:
    """The block's page with its settings, and the page's language (``lang``), so the page
    opened in a new tab speaks as this one does."""
    params = [(k, v) for k, v in block.params if k != "lang"]
    lang = current()
    if lang != "en":
        params.append(("lang", lang))
    return f"/{block.page}?{urlencode(params)}"


def show_link(block: Link) -> None:
    st.link_button(said(block.label), link_url(block), icon=":material/open_in_new:")


__all__ = ["link_url", "said", "show_link", "show_plot", "widget_key"]
