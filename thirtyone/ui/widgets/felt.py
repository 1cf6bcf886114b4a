"""The felt: the card table drawn for Play, the Class table, a Challenge and the lesson round.

What it shows comes only from ``game.observation(you)``: your own hand, the public cards, how
many cards the others hold (drawn as card backs), lives, and the round's move log. Other
players' cards appear only once the round is over (the showdown).

The state and its callbacks are ``table_state``, the words ``table_words``, the HTML
``table_html`` and the move buttons ``moves``. The Play page around it is
``pages/play/page.py``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import streamlit as st

from thirtyone.core import Action, Discard, Variant
from thirtyone.game import earlier_round_logs
from thirtyone.i18n import _
from thirtyone.i18n.names import names_shown
from thirtyone.ui.widgets.cards import CARD_CSS, hand_html
from thirtyone.ui.widgets.html import Markup, join, markup, script, show
from thirtyone.ui.widgets.moves import move_buttons, move_places
from thirtyone.ui.widgets.plain import plain
from thirtyone.ui.widgets.slots import Slots
from thirtyone.ui.widgets.table_html import (
    TABLE_CSS,
    hand_size,
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
from thirtyone.ui.widgets.table_state import (
    State,
    bot_turn,
    bots_until_you,
    deal_and_follow,
    move_and_follow,
    observe,
    refuse,
    session,
    start_from_setup,
    turn_key,
    variant_of_game,
)
from thirtyone.ui.widgets.table_words import (
    ENDED_WORDS,
    SHOWDOWN_KINDS,
    hand_note,
    turn_words,
)

__all__ = ["Felt", "draw_table", "felt", "game_over_banner", "hands_shape", "hint_shown",
           "move_log", "showdown_hands", "showdown_head", "table_styles"]


def _your_hand(obs: Any, you: int) -> Markup:
    hand = obs.hand
    drawn = obs.just_drawn
    captions = [_("just drawn") if c == drawn else "" for c in hand] if drawn else None
    # many move buttons below (swap, widow): a smaller hand keeps them on the screen
    size = hand_size(obs.rules)
    return hand_html(hand, size=size, captions=captions)


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
    you = session(state).you
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
FELT_PLACES = ("house", "top", "seats", "midrow", "result", "next", "hands", "seat", "hand",
               "discards", "swaps", "exchange", "simple", "exchange_after", "hint")
#: of them, the places of the move buttons (``widgets.moves``)
MOVE_PLACES = ("discards", "swaps", "exchange", "simple", "exchange_after")


@dataclass(frozen=True)
class Felt:
    """One drawing of the felt, whoever holds the game (Play's session, a class table's row,
    a challenge, a lesson round): what it shows and what a click does."""

    variant: Variant
    obs: Any                      # the observation drawn from (bots' names already shown)
    you: int | None               # your seat; None: watching (no hand, no buttons)
    mark: int                     # log length before the latest step: newer lines highlighted
    top: Callable[[], None]       # the status line (on Play, with the bots' controls beside it)
    top_key: Any = "status"       # what ``top`` draws (``Slots``: a change redraws its place)
    play: Callable[[Action], Any] | None = None    # a move clicked, as a value
    refuse: Callable[[str], None] | None = None    # a move refused before it is played
    round_end: Callable[[], None] | None = None    # what comes once the round is over
    round_end_key: Any = None
    hint: Callable[[], None] | None = None         # a hint button under the move buttons
    hint_key: Any = None
    house: str = ""               # the house rules, as a line above the table
    key: str | None = None        # a container of its own, keyed for table.css


def felt_places(f: Felt) -> list[str]:
    """The places this felt can fill (``FELT_PLACES``, in order): every element is a message
    to the browser, so a place that stays empty for the whole game (the house rules of a game
    without any, a hint where there is none, the swap buttons of a draw game) is not drawn."""
    moves = move_places(f.obs.rules)
    unused = {"house"} if not f.house else set()
    if f.hint is None:
        unused.add("hint")
    unused |= {p for p in MOVE_PLACES if p not in moves}
    return [p for p in FELT_PLACES if p not in unused]


def felt(f: Felt) -> None:
    """The felt: the others, the middle, your hand, the buttons. Every part has its place
    (``Slots``), so a rerun replaces the old buttons where they stood."""
    obs, you, variant = f.obs, f.you, f.variant
    places = Slots(felt_places(f))
    if f.house:
        places.put("house", lambda: st.caption(_("House rules: {rules}.").format(rules=f.house)))
    places.put("top", f.top, f.top_key)
    n = len(obs.players)
    others = list(range(n)) if you is None else [(you + k) % n for k in range(1, n)]
    places.put_html("seats", seats_html(variant, obs, others, -1 if you is None else you))
    recent = recent_html(obs, f.mark)

    # one element: the news goes under the cards when the table is narrow (table.css)
    news = (markup('<div class="play-news">{}</div>', recent)
            if recent and not obs.round_over else Markup(""))
    places.put_html("midrow", markup('<div class="play-midrow"><div class="play-mid">{}</div>'
                                     '{}</div>', middle_html(obs), news))
    if obs.round_over:
        places.put("result", lambda: showdown_head(obs))
        if f.round_end is not None:
            # what the round end draws depends on the round (a game-over line, a button...)
            places.put("next", f.round_end, f.round_end_key)
        places.put("hands", lambda: showdown_hands(variant, obs), hands_shape(variant, obs))
    if you is not None:
        places.put_html("seat", seat_html(variant, obs, you, you, with_cards=False,
                                          note=hand_note(obs)))
        if obs.out[you] and not obs.game_over:
            places.put("hand", lambda: st.markdown(
                _("You are out of the game; watch the bots finish it.")))
        elif not obs.round_over and not (obs.to_move == you and any(
                isinstance(a, Discard) for a in obs.legal_actions)):
            places.put_html("hand", _your_hand(obs, you))
        if not obs.round_over and obs.to_move == you and f.play is not None:
            move_buttons(obs, places, f.play, f.refuse or (lambda _text: None))
            if f.hint is not None:
                places.put("hint", f.hint, f.hint_key)
    if f.key:   # the places drawn in a container of their own (table.css)
        with st.container(key=f.key):
            places.draw()
    else:
        places.draw()


def draw_table(state: State, round_end: Callable[[State, Any], None] = _round_end,
               hint: Callable[[State], None] | None = None) -> None:
    """The felt of the play session in ``state`` (Play, a challenge, a lesson round):
    ``round_end`` draws what comes once a round is over (a class challenge deals its own
    next round); ``hint``, if given, draws a hint button under the move buttons (Play's)."""
    obs = observe(state)
    # the bots named in the reader's script, on the felt and in the log lines
    with names_shown(shown_bots(obs)):
        _draw_table(state, with_shown_names(obs), round_end, hint)


def _draw_table(state: State, obs: Any, round_end: Callable[[State, Any], None],
                hint: Callable[[State], None] | None) -> None:
    you = session(state).you
    bots_move = not obs.round_over and obs.to_move not in (None, you)
    status_html = markup('<div class="play-status" data-testid="play-status">{}</div>',
                         turn_words(obs, you))

    def top() -> None:
        if not bots_move:
            show(status_html)
            return
        left, right = st.columns([3, 2], vertical_alignment="center")
        show(status_html, left)
        with right:
            _bot_controls(state, obs)
    mode = session(state).cfg.get("step_mode", "step")
    felt(Felt(variant_of_game(state), obs, you, session(state).mark or 0, top,
              ("bots", mode) if bots_move else "status",
              play=lambda a: move_and_follow(state, a), refuse=lambda t: refuse(state, t),
              round_end=lambda: round_end(state, obs),
              round_end_key=("next", obs.round_no, obs.game_over, id(round_end)),
              hint=(lambda: hint(state)) if hint is not None else None,
              hint_key=("hint", hint_shown(state)), key="play_felt"))


def _bot_controls(state: State, obs: Any) -> None:
    mode = session(state).cfg.get("step_mode", "step")
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
    game = session(state).game
    if game is None or game.round_over or game.to_move in (None, session(state).you):
        return
    now = time.monotonic()
    if now - session(state).last_step < AUTO_DELAY * 0.9:
        return
    if bot_turn(state):
        session(state).last_step = time.monotonic()
        st.rerun()


def move_log(state: State) -> None:
    """This round's log lines that you may see, the newest highlighted; earlier rounds
    folded away below."""
    obs = observe(state)
    with names_shown(shown_bots(obs)):     # the bots named in the reader's script
        show(log_html(obs, session(state).you, session(state).mark or 0))
        # earlier rounds read from the game itself, so they follow a language switch (the
        # texts kept in the session's past were written in the language of their time)
        game = session(state).game
        past = earlier_round_logs(game, session(state).you) if game is not None else []
    past = past or session(state).past or []
    if past:
        with st.expander(_("Earlier rounds ({n})").format(n=len(past))):
            show(past_logs_html(past))


def hint_shown(state: State) -> bool:
    """Is an answer to the Hint shown (for this turn)? (The hint box's shape, ``Slots``.)"""
    got = session(state).hint
    return bool(got and got[0] == turn_key(observe(state)))


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


