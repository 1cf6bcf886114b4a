"""The Play page: a card table where one person plays whole games against bots.

What the page shows comes only from ``game.observation(you)``: your own hand, the public
cards, how many cards the others hold (drawn as card backs), lives, and the round's move log.
Other players' cards appear only once the round is over (the showdown).

The page is drawn here; the state and its callbacks are ``table_state`` (re-exported below,
so ``table.start_game``, ``table.play_move``, ``table.load_text``... keep working), the words
``table_words`` and the HTML ``table_html``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

import streamlit as st

from ..core import Discard, Variant
from ..game import earlier_round_logs
from ..i18n import _
from ..i18n.names import names_shown, person_name
from .cards import CARD_CSS, hand_html
from .common import changed_options_text, current_variant, rules_editor
from .headings import heading
from .identity import teacher_class
from .plain import plain
from .play_keep import UNSAVED, keep
from .replay import replay_button
from .scenarios import teacher_tools
from .slots import Slots
from .table_html import (
    TABLE_CSS,
    hand_size,
    level_name,
    log_html,
    middle_html,
    past_logs_html,
    recent_html,
    seat_html,
    seats_html,
    showdown_rows_html,
    shown_bots,
    with_shown_names,
)
from .table_state import (
    CFG,
    ERROR,
    GAME,
    HINT,
    LAST_STEP,
    MARK,
    NOTICE,
    PAST,
    UPLOAD_NONCE,
    VARIANT,
    YOU,
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
    refuse,
    save_text,
    seeded,
    start_from_setup,
    start_game,
    turn_key,
    variant_of_game,
)
from .table_words import (
    BOT_NAMES,
    ENDED_WORDS,
    LEVEL_HELP,
    SHOWDOWN_KINDS,
    STEP_MODES,
    action_label,
    hand_note,
    house_rule_names,
    turn_words,
)
from .widgets.html import Markup, join, markup, script, show
from .widgets.moves import move_buttons

__all__ = ["play_page", "start_game", "play_move", "bot_turn", "bots_until_you", "next_round",
           "ask_hint", "hint_function", "save_text", "record_text", "load_text",
           "move_and_follow", "deal_and_follow", "observe", "draw_table",
           "move_log", "game_over_banner"]


def _your_hand(obs: Any, you: int) -> None:
    hand = obs.hand
    drawn = obs.just_drawn
    captions = [_("just drawn") if c == drawn else "" for c in hand] if drawn else None
    # many move buttons below (swap, widow): a smaller hand keeps them on the screen
    size = hand_size(obs.rules)
    show(hand_html(hand, size=size, captions=captions))


def _move_buttons(state: State, obs: Any, places: Slots) -> None:
    """Exactly the legal moves (the shared widget, ``widgets.moves``); a click plays it."""
    move_buttons(obs, places, play=lambda a: move_and_follow(state, a),
                 refuse=lambda text: refuse(state, text))


def showdown_head(obs: Any) -> None:
    """The round's result in a line ("Round 3 is over, Ann knocked.")."""
    result = obs.result
    if result is None:
        head = _("Round {n} is over.").format(n=obs.round_no)
    else:
        how = ENDED_WORDS.get(result.ended_by)
        how = _(how) if how else result.ended_by
        if result.restart_by is not None:
            head = _("Round {n} is over, {how} ({name} called a restart).").format(
                n=obs.round_no, how=how, name=obs.players[result.restart_by])
        else:
            head = _("Round {n} is over, {how}.").format(n=obs.round_no, how=how)
    show(markup('<div class="play-banner">{}</div>', head))


def showdown_hands(variant: Variant, obs: Any) -> None:
    """All hands with their values, why each counts, and who loses what."""
    rows = showdown_rows_html(variant, obs)
    if rows:
        show(rows)
    why = [e.text for e in obs.log if e.kind in SHOWDOWN_KINDS]
    if why:
        show(markup('<div class="play-recent">{}</div>', join(why, "<br>")))


