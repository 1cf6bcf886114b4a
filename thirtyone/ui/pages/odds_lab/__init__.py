"""Odds lab: live plots of the deal, racing to 31, knocking and your own hand's moves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import streamlit as st

from thirtyone.core import CardError, Rules
from thirtyone.i18n import _, format_number
from thirtyone.odds import OddsError
from thirtyone.plots import figure_code
from thirtyone.plots import odds as op
from thirtyone.sim.knock import check_simulable
from thirtyone.sim.seats import max_knock_turn, seat_knock_curve, seat_knock_runner
from thirtyone.ui.pages.odds_lab import knock_seats as ks
from thirtyone.ui.pages.odds_lab import odds_lab as lab
from thirtyone.ui.pages.odds_lab.odds_lab import CHART, csv_button, explain
from thirtyone.ui.shell.common import changed_options_text, current_variant, rules_editor
from thirtyone.ui.shell.lang import keep_choices
from thirtyone.ui.widgets.figures import show_code
from thirtyone.ui.widgets.stream import streamed


@dataclass(frozen=True)
class View:
    """What every section of the page draws with: the rules (house rules applied), the
    variant's key and the facts of those rules."""
    rules: Rules
    variant_key: str
    facts: lab.Facts

    def code(self, figure: str, **controls: Any) -> None:
        """"Show the code" for ``figure`` with the page's rules and these controls."""
        show_code(figure_code(figure, self.rules, self.variant_key, **controls))


@st.fragment
def starting_hands(view: View, key: str) -> None:
    df = lab.dealt_df(key)
    st.plotly_chart(lab.dealt_chart(key), config=CHART, key="odds_dealt_chart")
    explain(lab.dealt_text(key), lab.HOW_DEALT)
    csv_button(df, "dealt_values", "odds_dealt_csv")
    view.code("dealt_values")


@st.fragment
def special_hands(view: View, key: str) -> None:
    most = view.facts.max_players
    players = st.slider(_("Players at the table"), 2, most, min(4, most), key="odds_deal_players")
    ev = lab.events_df(key, players)
    st.plotly_chart(lab.events_chart(key, players), config=CHART, key="odds_events_chart")
    reading, shown = lab.events_words(key, players)
    explain(reading, lab.HOW_EVENTS)
    st.caption(lab.events_left_out(key))
    st.dataframe(shown, hide_index=True, width="stretch")
    csv_button(ev, "starting_hand_events", "odds_events_csv")
    view.code("special_hands", players=players)


@st.fragment
def racing(view: View, key: str) -> None:
    if not view.facts.suit_sum:
        st.info(_("Racing to 31 needs suit-sum hand values; these rules rank hands another "
                  "way."))
        return
    c1, c2, c3 = st.columns(3)
    target = cast(int, c1.selectbox(_("Goal"), list(lab.TARGETS), format_func=lab.target_name,
                                    key="odds_race_target",
                                    help=_("The hand to reach; 31 also counts fire where it is worth "
                                           "more.")))
    turns = c2.slider(_("Turns shown"), 5, 50, 20, key="odds_race_turns")
    start = c3.radio(_("Start from"), lab.STARTS, key="odds_race_start", format_func=_,
                     horizontal=True)
    hand = ""
    if start == lab.STARTS[1]:
        text = st.text_input(_("Your three cards"), lab.typed("AH 9H 2C"), key="odds_race_hand",
                             help=_("For example AH 9H 2C or A♥ 9♥ 2♣."))
        try:
            hand = lab.race_hand(text, lab.rules_from_key(key))
        except CardError as e:
            st.error(str(e))
            return
    t_text = lab.target_name(target)
    df, e_fast, e_basic = lab.race_df(key, float(target), turns, hand)
    st.plotly_chart(lab.race_chart(key, float(target), turns, hand, t_text), config=CHART,
                    key="odds_race_chart")
    m1, m2 = st.columns(2)
    m1.metric(_("Expected turns, fastest policy"), op.turns_text(e_fast))
    m2.metric(_("Expected turns, basic bot"), op.turns_text(e_basic))
    explain(op.race_reading(df, e_fast, e_basic, t_text), lab.HOW_RACE)
    csv_button(df, "race_to_31", "odds_race_csv")
    view.code("race", target=target, turns=turns, **({"hand": hand} if hand else {}))


