"""Plotly figures and tidy tables for the Odds lab page (no Streamlit here).

Every figure is built from a ``pandas.DataFrame`` that is also what the page offers as CSV,
so the picture and the download always hold the same numbers.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from ..core.rules import Rules
from ..core.scoring import BRAG_CLASSES
from ..i18n import N_, _, format_number, format_percent, ngettext, plot_separators
from ..odds.bust import bust_curve
from ..odds.deal import EVENTS, starting_hand_odds
from ..odds.dealt import dealt_distribution
from ..odds.knock import knock_risk, knock_survival_exact
from ..odds.moves import MoveOdds
from ..odds.race import race_curve
from ..odds.tables import value_label
from ..sim.knock import SimulatedKnock

GREEN, RED, BLUE, GREY, GOLD = "#1f6f43", "#c8102e", "#2b5d9c", "#7a7a7a", "#b8860b"
PLAYER_COLOURS = ["#1f6f43", "#2b5d9c", "#b8860b", "#c8102e", "#6a3d9a", "#333333"]
LAYOUT = dict(template="plotly_white", height=420, margin=dict(l=60, r=20, t=50, b=50),
               font=dict(size=15), legend=dict(orientation="h", y=-0.2))


def localized(fig: go.Figure) -> go.Figure:
    """``fig`` writing its numbers (ticks, hover) as the reader's language does: a decimal
    comma in Russian and Ukrainian (``layout.separators``); an English figure is unchanged."""
    seps = plot_separators()
    if seps is not None:
        fig.update_layout(separators=seps)
    return fig


def _layout(fig: go.Figure, title: str, x: str, y: str, percent: bool = True) -> go.Figure:
    fig.update_layout(title=title, xaxis_title=x, yaxis_title=y, **LAYOUT)
    localized(fig)
    if percent:
        fig.update_yaxes(tickformat=".0%")
    return fig


def one_in(p: float) -> str:
    """``1 in 207`` for a probability (or ``never``)."""
    if p <= 0:
        return _("never")
    # the reader's digit grouping: an English "5,525" reads as 5.5 in Russian
    return _("1 in {n}").format(n=format_number(1 / p)) if p < 0.5 else format_percent(p)


# --- starting hands ---------------------------------------------------------------------

def dealt_table(rules: Rules) -> pd.DataFrame:
    """Dealt-value probabilities for these rules with 52 and with 32 cards."""
    rows = []
    for pack in (52, 32):
        d = dealt_distribution(rules.replace(pack=pack))
        for v, p in d.probabilities.items():
            x = BRAG_CLASSES.index(v) if isinstance(v, str) else v
            rows.append({"pack": f"{pack} cards", "value": x,
                         "label": v if isinstance(v, str) else value_label(rules, v),
                         "probability": p})
    return pd.DataFrame(rows)


def pack_name(pack: str) -> str:
    """A ``pack`` column value (``52 cards``, an id in the data) in the reader's words."""
    return _("{n} cards").format(n=pack.split()[0])


def dealt_figure(df: pd.DataFrame, rules: Rules) -> go.Figure:
    fig = go.Figure()
    # This game's pack as filled bars, the other pack as outlines over them.
    packs = sorted(("52 cards", "32 cards"), key=lambda p: not p.startswith(str(rules.pack)))
    halves = rules.hand_value != "brag" and (df["value"] % 1 != 0).any()
    width = None if rules.hand_value == "brag" else (0.45 if halves else 0.8)
    for pack in packs:
        part = df[df["pack"] == pack]
        mine = pack.startswith(str(rules.pack))
        colour = BLUE if pack.startswith("52") else GOLD
        fig.add_bar(x=part["label"] if rules.hand_value == "brag" else part["value"],
                    y=part["probability"],
                    name=(_("{pack} (this game)") if mine else "{pack}").format(
                        pack=pack_name(pack)),
                    marker=dict(color=colour if mine else "rgba(0,0,0,0)",
                                line=dict(color=colour, width=0 if mine else 3)),
                    opacity=0.85 if mine else 1.0, width=width,
                    hovertemplate="%{x}: %{y:.2%}<extra>" + pack_name(pack) + "</extra>")
    fig.update_layout(barmode="overlay" if rules.hand_value != "brag" else "group")
    x = _("brag class") if rules.hand_value == "brag" else _("value of the dealt hand")
    return _layout(fig, _("What the deal gives one player"), x, _("share of deals"))


