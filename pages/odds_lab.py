"""Odds lab: live plots of the deal, racing to 31, knocking and your own hand's moves."""

from __future__ import annotations

import json

import pandas as pd
import streamlit as st

from thirtyone.core.cards import CardError, parse_hand
from thirtyone.core.rules import Rules
from thirtyone.odds.moves import move_odds
from thirtyone.odds.tables import OddsError, value_label
from thirtyone.sim.knock import check_simulable, iter_knock_after_turns
from thirtyone.ui import odds_plots as op
from thirtyone.ui.common import changed_options_text, current_variant, rules_editor

ODDS_OPTIONS = ("pack", "three_of_a_kind", "fire", "tie_break", "knocker_tied",
                "may_discard_taken_card")
SIM = "odds_sim_result"  # the last simulation: {"params": ..., "table": DataFrame}
CHART = {"displayModeBar": False}


# --- cached engine calls (Rules travel as JSON text so the cache key is plain) -------------

def _key(rules: Rules) -> str:
    return json.dumps(rules.to_dict(), sort_keys=True)


def _rules(key: str) -> Rules:
    return Rules.from_dict(json.loads(key))


@st.cache_data(max_entries=64, show_spinner=False)
def dealt_df(key: str) -> pd.DataFrame:
    return op.dealt_table(_rules(key))


@st.cache_data(max_entries=64, show_spinner=False)
def events_df(key: str, players: int) -> pd.DataFrame:
    return op.events_table(_rules(key), players)


@st.cache_data(max_entries=64, show_spinner=False)
def race_df(key: str, target: float, turns: int, hand: str) -> tuple[pd.DataFrame, float, float]:
    cards = parse_hand(hand) if hand else None
    rules = _rules(key)
    return (op.race_table(rules, target, turns, cards),
            *op.race_summary(rules, target, cards))


@st.cache_data(max_entries=64, show_spinner=False)
def knock_df(key: str, players: tuple[int, ...]) -> pd.DataFrame:
    return op.knock_exact_table(_rules(key), list(players))


def csv_button(df: pd.DataFrame, name: str, key: str) -> None:
    st.download_button("Download these numbers (CSV)", df.to_csv(index=False).encode(),
                       file_name=f"{name}.csv", mime="text/csv", key=key,
                       icon=":material/download:")


def explain(reading: str, how: str) -> None:
    st.markdown(reading)
    st.caption(f"**How it was computed.** {how}")


# --- the page -----------------------------------------------------------------------------

variant = current_variant()
with st.sidebar.expander("House rules for the odds", icon=":material/tune:"):
    rules = rules_editor(variant.rules, f"odds_house_{variant.key}", ODDS_OPTIONS)

st.title("Odds lab")
changed = changed_options_text(rules, variant.rules)
st.markdown(f"Exact odds and simulations for **{variant.name}**"
            + (f" with house rules ({changed})." if changed else ".")
            + " Move a control and the plot follows.")