def knock_simulated(view: View, key: str, options: list[int]) -> None:
    """The right half of Knocking: the per-seat simulation's controls, its plot and reading.
    It runs as the controls change and streams: a first curve at once, sharper batch by batch.
    Its controls rerun the whole page (not a fragment), so a change cancels a running stream."""
    rules = lab.rules_from_key(key)
    try:
        check_simulable(rules)
    except OddsError as e:
        st.info(str(e))
        return
    # Two to a row at most, each box as wide as its longest words ("1 (left of the dealer)",
    # "weak (picks its throw before drawing)") in half of a 1024-wide page, in every language.
    s1, s2 = st.columns([1, 3])
    players = cast(int, s1.selectbox(_("Players"), options, index=min(2, len(options) - 1),
                                     key="odds_sim_players"))
    seat = cast(int, s2.selectbox(_("Your seat"), list(range(players)), key="odds_sim_seat",
                                  format_func=lambda s: ks.seat_label(s, players),
                                  help=_("Counted from the dealer's left: seat 1 moves first, the "
                                         "dealer moves last.")))
    t1, t2 = st.columns([2, 1])
    turn = ks.turn_control(t1, _("Your knock turn"), rules, max_knock_turn(rules, players),
                           "odds_sim_turn")
    rounds = cast(int, t2.selectbox(_("Rounds"), [2_000, 10_000, 50_000], index=1,
                                    format_func=lambda r: format_number(r), key="odds_sim_rounds"))
    opponent = cast(str, st.selectbox(_("The others play as"), list(ks.OPPONENT_NAMES), index=3,
                                      format_func=ks.opponent_name, key="odds_sim_opponent"))
    params = (key, players, seat, turn, opponent, rounds)
    title = ks.seat_title(players, seat, turn)
    exact_n = lab.knock_df(key, (players,))
    chart, bar = st.empty(), st.empty()

    def table_of(tally):
        return ks.seat_sim_table(seat_knock_curve(rules, tally.counts, tally.rounds, rounds,
                                                  players, seat, turn, opponent), rules)

    def draw(tally) -> None:
        chart.plotly_chart(ks.seat_figure(table_of(tally), exact_n, rules,
                                          _("{title}<br>({rounds} rounds)").format(
                                              title=title, rounds=format_number(tally.rounds))),
                           config=CHART, key=f"odds_sim_chart_{tally.rounds}")

    tally = streamed(lab.SIM, params,
                     lambda: seat_knock_runner(rules, players, seat, turn, opponent), rounds,
                     draw, progress=bar)
    table = table_of(tally)
    explain(ks.seat_reading(table, rules), ks.seat_how(table))
    csv_button(table, "knock_simulated", "odds_sim_csv")
    view.code("seat_knock", players=players, seat=seat, turn=turn, opponent=opponent, rounds=rounds)


@st.fragment
def knock_heat(view: View, key: str) -> None:
    """Below Knocking: the players x seat heat map of the lowest value worth knocking on."""
    rules = lab.rules_from_key(key)
    try:
        check_simulable(rules)
    except OddsError:
        return
    st.subheader(_("Which value is enough, seat by seat"))
    h1, h2, h3 = st.columns(3)
    share = h1.slider(_("Target: survives at least"), 50, 95, 80, 5, format="%d%%",
                      key="odds_heat_share") / 100
    turn = ks.turn_control(h2, _("Knock turn"), rules, ks.heat_turns(rules, view.facts.max_players),
                           "odds_heat_turn")
    opponent = cast(str, h3.selectbox(_("The others play as"), list(ks.OPPONENT_NAMES), index=3,
                                      format_func=ks.opponent_name, key="odds_heat_opponent"))
    counts = ks.cached_heat_counts(key, view.facts.max_players, turn, opponent)
    table = ks.heat_table(counts, share)
    st.plotly_chart(ks.heat_figure(table, share, rules), config=CHART, key="odds_heat_chart")
    explain(ks.heat_reading(table, share, rules), ks.heat_how())
    csv_button(table, "knock_lowest_by_seat", "odds_heat_csv")
    view.code("knock_heat", most=view.facts.max_players, turn=turn, opponent=opponent, share=share)


@st.fragment
def knock_exact(view: View, key: str, options: list[int]) -> None:
    """The left half of Knocking: the exact curves for the chosen numbers of players."""
    rules = lab.rules_from_key(key)
    chosen = st.multiselect(_("Players (exact curves)"), options, default=options,
                            key="odds_knock_players")
    ex = lab.knock_df(key, tuple(sorted(chosen) or [2]))
    st.plotly_chart(lab.knock_exact_chart(key, tuple(sorted(chosen) or [2])), config=CHART,
                    key="odds_knock_exact_chart")
    explain(op.knock_reading(ex, rules), lab.knock_how(rules))
    csv_button(ex, "knock_exact", "odds_knock_exact_csv")
    view.code("knock_curve", players=tuple(sorted(chosen) or [2]))


