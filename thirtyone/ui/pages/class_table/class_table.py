"""Shared class tables: several people at one table, each seeing only their own cards.

The table page (``/table?table=ID``) shows the table from this tab's learner's seat, found by
learner id, so a reload, a new tab or another device with the resume link returns to it.
The table is drawn by a fragment (``_live``) that a move button reruns alone. Another seat's
move reaches the page through the table bell (``shell.bell``): the page's script holds one
request that the server answers when the table moves on, and then clicks the fragment's
hidden "Show the latest move" button, so the table redraws at once and an idle seated page
runs no script at all. A second, empty fragment (``_watch``) is the safety net (and the
whole mechanism where the bell does not ring: under ``AppTest``, or a server started
without ``app.py``'s App): it polls (``st.fragment(run_every=...)``), reads only the
table's version (``shared.version``, one query per table and half second in the process)
and draws nothing while it is the version this tab drew last; when another seat moved, it
reruns the page, which draws the table once. It polls every ``BELL_POLL_SECONDS`` with the
bell (``POLL_SECONDS`` without) while the table is in play and every
``BELL_QUIET_POLL_SECONDS`` (``QUIET_POLL_SECONDS``) once nobody has moved for
``QUIET_SECONDS`` (a showdown too: the round after it is dealt quickly, and its first
moves must show quickly): noticing that, it reruns the page once, which declares the
fragment again with the longer interval (the browser keeps one timer per fragment and
restarts it when the interval changes); any change at the table brings the short interval
back. The game is replayed only when the version changed (``store.shared`` keeps the
replayed game per version). Every move goes through ``store.shared.play`` with the
version the page showed: a move that lost the race to another is refused with a message.
A spectator (the teacher, a classmate without a seat) sees only what everybody sees.

Public for the Class page: ``student_tables(store, learner)`` (the class tables, take a
seat), ``teacher_tables(store, klass)`` (make a table, see and manage them),
``tables_frame(store, klass)`` (a DataFrame for the CSV export, no hidden cards).
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import replace
from typing import Any

import pandas as pd
import streamlit as st

from thirtyone.bots import levels_for
from thirtyone.core import VARIANTS, Action
from thirtyone.i18n import N_, _
from thirtyone.i18n.names import names_shown
from thirtyone.store import Learner, Store, StoreError, TableRow, shared
from thirtyone.store.shared import TableRefused
from thirtyone.ui.shell import bell, nav
from thirtyone.ui.shell.common import changed_options_text, rules_editor
from thirtyone.ui.shell.identity import current_learner, teacher_class
from thirtyone.ui.shell.store import store_or_none
from thirtyone.ui.widgets.felt import (
    Felt,
    felt,
    table_styles,
)
from thirtyone.ui.widgets.headings import heading_html
from thirtyone.ui.widgets.html import Markup, join, markup, script, show, style
from thirtyone.ui.widgets.plain import plain
from thirtyone.ui.widgets.table_html import (
    bot_seat_name,
    level_name,
    log_html,
    seat_name,
    shown_bots,
)
from thirtyone.ui.widgets.table_words import (
    default_level,
    house_rule_names,
    sorted_levels,
    turn_words,
)

#: a table's status as shown (the store keeps the English id)
STATUS_WORDS = {"open": N_("open"), "over": N_("over"), "closed": N_("closed")}
def status_word(status: str) -> str:
    return _(STATUS_WORDS[status]) if status in STATUS_WORDS else status

PARAM = "table"
POLL_SECONDS = 1.0        # the poll while the table is in play
QUIET_POLL_SECONDS = 2.5  # ... once it has been quiet
QUIET_SECONDS = 12.0      # nobody moved for this long: the table is quiet
BELL_POLL_SECONDS = 5.0        # the same two with the table bell (``shell.bell``) ringing:
BELL_QUIET_POLL_SECONDS = 15.0  # the poll is then only a safety net
BELL_CSS = "<style>.st-key-ct_bell { display: none; }</style>"
ERROR = "t31_ct_error"        # the last refused move of this tab, one sentence
SEEN = "t31_ct_seen"          # {table id: (version, log length)} this tab drew last
TIMING = "t31_ct_timing"      # seconds the last redraw took (measured, shown to tests)
CONFIRM = "t31_ct_confirm"    # this tab changed the table: its next poll draws the page again
DRAWN = "t31_ct_drawn"        # {table id: version} the table was last drawn at in this tab
EVERY = "t31_ct_every"        # {table id: seconds} the poll interval this tab's page declared
PAGE = "table"
CLASS_PAGE = "class"


def _teacher_of(class_id: int) -> bool:
    klass = teacher_class()
    return klass is not None and klass.id == class_id


def table_page() -> None:
    """The whole Class table page."""
    table_styles()  # outside the fragment: sent once, not with every redraw
    style(Markup(BELL_CSS))
    if bell.active():
        script(Markup(bell.bell_script(st.get_option("server.baseUrlPath"))))
    st.title(_("Class table"))
    store = store_or_none()
    if store is None:
        return
    tid = shared.id_from(st.query_params.get(PARAM))
    row = store.table(tid) if tid is not None else None
    if row is None:
        st.info(_("Open a table from the Class page: your teacher makes the tables there."))
        nav.link(CLASS_PAGE, label=_("Go to the Class page"), icon=":material/groups:")
        return
    learner = current_learner(store)
    member = learner is not None and learner.class_id == row.class_id
    if not (member or _teacher_of(row.class_id)):
        st.warning(_("This table belongs to a class; join that class (or resume with your "
                     "link) on the Class page to sit at it."))
        nav.link(CLASS_PAGE, label=_("Go to the Class page"), icon=":material/groups:")
        return
    st.caption(f"{plain(row.title)} · {plain(_(VARIANTS[row.variant].name))}")
    # always in its place (taken, it empties), so that the table under it stays where it is
    seated = learner if member else None
    if seated is not None and shared.seat_of(row, seated.id) is None:
        _take_seat_box(store, row, seated)   # one element
    else:
        st.empty()
    _live(store, row.id, seated.id if seated is not None else None)
    every = poll_interval(store, row.id)
    st.session_state.setdefault(EVERY, {})[row.id] = every
    # the same fragment (its id does not depend on run_every), declared with this interval
    st.fragment(run_every=every)(_watch)(store, row.id)


def _take_seat_box(store: Store, row: TableRow, learner: Learner) -> None:
    free = [i for i, s in enumerate(shared.seats_of(row)) if s.kind == "open"]
    if not free:
        st.info(_("Every seat at this table is taken: you are watching."))
        return
    st.button(_("Take a seat"), key="ct_take", type="primary", on_click=_act,
              args=(shared.take_seat, store, row.id, learner))


def _act(change: Any, *args: Any) -> None:
    """A button's callback: make the change at the table (``shared.take_seat``, ``play``,
    ``next_round``, ``hand_to_bot``); a refusal is kept to be shown, as plain text."""
    st.session_state[ERROR] = None
    # with the bell, this tab's script asks again for any version it did not see drawn
    st.session_state[CONFIRM] = not bell.active()
    try:
        change(*args)
    except (TableRefused, StoreError) as e:   # StoreError: busy, or nothing could be saved
        st.session_state[ERROR] = str(e)
        return
    if change is shared.play and st.session_state[CONFIRM]:
        # the extra draw (see ``_watch``) only where this tab must act next: its own turn
        # again (a discard after a draw, or the bots played round to it) or the round's end;
        # otherwise the next seat's move redraws this page anyway
        store, tid, seat = args[:3]
        with contextlib.suppress(TableRefused, StoreError):
            _row, game = shared.load(store, tid)
            st.session_state[CONFIRM] = game.to_move == seat or game.round_over


def moved_on(store: Store, tid: int) -> bool:
    """Has the table changed since this tab drew it? One version read (``shared.version``)."""
    drawn = st.session_state.get(DRAWN, {})
    if tid not in drawn:
        return True
    now, was = shared.version(store, tid), drawn[tid]
    # versions only grow: an older one is a reading from before this tab drew the table
    return now != was and (now is None or was is None or now > was)


def poll_interval(store: Store, tid: int) -> float:
    """How often this tab asks whether the table moved on: ``POLL_SECONDS`` while it is in
    play, ``QUIET_POLL_SECONDS`` when nobody has moved for ``QUIET_SECONDS`` (as far as this
    process knows, ``shared.quiet_for``)."""
    quiet = shared.quiet_for(store, tid) >= QUIET_SECONDS
    if bell.active():
        return BELL_QUIET_POLL_SECONDS if quiet else BELL_POLL_SECONDS
    return QUIET_POLL_SECONDS if quiet else POLL_SECONDS


def _watch(store: Store, tid: int) -> None:
    """Run as a fragment every ``poll_interval``: nothing, unless the table moved on or the
    interval should change; then the page is drawn again (and declares the new interval)."""
    try:
        moved = moved_on(store, tid)
    except StoreError:     # busy or unreadable just now: the next poll asks again
        return
    # CONFIRM (without the bell; with it, the bell's script asks again with the version it
    # shows at most 3 s after the click, and a lost draw is rung at once): this tab's own
    # move was drawn by a rerun of ``_live`` alone, and Streamlit may lose what a run drew
    # when this tab's next poll reaches the server as that run ends (the poll starts a new
    # script runner, and the messages of the one that just finished, not yet sent, are
    # dropped): under load about one move in 200 was never shown to its mover, who then
    # waited with old buttons. One more full draw on the next poll makes that
    # self-healing, at one page run per move of this tab.
    confirm = st.session_state.pop(CONFIRM, False)
    if moved or confirm or st.session_state.get(EVERY, {}).get(tid) != poll_interval(store, tid):
        st.rerun()


@st.fragment
def _live(store: Store, tid: int, learner_id: int | None) -> None:
    """The table as it is now; drawn on a page run, or alone after this tab's own move."""
    t0 = time.perf_counter()
    # the fragment's two places are always drawn: a refusal (or nothing), then the table
    try:
        row, game = shared.load(store, tid)
    except (TableRefused, StoreError) as e:
        st.session_state.setdefault(DRAWN, {})[tid] = None   # drawn as gone
        st.error(str(e))
        st.empty()
        return
    seat = shared.seat_of(row, learner_id) if learner_id is not None else None
    obs = game.observation(seat)
    # the store's language-free "Cy (bot)" in this page's language, on the felt, the turn line
    # and the showdown (seat_name leaves a student's name as it is)
    # the log's lines name the bots so too ("Cy (bot)" reads «Сева (бот)»)
    bots = shown_bots(obs)
    obs = replace(obs, players=tuple(seat_name(p) for p in obs.players))
    seen = st.session_state.setdefault(SEEN, {})
    # lines since the version this tab drew last are new (none on a first look)
    last = seen.get(tid, (row.version, len(obs.log)))
    mark = last[1] if last[0] != row.version else seen.get(("mark", tid), len(obs.log))
    if st.session_state.get(ERROR):
        st.error(plain(st.session_state[ERROR]))
    else:
        st.empty()
    # the Play page's keys: its felt, and its stacking of the log under a narrow table
    with st.container(key="play_layout"):
        left, right = st.columns([3.2, 1.2], gap="medium")
    with left, st.container(key="play_felt"), names_shown(bots):
        _felt(store, row, obs, seat, mark)
    with right:
        with names_shown(bots):   # one element: every element is a message to the browser
            show(join([heading_html(_("Move log"), 2, look=4),
                       log_html(obs, -1 if seat is None else seat, mark)]))
        if seat is not None and not obs.game_over:
            st.button(_("Leave the table"), key="ct_leave", on_click=_act,
                      args=(shared.hand_to_bot, store, tid, seat),
                      help=_("A {level} bot takes your seat and plays on.").format(
                          level=level_name(shared.table_bot_level(row))))
        else:
            st.empty()   # its place kept (it goes when the game is over)
    with st.container(key="ct_bell"):   # hidden (BELL_CSS); the bell's script clicks it
        if bell.active():
            st.button(_("Show the latest move"), key="ct_bell_btn")
    # Only now is this version drawn: a run cut short (another rerun of this tab took its
    # place, and what it had drawn never reached the browser) leaves the older version
    # here, so the next poll sees the table moved on and draws it again (a click could
    # otherwise stay unseen, the table waiting for a page that never showed its move)
    seen[("mark", tid)] = mark
    seen[tid] = (row.version, len(obs.log))
    st.session_state.setdefault(DRAWN, {})[tid] = row.version
    st.session_state[TIMING] = time.perf_counter() - t0


