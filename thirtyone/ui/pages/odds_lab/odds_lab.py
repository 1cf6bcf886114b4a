"""The Odds lab page's engine calls and derived facts: cached tables (the rules travel as
JSON text so the cache key is plain), the facts the page branches on, the card inputs it
parses, and the "how it was computed" notes. The page
(``pages/odds_lab/__init__.py``) only lays out the
widgets; the figures and readings come from ``thirtyone.plots.odds``."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from thirtyone.core import Rules, cards_typed, parse_hand
from thirtyone.game import family_class
from thirtyone.i18n import N_, _, current, format_number, format_percent, ngettext
from thirtyone.odds import (
    MoveOdds,
    knock_risk,
    pot_of,
    race_withheld,
    showdown_result,
    value_label,
)
from thirtyone.odds import knock as knock_odds
from thirtyone.plots import figures as pf
from thirtyone.plots import odds as op
from thirtyone.teach import ODDS_SECTIONS
from thirtyone.ui.widgets.figures import frozen
from thirtyone.ui.widgets.number_cells import (
    decimal_cells,
    english_only,
    percent_cells,
    shown_numbers,
)

ODDS_OPTIONS = ("pack", "same_rank", "three_of_a_kind", "fire", "tie_break", "knocker_tied",
                "may_discard_taken_card")
SIM = "odds_sim_stream"  # the running simulation: {"params": ..., "tally": Tally}
CHART = {"displayModeBar": False}
# The sections: the English names are the radio's values (ids kept in the session and in
# links, see ``thirtyone.ui.shell.links.SECTIONS``); the radio shows them translated.
SECTIONS = [N_("Starting hands"), N_("Racing to 31"), N_("Knocking"), N_("Your hand")]
TARGETS = {31: "31", 30: N_("30 or more"), 28: N_("28 or more"), 27: N_("27 or more"),
           25: N_("25 or more")}
# Racing to 31 starts from (ids; shown translated)
STARTS = [N_("a random deal"), N_("a hand I choose")]
HOW_DEALT = N_("Exact enumeration: every three-card hand of each pack is scored (22,100 hands "
               "with 52 cards, 4,960 with 32) under the current rules.")
HOW_EVENTS = N_("Exact counting. For one player: the share of all hands. For anyone at the "
                "table: inclusion-exclusion over the players, counting the ways several "
                "players can hold such hands at once without sharing a card. Where hands rank as "
                "in Brag, runs, flushes, pairs and high cards are shown for one player only.")
HOW_RACE = N_("Dynamic programming over every hand (hands that differ only by suit names "
              "merged). Model: you play alone; each turn you draw a card, equally likely to "
              "be any card not in your hand (your discards are shuffled back), then throw one "
              "away; knocking and the other players are ignored. 'Best possible' is the best "
              "policy for each number of turns; 'fastest policy' minimises the expected turns "
              "(policy iteration, exact); the basic bot keeps its highest hand. With a real "
              "stock your discards never come back, so 31 comes a little sooner than shown.")
# columns of the tables shown on the page (the CSV keeps the English ids)
COLUMN_NAMES = {"event": N_("event"), "hands": N_("hands"), "one player": N_("one player"),
                "move": N_("move"), "value": N_("value"), "average value": N_("average value"),
                "chance of 31": N_("chance of 31"),
                "chance better than now": N_("chance better than now"),
                "chance to lose if shown down now": N_("chance to lose if shown down now"),
                "expected points if shown down now": N_("expected points if shown down now"),
                "expected chips if shown down now": N_("expected chips if shown down now"),
                "note": N_("note")}
MOVES_COLUMNS = {"average value": st.column_config.NumberColumn(format="%.1f"),
                 "chance of 31": st.column_config.NumberColumn(format="percent"),
                 "chance better than now": st.column_config.NumberColumn(format="percent"),
                 "chance to lose if shown down now":
                     st.column_config.NumberColumn(format="percent"),
                 "expected points if shown down now":
                     st.column_config.NumberColumn(format="%.2f"),
                 "expected chips if shown down now":
                     st.column_config.NumberColumn(format="%+.2f")}


def section_of(value: object) -> str | None:
    """The section a value kept in the session names: a section (its English name), or its id
    in links and lessons (``starting_hands``...); None for anything else."""
    if value in SECTIONS:
        return str(value)
    ids = dict(zip(ODDS_SECTIONS, SECTIONS, strict=True))
    return ids.get(value) if isinstance(value, str) else None


# the controls whose options are shown translated (ids as values, ``format_func`` labels)
TRANSLATED_CHOICES = ("odds_section", "odds_race_target", "odds_race_start", "odds_sim_seat",
                      "odds_sim_opponent", "odds_heat_opponent")


def section_name(section: str) -> str:
    """A section id (its English name) as the radio shows it."""
    return _(section)


def target_name(target: int) -> str:
    return _(TARGETS[target])


def shown_columns(df: pd.DataFrame) -> pd.DataFrame:
    """``df`` with its column names in the reader's language, for ``st.dataframe``."""
    def name(col: str) -> str:
        if col in COLUMN_NAMES:
            return _(COLUMN_NAMES[col])
        if col.startswith("at least one of "):
            return _("at least one of {n}").format(n=col.rsplit(" ", 1)[-1])
        return col
    return df.rename(columns=name)