def hands_shape(variant: Variant, obs: Any) -> tuple[str, bool, bool]:
    """How ``showdown_hands`` is built (for ``Slots``): the table and the lines, or not."""
    return ("hands", bool(showdown_rows_html(variant, obs)),
            any(e.kind in SHOWDOWN_KINDS for e in obs.log))


def showdown(variant: Variant, obs: Any) -> None:
    """The round's result, then all hands with their values and why (the Play page's, the
    class table's and the challenge's round end)."""
    showdown_head(obs)
    showdown_hands(variant, obs)


def game_over_banner(state: State, obs: Any) -> None:
    w = obs.winner
    you = state.get(YOU, 0)
    if w is None:
        text = _("Game over: a draw, everyone left went out together.")
    elif w == you:
        text = _("You win the game!")
    else:
        text = _("{name} wins the game.").format(name=obs.players[w])
    show(markup('<div class="play-banner" data-testid="play-game-over">{}</div>', text))


def _round_end(state: State, obs: Any) -> None:
    """The Play page's buttons once a round is over: the next round, or a new game."""
    if obs.game_over:
        game_over_banner(state, obs)
        st.button(_("New game"), key="play_new_after", on_click=start_from_setup,
                  args=(state,), type="primary")
    else:
        st.button(_("Deal the next round"), key="play_next_round", on_click=deal_and_follow,
                  args=(state,), type="primary")


#: the places of the felt, top to bottom (``Slots``): at a showdown the next round's button
#: stands right under the result line, above the hands and why they count, so that on a phone
#: it is on the first screen under the status line
FELT_PLACES = ("top", "seats", "midrow", "result", "next", "hands", "seat", "hand", "discards",
               "swaps", "exchange", "simple", "exchange_after", "hint")


def draw_table(state: State, round_end: Callable[[State, Any], None] = _round_end,
               hint: Callable[[State], None] | None = None) -> None:
    """The felt: the others, the middle, your hand, the buttons. ``round_end`` draws what
    comes once a round is over (a class challenge deals its own next round); ``hint``, if
    given, draws a hint button under the move buttons (the Play page's). Every part has its
    place (``Slots``), so a rerun replaces the old buttons where they stood."""
    obs = observe(state)
    # the bots named in the reader's script, on the felt and in the log lines
    with names_shown(shown_bots(obs)):
        _draw_table(state, with_shown_names(obs), round_end, hint)


def _draw_table(state: State, obs: Any, round_end: Callable[[State, Any], None],
                hint: Callable[[State], None] | None) -> None:
    variant = variant_of_game(state)
    you = state.get(YOU, 0)
    with st.container(key="play_felt"):
        places = Slots(FELT_PLACES)
    status = turn_words(obs, you)
    bots_move = not obs.round_over and obs.to_move not in (None, you)
    status_html = markup('<div class="play-status" data-testid="play-status">{}</div>', status)

    def top() -> None:
        if not bots_move:
            show(status_html)
            return
        left, right = st.columns([3, 2], vertical_alignment="center")
        show(status_html, left)
        with right:
            _bot_controls(state, obs)
    mode = state.get(CFG, {}).get("step_mode", "step")
    places.put("top", top, ("bots", mode) if bots_move else "status")
    others = [(you + k) % len(obs.players) for k in range(1, len(obs.players))]
    places.put("seats", lambda: show(seats_html(variant, obs, others, you)))
    recent = recent_html(obs, state.get(MARK, 0) or 0)

    def midrow() -> None:
        with st.container(key="play_midrow"):  # stacks on a narrow table (table.css)
            mid, news = st.columns([1.25, 1], vertical_alignment="center")
        show(middle_html(obs), mid)
        if recent and not obs.round_over:
            show(recent, news)
        else:
            news.empty()
    places.put("midrow", midrow)
    if obs.round_over:
        places.put("result", lambda: showdown_head(obs))
        # what the round end draws depends on the round (a game-over line, a button...)
        places.put("next", lambda: round_end(state, obs),
                   ("next", obs.round_no, obs.game_over, id(round_end)))
        places.put("hands", lambda: showdown_hands(variant, obs), hands_shape(variant, obs))
    places.put("seat", lambda: show(
        seat_html(variant, obs, you, you, with_cards=False, note=hand_note(obs))))
    if obs.out[you] and not obs.game_over:
        places.put("hand", lambda: st.markdown(
            _("You are out of the game; watch the bots finish it.")))
    elif not obs.round_over and not (obs.to_move == you and any(
            isinstance(a, Discard) for a in obs.legal_actions)):
        places.put("hand", lambda: _your_hand(obs, you))
    if not obs.round_over and obs.to_move == you:
        _move_buttons(state, obs, places)
        if hint is not None:
            places.put("hint", lambda: hint(state), ("hint", _hint_shown(state)))
    places.draw()


