"""The Switch restart (RULES.md 4, switch, option ``restart``; seed 000, our reading).

At the showdown, before anyone loses, a player holding three cards of one suit worth more
than 21 may call a restart. The players who may are asked in turn from the dealer's left
(phase ``restart``, moves ``restart`` and ``no restart``); the first to call it decides. The
round is then void (``RoundResult.ended_by`` is ``void`` and ``restart_by`` names the caller),
and ``next_round`` has the same dealer deal again with that hand face up as the open hand;
the dealer then gets one hand, not two. Nobody calling it lets the showdown stand.

The showdown has begun when the question is asked, so every hand is shown then
(``Game.hands_shown``). A blitz or fire ends the round without a showdown (no restart), and
so does a round made void by the turn cap.

>>> from thirtyone.core.cards import parse_hand
>>> from thirtyone.core.rules import get_variant
>>> r = get_variant("switch").rules
>>> restart_eligible(parse_hand("AH KH 2H"), r), restart_eligible(parse_hand("KH 9H 2H"), r)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core.actions import Action, NoRestart, Restart
from ..core.cards import RANK_POINTS, Card
from ..core.events import Event
from ..core.kinds import EndedBy, Phase, Scoring
from ..core.rules import Rules
from .hands import hand_key
from .message import Join, L, Msg
from .settle import lives_lost
from .state import TableState

RESTART_OVER = 21     # a restart hand is worth more than this, in one suit


def restart_eligible(hand: Sequence[Card], rules: Rules) -> bool:
    """Three cards of one suit worth more than 21, under rules that have the restart (only
    the switch family's table asks)."""
    if not rules.restart or len(hand) != 3:
        return False
    a, b, c = hand
    return (a.suit == b.suit == c.suit
            and RANK_POINTS[a.rank] + RANK_POINTS[b.rank] + RANK_POINTS[c.rank] > RESTART_OVER)


def loses_at_showdown(hands: Sequence[Sequence[Card] | None], seat: int, knocker: int | None,
                      rules: Rules) -> bool:
    """Whether ``seat`` comes off badly if this showdown stands: loses a life (lives), scores
    low (running total) or does not win the pot (chips). ``hands`` holds every hand shown
    (None or empty for a player who is out)."""
    seats = [s for s, h in enumerate(hands) if h]
    keys = {s: hand_key(hands[s], rules) for s in seats}   # type: ignore[arg-type]
    if rules.scoring is Scoring.CHIPS:
        return keys[seat] < max(keys.values())
    if rules.scoring is Scoring.POINTS:
        return len(seats) > 1 and all(keys[t] > keys[seat] for t in seats if t != seat)
    order = sorted(set(keys.values()))
    n = len(hands)
    values = np.array([[order.index(keys[s]) if s in keys else 0 for s in range(n)]])
    active = np.array([[s in keys for s in range(n)]])
    lost = lives_lost(values, np.array([-1 if knocker is None else knocker]), rules, active)
    return bool(lost[0, seat] > 0)


class Restarts(TableState):
    """A part of ``Game`` (``game.base``): the restart question at a Switch showdown (asked by
    ``game.families.switch``), and the showdown's words."""

    @property
    def hands_shown(self) -> bool:
        """Whether every hand is face up: the round is over, or its showdown has begun."""
        return self.phase in (Phase.OVER, Phase.RESTART)

    def _offer_restart(self, ended_by: str, events: list[Event]) -> bool:
        """At a showdown: ask the players who may call a restart, if any. True if asked
        (only the switch family has the restart: ``game.families.switch``)."""
        return False

    def _restart_answer(self, seat: int, a: Action, events: list[Event]) -> None:
        who = self.name(seat)
        if isinstance(a, Restart):
            self.restart_hand = list(self.hands[seat])
            self.restart_by = seat
            events.append(Event("restart", L.N_(
                "{who} calls a restart with {cards}: the round is void, and {dealer} deals "
                "again with that hand face up as the open hand.", who=who,
                cards=tuple(self.hands[seat]), dealer=self.name(self.dealer)), seat))
            self._end_round(EndedBy.VOID, events)
            return
        assert isinstance(a, NoRestart)
        events.append(Event("no_restart", L.N_("{who} does not call a restart.", who=who), seat))
        self.restart_askers.remove(seat)
        if self.restart_askers:
            self.to_move = self.restart_askers[0]
            return
        self._end_round(self.pending_end or EndedBy.KNOCK, events)

    def _showdown_text(self, seats: Sequence[int], values: dict[int, Any]) -> Msg:
        """'Showdown: Ann A♥ K♥ 2♥ = 23; Bo ...', rendered when read."""
        shown = Join([L.N_("{who} {cards} = {value}", who=self.name(s),
                          cards=tuple(self.hands[s]), value=values[s]) for s in seats], "; ")
        return L.N_("Showdown: {hands}.", hands=shown)

    def _restart_reason(self, a: Action) -> Msg | None:
        """Why ``a`` is not a move now, where the restart explains it (else None)."""
        if self.phase == "restart" and self.to_move is not None:
            return L.N_("{who} first says whether to call a restart: 'restart' or 'no restart'.",
                       who=self.name(self.to_move))
        if isinstance(a, (Restart, NoRestart)):
            return L.N_("A restart is called only at the showdown, by a player holding three "
                       "cards of one suit worth more than {over}, where the rules have it.",
                       over=RESTART_OVER)
        return None
