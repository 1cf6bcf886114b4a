"""The Play page: a whole game of Thirty-One (any table variant) against bots: the new-game
setup, the felt (``widgets/felt.py``), the hint, the move log, saving and loading a game."""

from __future__ import annotations

from contextlib import nullcontext

import streamlit as st

from thirtyone.core import Variant
from thirtyone.i18n import _
from thirtyone.i18n.names import person_name
from thirtyone.ui.pages.play.play_keep import UNSAVED, keep
from thirtyone.ui.pages.play.replay import replay_button
from thirtyone.ui.pages.play.scenarios import teacher_tools
from thirtyone.ui.shell.common import changed_options_text, current_variant, rules_editor
from thirtyone.ui.shell.identity import teacher_class
from thirtyone.ui.widgets.headings import heading
from thirtyone.ui.widgets.plain import plain
from thirtyone.ui.widgets.slots import Slots
from thirtyone.ui.widgets.table_html import (
    level_name,
)
from thirtyone.ui.widgets.table_state import (
    State,
    ask_hint,
    bot_levels,
    bot_turn,
    bots_until_you,
    cfg_of,
    choose_levels,
    deal_and_follow,
    hint_function,
    load_text,
    move_and_follow,
    next_round,
    observe,
    play_move,
    player_text,
    record_text,
    save_text,
    seeded,
    session,
    start_from_setup,
    start_game,
    turn_key,
    variant_of_game,
)
from thirtyone.ui.widgets.table_words import (
    BOT_NAMES,
    LEVEL_HELP,
    STEP_MODES,
    action_label,
    house_rule_names,
)

__all__ = ["play_page", "start_game", "play_move", "bot_turn", "bots_until_you", "next_round",
           "ask_hint", "hint_function", "save_text", "record_text", "load_text",
           "move_and_follow", "deal_and_follow", "observe", "draw_table",
           "move_log", "game_over_banner"]
from thirtyone.ui.widgets.felt import (
    draw_table,
    game_over_banner,
    hint_shown,
    move_log,
    table_styles,
)


def _hint_box(state: State, where: str = "side") -> None:
    """The Hint button and the hint asked for. Drawn twice on the Play page: at the top of
    the log's column (``"side"``) and under the move buttons on the felt (``"felt"``);
    table.css shows the one that is near the buttons (the felt's once the log goes under the
    table) and, on a short screen, opens the felt's hint over the table."""
    game = session(state).game
    if game is None:
        return
    you = session(state).you
    if game.round_over or game.to_move != you:
        return
    with st.container(key=f"play_hint_{where}"):
        st.button(_("Hint"), icon=":material/lightbulb:",
                  key="play_hint_btn" if where == "side" else "play_hint_felt_btn",
                  on_click=_ask_hint, args=(st.session_state,),
                  help=_("What the expert bot would do here, and why. It does not change the "
                         "game."))
        got = session(state).hint
        if not got or got[0] != turn_key(observe(state)):
            return
        h = got[1]
        # the reason may name players, whose names can come from a file: plain text
        lines = ["**" + _("Hint: {move}.").format(move=plain(action_label(h.action, observe(state))))
                 + "**", plain(h.reason)]
        lines += [f"{plain(label)}: **{plain(text)}**" for label, text in (h.numbers or {}).items()]
        with st.container(key=f"play_hint_{where}_box"):
            st.info("  \n".join(lines), icon=":material/lightbulb:")
            if h.source:
                st.caption(plain(h.source))
            if where == "felt":
                st.button(_("Close the hint"), icon=":material/close:", key="play_hint_close",
                          on_click=_close_hint, args=(st.session_state,))


def _ask_hint(state: State) -> None:
    """The Hint button: a note in the corner (seen wherever the page is scrolled) while each
    move is played out, which takes a second or three, then the hint (``ask_hint``)."""
    # short: a toast cuts a longer text and offers "view more" in English
    st.toast(_("Working out the hint: each move is played out to the end of the round…"),
             icon=":material/hourglass_top:")
    ask_hint(state)


def _close_hint(state: State) -> None:
    session(state).hint = None


def _save_load(state: State) -> None:
    game = session(state).game
    if game is not None:
        # Both files are made only when clicked (on a copy, in Streamlit's download thread),
        # never sent to the page in advance. Save game seals the round being played.
        frozen = game.copy()
        name = f"thirtyone-{session(state).variant}-round{game.round_no}"
        st.download_button(_("Save game"), icon=":material/download:", key="play_save",
                           data=lambda: player_text(frozen), on_click="ignore",
                           file_name=f"{name}.json", mime="application/json",
                           width="stretch",
                           help=_("Download this game as a file; load it later to play on. "
                                  "The cards still hidden stay sealed in it."))
        with st.expander(_("For the teacher")):
            st.caption(_("The teacher record shows every card: every hand, the widow and the "
                         "stock in order, and how the next rounds will be dealt."))
            if teacher_class() is None and not game.game_over:
                # a student could read the hidden cards and the next deals in it
                st.caption(_("It can be downloaded once the game is over, or at any time by "
                             "a teacher who has opened the dashboard (Class page) in this "
                             "browser."))
                return _load_control(state)
            st.download_button(_("Teacher record (shows every card)"),
                               icon=":material/visibility:", key="play_teacher_record",
                               data=lambda: record_text(frozen), on_click="ignore",
                               file_name=f"{name}-teacher-shows-every-card.json",
                               mime="application/json", width="stretch")
    _load_control(state)


def _load_control(state: State) -> None:
    nonce = session(state).upload_nonce
    st.file_uploader(_("Load a saved game (.json)"), type=["json"], key=f"play_upload_{nonce}",
                     on_change=_uploaded, args=(state, f"play_upload_{nonce}"))


