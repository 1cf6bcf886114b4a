"""The moves every table may have (RULES.md 3a-3c): draw or take and discard wherever a turn
may draw, the dealer's choice between two hands; the stock running out (3d). A family's own
moves (swap, switch, the widow's exchange) are in its class in ``game.families``."""

from __future__ import annotations

from ..core.actions import Action, Discard, Draw, Stand
from ..core.cards import Card
from ..core.events import Event
from ..core.kinds import Phase
from .message import L
from .settle import stock_out_outcome
from .state import TableState


class FamilyMoves(TableState):
    """A part of ``Game`` (``game.base``): drawing, discarding, the dealer's choice of hand,
    and the stock running out."""

    def _choose_hand(self, seat: int, a: Action, events: list[Event]) -> None:
        who = self.name(seat)
        switch = self.dealer_sees_second_hand
        if isinstance(a, Stand):
            self.middle = self.spare
            events.append(Event("choose", L.N_("{who} keeps the first hand and lays the other "
                                              "one open: {cards}.", who=who,
                                              cards=tuple(self.middle)), seat))
        else:
            self.middle = self.hands[seat]
            self.hands[seat] = self.spare
            if switch:
                said = L.N_("{who} lays the first hand open ({cards}) and takes the second hand.",
                           who=who, cards=tuple(self.middle))
            else:
                said = L.N_("{who} lays the first hand open ({cards}) and takes the second hand "
                           "unseen.", who=who, cards=tuple(self.middle))
            events.append(Event("choose", said, seat))
            events.append(Event("hand", L.N_("Your cards: {cards}.",
                                            cards=tuple(self.hands[seat])),
                                seat, private_to=seat))
        self.spare = []
        self.phase = Phase.TURN
        self.turns += 1
        self.own_turns[seat] += 1
        if self._check_move_blitz(seat, events):
            return
        self.to_move = self.next_active(seat)

    def _draw_or_take(self, seat: int, a: Action, events: list[Event]) -> None:
        who = self.name(seat)
        if isinstance(a, Draw):
            card = self.stock.pop()
            self.took_from_discard = False
            events.append(Event("draw", L.N_("{who} draws from the stock.", who=who), seat))
            events.append(Event("drawn", L.N_("You drew the {card}.", card=card), seat,
                                private_to=seat))
        else:
            card = self.discard_pile.pop()
            self.took_from_discard = True
            events.append(Event("take", L.N_("{who} takes the {card} from the discard pile.",
                                            who=who, card=card), seat))
        self.hands[seat].append(card)
        self.just_drawn = card
        self.phase = Phase.DISCARD

    def _discard(self, seat: int, a: Action, events: list[Event]) -> None:
        assert isinstance(a, Discard)
        self.hands[seat].remove(a.card)
        self.discard_pile.append(a.card)
        events.append(Event("discard", L.N_("{who} discards the {card}.", who=self.name(seat),
                                           card=a.card), seat))
        self.just_drawn = None
        self.took_from_discard = False
        self.phase = Phase.TURN
        self._end_turn(seat, events, changed=True)

    def _start_turn(self, events: list[Event]) -> None:
        """At the start of a turn before any knock, an empty stock ends or refills (draw)."""
        if not self.rules.draws or self.stock or self.knocker is not None:
            return
        how = stock_out_outcome(self.rules, can_reshuffle=len(self.discard_pile) >= 2)
        if how == "reshuffle":
            top = self.discard_pile.pop()
            self._reshuffle_into_stock(self.discard_pile, events, "discard")
            self.discard_pile = [top]
            return
        events.append(Event("stock_out", L.N_("The stock has run out.")))
        self._end_round(how, events)

    def _reshuffle_into_stock(self, cards: list[Card], events: list[Event], what: str) -> None:
        order = [cards[i] for i in self.rng.permutation(len(cards))]
        self.stock = order[::-1] + self.stock
        if what == "discard":
            said = L.ngettext("The stock has run out: the discard pile is shuffled to make a "
                              "new stock of {n} card.",
                              "The stock has run out: the discard pile is shuffled to make a "
                              "new stock of {n} cards.", len(order))
        else:
            said = L.ngettext("The stock has run out: the retired middle cards are shuffled to "
                              "make a new stock of {n} card.",
                              "The stock has run out: the retired middle cards are shuffled to "
                              "make a new stock of {n} cards.", len(order))
        events.append(Event("reshuffle", said))
