"""The Variants page's parts: the comparison table, a card per variant, history, the map of
names and the statistics (exact, and simulated: streamed as the controls change)."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from thirtyone.core import OPTIONS, VARIANTS, Variant
from thirtyone.i18n import N_, _, current, format_number, format_percent
from thirtyone.odds import dealt_distribution
from thirtyone.plots.code import figure_code
from thirtyone.plots.variants import SEED, batches, compared_figure, compared_row
from thirtyone.sim.batch import check_supported
from thirtyone.sim.variants import stats_from_tally, variants_runner
from thirtyone.teach import NOT_USED, column_title, comparison_rows, lore
from thirtyone.ui.widgets.figures import frozen, show_code
from thirtyone.ui.widgets.html import Markup, join, markup, show
from thirtyone.ui.widgets.number_cells import (
    decimal_cells,
    english_only,
    percent_cells,
    shown_numbers,
)
from thirtyone.ui.widgets.stream import streamed
from thirtyone.ui.widgets.styles import stylesheet

DIFF_COLOUR = "#fff1c2"
PAGE_CSS = stylesheet("variants.css")


# --- comparison table --------------------------------------------------------------------

def comparison_frame(keys: list[str], only_differences: bool) -> tuple[pd.DataFrame, list[bool]]:
    """Rows = option labels, columns = variant names; plus which rows differ."""
    rows = comparison_rows(keys)
    if only_differences:
        rows = [r for r in rows if r.differs]
    frame = pd.DataFrame([list(r.values) for r in rows], index=[r.label for r in rows],
                         columns=[column_title(k) for k in keys])
    frame.index.name = _("Option")
    return frame, [r.differs for r in rows]


def style_comparison(frame: pd.DataFrame):
    """Cells that differ from the first column are highlighted; dashes are greyed."""
    def row_style(row: pd.Series) -> list[str]:
        ref = row.iloc[0]
        out = []
        for v in row:
            css = ""
            if v != ref and NOT_USED not in (v, ref):
                css = f"background-color: {DIFF_COLOUR}; font-weight: 600;"
            if v == NOT_USED:
                css = "color: #9a9a92;"
            out.append(css)
        return out
    return frame.style.apply(row_style, axis=1)


# A fragment: its controls rerun only this section, not the map and the cards below.
@st.fragment
def comparison_section(current: str | None = None) -> None:
    st.header(_("Side by side"))
    c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
    chosen = c1.multiselect(_("Variants to compare"), list(VARIANTS), default=list(VARIANTS),
                            format_func=lambda k: _(VARIANTS[k].name), key="t31var_compare")
    # The sidebar's variant is the first column, the one the others are compared with.
    keys = sorted(chosen, key=lambda k: (k != current, list(VARIANTS).index(k)))
    only = c2.toggle(_("Only rows that differ"), value=True, key="t31var_only_diff",
                     help=_("Hide the rules on which every chosen variant agrees (a dash "
                            "beside a value is a difference: that game lacks the rule)."))
    if not keys:
        st.info(_("Pick at least one variant to compare."))
        return
    show(markup(_("Every rule, read straight from the presets the engine plays with. Cells "
                  "that differ from the first column (**{variant}**) are "
                  "<span style='background:{colour};padding:0 .3em'>highlighted</span>; a "
                  "dash ({dash}) means the rule plays no part in that game."),
                variant=_(VARIANTS[keys[0]].name), colour=DIFF_COLOUR, dash=NOT_USED))
    frame, _differs = comparison_frame(keys, only)
    if frame.empty:
        st.info(_("These variants agree on every rule."))
    else:
        st.table(style_comparison(frame))
    marked = [_(VARIANTS[k].name) for k in keys if VARIANTS[k].our_reading]
    if marked:
        st.warning("\\* " + _("**Our reading:** {variants}. The sources describe these games "
                               "only in part; where they are silent, the choices in this "
                               "table are ours.").format(variants=", ".join(marked)),
                   icon=":material/edit_note:")
    with st.expander(_("What each rule means")):
        st.markdown("\n".join(f"- **{_(o.label)}**: {_(o.help)}" for o in OPTIONS.values()))


# --- one card per variant ----------------------------------------------------------------

def odds_line(v: Variant) -> str:
    d = dealt_distribution(v.rules)
    if d.mean is None:  # brag ranks: no points, give the chance of each class instead
        top = ", ".join(f"{_(name)} {format_percent(p, 1)}" for name, p in
                        sorted(d.probabilities.items(), key=lambda x: -x[1])[:3])
        return _("Dealt hands (exact, {hands} hands): {top}.").format(hands=format_number(d.hands),
                                                                      top=top)
    text = (_("Dealt a natural 31: **{p}** (about 1 in {n}); average dealt hand "
              "**{mean}** (exact, over all {hands} hands).")
            if v.rules.hand_value == "banking_total" else
            _("Dealt 31: **{p}** (about 1 in {n}); average dealt hand **{mean}** "
              "(exact, over all {hands} hands)."))
    return text.format(p=format_percent(d.p31, 2), n=format_number(round(1 / d.p31)),
                       mean=format_number(d.mean, 2), hands=format_number(d.hands))


def variant_card(v: Variant) -> None:
    with st.container(border=True):
        # The title has the card's whole width (a long Russian or Ukrainian name broke
        # mid-word in a three-quarter column) and the badge its own line (it was cut to
        # "наш..." in the last quarter).
        st.subheader(_(v.name), anchor=False)
        if v.our_reading:
            st.badge(_("our reading"), icon=":material/edit_note:", color="orange")
        st.markdown(_(v.summary))
        facts = [_("**Family:** {family}, {pack}-card pack").format(family=_(v.family),
                                                                    pack=v.rules.pack)]
        r = v.rules
        if r.scoring == "lives":
            lives = _("**Lives:** {lives}").format(lives=variant_lives_text(v, r.lives))
            if r.extra_life:
                # 'On the county' is the American phrase; other tables have their own.
                if v.extra_life_name != "on the county" or "USA" in v.regions:
                    lives += _("; at zero you play on until the next loss (*{name}*)").format(
                        name=_(v.extra_life_name))
                else:
                    lives += _("; at zero you play on until the next loss")
            facts.append(lives)
        if v.aliases:
            facts.append(_("**Also called:** {names}").format(
                names=", ".join(lore.shown(a) for a in v.aliases)))
        places = lore.variant_places(v.key)
        if places:
            facts.append(_("**Where:** {places}").format(
                places=", ".join(lore.shown(p) for p in places)))
        facts.append(_("**Source:** {source}").format(source=lore.shown_source_text(v.source)))
        if v.our_reading:
            facts.append(_("**Our reading:** the sources leave parts of this game open; the "
                           "app fills them in and says so here."))
        facts.append(odds_line(v))
        st.markdown("\n".join(f"- {f}" for f in facts))


def variant_lives_text(v: Variant, n: int) -> str:
    """``n`` lives in the variant's own words (``core.rules.variant_lives``)."""
    from thirtyone.core import variant_lives
    return variant_lives(v, n)


