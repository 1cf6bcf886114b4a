"""The per-seat knock curve and the players x seat heat map (``thirtyone.sim.seats``): tidy
tables, plotly figures and readings. No Streamlit here: the Odds lab and a notebook call the
same functions."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from ..core.rules import Rules
from ..i18n import N_, _, format_number, format_percent, ngettext
from ..odds.knock import knock_risk
from ..odds.tables import value_label
from ..sim.seats import SeatKnock, iter_seat_knock, lowest_safe, max_knock_turn
from .odds import LAYOUT, localized, simulated_knock_traces

HEAT_ROUNDS = 2_000      # rounds per players x seat cell of the heat map
HEAT_SEED = 3
_LAYOUT = LAYOUT


# --- one seat's curve ---------------------------------------------------------------------

def seat_sim_table(res: SeatKnock, rules: Rules) -> pd.DataFrame:
    return pd.DataFrame({"players": res.players, "seat": res.seat + 1, "knock turn": res.turn,
                         "opponents": res.opponent, "rounds": res.rounds, "value": res.values,
                         "label": [value_label(rules, v) for v in res.values],
                         "survive": res.survive, "low 95%": res.low, "high 95%": res.high})


def seat_title(players: int, seat: int, turn: int) -> str:
    return _("{n} players, seat {seat} of {n}, knock on turn {turn}").format(
        n=players, seat=seat + 1, turn=turn)


def seat_figure(df: pd.DataFrame, exact: pd.DataFrame | None, rules: Rules,
                title: str) -> go.Figure:
    fig = simulated_knock_traces(df, exact)
    fig.update_layout(title=title, xaxis_title=_("your value when you knock"),
                      yaxis_title=_(knock_risk(rules).good), **_LAYOUT)
    fig.update_yaxes(tickformat=".0%", range=[0, 1.02])
    localized(fig)
    if "<br>" in title:   # a second line (the rounds played so far) needs room above the plot
        fig.update_layout(margin=dict(l=60, r=20, t=80, b=50))
    return fig


def seat_reading(df: pd.DataFrame, rules: Rules) -> str:
    if not len(df):
        return _("Press the button to play the rounds; the curve sharpens as they arrive.")
    n, seat, turn = (int(df[c].iloc[0]) for c in ("players", "seat", "knock turn"))
    v = lowest_safe(df["value"].to_numpy(), df["survive"].to_numpy(), 0.5)
    value = value_label(rules, v) if v == v else "31"
    text = (_("From seat {seat} on your turn {turn}, a knock needs about {value} to win the "
              "pot half the time.") if knock_risk(rules).kind == "pot" else
            _("From seat {seat} on your turn {turn}, a knock needs about {value} to be safe "
              "half the time.")).format(seat=seat, turn=turn, value=value) + " "
    before, after = seat - 1, n - seat

    def turns(k: int) -> str:
        return ngettext("{k} turn", "{k} turns", k).format(k=k)
    if before == 0:
        return text + _("You move first: each of the others gets {turns}, the last one after "
                        "your knock.").format(turns=turns(turn))
    if after == 0:
        return text + _("You are the dealer: each of the others gets {turns}, the last one "
                        "after your knock.").format(turns=turns(turn + 1))
    first = (_("The player before you gets {turns}") if before == 1 else
             ngettext("The {n} player before you get {turns}",
                      "The {n} players before you get {turns}", before)).format(
        n=before, turns=turns(turn + 1))
    then = (_("the one after you {turns}") if after == 1 else
            ngettext("the {n} after you {turns}", "the {n} after you {turns}", after)).format(
        n=after, turns=turns(turn))
    return text + _("{first}, {then}, so a later seat needs a higher hand.").format(
        first=first, then=then)


def seat_how(df: pd.DataFrame) -> str:
    rounds = int(df["rounds"].iloc[0]) if len(df) else 0
    return _("Simulation with {rounds} rounds that reached your knock, in the real turn "
             "order: the players before your seat play one more turn than those after it; "
             "all of them (and you, before your knock) play as the chosen opponent, nobody "
             "knocks early, and rounds ended by a 31 before your knock are left out. The "
             "band is a 95% interval; the dotted line is the fresh-hands curve for the same "
             "players.").format(rounds=format_number(rounds))


# --- the heat map: lowest value worth knocking on, players x seat ---------------------------

def heat_turns(rules: Rules, most: int) -> int:
    """The latest knock turn every table size up to ``most`` players can reach."""
    return min(max_knock_turn(rules, n) for n in range(2, most + 1))


def heat_counts(rules: Rules, most: int, turn: int, opponent: str,
                rounds: int = HEAT_ROUNDS, seed: int = HEAT_SEED) -> pd.DataFrame:
    """Simulated survival for every players x seat x value (2 to ``most`` players)."""
    frames = []
    for n in range(2, most + 1):
        for seat in range(n):
            *_, res = iter_seat_knock(rules, n, seat, turn, opponent, rounds, seed=seed + n,
                                      batch=rounds)
            frames.append(pd.DataFrame({"players": n, "seat": seat + 1, "value": res.values,
                                        "survive": res.survive, "rounds": res.rounds}))
    return pd.concat(frames, ignore_index=True)


def heat_table(counts: pd.DataFrame, share: float) -> pd.DataFrame:
    """The lowest value that survives at least ``share`` of the time, one row per players
    and seat (NaN where even the best hand does not)."""
    rows = []
    for (n, seat), part in counts.groupby(["players", "seat"]):
        rows.append({"players": int(n), "seat": int(seat),
                     "lowest value": lowest_safe(part["value"].to_numpy(),
                                                 part["survive"].to_numpy(), share)})
    return pd.DataFrame(rows)


def heat_figure(table: pd.DataFrame, share: float, rules: Rules) -> go.Figure:
    grid = table.pivot(index="players", columns="seat", values="lowest value")
    z = grid.to_numpy(dtype=float)
    text = [["" if np.isnan(v) else value_label(rules, v) for v in row] for row in z]
    seats = [str(s) for s in grid.columns]
    fig = go.Figure(go.Heatmap(
        z=z, x=seats,
        y=[ngettext("{n} player", "{n} players", int(n)).format(n=n) for n in grid.index],
        text=text, texttemplate="%{text}", textfont=dict(size=16), colorscale="YlOrRd",
        xgap=2, ygap=2, colorbar=dict(title=_("value")), hoverongaps=False,
        hovertemplate=(_("%{y}, seat %{x}: knock on %{text} or more") + "<extra>"
                       + _(knock_risk(rules).good) + " " + format_percent(share) + "</extra>")))
    title = (_("Lowest knock that wins the pot at least {share} of the time")
             if knock_risk(rules).kind == "pot" else
             _("Lowest knock that is safe at least {share} of the time"))
    fig.update_layout(title=title.format(share=format_percent(share)),
                      xaxis_title=_("your seat (1 = left of the dealer, last = the dealer)"),
                      **{**_LAYOUT, "height": 460})
    fig.update_yaxes(autorange="reversed")
    return localized(fig)


def heat_reading(table: pd.DataFrame, share: float, rules: Rules) -> str:
    most = int(table["players"].max())
    row = table[table["players"] == most].sort_values("seat")["lowest value"].to_numpy()
    if np.isnan(row).any():
        return _("At {n} players some seats never reach {share}: even the best hands "
                 "can be beaten there.").format(n=most, share=format_percent(share))
    if row[0] == row[-1]:
        return _("At {n} players every seat can knock on {value}: against these opponents "
                 "the extra turn hardly matters.").format(n=most,
                                                          value=value_label(rules, row[0]))
    return _("At {n} players the first seat can knock on {first}, the dealer needs {last}: "
             "each seat after the first gives the players before it one more turn to "
             "improve.").format(n=most, first=value_label(rules, row[0]),
                                last=value_label(rules, row[-1]))


HEAT_HOW_TEXT = N_("Simulation, {rounds} rounds per cell, with the real turn order for every "
                   "seat (counted from the dealer's left). Each cell is the lowest value from "
                   "which every higher value survived at least the target share; a cell can be "
                   "one off either way from chance.")
HEAT_HOW = HEAT_HOW_TEXT.format(rounds=format_number(HEAT_ROUNDS))   # in English; heat_how() translates


def heat_how() -> str:
    """How the heat map was computed, in the reader's language."""
    return _(HEAT_HOW_TEXT).format(rounds=format_number(HEAT_ROUNDS))