def _felt(store: Store, row: TableRow, obs: Any, seat: int | None, mark: int) -> None:
    """The table from ``seat`` (None: a spectator), on the felt every table page shares
    (``widgets.felt``); each click carries the version of the table it was drawn at."""
    variant = VARIANTS[row.variant]
    status = turn_words(obs, -1 if seat is None else seat)
    if seat is None:
        status = _("You are watching. {status}").format(status=status)

    def top() -> None:   # data-version: which state of the table this is (browser tests wait)
        show(markup('<div class="play-status" data-testid="play-status" data-version="{}">'
                    "{}</div>", row.version, status))

    def play(a: Action) -> None:
        _act(shared.play, store, row.id, seat, a, row.version)

    def refuse(text: str) -> None:
        st.session_state[ERROR] = text

    label = _("New game") if obs.game_over else _("Deal the next round")

    def next_round() -> None:
        st.button(label, key="ct_next", type="primary", on_click=_act,
                  args=(shared.next_round, store, row.id, row.version))
    may_deal = obs.round_over and (seat is not None or _teacher_of(row.class_id))
    felt(Felt(variant, obs, seat, mark, top, "status", play=play, refuse=refuse,
              round_end=next_round if may_deal else None, round_end_key=("next", label),
              house=changed_options_text(obs.rules, variant.rules)))


