"""The swap family (RULES.md 3b, 3c): three open cards in the middle; a turn swaps one card
or the whole hand with them, or passes; when everyone passes in a row the middle is renewed
from the stock. Schwimmen, Stop the Bus."""

from __future__ import annotations

from typing import ClassVar

from ...core.actions import Action, Pass, Swap, SwapAll
from ...core.cards import Card
from ...core.events import Event
from ...core.kinds import Family
from ...core.rules import Rules
from ...i18n import N_
from ..base import Game
from ..facts import COMMON_HOUSE_RULES
from ..message import L, Msg
from ..settle import stock_out_outcome


class SwapTable(Game):
    """A table of the swap family."""

    family: ClassVar[Family] = Family.SWAP
    card_moves = ("swap",)
    middle_parts = ("middle",)
    open_cards = "middle"
    turn_words = (N_("swap with the middle"),)
    house_rules = COMMON_HOUSE_RULES + ("allow_pass", "allow_swap_all", "dealer_two_hands",
                                        "stock_out")
    simulated = True
    move_odds = "open"
    passes = True
    whole_hand = "swap all"
    exact_turn_quiz = True
    visible_help = N_("The three cards face up in the middle.")
    no_race = N_("nobody draws a card in the swap games: each turn you swap with three open "
                 "middle cards that the other players keep changing")

    @classmethod
    def laid_out(cls, rules: Rules) -> int:
        return 3                        # the middle, or the dealer's second hand

    @classmethod
    def may_take_whole_hand(cls, rules: Rules) -> bool:
        return rules.allow_swap_all

    # --- the deal ---
    def _deal_layout(self, stock: list[Card], open_hand: list[Card]) -> bool:
        if self.rules.dealer_two_hands:
            self.spare = [stock.pop() for _i in range(3)]
            return True
        self.middle = [stock.pop() for _i in range(3)]
        return False

    def _deal_layout_text(self, two_hands: bool, restarted: bool) -> list[Msg]:
        if two_hands:
            return [L.N_("{dealer} gets a second hand, face down, and chooses which hand "
                         "to keep.", dealer=self.name(self.dealer))]
        return [L.N_("The middle is {cards}.", cards=tuple(self.middle))]

    # --- the moves ---
    def _family_moves(self, hand: list[Card], final: bool) -> list[Action]:
        r = self.rules
        acts: list[Action] = [Swap(h, m) for h in hand for m in self.middle]
        if r.allow_swap_all:
            acts.append(SwapAll())
        if r.allow_pass and not final:
            acts.append(Pass())
        return acts

    def _family_reason(self, a: Action, hand: list[Card], who: str) -> Msg | None:
        r = self.rules
        if isinstance(a, Pass):
            if not r.allow_pass:
                return L.N_("Passing is not allowed in this game.")
            return L.N_("After a knock there is no passing: swap or stand.")
        if isinstance(a, SwapAll) and not r.allow_swap_all:
            return L.N_("Swapping the whole hand is not allowed in this game.")
        if isinstance(a, Swap):
            if a.give not in hand:
                return L.N_("The {card} is not in {who}'s hand.", card=a.give, who=who)
            return L.N_("The {card} is not in the middle.", card=a.take)
        return None

    def _family_apply(self, seat: int, a: Action, events: list[Event]) -> None:
        self._swap_move(seat, a, events)

    def _circle_done(self, events: list[Event]) -> bool:
        return self.pass_run >= len(self.active) and self._renew_middle(events)

    def _swap_move(self, seat: int, a: Action, events: list[Event]) -> None:
        who = self.name(seat)
        hand = self.hands[seat]
        if isinstance(a, Swap):
            i, j = hand.index(a.give), self.middle.index(a.take)
            hand[i], self.middle[j] = a.take, a.give
            self.pass_run = 0
            events.append(Event("swap", L.N_("{who} gives the {give} for the {take} from the "
                                            "middle.", who=who, give=a.give, take=a.take), seat))
            self._end_turn(seat, events, changed=True)
        elif isinstance(a, SwapAll):
            self.hands[seat], self.middle = self.middle, hand
            self.pass_run = 0
            events.append(Event("swap", L.N_("{who} swaps the whole hand with the middle; the "
                                            "middle is now {cards}.", who=who,
                                            cards=tuple(self.middle)), seat))
            self._end_turn(seat, events, changed=True)
        else:  # pass
            self.pass_run += 1
            events.append(Event("pass", L.N_("{who} passes.", who=who), seat))
            self._end_turn(seat, events, changed=False)

    def _renew_middle(self, events: list[Event]) -> bool:
        """Everyone passed in a row: retire the middle and turn three new cards. Returns
        True if the round ended instead (fewer than three cards left)."""
        self.pass_run = 0
        if len(self.stock) < 3 and stock_out_outcome(self.rules, bool(self.retired)) == \
                "reshuffle":
            self.retired += self.middle
            self.middle = []
            self._reshuffle_into_stock(self.retired, events, "retired")
            self.retired = []
        if len(self.stock) < 3:
            events.append(Event("stock_out", L.N_("Everyone passed, but fewer than three cards "
                                                 "are left to renew the middle.")))
            self._end_round(stock_out_outcome(self.rules, can_reshuffle=False), events)
            return True
        self.retired += self.middle
        self.middle = [self.stock.pop() for _i in range(3)]
        events.append(Event("renew", L.N_("Everyone passed in a row, so the middle cards leave "
                                         "play and three new ones are turned: {cards}.",
                                         cards=tuple(self.middle))))
        return False
