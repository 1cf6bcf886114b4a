"""The Variants page's simulated comparison: whole rounds of several variants played by the
basic bots, as a table and as grouped bars with 95% error bars. No Streamlit here."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from ..core.rules import VARIANTS
from ..i18n import N_, _
from ..sim.stream import Tally, growing_batches, stream
from ..sim.variants import stats_from_tally, variants_runner
from .odds import localized

FIELDS = (("blitz_rate", N_("Ended by a blitz (or fire)"), "#c8102e"),
          ("knock_rate", N_("Ended by a knock"), "#1f6f43"),
          ("knocker_lost_rate", N_("Knocker lost a life (of knocks)"), "#a0522d"))
SEED = 31  # one seed per batch for every variant: the same deals, so differences come from rules


def batches(rounds: int) -> list[int]:
    """The batch sizes the page streams in (a first table at once, then larger batches)."""
    return growing_batches(rounds, growth=4, largest=20_000)


def compared_table(tally: Tally) -> pd.DataFrame:
    """One row per variant of a (running) comparison: its rates and their standard errors."""
    rows = []
    for k, s in stats_from_tally(tally).items():
        rows.append(compared_row(k, s.to_dict(), s.standard_errors()))
    return pd.DataFrame(rows)


def compared_row(key: str, result: dict, errors: dict | None) -> dict:
    """One variant's row: its rates (timings left out) and their standard errors."""
    row = {"key": key, "variant": VARIANTS[key].name}
    row |= {f: v for f, v in result.items() if f not in ("seconds", "rounds_per_second")}
    row |= {f"{f} se": e for f, e in (errors or {}).items()}
    return row


def variants_compared_data(keys=("scat", "schwimmen"), players: int = 4, rounds: int = 20_000,
                           knock_at: int = 25, seed: int = SEED) -> pd.DataFrame:
    """Play ``rounds`` rounds of each variant in ``keys`` with ``players`` basic bots that
    knock at ``knock_at``; one row per variant (the page's numbers for the same settings)."""
    runner = variants_runner({k: VARIANTS[k].rules for k in keys}, players, "basic", knock_at)
    *_, tally = stream(runner, rounds, seed=seed, sizes=batches(rounds))
    return compared_table(tally)


def compared_figure(df: pd.DataFrame, errors: bool = True) -> go.Figure:
    """Grouped bars: how rounds end, and how often the knocker pays, per variant; with
    ``errors``, 95% error bars (1.96 standard errors) that shrink as rounds add up."""
    fig = go.Figure()
    for field, msgid, colour in FIELDS:
        label = _(msgid)
        bars = None
        if errors:
            se = df[f"{field} se"].fillna(0) if f"{field} se" in df else 0 * df[field]
            bars = {"type": "data", "color": "#333333", "thickness": 1.5,
                    "array": list(1.96 * se)}
        fig.add_trace(go.Bar(name=label, x=[_(v) for v in df["variant"]],
                             y=list(df[field].fillna(0)),
                             marker_color=colour, error_y=bars,
                             hovertemplate="%{x}: %{y:.1%}<extra>" + label + "</extra>"))
    fig.update_layout(barmode="group", height=380, yaxis_tickformat=".0%",
                      margin={"l": 10, "r": 10, "t": 10, "b": 10},
                      # anchored by its bottom above the bars, so a legend that wraps
                      # (the Russian labels take three rows at 1024 px) grows upwards
                      # into the margin instead of covering the tallest bars
                      legend={"orientation": "h", "yanchor": "bottom", "y": 1.02,
                              "font": {"size": 14}},
                      font={"size": 14})
    return localized(fig)


def variants_compared(keys=("scat", "schwimmen"), players: int = 4, rounds: int = 20_000,
                      knock_at: int = 25, seed: int = SEED) -> go.Figure:
    return compared_figure(variants_compared_data(keys, players, rounds, knock_at, seed))
