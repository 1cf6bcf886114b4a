"""The moves of each family (RULES.md 3a-3c): draw or take and discard, swap, switch, widow
exchange, the dealer's choice of hand; the stock running out (3d)."""

from __future__ import annotations

from itertools import combinations

from ..core.actions import (
    Action,
    Discard,
    Draw,
    Exchange,
    Stand,
    Swap,
    SwapAll,
    SwitchOpen,
)
from ..core.cards import Card
from ..core.events import Event
from .message import L
from .settle import (
    stock_out_outcome,
)

# Widow family: every way to give k hand cards (positions in the sorted hand) for k widow
# slots, k = 1..3, as pairs of indices into COMBOS.
COMBOS = [c for k in range(1, 4) for c in combinations(range(3), k)]
EXCHANGE_PAIRS = [(g, t) for g, cg in enumerate(COMBOS) for t, ct in enumerate(COMBOS)
                   if len(cg) == len(ct)]


class FamilyMoves:
    """A part of ``Game`` (``game.table``): the moves of each family (RULES.md 3c): draw or take and discard, swap, switch, widow"""

    def _exchanges(self, hand: list[Card]) -> list[Action]:
        cards = sorted(hand)
        names = [self._slot_name(i) for i in range(len(self.widow))]
        gives = [tuple(cards[i] for i in g) for g in COMBOS]
        takes = [tuple(names[j] for j in t) for t in COMBOS]
        return [Exchange(gives[g], takes[t]) for g, t in EXCHANGE_PAIRS]

    def _slot_name(self, i: int) -> Card | int:
        return self.widow[i] if self.widow_up[i] else i

    def _choose_hand(self, seat: int, a: Action, events: list[Event]) -> None:
        who = self.name(seat)
        switch = self.rules.family == "switch"
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
        self.phase = "turn"
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
        self.phase = "discard"

    def _discard(self, seat: int, a: Action, events: list[Event]) -> None:
        assert isinstance(a, Discard)
        self.hands[seat].remove(a.card)
        self.discard_pile.append(a.card)
        events.append(Event("discard", L.N_("{who} discards the {card}.", who=self.name(seat),
                                           card=a.card), seat))
        self.just_drawn = None
        self.took_from_discard = False
        self.phase = "turn"
        self._end_turn(seat, events, changed=True)

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