def bust_table(rules: Rules) -> pd.DataFrame:
    """Banking: by a punter's three-card total, the chance one more card busts (all hands of
    that total, and those without an ace), and how often the deal gives that total
    (``odds.bust``)."""
    c = bust_curve(rules)
    return pd.DataFrame({"total": c.totals.astype(int), "chance of going over": c.chance,
                         "without an ace": c.hard, "share of deals": c.share})


def bust_figure(df: pd.DataFrame, total: int | None = None) -> go.Figure:
    """The chance of going over 31 with one more card, by the total held; ``total`` marked."""
    fig = go.Figure()
    fig.add_bar(x=df["total"], y=df["chance of going over"], marker_color=RED, opacity=0.75,
                name=_("every hand of that total"),
                hovertemplate="%{x}: %{y:.1%}<extra></extra>")
    hard = df.dropna(subset=["without an ace"])
    fig.add_scatter(x=hard["total"], y=hard["without an ace"], mode="markers",
                    marker=dict(color=BLUE, size=9, symbol="diamond"),
                    name=_("without an ace"), hovertemplate="%{x}: %{y:.1%}<extra></extra>")
    if total is not None:
        fig.add_vline(x=total, line_dash="dash", line_color="#555",
                      annotation_text=_("your total: {total}").format(total=total),
                      annotation_position="top left")
    fig.update_yaxes(tickformat=".0%", range=[0, 1])
    return _layout(fig, _("One more card: the chance of going over 31"),
                   _("total of your three cards"), _("chance of going over"))


def bust_reading(df: pd.DataFrame, total: int, rules: Rules) -> str:
    """What the chance at ``total`` means for buying, in chips, in one or two sentences."""
    row = df[df["total"] == total]
    if row.empty:
        return _("Three cards cannot show a total of {total}.").format(total=total)
    if total == 31:
        return _("Three cards make 31 only with an ace counted 11: a natural, paid at once. "
                 "There is nothing to buy.")
    p = float(row["chance of going over"].iloc[0])
    if p == 0:
        return _("On {total} no card can take you over 31, so buying risks no bust.").format(
            total=total)
    hard = row["without an ace"].iloc[0]
    text = _("On {total}, one more card takes you over 31 {p} of the time").format(
        total=total, p=format_percent(p, 1))
    if pd.notna(hard) and abs(float(hard) - p) > 0.005:
        text += _(" ({hard} without an ace: an ace counted 11 can drop back to 1 instead)"
                  ).format(hard=format_percent(float(hard), 1))
    pays = rules.bust_pays
    return text + ". " + ngettext(
        "Going over pays the banker {n} chip at once, whatever the banker holds: on average "
        "{cost} chips lost to busts for every card bought on {total}. Buying pays only if what "
        "the card can win is worth more.",
        "Going over pays the banker {n} chips at once, whatever the banker holds: on average "
        "{cost} chips lost to busts for every card bought on {total}. Buying pays only if "
        "what the card can win is worth more.", pays).format(
        n=pays, cost=format_number(p * pays, 2), total=total)


def dealt_reading(df: pd.DataFrame, rules: Rules) -> str:
    if rules.hand_value == "brag":
        hi = df[(df["pack"] == "52 cards") & (df["label"] == "high card")]["probability"].sum()
        return _("With 52 cards about {share} of deals are only a high card, so any pair "
                 "is already a good start. The short 32-card pack makes pairs and runs far "
                 "more common.").format(share=format_percent(hi))
    parts = []
    for pack in ("52 cards", "32 cards"):
        p = df[df["pack"] == pack]
        mean = float((p["value"] * p["probability"]).sum())
        p31 = float(p[p["value"] == 31]["probability"].sum())
        parts.append((pack, mean, p31))
    (a, ma, pa), (b, mb, pb) = parts
    return _("With {pack_a} a dealt hand is worth {mean_a} on average and 31 comes "
             "{odds_a} deals. With {pack_b} the cards are higher: {mean_b} on average, "
             "and 31 comes {odds_b} deals.").format(
        pack_a=pack_name(a), mean_a=format_number(ma, 1), odds_a=one_in(pa), pack_b=pack_name(b),
        mean_b=format_number(mb, 1),
        odds_b=one_in(pb))


