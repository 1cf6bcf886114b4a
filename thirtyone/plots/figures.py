"""Every figure of the app as one call: a function of ``Rules`` and plain arguments that
returns a plotly ``Figure``, and its ``_data`` twin that returns the ``pandas.DataFrame``
behind it. The Odds lab, the Variants page and the Learn page draw with these same
functions; a notebook can call them directly::

    from thirtyone import get_variant
    from thirtyone.plots import knock_curve, knock_curve_data

    rules = get_variant("scat").rules.replace(pack=32)
    knock_curve(rules, players=(2, 3, 4))          # the figure
    knock_curve_data(rules, players=(2, 3, 4))     # the numbers behind it
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from ..core.cards import parse_hand
from ..core.rules import Rules
from ..i18n import _, format_number
from ..odds.moves import MoveOdds, move_odds
from ..sim.knock import iter_knock_after_turns
from ..sim.seats import max_knock_turn, seat_knock_curve, seat_knock_runner
from ..sim.stream import stream
from . import odds as op
from . import seats as sp


def target_text(target: float) -> str:
    """``31`` or ``30 or more``: how a race goal is named in titles and readings."""
    t = float(target)
    return "31" if t == 31 else _("{n} or more").format(n=f"{t:g}")


# --- starting hands -------------------------------------------------------------------------

def dealt_values_data(rules: Rules) -> pd.DataFrame:
    """The chance of each dealt-hand value, with 52 and with 32 cards."""
    return op.dealt_table(rules)


def dealt_values(rules: Rules) -> go.Figure:
    return op.dealt_figure(dealt_values_data(rules), rules)


def special_hands_data(rules: Rules, players: int = 4) -> pd.DataFrame:
    """Blitz, three of a kind ... on the deal: for one player and for anyone of ``players``."""
    return op.events_table(rules, players)


def special_hands(rules: Rules, players: int = 4) -> go.Figure:
    return op.events_figure(special_hands_data(rules, players).dropna(), players)


def bust_data(rules: Rules) -> pd.DataFrame:
    """Banking: the chance one more card takes three cards over 31, by their total."""
    return op.bust_table(rules)


def bust(rules: Rules, total: int | None = None) -> go.Figure:
    return op.bust_figure(bust_data(rules), total)


# --- racing to 31 ---------------------------------------------------------------------------

def race_data(rules: Rules, target: float = 31, turns: int = 20, hand: str = "") -> pd.DataFrame:
    """The chance of holding ``target`` within k turns (k = 0..turns), playing alone, from a
    random deal or from ``hand`` (card text such as ``"AH 9H 2C"``)."""
    cards = parse_hand(hand, pack=rules.pack) if hand else None
    return op.race_table(rules, float(target), turns, cards)


def race_expected_turns(rules: Rules, target: float = 31, hand: str = "") -> tuple[float, float]:
    """The average number of turns to ``target``: (fastest policy, basic bot)."""
    cards = parse_hand(hand, pack=rules.pack) if hand else None
    return op.race_summary(rules, float(target), cards)


def race(rules: Rules, target: float = 31, turns: int = 20, hand: str = "") -> go.Figure:
    return op.race_figure(race_data(rules, target, turns, hand), target_text(target))


# --- knocking -------------------------------------------------------------------------------

def knock_curve_data(rules: Rules, players=(2, 3, 4)) -> pd.DataFrame:
    """Exact chance a knock on the deal survives, per value, for each number of players."""
    return op.knock_exact_table(rules, sorted(int(n) for n in players))


def knock_curve(rules: Rules, players=(2, 3, 4)) -> go.Figure:
    return op.knock_exact_figure(knock_curve_data(rules, players), rules)


def knock_after_turns_data(rules: Rules, players: int = 3, turns: int = 1,
                           rounds: int = 20_000, seed: int = 31) -> pd.DataFrame:
    """The simulated chance a knock survives after the others have played ``turns`` turns
    each (the final turn included), per value: ``rounds`` rounds from ``seed``."""
    *_, res = iter_knock_after_turns(rules, players - 1, turns, rounds, seed=seed)
    return op.sim_table(res, rules)


def knock_after_turns(rules: Rules, players: int = 3, turns: int = 1, rounds: int = 20_000,
                      seed: int = 31) -> go.Figure:
    return op.knock_sim_figure(knock_after_turns_data(rules, players, turns, rounds, seed),
                               knock_curve_data(rules, (players,)), rules)


def seat_knock_data(rules: Rules, players: int = 3, seat: int = 0, turn: int = 1,
                    opponent: str = "standard", rounds: int = 10_000, seed: int = 1,
                    counts: dict | None = None, played: int | None = None) -> pd.DataFrame:
    """The simulated chance a knock from ``seat`` (0 = left of the dealer) on ``turn``
    survives, per value. Give ``rounds`` and ``seed`` to play them here in one go, or the
    running ``counts`` of a stream (``{"wins": ..., "reached": ...}``) after ``played``
    rounds, as the Odds lab does while it streams."""
    if counts is None:  # the page's own stream: the same seed and batches, the same deals
        *_, tally = stream(seat_knock_runner(rules, players, seat, turn, opponent), rounds,
                           seed=seed)
        res = seat_knock_curve(rules, tally.counts, tally.rounds, rounds, players, seat, turn,
                               opponent)
    else:
        res = seat_knock_curve(rules, counts, rounds if played is None else played, rounds,
                               players, seat, turn, opponent)
    return sp.seat_sim_table(res, rules)


def seat_knock_figure(df: pd.DataFrame, rules: Rules) -> go.Figure:
    """The figure of a ``seat_knock_data`` table, over the exact fresh-hands curve."""
    players, seat, turn = (int(df[c].iloc[0]) for c in ("players", "seat", "knock turn"))
    title = _("{title} ({rounds} rounds)").format(title=sp.seat_title(players, seat - 1, turn),
                                                   rounds=format_number(int(df['rounds'].iloc[0])))
    return sp.seat_figure(df, knock_curve_data(rules, (players,)), rules, title)


def seat_knock(rules: Rules, players: int = 3, seat: int = 0, turn: int = 1,
               opponent: str = "standard", rounds: int = 10_000, seed: int = 1) -> go.Figure:
    return seat_knock_figure(seat_knock_data(rules, players, seat, turn, opponent, rounds,
                                             seed), rules)


def knock_heat_data(rules: Rules, most: int | None = None, turn: int | None = None,
                    opponent: str = "standard", share: float = 0.8,
                    rounds: int = sp.HEAT_ROUNDS, seed: int = sp.HEAT_SEED) -> pd.DataFrame:
    """The lowest value worth knocking on (surviving at least ``share``), for every number
    of players up to ``most`` and every seat; ``turn`` defaults to the first knock turn."""
    most = rules.max_players if most is None else most
    turn = sp.heat_turns(rules, most) if turn is None else turn
    turn = min(turn, min(max_knock_turn(rules, n) for n in range(2, most + 1)))
    return sp.heat_table(sp.heat_counts(rules, most, turn, opponent, rounds, seed), share)


def knock_heat(rules: Rules, most: int | None = None, turn: int | None = None,
               opponent: str = "standard", share: float = 0.8) -> go.Figure:
    return sp.heat_figure(knock_heat_data(rules, most, turn, opponent, share), share, rules)


# --- your hand ------------------------------------------------------------------------------

def hand_moves(rules: Rules, hand: str, visible: str = "", gone: str = "") -> list[MoveOdds]:
    """The odds of every move from the typed cards (raises ``CardError`` or ``OddsError``)."""
    return move_odds(parse_hand(hand, pack=rules.pack),
                     parse_hand(visible, pack=rules.pack, size=None), rules,
                     parse_hand(gone, pack=rules.pack, size=None))


def moves_data(rules: Rules, hand: str, visible: str = "", gone: str = "") -> pd.DataFrame:
    """Every value each move can leave, with its chance."""
    return op.moves_table(hand_moves(rules, hand, visible, gone), rules)


def moves(rules: Rules, hand: str, visible: str = "", gone: str = "") -> go.Figure:
    return op.moves_figure(moves_data(rules, hand, visible, gone), rules)