def variant_cards_section(first: str | None = None) -> None:
    st.header(_("The variants"))
    keys = list(VARIANTS)
    if first in keys:  # the variant picked in the sidebar comes first
        keys.remove(first)
        keys.insert(0, first)
    cols = st.columns(2, gap="medium")
    for i, k in enumerate(keys):
        with cols[i % 2]:
            variant_card(VARIANTS[k])


# --- history and names ---------------------------------------------------------------------

def _source(sources: tuple[str, ...]) -> Markup:
    """A claim's sources as small print (HTML, escaped)."""
    return markup(" <small class='t31-src'>[{}]</small>", lore.shown_cite(sources))


def _list(items: list[tuple[str, str, tuple[str, ...]]]) -> Markup:
    """Markdown list items 'lead: text [sources]' as escaped HTML (lead in bold if given);
    the lead and the text are lore's English, shown in the reader's language."""
    return join((markup("- {}{}{}", markup("<b>{}</b>: ", lore.shown(lead)) if lead else "",
                        text, _source(src))
                 for lead, text, src in items), "\n")


def sources_key() -> str:
    """What the source keys in the small print refer to, for the foot of the history."""
    return " · ".join(f"{lore.shown_source_key(k)}: {_(v)}" for k, v in lore.SOURCES.items())


def history_section() -> None:
    st.header(_("History"))
    show(join((markup("- <span class='t31-when'>{}</span> — {}{}", lore.shown(e.when),
                      lore.shown(e.text), _source(e.sources)) for e in lore.HISTORY), "\n"))
    left, right = st.columns(2, gap="large")
    with left:
        st.subheader(_("Not to be confused with"), anchor=False)
        show(_list([(n.topic, lore.shown(n.text), n.sources) for n in lore.NOT_TO_CONFUSE]))
    with right:
        st.subheader(_("Table customs"), anchor=False)
        show(_list([("", lore.shown(c.text), c.sources) for c in lore.CUSTOMS]))
    st.caption(_("Sources in square brackets.") + " " + sources_key())


WORLD_FILE = Path(__file__).with_name("world_110m.json")