# --- on the Class page -----------------------------------------------------------------------

def _seats_text(row: TableRow, shown: bool = True) -> str:
    """The seats in a line: in the current language, or (``shown=False``, the CSV export)
    as the store keeps them."""
    parts = []
    for s in shared.seats_of(row):
        if s.kind != "bot":
            parts.append(seat_name(s.name) if shown else s.name)
        elif shown:
            parts.append(bot_seat_name(s.name, s.level))
        else:  # "Cy (bot)" and "basic" -> "Cy (bot, basic)"
            parts.append(f"{s.name.removesuffix(')')}, {s.level})" if s.name.endswith("(bot)")
                         else f"{s.name} ({s.level})")
    return " · ".join(parts)


def student_tables(store: Store, learner: Learner) -> None:
    """The class's tables for a student (on the Class page): open one, or take a seat."""
    if learner.class_id is None:
        return
    rows = [r for r in store.class_tables(learner.class_id) if r.status != "closed"]
    if not rows:
        st.caption(_("No class tables yet: your teacher makes them."))
        return
    for row in rows:
        mine = shared.seat_of(row, learner.id) is not None
        free = sum(1 for s in shared.seats_of(row) if s.kind == "open")
        c1, c2 = st.columns([3, 1], vertical_alignment="center")
        c1.text(f"{row.title} · {_(VARIANTS[row.variant].name)} · {_seats_text(row)}")
        label = _("Back to my seat") if mine else (_("Take a seat") if free else _("Watch"))
        with c2:
            nav.link(PAGE, label=label, query_params={PARAM: str(row.id)},
                         icon=":material/table_restaurant:")


