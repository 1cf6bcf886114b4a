"""Class challenges: the same deals for every student, then a leaderboard and a round-by-round
comparison of decisions.

The Challenge page (``/challenge?challenge=ID``) plays the student's game with the Play
page's own table (``table.draw_table``) and callbacks (``table_state``), on a state of its own
(``ScopedState``: the Play page's game is left alone) whose next rounds are the challenge's
stacked decks. The game is written to the store after every move; a write refused because
another tab moved first reloads the game and says so. The seed and the record stay on the
server; a student may download their own game once it is finished: its results only while
the challenge is open (``challenge_scores.download``), every card once the teacher closed it.

Public for the Class page: ``student_challenges(store, learner)``, ``teacher_challenges(store,
klass)`` and ``challenges_frame(store, klass)`` (a DataFrame for the CSV export)."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Sequence
from typing import Any

import pandas as pd
import plotly.express as px
import streamlit as st

from thirtyone.core import DEFAULT_VARIANT, VARIANTS, life_words
from thirtyone.game import earlier_round_logs
from thirtyone.i18n import N_, _, ngettext
from thirtyone.plots.odds import localized
from thirtyone.store import ChallengeRow, ClassRow, Learner, PlayRow, Store, StoreError
from thirtyone.store import challenge_play as cp
from thirtyone.store import challenge_scores as cs
from thirtyone.store.tokens import NAME_MAX
from thirtyone.ui.shell import nav
from thirtyone.ui.shell.identity import current_learner, teacher_class
from thirtyone.ui.shell.store import store_or_none
from thirtyone.ui.widgets.felt import draw_table, game_over_banner, move_log, table_styles
from thirtyone.ui.widgets.headings import heading
from thirtyone.ui.widgets.plain import plain
from thirtyone.ui.widgets.table_html import level_name, seat_name
from thirtyone.ui.widgets.table_state import (
    SESSION,
    PlaySession,
    ScopedState,
    State,
    bots_until_you,
    deal_and_follow,
    session,
)
from thirtyone.ui.widgets.table_words import ended_words

PARAM = "challenge"
MAX_ID_DIGITS = 9
PAGE = "challenge"
CLASS_PAGE = "class"
VERSION = "chal_version"      # the store version the session's game was read or written at
SAVED = "chal_saved"          # (round, moves) of the game as last written
NOT_YOURS = N_("This challenge is for the students of its class: join the class on the "
               "Class page with the join code, then open the challenge from there.")


def scope(challenge_id: int) -> ScopedState:
    return ScopedState(st.session_state, f"chal{challenge_id}_")


def read_id(raw: Any) -> tuple[int | None, str | None]:
    """The challenge number from the link: (id, None), or (None, the reason it is refused)."""
    if raw is None or raw == "":
        return None, _("This link names no challenge; open one from the Class page.")
    if not isinstance(raw, str) or len(raw) > MAX_ID_DIGITS or not raw.isdigit():
        return None, _("That challenge link is broken: the challenge number must be digits.")
    return int(raw), None


def _mark(game: Any) -> tuple[int, int]:
    return game.round_no, sum(len(h) for h in game.history)


def attach(state: State, ch: ChallengeRow, game: Any, version: int) -> None:
    """Put the student's challenge game on the table state."""
    state[SESSION] = PlaySession.dealt(
        game, ch.variant, cp.YOU, list(game.styles),
        deal=functools.partial(cp.next_deck, ch),
        bot_rng_for=functools.partial(cp.bot_rng, ch.seed),
        past=earlier_round_logs(game, cp.YOU), before=session(state))
    state[VERSION] = version
    state[SAVED] = _mark(game)


def sync(store: Store, state: State, ch: ChallengeRow, learner: Learner,
         row: PlayRow) -> None:
    """Write the moves made since the last write (after every move), or load the game kept
    in the store when this session has none or another tab moved on."""
    game = session(state).game
    if game is not None and _mark(game) != state.get(SAVED):
        try:
            saved = cp.save(store, ch, learner.id, game, state[VERSION])
        except StoreError as e:   # busy or not writable: the game stays on the screen
            session(state).error = str(e)
            return
        if saved:
            state[VERSION] += 1
            state[SAVED] = _mark(game)
            return
        load = cp.load_play(store, ch, learner.id)
        if load is not None:
            attach(state, ch, load[0], load[1])
        session(state).error = _(cp.STALE)
        return
    if game is None or state.get(VERSION) != row.version:
        load = cp.load_play(store, ch, learner.id)
        if load is not None:
            attach(state, ch, load[0], load[1])