def _bot_controls(state: State, obs: Any) -> None:
    mode = state.get(CFG, {}).get("step_mode", "step")
    name = obs.players[obs.to_move]
    # a button label reads Markdown: the name is shown as plain text
    # (bot_turn's bool is for the page's own loop; Streamlit ignores what a callback returns)
    st.button(_("Next: {name} moves").format(name=plain(name)), key="play_next",
              on_click=bot_turn,  # type: ignore[arg-type]
              args=(state,), type="primary", width="stretch")
    st.button(_("Bots play until my turn"), key="play_until_me", on_click=bots_until_you,
              args=(state,), width="stretch")
    if mode == "auto":
        _auto_step()


AUTO_DELAY = 1.0  # seconds between two bot turns in automatic mode


@st.fragment(run_every=AUTO_DELAY)
def _auto_step() -> None:
    """Automatic mode: one bot turn per tick. The fragment also runs inline on every full
    rerun, so a turn is taken only when the last step is at least AUTO_DELAY old."""
    state = st.session_state
    game = state.get(GAME)
    if game is None or game.round_over or game.to_move in (None, state.get(YOU, 0)):
        return
    now = time.monotonic()
    if now - state.get(LAST_STEP, 0.0) < AUTO_DELAY * 0.9:
        return
    if bot_turn(state):
        state[LAST_STEP] = time.monotonic()
        st.rerun()


def move_log(state: State) -> None:
    """This round's log lines that you may see, the newest highlighted; earlier rounds
    folded away below."""
    obs = observe(state)
    with names_shown(shown_bots(obs)):     # the bots named in the reader's script
        show(log_html(obs, state.get(YOU, 0), state.get(MARK, 0) or 0))
        # earlier rounds read from the game itself, so they follow a language switch (the
        # texts kept in PAST were written in the language of their time)
        game = state.get(GAME)
        past = earlier_round_logs(game, state.get(YOU, 0)) if game is not None else []
    past = past or state.get(PAST) or []
    if past:
        with st.expander(_("Earlier rounds ({n})").format(n=len(past))):
            show(past_logs_html(past))


def _hint_shown(state: State) -> bool:
    """Is an answer to the Hint shown (for this turn)? (The hint box's shape, ``Slots``.)"""
    got = state.get(HINT)
    return bool(got and got[0] == turn_key(observe(state)))


def _hint_box(state: State, where: str = "side") -> None:
    """The Hint button and the hint asked for. Drawn twice on the Play page: at the top of
    the log's column (``"side"``) and under the move buttons on the felt (``"felt"``);
    table.css shows the one that is near the buttons (the felt's once the log goes under the
    table) and, on a short screen, opens the felt's hint over the table."""
    game = state.get(GAME)
    if game is None:
        return
    you = state.get(YOU, 0)
    if game.round_over or game.to_move != you:
        return
    with st.container(key=f"play_hint_{where}"):
        st.button(_("Hint"), icon=":material/lightbulb:",
                  key="play_hint_btn" if where == "side" else "play_hint_felt_btn",
                  on_click=ask_hint, args=(st.session_state,),
                  help=_("What the expert bot would do here, and why. It does not change the "
                         "game."))
        got = state.get(HINT)
        if not got or got[0] != turn_key(observe(state)):
            return
        h = got[1]
        # the reason may name players, whose names can come from a file: plain text
        lines = ["**" + _("Hint: {move}.").format(move=plain(action_label(h.action, observe(state))))
                 + "**", plain(h.reason)]
        lines += [f"{plain(label)}: **{plain(text)}**" for label, text in (h.numbers or {}).items()]
        with st.container(key=f"play_hint_{where}_box"):
            st.info("  \n".join(lines), icon=":material/lightbulb:")
            if where == "felt":
                st.button(_("Close the hint"), icon=":material/close:", key="play_hint_close",
                          on_click=_close_hint, args=(st.session_state,))


