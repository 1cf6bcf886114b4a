"""Practice that never runs out (``teach.practice``): one item at a time, dealt by the
engine; "Another one" deals the next. Feedback comes in steps: a first wrong try gets a hint
and a link back to the step that taught it; a second shows the answer with why (each
option's cost where there is a choice to cost). A streak counts items right at the first
try in a row. Each finished item is recorded for the teacher's dashboard (``record``).

The state of each block lives in the session (``PRACTICE``): the item's seed, the tries on
it, the counts and the streak, so a rerun or a page switch keeps the item and its feedback.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

import streamlit as st

from thirtyone.i18n import _, current, format_number, use_language
from thirtyone.store import StoreError
from thirtyone.teach import Item, Practice, make_item
from thirtyone.ui.shell import identity
from thirtyone.ui.shell.store import store_or_none
from thirtyone.ui.widgets.cards import CARD_CSS, coloured_cards, hand_html
from thirtyone.ui.widgets.html import Markup, join, markup, show
from thirtyone.ui.widgets.plain import plain

PRACTICE = "t31_practice"   # {block id: {"seed", "tries", "over", "done", "right", "streak"}}

# The first item a block deals in a session is one of a few, the same ones in every session
# of this server (drawn at its start, so no deal can be read from the code) and kept by
# ``item_for``: a class that reaches a practice step at once deals at most this many (a knock
# or Banking item plays hundreds of rounds out: 0.1-0.25 s of the server's CPU each), not
# one per student (issue 25 item 18). "Another one" deals from any seed.
FIRST_SEEDS = tuple(secrets.randbelow(2**31) for _n in range(16))


def _safe(pid: str) -> str:
    return pid.replace("/", "_").replace("-", "_")


def states() -> dict:
    if PRACTICE not in st.session_state:
        st.session_state[PRACTICE] = {}
    return st.session_state[PRACTICE]


def _state(pid: str) -> dict:
    return states().setdefault(pid, {"seed": secrets.choice(FIRST_SEEDS), "n": 0, "tries": 0,
                                     "over": False, "right_now": False, "done": 0,
                                     "right": 0, "streak": 0, "best": 0})


@st.cache_resource(max_entries=256, show_spinner=False)
def item_for(block: Practice, seed: int, lang: str) -> Item:
    with use_language(lang):
        return make_item(block, seed)


def record(kind: str, right_first: bool, tries: int) -> None:
    """Keep one finished item for this tab's learner (nothing without a store)."""
    store = store_or_none()
    if store is None:
        return
    try:
        learner = identity.ensure_learner(store)
        if learner is not None:
            store.record_practice(learner.id, kind, right_first, tries)
    except (StoreError, Exception):  # noqa: BLE001 - practice goes on without the store
        return


def _answered(pid: str, widget: str, block: Practice) -> None:
    s = _state(pid)
    choice = st.session_state.get(widget)
    if choice is None or s["over"]:
        return
    item = item_for(block, s["seed"], current())
    s["tries"] += 1
    if item.right(str(choice)):
        s["over"], s["right_now"] = True, True
        s["done"] += 1
        if s["tries"] == 1:
            s["right"] += 1
            s["streak"] += 1
            s["best"] = max(s["best"], s["streak"])
        else:
            s["streak"] = 0
        record(block.kind, s["tries"] == 1, s["tries"])
    elif s["tries"] >= 2:
        s["over"], s["right_now"] = True, False
        s["done"] += 1
        s["streak"] = 0
        record(block.kind, False, s["tries"])


def _another(pid: str) -> None:
    s = _state(pid)
    s.update(seed=secrets.randbelow(2**31), n=s.get("n", 0) + 1, tries=0, over=False,
             right_now=False)


def _cards(item: Item) -> Markup:
    titles = {"hand": _("Your hand"), "pile": _("Top of the discard pile")}
    rows = []
    for label, cards in item.cards.items():
        rows.append(markup('<div class="t31-rowlabel">{}</div>', titles.get(label, label))
                    + hand_html(cards, size="lg"))
    return CARD_CSS + join(rows)


def _costs(item: Item) -> None:
    rows = item.costs + item.numbers
    if rows:
        st.markdown("\n".join(f"- **{plain(a)}**: {plain(b)}" for a, b in rows))


def show_practice(block: Practice, where: str,
                  open_step: Callable[[str, int], None] | None = None) -> None:
    """Draw ``block``; ``open_step(slug, step)`` (the lesson page's) takes the link back."""
    pid = where
    s = _state(pid)
    item = item_for(block, s["seed"], current())
    with st.container(border=True, key=f"t31practice_{_safe(pid)}"):
        st.caption(_("Practice · dealt and checked by the engine, as many as you like"))
        if s["done"]:
            st.markdown(_("**Streak: {streak}** (right at the first try, in a row) · items "
                          "done: {done} · right at the first try: {right}").format(
                streak=s["streak"], done=format_number(s["done"]),
                right=format_number(s["right"])))
        show(markup('<div class="t31-question">{}</div>', item.prompt))
        if item.context:
            show(markup('<div class="t31-rowlabel">{}</div>', item.context))
        show(_cards(item))
        # keyed by the item's number, never by its seed: a widget's key is in the page (as a
        # CSS class), and a knock item's seed would give away the others' hands and the stock
        widget = f"t31prac_{_safe(pid)}_{s.get('n', 0)}_{current()}"
        st.pills(_("Your answer"), item.options, key=widget, on_change=_answered,
                 args=(pid, widget, block), label_visibility="collapsed",
                 format_func=coloured_cards, disabled=s["over"])
        if s["over"] and s["right_now"]:
            first = s["tries"] == 1
            (st.success if first else st.info)(
                (_("Right at the first try!") if first else _("Right, at the second try."))
                + " " + item.why, icon=":material/check_circle:")
            _costs(item)
        elif s["over"]:
            st.error(_("Not right. The answer: {answer}.").format(
                answer=_(" or ").join(item.answers)) + " " + item.why,
                icon=":material/cancel:")
            _costs(item)
        elif s["tries"] == 1:
            st.warning(_("Not yet: try once more. Hint: {hint}").format(hint=item.hint),
                       icon=":material/lightbulb:")
            if block.back is not None and open_step is not None:
                st.button(_("Back to the step that teaches it"),
                          key=f"t31pracback_{_safe(pid)}", on_click=open_step,
                          args=(block.back[0], block.back[1] - 1),
                          icon=":material/undo:")
        st.button(_("Another one"), key=f"t31pracnext_{_safe(pid)}", on_click=_another,
                  args=(pid,), type="primary" if s["over"] else "secondary",
                  icon=":material/autorenew:")


__all__ = ["PRACTICE", "item_for", "record", "show_practice", "states"]
