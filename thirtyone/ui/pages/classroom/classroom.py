"""The Class page: start a class (teacher), join one with its code (student), come back with a
resume link, and the teacher's dashboard (``dashboard.py``) behind the teacher key.

- Someone with no class sees "Join a class" (code + display name) and "Start a class"
  (a class name; then the join code, big enough to project, and the teacher key, shown once)
  and can open a dashboard by typing the teacher key.
- ``/class?teacher=KEY`` is read once into the session and taken out of the address, so a
  projected page never shows it. Opening the dashboard signs the browser in (a teacher
  cookie, ``identity``): a reload, a new tab or a server restart keeps it open until
  "Sign out".
- The projected join link is the address students can reach (``address``), with its QR
  code; a loopback-only address says how to fix it.
- A wrong code or key gets one sentence, the same whatever was typed. Wrong tries are counted
  in the store (``Store.note_wrong_try``), per client address and per code typed, by every
  process: after ``MAX_TRIES`` in ``WAIT_S`` seconds the next try waits, whatever the
  session (a reload, a new tab or a ``?teacher=`` link in a new page load start none afresh).
- Everything a person typed is shown as plain text (``plain``, ``st.text``, ``st.code``).
"""

from __future__ import annotations

import contextlib
import math
from urllib.parse import urlencode

import streamlit as st

from thirtyone.i18n import N_, _, current
from thirtyone.store import ClassRow, Learner, Store, StoreError, check_name
from thirtyone.store import live as live_store
from thirtyone.store.store import MAX_WRONG_TRIES, WRONG_CODE, WRONG_KEY, WRONG_TRY_WINDOW_S
from thirtyone.store.tokens import InputError, normal_code
from thirtyone.teach import progress_summary
from thirtyone.ui.pages.challenge import challenge
from thirtyone.ui.pages.class_table import class_table
from thirtyone.ui.pages.classroom import address, dashboard
from thirtyone.ui.pages.learn.lessons import forget_progress, lessons
from thirtyone.ui.shell import identity, nav
from thirtyone.ui.shell.links import full_link
from thirtyone.ui.shell.store import store_or_none
from thirtyone.ui.widgets.headings import heading
from thirtyone.ui.widgets.html import Markup, escape, markup, show
from thirtyone.ui.widgets.plain import plain

NEW_KEY = "t31_class_new_key"         # (class id, teacher key) just made: shown until noted
NEW_LINK = "t31_class_new_link"       # a resume link just made: shown open once
JUST_MADE = "t31_class_show_code"    # the key was just noted: show the join code open
MAX_TRIES = MAX_WRONG_TRIES
WAIT_S = WRONG_TRY_WINDOW_S
TOO_MANY_MSG = N_("Too many wrong tries; please wait {n} seconds before trying again.")
TOO_MANY = TOO_MANY_MSG.format(n=int(WAIT_S))   # the English sentence
NEED_STORE = N_("Classes need the class store, which cannot be reached just now; Learn and "
                "Play still work on their own.")
LOOPBACK_FIX = N_("Students cannot open this address, which only reaches this computer: set "
                  "{env} to the address they can reach (such as {example}) or "
                  "start the app with --server.address set to this computer's network "
                  "address.")
CSS = """<style>
.t31-joincode {font-size: clamp(2.5rem, 7.5vw, 8rem); white-space: nowrap; font-weight: 800; letter-spacing: .15em;
  font-family: ui-monospace, monospace; line-height: 1.1; text-align: center;
  padding: .2em 0; border: 3px dashed currentColor; border-radius: .3em; margin: .3em 0;}
.t31-joinhint {font-size: 1.4rem; text-align: center;}
</style>"""


# --- wrong tries -------------------------------------------------------------------------

