"""Links for a class: what a teacher sets up lives in the page's URL (``st.query_params``).

The contract is in the README ("Links for a class"): the page is the path; ``variant``; each
house rule by its option name, read by ``Option.parse`` like the CLI's ``--rule``; ``seed``,
``players``, ``bots`` and ``name`` for Play (``players`` is also the Odds lab's table size);
``hand`` on the scorer; ``lesson`` and ``step`` on Learn; ``section`` on the Odds lab.

A link is hostile input: ``parse_link`` bounds its size, ignores what it cannot use with a
short note (never an exception) and never echoes more than a short, checked name. ``app.main``
calls ``open_link`` before the page runs (once per new URL), ``link_box`` (the sidebar's "Copy
link for the class", empty) and after the page ``fill_link_box``, which writes the URL
(``write_link``), so changing a control changes it, and the link to pass around in the box. A
page that redraws in a fragment fills them itself at the end of each fragment run.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit

import streamlit as st

from thirtyone.core import (
    DEFAULT_VARIANT,
    OPTIONS,
    VARIANTS,
    CardError,
    Rules,
    RulesError,
    cards_typed,
    parse_cards,
    parse_hand,
)
from thirtyone.i18n import _, current, format_number
from thirtyone.i18n.names import person_name
from thirtyone.teach import Lesson
from thirtyone.ui.pages.learn.lessons import PROGRESS_KEY, lessons_in
from thirtyone.ui.pages.scorer import scorer
from thirtyone.ui.shell import identity
from thirtyone.ui.shell.common import VARIANT_KEY
from thirtyone.ui.widgets.table_state import bot_levels, cfg_of, set_levels
from thirtyone.ui.widgets.table_words import BOT_NAMES

MAX_QUERY = 4_000   # characters in a whole query string; a class link needs a few hundred
MAX_VALUE = 200     # characters in one value
MAX_NAME = 20       # as the Play page's name box
MAX_SEED = 2**31 - 1
# the Play page's scenario library reads the first two itself; ``lang`` is thirtyone.ui.shell.lang's
RESERVED = ("scenario", "replay", "lang")
# Read by the class pages and identity; kept in the URL but never in a link for the class.
PRIVATE = ("me", "teacher", "table", "challenge")
SECTIONS = {"starting_hands": "Starting hands", "racing": "Racing to 31",
            "knocking": "Knocking", "your_hand": "Your hand"}
PLAY_KEYS = ("seed", "players", "bots", "name")
KNOWN = ("variant", *PLAY_KEYS, "hand", "lesson", "step", "section")
# The per-page house-rules editors (``common.rules_editor`` keys are ``<prefix>_<variant>``).
HOUSE_PREFIXES = {"scorer": "scorer_house", "play": "play_house", "odds_lab": "odds_house"}

SEEN = "link_seen"          # the query last opened or written, so each URL is opened once
NOTES = "link_notes"        # (page path, notes) of the last link opened
HOUSE = "link_house"        # {variant: house rules} last in a link, for pages with no editor
_SAFE_NAME = re.compile(r"[A-Za-z0-9_-]{1,30}")


@dataclass(frozen=True)
class Link:
    """What a link asks for, already checked; ``None`` where it says nothing."""

    variant: str | None = None
    house: dict[str, Any] | None = None
    seed: int | None = None
    players: int | None = None
    bots: tuple[str, ...] | None = None
    name: str | None = None
    hand: tuple[str, ...] | None = None
    lesson: str | None = None
    step: int | None = None          # counted from 0
    section: str | None = None
    notes: tuple[str, ...] = field(default=())


def shown(name: str) -> str | None:
    """A parameter's name as a note may show it: only plain short names are repeated."""
    return f"'{name}'" if _SAFE_NAME.fullmatch(name) else None


def query_size(params: Mapping[str, Sequence[str]]) -> int:
    return sum(len(k) + len(v) + 2 for k, vs in params.items() for v in vs)


def _int(text: str, low: int, high: int) -> int | None:
    text = text.strip()
    if not re.fullmatch(r"\d{1,10}", text):
        return None
    n = int(text)
    return n if low <= n <= high else None