def knocking(view: View, key: str) -> None:
    options = list(range(2, view.facts.max_players + 1))
    left, right = st.columns(2)
    with left:
        knock_exact(view, key, options)
    with right:
        knock_simulated(view, key, options)
    knock_heat(view, key)


@st.fragment
def your_hand(view: View, key: str) -> None:
    rules = lab.rules_from_key(key)
    c1, c2, c3 = st.columns(3)
    hand_text = c1.text_input(_("Your hand"), lab.typed("AH KH 9S"), key="odds_hand")
    vis_text = c2.text_input(_("Cards you can see"), lab.default_visible(rules),
                             key="odds_visible",
                             help=lab.visible_help(rules))
    gone_text = c3.text_input(_("Cards known to be out of play (optional)"), "",
                              key="odds_gone",
                              help=_("Cards seen earlier that cannot be drawn, e.g. buried "
                                     "in the discard pile."))
    try:
        moves = lab.cached_moves(hand_text, vis_text, gone_text, key)
    except (CardError, OddsError) as e:
        st.error(str(e))
        return
    df = op.moves_table(moves, rules)
    st.plotly_chart(lab.moves_chart(hand_text, vis_text, gone_text, key), config=CHART,
                    key="odds_moves_chart")
    explain(op.moves_reading(moves, rules), lab.moves_how(moves, rules))
    losses = None
    if lab.moves_costed(rules):
        opponents = st.slider(_("Opponents at the showdown"), 1, lab.most_opponents(rules),
                              min(3, lab.most_opponents(rules)), key="odds_moves_opponents")
        losses = lab.moves_losses(moves, rules, opponents)
        st.markdown(lab.moves_loss_words(moves, losses, rules, opponents))
    summary = lab.shown_columns(op.moves_summary(moves, rules, losses))
    st.dataframe(lab.moves_shown(summary), hide_index=True, width="stretch",
                 height=36 * (len(summary) + 1) + 4,
                 column_config=lab.moves_columns())
    csv_button(df, "move_odds", "odds_moves_csv")
    view.code("moves", hand=hand_text, visible=vis_text, gone=gone_text)


def page() -> None:
    """Draws the page (registered in ``thirtyone.ui.shell.nav``)."""
    variant = current_variant()
    with st.sidebar.expander(_("House rules for the odds"), icon=":material/tune:"):
        rules = rules_editor(variant.rules, f"odds_house_{variant.key}", lab.ODDS_OPTIONS)

    st.title(_("Odds lab"))
    changed = changed_options_text(rules, variant.rules)
    st.markdown((_("Exact odds and simulations for **{variant}** with house rules ({changed}).")
                 if changed else _("Exact odds and simulations for **{variant}**.")).format(
        variant=_(variant.name), changed=changed) + " " + _("Move a control and the plot follows."))
    view = View(rules, variant.key, lab.Facts.of(rules))

    # The radio's values are the sections' English names (ids); a link may name one by its id.
    keep_choices(lab.TRANSLATED_CHOICES)
    if "odds_section" in st.session_state:
        kept = lab.section_of(st.session_state["odds_section"])
        if kept != st.session_state["odds_section"]:
            st.session_state["odds_section"] = kept or lab.SECTIONS[0]
    section = st.radio(_("Show"), lab.SECTIONS, horizontal=True, key="odds_section",
                       format_func=lab.section_name, label_visibility="collapsed")
    if section == "Starting hands":
        starting_hands(view, view.facts.key)
        if view.facts.three_card:
            st.divider()
            special_hands(view, view.facts.key)
    elif not view.facts.three_card:
        st.info(_("Banking 31 is a buying game against a banker; racing, knocking and move odds "
                  "belong to the three-card table games."))
    elif section == "Racing to 31" and view.facts.race_note:
        lab.race_withheld_note(view.facts.race_note)
    elif section == "Racing to 31":
        racing(view, view.facts.key)
    elif section == "Knocking":
        knocking(view, view.facts.key)
    elif view.facts.has_moves:
        your_hand(view, view.facts.key)
    else:
        st.info(_("Move odds are for the draw, swap, switch and widow games."))