def event_words(rules: Rules, event: str) -> str:
    """A starting-hand event (``odds.deal``: ``blitz``, ``fire``, ``three of a kind`` or a
    brag class) in the reader's words."""
    if event == "three of a kind" and rules.hand_value == "brag":
        return _("three of a kind (prial)")
    if event == "three of a kind" and rules.three_of_a_kind is None and not rules.same_rank:
        return _("three of a kind (no bonus here: it counts one card)")
    if event in EVENTS:
        return _(EVENTS[event])
    return _("brag: {hand}").format(hand=_(event))


def event_applies(rules: Rules, event: str) -> bool:
    """Whether a starting-hand event means anything under ``rules``: a blitz and fire only
    where hands add up by suit (fire only where three aces have their own worth), the Brag
    classes only where hands rank as in Brag. Three of a kind is listed everywhere (it is a
    prial in Brag, and elsewhere the hand a bonus would go to)."""
    if rules.hand_value == "brag":
        return event not in ("blitz", "fire")
    if event == "blitz" or event == "three of a kind":
        return True
    if event == "fire":
        return rules.fire is not None
    return False   # a Brag class: it ranks nothing in these rules


def events_left_out(rules: Rules) -> str:
    """One or two sentences saying which special hands the list leaves out, and why."""
    if rules.hand_value == "brag":
        return _("A blitz and three aces (fire) are not listed: in Brag ranking no hand is "
                 "worth 31 and three aces are simply a prial.")
    out = [_("The Brag hands (runs, flushes, pairs) are not listed: they rank hands only in "
             "Stop the Bus; here a hand is worth its best suit.")]
    if rules.fire is None:
        out.append(_("Three aces (fire) are not listed either: these rules give them no worth "
                     "of their own."))
    return " ".join(out)


def events_table(rules: Rules, players: int) -> pd.DataFrame:
    rows = []
    for e in starting_hand_odds(rules, players):
        if not event_applies(rules, e.event):
            continue
        rows.append({"event": event_words(rules, e.event), "hands": e.hands, "one player": e.p_one,
                     f"at least one of {players}": e.p_any})
    return pd.DataFrame(rows)


def events_figure(df: pd.DataFrame, players: int) -> go.Figure:
    col = f"at least one of {players}"
    fig = go.Figure()
    you, anyone = _("you"), _("anyone of {n}").format(n=players)
    fig.add_bar(y=df["event"], x=df["one player"], orientation="h", name=you,
                marker_color=BLUE, hovertemplate="%{y}: %{x:.3%}<extra>" + you + "</extra>")
    fig.add_bar(y=df["event"], x=df[col], orientation="h", name=anyone,
                marker_color=GREEN, hovertemplate="%{y}: %{x:.3%}<extra>" + anyone + "</extra>")
    fig.update_layout(barmode="group")
    fig = _layout(fig, _("Special hands on the deal"), _("chance"), "", percent=False)
    fig.update_xaxes(tickformat=".1%", rangemode="tozero")
    fig.update_yaxes(autorange="reversed")
    return fig


def events_reading(df: pd.DataFrame, players: int) -> str:
    row = df.iloc[0]
    blitz = row["event"] == _(EVENTS["blitz"])  # the table is in the reader's language
    col = f"at least one of {players}"
    text = (_("You are dealt a blitz {odds} deals, but with {n} players someone is dealt one "
              "{odds_any} deals.") if blitz else
            _("You are dealt three of a kind {odds} deals, but with {n} players someone is "
              "dealt one {odds_any} deals."))
    return (text.format(odds=one_in(row["one player"]), n=players, odds_any=one_in(row[col]))
            + " " + _("Each extra player adds almost the same chance again, because two such "
                      "hands can rarely be dealt together."))