def _house(raw: dict[str, str], base: Rules, notes: list[str]) -> dict[str, Any]:
    """The house rules asked for, each kept only if it can be played on ``base`` with the
    ones kept before it."""
    kept: dict[str, Any] = {}
    for name, text in raw.items():
        opt = OPTIONS[name]
        try:
            value = opt.parse(text)
        except RulesError:
            notes.append(_("The house rule '{name}' in the link was ignored: it can only be "
                           "{allowed}.").format(name=name, allowed=opt.allowed_text()))
            continue
        try:  # the value is one of the allowed, so the reason repeats nothing from the link
            base.with_house_rules(**{**kept, name: value})
        except RulesError as e:
            notes.append(_("The house rule '{name}' in the link was ignored. {reason}").format(
                name=name, reason=e))
            continue
        if value != getattr(base, name):
            kept[name] = value
    return kept


def _lesson(text: str, all_lessons: Sequence[Lesson]) -> Lesson | None:
    text = text.strip().lower()
    for i, lesson in enumerate(all_lessons, start=1):
        if text in (lesson.slug, str(i), lesson.slug.split("-", 1)[-1]):
            return lesson
    return None


def _play(values: dict[str, str], rules: Rules, notes: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if "seed" in values:
        out["seed"] = _int(values["seed"], 0, MAX_SEED)
        if out["seed"] is None:
            notes.append(_("The seed in the link was ignored: it must be a whole number from 0 "
                           "to {most}.").format(most=format_number(MAX_SEED)))
    most = min(len(BOT_NAMES) + 1, rules.max_players)
    if "players" in values:
        out["players"] = _int(values["players"], max(2, rules.min_players), most)
        if out["players"] is None:
            notes.append(_("The number of players in the link was ignored: this game is for "
                           "{low} to {high} players here.").format(
                               low=max(2, rules.min_players), high=most))
    if "bots" in values:
        levels = bot_levels(rules)
        asked = [b.strip().lower() for b in values["bots"].split(",") if b.strip()]
        if not asked or len(asked) > most - 1 or any(b not in levels for b in asked):
            notes.append(_("The bot levels in the link were ignored: give up to {n} of "
                           "{levels}, separated by commas.").format(
                               n=most - 1, levels=", ".join(levels)))
        else:
            out["bots"] = tuple(asked)
    if "name" in values:
        name = "".join(ch for ch in values["name"] if ch.isprintable()).strip()[:MAX_NAME]
        out["name"] = name or None
    return out


def parse_link(params: Mapping[str, Sequence[str]], current_variant: str = DEFAULT_VARIANT,
               all_lessons: Sequence[Lesson] = ()) -> Link:
    """Check a query (each name with its values, as ``st.query_params.get_all`` gives them)
    and say what it asks for; what cannot be used is left out with a note saying why."""
    size = query_size(params)
    if size > MAX_QUERY:
        return Link(notes=(_("This link is too long ({size} characters; a class link needs "
                             "at most {most}), so none of its settings were used.").format(
                                 size=format_number(size), most=format_number(MAX_QUERY)),))
    notes: list[str] = []
    values: dict[str, str] = {}
    for name, vs in params.items():
        if name in RESERVED or name in PRIVATE:
            continue
        if name not in KNOWN and name not in OPTIONS:
            notes.append(_("The link has a setting {name} that this app does not know; it "
                           "was ignored.").format(name=shown(name)) if shown(name) else
                         _("The link has a setting with an unusual name that this app does "
                           "not know; it was ignored."))
        elif vs and len(vs[-1]) > MAX_VALUE:
            notes.append(_("The link's '{name}' is too long ({size} characters, at most "
                           "{most}); it was ignored.").format(
                               name=name, size=format_number(len(vs[-1])), most=MAX_VALUE))
        elif vs:
            values[name] = vs[-1]
    variant = values.get("variant", "").strip().lower() or None
    if variant is not None and variant not in VARIANTS:
        notes.append(_("The variant in the link is not one this app knows, so the variant "
                       "was not changed. Variants: {keys}.").format(keys=", ".join(VARIANTS)))
        variant = None
    base = VARIANTS[variant or current_variant].rules
    raw_house = {k: v for k, v in values.items() if k in OPTIONS}
    house = _house(raw_house, base, notes) if raw_house or variant else None
    rules = base.with_house_rules(**(house or {}))
    play = _play(values, rules, notes)
    hand = None
    if "hand" in values:
        try:
            hand = tuple(str(c) for c in parse_hand(re.sub(r"[+,]", " ", values["hand"]),
                                                    pack=rules.pack))
        except CardError:
            notes.append(_("The hand in the link was ignored: it must be three different "
                           "cards of the {n}-card pack, such as AH+KH+9S.").format(n=rules.pack))
    lesson = step = None
    if "lesson" in values:
        found = _lesson(values["lesson"], all_lessons)
        if found is None:
            notes.append(_("The lesson in the link was not found; lessons are numbered 1 to "
                           "{n}.").format(n=len(all_lessons)))
        else:
            lesson = found.slug
            if "step" in values:
                n = _int(values["step"], 1, len(found.steps))
                if n is None:
                    notes.append(_("The step in the link was ignored: ‘{lesson}’ has steps 1 "
                                   "to {n}.").format(lesson=found.title, n=len(found.steps)))
                step = None if n is None else n - 1
    elif "step" in values:
        notes.append(_("The step in the link was ignored: a step needs a lesson too."))
    section = None
    if "section" in values:
        section = SECTIONS.get(values["section"].strip().lower())
        if section is None:
            notes.append(_("The Odds lab section in the link was not found; sections: "
                           "{keys}.").format(keys=", ".join(SECTIONS)))
    return Link(variant=variant, house=house, hand=hand, lesson=lesson, step=step,
                section=section, notes=tuple(notes), **play)


# --- into the session and back out ---------------------------------------------------------

def _set(state: MutableMapping, key: str, value: Any) -> None:
    """A Play setup value: into its box and into the setup the page re-seeds boxes from."""
    state[key] = value
    cfg_of(state)[key] = value


def apply_link(link: Link, state: MutableMapping) -> None:
    """Put what ``link`` asks for into the session, for every page to find."""
    if link.variant is not None:
        state[VARIANT_KEY] = link.variant
    variant = state.get(VARIANT_KEY, DEFAULT_VARIANT)
    if link.house is not None:
        state.setdefault(HOUSE, {})[variant] = dict(link.house)
        for prefix in HOUSE_PREFIXES.values():
            key = f"{prefix}_{variant}"
            state[key] = dict(link.house)
            for name in OPTIONS:  # the boxes re-seed from the changes above
                state.pop(f"{key}__{name}", None)
    if link.seed is not None:
        _set(state, "play_w_seed", link.seed)
    if link.players is not None:
        _set(state, "play_w_bots", link.players - 1)
        state["odds_deal_players"] = state["odds_sim_players"] = link.players
    if link.bots is not None:
        set_levels(state, variant, link.bots)
    if link.bots is not None and link.players is None:
        _set(state, "play_w_bots", len(link.bots))
    if link.name is not None:
        _set(state, "play_w_name", link.name)
    if link.hand is not None:
        state[scorer.HAND] = list(link.hand)
        state[scorer.TEXT] = cards_typed(parse_cards(link.hand))  # in the reader's letters
        state[scorer.ERROR] = state[scorer.NOTE] = None
    if link.lesson is not None:
        prog = state.setdefault(PROGRESS_KEY, {"lesson": None, "steps": {}, "answers": {}})
        prog["lesson"] = link.lesson
        if link.step is not None:
            prog["steps"][link.lesson] = link.step
    if link.section is not None:
        state["odds_section"] = link.section


def _query() -> dict[str, list[str]]:
    return {k: st.query_params.get_all(k) for k in st.query_params}


def _signature(params: Mapping[str, Sequence[str]]) -> tuple:
    """What makes a URL a new link to open: its public part. A private parameter coming or
    going (the resume token added by the first answer) does not re-open the link."""
    return tuple(sorted((k, tuple(v)) for k, v in params.items()
                        if k not in PRIVATE and k != "lang"))


def open_link(page: str) -> None:
    """Once per new URL: read the link, apply it, keep its notes for ``show_notes``."""
    state = st.session_state
    params = _query()
    sig = _signature(params)
    if sig == state.get(SEEN):
        return
    state[SEEN] = sig
    if not params:
        return
    link = parse_link(params, state.get(VARIANT_KEY, DEFAULT_VARIANT), lessons_in())
    apply_link(link, state)
    state[NOTES] = (page, link.notes)


def show_notes(page: str) -> None:
    """The notes about the link this page was opened with, as plain text."""
    where, notes = st.session_state.get(NOTES, ("", ()))
    if where != page or not notes:
        return
    with st.container(key="link_notes"):
        st.caption(_("Some of this link could not be used:"))
        for note in notes:
            st.text(note)


def house_now(page: str, state: Mapping) -> dict[str, Any]:
    """The house rules in force on ``page``: its editor's, or the last link's."""
    variant = state.get(VARIANT_KEY, DEFAULT_VARIANT)
    prefix = HOUSE_PREFIXES.get(page)
    if prefix is not None and f"{prefix}_{variant}" in state:
        return dict(state[f"{prefix}_{variant}"])
    return dict(state.get(HOUSE, {}).get(variant, {}))


def link_params(page: str, state: MutableMapping) -> dict[str, str]:
    """The query that brings back what ``page`` shows now: only known parameters."""
    variant = state.get(VARIANT_KEY, DEFAULT_VARIANT)
    out = {"variant": variant}
    for name, value in house_now(page, state).items():
        out[name] = OPTIONS[name].text(value)
    if page == "play":
        setup = cfg_of(state)

        def get(key: str) -> Any:
            return state.get(key, setup.get(key))

        if get("play_w_seed") is not None:
            out["seed"] = str(int(get("play_w_seed")))
        if get("play_w_bots") is not None:
            n = int(get("play_w_bots"))
            out["players"] = str(n + 1)
            levels = [get(f"play_w_level_{i}") for i in range(n)]
            if all(levels):
                out["bots"] = ",".join(levels)
        if get("play_w_name") and get("play_w_name") not in ("Sam", person_name("Sam")):
            out["name"] = str(get("play_w_name"))[:MAX_NAME]
    elif page == "scorer" and state.get(scorer.HAND):
        out["hand"] = " ".join(state[scorer.HAND])  # in the URL: hand=AH+KH+9S
    elif page == "learn" and state.get(PROGRESS_KEY, {}).get("lesson"):
        prog = state[PROGRESS_KEY]
        out["lesson"] = prog["lesson"]
        out["step"] = str(prog["steps"].get(prog["lesson"], 0) + 1)
    elif page == "odds_lab":
        label = state.get("odds_section")
        out["section"] = next((k for k, v in SECTIONS.items() if v == label), "starting_hands")
        players = state.get("odds_sim_players" if label == "Knocking" else "odds_deal_players")
        if players is not None:
            out["players"] = str(players)
    return out


def write_link(page: str) -> dict[str, str]:
    """Make the URL say what the page shows now (keeping a scenario or replay it names)."""
    state = st.session_state
    params = link_params(page, state)
    for name in RESERVED + PRIVATE:
        if name in st.query_params:
            params[name] = st.query_params[name]
    params = identity.put_back_in_url(params)
    if params != st.query_params.to_dict():
        st.query_params.from_dict(params)
    state[SEEN] = _signature({k: [v] for k, v in params.items()})
    return params


def full_link(page: str, params: Mapping[str, str]) -> str:
    """The address of ``page`` with ``params``, on the server the browser sees."""
    base = "http://localhost:8501"
    try:
        url = st.context.url or ""
    except Exception:  # noqa: BLE001 - no browser context (AppTest): a placeholder host
        url = ""
    parts = urlsplit(url[:2_000])
    if parts.scheme in ("http", "https") and parts.netloc:
        path = parts.path.rstrip("/")
        if page and path.endswith("/" + page):
            path = path[: -len(page) - 1]
        base = f"{parts.scheme}://{parts.netloc}{path}"
    query = urlencode(params, safe=",")
    return f"{base}/{page}" + (f"?{query}" if query else "")


LINK_PAGE = "t31_link_page"      # the page whose link the sidebar box shows (this run's)
LINK_SLOT = "t31_link_slot"      # the box's place for the link (an ``st.empty``)
LINK_FILLED = "t31_link_filled"  # whether this run wrote it already (a page's fragment did)


def link_box(page: str) -> None:
    """Before the page: the sidebar's "Copy link for the class", with an empty place for the
    link, which ``fill_link_box`` writes after the page (or the page's fragment during it)."""
    state = st.session_state
    state[LINK_PAGE], state[LINK_FILLED] = page, False
    with st.sidebar.popover(_("Copy link for the class"), icon=":material/link:",
                            width="stretch"):
        st.caption(_("Send this link to the class: it opens this page in this language, with "
                     "the same variant, house rules and settings."))
        state[LINK_SLOT] = st.empty()


def fill_link_box() -> None:
    """The URL (``write_link``) and the link in the sidebar's box say what the page shows now.
    The shell calls it after a whole-page run, a page's fragment after its own run
    (``widgets.link_hook``). A resume token or teacher key in the URL is never in the box."""
    state = st.session_state
    page, slot = state.get(LINK_PAGE), state.get(LINK_SLOT)
    if page is None or slot is None:
        return   # a page drawn without the shell
    params = {k: v for k, v in write_link(page).items() if k not in PRIVATE}
    params.setdefault("lang", current())   # the class opens it in the language shown here
    slot.code(full_link(page, params), language=None, wrap_lines=True)
    state[LINK_FILLED] = True


def link_filled() -> bool:
    """Whether this run wrote the link box already (a page's fragment did, in the page)."""
    return bool(st.session_state.get(LINK_FILLED))
