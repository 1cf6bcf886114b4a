"""A step-through replay of a game record on the Play page (teacher scenarios, and the game
just played once its round is over).

Back and forward one move at a time, or jump with the slider; the table is drawn from one
seat's view (only that seat's cards face up) unless the teacher turns on "Show every card";
the move log runs up to the current step and the last step of a round shows its result.
The record lives only in the session (never sent to the page): what the page shows comes
from ``game.replay`` observations. The functions take the session state, so tests can drive
them with a plain dict.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import streamlit as st

from thirtyone.core import VARIANTS, Variant, closest_variant, parse_action
from thirtyone.game import game_after, game_to_record, last_move, open_observation, record_moves
from thirtyone.i18n import N_, _
from thirtyone.i18n.names import names_shown, person_name, shown_name
from thirtyone.ui.shell.common import changed_options_text
from thirtyone.ui.widgets.cards import CARD_CSS
from thirtyone.ui.widgets.headings import heading
from thirtyone.ui.widgets.html import join, markup, show
from thirtyone.ui.widgets.table_html import (
    TABLE_CSS,
    log_html,
    middle_html,
    seat_html,
    showdown_rows_html,
    with_shown_names,
)
from thirtyone.ui.widgets.table_state import State, clear_messages, session
from thirtyone.ui.widgets.table_words import ENDED_WORDS, SHOWDOWN_KINDS, action_label

REPLAY = "play_replay"            # {"record", "title", "about", "outcome", "n"} while replaying
STEP = "play_replay_step"         # the slider: moves made so far (0: the deal)
SEAT = "play_replay_seat"         # whose view
SHOW_ALL = "play_replay_all"      # the "Show every card" toggle
REPLAY_ERROR = "play_replay_error"


def open_replay(state: State, record: dict, title: str, seat: int = 0, about: str = "",
                outcome: str = "", examples: bool = False) -> bool:
    """Start replaying ``record`` at its deal, seen by ``seat``. A record that does not
    replay is refused with the reason and nothing changes. ``examples``: every name is one
    of the app's example names (a teacher's scenario), the seen seat's too."""
    try:
        n = len(record_moves(record))
        game = game_after(record, n)
    except Exception as e:  # noqa: BLE001 - any broken record is one clear refusal
        state[REPLAY_ERROR] = _("This game cannot be replayed: {reason}").format(reason=e)
        return False
    state[REPLAY] = {"record": record, "title": title, "about": about, "outcome": outcome,
                     "n": n, "own": -1 if examples else seat}
    state[STEP] = 0
    state[SEAT] = seat if 0 <= seat < game.n else 0
    state[SHOW_ALL] = False
    state[REPLAY_ERROR] = None
    return True


def replay_current_game(state: State) -> None:
    """The "Replay this game" button: the game in progress, from its first move. Only once
    its round is over, so no hidden card of a round still being played can be seen."""
    clear_messages(state)
    game = session(state).game
    if game is None or not game.round_over:
        state[REPLAY_ERROR] = _("A game can be replayed once its round is over.")
        return
    # the title is kept in English and translated where shown (a language switch follows)
    open_replay(state, game_to_record(game), N_("this game"), seat=0)


def replay_button(state: State) -> None:
    """"Replay this game", offered beside the table; usable once the round is over."""
    game = session(state).game
    if game is None:
        return
    st.button(_("Replay this game"), key="play_replay_open", icon=":material/replay:",
              on_click=replay_current_game, args=(state,), disabled=not game.round_over,
              width="stretch", help=_("Step through every move so far, with any player's "
                                      "view or every card shown. Open once the round is "
                                      "over."))


def close_replay(state: State) -> None:
    for key in (REPLAY, STEP, SEAT, SHOW_ALL, REPLAY_ERROR):
        state.pop(key, None)


def replaying(state: State) -> bool:
    return bool(state.get(REPLAY))


def go_to(state: State, step: int) -> None:
    """Move the replay to ``step``, kept within the record."""
    n = state[REPLAY]["n"]
    state[STEP] = max(0, min(n, int(step)))


def go_by(state: State, delta: int) -> None:
    go_to(state, int(state.get(STEP, 0)) + delta)


def replay_view(state: State) -> tuple[Any, Any, int]:
    """(game at the current step, the observation drawn, the viewing seat)."""
    rep = state[REPLAY]
    step = max(0, min(rep["n"], int(state.get(STEP, 0))))
    game = game_after(rep["record"], step)
    seat = int(state.get(SEAT, 0))
    seat = seat if 0 <= seat < game.n else 0
    obs = open_observation(game, seat) if state.get(SHOW_ALL) else game.observation(seat)
    return game, obs, seat


def move_words(game: Any, text: str) -> str:
    """A record's move (``swap KS KH``, the engine's text) in the words of the move buttons,
    in the current language; the record's text itself if it does not read as a move."""
    try:
        action = parse_action(text)
    except ValueError:          # ActionTextError, CardError
        return text
    # the buttons' words need only the family (the taken card is named by the log instead)
    seen = SimpleNamespace(rules=game.rules, phase="", discard_pile=[])
    return action_label(action, seen)


def step_words(game: Any, step: int, n: int) -> str:
    """``Move 3 of 4: Tom: swap QH KS`` (or the deal)."""
    if step == 0:
        return _("The deal (move 0 of {n})").format(n=n)
    last = last_move(game)
    who = f"{shown_name(game.players[last[0]])}: {move_words(game, last[1])}" if last else ""
    where = (_("Move {step} of {n}, round {round}").format(step=step, n=n, round=game.round_no)
             if game.round_no > 1 else _("Move {step} of {n}").format(step=step, n=n))
    return where + (f": {who}" if who else "")