# --- racing to 31 -----------------------------------------------------------------------

def race_table(rules: Rules, target: float, turns: int, hand=None) -> pd.DataFrame:
    c = race_curve(rules, target, turns, hand)
    return pd.DataFrame({"turns": c.turns, "best possible": c.best_possible,
                         "fastest policy": c.fastest_policy, "basic bot": c.basic_policy})


def race_summary(rules: Rules, target: float, hand=None) -> tuple[float, float]:
    c = race_curve(rules, target, 1, hand)
    return c.expected_turns_fastest, c.expected_turns_basic


# the race table's columns (ids in the data) and their names in the figure
RACE_NAMES = {"best possible": N_("best possible"), "fastest policy": N_("fastest policy"),
              "basic bot": N_("basic bot")}


def race_figure(df: pd.DataFrame, target_text: str) -> go.Figure:
    fig = go.Figure()
    for col, colour, dash, width in (("best possible", "rgba(31,111,67,0.45)", "solid", 9),
                                     ("fastest policy", BLUE, "dot", 3),
                                     ("basic bot", RED, "dash", 3)):
        name = _(RACE_NAMES[col])
        fig.add_scatter(x=df["turns"], y=df[col], name=name, mode="lines",
                        line=dict(color=colour, dash=dash, width=width),
                        hovertemplate=_("within %{x} turns: %{y:.1%}") + "<extra>" + name
                        + "</extra>")
    return _layout(fig, _("Holding {target} within k turns, playing alone").format(
        target=target_text), _("turns (k)"), _("chance"))


def turns_text(x: float) -> str:
    return _("never (it can get stuck)") if not np.isfinite(x) else format_number(x, 1)


def race_reading(df: pd.DataFrame, e_fast: float, e_basic: float, target_text: str) -> str:
    k = int(df["turns"].iloc[-1])
    best, basic = df["best possible"].iloc[-1], df["basic bot"].iloc[-1]
    first = ngettext("Playing alone, the best you can do is hold {target} within {k} turn "
                     "{best} of the time; the basic bot, which only keeps its highest "
                     "hand, manages {basic}.",
                     "Playing alone, the best you can do is hold {target} within {k} turns "
                     "{best} of the time; the basic bot, which only keeps its highest "
                     "hand, manages {basic}.", k).format(target=target_text, k=k,
                                                              best=format_percent(best),
                                                              basic=format_percent(basic))
    if np.isfinite(e_basic):
        second = _("On average the fastest policy needs {fast} turns and the basic bot "
                   "{basic}: keeping cards that can still become {target} pays.").format(
            fast=format_number(e_fast, 1), basic=format_number(e_basic, 1), target=target_text)
    else:
        second = _("On average the fastest policy needs {fast} turns; the basic bot can "
                   "sit forever on a hand it will not break up, such as three of a "
                   "kind.").format(fast=format_number(e_fast, 1))
    return f"{first} {second}"


# --- knocking ---------------------------------------------------------------------------

def knock_exact_table(rules: Rules, players: list[int]) -> pd.DataFrame:
    frames = []
    for n in players:
        c = knock_survival_exact(rules, n - 1)
        frames.append(pd.DataFrame({"players": n, "value": c.values, "label": c.labels,
                                    "survive": c.survive, "someone lower": c.not_lowest,
                                    "exact": c.exact}))
    return pd.concat(frames, ignore_index=True)


def _x(df: pd.DataFrame, rules: Rules):
    return df["label"] if rules.hand_value == "brag" else df["value"]


def knock_exact_figure(df: pd.DataFrame, rules: Rules) -> go.Figure:
    fig = go.Figure()
    for i, (n, part) in enumerate(df.groupby("players")):
        name = ngettext("{n} player", "{n} players", int(n)).format(n=n)
        how = _("exact") if n <= 3 else _("close approximation")
        fig.add_scatter(x=_x(part, rules), y=part["survive"], mode="lines+markers",
                        name=name, line=dict(color=PLAYER_COLOURS[i % 6], width=3),
                        hovertemplate=_("knock on %{x}: %{y:.1%}") + "<extra>" + name + ", "
                        + how + "</extra>")
    fig = _layout(fig, _("Knock on the deal: fresh hands"), _("your value when you knock"),
                  _(knock_risk(rules).good))
    fig.update_yaxes(range=[0, 1.02])
    return fig