def start(store: Store, state: State, ch: ChallengeRow, learner: Learner) -> None:
    """The Start button: deal the student's game once, and let bots who sit first move."""
    try:
        game = cp.start_play(store, ch, learner)
    except StoreError as e:
        session(state).error = str(e)
        return
    attach(state, ch, game, 1)
    bots_until_you(state)


def _round_end(ch: ChallengeRow):
    def draw(state: State, obs: Any) -> None:
        if cp.is_done(ch, session(state).game):
            if obs.game_over:
                game_over_banner(state, obs)
        else:
            st.button(_("Deal round {n}").format(n=obs.round_no + 1), key="chal_next_round",
                      on_click=deal_and_follow, args=(state,), type="primary")
    return draw


def setup_text(ch: ChallengeRow) -> str:
    su = cp.setup_of(ch)
    variant, level = _(VARIANTS[ch.variant].name), level_name(su.level)
    if su.whole_game:
        return ngettext("{variant}, a whole game against {n} bot ({level})",
                        "{variant}, a whole game against {n} bots ({level})",
                        su.bots).format(variant=variant, n=su.bots, level=level)
    rounds = ngettext("{n} round", "{n} rounds", su.rounds).format(n=su.rounds)
    return ngettext("{variant}, {rounds} against {n} bot ({level})",
                    "{variant}, {rounds} against {n} bots ({level})",
                    su.bots).format(variant=variant, rounds=rounds, n=su.bots, level=level)


def score_heading(rules: Any) -> str:
    """The leaderboard's heading for the count, in the current language (``cp.score_words``
    is the English one)."""
    if cp.score_words(rules) == cp.BANK_WORDS:
        return _(cp.BANK_WORDS)
    if rules.scoring == "lives":
        return _("{lives} left").format(lives=_(life_words(rules)[1]))
    return _(cp.SCORE_WORDS[rules.scoring])


#: Banking in a challenge, in one sentence (``challenge_play``'s module note)
BANK_SEAT = N_("Banking: every round is dealt from a fresh pack, the same for everyone, so the "
               "bank passes to the right after every round, as at the end of a talia; you hold "
               "the first bank, then it comes round to you in turn. You score the chips you "
               "win or lose.")


# --- the page ---------------------------------------------------------------------------------

def challenge_page() -> None:
    table_styles()
    st.title(_("Class challenge"))
    store = store_or_none()
    if store is None:
        st.info(_("Class challenges need the class store, which is not available here."))
        return
    raw = st.query_params.get(PARAM)
    cid, why = read_id(raw)
    ch = store.challenge(cid) if cid is not None else None
    if ch is None:
        if raw in (None, ""):  # opened from the menu: not an error, say where to go
            st.info(_("Open a challenge from the Class page: your teacher sets the "
                      "challenges there."))
        else:
            st.error(why or _("There is no challenge with that number; open one from the "
                              "Class page."))
        nav.link(CLASS_PAGE, label=_("Go to the Class page"), icon=":material/groups:")
        return
    heading(ch.title, 2, look=3)  # plain text: the title is escaped
    st.caption(_("{setup}. Everyone in the class gets the same cards.").format(
        setup=setup_text(ch)))
    if cp.score_words(cp.setup_of(ch).rules) == cp.BANK_WORDS:
        st.caption(_(BANK_SEAT))
    learner = current_learner(store)
    teacher = teacher_class()
    if learner is None or learner.class_id != ch.class_id:
        if teacher is not None and teacher.id == ch.class_id:
            show_results(store, ch, upto=None)
        else:
            st.warning(_(NOT_YOURS))
            nav.link(CLASS_PAGE, label=_("Go to the Class page"), icon=":material/groups:")
        return
    student_view(store, ch, learner)