@functools.cache
def world_outline() -> dict:
    """Land rings and country borders bundled with the app (``tools/world_outline.py``)."""
    return json.loads(WORLD_FILE.read_text())


def _lonlat(rings: list[list[float]]) -> tuple[list, list]:
    """Flat [lon, lat, lon, lat...] rings as one lon list and one lat list, split by None."""
    lon: list = []
    lat: list = []
    for r in rings:
        lon.extend(r[0::2] + [None])
        lat.extend(r[1::2] + [None])
    return lon, lat


def add_world(fig: go.Figure) -> None:
    """Land and borders drawn from the bundled outline, so the map needs no map server."""
    world = world_outline()
    lon, lat = _lonlat(world["land"])
    # Coastlines only: a filled ring cut by the map's edges can flood the whole map.
    fig.add_trace(go.Scattergeo(lon=lon, lat=lat, mode="lines",
                                line={"width": 1, "color": "#8fa68f"},
                                hoverinfo="skip", showlegend=False, name=_("land")))
    lon, lat = _lonlat(world["borders"])
    fig.add_trace(go.Scattergeo(lon=lon, lat=lat, mode="lines",
                                line={"width": 0.6, "color": "#c9c9bd"},
                                hoverinfo="skip", showlegend=False, name=_("borders")))


# The two areas of the names map: America (with Hawaii) and Europe, each with room for its
# labels (on one world map, six European labels overlapped and one hid under a marker).
MAP_AREAS = {"america": {"lon": (-162.0, -62.0), "lat": (16.0, 52.0)},
             "europe": {"lon": (-14.5, 26.0), "lat": (35.5, 58.0)}}

# Where each point's label sits, so that neighbours do not cover each other.
LABEL_AT = {"United States": "top left", "South Louisiana": "bottom left",
            "Mississippi": "bottom right", "Pennsylvania": "top center",
            "Central Indiana": "bottom right", "Oklahoma": "bottom left", "Kansas": "top left",
            "Hawaii": "middle right", "England": "top center", "England (1670s)": "bottom center",
            "Germany": "bottom right", "Austria": "middle right", "Netherlands": "top center",
            "Greece": "bottom left", "France": "top center", "Ireland": "bottom center",
            "Italy": "bottom left"}


def map_area(p: lore.Place) -> str:
    """The map a place is drawn on: Europe east of the Atlantic, America west of it."""
    return "europe" if p.lon > -30 else "america"


def place_label(p: lore.Place) -> str:
    """The label at a point: the game's name there (two names on two lines; more: the first, the
    rest on hover)."""
    names = [lore.shown(n) for n in p.names]
    return "<br>".join(names) if len(names) <= 2 else names[0] + " …"


def names_map(area: str = "america") -> go.Figure:
    """Places in ``area`` (``MAP_AREAS``) and the names the game goes by there: every point
    labelled with the game's name; hover a point for every name, the note and its sources."""
    if area not in MAP_AREAS:
        raise ValueError(f"Unknown map area '{area}'; areas are: {', '.join(MAP_AREAS)}.")
    fig = go.Figure()
    add_world(fig)
    styles = {"today": (_("Names in use today"), "#1f6f43", "circle"),
              "history": (_("Early history"), "#a0522d", "diamond")}
    for era, (label, colour, symbol) in styles.items():
        places = [p for p in lore.PLACES if p.era == era and map_area(p) == area]
        fig.add_trace(go.Scattergeo(
            lat=[p.lat for p in places], lon=[p.lon for p in places], name=label,
            mode="markers+text", text=[place_label(p) for p in places],
            textposition=[LABEL_AT.get(p.place, "top center") for p in places],
            textfont={"size": 13, "color": colour},
            marker={"size": 11, "color": colour, "symbol": symbol,
                    "line": {"width": 1, "color": "white"}},
            customdata=[[lore.shown(p.place), ", ".join(lore.shown(n) for n in p.names),
                         lore.shown(p.note), lore.shown_cite(p.sources)]
                        for p in places],
            hovertemplate="<b>%{customdata[0]}</b><br>%{customdata[1]}<br>"
                          "<i>%{customdata[2]}</i><br>" + _("source: %{customdata[3]}")
                          + "<extra></extra>"))
    # No layer of plotly's own (land, coastlines, countries...): those would be fetched from
    # plotly's map server, which schools often cannot reach. The outline is drawn above.
    box = MAP_AREAS[area]
    fig.update_geos(projection_type="natural earth", showcountries=False, showland=False,
                    showcoastlines=False, showocean=False, showlakes=False, showrivers=False,
                    showframe=False, bgcolor="#f4f8fb", lataxis_range=list(box["lat"]),
                    lonaxis_range=list(box["lon"]))
    fig.update_layout(height=370, margin={"l": 0, "r": 0, "t": 36, "b": 0},
                      title={"text": _("America") if area == "america" else _("Europe"),
                             "x": 0.01, "y": 0.98, "font": {"size": 16}},
                      legend={"orientation": "h", "y": -0.02, "font": {"size": 14}},
                      hoverlabel={"font_size": 15})
    return fig