def knock_reading(df: pd.DataFrame, rules: Rules) -> str:
    if rules.hand_value == "brag":
        return _("Against hands straight from the deal even a pair is a safe knock most of "
                 "the time. The more players, the more likely someone holds something "
                 "worse.")
    few = df[df["players"] == df["players"].min()]
    n = int(few["players"].iloc[0])
    safe = few[few["survive"] >= 0.9]["value"]
    v = value_label(rules, float(safe.min())) if len(safe) else "31"
    if knock_risk(rules).kind == "pot":
        return ngettext("Against {n} fresh hand, a knock on {v} or more wins the pot at least "
                        "9 times in 10. Here the highest hand takes the pot, so every extra "
                        "player makes a knock riskier: someone is more likely to hold more "
                        "than you.",
                        "Against {n} fresh hands, a knock on {v} or more wins the pot at least "
                        "9 times in 10. Here the highest hand takes the pot, so every extra "
                        "player makes a knock riskier: someone is more likely to hold more "
                        "than you.", n - 1).format(n=n - 1, v=v)
    return ngettext("Against {n} fresh hand, a knock on {v} or more is safe at least 9 times "
                    "in 10. Every extra player makes a low knock safer, because someone is "
                    "likely to hold even less.",
                    "Against {n} fresh hands, a knock on {v} or more is safe at least 9 times "
                    "in 10. Every extra player makes a low knock safer, because someone is "
                    "likely to hold even less.", n - 1).format(n=n - 1, v=v)


def sim_table(res: SimulatedKnock, rules: Rules) -> pd.DataFrame:
    return pd.DataFrame({"players": res.opponents + 1, "turns": res.turns,
                         "rounds": res.rounds, "value": res.values,
                         "label": [value_label(rules, v) for v in res.values],
                         "survive": res.survive, "low 95%": res.low, "high 95%": res.high})


def simulated_knock_traces(df: pd.DataFrame, exact: pd.DataFrame | None) -> go.Figure:
    """A simulated knock curve (``survive`` with its ``low 95%``/``high 95%`` band) and the
    exact fresh-hands curve beside it: the traces of every simulated knock figure."""
    fig = go.Figure()
    if len(df):
        x = df["value"]
        fig.add_scatter(x=pd.concat([x, x[::-1]]),
                        y=pd.concat([df["high 95%"], df["low 95%"][::-1]]),
                        fill="toself", fillcolor="rgba(200,16,46,0.18)", line=dict(width=0),
                        hoverinfo="skip", name=_("95% band"))
        fig.add_scatter(x=x, y=df["survive"], mode="lines+markers", name=_("simulated"),
                        line=dict(color=RED, width=3),
                        hovertemplate=_("knock on %{x}: %{y:.1%}") + "<extra>"
                        + _("simulated") + "</extra>")
    if exact is not None and len(exact):
        fig.add_scatter(x=exact["value"], y=exact["survive"], mode="lines",
                        name=_("fresh hands (no turns played)"),
                        line=dict(color=GREY, dash="dot", width=2))
    return fig


def knock_sim_figure(df: pd.DataFrame, exact: pd.DataFrame | None, rules: Rules) -> go.Figure:
    fig = simulated_knock_traces(df, exact)
    title = _("After the others have played")
    if len(df):
        n, turns = int(df["players"].iloc[0]), int(df["turns"].iloc[0])
        # the number of rounds on a line of its own: a phone cut the one long line off
        title = (ngettext("{n} players, after {turns} turn each",
                          "{n} players, after {turns} turns each", turns).format(n=n,
                                                                                 turns=turns)
                 + "<br><sup>" + _("{rounds} rounds simulated").format(
                     rounds=format_number(int(df['rounds'].iloc[0]))) + "</sup>")
    fig = _layout(fig, title, _("your value when you knock"), _(knock_risk(rules).good))
    fig.update_yaxes(range=[0, 1.02])
    return fig


# --- your hand --------------------------------------------------------------------------