def student_view(store: Store, ch: ChallengeRow, learner: Learner) -> None:
    state = scope(ch.id)
    row = store.play(ch.id, learner.id)
    if row is None:
        if session(state).error:
            st.error(plain(session(state).error))
        st.write(_("Play the challenge once: the same deals as everyone in your class. Your "
                   "game is kept after every move; come back to it any time."))
        st.button(_("Start the challenge"), key="chal_start", type="primary",
                  on_click=start, args=(store, state, ch, learner))
        return
    sync(store, state, ch, learner, row)
    game = session(state).game
    if game is None:
        st.error(_("Your challenge game could not be read."))
        return
    for key, show in (("error", st.error), ("notice", st.success)):
        said = getattr(session(state), key)
        if said:
            show(plain(said))
        else:
            st.empty()    # its place kept: the table under it stays where it is (ui.slots)
    done = cp.is_done(ch, game)
    with st.container(key="play_layout"):
        left, right = st.columns([3.2, 1.2], gap="medium")
    with left:
        draw_table(state, round_end=_round_end(ch))
        if done:  # under the felt, where a message box is readable
            st.success(_("You have finished the challenge: your results are below."),
                       icon=":material/emoji_events:")
    with right:
        heading(_("Move log"), 2, look=4)
        move_log(state)
        kept = store.play(ch.id, learner.id) if done else None
        if kept is not None:
            # while the challenge is open, no card: classmates may still be playing it
            st.download_button(_("Download my game"), icon=":material/download:",
                               key="chal_record", data=cs.download(ch, kept),
                               on_click="ignore", file_name=f"challenge-{ch.id}.json",
                               mime="application/json", width="stretch",
                               help=_("Your finished challenge game: every card of its "
                                      "rounds.") if ch.closed else
                               _("Your rounds' results; the cards of every round come once "
                                 "your teacher closes the challenge."))
    if done:
        show_results(store, ch, upto=cp.rounds_finished(game))


# --- results ------------------------------------------------------------------------------

@functools.lru_cache(maxsize=64)
def cached_results(plays: tuple[PlayRow, ...]) -> cs.Results:
    """Replaying every record is the slow part: done once per set of versions."""
    return cs.results(plays)


def leaderboard_frame(ch: ChallengeRow, entries: list[cs.Entry]) -> pd.DataFrame:
    """The leaderboard as shown, headed in the current language (the CSV export is
    ``challenges_frame``, with English column ids)."""
    what = score_heading(cp.setup_of(ch).rules)
    return pd.DataFrame({
        _("rank"): [e.rank if e.rank is not None else _("playing") for e in entries],
        _("student"): [e.name for e in entries],
        what: [int(e.score) for e in entries],
        _("rounds won"): [e.rounds_won for e in entries],
        _("rounds played"): [e.rounds_played for e in entries]}).astype({_("rank"): str})


#: the round-by-round table's columns as shown (translated on screen)
LINE_COLUMNS = (N_("round"), N_("student"), N_("knocked"), N_("on turn"), N_("knock value"),
                N_("final value"), N_("ended by"), N_("knocker"), N_("outcome"), N_("won"))


#: what a missing cell of a table shows (st.dataframe's ``placeholder``, in a recent
#: Streamlit; an older one still writes "None")
MISSING: dict[str, Any] = ({"placeholder": "—"} if "placeholder" in inspect.signature(st.dataframe).parameters
           else {})


#: a Banking round's columns: the bank and the cards bought instead of the knock
BANK_COLUMNS = (N_("round"), N_("student"), N_("held the bank"), N_("cards bought"),
                N_("final value"), N_("chips won or lost"), N_("won"))


