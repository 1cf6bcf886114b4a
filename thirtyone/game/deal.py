"""The deal and the antes (RULES.md 3a-3b), and a blitz or fire on the deal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.cards import Card, CardError, make_pack, parse_cards
from ..core.events import Event
from ..core.kinds import EndedBy, Phase, Scoring
from .hands import is_blitz, is_fire
from .message import Join, L, Msg
from .state import TableState


def stacked_deck(deck: Sequence[Card] | str, pack_size: int) -> list[Card]:
    """The full deal order: the listed cards from the top, then every other card of the pack
    in the pack's fixed order. Refuses a card twice or a card not in the pack."""
    cards = parse_cards(deck)
    pack = make_pack(pack_size)
    allowed = set(pack)
    seen: set[Card] = set()
    for c in cards:
        if c not in allowed:
            raise CardError(f"'{c}' is not in this {pack_size}-card pack.")
        if c in seen:
            raise CardError(f"'{c}' appears twice in the deck; each card is in the pack once.")
        seen.add(c)
    return cards + [c for c in pack if c not in seen]


class Dealing(TableState):
    """A part of ``Game`` (``game.table``): the deal and the antes (RULES.md 3a-3b), and a blitz or fire on the deal."""

    # --- dealing (RULES.md 3) ---
    def _deal(self, deck: Sequence[Card] | str | None) -> list[Event]:
        r = self.rules
        open_hand = self.restart_hand or []    # switch: the hand a restart laid face up
        self.restart_hand = None
        self._clear_round()
        self.round_no += 1
        self.history.append([])
        events: list[Event] = []
        if r.scoring is Scoring.CHIPS:
            events += self._antes()
            if self.game_over:
                self.phase = Phase.OVER
                self.round_no -= 1
                self.history.pop()
                return events
        if deck is None:
            pack = [c for c in make_pack(r.pack) if c not in open_hand]
            order = [pack[i] for i in self.rng.permutation(len(pack))]
        else:
            order = [c for c in stacked_deck(deck, r.pack) if c not in open_hand]
            self.stacked_rounds.append(self.round_no)
        self.round_decks.append(tuple(order))
        stock = order[::-1]
        seats = self.seats_from(self.dealer)
        for _k in range(3):
            for s in seats:
                self.hands[s].append(stock.pop())
            self._deal_after_circle(stock)
        self.widow_up = [False] * len(self.widow)
        two_hands = self._deal_layout(stock, open_hand)
        if r.draws:     # the draw family, and the widow family with its stock (RULES.md 3c)
            self.discard_pile = [stock.pop()]
            self.upcard = self.discard_pile[0]
        self.stock = stock
        events.append(Event("deal", self._deal_text(seats, two_hands, bool(open_hand))))
        for s in seats:
            events.append(Event("hand", L.N_("Your cards: {cards}.", cards=tuple(self.hands[s])),
                                s, private_to=s))
        events += self._deal_private(two_hands)
        self.phase = Phase.TURN
        ended = self._check_deal_blitz(events)
        if not ended:
            if two_hands:
                self.phase = Phase.CHOOSE
                self.to_move = self.dealer
            else:
                self.to_move = seats[0]
        return events

    # --- a family's part of the deal (its subclass in game.families fills these in) ---
    def _deal_after_circle(self, stock: list[Card]) -> None:
        """After each card to every player (the widow gets one)."""

    def _deal_layout(self, stock: list[Card], open_hand: list[Card]) -> bool:
        """After the hands: the family's cards (a middle, a second and a closed hand).
        Returns whether the dealer was dealt two hands to choose from."""
        return False

    def _deal_first_sentence(self, f: dict[str, Any], restarted: bool) -> Msg:
        return L.N_("Round {n}: {dealer} deals three cards to each player, one at a time, "
                    "starting with {first}.", **f)

    def _deal_layout_text(self, two_hands: bool, restarted: bool) -> list[Msg]:
        """The family's cards in sentences (none where a turn may draw: the upcard's)."""
        return []

    def _deal_private(self, two_hands: bool) -> list[Event]:
        """What only one seat learns at the deal, besides each hand."""
        return []

    def _deal_text(self, seats: list[int], two_hands: bool, restarted: bool = False) -> Msg:
        """The deal in sentences, rendered when read."""
        f = {"n": self.round_no, "dealer": self.name(self.dealer), "first": self.name(seats[0])}
        parts: list[Msg] = [self._deal_first_sentence(f, restarted)]
        if self.rules.draws:
            parts.append(L.N_("The {card} is turned up to start the discard pile.",
                             card=self.discard_pile[-1]))
        else:
            parts += self._deal_layout_text(two_hands, restarted)
        return Join(parts)

    def _antes(self) -> list[Event]:
        r = self.rules
        events = []
        for s in self.active:
            if self.chips[s] < r.ante:
                self.out[s] = True
                events.append(Event("out", L.ngettext(
                    "{who} cannot ante {n} chip and is out.",
                    "{who} cannot ante {n} chips and is out.", r.ante, who=self.name(s)), s))
        left = self.active
        if len(left) <= 1:
            self._game_end(events)
            return events
        for s in left:
            self.chips[s] -= r.ante
            self.pot += r.ante
        events.append(Event("ante", L.ngettext("Everyone antes {n} chip; the pot holds {pot}.",
                                               "Everyone antes {n} chips; the pot holds {pot}.",
                                               r.ante, pot=self.pot)))
        return events

    def _check_deal_blitz(self, events: list[Event]) -> bool:
        fire = [s for s in self.active if is_fire(self.hands[s], self.rules)]
        if fire:
            self._end_round(EndedBy.FIRE, events, fire, on_deal=True)
            return True
        blitz = [s for s in self.active if is_blitz(self.hands[s], self.rules)]
        if blitz:
            self._end_round(EndedBy.BLITZ, events, blitz, on_deal=True)
            return True
        return False