def moves_table(moves: list[MoveOdds], rules: Rules) -> pd.DataFrame:
    rows = []
    for m in moves:
        for v, p in zip(m.values, m.probabilities, strict=True):
            rows.append({"move": m.move, "value": v, "label": value_label(rules, v),
                         "probability": p, "mean": m.mean, "chance of 31": m.p31,
                         "chance better": m.p_better, "note": m.note})
    return pd.DataFrame(rows)


SHOWDOWN_COLUMNS = {"lives": "chance to lose if shown down now",
                    "points": "expected points if shown down now",
                    "chips": "expected chips if shown down now"}


def showdown_column(rules: Rules) -> str:
    """The moves' summary column of ``odds.knock.showdown_result``, named in its unit."""
    return SHOWDOWN_COLUMNS[rules.scoring]


def moves_summary(moves: list[MoveOdds], rules: Rules,
                  losses: list[float] | None = None) -> pd.DataFrame:
    """One row per move; ``losses`` (``odds.knock.showdown_result`` per move) adds the
    move's result in the scoring's unit if the hands were shown down right after it."""
    rows = []
    for i, m in enumerate(moves):
        row: dict[str, Any] = {"move": m.move,
                               "value": value_label(rules, m.values[0]) if m.certain
                               else _("depends on the card")}
        if rules.hand_value != "brag":
            row |= {"average value": m.mean, "chance of 31": m.p31}
        row |= {"chance better than now": m.p_better}
        if losses is not None:
            row |= {showdown_column(rules): losses[i]}
        row |= {"note": m.note}
        rows.append(row)
    return pd.DataFrame(rows)


def moves_figure(df: pd.DataFrame, rules: Rules) -> go.Figure:
    fig = go.Figure()
    order = list(dict.fromkeys(df["move"]))
    fig.add_scatter(x=df["value"], y=df["move"], mode="markers",
                    marker=dict(size=7 + 24 * np.sqrt(df["probability"]),
                                color=df["probability"], colorscale="Greens", cmin=0, cmax=1,
                                line=dict(color=GREEN, width=1), showscale=False),
                    customdata=np.stack([df["probability"], df["label"]], axis=1),
                    hovertemplate=_("%{y}: %{customdata[1]} with chance "
                                    "%{customdata[0]:.1%}") + "<extra></extra>",
                    name=_("outcome"))
    fig = _layout(fig, _("Your value after each move (dot size = chance)"),
                  _("value after the move"), "", percent=False)
    fig.update_yaxes(categoryorder="array", categoryarray=order[::-1])
    if rules.hand_value == "brag":
        fig.update_xaxes(tickvals=list(range(len(BRAG_CLASSES))), ticktext=list(BRAG_CLASSES),
                         range=[-0.5, len(BRAG_CLASSES) - 0.5])
    fig.update_layout(height=max(300, 120 + 40 * len(order)), showlegend=False)
    return fig


def mean_label(rules: Rules, mean: float) -> str:
    """An average value to one decimal: ``30½`` or ``21`` when it is one, else ``23.4``
    (``23,4`` in Russian and Ukrainian)."""
    x = round(mean, 1)
    return value_label(rules, x) if (2 * x).is_integer() else format_number(x, 1)


def moves_reading(moves: list[MoveOdds], rules: Rules) -> str:
    if rules.hand_value == "brag":
        best = max(moves, key=lambda m: m.p_better)
        return _("'{move}' improves your hand with chance {p}. Moves with one dot are "
                 "certain: you can see every card they use.").format(move=best.move,
                                                                     p=format_percent(best.p_better))
    best = max(moves, key=lambda m: m.mean or 0.0)   # suit sums: every move has a mean
    assert best.mean is not None
    chance = max(moves, key=lambda m: m.p31)
    second = (_("The best chance of 31 is '{move}' at {p}.").format(move=chance.move,
                                                                  p=format_percent(chance.p31, 1))
              if chance.p31 > 0 else _("No move can give 31 this turn."))
    return _("On average '{move}' leaves the highest hand ({value}).").format(
        move=best.move, value=mean_label(rules, best.mean)) + " " + second
