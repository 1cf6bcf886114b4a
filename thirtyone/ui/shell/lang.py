"""The app's language: ``?lang=ru|uk|en`` in the URL, the sidebar picker, else the browser's.

The choice is kept in the session (``st.session_state[LANG_KEY]``) and mirrored in the URL's
``lang`` parameter, so a copied link opens in the same language. The translation calls in
every layer (``thirtyone.i18n._``) find it through the hook installed here, so widget
callbacks, which Streamlit runs before the page script, translate too.
"""

from __future__ import annotations

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from thirtyone.i18n import DEFAULT, LANGUAGES, _, from_locale, known, set_language_hook

LANG_KEY = "lang"
PICKER_KEY = "lang_picker"


def _browser_language() -> str:
    try:
        return from_locale(st.context.locale)
    except Exception:           # no browser behind this run (AppTest, bare mode)
        return DEFAULT


def session_language() -> str | None:
    """The session's language, chosen once per session (URL, else browser), or None when no
    Streamlit script is running (the engine then speaks English unless told otherwise)."""
    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    state = st.session_state
    lang = known(state.get(LANG_KEY))
    if lang is None:
        lang = known(st.query_params.get(LANG_KEY)) or _browser_language()
        state[LANG_KEY] = lang
    return lang


set_language_hook(session_language)


def open_language() -> str:
    """At the top of every run: a ``?lang=`` in the URL wins (a link was opened); the URL
    then always names the language in use. An unknown ``lang`` is ignored with a note."""
    asked = st.query_params.get(LANG_KEY)
    if asked is not None:
        lang = known(asked)
        if lang is None:
            st.session_state.pop(LANG_KEY, None)
            st.toast(_("The language in the link is not one this app speaks; "
                       "choose one in the sidebar."))
        else:
            st.session_state[LANG_KEY] = lang
    lang = session_language() or DEFAULT
    if st.query_params.get(LANG_KEY) != lang:
        st.query_params[LANG_KEY] = lang
    return lang


def _picked() -> None:
    lang = known(st.session_state.get(PICKER_KEY))
    if lang is not None:
        st.session_state[LANG_KEY] = lang
        st.query_params[LANG_KEY] = lang


def language_picker() -> None:
    """The sidebar's language choice, each language named in its own words."""
    lang = session_language() or DEFAULT
    options = list(LANGUAGES)
    if lang not in options:     # the pseudo-language of the tests
        options.append(lang)
    st.session_state[PICKER_KEY] = lang
    st.sidebar.selectbox(_("Language"), options, key=PICKER_KEY, on_change=_picked,
                         format_func=lambda code: LANGUAGES.get(code, code))


def keep_choices(keys) -> None:
    """Read the session's choices for ``keys`` before their widgets are drawn, so that a change
    of language keeps them. The browser sends back the label it showed; read now, it is
    turned back into its value with the labels of the run that drew it, and kept so; read
    only when the widget is drawn anew, a label of the other language would not be found and
    the widget would fall back to its default."""
    for key in keys:
        if key in st.session_state:
            st.session_state[key]   # noqa: B018  (the read keeps the value)
