"""The Odds lab's knock curve for every seat (``thirtyone.sim.seats``): its tables, plotly
figures and readings, and the players x seat heat map of the lowest value worth knocking
on. The page (``pages/odds_lab/__init__.py``) lays out the controls; the cached heat-map counts
live here so every session shares them. The figures themselves are
``thirtyone.plots.seats``."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from thirtyone.core import Rules
from thirtyone.i18n import N_, _
from thirtyone.plots.seats import (  # noqa: F401  (the figures, tables and readings, used by the pages)
    HEAT_HOW,
    HEAT_HOW_TEXT,
    HEAT_ROUNDS,
    HEAT_SEED,
    heat_counts,
    heat_figure,
    heat_how,
    heat_reading,
    heat_table,
    heat_turns,
    seat_figure,
    seat_how,
    seat_reading,
    seat_sim_table,
    seat_title,
)
from thirtyone.sim.seats import first_knock_turn
from thirtyone.ui.pages.odds_lab.odds_lab import rules_from_key

OPPONENT_NAMES = {"random": N_("random moves"),
                  "weak": N_("weak (picks its throw before drawing)"),
                  "basic": N_("basic bot"), "standard": N_("standard bot")}


def opponent_name(key: str) -> str:
    """An opponent id in the reader's words (the selectboxes' ``format_func``)."""
    return _(OPPONENT_NAMES[key])


def seat_label(seat: int, players: int) -> str:
    """Seat ``seat`` (0 = left of the dealer) as the page names it: 1, 2, ... from the
    dealer's left; the last seat is the dealer's."""
    if seat == 0:
        return _("1 (left of the dealer)")
    if seat == players - 1:
        return _("{n} (the dealer)").format(n=players)
    return str(seat + 1)


def turn_control(box, label: str, rules: Rules, most: int, key: str) -> int:
    """A knock-turn slider from the first turn a knock is allowed to ``most``; a plain line
    where only one turn is possible (a slider needs two ends)."""
    first = first_knock_turn(rules)
    if most <= first:
        box.caption(_("{label}: {turn} (the only one these rules and the stock allow)").format(
            label=label, turn=first))
        return first
    return box.slider(label, first, most, first, key=key,
                      help=_("1 = the knocker's first turn."))


@st.cache_data(max_entries=32, show_spinner=False)
def heat_counts_of(key: str, most: int, turn: int, opponent: str) -> pd.DataFrame:
    return heat_counts(rules_from_key(key), most, turn, opponent)


def cached_heat_counts(key: str, most: int, turn: int, opponent: str) -> pd.DataFrame:
    """The heat map's counts, shared by every session (a spinner while they are played)."""
    with st.spinner(_("Playing the rounds for every seat...")):
        return heat_counts_of(key, most, turn, opponent)