def lines_frame(lines: list[cs.RoundLine]) -> pd.DataFrame:
    if lines and lines[0].banker is not None:
        return pd.DataFrame([[ln.round_no, ln.name, ln.banker, ln.bought, ln.final_value,
                              ln.outcome, ln.won] for ln in lines],
                            columns=[_(c) for c in BANK_COLUMNS])
    cols = [_(c) for c in LINE_COLUMNS]
    # how a round ended and a bot's name in the reader's language (the CSV keeps the ids)
    return pd.DataFrame([[ln.round_no, ln.name, ln.knocked, ln.knock_turn, ln.knock_value,
                          ln.final_value, ended_words(ln.ended_by),
                          seat_name(ln.knocker) if ln.knocker else None, ln.outcome, ln.won]
                         for ln in lines], columns=cols)


def knock_chart(lines: list[cs.RoundLine]):
    """Who knocked when, with what: the knock turn against the hand value, per round."""
    knocks = [ln for ln in lines if ln.knocked]
    if not knocks:
        return None
    rnd, who, turn, value, result = (_("round"), _("student"), _("turn"), _("hand value"),
                                     _("result"))
    df = pd.DataFrame({rnd: [_("round {n}").format(n=ln.round_no) for ln in knocks],
                       who: [ln.name for ln in knocks],
                       turn: [ln.knock_turn for ln in knocks],
                       value: [ln.knock_value for ln in knocks],
                       result: [_("won the round") if ln.won else _("lost") for ln in knocks]})
    fig = px.scatter(df, x=turn, y=value, color=who, symbol=result,
                     facet_col=rnd, facet_col_wrap=5, height=360,
                     title=_("Knocks: on which of their turns, with what hand"))
    fig.update_traces(marker={"size": 11})
    # turns are whole numbers: ticks at whole turns (about five of them), never 2.5
    first, last = min(df[turn]), max(df[turn])
    fig.update_xaxes(tickmode="linear", tick0=first, dtick=max(1, -(-(last - first) // 5)),
                     tickformat="d")
    fig.for_each_annotation(lambda a: a.update(text=a.text.split("=", 1)[-1]))
    fig.update_layout(margin={"l": 10, "r": 10, "t": 60, "b": 10})
    return localized(fig)   # a half-point hand value reads 30,5 in Russian and Ukrainian


def show_results(store: Store, ch: ChallengeRow, upto: int | None) -> None:
    """The leaderboard and the comparison. A student (``upto``: the rounds they finished)
    sees finished games and the rounds they played; the teacher (None) sees everything
    finished, and who is still playing."""
    plays = store.challenge_plays(ch.id)
    res = cached_results(tuple(plays))
    entries = res.entries if upto is None else [e for e in res.entries if e.finished]
    lines = cs.visible_lines(res.lines, upto)
    heading(_("Leaderboard"), 3, look=4)
    if not entries:
        st.caption(_("Nobody has played this challenge yet."))
        return
    st.dataframe(leaderboard_frame(ch, entries), hide_index=True, width="stretch")
    if upto is not None and len(entries) < len(res.entries):
        st.caption(_("{n} still playing.").format(n=len(res.entries) - len(entries)))
    heading(_("Round by round"), 3, look=4)
    fig = knock_chart(lines)
    if fig is not None:
        st.plotly_chart(fig, width="stretch", key=f"chal_chart_{ch.id}",
                        config={"displayModeBar": False})  # it sat on the title on a phone
    if lines:  # a round without a knock has no turn or knock value: a dash, not "None"
        st.dataframe(lines_frame(lines), hide_index=True, width="stretch", **MISSING)


# --- on the Class page ------------------------------------------------------------------------

def _link(ch: ChallengeRow, label: str) -> None:
    nav.link(PAGE, label=label, query_params={PARAM: str(ch.id)})


def student_challenges(store, learner) -> None:
    """The class's challenges for a student (on the Class page): Play, Continue or Results."""
    chs = store.class_challenges(learner.class_id) if learner.class_id is not None else []
    if not chs:
        st.caption(_("No class challenge yet."))
        return
    for ch in reversed(chs):
        row = store.play(ch.id, learner.id)
        with st.container(border=True):
            st.markdown(f"**{plain(ch.title)}**: {plain(setup_text(ch))}")
            if row is None:
                _link(ch, _("Play the challenge"))
            elif row.finished:
                _link(ch, _("Results"))
            else:
                _link(ch, _("Continue"))


ROUND_CHOICES = [*range(1, cp.MAX_ROUNDS + 1), cp.WHOLE_GAME]


def _create(store: Store, klass: ClassRow) -> None:
    s = st.session_state
    try:
        ch = cp.make_challenge(store, klass.id, s.get("chal_new_title", ""),
                               s.get("chal_new_variant", DEFAULT_VARIANT),
                               int(s.get("chal_new_bots", 2)),
                               s.get("chal_new_level", "basic"),
                               int(s.get("chal_new_rounds", 3)))
    except StoreError as e:
        s["chal_new_msg"] = ("error", str(e))
        return
    s["chal_new_msg"] = ("ok", _("Challenge {n} is ready: your students find it on their "
                                 "Class page.").format(n=ch.id))


def teacher_challenges(store, klass) -> None:
    """The class's challenges for the teacher: make one; each one's leaderboard and rounds."""
    with (st.expander(_("New class challenge"), expanded=not store.class_challenges(klass.id)),
          st.form("chal_new_form", border=False)):
            st.text_input(_("Name"), key="chal_new_title", max_chars=NAME_MAX,
                          placeholder=_("e.g. Monday's knock practice"))
            c1, c2, c3, c4 = st.columns(4)
            variants = cp.challenge_variants()
            c1.selectbox(_("Variant"), list(variants), format_func=lambda k: _(variants[k]),
                         key="chal_new_variant")
            c2.number_input(_("Bots"), min_value=1, max_value=4, value=2, key="chal_new_bots")
            c3.selectbox(_("Bot level"), list(cp.LEVELS), index=1, key="chal_new_level",
                         format_func=level_name)
            c4.selectbox(_("Rounds"), ROUND_CHOICES, index=2, key="chal_new_rounds",
                         format_func=lambda r: _("a whole game") if r == cp.WHOLE_GAME
                         else str(r))
            st.form_submit_button(_("Make the challenge"), type="primary",
                                  on_click=_create, args=(store, klass))
    kind, msg = st.session_state.pop("chal_new_msg", (None, None))
    if kind:
        (st.success if kind == "ok" else st.error)(plain(msg))
    for ch in reversed(store.class_challenges(klass.id)):
        with st.expander(f"{plain(ch.title)}: {setup_text(ch)}"):
            _link(ch, _("Open the challenge page"))
            if ch.closed:
                st.caption(_("Closed: each student can now download every card of their "
                             "game."))
            else:
                st.button(_("Close the challenge"), key=f"chal_close_{ch.id}",
                          icon=":material/lock:", on_click=_close, args=(store, ch.id),
                          help=_("No one can start it any more, and students can download "
                                 "their whole game, with every round's cards."))
            show_results(store, ch, upto=None)


def _close(store: Store, challenge_id: int) -> None:
    try:
        store.close_challenge(challenge_id)
    except StoreError as e:
        st.session_state["chal_new_msg"] = ("error", str(e))


def challenges_frame(store, klass) -> pd.DataFrame:
    """Every challenge of the class in a long format: one row per student and finished round
    (a student with no finished round yet: one row without a round)."""
    rows = []
    for ch in store.class_challenges(klass.id):
        res = cached_results(tuple(store.challenge_plays(ch.id)))
        by_name: dict[str, list[cs.RoundLine]] = {}
        for ln in res.lines:
            by_name.setdefault(ln.name, []).append(ln)
        for e in res.entries:
            # the score under a header that names its count ("chips won or lost" in Banking)
            base = {"challenge": ch.id, "title": ch.title, "variant": ch.variant,
                    "student": e.name, "rounds played": e.rounds_played, "score": e.score,
                    cp.score_words(cp.setup_of(ch).rules): e.score,
                    "rank": e.rank, "finished": e.finished}
            mine: Sequence[cs.RoundLine | None] = by_name.get(e.name) or [None]
            for line in mine:
                rows.append({**base, **_line_cells(line)})
    return pd.DataFrame(rows)


def _line_cells(ln: cs.RoundLine | None) -> dict:
    if ln is None:
        return {"round": None}
    cells = cs.line_cells(ln)
    cells.pop("turns")
    return cells
