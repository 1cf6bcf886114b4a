"""The switch family (RULES.md 3b, 3c): an open hand and a closed hand beside the players; a
turn swaps one card with the open hand or switches the whole hand for either. The dealer
chooses between two hands at the deal, and a hand of one suit worth more than 21 may call a
restart at the showdown (``restart``)."""

from __future__ import annotations

from typing import Any, ClassVar

from ...core.actions import Action, Swap, SwitchClosed, SwitchOpen
from ...core.cards import Card
from ...core.events import Event
from ...core.kinds import EndedBy, Family, Phase
from ...core.rules import Rules
from ...i18n import N_
from ..base import Game
from ..facts import COMMON_HOUSE_RULES
from ..hands import hand_score
from ..message import L, Msg, Names, value_msg
from ..restart import RESTART_OVER, restart_eligible


class SwitchTable(Game):
    """A table of the switch family."""

    family: ClassVar[Family] = Family.SWITCH
    card_moves = ("swap",)
    middle_parts = ("middle", "closed")
    open_cards = "open hand"
    dealer_sees_second_hand = True
    move_odds = "open"
    whole_hand = "switch open"
    closed_hand = True
    practised = False
    turn_words = (N_("swap with the open hand"), N_("switch hands"))
    house_rules = COMMON_HOUSE_RULES
    visible_help = N_("The open hand (three cards).")
    no_race = N_("nobody draws a card in Switch: each turn you swap with an open hand that the "
                 "other players keep changing")

    @classmethod
    def laid_out(cls, rules: Rules) -> int:
        return 6                        # the dealer's second hand (or the open one), the closed

    # --- the deal ---
    def _deal_layout(self, stock: list[Card], open_hand: list[Card]) -> bool:
        two_hands = not open_hand
        if two_hands:
            self.spare = [stock.pop() for _i in range(3)]
        self.closed = [stock.pop() for _i in range(3)]
        if open_hand:
            self.middle = list(open_hand)
        return two_hands

    def _deal_first_sentence(self, f: dict[str, Any], restarted: bool) -> Msg:
        if restarted:
            return L.N_("Round {n}: {dealer} deals again after the restart: three cards to "
                        "each player, one at a time, starting with {first}.", **f)
        return super()._deal_first_sentence(f, restarted)

    def _deal_layout_text(self, two_hands: bool, restarted: bool) -> list[Msg]:
        if restarted:
            return [L.N_("The restart hand {cards} lies face up as the open hand; a third "
                         "hand lies face down as the closed hand.", cards=tuple(self.middle))]
        return [L.N_("{dealer} gets a second hand to choose from; a third hand lies "
                     "face down as the closed hand.", dealer=self.name(self.dealer))]

    def _deal_private(self, two_hands: bool) -> list[Event]:
        if not two_hands:
            return []
        return [Event("hand", L.N_("Your second hand: {cards}.", cards=tuple(self.spare)),
                      self.dealer, private_to=self.dealer)]

    def _spare_visible(self, seat: int) -> bool:
        return self.phase == Phase.CHOOSE and seat == self.dealer

    # --- the moves ---
    def _family_moves(self, hand: list[Card], final: bool) -> list[Action]:
        return [*(Swap(h, m) for h in hand for m in self.middle), SwitchOpen(), SwitchClosed()]

    def _family_reason(self, a: Action, hand: list[Card], who: str) -> Msg | None:
        if isinstance(a, Swap):
            if a.give not in hand:
                return L.N_("The {card} is not in {who}'s hand.", card=a.give, who=who)
            return L.N_("The {card} is not in the open hand.", card=a.take)
        return None

    def _family_apply(self, seat: int, a: Action, events: list[Event]) -> None:
        self._switch_move(seat, a, events)

    # --- the restart (RULES.md 3e) ---
    def _offer_restart(self, ended_by: str, events: list[Event]) -> bool:
        """At a showdown: ask the players who may call a restart, if any. True if asked."""
        if (ended_by not in (EndedBy.KNOCK, EndedBy.STOCK) or not self.rules.restart
                or self.restart_offered):
            return False
        self.restart_offered = True
        askers = [s for s in self.seats_from(self.dealer)
                  if restart_eligible(self.hands[s], self.rules)]
        if not askers:
            return False
        self.phase = Phase.RESTART
        self.pending_end = ended_by
        self.restart_askers = askers
        self.to_move = askers[0]
        self._legal = None
        events.append(Event("showdown", self._showdown_text(
            self.active, {s: value_msg(hand_score(self.hands[s], self.rules))
                          for s in self.active})))
        self.showdown_announced = True
        if len(askers) > 1:
            offer = L.N_("{who} hold three cards of one suit worth more than {over}, so each may "
                        "call a restart before anyone loses (asked in turn from the dealer's "
                        "left; the first to call it decides).", who=Names(
                            [self.name(s) for s in askers]), over=RESTART_OVER)
        else:
            offer = L.N_("{who} holds three cards of one suit worth more than {over}, so {who} "
                        "may call a restart before anyone loses.", who=self.name(askers[0]),
                        over=RESTART_OVER)
        events.append(Event("restart_offer", offer, askers[0]))
        return True

    def _switch_move(self, seat: int, a: Action, events: list[Event]) -> None:
        who = self.name(seat)
        hand = self.hands[seat]
        if isinstance(a, Swap):
            i, j = hand.index(a.give), self.middle.index(a.take)
            hand[i], self.middle[j] = a.take, a.give
            events.append(Event("swap", L.N_("{who} gives the {give} for the {take} from the "
                                            "open hand.", who=who, give=a.give, take=a.take),
                                seat))
        elif isinstance(a, SwitchOpen):
            self.hands[seat], self.middle = self.middle, hand
            events.append(Event("switch", L.N_("{who} swaps the whole hand with the open hand; "
                                              "the open hand is now {cards}.", who=who,
                                              cards=tuple(self.middle)), seat))
        else:
            self.hands[seat], self.closed = self.closed, hand
            events.append(Event("switch", L.N_("{who} swaps the whole hand for the closed hand; "
                                              "the old hand lies face down as the new closed "
                                              "hand.", who=who), seat))
            events.append(Event("hand", L.N_("Your cards: {cards}.",
                                            cards=tuple(self.hands[seat])),
                                seat, private_to=seat))
        self._end_turn(seat, events, changed=True)
