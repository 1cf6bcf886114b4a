"""Teacher scenarios on the Play page: open one from a link (``/play?scenario=<name>``, or
``/play?replay=<name>``), list them with their links, and the replay mode they open in.

``teacher_tools(state)`` is called by ``table.play_page`` right after the title; it returns
True while a replay is on the page (the table then waits below it).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from thirtyone.i18n import _
from thirtyone.teach import Scenario, get_scenario, load_scenarios
from thirtyone.ui.pages.play.replay import REPLAY_ERROR, draw_replay, open_replay, replaying
from thirtyone.ui.widgets.table_state import State

LINK_PARAMS = ("scenario", "replay")   # the query parameters that open a scenario
SEEN = "play_scn_link_seen"            # the link value already handled in this session
NOTE = "play_scn_note"                 # a short note about a link that opened nothing
MAX_PARAM = 200                        # longer values are not looked at


def link_of(name: str) -> str:
    """The link that opens a scenario, relative to the app (``play?scenario=<name>``)."""
    return f"play?scenario={name}"


def scenario_param() -> str | None:
    """The scenario a link asks for (``scenario=`` or ``replay=``), or None."""
    for key in LINK_PARAMS:
        value = st.query_params.get(key)
        if value is not None:
            return str(value)
    return None


def open_scenario(state: State, scenario: Scenario) -> bool:
    state[NOTE] = None
    return open_replay(state, scenario.record(), scenario.title, seat=scenario.seat,
                       about=scenario.description, outcome=scenario.outcome, examples=True)


def open_from_link(state: State, value: Any) -> None:
    """Open the scenario a link names, once per link value; anything else gets a note and
    leaves the page (and any game in progress) as it was."""
    if value is None or value == state.get(SEEN):
        return
    state[SEEN] = value
    scenario = get_scenario(value) if len(value) <= MAX_PARAM else None
    if scenario is None:
        state[NOTE] = _("The link names no teacher scenario, so nothing was opened; the "
                        "scenarios are listed under 'Scenarios for teachers'.")
        return
    open_scenario(state, scenario)


def scenario_list(state: State) -> None:
    """The expander listing every scenario with its link and an Open button."""
    with st.expander(_("Scenarios for teachers")):
        st.caption(_("Prepared deals that show one rule at work. Open one to step through "
                     "it, or send its link to the class."))
        link_word = _("link")
        for name, s in load_scenarios().items():
            c1, c2 = st.columns([4, 1], vertical_alignment="center")
            # the titles and descriptions are msgids of scenario_texts.py
            c1.markdown(f"**{_(s.title)}** · [{link_word}]({link_of(name)})  \n"
                        f"{_(s.description)}")
            # Streamlit ignores what a callback returns (open_scenario's bool is for links)
            c2.button(_("Open"), key=f"play_scn_{name}",
                      on_click=open_scenario,  # type: ignore[arg-type]
                      args=(state, s), width="stretch")


def teacher_tools(state: State, where: Any = None) -> bool:
    """Scenario links and the replay. True while the replay takes the page. ``where``: a
    container for the scenario list (the Play page's row of tools once a game runs)."""
    param = scenario_param()
    open_from_link(state, param[:MAX_PARAM + 1] if param is not None else None)
    if state.get(NOTE):
        st.warning(state[NOTE])
    if state.get(REPLAY_ERROR):
        st.warning(_("That game cannot be replayed."))
        st.text(str(state[REPLAY_ERROR])[:300])
        state[REPLAY_ERROR] = None
    if replaying(state):
        draw_replay(state)
        return True
    if where is None:
        scenario_list(state)
    else:
        with where:
            scenario_list(state)
    return False


__all__ = ["teacher_tools", "open_from_link", "open_scenario", "scenario_param", "link_of",
           "scenario_list"]