def moves_columns() -> dict | None:
    """``MOVES_COLUMNS`` keyed by the translated column names (English only: in Russian and
    Ukrainian :func:`moves_shown` writes the numbers)."""
    return english_only({_(COLUMN_NAMES[k]): v for k, v in MOVES_COLUMNS.items()})


def moves_shown(summary: pd.DataFrame):
    """The moves' summary (column names translated) for ``st.dataframe``, its numbers in
    the reader's language."""
    return shown_numbers(summary, {_("average value"): decimal_cells(1),
                                   _("chance of 31"): percent_cells(2),
                                   _("chance better than now"): percent_cells(2),
                                   _("chance to lose if shown down now"): percent_cells(2),
                                   _("expected points if shown down now"): decimal_cells(2),
                                   _("expected chips if shown down now"): decimal_cells(2)})


def rules_key(rules: Rules) -> str:
    """The rules as a cache key: their options, and the preset they were made from (its
    words name the lives)."""
    return json.dumps({"options": rules.to_dict(), "preset": rules.preset}, sort_keys=True)


@functools.lru_cache(maxsize=64)  # Rules is frozen: one value per key can be shared
def rules_from_key(key: str) -> Rules:
    data = json.loads(key)
    return Rules.from_dict(data["options"]).from_preset(data["preset"])