@st.cache_resource(show_spinner=False)
def names_chart(lang: str = "en", area: str = "america") -> go.Figure:
    """The map of ``area`` in ``lang``, built once for every session (it never changes)."""
    return frozen(names_map(area))


def names_section() -> None:
    st.header(_("Names around the world"))
    # Two maps, America and Europe; the lists follow below them.
    st.markdown(_("Every point is labelled with the game's name there; point at it to read "
                  "all its names, a note and the source."))
    # One above the other, each the page's full width: Europe's nine places get as much
    # room as America's (side by side, Europe's labels ran into each other).
    st.plotly_chart(names_chart(current(), "america"), key="t31var_map",
                    config={"displayModeBar": False})
    st.plotly_chart(names_chart(current(), "europe"), key="t31var_map_europe",
                    config={"displayModeBar": False})
    # the app's own words (Markdown) as they are, the lore's names escaped
    show(markup("**{}**: {}{}  \n{}", Markup(_("Names without a place")),
                ", ".join(lore.shown(n) for n in lore.NO_PLACE_NAMES),
                _source(lore.NO_PLACE_SOURCES),
                Markup(_("The sources give these names for Thirty-One without saying where "
                         "they are used."))))
    today = [p for p in lore.PLACES if p.era == "today"]
    past = [p for p in lore.PLACES if p.era != "today"]
    left, right = st.columns(2, gap="large")
    show(markup("**{}**\n{}", Markup(_("Today")),
                _list([(p.place, ", ".join(lore.shown(n) for n in p.names), p.sources)
                       for p in today])), left)
    # Early places are told by their notes (which name them), not by a list of names.
    show(markup("**{}**\n{}", Markup(_("Early history")),
                _list([(p.place, lore.shown(p.note), p.sources) for p in past])), right)


# --- statistics -------------------------------------------------------------------------

def exact_frame() -> pd.DataFrame:
    """The exact deal statistics of every variant, with column names in the reader's
    language."""
    rows = []
    for v in VARIANTS.values():
        d = dealt_distribution(v.rules)
        rows.append({_("Variant"): _(v.name), _("Pack"): v.rules.pack,
                     _("Possible hands"): format_number(d.hands),
                     _("Dealt 31"): format_percent(d.p31, 3) if d.mean is not None else NOT_USED,
                     _("1 in"): format_number(round(1 / d.p31)) if d.p31 else NOT_USED,
                     _("Average dealt hand"): format_number(d.mean, 2) if d.mean is not None
                     else _("brag ranks")})
    return pd.DataFrame(rows)


def _sim_supported() -> list[str]:
    keys = []
    for k, v in VARIANTS.items():
        try:
            check_supported(v.rules, max(v.rules.min_players, min(4, v.rules.max_players)))
        except ValueError:
            continue
        keys.append(k)
    return keys


SIM_KEY = "t31var_sim_stream"  # the running simulation: {"params": ..., "tally": Tally}


# the simulated table's columns: result field (None: the variant, the rounds) -> heading
SIM_COLUMNS = (("variant", N_("Variant")), ("rounds", N_("Rounds")),
               ("blitz_rate", N_("Blitz (or fire)")), ("knock_rate", N_("Knocked")),
               ("void_rate", N_("Void")), ("mean_turns", N_("Turns per round")),
               ("knocker_lost_rate", N_("Knocker lost")))


def _sim_frame(results: dict) -> pd.DataFrame:
    rows = []
    for k, s in results.items():
        row = {_(head): s.get(field) for field, head in SIM_COLUMNS}
        row[_("Variant")] = _(VARIANTS[k].name)
        row[_("Rounds")] = format_number(s['rounds'])
        rows.append(row)
    return pd.DataFrame(rows)


