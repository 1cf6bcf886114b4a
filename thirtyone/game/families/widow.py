"""The widow family (RULES.md 3b, 3c): three cards dealt face down to a widow; a turn gives
one to three cards for as many widow cards, which then lie face up. Kitty as seed 000 plays it
keeps the stock and the discard pile beside the widow (``Rules.draws``); ``widow_only`` is
the house rule without them."""

from __future__ import annotations

from itertools import combinations
from typing import Any, ClassVar

from ...core.actions import Action, Discard, Draw, Exchange, Take
from ...core.cards import Card
from ...core.errors import IllegalActionError
from ...core.events import Event
from ...core.kinds import Family
from ...core.rules import Rules
from ...i18n import N_, _
from ..base import Game
from ..message import L, Msg

# Every way to give k hand cards (positions in the sorted hand) for k widow slots,
# k = 1..3, as pairs of indices into COMBOS.
COMBOS = [c for k in range(1, 4) for c in combinations(range(3), k)]
EXCHANGE_PAIRS = [(g, t) for g, cg in enumerate(COMBOS) for t, ct in enumerate(COMBOS)
                  if len(cg) == len(ct)]


class WidowTable(Game):
    """A table of the widow family."""

    family: ClassVar[Family] = Family.WIDOW
    card_moves = ("exchange", "discard")
    middle_parts = ("widow",)
    widow_size = 3
    move_odds = "open"
    always_recorded = ("widow_only",)
    # Kitty kept its stock from seed 000 on (RULES.md 3c); a record older than the option was
    # played widow only, a turn being only an exchange or a knock.
    older_record_defaults = {"widow_only": True}
    turn_words = (N_("exchange cards with the widow"),)
    house_rules = ("widow_only", "chips", "ante", "tie_break", "knock_from", "same_rank",
                   "three_of_a_kind", "fire", "blitz_effect", "may_discard_taken_card",
                   "stock_out")
    visible_help = N_("The widow cards lying face up.")
    no_race = N_("nobody draws a card in the widow game played widow only: each turn you "
                 "exchange with the widow, which the other players keep changing")

    @classmethod
    def laid_out(cls, rules: Rules) -> int:
        return 3 + super().laid_out(rules)

    # --- the deal ---
    def _deal_after_circle(self, stock: list[Card]) -> None:
        self.widow.append(stock.pop())

    def _deal_first_sentence(self, f: dict[str, Any], restarted: bool) -> Msg:
        return L.N_("Round {n}: {dealer} deals three cards to each player, one at a time, "
                    "starting with {first}, and three face-down cards to the widow.", **f)

    # --- the moves ---
    def _family_moves(self, hand: list[Card], final: bool) -> list[Action]:
        return self._exchanges(hand)

    def _family_canonical(self, action: Action) -> Action:
        if not isinstance(action, Exchange):
            return action
        slots = []
        for t in action.take:
            if isinstance(t, int):
                slots.append(t)
            elif t in self.widow:
                slots.append(self.widow.index(t))
            else:
                raise IllegalActionError(
                    _("The {card} is not a face-up widow card.").format(card=t.display))
        return Exchange(tuple(sorted(action.give)),
                        tuple(self._slot_name(i) if 0 <= i < len(self.widow) else i
                              for i in sorted(slots)))

    def _family_reason(self, a: Action, hand: list[Card], who: str) -> Msg | None:
        if isinstance(a, (Draw, Take, Discard)) and not self.rules.draws:
            return L.N_("Under the widow-only house rule there is no stock and no discard "
                        "pile: exchange cards with the widow or knock.")
        if isinstance(a, Exchange):
            for c in a.give:
                if c not in hand:
                    return L.N_("The {card} is not in {who}'s hand.", card=c, who=who)
            return L.N_("An exchange names widow cards by their card when face up, #1-#3 when "
                        "face down.")
        return None

    def _family_apply(self, seat: int, a: Action, events: list[Event]) -> None:
        assert isinstance(a, Exchange)
        self._exchange(seat, a, events)

    def _exchanges(self, hand: list[Card]) -> list[Action]:
        cards = sorted(hand)
        names = [self._slot_name(i) for i in range(len(self.widow))]
        gives = [tuple(cards[i] for i in g) for g in COMBOS]
        takes = [tuple(names[j] for j in t) for t in COMBOS]
        return [Exchange(gives[g], takes[t]) for g, t in EXCHANGE_PAIRS]

    def _slot_name(self, i: int) -> Card | int:
        return self.widow[i] if self.widow_up[i] else i

    def _exchange(self, seat: int, a: Exchange, events: list[Event]) -> None:
        who = self.name(seat)
        hand = self.hands[seat]
        slots = [t if isinstance(t, int) else self.widow.index(t) for t in a.take]
        got = [self.widow[i] for i in slots]
        hidden = [c for c, i in zip(got, slots, strict=True) if not self.widow_up[i]]
        for g, i in zip(a.give, slots, strict=True):
            hand[hand.index(g)] = self.widow[i]
            self.widow[i] = g
            self.widow_up[i] = True
        shown = [c for c, i in zip(got, slots, strict=True) if c not in hidden]
        give = tuple(a.give)
        if shown and hidden:
            said = L.ngettext("{who} puts {give} face up in the widow and takes {cards} and "
                              "{n} face-down widow card.",
                              "{who} puts {give} face up in the widow and takes {cards} and "
                              "{n} face-down widow cards.", len(hidden),
                              who=who, give=give, cards=tuple(shown))
        elif hidden:
            said = L.ngettext("{who} puts {give} face up in the widow and takes "
                              "{n} face-down widow card.",
                              "{who} puts {give} face up in the widow and takes "
                              "{n} face-down widow cards.", len(hidden), who=who, give=give)
        else:
            said = L.N_("{who} puts {give} face up in the widow and takes {cards}.",
                       who=who, give=give, cards=tuple(shown))
        events.append(Event("exchange", said, seat))
        if hidden:
            events.append(Event("drawn", L.N_("From the widow you got {cards}.",
                                             cards=tuple(hidden)),
                                seat, private_to=seat))
        self._end_turn(seat, events, changed=True)