@dataclass(frozen=True)
class Facts:
    """What the page needs to know about the rules to choose what to show."""
    key: str            # the rules as cache-key text
    three_card: bool    # a three-card table game (not Banking 31)
    suit_sum: bool      # hands are valued by the suit sum (racing to 31 makes sense)
    max_players: int    # the most players the controls offer
    has_moves: bool     # the family has cards to see, so move odds apply
    race_note: str      # why Racing to 31 is withheld for these rules ("" where it is drawn)

    @classmethod
    def of(cls, rules: Rules) -> Facts:
        return cls(key=rules_key(rules),
                   three_card=rules.hand_value != "banking_total",
                   suit_sum=rules.hand_value == "suit_sum",
                   max_players=max(2, min(7, rules.max_players, rules.pack // 3 - 2)),
                   has_moves=family_class(rules).visible_help is not None,
                   race_note=race_note(rules))


def race_note(rules: Rules) -> str:
    """One sentence: why the race plot is withheld for these rules and what is shown instead
    ("" where the draw-a-card race fits)."""
    reason = race_withheld(rules)
    if not reason:
        return ""
    return _("There is no race plot here because {reason}, so a race of drawn cards would "
             "give wrong odds; instead, **{section}** shows the exact chance of every swap or "
             "exchange from the cards you can see.").format(reason=reason,
                                                           section=_("Your hand"))


def show_your_hand() -> None:
    """Button callback: switch the Odds lab to the Your hand section."""
    st.session_state["odds_section"] = "Your hand"


def race_withheld_note(note: str) -> None:
    """Racing to 31 where nobody draws: the note instead of the plot, and a button that opens
    the section shown instead (a whole-page rerun, so the section radio follows)."""
    st.info(note, icon=":material/block:")
    st.button(_("Open Your hand"), key="odds_race_to_hand", on_click=show_your_hand,
              icon=":material/arrow_forward:")


# --- cached engine calls ------------------------------------------------------------------

@st.cache_data(max_entries=64, show_spinner=False)
def dealt_df(key: str) -> pd.DataFrame:
    return pf.dealt_values_data(rules_from_key(key))


@st.cache_data(max_entries=64, show_spinner=False)
def _events_df(key: str, players: int, lang: str) -> pd.DataFrame:
    """(``lang``: the events are described in the reader's language, a cache per language.)"""
    return pf.special_hands_data(rules_from_key(key), players)


@st.cache_data(max_entries=64, show_spinner=False)
def race_df(key: str, target: float, turns: int, hand: str) -> tuple[pd.DataFrame, float, float]:
    rules = rules_from_key(key)
    return (pf.race_data(rules, target, turns, hand),
            *pf.race_expected_turns(rules, target, hand))


@st.cache_data(max_entries=64, show_spinner=False)
def knock_df(key: str, players: tuple[int, ...]) -> pd.DataFrame:
    return pf.knock_curve_data(rules_from_key(key), players)


# --- cached figures: built once per input for every session (see ``figures.frozen``) ------

# The cached ones take the language (``lang``) so that every language has its own figure
# and text; the public names below pass the reader's.

@st.cache_resource(max_entries=64, show_spinner=False)
def _dealt_chart(key: str, lang: str) -> go.Figure:
    return frozen(op.dealt_figure(dealt_df(key), rules_from_key(key)))


@st.cache_resource(max_entries=64, show_spinner=False)
def _events_chart(key: str, players: int, lang: str) -> go.Figure:
    return frozen(op.events_figure(_events_df(key, players, lang).dropna(), players))


@st.cache_resource(max_entries=64, show_spinner=False)
def _race_chart(key: str, target: float, turns: int, hand: str, target_text: str,
                lang: str) -> go.Figure:
    return frozen(op.race_figure(race_df(key, target, turns, hand)[0], target_text))


@st.cache_resource(max_entries=64, show_spinner=False)
def _knock_exact_chart(key: str, players: tuple[int, ...], lang: str) -> go.Figure:
    return frozen(op.knock_exact_figure(knock_df(key, players), rules_from_key(key)))


@st.cache_data(max_entries=64, show_spinner=False)
def _dealt_text(key: str, lang: str) -> str:
    return op.dealt_reading(dealt_df(key), rules_from_key(key))


@st.cache_data(max_entries=64, show_spinner=False)
def _events_words(key: str, players: int, lang: str) -> tuple[str, pd.DataFrame]:
    """The reading of the special hands and their table as shown (percentages)."""
    ev = _events_df(key, players, lang)
    return op.events_reading(ev, players), shown_columns(events_display(ev))


@st.cache_data(max_entries=256, show_spinner=False)
def _cached_moves(hand_text: str, visible_text: str, gone_text: str,
                  key: str, lang: str) -> list[MoveOdds]:
    """``hand_moves`` for the typed text, once per text and language (the moves are named
    in the reader's words; raises as it does)."""
    return hand_moves(hand_text, visible_text, gone_text, rules_from_key(key))


@st.cache_resource(max_entries=64, show_spinner=False)
def _moves_chart(hand_text: str, visible_text: str, gone_text: str, key: str,
                 lang: str) -> go.Figure:
    rules = rules_from_key(key)
    moves = _cached_moves(hand_text, visible_text, gone_text, key, lang)
    return frozen(op.moves_figure(op.moves_table(moves, rules), rules))


def events_df(key: str, players: int) -> pd.DataFrame:
    return _events_df(key, players, current())


def dealt_chart(key: str) -> go.Figure:
    return _dealt_chart(key, current())


def events_chart(key: str, players: int) -> go.Figure:
    return _events_chart(key, players, current())


def race_chart(key: str, target: float, turns: int, hand: str, target_text: str) -> go.Figure:
    return _race_chart(key, target, turns, hand, target_text, current())


def knock_exact_chart(key: str, players: tuple[int, ...]) -> go.Figure:
    return _knock_exact_chart(key, players, current())


def dealt_text(key: str) -> str:
    return _dealt_text(key, current())


def events_words(key: str, players: int) -> tuple[str, pd.DataFrame]:
    return _events_words(key, players, current())


def events_left_out(key: str) -> str:
    """Which special hands the list leaves out for these rules, and why."""
    return op.events_left_out(rules_from_key(key))


def cached_moves(hand_text: str, visible_text: str, gone_text: str,
                 key: str) -> list[MoveOdds]:
    return _cached_moves(hand_text, visible_text, gone_text, key, current())


def moves_chart(hand_text: str, visible_text: str, gone_text: str, key: str) -> go.Figure:
    return _moves_chart(hand_text, visible_text, gone_text, key, current())


# --- small shared widgets -----------------------------------------------------------------

def csv_button(df: pd.DataFrame, name: str, key: str) -> None:
    # The CSV is made when the button is clicked, not on every rerun of the page.
    st.download_button(_("Download these numbers (CSV)"), lambda: df.to_csv(index=False).encode(),
                       file_name=f"{name}.csv", mime="text/csv", key=key,
                       icon=":material/download:")


def explain(reading: str, how: str) -> None:
    """The reading under a plot and how it was computed (``how``: text or an ``N_`` msgid,
    translated here)."""
    st.markdown(reading)
    st.caption(_("**How it was computed.** {how}").format(how=_(how)))


# --- derived facts ------------------------------------------------------------------------

def events_display(ev: pd.DataFrame) -> pd.DataFrame:
    """The starting-hand events with each chance as a percentage and 'one in N'."""
    shown = ev.copy()
    for col in shown.columns[2:]:
        shown[col] = shown[col].map(lambda p: "" if pd.isna(p) else f"{format_percent(p, 3)} ({op.one_in(p)})")
    return shown


def race_hand(text: str, rules: Rules) -> str:
    """The typed starting hand as canonical card text (raises ``CardError``)."""
    return " ".join(str(c) for c in parse_hand(text, pack=rules.pack))


def knock_how(rules: Rules) -> str:
    risk = knock_risk(rules)
    if risk.kind == "pot":
        tie = _("you win unless someone ends higher (the highest hand takes the pot; a true "
                "tie splits it and counts as a win)")
    elif risk.kind == "place":
        tie = _("you do not end alone at the bottom (tied players share the better place)")
    elif rules.knocker_tied == "safe":
        tie = _("you do not lose: a knocker tied for lowest is safe")
    else:
        tie = _("you do not lose: a knocker tied for lowest still loses")
    return _("Exact counting for 2 and 3 players: every hand worth your value against every "
             "hand (or pair of hands sharing no card) from the other cards. For 4 or more "
             "players each extra opponent's chance follows the trend of the first two (a "
             "close approximation, checked against simulation to within a few "
             "thousandths). Safe means {tie}.").format(tie=tie)


def typed(cards: str) -> str:
    """A box's first cards as the reader's language types them (``Тч 9ч 2т`` in Russian)."""
    return cards_typed(parse_hand(cards, size=None))


def visible_help(rules: Rules) -> str | None:
    """What "Cards you can see" are under ``rules``, in a sentence (None: no move odds)."""
    text = family_class(rules).visible_help
    return _(text) if text else None


def default_visible(rules: Rules) -> str:
    return typed(family_class(rules).visible_example)


def hand_moves(hand_text: str, visible_text: str, gone_text: str,
               rules: Rules) -> list[MoveOdds]:
    """The odds of every move from the typed cards (raises ``CardError`` or ``OddsError``)."""
    return pf.hand_moves(rules, hand_text, visible_text, gone_text)


def moves_losses(moves: list[MoveOdds], rules: Rules, opponents: int) -> list[float]:
    """Per move: the hand it leaves, shown down right after it against ``opponents`` fresh
    hands, in the scoring's unit (``odds.knock.showdown_result``): the chance of losing a
    life, the expected points, or the expected chips."""
    return [showdown_result(m.values, m.probabilities, rules, opponents) for m in moves]


def moves_loss_words(moves: list[MoveOdds], losses: list[float], rules: Rules,
                     opponents: int) -> str:
    """Each move's result in the scoring's unit (``moves_losses``), side by side, the best
    first, in one sentence, and what the number leaves out."""
    kind = knock_risk(rules).kind       # "life", "place" (points) or "pot" (chips)
    order = sorted(range(len(moves)), key=lambda i: losses[i] if kind == "life" else -losses[i])
    if kind == "place":
        shown = [format_number(losses[i], 2) for i in order]
        what = _("your expected points for the round (2 on top, 1 in the middle, 0 alone at "
                 "the bottom)")
    elif kind == "pot":
        pot = pot_of(rules, opponents)
        shown = [signed_number(losses[i], 2) for i in order]
        what = ngettext("your expected chips for the round (the top hand takes the pot of "
                        "{pot} chip; your ante of {ante} is counted against you)",
                        "your expected chips for the round (the top hand takes the pot of "
                        "{pot} chips; your ante of {ante} is counted against you)",
                        pot).format(pot=pot, ante=rules.ante)
    else:
        shown = [small_share(losses[i]) for i in order]
        what = _("the chance that {bad}").format(bad=knock_risk(rules).bad)
    listed = "; ".join(_("'{move}' {p}").format(move=moves[i].move, p=p)
                       for i, p in zip(order, shown, strict=True))
    text = ngettext(
        "If the hands were shown down right after your move, against {n} opponent holding a "
        "fresh hand from the rest of the pack, {what} would be: {list}. Each figure is the "
        "average over the hands of the value the move gives; it leaves out the turns still to "
        "come, yours and theirs.",
        "If the hands were shown down right after your move, against {n} opponents holding "
        "fresh hands from the rest of the pack, {what} would be: {list}. Each figure is the "
        "average over the hands of the value the move gives; it leaves out the turns still to "
        "come, yours and theirs.", opponents).format(n=opponents, what=what, list=listed)
    if opponents > 2:
        text += " " + _("With more than two opponents the figures are a close estimate.")
    return text


def signed_number(x: float, digits: int) -> str:
    """A number with its sign, in the reader's language: '+0.84', '−0.48'."""
    return ("+" if x > 0 else "−" if x < 0 else "") + format_number(abs(x), digits)


def moves_costed(rules: Rules) -> bool:
    """Whether each move's showdown chance can be told apart: not where a value is a brag
    class (every high card would get one figure)."""
    return rules.hand_value != "brag"


def small_share(p: float) -> str:
    """A share that may be tiny: ``12.3%``, ``0.04%``, or "under 0.01%"."""
    if p <= 0:
        return format_percent(0)
    if p < 0.0001:
        return _("under {p}").format(p=format_percent(0.0001, 2))
    return format_percent(p, 2 if p < 0.001 else 1)


def most_opponents(rules: Rules) -> int:
    return max(1, min(7, knock_odds.most_opponents(rules)))


def moves_how(moves: list[MoveOdds], rules: Rules) -> str:
    return _("Exact enumeration: each move that uses only cards you can see gives one value; "
             "a draw (or Switch's closed hand) is scored for every unseen card, all equally "
             "likely, keeping the best three cards. Your hand now: {value}.").format(
        value=value_label(rules, moves[0].values[0]))


