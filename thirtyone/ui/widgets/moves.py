"""The felt's move buttons, one widget for every page that seats a person at a table: Play,
the class table, the challenge and the lesson round.

Exactly the legal moves of the observation are drawn, each kind in its own place of the felt
(``Slots``): a Discard button under each card, the swaps in a row per card given, the widow's
exchange as two pickers and one button, and the rest (draw, take, knock, stand, hit, stay...)
in one row. A click hands the move, as a value (an ``Action``), to the page's ``play``; a
refusal of the exchange pickers goes to ``refuse`` as one sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from thirtyone.core import Action, Discard, Draw, Exchange, Hit, Knock, Restart, Swap, Take
from thirtyone.game import family_class
from thirtyone.i18n import _
from thirtyone.ui.widgets.cards import card_html
from thirtyone.ui.widgets.html import Markup, escape, markup, show
from thirtyone.ui.widgets.slots import Slots
from thirtyone.ui.widgets.table_words import action_key, action_label

# The exchange pickers' keys (a page that deals a new game clears them).
GIVE, TAKE = "play_w_give", "play_w_take"

Play = Callable[[Action], Any]       # False when the move was refused (the picks are kept)
Refuse = Callable[[str], None]


#: the felt's places for the move buttons of each kind of card move (``card_moves``)
CARD_MOVE_PLACES = {"discard": ("discards",), "swap": ("swaps",),
                    "exchange": ("exchange", "exchange_after")}


def move_places(rules: Any) -> set[str]:
    """The places ``move_buttons`` may fill in a game under ``rules``: ``simple`` (draw, take,
    knock...) and those of the family's kinds of card moves."""
    return {"simple", *(p for kind in family_class(rules).card_moves
                        for p in CARD_MOVE_PLACES[kind])}


def move_buttons(obs: Any, places: Slots, play: Play, refuse: Refuse) -> None:
    """Exactly the legal moves of ``obs`` as buttons in ``places``: discards, swaps,
    exchange, simple (or exchange_after, where a turn may also draw: Kitty)."""
    legal = list(obs.legal_actions)
    discards = [a for a in legal if isinstance(a, Discard)]
    swaps = [a for a in legal if isinstance(a, Swap)]
    exchanges = [a for a in legal if isinstance(a, Exchange)]
    simple = [a for a in legal if not isinstance(a, (Discard, Swap, Exchange))]

    def button(col: Any, a: Action, primary: bool = False) -> None:
        col.button(action_label(a, obs), key=action_key(a), on_click=play, args=(a,),
                   width="stretch", type="primary" if primary else "secondary")

    if discards:
        def discard_row() -> None:
            # each card of the hand with its own Discard button under it
            cols = st.columns(len(obs.hand))
            drawn = obs.just_drawn
            for col, card in zip(cols, obs.hand, strict=False):
                # a card taken from the pile is not "drawn": the caption under it says so
                caption = (escape(_("just drawn"))
                           if card == drawn and not obs.took_from_discard else Markup("&nbsp;"))
                show(markup('<div class="t31-slot">{}'
                            '<div class="play-label play-card-label">{}</div></div>',
                            card_html(card, "md"), caption), col)
                if Discard(card) in discards:
                    button(col, Discard(card))
                else:
                    col.caption(_("taken from the pile: it stays this turn"))
        places.put("discards", discard_row,
                   ("discards", tuple(Discard(c) in discards for c in obs.hand)))
    gives = list(dict.fromkeys(a.give for a in swaps))
    rows = [[a for a in swaps if a.give == give] for give in gives]
    if swaps:
        def swap_rows() -> None:
            where = (_("swap one card with the middle")
                     if family_class(obs.rules).open_cards == "middle"
                     else _("swap one card with the open hand"))
            show(markup('<div class="play-label">{}</div>', where))
            for row in rows:
                cols = st.columns(len(row))
                for col, a in zip(cols, row, strict=False):
                    button(col, a)
        places.put("swaps", swap_rows, ("swaps", tuple(len(r) for r in rows)))
    # Kitty with its stock: draw, take and knock first, the widow exchange below them
    draws_first = any(isinstance(a, (Draw, Take)) for a in simple)
    if exchanges:
        places.put("exchange_after" if draws_first else "exchange",
                   lambda: exchange_picker(obs, play, refuse), "exchange")
    if simple:
        def simple_row() -> None:
            cols = st.columns(max(len(simple), 3))
            for col, a in zip(cols, simple, strict=False):
                button(col, a, primary=isinstance(a, (Knock, Draw, Hit, Restart)))
        places.put("simple", simple_row, ("simple", len(simple)))


def widow_names(obs: Any) -> list[str]:
    """The widow's cards as the picker names them: a face-up card, or "face down 2"."""
    return [c.display if c is not None else _("face down {n}").format(n=i + 1)
            for i, c in enumerate(obs.widow)]


def exchange_from_picks(obs: Any, give: Sequence[str], take: Sequence[str]) -> Exchange:
    """The exchange the pickers name: hand cards by their face, widow cards by their name."""
    by_display = {c.display: c for c in obs.hand}
    give_cards = tuple(sorted(by_display[g] for g in give))
    names = widow_names(obs)
    slots = sorted(names.index(t) for t in take)
    take_cards = tuple(obs.widow[i] if obs.widow[i] is not None else i for i in slots)
    return Exchange(give_cards, take_cards)


def exchange_picker(obs: Any, play: Play, refuse: Refuse) -> None:
    """The widow's exchange: pick hand cards and as many widow cards, then Exchange."""
    show(markup('<div class="play-label">{}</div>', _("exchange with the widow")))
    c1, c2 = st.columns([1, 1.4], vertical_alignment="top")
    hand_names = [c.display for c in obs.hand]
    widow_labels = widow_names(obs)
    state = st.session_state
    for k, names in ((GIVE, hand_names), (TAKE, widow_labels)):
        if any(v not in names for v in state.get(k) or []):
            state[k] = []
    c1.pills(_("Give from your hand"), hand_names, selection_mode="multi", key=GIVE)
    c2.pills(_("Take from the widow"), widow_labels, selection_mode="multi", key=TAKE)
    st.button(_("Exchange the chosen cards"), key="play_act_exchange",
              on_click=_exchange_clicked, args=(obs, play, refuse), type="primary")


def _exchange_clicked(obs: Any, play: Play, refuse: Refuse) -> None:
    """The Exchange button: give the chosen hand cards for the chosen widow cards."""
    state = st.session_state
    give = state.get(GIVE) or []
    take = state.get(TAKE) or []
    if not give or not take:
        refuse(_("Choose at least one card from your hand and one from the widow."))
        return
    if len(give) != len(take):
        refuse(_("An exchange gives and takes the same number of cards: you chose "
                 "{give} to give and {take} to take.").format(give=len(give), take=len(take)))
        return
    try:
        action = exchange_from_picks(obs, give, take)
    except (KeyError, ValueError) as e:
        refuse(_("That exchange is not possible now ({reason}).").format(reason=e))
        return
    if play(action) is not False:
        state[GIVE] = []
        state[TAKE] = []


__all__ = ["GIVE", "TAKE", "move_buttons", "exchange_picker", "exchange_from_picks",
           "widow_names"]
