"""A stacked mini-round inside a lesson (``teach.mini_round``), drawn with the Play page's
own table (``table.draw_table``: the felt, the move buttons, the showdown) and callbacks
(``table_state``).

Each round keeps its game in a state of its own (``table_state.ScopedState`` under
``t31round_<lesson>_<step>_``), so the Play page's game is left alone and a rerun or a page
switch loses nothing. The bots answer at once, with the generators the block gives them
(the same moves always give the same round). With ``guide: yes`` each of the student's
turns shows the Play page's hint in one box. Once the round is over the showdown is
explained, the step counts as solved (``on_finished``) and "Play it again" deals it afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from thirtyone.i18n import _
from thirtyone.i18n.names import names_shown, person_name
from thirtyone.teach import Lesson, MiniRound
from thirtyone.ui.widgets.felt import draw_table, move_log, table_styles
from thirtyone.ui.widgets.html import show as show_markup
from thirtyone.ui.widgets.plain import plain
from thirtyone.ui.widgets.styles import stylesheet
from thirtyone.ui.widgets.table_state import (
    SESSION,
    PlaySession,
    ScopedState,
    State,
    bots_until_you,
    observe,
    session,
    turn_key,
)
from thirtyone.ui.widgets.table_words import action_label

ROUND_CSS = stylesheet("lesson_round.css")
PREFIX = "t31round_"
FINISHED = "finished"
SEED = "mini_seed"   # the block's seed the game was dealt from


def round_id(lesson: Lesson, step: int) -> str:
    """The progress id of the round in ``step`` (one round a step), like a quiz's."""
    return f"{lesson.slug}/{step}/round"


def round_ids(lesson: Lesson) -> list[tuple[str, MiniRound]]:
    return [(round_id(lesson, i), b) for i, s in enumerate(lesson.steps)
            for b in s.blocks if isinstance(b, MiniRound)]


def scope_of(rid: str) -> State:
    safe = rid.replace("/", "_").replace("-", "_")
    return ScopedState(st.session_state, f"{PREFIX}{safe}_")


def deal(state: State, mini: MiniRound) -> None:
    """Deal the round afresh (also "Play it again"); bots sitting before the student move."""
    for k in list(state):
        del state[k]
    game = mini.new_game()
    state[SESSION] = PlaySession.dealt(game, mini.variant, mini.you, list(mini.styles),
                                       bot_rng_for=mini.bot_rng)
    session(state).mark = 0
    state[SEED] = mini.seed
    if not session(state).game.round_over and session(state).game.to_move != mini.you:
        bots_until_you(state)
        session(state).mark = 0


def forget_rounds() -> None:
    """Every round of this session starts afresh (the Learn page's Start again)."""
    for k in [k for k in st.session_state if str(k).startswith(PREFIX)]:
        del st.session_state[k]


def guide_text(state: State, mini: MiniRound) -> str | None:
    """The guide's sentence for the student's turn (the Play page's hint), kept per turn."""
    game = session(state).game
    if not mini.guide or game.round_over or game.to_move != mini.you:
        return None
    obs = observe(state)
    got = session(state).hint
    if not got or got[0] != turn_key(obs):
        try:
            h = mini.guide_hint(game)
        except Exception:  # noqa: BLE001 - a guide failing must not stop the round
            return None
        session(state).hint = got = (turn_key(obs), h)
    hint = got[1]
    assert hint is not None        # guide_hint answers where the checks above passed
    return f"{action_label(hint.action, obs)}. {hint.reason}"


def _round_end(mini: MiniRound, rid: str) -> Callable[[State, Any], None]:
    def end(state: State, obs: Any) -> None:
        st.button(_("Play it again"), key=f"t31round_again_{rid}", icon=":material/replay:",
                  on_click=deal, args=(state, mini),
                  help=_("Deal the same cards again and try other moves."))
    return end


def show_round(mini: MiniRound, rid: str, on_finished: Callable[[str], None]) -> None:
    """Draw the round of ``rid``; ``on_finished(rid)`` once, when a round first ends."""
    state = scope_of(rid)
    if session(state).game is None or state.get(SEED) != mini.seed:  # new, or the file changed
        deal(state, mini)
    table_styles()
    show_markup(ROUND_CSS)
    # the lesson's players are examples, the student's seat too: all in the reader's script
    names = {p: person_name(p) for p in session(state).game.players}
    with st.container(border=True, key=f"t31round_{rid.replace('/', '_')}"), names_shown(names):
        st.caption(_("A round played here · every move checked by the engine"))
        for key, show in (("error", st.error), ("notice", st.info)):
            said = getattr(session(state), key)
            if said:
                show(plain(said))
        guide = guide_text(state, mini)
        if guide:
            st.info(_("**Guide:** {advice}").format(advice=plain(guide)),
                    icon=":material/lightbulb:")
        draw_table(state, round_end=_round_end(mini, rid))
        if session(state).game.round_over:   # under the felt, where a message box is readable
            st.success(_("You played the round to its end: this step is done."),
                       icon=":material/check_circle:")
        with st.expander(_("Move log"), expanded=session(state).game.round_over):
            move_log(state)
    if session(state).game.round_over:
        on_finished(rid)


__all__ = ["FINISHED", "deal", "forget_rounds", "guide_text", "round_id", "round_ids",
           "scope_of", "show_round"]