def _variant_of(record: dict, rules: Any) -> Variant:
    return VARIANTS.get(str(record.get("variant")), closest_variant(rules))


def _controls(state: State, game: Any, n: int, names: dict[str, str]) -> None:
    step = int(state.get(STEP, 0))
    cols = st.columns(4)
    for col, (label, key, icon, move, off) in zip(cols, (
            (N_("Start"), "play_replay_first", "first_page", (go_to, 0), step == 0),
            (N_("Back"), "play_replay_back", "chevron_left", (go_by, -1), step == 0),
            (N_("Forward"), "play_replay_forward", "chevron_right", (go_by, 1), step >= n),
            (N_("End"), "play_replay_last", "last_page", (go_to, n), step >= n)), strict=True):
        col.button(_(label), key=key, icon=f":material/{icon}:", on_click=move[0],
                   args=(state, move[1]), disabled=off, width="stretch",
                   type="primary" if key == "play_replay_forward" else "secondary")
    c0, c1, c2 = st.columns([1.8, 1.3, 1.7], vertical_alignment="bottom")
    if n:
        c0.slider(_("Move"), 0, n, key=STEP,
                  help=_("0 is the deal; drag to jump to any move."))
    c1.selectbox(_("Whose view"), list(range(game.n)), key=SEAT,
                 # the names fixed here: AppTest formats options outside the page's names
                 format_func=lambda s: names.get(game.players[s], game.players[s]),
                 help=_("The table as this player saw it: only their own cards face up."))
    c2.toggle(_("Show every card"), key=SHOW_ALL,
              help=_("Turn every hand (and the widow) face up, for the teacher."))


def _result(variant: Variant, obs: Any) -> None:
    result = obs.result
    if result is not None and result.ended_by in ENDED_WORDS:
        head = _("The round is over, {how}.").format(how=_(ENDED_WORDS[result.ended_by]))
    else:
        head = _("The round is over.")
    why = [e.text for e in obs.log if e.kind in SHOWDOWN_KINDS]
    show(markup('<div data-testid="replay-result"><div class="play-banner">{}</div>{}'
                '<div class="play-recent">{}</div></div>', head,
                showdown_rows_html(variant, obs), join(why, "<br>")))


def _felt(variant: Variant, game: Any, obs: Any, seat: int, step: int, n: int) -> None:
    with st.container(key="play_felt"):
        show(markup('<div class="play-status" data-testid="replay-status">{}</div>',
                    step_words(game, step, n)))
        seats = [(seat + k) % game.n for k in range(game.n)]
        per_row = 3 if game.n > 4 else game.n
        for i in range(0, len(seats), per_row):
            cols = st.columns(per_row)
            for col, s in zip(cols, seats[i:i + per_row], strict=False):
                # you=-1: every seat is drawn as another player's, face up where visible
                show(seat_html(variant, obs, s, -1), col)
        show(middle_html(obs))
        if obs.round_over:
            _result(variant, obs)


def draw_replay(state: State) -> None:
    """The replay: controls, the table at the current step, and the move log."""
    rep = state[REPLAY]
    show(TABLE_CSS + CARD_CSS)  # once for every card below
    try:
        game, obs, seat = replay_view(state)
    except Exception as e:  # noqa: BLE001 - a record that stopped replaying: leave it
        close_replay(state)
        st.error(_("The replay stopped: this record does not play on from here."))
        st.text(str(e)[:300])
        return
    variant = _variant_of(rep["record"], game.rules)
    n = rep["n"]
    step = int(state.get(STEP, 0))
    head, close = st.columns([4, 1], vertical_alignment="center")
    # title, about and outcome are kept in English (a scenario's own text) and shown in the
    # current language; an unknown text (a record's own) shows as it is
    head.subheader(_("Replay: {title}").format(title=_(rep["title"]) if rep["title"] else ""))
    close.button(_("Close"), key="play_replay_close", on_click=close_replay, args=(state,),
                 icon=":material/close:", width="stretch",
                 help=_("Leave the replay and go back to the table (your game is kept)."))
    house = changed_options_text(game.rules, variant.rules)
    about = (_("{variant} with house rules: {rules}.").format(variant=_(variant.name),
                                                              rules=house) if house
             else _("{variant} with its usual rules.").format(variant=_(variant.name)))
    st.caption(about + (f" {_(rep['about'])}" if rep.get("about") else ""))
    # the examples' and the bots' names in the reader's script (the viewer's own seat as it
    # is, unless it is a scenario's or called "You")
    own = rep.get("own", 0)
    names = {p: person_name(p) for i, p in enumerate(game.players) if i != own or p == "You"}
    with names_shown(names):
        _controls(state, game, n, names)
        _felt(variant, game, with_shown_names(obs), seat, step, n)
        log, note = st.columns([1.6, 1], gap="medium")
        with log:
            heading(_("Move log"), 2, look=4)
            show(log_html(obs, seat, len(obs.log)))
    if rep.get("outcome"):
        with note, st.expander(_("What this scenario shows")):
            st.write(_(rep["outcome"]))


__all__ = ["open_replay", "replay_current_game", "close_replay", "replaying", "go_to", "go_by",
           "replay_view", "replay_button", "step_words", "draw_replay", "REPLAY", "STEP", "SEAT", "SHOW_ALL",
           "REPLAY_ERROR"]