KEY = _key(rules)
THREE_CARD = rules.hand_value != "banking_total"
SUIT_SUM = rules.hand_value == "suit_sum"
MAX_PLAYERS = max(2, min(7, rules.max_players, rules.pack // 3 - 2))

SECTIONS = ["Starting hands", "Racing to 31", "Knocking", "Your hand"]
section = st.radio("Show", SECTIONS, horizontal=True, key="odds_section",
                   label_visibility="collapsed")


@st.fragment
def starting_hands(key: str) -> None:
    rules = _rules(key)
    df = dealt_df(key)
    st.plotly_chart(op.dealt_figure(df, rules), config=CHART, key="odds_dealt_chart")
    explain(op.dealt_reading(df, rules),
            "Exact enumeration: every three-card hand of each pack is scored (22,100 hands "
            "with 52 cards, 4,960 with 32) under the current rules.")
    csv_button(df, "dealt_values", "odds_dealt_csv")


@st.fragment
def special_hands(key: str) -> None:
    players = st.slider("Players at the table", 2, MAX_PLAYERS, min(4, MAX_PLAYERS),
                        key="odds_deal_players")
    ev = events_df(key, players)
    st.plotly_chart(op.events_figure(ev.dropna(), players), config=CHART,
                    key="odds_events_chart")
    explain(op.events_reading(ev, players),
            "Exact counting. For one player: the share of all hands. For anyone at the "
            "table: inclusion-exclusion over the players, counting the ways several players "
            "can hold such hands at once without sharing a card. Runs, flushes, pairs and "
            "high cards are shown for one player only.")
    show = ev.copy()
    for col in show.columns[2:]:
        show[col] = show[col].map(lambda p: "" if pd.isna(p) else f"{p:.3%} ({op.one_in(p)})")
    st.dataframe(show, hide_index=True, width="stretch")
    csv_button(ev, "starting_hand_events", "odds_events_csv")


TARGETS = {31: "31", 30: "30 or more", 28: "28 or more", 27: "27 or more", 25: "25 or more"}


@st.fragment
def racing(key: str) -> None:
    if not SUIT_SUM:
        st.info("Racing to 31 needs suit-sum hand values; these rules rank hands another "
                "way.")
        return
    c1, c2, c3 = st.columns(3)
    target = c1.selectbox("Goal", list(TARGETS), format_func=lambda t: TARGETS[t],
                          key="odds_race_target",
                          help="The hand to reach; 31 also counts fire where it is worth more.")
    turns = c2.slider("Turns shown", 5, 50, 20, key="odds_race_turns")
    start = c3.radio("Start from", ["a random deal", "a hand I choose"], key="odds_race_start",
                     horizontal=True)
    hand = ""
    if start == "a hand I choose":
        text = st.text_input("Your three cards", "AH 9H 2C", key="odds_race_hand",
                             help="For example AH 9H 2C or A♥ 9♥ 2♣.")
        try:
            hand = " ".join(str(c) for c in parse_hand(text, pack=_rules(key).pack))
        except CardError as e:
            st.error(str(e))
            return
    t_text = TARGETS[target]
    df, e_fast, e_basic = race_df(key, float(target), turns, hand)
    st.plotly_chart(op.race_figure(df, t_text), config=CHART, key="odds_race_chart")
    m1, m2 = st.columns(2)
    m1.metric("Expected turns, fastest policy", op.turns_text(e_fast))
    m2.metric("Expected turns, basic bot", op.turns_text(e_basic))
    explain(op.race_reading(df, e_fast, e_basic, t_text),
            "Dynamic programming over every hand (hands that differ only by suit names "
            "merged). Model: you play alone; each turn you draw a card, equally likely to be "
            "any card not in your hand (your discards are shuffled back), then throw one "
            "away; knocking and the other players are ignored. 'Best possible' is the best "
            "policy for each number of turns; 'fastest policy' minimises the expected turns "
            "(policy iteration, exact); the basic bot keeps its highest hand. With a real "
            "stock your discards never come back, so 31 comes a little sooner than shown.")
    csv_button(df, "race_to_31", "odds_race_csv")


@st.fragment
def knocking(key: str) -> None:
    rules = _rules(key)
    options = list(range(2, MAX_PLAYERS + 1))
    left, right = st.columns(2)
    with left:
        chosen = st.multiselect("Players (exact curves)", options, default=options,
                                key="odds_knock_players")
        chosen = sorted(chosen) or [2]
        ex = knock_df(key, tuple(chosen))
        st.plotly_chart(op.knock_exact_figure(ex, rules), config=CHART,
                        key="odds_knock_exact_chart")
        tie = ("a knocker tied for lowest is safe" if rules.knocker_tied == "safe"
               else "a knocker tied for lowest still loses")
        explain(op.knock_reading(ex, rules),
                f"Exact counting for 2 and 3 players: every hand worth your value against "
                f"every hand (or pair of hands sharing no card) from the other cards. For 4 "
                f"or more players each extra opponent's chance follows the trend of the "
                f"first two (a close approximation, checked against simulation to within a "
                f"few thousandths). Safe means you do not lose: {tie}.")
        csv_button(ex, "knock_exact", "odds_knock_exact_csv")
    with right:
        try:
            check_simulable(rules)
        except OddsError as e:
            st.info(str(e))
            return
        s1, s2, s3 = st.columns(3)
        players = s1.selectbox("Players", options, index=min(2, len(options) - 1),
                               key="odds_sim_players")
        turns = s2.slider("Turns each", 0, 6, 2, key="odds_sim_turns")
        rounds = s3.selectbox("Rounds", [2_000, 10_000, 50_000], index=1,
                              format_func=lambda r: f"{r:,}", key="odds_sim_rounds")
        params = (key, players, turns, rounds)
        exact_n = knock_df(key, (players,))
        run = st.button("Run the simulation", key="odds_sim_run", icon=":material/play_arrow:")
        chart = st.empty()
        reading = st.empty()
        stored = st.session_state.get(SIM)
        table = stored["table"] if stored and stored["params"] == params else pd.DataFrame()
        if run:
            bar = st.progress(0.0, text="Dealing and playing rounds...")
            for res in iter_knock_after_turns(rules, players - 1, turns, rounds, seed=1,
                                              batch=max(500, rounds // 10)):
                table = op.sim_table(res, rules)
                bar.progress(res.done, text=f"{res.rounds:,} of {rounds:,} rounds")
                chart.plotly_chart(op.knock_sim_figure(table, exact_n, rules), config=CHART,
                                   key=f"odds_sim_chart_{res.rounds}")
            bar.empty()
            st.session_state[SIM] = {"params": params, "table": table}
        chart.plotly_chart(op.knock_sim_figure(table, exact_n, rules), config=CHART,
                           key="odds_sim_chart")
        with reading.container():
            explain(op.sim_reading(table, rules),
                    f"Simulation with {len(table) and int(table['rounds'].iloc[0]):,} rounds: "
                    "the others play their turns as the standard bot does (its draws, "
                    "discards and swaps, with its card memory; nobody knocks early), then "
                    "you show your value. The band is a 95% interval; the dotted line is the "
                    "fresh-hands curve of the left plot for the same players.")
        if len(table):
            csv_button(table, "knock_simulated", "odds_sim_csv")


VISIBLE_HELP = {"draw": "The top card of the discard pile.",
                "swap": "The three cards face up in the middle.",
                "switch": "The open hand (three cards).",
                "widow": "The widow cards lying face up."}


@st.fragment
def your_hand(key: str) -> None:
    rules = _rules(key)
    c1, c2, c3 = st.columns(3)
    hand_text = c1.text_input("Your hand", "AH KH 9S", key="odds_hand")
    default_visible = "QH" if rules.family == "draw" else "QH 7C 8S"
    vis_text = c2.text_input("Cards you can see", default_visible, key="odds_visible",
                             help=VISIBLE_HELP.get(rules.family, ""))
    gone_text = c3.text_input("Cards known to be out of play (optional)", "", key="odds_gone",
                              help="Cards seen earlier that cannot be drawn, e.g. buried in "
                                   "the discard pile.")
    try:
        hand = parse_hand(hand_text, pack=rules.pack)
        visible = parse_hand(vis_text, pack=rules.pack, size=None)
        gone = parse_hand(gone_text, pack=rules.pack, size=None)
        moves = move_odds(hand, visible, rules, gone)
    except (CardError, OddsError) as e:
        st.error(str(e))
        return
    df = op.moves_table(moves, rules)
    st.plotly_chart(op.moves_figure(df, rules), config=CHART, key="odds_moves_chart")
    explain(op.moves_reading(moves, rules),
            "Exact enumeration: each move that uses only cards you can see gives one value; "
            "a draw (or Switch's closed hand) is scored for every unseen card, all equally "
            "likely, keeping the best three cards. Your hand now: "
            f"{value_label(rules, moves[0].values[0])}.")
    summary = op.moves_summary(moves, rules)
    st.dataframe(summary, hide_index=True, width="stretch", height=36 * (len(summary) + 1) + 4,
                 column_config={"average value": st.column_config.NumberColumn(format="%.1f"),
                                "chance of 31": st.column_config.NumberColumn(format="percent"),
                                "chance better than now":
                                    st.column_config.NumberColumn(format="percent")})
    csv_button(df, "move_odds", "odds_moves_csv")


if section == "Starting hands":
    starting_hands(KEY)
    if THREE_CARD:
        st.divider()
        special_hands(KEY)
elif not THREE_CARD:
    st.info("Banking 31 is a buying game against a banker; racing, knocking and move odds "
            "belong to the three-card table games.")
elif section == "Racing to 31":
    racing(KEY)
elif section == "Knocking":
    knocking(KEY)
elif rules.family in VISIBLE_HELP:
    your_hand(KEY)
else:
    st.info("Move odds are for the draw, swap, switch and widow games.")
