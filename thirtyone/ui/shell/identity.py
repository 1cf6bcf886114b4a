"""Who is using this browser tab: a learner of the store, found by a resume token.

The token is the ``me`` parameter of the URL (a random string, never the name), so a reload
keeps it and the resume link brings the same learner back in any browser. It is also kept
in the session, so moving between pages (which clears the URL) does not lose it; every page
puts it back (``links.write_link``). It is never part of a "link for the class".

A learner working alone is made on first need (the first answer or move to keep); joining a
class makes one in that class (``thirtyone/ui/classroom.py``).
"""

from __future__ import annotations

import contextlib
import time

import streamlit as st

from thirtyone.store import ClassRow, Learner, Store
from thirtyone.store import teacher as teacher_store
from thirtyone.store.tokens import normal_token
from thirtyone.ui.shell.store import store_or_none
from thirtyone.ui.widgets.html import Markup, script

PARAM = "me"
TEACHER_KEY = "t31_teacher_class"   # the ClassRow whose teacher key this session has given
TOKEN_KEY = "t31_me_token"
LEARNER_KEY = "t31_me_learner"
COOKIE = "t31_teacher"              # the browser's teacher session token (a cookie)
TEACHER_TOKEN = "t31_teacher_token"  # this session's teacher token, to end it on Sign out
COOKIE_TRIED = "t31_teacher_cookie_tried"
COOKIE_SET = "t31_teacher_cookie_set"    # a token to set as the cookie ("" clears it)
SEEN_AT = "t31_me_seen_at"          # when this session last wrote the learner's "last seen"
SEEN_EVERY_S = 60.0


def token() -> str | None:
    """This tab's resume token: from the URL (wins) or the session."""
    raw = st.query_params.get(PARAM)
    if isinstance(raw, str) and raw and raw != st.session_state.get(TOKEN_KEY):
        st.session_state[TOKEN_KEY] = raw[:64]
        st.session_state.pop(LEARNER_KEY, None)
    return st.session_state.get(TOKEN_KEY)


def current_learner(store: Store | None = None) -> Learner | None:
    """The learner of this tab, or None (no token, a wrong token, or no store)."""
    tok = token()
    if not tok:
        return None
    cached = st.session_state.get(LEARNER_KEY)
    if isinstance(cached, Learner):
        _keep_seen(store, cached)
        return cached
    store = store or store_or_none()
    if store is None:
        return None
    found = store.learner_by_token(tok)   # writes "last seen"
    if found is None:
        forget()
        st.session_state["t31_me_unknown"] = True
        return None
    st.session_state[LEARNER_KEY] = found
    st.session_state[SEEN_AT] = time.monotonic()
    return found


def _keep_seen(store: Store | None, learner: Learner) -> None:
    """A student who stays in one tab (at a class table, in a lesson) is still "seen" on the
    dashboard: their time is written again on a page run at most every ``SEEN_EVERY_S``."""
    if time.monotonic() - st.session_state.get(SEEN_AT, 0.0) < SEEN_EVERY_S:
        return
    store = store or store_or_none()
    if store is not None:
        st.session_state[SEEN_AT] = time.monotonic()
        store.note_seen(learner.id)


def adopt(learner: Learner, new_token: str) -> None:
    """Make this tab the learner's (after joining or starting alone)."""
    st.session_state[TOKEN_KEY] = new_token
    st.session_state[LEARNER_KEY] = learner
    st.query_params[PARAM] = new_token


def refresh(learner: Learner) -> None:
    st.session_state[LEARNER_KEY] = learner


def ensure_learner(store: Store | None = None) -> Learner | None:
    """This tab's learner, made (working alone) if there is none yet; None without a store."""
    store = store or store_or_none()
    if store is None:
        return None
    found = current_learner(store)
    if found is not None:
        return found
    learner, tok = store.new_learner("Learner")
    adopt(learner, tok)
    return learner


def forget() -> None:
    """This tab no longer speaks for anyone (the learner is kept in the store)."""
    st.session_state.pop(TOKEN_KEY, None)
    st.session_state.pop(LEARNER_KEY, None)
    if PARAM in st.query_params:
        del st.query_params[PARAM]


def put_back_in_url(params: dict[str, str]) -> dict[str, str]:
    """``params`` with this tab's token added, for writing the URL after a page change."""
    tok = st.session_state.get(TOKEN_KEY)
    return {**params, PARAM: tok} if tok else dict(params)


def teacher_class() -> ClassRow | None:
    """The class whose teacher key was given in this session (the Class page checks it) or
    in an earlier one of this browser (its teacher cookie), or None: anything only a teacher
    may see asks here."""
    found = st.session_state.get(TEACHER_KEY)
    if isinstance(found, ClassRow):
        return found
    if st.session_state.get(COOKIE_TRIED):
        return None
    st.session_state[COOKIE_TRIED] = True  # once per session: a wrong cookie costs one look
    tok = _cookie()
    store = store_or_none() if tok else None
    if store is None:
        return None
    try:
        klass = teacher_store.session_class(store, tok)
    except Exception:  # noqa: BLE001 - an unreachable store: signed out for this session
        return None
    if klass is not None:
        st.session_state[TEACHER_KEY] = klass
        st.session_state[TEACHER_TOKEN] = tok
    return klass


def _cookie() -> str | None:
    try:
        raw = st.context.cookies.get(COOKIE)
    except Exception:  # noqa: BLE001 - no browser (AppTest)
        return None
    return raw if isinstance(raw, str) and raw else None


def set_teacher_class(klass: ClassRow | None, store: Store | None = None) -> None:
    """Open (``klass``) or close (None) the dashboard for this browser. Opening with a store
    also signs the browser in (a cookie, kept across reloads, tabs and restarts); closing
    signs it out (the cookie's session is ended in the store)."""
    if klass is None:
        st.session_state.pop(TEACHER_KEY, None)
        st.session_state[COOKIE_TRIED] = True
        tok = st.session_state.pop(TEACHER_TOKEN, None) or _cookie()
        store = store or (store_or_none() if tok else None)
        if tok and store is not None:
            # the cookie is cleared below all the same
            with contextlib.suppress(Exception):
                teacher_store.end_session(store, tok)
        st.session_state[COOKIE_SET] = ""
        return
    st.session_state[TEACHER_KEY] = klass
    if store is not None:
        try:
            tok = teacher_store.new_session(store, klass.id)
        except Exception:  # noqa: BLE001 - a read-only store: the dashboard for this tab only
            return
        st.session_state[TEACHER_TOKEN] = tok
        st.session_state[COOKIE_SET] = tok


def write_teacher_cookie() -> None:
    """Set (after signing in) or clear (after signing out) the teacher cookie, by a script
    in the page: nothing visible, never in the address."""
    tok = st.session_state.pop(COOKIE_SET, None)
    if tok is None:
        return
    if tok and normal_token(tok) is None:
        return
    age = teacher_store.SESSION_DAYS * 86_400 if tok else 0
    cookie = f"{COOKIE}={tok}; path=/; max-age={age}; SameSite=Strict"
    # Markup by name: the token passed normal_token (letters, digits, - and _ only) and
    # the rest is this function's own text; a Streamlit without scripts in st.html sets it
    # from a same-origin frame
    script(Markup(f'<script>document.cookie = "{cookie}";</script>'),
           fallback=Markup(f'<script>parent.document.cookie = "{cookie}";</script>'))