def _close_hint(state: State) -> None:
    state[HINT] = None


def _save_load(state: State) -> None:
    game = state.get(GAME)
    if game is not None:
        # Both files are made only when clicked (on a copy, in Streamlit's download thread),
        # never sent to the page in advance. Save game seals the round being played.
        frozen = game.copy()
        name = f"thirtyone-{state.get(VARIANT, 'game')}-round{game.round_no}"
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
    nonce = state.setdefault(UPLOAD_NONCE, 0)
    st.file_uploader(_("Load a saved game (.json)"), type=["json"], key=f"play_upload_{nonce}",
                     on_change=_uploaded, args=(state, f"play_upload_{nonce}"))


def _uploaded(state: State, key: str) -> None:
    f = state.get(key)
    if f is None:
        return
    load_text(state, f.getvalue())
    state[UPLOAD_NONCE] = state.get(UPLOAD_NONCE, 0) + 1  # empty the uploader


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


# After a move the page is drawn again and the button pressed is gone, so the browser's focus
# fell back to the page's top (28 Tabs from the bots' Next). This keeps it at the table: when
# the focus was last in the felt and its element has gone, the felt's status line takes it
# (the next Tab reaches the table's next button). Installed once per browser page.
FOCUS_KEEPER = """<div class="t31-focus-keeper"></div><script>
(function () {
  if (window.t31FocusKeeper) return;
  window.t31FocusKeeper = true;
  const FELT = '.st-key-play_felt';
  let atTable = false;
  const mark = (e) => { const t = e.target; atTable = !!(t && t.closest && t.closest(FELT)); };
  document.addEventListener('focusin', mark, true);
  document.addEventListener('pointerdown', mark, true);
  const back = () => {
    const a = document.activeElement;
    if (!atTable || (a && a !== document.body && a.isConnected)) return;
    const s = document.querySelector(FELT + ' [data-testid="play-status"]');
    if (!s) return;
    s.setAttribute('tabindex', '-1');
    s.focus({preventScroll: true});
  };
  new MutationObserver(back).observe(document.body, {childList: true, subtree: true});
})();
</script>"""


def table_styles() -> None:
    """The table's and the cards' styles, once for the whole page (not again in each element
    that draws cards): every page that draws a table calls this first. It also keeps the
    keyboard focus at the table after a move (``FOCUS_KEEPER``)."""
    show(TABLE_CSS + CARD_CSS)
    script(Markup(FOCUS_KEEPER))


def play_page() -> None:
    """Draw the whole Play page."""
    state = st.session_state
    keep(state)  # write the game after the click's change, or bring a kept game back
    table_styles()
    variant = current_variant()
    game = state.get(GAME)
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
    if state.get(ERROR):
        st.error(plain(state[ERROR]))       # may quote a file or a text box: plain text
    else:
        st.empty()
    if state.get(NOTICE):
        st.success(plain(state[NOTICE]))
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
        if game.to_move == state.get(YOU, 0) and not game.round_over:
            side.put("hint_side", lambda: _hint_box(state, "side"),
                     ("hint", _hint_shown(state)))
        side.draw()
        heading(_("Move log"), 2, look=4)
        move_log(state)
        _save_load(state)
        replay_button(state)