def _show_sim(results: dict, where) -> None:
    pct = st.column_config.NumberColumn(format="percent")
    rates = (_("Blitz (or fire)"), _("Knocked"), _("Void"), _("Knocker lost"))
    # in Russian and Ukrainian the numbers are written by shown_numbers (a decimal comma)
    shown = shown_numbers(_sim_frame(results), {**{r: percent_cells(2) for r in rates},
                                                _("Turns per round"): decimal_cells(1)})
    where.dataframe(shown, hide_index=True, width="stretch",
                    column_config=english_only({**{r: pct for r in rates},
                                                _("Turns per round"): st.column_config.NumberColumn(
                                                    format="%.1f")}))


def sim_chart(results: dict, errors: dict | None = None) -> go.Figure:
    """Grouped bars (``thirtyone.plots.variants``) of the per-variant ``results``; with
    ``errors`` (one standard error per rate), 95% error bars."""
    rows = [compared_row(k, r, None if errors is None else errors[k]) for k, r in results.items()]
    return compared_figure(pd.DataFrame(rows), errors is not None)


def sim_params(keys: list[str], players: int, rounds: int, knock_at: int) -> tuple:
    """The simulation's settings as a key: every variant's rules as text among them, so a
    result is shared only by runs of the very same rules."""
    rules = tuple((k, json.dumps(VARIANTS[k].rules.to_dict(), sort_keys=True)) for k in keys)
    return rules, players, rounds, knock_at


def simulated_statistics(keys: list[str]) -> None:
    """Whole rounds of every variant the simulator plays, run as the controls change and
    streamed: a first table at once, sharper batch by batch, then kept for every session.
    Its controls rerun the whole page (not a fragment), so a change cancels a running one."""
    c1, c2, c3 = st.columns(3)
    players = c1.slider(_("Players"), 2, 7, 4, key="t31var_players")
    rounds = c2.select_slider(_("Rounds per variant"), [2_000, 10_000, 20_000, 50_000], 20_000,
                              key="t31var_rounds", format_func=lambda n: format_number(n))
    knock_at = c3.slider(_("Bots knock at"), 15, 31, 25, key="t31var_knock",
                         help=_("The basic bots knock as soon as their hand is worth this "
                                "much."))
    playable = [k for k in keys
                if VARIANTS[k].rules.min_players <= players <= VARIANTS[k].rules.max_players]
    if not playable:
        st.info(_("None of these variants is played by {n} players.").format(n=players))
        return
    bar, table, chart = st.empty(), st.empty(), st.empty()

    def draw(tally) -> None:
        stats = stats_from_tally(tally)
        results = {k: s.to_dict() for k, s in stats.items()}
        _show_sim(results, table)
        chart.plotly_chart(sim_chart(results, {k: s.standard_errors() for k, s in stats.items()}),
                           key=f"t31var_sim_chart_{tally.rounds}",
                           config={"displayModeBar": False})

    rules = {k: VARIANTS[k].rules for k in playable}
    # One seed per batch for every variant: the same deals, so differences come from the rules.
    streamed(SIM_KEY, sim_params(playable, players, rounds, knock_at),
             lambda: variants_runner(rules, players, "basic", knock_at), rounds, draw, seed=SEED,
             progress=bar, sizes=batches(rounds))
    st.caption(_("{n} players, {rounds} rounds per variant, bots knock at {knock_at}; the "
                 "black lines are 95% intervals. Blitz: rounds ended by a 31 (or three aces). "
                 "Knocked: rounds ended by a knock. Void: rounds that ran out of cards with "
                 "nobody losing. Knocker lost: of the knocked rounds, how often the knocker "
                 "lost a life.").format(n=players, rounds=format_number(rounds), knock_at=knock_at))
    show_code(figure_code("variants_compared", None, "", keys=tuple(playable), players=players,
                          rounds=rounds, knock_at=knock_at))


def statistics_section() -> None:
    st.header(_("Statistics"))
    st.subheader(_("Exact: the deal"), anchor=False)
    st.markdown(_("Counted over every possible three-card hand, so these are exact."))
    st.dataframe(exact_frame(), hide_index=True, width="stretch")

    st.subheader(_("Simulated: whole rounds"), anchor=False)
    keys = _sim_supported()
    if not keys:
        st.info(_("The simulator is not available in this copy of the app."))
        return
    st.markdown(_("Computer players with the fixed *basic* strategy play many rounds of each "
                  "variant: how often does a round end in a blitz, how many turns does it "
                  "take, and how often does the knocker pay? (Kitty, Switch and Banking need "
                  "the full table engine and are left out here.) The figures sharpen as the "
                  "rounds come in."))
    simulated_statistics(keys)


def variants_page(current: str | None = None) -> None:
    show(PAGE_CSS)
    with st.container(key="t31variants"):
        comparison_section(current)
        variant_cards_section(current)
        history_section()
        names_section()
        statistics_section()