def teacher_tables(store: Store, klass: Any) -> None:
    """The class's tables for the teacher: make one, see who sits where, hand a seat to a
    bot."""
    make_table_box(store, klass)
    tables_list(store, klass)


def make_table_box(store: Store, klass: Any) -> None:
    """The teacher's "Make a class table" form."""
    # open on a first look at a class with no table, and then kept as it is for this page
    # load: an expander whose "expanded" changes folds or unfolds under the teacher's hand
    key = f"ct_make_open_{klass.id}"
    if key not in st.session_state:
        st.session_state[key] = not store.class_tables(klass.id)
    with st.expander(_("Make a class table"), expanded=st.session_state[key]):
        _make_form(store, klass)


def next_title(titles: list[str]) -> str:
    """The name of a new table: "Table n", n one more than the tables so far (and not one
    already used)."""
    n = len(titles) + 1
    while _("Table {n}").format(n=n) in titles:
        n += 1
    return _("Table {n}").format(n=n)


def tables_list(store: Store, klass: Any) -> None:
    """The class's tables: who sits where, a seat handed to a bot, a link to watch."""
    for row in store.class_tables(klass.id):
        st.markdown(f"**{plain(row.title)}** · {plain(_(VARIANTS[row.variant].name))} · "
                    f"{plain(status_word(row.status))}")
        seats = shared.seats_of(row)
        cols = st.columns(len(seats))
        for i, (col, s) in enumerate(zip(cols, seats, strict=True)):
            col.text(bot_seat_name(s.name, s.level) if s.kind == "bot" else seat_name(s.name))
            if s.kind != "bot":  # a bot of the level the table was made with
                col.button(_("Hand to a bot"), key=f"ct_bot_{row.id}_{i}", on_click=_act,
                           args=(shared.hand_to_bot, store, row.id, i))
        nav.link(PAGE, label=_("Watch this table"), query_params={PARAM: str(row.id)},
                     icon=":material/visibility:")
    if st.session_state.get(ERROR):
        st.error(plain(st.session_state[ERROR]))