def client_address() -> str:
    """The address the browser connects from (Streamlit's own view of it; behind a proxy
    that hides it, the proxy's forwarding headers), or "unknown"."""
    ip = None
    with contextlib.suppress(Exception):
        ip = st.context.ip_address
    if not ip:
        with contextlib.suppress(Exception):
            headers = st.context.headers
            ip = (headers.get("X-Forwarded-For") or "").split(",")[0].strip() or \
                headers.get("X-Real-Ip")
    return str(ip or "unknown")[:60]


def _scopes(code: str | None = None) -> list[str]:
    """What a wrong try counts against: the client address, and the code typed."""
    out = [f"addr:{client_address()}"]
    if code is not None:
        out.append(f"code:{normal_code(code) or str(code)[:20]}")
    return out


def _locked(store: Store, scopes: list[str]) -> bool:
    """True (and the message shown) while ``scopes`` must wait after too many wrong tries."""
    try:
        wait = store.wait_s(scopes)
    except StoreError as e:
        st.error(str(e), icon=":material/hourglass:")
        return True
    if wait > 0:
        st.error(_(TOO_MANY_MSG).format(n=max(1, math.ceil(wait))), icon=":material/timer:")
        return True
    return False


def _failed(store: Store, scopes: list[str], message: str) -> None:
    with contextlib.suppress(StoreError):   # a store that cannot write: not counted
        store.note_wrong_try(scopes)
    st.error(message, icon=":material/block:")


# --- the teacher key -----------------------------------------------------------------------

def _open_dashboard(store: Store, key: str) -> bool:
    scopes = _scopes()
    if _locked(store, scopes):
        return False
    try:
        klass = store.class_for_key(key)
    except StoreError as e:
        st.error(str(e), icon=":material/hourglass:")
        return False
    if klass is None:
        _failed(store, scopes, _(WRONG_KEY))
        return False
    identity.set_teacher_class(klass, store)
    return True


def _key_from_url(store: Store) -> None:
    """``?teacher=KEY``: tried once, then removed from the address whatever it held."""
    raw = st.query_params.get("teacher")
    if raw is None:
        return
    del st.query_params["teacher"]
    _open_dashboard(store, str(raw)[:60])


# --- no class yet ----------------------------------------------------------------------------

def _join(store: Store, code: str, name: str, alone: Learner | None) -> None:
    try:
        name = check_name(name)  # before the code, so a bad name says nothing about the code
    except InputError as e:
        st.error(str(e), icon=":material/badge:")
        return
    scopes = _scopes(code)
    if _locked(store, scopes):
        return
    try:
        if store.class_by_code(code) is None:
            _failed(store, scopes, _(WRONG_CODE))
            return
        if alone is not None:  # working alone so far: the progress comes along
            learner = store.move_to_class(alone.id, code, name)
            tok = identity.token() or ""
        else:
            learner, tok = store.join_class(code, name)
    except StoreError as e:
        st.error(str(e), icon=":material/badge:")
        return
    identity.adopt(learner, tok)
    st.session_state[NEW_LINK] = True
    st.rerun()


def _join_tab(store: Store, alone: Learner | None) -> None:
    st.markdown(_("Type the code your teacher shows and the name the class knows you by."))
    if alone is not None:
        st.caption(_("Your lesson progress in this browser comes along into the class."))
    with st.form("t31_join", border=False):
        code = st.text_input(_("Join code"), max_chars=20, key="t31_join_code",
                             placeholder=_("e.g. {code}").format(code="K7QM2P"))
        name = st.text_input(_("Your name"), max_chars=30, key="t31_join_name",
                             help=_("1 to 30 letters, digits, spaces and . ' - _"))
        if st.form_submit_button(_("Join"), type="primary", key="t31_join_go",
                                 icon=":material/login:"):
            _join(store, code, name, alone)


