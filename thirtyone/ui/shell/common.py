"""Session-state helpers and shared widgets: the sidebar variant picker and a house-rules
editor built from ``thirtyone.core.rules.OPTIONS``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from thirtyone.core import DEFAULT_VARIANT, OPTIONS, VARIANTS, Rules, RulesError, Variant
from thirtyone.i18n import _, current, use_language
from thirtyone.teach import humanise

VARIANT_KEY = "variant_key"

# Options that change the value of a hand (RULES.md section 2); the scorer offers these.
HAND_VALUE_OPTIONS = ("same_rank", "three_of_a_kind", "fire", "tie_break")


def in_this_language(func: Callable[[Any], str]) -> Callable[[Any], str]:
    """``func`` bound to the language of the run drawing the widget, for a ``format_func``:
    Streamlit's test harness calls it again after the run, where no session says which
    language (so ``_`` would answer in English and the options would not match)."""
    lang = current()

    def call(value: Any) -> str:
        with use_language(lang):
            return func(value)

    return call


def variant_picker() -> Variant:
    """The sidebar variant picker; its choice persists across pages and reruns."""
    if VARIANT_KEY not in st.session_state:
        st.session_state[VARIANT_KEY] = DEFAULT_VARIANT
    keys = list(VARIANTS)
    st.sidebar.selectbox(_("Variant"), keys, key=VARIANT_KEY,
                         format_func=in_this_language(lambda k: _(VARIANTS[k].name)),
                         help=_("Used by every page: the scorer, the table and the odds."))
    return VARIANTS[st.session_state[VARIANT_KEY]]


def current_variant() -> Variant:
    return VARIANTS[st.session_state.get(VARIANT_KEY, DEFAULT_VARIANT)]


def option_value_text(value: Any) -> str:
    """How an option value is shown to people: ``none``, ``30½``, ``yes``, ``first turn``."""
    return humanise(value)


# House rules that are switched on or off (a named house rule, not a setting): a checkbox.
CHECKBOXES = ("widow_only",)


def rules_editor(base: Rules, key: str, names: Sequence[str] | None = None,
                 container: Any = None) -> Rules:
    """Widgets for house rules on top of ``base``; returns the resulting ``Rules``.

    One select box per option in ``names`` (default: every option) that plays a part under the
    rules chosen so far (``Option.applies``: no three of a kind for Stop the Bus), labelled and
    explained from ``OPTIONS``; a change that stops playing a part is dropped. The changes live
    in ``st.session_state[key]`` (a dict of option -> value) so they survive reruns and page
    switches; use a different ``key`` per variant if the changes should not carry over. A
    combination the rules refuse shows the one-sentence reason and the base rules are used.
    """
    box = container if container is not None else st
    changes: dict[str, Any] = dict(st.session_state.get(key, {}))
    for name in OPTIONS:  # a box changed just now already holds its new value
        if f"{key}__{name}" in st.session_state:
            changes[name] = st.session_state[f"{key}__{name}"]
    house = _applying(base, changes, key)
    names = [n for n in (OPTIONS if names is None else names) if OPTIONS[n].applies(house)]
    for name in names:
        opt = OPTIONS[name]
        widget_key = f"{key}__{name}"
        current = changes.get(name, getattr(base, name))
        if current not in opt.allowed:
            current = getattr(base, name)
        if widget_key not in st.session_state:  # (re)seed after a page switch
            st.session_state[widget_key] = current
        if name in CHECKBOXES:
            value = box.checkbox(_(opt.label), key=widget_key, help=_(opt.help))
        else:
            # placeholder: Streamlit shows a None value as the placeholder, so it reads "none"
            value = box.selectbox(_(opt.label), opt.allowed, key=widget_key, help=_(opt.help),
                                  format_func=in_this_language(option_value_text),
                                  placeholder=_("none"))
        if value == getattr(base, name):
            changes.pop(name, None)
        else:
            changes[name] = value
    st.session_state[key] = changes
    try:
        return base.with_house_rules(**changes)
    except RulesError as e:
        box.error(str(e))
        return base


def _applying(base: Rules, changes: dict[str, Any], key: str) -> Rules:
    """The rules ``changes`` make, after dropping (from ``changes`` and their select boxes)
    every change that plays no part under them, e.g. blitz after a knock once a 31 is nothing
    special. Rules that cannot be made give ``base``, the error is shown below the boxes."""
    while True:
        for name in [n for n, v in changes.items() if v == getattr(base, n)]:
            del changes[name]
        try:
            rules = base.replace(**changes)
        except RulesError:
            return base
        stale = [n for n in changes if not OPTIONS[n].applies(rules)]
        if not stale:
            return rules
        for name in stale:
            del changes[name]
            st.session_state.pop(f"{key}__{name}", None)


def changed_options_text(rules: Rules, base: Rules) -> str:
    """``three of a kind: 30½; fire: 33`` for the options that differ from ``base``."""
    diff = rules.to_dict(only_changed_from=base)
    return "; ".join(f"{_(OPTIONS[k].label).lower()}: {option_value_text(v)}"
                     for k, v in diff.items())
