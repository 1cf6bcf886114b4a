"""Who is using this browser tab: a learner of the store, found by a resume token.

The token is the ``me`` parameter of the URL (a random string, never the name), so a reload
keeps it and the resume link brings the same learner back in any browser. It is also kept
in the session, so moving between pages (which clears the URL) does not lose it; every page
puts it back (``links.write_link``). It is never part of a "link for the class".

A learner working alone is made on first need (the first answer or move to keep); joining a
class makes one in that class (``thirtyone/ui/classroom.py``).
"""

from __future__ import annotations

import streamlit as st

from ..store import ClassRow, Learner, Store
from .store import store_or_none

PARAM = "me"
TEACHER_KEY = "t31_teacher_class"   # the ClassRow whose teacher key this session has given
TOKEN_KEY = "t31_me_token"
LEARNER_KEY = "t31_me_learner"


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
        return cached
    store = store or store_or_none()
    if store is None:
        return None
    found = store.learner_by_token(tok)
    if found is None:
        forget()
        st.session_state["t31_me_unknown"] = True
        return None
    st.session_state[LEARNER_KEY] = found
    return found


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
    """The class whose teacher key was given in this session (the Class page checks it), or
    None: anything only a teacher may see asks here."""
    found = st.session_state.get(TEACHER_KEY)
    return found if isinstance(found, ClassRow) else None


def set_teacher_class(klass: ClassRow | None) -> None:
    if klass is None:
        st.session_state.pop(TEACHER_KEY, None)
    else:
        st.session_state[TEACHER_KEY] = klass