def _start_tab(store: Store) -> None:
    st.markdown(_("Make a class: you get a short join code to show the students and a "
                  "teacher key that opens the class dashboard."))
    with st.form("t31_start", border=False):
        name = st.text_input(_("Class name"), max_chars=30, key="t31_start_name",
                             placeholder=_("e.g. Year 9 maths"))
        if st.form_submit_button(_("Start a class"), type="primary", key="t31_start_go",
                                 icon=":material/add_circle:"):
            try:
                klass, key = store.create_class(name)
            except StoreError as e:
                st.error(str(e), icon=":material/badge:")
                return
            identity.set_teacher_class(klass, store)
            st.session_state[NEW_KEY] = (klass.id, key)
            st.rerun()
    st.divider()
    st.markdown(_("**Open the dashboard** of a class you started"))
    with st.form("t31_teacher", border=False):
        key = st.text_input(_("Teacher key"), type="password", max_chars=40,
                            key="t31_teacher_key_box", placeholder="••••-••••-••••")
        if (st.form_submit_button(_("Open the dashboard"), key="t31_teacher_go",
                                  icon=":material/dashboard:")
                and _open_dashboard(store, key)):
            st.rerun()


def _no_class(store: Store, alone: Learner | None) -> None:
    join, start = st.tabs([_("Join a class"), _("Start a class (teacher)")])
    with join:
        _join_tab(store, alone)
    with start:
        _start_tab(store)


# --- a student in a class --------------------------------------------------------------------

def resume_link() -> str:
    """This student's resume link, in the language they use now (``lang``)."""
    return full_link("class", {identity.PARAM: identity.token() or "", "lang": current()})


def _to_live(store: Store, learner: Learner) -> None:
    """While the teacher runs a live lesson, a student who opens the class page is sent to it
    (once per session and tab: from there they may come back here), and after that shown the
    way to it first."""
    assert learner.class_id is not None
    try:
        row = live_store.running(store, learner.class_id)
    except StoreError:
        return
    if row is None:
        return
    sent = f"t31_live_sent_{row.id}"
    if not st.session_state.get(sent):
        st.session_state[sent] = True
        st.switch_page(nav.page("live"))
    st.info(_("Your teacher is running a live lesson now."), icon=":material/cast_for_education:")
    nav.link("live", label=_("Join the live lesson"), icon=":material/cast_for_education:")


def _student(store: Store, learner: Learner) -> None:
    assert learner.class_name is not None   # in a class: its name comes with the learner
    _to_live(store, learner)
    heading(learner.class_name, 2, look=3)  # h2 under the page's h1 (escaped)
    st.markdown(_("You are **{name}** in this class.").format(name=plain(learner.name)))
    fresh = bool(st.session_state.pop(NEW_LINK, False))
    with st.expander(_("Your resume link"), expanded=fresh, icon=":material/key:"):
        st.markdown(_("Keep this link (bookmark it or write it down): it brings back your "
                      "progress from any browser. It is yours alone, so do not share it."))
        st.code(resume_link(), language=None, wrap_lines=True)
    summary = progress_summary(store.progress(learner.id), lessons())
    right = sum(1 for a in store.learner_answers(learner.id) if a["try_no"] == 1
                and a["correct"])
    done, practice_right = store.class_practice(learner.class_id).get(learner.id, (0, 0)) \
        if learner.class_id is not None else (0, 0)
    # two rows of two: four in a row cut "Practice items" off at 1024 wide
    a, b = st.columns(2)
    c, d = st.columns(2)
    a.metric(_("Lessons finished"), _("{done} of {all}").format(done=summary.lessons_done,
                                                                 all=summary.lessons))
    b.metric(_("Steps read"), _("{done} of {all}").format(done=summary.steps_seen,
                                                          all=summary.steps))
    c.metric(_("Quizzes right first time"), right)
    d.metric(_("Practice items"), done)     # a long value is cut off: the rest beneath
    d.caption(_("Right at the first try: {right}").format(right=practice_right))
    nav.link("learn", label=_("Go on learning"), icon=":material/school:")
    class_table.student_tables(store, learner)
    challenge.student_challenges(store, learner)
    st.divider()
    if st.button(_("Leave this browser"), icon=":material/logout:",
                 help=_("This browser forgets you; your resume link still brings you back.")):
        identity.forget()
        forget_progress()  # the next person at this browser starts afresh
        st.rerun()