def _uploaded(state: State, key: str) -> None:
    f = state.get(key)
    if f is None:
        return
    load_text(state, f.getvalue())
    session(state).upload_nonce = session(state).upload_nonce + 1  # empty the uploader


def _setup(state: State, variant: Variant) -> None:
    rules = variant.rules
    cfg = cfg_of(state)
    lo = max(1, rules.min_players - 1)
    hi = min(6, rules.max_players - 1)
    seeded(state, "play_w_name", person_name("Sam"))   # «Саша» in Russian
    seeded(state, "play_w_seed", 31)
    seeded(state, "play_w_bots", min(max(2, lo), hi))
    if state["play_w_bots"] not in range(lo, hi + 1):
        state["play_w_bots"] = min(max(2, lo), hi)
    c1, c2, c3 = st.columns([2, 1, 1])
    c1.text_input(_("Your name"), key="play_w_name", max_chars=20)
    c2.selectbox(_("Bots"), list(range(lo, hi + 1)), key="play_w_bots",
                 help=_("{variant} is for {lo} to {hi} players.").format(
                     variant=_(variant.name), lo=rules.min_players, hi=rules.max_players))
    c3.number_input(_("Seed"), min_value=0, max_value=2**31 - 1, step=1, key="play_w_seed",
                    help=_("The same seed deals the same cards: good for a class playing "
                           "along."))
    levels = bot_levels(rules)
    n_bots = state["play_w_bots"]
    cols = st.columns(min(n_bots, 6))
    choose_levels(state, variant.key, levels, n_bots)
    for i in range(n_bots):
        cols[i].selectbox(_("{name} plays").format(name=person_name(BOT_NAMES[i])), levels,
                          key=f"play_w_level_{i}", format_func=level_name, help="; ".join(
                              _("{level}: {what}").format(level=level_name(lv),
                                                          what=_(LEVEL_HELP[lv]) if lv in LEVEL_HELP else "")
                              for lv in levels))
    seeded(state, "play_w_step", "step")
    st.radio(_("Bot moves"), list(STEP_MODES), key="play_w_step",
             format_func=lambda k: _(STEP_MODES[k]), horizontal=True)
    names = house_rule_names(rules)
    with st.expander(_("House rules")):
        # three columns; each call edits its own options in the one shared changes dict,
        # so the last call returns the rules with every change
        cols = st.columns(3)
        per = -(-len(names) // 3)
        house = rules
        for i, col in enumerate(cols):
            house = rules_editor(rules, key=f"play_house_{variant.key}",
                                 names=names[i * per:(i + 1) * per], container=col)
    for k in ("play_w_name", "play_w_seed", "play_w_bots", "play_w_step",
              *(f"play_w_level_{i}" for i in range(n_bots))):
        cfg[k] = state[k]
    cfg["step_mode"] = state["play_w_step"]
    cfg["variant"] = variant.key
    cfg["rules"] = house
    st.button(_("New game"), key="play_new", on_click=start_from_setup, args=(state,),
              type="primary")


def play_page() -> None:
    """Draw the whole Play page."""
    state = st.session_state
    keep(state)  # write the game after the click's change, or bring a kept game back
    table_styles()
    variant = current_variant()
    game = session(state).game
    # once a game runs, the caption beside the title and the two expanders side by side
    # (the open one takes the whole row, table.css): the table starts higher on the screen
    head = st.container(key="play_head", horizontal=True, vertical_alignment="bottom",
                        gap="medium")
    head.title(_("Play"), width="content")
    about = head.container()
    tools = st.container(key="play_tools", horizontal=True) if game is not None else None
    if teacher_tools(state, tools):  # scenarios and the replay take the page (ui.scenarios)
        return
    if game is None:
        st.write(_("Play **{variant}** against bots. Choose the table, then *New game*. "
                   "Change the variant in the sidebar.").format(variant=_(variant.name)))
    with tools if tools is not None else nullcontext(), st.expander(
            _("New game: table and house rules"), expanded=game is None):
        _setup(state, variant)
    # each message in a place of its own (nothing when there is none), so that one coming or
    # going never moves the table under it (see ui.slots)
    if session(state).error:
        st.error(plain(session(state).error))       # may quote a file or a text box: plain text
    else:
        st.empty()
    if session(state).notice:
        st.success(plain(session(state).notice))
    else:
        st.empty()
    if state.get(UNSAVED):       # the store could not keep the game: it goes on, unsaved
        st.warning(plain(state[UNSAVED]), icon=":material/save:")
    else:
        st.empty()
    if game is None:
        _load_control(state)
        return
    playing = variant_of_game(state)
    house = changed_options_text(game.rules, playing.rules)
    if house:
        about.caption(_("Playing **{variant}** with house rules: {rules}.").format(
            variant=_(playing.name), rules=house))
    else:
        about.caption(_("Playing **{variant}** with its usual rules.").format(
            variant=_(playing.name)))
    if playing.key != variant.key:
        st.caption(_("This game is {game}; the sidebar choice ({chosen}) is for your next new "
                     "game.").format(game=_(playing.name), chosen=_(variant.name)))
    else:
        st.empty()
    with st.container(key="play_layout"):  # the log goes under the table when narrow
        left, right = st.columns([3.2, 1.2], gap="medium")
    with left:
        draw_table(state, hint=lambda s: _hint_box(s, "felt"))
    with right:
        side = Slots(["hint_side"])
        if game.to_move == session(state).you and not game.round_over:
            side.put("hint_side", lambda: _hint_box(state, "side"),
                     ("hint", hint_shown(state)))
        side.draw()
        heading(_("Move log"), 2, look=4)
        move_log(state)
        _save_load(state)
        replay_button(state)