def _make_form(store: Store, klass: Any) -> None:
    keys = shared.table_variants()
    c1, c2 = st.columns([2, 2])
    if "ct_new_title" not in st.session_state:   # the box's first name; _make sets the next
        st.session_state["ct_new_title"] = next_title(
            [r.title for r in store.class_tables(klass.id)])
    c1.text_input(_("Table name"), key="ct_new_title", max_chars=30)
    key = c2.selectbox(_("Variant"), keys, key="ct_new_variant",
                       format_func=lambda k: _(VARIANTS[k].name))
    assert key is not None                   # the box has options and no empty choice
    variant = VARIANTS[key]
    rules = variant.rules
    with st.expander(_("House rules")):
        house = rules_editor(rules, key=f"ct_house_{key}", names=house_rule_names(rules))
    lo, hi = max(2, house.min_players), min(shared.MAX_SEATS, house.max_players)
    c3, c4, c5 = st.columns(3)
    n = c3.number_input(_("Players"), min_value=lo, max_value=hi, value=min(max(4, lo), hi),
                        key="ct_new_players")
    c4.number_input(_("Seats for students"), min_value=0, max_value=int(n),
                    value=min(3, int(n)), key="ct_new_students")
    levels = sorted_levels(levels_for(house))
    c5.selectbox(_("Bots play"), levels, index=levels.index(default_level(levels)),
                 key="ct_new_level", format_func=level_name)
    st.button(_("Make the table"), key="ct_make", type="primary", on_click=_make,
              args=(store, klass.id, key, house))


def _make(store: Store, class_id: int, key: str, house: Any) -> None:
    """Make the table from the form. The boxes are read from the state: a number changed
    just before the click arrives with the click, before the form is drawn again."""
    state = st.session_state
    state[ERROR] = None
    chosen = state.get("ct_new_variant", key)
    rules = house if chosen == key else VARIANTS[chosen].rules
    n = int(state.get("ct_new_players", 4))
    students = min(int(state.get("ct_new_students", 0)), n)
    levels = levels_for(rules)
    level = state.get("ct_new_level")
    level = level if level in levels else default_level(sorted_levels(levels))
    titles = [r.title for r in store.class_tables(class_id)]
    title = str(state.get("ct_new_title") or "").strip()[:30]
    if not title or " ".join(title.split()) in titles:  # the default again: the next number
        title = next_title(titles)
    try:
        shared.make_table(store, class_id, title, chosen, rules,
                          ["student"] * students + [level] * (n - students), bot_level=level)
    except (TableRefused, ValueError) as e:
        state[ERROR] = str(e)
        return
    state["ct_new_title"] = next_title([*titles, title])


def tables_frame(store: Store, klass: Any) -> pd.DataFrame:
    """One row per class table (no cards): table, variant, seats, rounds played, status."""
    out = []
    for row in store.class_tables(klass.id):
        try:
            _row, game = shared.load(store, row.id)
            rounds = shared.rounds_played(game)
        except (TableRefused, ValueError):
            rounds = None
        out.append({"table": row.title, "variant": VARIANTS[row.variant].name,
                    "seats": _seats_text(row, shown=False), "rounds played": rounds,
                    "status": row.status})
    return pd.DataFrame(out, columns=["table", "variant", "seats", "rounds played", "status"])