# --- the teacher ------------------------------------------------------------------------------

def teacher_link(key: str) -> str:
    """The secret dashboard link: on the address the class reaches (``address.public_base``:
    the teacher's phone or a second computer can open it), unless that is only this
    computer's loopback; then on the address this browser uses."""
    base = address.public_base()
    if base.loopback:
        return full_link("class", {"teacher": key})
    return f"{base.url}/class?{urlencode({'teacher': key})}"


def _new_class_panel(klass: ClassRow) -> None:
    """The teacher key and dashboard link, once, until noted; then the join code to project
    (so the key is never on the screen with the big code)."""
    new = st.session_state.get(NEW_KEY)
    if isinstance(new, tuple) and new[0] == klass.id:
        with st.container(border=True, key="t31_newkey"):
            st.warning(_("Your teacher key is shown only now. Keep it private: whoever has "
                         "it sees the class dashboard. Note it before you project this page."),
                       icon=":material/lock:")
            st.code(new[1], language=None)
            st.caption(_("The secret dashboard link (opens the dashboard in any browser):"))
            st.code(teacher_link(new[1]), language=None, wrap_lines=True)
            st.caption(_("The students' join code, {code}, is shown big once the key is "
                         "noted.").format(code=klass.code))
            if st.button(_("I have noted the key"), key="t31_key_noted", type="primary",
                         icon=":material/check:"):
                st.session_state.pop(NEW_KEY, None)
                st.session_state[JUST_MADE] = True
                st.rerun()
        return
    show(Markup(CSS))
    link, base = address.join_link("class")
    hint = escape(_("Join at {link} with the code")).replace(
        "{link}", markup('<b data-testid="t31-joinlink">{}</b>', link))
    code_col, qr_col = st.columns([3, 1.3], vertical_alignment="center")
    show(markup('<div class="t31-joinhint">{}</div>'
                '<div class="t31-joincode" data-testid="t31-joincode">{}</div>', hint,
                klass.code), code_col)
    with qr_col, st.container(key="t31_joinqr"):
        st.image(address.qr_svg(link), width="stretch")
        st.caption(_("Scan to open the join page."))
    if base.loopback:
        st.warning(_(LOOPBACK_FIX).format(env=address.ENV_URL,
                                         example="`http://192.168.1.20:8501`"),
                   icon=":material/wifi_off:")


def _teacher(store: Store, klass: ClassRow) -> None:
    fresh = store.class_by_id(klass.id)
    if fresh is None:
        identity.set_teacher_class(None)
        st.error(_("That class no longer exists."))
        return
    fresh_class = st.session_state.pop(JUST_MADE, False)
    with st.expander(_("Join code for the class"), expanded=fresh_class or NEW_KEY in
                     st.session_state, icon=":material/qr_code:"):
        _new_class_panel(fresh)
    dashboard.dashboard(store, fresh)
    st.divider()
    if st.button(_("Sign out"), icon=":material/logout:", key="t31_teacher_close",
                 help=_("This browser stops opening the dashboard by itself; the teacher key "
                        "opens it again.")):
        identity.set_teacher_class(None, store)
        st.session_state.pop(NEW_KEY, None)
        st.rerun()


def class_page() -> None:
    st.title(_("Class"))
    store = store_or_none()
    if store is None:
        st.info(_(NEED_STORE))
        return
    _key_from_url(store)
    identity.write_teacher_cookie()
    learner = identity.current_learner(store)
    if st.session_state.pop("t31_me_unknown", False):
        st.warning(_("That resume link does not bring anyone back; check it, or join "
                     "again."),
                   icon=":material/link_off:")
    klass = identity.teacher_class()
    if klass is not None:
        _teacher(store, klass)
        return
    if learner is not None and learner.class_id is not None:
        _student(store, learner)
    else:
        _no_class(store, learner)
