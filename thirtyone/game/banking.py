"""Banking Thirty-One (RULES.md section 4, variant ``banking``): one banker against the punters.

The game is a state machine like the table engine in ``thirtyone.game``: ``legal_actions()``
lists the moves of the player to move, ``apply(action)`` plays one and returns the events it
caused, ``observation(seat)`` is what one seat may see, and ``next_round()`` deals again.

How a round goes (every amount is a ``Rules`` option):

1. Every player with chips, the banker included, gets three cards, one at a time, starting
   next to the banker in the direction of play; the banker gets each card last.
2. Naturals (31 on the deal). A punter's natural is shown and the banker pays it
   ``natural_pays``. A banker's natural collects ``natural_pays`` from every punter except
   those who also hold a natural; banker and punter naturals stand off **(our reading)**:
   nothing passes between them. A banker's natural ends the round.
3. Each punter still in, in turn, hits (buys one card) or stays. Going over 31 is a bust: the
   punter pays ``bust_pays`` to the banker at once and is out of the round.
4. If any punter stayed, the banker hits or stays. A bust banker pays ``bust_pays`` to every
   punter still in; a standing banker collects ``win_pays`` from every lower punter and pays
   ``win_pays`` to every higher one; equal totals pay nothing.

The pack is not shuffled every round: the banker deals on from the same pack (with more than
five players, two or three packs shuffled together) until it runs out. That is a *talia*.
Then all cards are shuffled afresh and the bank passes to the player on the right (seat
``banker - 1``), unless ``one_banker``. The talia also ends when the pack cannot deal the next
round. If the pack runs out in the middle of a round, the used cards of earlier rounds are
shuffled to finish it **(our reading of the seed)**.

Chips: a player who owes more than they hold pays what they have; a banker who cannot pay
everybody pays in the order of play until the chips run out **(our reading)**. A player with
no chips after a round is out. The game is over when one player holds all the chips, or,
if ``max_rounds`` is given, after that many rounds (then the most chips wins; a tie for the
most is a draw, ``winner`` None).

Randomness: every shuffle comes from ``numpy.random.default_rng([seed, talia, n])``, so a game
is reproduced by its seed (and an optional stacked deck for the first talia) and its moves.
A round may also be dealt from a stacked pack of its own (``next_round(deck)``, as a class
challenge deals every student the same cards): a fresh pack is a new talia, so the cards of
the old one are gathered and the bank passes to the right as the rules say.

>>> g = new_banking_game(players=["Bo", "Ann"], dealer=0, seed=1, deck="TS 9H TD 9C KS AD")
>>> [str(a) for a in g.legal_actions()], g.to_move
(['hit', 'stay'], 1)
>>> [e.text for e in g.apply("stay")]
['Ann stays.']
>>> [e.text for e in g.apply("stay")]
['Bo, the banker, stays on 29.', "Ann has 30, more than the banker's 29: the banker pays 2 chips."]
>>> g.chips, g.round_over
([18, 22], True)
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from ..core.actions import Action, ActionTextError, Hit, Stay, parse_action
from ..core.cards import Card, CardError, make_pack, parse_cards
from ..core.errors import IllegalActionError
from ..core.events import Event
from ..core.kinds import EndedBy, Family, Phase
from ..core.rules import Rules, RulesError, get_variant
from ..core.scoring import banking_total
from ..i18n import N_, _
from .banking_view import BankingObservation as BankingObservation
from .banking_view import BankingResult as BankingResult
from .banking_words import say
from .facts import FamilyFacts
from .message import Join, L, Msg, Names

# Players above this number need more than one pack (RULES.md section 4, banking).
MAX_PLAYERS_ONE_PACK = 5

# Where a seat stands in the current round.
WAITING = "waiting"      # dealt in, has not finished buying
STAYED = "stayed"        # stays on this hand
NATURAL = "natural"      # dealt 31 (a punter's natural is settled at once)
BUST = "bust"            # went over 31 and paid
BANKER = "banker"        # the banker before their turn is over
OUT = "out"              # no chips, no cards


class BankingRecordError(ValueError):
    """A banking game record that cannot be loaded; the message says why."""


def min_packs(players: int) -> int:
    """Fewest packs for this many players: one pack up to five players, then two."""
    return 1 if players <= MAX_PLAYERS_ONE_PACK else 2


def check_table(rules: Rules, players: int) -> None:
    """Refuse rules that are not banking, or a player count these rules cannot seat."""
    if rules.family is not Family.BANKING:
        raise RulesError(f"Banking Thirty-One needs the banking family, not '{rules.family}'.")
    if not rules.min_players <= players <= rules.max_players:
        raise RulesError(f"These rules seat {rules.min_players} to {rules.max_players} players, "
                         f"not {players}.")
    need = min_packs(players)
    if rules.packs < need:
        raise RulesError(f"With {players} players Banking Thirty-One needs at least {need} packs "
                         f"shuffled together (option 'packs' is {rules.packs}); one pack serves "
                         f"at most {MAX_PLAYERS_ONE_PACK} players.")


def stacked_shoe(deck: Iterable[Card | str] | str, rules: Rules) -> list[Card]:
    """The whole pack(s) with ``deck`` on top, in order; the cards not listed follow in the
    fixed order of ``make_pack``, pack after pack. A card may be listed at most once per pack."""
    listed = parse_cards(deck)
    pack = make_pack(rules.pack)
    allowed = set(pack)
    counts: Counter[Card] = Counter()
    for c in listed:
        if c not in allowed:
            raise CardError(f"'{c}' is not in this {rules.pack}-card pack.")
        counts[c] += 1
        if counts[c] > rules.packs:
            raise CardError(f"'{c}' is listed {counts[c]} times but there "
                            f"{'is' if rules.packs == 1 else 'are'} only {rules.packs} of it "
                            f"with {rules.packs} pack{'s' if rules.packs > 1 else ''}.")
    rest: list[Card] = []
    for _i in range(rules.packs):
        for c in pack:
            if counts[c]:
                counts[c] -= 1
            else:
                rest.append(c)
    return listed + rest




class BankingGame(FamilyFacts):
    """A whole game of Banking Thirty-One.

    ``players`` is a number of seats or a list of names; ``banker`` the first banker's seat;
    ``seed`` (an int) or ``rng`` (a numpy Generator, which gives the seed) drive every shuffle;
    ``deck`` stacks the first pack from the top (unlisted cards follow in a fixed order);
    ``chips`` starts the game mid-way; ``max_rounds`` ends it after that many rounds.
    """

    # the banking family's facts (game.facts)
    family = Family.BANKING
    is_table = False
    middle_parts = ("stock",)
    turn_words = (N_("buy a card"), N_("stay"))
    dealer_word = N_("banker")
    house_rules = ("chips", "natural_pays", "bust_pays", "win_pays", "one_banker",
                   "anticlockwise", "packs")
    big_hand = True
    practised = False

    @classmethod
    def laid_out(cls, rules: Rules) -> int:
        return 0

    def __init__(self, rules: Rules | None = None, players: int | Sequence[str] = 2,
                 banker: int = 0, seed: int | None = None,
                 rng: np.random.Generator | None = None,
                 deck: Iterable[Card | str] | str | None = None,
                 chips: Sequence[int] | None = None, max_rounds: int | None = None) -> None:
        self.rules = rules if rules is not None else get_variant("banking").rules
        names = ([f"Seat {i}" for i in range(players)] if isinstance(players, int)
                 else [str(p) for p in players])
        check_table(self.rules, len(names))
        n = len(names)
        if len(set(names)) != len(names) or any(not p.strip() for p in names):
            raise ValueError("Every player needs a name of their own.")
        self.players: tuple[str, ...] = tuple(names)
        if chips is None:
            chips = [self.rules.chips] * n
        chips = list(chips)
        if len(chips) != n or any(not isinstance(c, int) or isinstance(c, bool) or c < 0
                                  for c in chips):
            raise ValueError(f"Chips must be {n} whole numbers of 0 or more, one per player.")
        if sum(1 for c in chips if c > 0) < 2:
            raise ValueError("At least two players need chips to play.")
        if not isinstance(banker, int) or not 0 <= banker < n:
            raise ValueError(f"The banker must be a seat from 0 to {n - 1}.")
        if chips[banker] == 0:
            raise ValueError(f"The banker (seat {banker}) has no chips.")
        if max_rounds is not None and (not isinstance(max_rounds, int) or max_rounds < 1):
            raise ValueError("max_rounds must be a whole number of at least 1, or None.")
        if seed is None:
            seed = int((rng if rng is not None else np.random.default_rng())
                       .integers(0, 2**62))
        self.seed: int = int(seed)
        self.max_rounds = max_rounds
        self.chips: list[int] = chips
        self.banker: int = banker
        self.first_banker: int = banker
        self.start_chips: tuple[int, ...] = tuple(chips)
        self.talia = 0
        self._reshuffles = 0
        # the first pack from the top, as stacked or shuffled; the record keeps it
        self.first_pack: tuple[Card, ...] = tuple(
            stacked_shoe(deck, self.rules) if deck is not None else self._shuffled_shoe())
        # the shoe is kept top-last so that dealing is a pop()
        self.shoe: list[Card] = list(reversed(self.first_pack))
        self.used: list[Card] = []          # cards of finished rounds in this talia
        self.talia_over = False
        self.round_no = 0
        self.hands: list[list[Card]] = [[] for _i in range(n)]
        self.status: list[str] = [OUT] * n
        self.to_move: int | None = None
        self.round_over = False
        self.game_over = False
        self.winner: int | None = None
        self.history: list[str] = []        # canonical text of every move, for records
        self.log: list[Event] = []
        self.results: list[BankingResult] = []   # every finished round, as the table's
        # the stacked pack of each later round dealt with ``next_round(deck)`` (None: dealt on
        # from the talia); the record keeps them
        self.round_decks: list[tuple[Card, ...] | None] = []
        self.styles: tuple[str | None, ...] = (None,) * n   # bot level per seat (public)
        self._deal()

    # --- seats and order -------------------------------------------------------------

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def step(self) -> int:
        """+1 clockwise (to the left), -1 anticlockwise (to the right)."""
        return -1 if self.rules.anticlockwise else 1

    def active(self, seat: int) -> bool:
        return self.chips[seat] > 0

    def punters_in_order(self) -> list[int]:
        """Punters with chips, in the order of play from the banker."""
        seats = [(self.banker + self.step * k) % self.n for k in range(1, self.n)]
        return [s for s in seats if self.active(s)]

    def seat_right_of(self, seat: int) -> int:
        """The next player with chips on the right (seat - 1, - 2, ...)."""
        for k in range(1, self.n):
            s = (seat - k) % self.n
            if self.active(s):
                return s
        return seat

    def total(self, seat: int) -> int:
        return banking_total(self.hands[seat])[0]

    def is_bust(self, seat: int) -> bool:
        return banking_total(self.hands[seat])[1]

    def name(self, seat: int) -> str:
        return self.players[seat]

    def _m(self, seat: int, you: Msg, other: Msg) -> Msg:
        """``you`` for a person playing as "You", else ``other`` (``banking_words``)."""
        return you if self.players[seat] == "You" else other

    def _say(self, seat: int, key: str, **fields: Any) -> Msg:
        """The sentence ``key`` of ``banking_words.SAY`` about ``seat`` ("You stay." or
        "Ann stays.")."""
        fields.setdefault("who", self.name(seat))
        return say(key, self.players[seat] == "You", **fields)

    # --- cards ------------------------------------------------------------------------

    def _rng(self) -> np.random.Generator:
        return np.random.default_rng([self.seed, self.talia, self._reshuffles])

    def _shuffled_shoe(self) -> list[Card]:
        cards = list(make_pack(self.rules.pack)) * self.rules.packs
        order = self._rng().permutation(len(cards))
        return [cards[i] for i in order]

    def _draw(self, events: list[Event]) -> Card:
        if not self.shoe:
            # The pack ran out mid-round: the used cards finish this round, then a new talia.
            self._reshuffles += 1
            order = self._rng().permutation(len(self.used))
            self.shoe = [self.used[i] for i in order]
            self.used = []
            self.talia_over = True
            events.append(Event("reshuffle", L.N_("The pack has run out: the cards of earlier "
                                                 "rounds are shuffled to finish this round."),
                                None))
        card = self.shoe.pop()
        if not self.shoe:
            self.talia_over = True
        return card

    def can_draw(self) -> bool:
        return bool(self.shoe or self.used)

    def counters(self) -> list[int]:
        """Each seat's chips (the table engine's name for what the rules keep)."""
        return list(self.chips)

    def all_cards(self) -> list[Card]:
        """Every card of the game wherever it is (pack, hands, used); for checks."""
        return self.shoe + self.used + [c for h in self.hands for c in h]

    # --- the round ----------------------------------------------------------------------

    def _deal(self) -> list[Event]:
        events: list[Event] = []
        self.round_log_start = len(self.log)
        self.round_no += 1
        self.round_over = False
        self._reshuffles = 0
        self.round_start_chips = list(self.chips)
        self.hands = [[] for _i in range(self.n)]
        self.status = [OUT if not self.active(s) else WAITING for s in range(self.n)]
        self.status[self.banker] = BANKER
        order = self.punters_in_order() + [self.banker]
        for _i in range(3):
            for s in order:
                self.hands[s].append(self._draw(events))
        b = self.banker
        f = {"round": self.round_no, "who": self.name(b), "n": len(order)}
        events.append(Event("deal", self._say(b, "deal", **f), b))
        for s in order:
            events.append(Event("hand", L.N_("Your cards: {cards} ({total}).",
                                            cards=tuple(self.hands[s]), total=self.total(s)),
                                s, private_to=s))
        events += self._settle_naturals()
        if not self.round_over:
            self._advance(events)
        self.log += events
        return events

    def _pay(self, payer: int, payee: int, amount: int, why: Callable[..., Msg],
             events: list[Event]) -> int:
        """Move up to ``amount`` chips; ``why(paid)``: the sentence, given '2 chips'."""
        paid = min(amount, self.chips[payer])
        self.chips[payer] -= paid
        self.chips[payee] += paid
        chips = L.ngettext("{n} chip", "{n} chips", paid)
        text: Msg = why(chips)
        if paid < amount:
            text = Join([text, self._m(
                payer, L.ngettext("(You had only {n} chip.)", "(You had only {n} chips.)", paid),
                L.ngettext("({who} had only {n} chip.)", "({who} had only {n} chips.)", paid,
                           who=self.name(payer)))])
        events.append(Event("pay", text, payer))
        return paid

    def _settle_naturals(self) -> list[Event]:
        events: list[Event] = []
        b = self.banker
        banker_natural = self.total(b) == 31
        pays = self.rules.natural_pays
        for s in self.punters_in_order():
            if self.total(s) == 31:
                self.status[s] = NATURAL
                if banker_natural:
                    events.append(Event("natural", self._say(s, "natural_both"), s))
                else:
                    events.append(Event("natural", self._say(s, "natural"), s))
                    self._pay(b, s, pays, lambda paid, s=s: self._say(s, "paid_natural", paid=paid),
                              events)
        if banker_natural:
            self.status[b] = NATURAL
            events.append(Event("banker_natural", self._say(b, "banker_natural"), b))
            for s in self.punters_in_order():
                if self.status[s] != NATURAL:
                    self._pay(s, b, pays, lambda paid, s=s: self._say(
                        s, "pay_banker_natural", paid=paid), events)
            events += self._end_round()
        return events

    def _advance(self, events: list[Event]) -> None:
        """Pass the turn to the next punter still buying, then the banker, or end the round."""
        for s in self.punters_in_order():
            if self.status[s] == WAITING:
                self.to_move = s
                return
        if any(self.status[s] == STAYED for s in range(self.n)):
            self.to_move = self.banker
            return
        events.append(Event("no_punters", L.N_("No punter is still in, so the banker does not "
                                              "play."), self.banker))
        events += self._end_round()

    def legal_actions(self) -> list[Action]:
        """Hit (while a card is left) and stay; none between rounds or after the game."""
        if self.round_over or self.to_move is None:
            return []
        return [Hit(), Stay()] if self.can_draw() else [Stay()]

    @property
    def phase(self) -> str:
        """As the table engine names it: "turn" while a round is played, else "over"."""
        return Phase.OVER if self.round_over else Phase.TURN

    def why_illegal(self, action: Action | str) -> str | None:
        """None if the move is legal now, else a sentence saying why not (as ``Game``)."""
        try:
            self.check(parse_action(action) if isinstance(action, str) else action)
        except (IllegalActionError, ActionTextError, CardError) as e:
            return str(e)
        if self.to_move is None:
            return _("Nobody is to move now.")
        return None

    def check(self, action: Action) -> None:
        """Raise IllegalActionError saying why ``action`` is not allowed now."""
        if self.game_over:
            raise IllegalActionError(L.N_("The game is over; start a new game."))
        if self.round_over:
            raise IllegalActionError(L.N_("The round is over; deal the next round first."))
        if not isinstance(action, (Hit, Stay)):
            raise IllegalActionError(L.N_("'{move}' is not a banking move; the moves are hit "
                                         "and stay.", move=str(action)[:60]))
        if isinstance(action, Hit) and not self.can_draw():
            raise IllegalActionError(L.N_("There are no cards left to buy; you can only stay."))

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Play one move of the player to move (``seat``, if given, must be that seat)."""
        if seat is not None and not self.round_over and seat != self.to_move:
            raise IllegalActionError(L.N_("It is not your turn."))
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except (ActionTextError, CardError) as e:
                raise IllegalActionError(str(e)) from None
        self.check(action)
        seat = self.to_move
        assert seat is not None
        events: list[Event] = []
        self.history.append(str(action))
        is_banker = seat == self.banker
        if isinstance(action, Hit):
            card = self._draw(events)
            self.hands[seat].append(card)
            n_cards = len(self.hands[seat])
            who = self.name(seat)
            events.append(Event("hit", self._say(seat, "hit", n=n_cards), seat))
            events.append(Event("drawn", L.N_("You bought the {card}: your total is {total}.",
                                             card=card, total=self.total(seat)),
                                seat, private_to=seat))
            if self.is_bust(seat):
                shown = tuple(self.hands[seat])
                if is_banker:
                    events += self._banker_bust(shown)
                else:
                    self.status[seat] = BUST
                    f = {"who": who, "cards": shown, "total": self.total(seat)}
                    events.append(Event("bust", self._say(seat, "bust", **f), seat))
                    self._pay(seat, self.banker, self.rules.bust_pays,
                              lambda paid: self._say(seat, "pay_bust", paid=paid), events)
                    self._advance(events)
        else:
            if is_banker:
                f = {"who": self.name(seat), "total": self.total(seat)}
                events.append(Event("stay", self._say(seat, "banker_stays", **f), seat))
                events += self._showdown()
            else:
                self.status[seat] = STAYED
                events.append(Event("stay", self._say(seat, "stays"), seat))
                self._advance(events)
        self.log += events
        return events

    def _punters_still_in(self) -> list[int]:
        return [s for s in self.punters_in_order() if self.status[s] == STAYED]

    def _banker_bust(self, shown: tuple[Card, ...]) -> list[Event]:
        b = self.banker
        self.status[b] = BUST
        f = {"who": self.name(b), "cards": shown, "total": self.total(b)}
        events = [Event("banker_bust", self._say(b, "banker_bust", **f), b)]
        for s in self._punters_still_in():
            self._pay(b, s, self.rules.bust_pays,
                      lambda paid, s=s: self._say(s, "paid_bust", paid=paid), events)
        return events + self._end_round()

    def _showdown(self) -> list[Event]:
        b = self.banker
        self.status[b] = STAYED
        bt = self.total(b)
        events: list[Event] = []
        w = self.rules.win_pays
        for s in self._punters_still_in():
            pt = self.total(s)
            f = {"who": self.name(s), "total": pt, "banker": bt}
            if pt < bt:
                self._pay(s, b, w, lambda paid, s=s, f=f: self._say(s, "pays_less", paid=paid, **f),
                          events)
            elif pt > bt:
                self._pay(b, s, w, lambda paid, s=s, f=f: self._say(s, "paid_more", paid=paid, **f),
                          events)
            else:
                events.append(Event("tie", self._say(s, "tie", **f),
                    s))
        return events + self._end_round()

    def _end_round(self) -> list[Event]:
        self.round_over = True
        self.to_move = None
        self.results.append(BankingResult(
            self.round_no, EndedBy.SHOWDOWN,
            tuple(c - c0 for c, c0 in zip(self.chips, self.round_start_chips, strict=True)),
            tuple(self.total(s) if self.hands[s] else 0 for s in range(self.n)), self.banker))
        events: list[Event] = []
        for s in range(self.n):
            if self.status[s] != OUT and self.chips[s] == 0:
                events.append(Event("out", self._say(s, "out"), s))
        alive = [s for s in range(self.n) if self.chips[s] > 0]
        if len(alive) == 1:
            self.game_over, self.winner = True, alive[0]
            events.append(Event("game_over", self._say(alive[0], "holds_all"),
                alive[0]))
        elif self.max_rounds is not None and self.round_no >= self.max_rounds:
            self.game_over = True
            top = max(self.chips)
            leaders = [s for s in range(self.n) if self.chips[s] == top]
            self.winner = leaders[0] if len(leaders) == 1 else None
            f = {"who": self.name(leaders[0]), "n": top}
            text = (self._say(leaders[0], "most_chips", **f)
                    if self.winner is not None else
                    L.N_("{who} share the most chips ({n}): a draw.",
                        who=Names([self.name(s) for s in leaders]), n=top))
            events.append(Event("game_over", Join([
                L.N_("After {n} rounds the game ends.", n=self.round_no), text]), self.winner))
        return events

    def next_round(self, deck: Iterable[Card | str] | str | None = None) -> list[Event]:
        """Gather the cards and deal the next round; at the end of a talia shuffle every card
        afresh and pass the bank to the right (unless one banker plays all game). ``deck``
        deals the round from a stacked pack of its own (unlisted cards follow in a fixed
        order): a fresh pack, so a new talia, and the bank passes as at the end of one."""
        if not self.round_over:
            raise IllegalActionError(L.N_("The round is still being played."))
        if self.game_over:
            raise IllegalActionError(L.N_("The game is over; start a new game."))
        # a stacked pack is checked before anything changes (a CardError leaves the game be)
        stacked = tuple(stacked_shoe(deck, self.rules)) if deck is not None else None
        events: list[Event] = []
        start = len(self.log)
        for h in self.hands:
            self.used += h
        self.hands = [[] for _i in range(self.n)]
        players_left = sum(1 for s in range(self.n) if self.active(s))
        if len(self.shoe) < 3 * players_left or stacked is not None:
            self.talia_over = True
        old = self.banker
        if self.talia_over:
            self.talia += 1
            self._reshuffles = 0
            self.shoe = (list(reversed(stacked)) if stacked is not None
                         else self._shuffled_shoe())
            self.used = []
            self.talia_over = False
            if not self.rules.one_banker or not self.active(old):
                self.banker = self.seat_right_of(old)
            how = "fresh" if stacked is not None else "talia"
            if self.banker != old:
                text = self._say(self.banker, f"{how}_passes")
            else:
                text = self._say(old, f"{how}_keeps")
            events.append(Event("talia", text, self.banker))
        if not self.active(self.banker):
            self.banker = self.seat_right_of(self.banker)
            new = self.name(self.banker)
            if self.players[old] == "You":
                text = L.N_("You are out, so the bank passes to {new} on the right.", new=new)
            elif self.players[self.banker] == "You":
                text = L.N_("{who} is out, so the bank passes to you on the right.",
                           who=self.name(old))
            else:
                text = L.N_("{who} is out, so the bank passes to {new} on the right.",
                           who=self.name(old), new=new)
            events.append(Event("bank_passes", text, self.banker))
        self.log += events
        self.round_decks.append(stacked)
        dealt = self._deal()
        self.round_log_start = start
        return events + dealt

    # --- what a seat may see ----------------------------------------------------------

    def _public(self, s: int) -> bool:
        """Whether seat ``s``'s hand lies face up: a natural or a bust, or the round is over."""
        return self.round_over or self.status[s] in (NATURAL, BUST)

    def observation(self, seat: int | None, log: bool = True) -> BankingObservation:
        """What ``seat`` may see now; ``log=False`` leaves out the event log (faster).
        ``None`` is a spectator (a teacher, a classmate without a seat): only the public
        hands, no moves, with ``seat`` -1."""
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < self.n):
            raise ValueError(f"Seat must be from 0 to {self.n - 1}.")
        hands = tuple(tuple(h) if h and (s == seat or self._public(s)) else None
                      for s, h in enumerate(self.hands))
        hand = tuple(self.hands[seat]) if seat is not None else ()
        return BankingObservation(
            seat=-1 if seat is None else seat, rules=self.rules, players=self.players, round_no=self.round_no,
            banker=self.banker, hand=hand, total=banking_total(hand)[0] if hand else None,
            hands=hands, hand_counts=tuple(len(h) for h in self.hands),
            status=tuple(self.status), stock_count=len(self.shoe), talia=self.talia,
            chips=tuple(self.chips),
            chips_won=tuple(c - c0 for c, c0 in zip(self.chips, self.round_start_chips,
                                                    strict=True)),
            out=tuple(c == 0 for c in self.chips),
            to_move=self.to_move,
            legal_actions=(tuple(self.legal_actions())
                           if seat is not None and self.to_move == seat else ()),
            log=tuple(e for e in self.log[self.round_log_start:]
                      if e.private_to is None or e.private_to == seat) if log else (),
            round_over=self.round_over, game_over=self.game_over, winner=self.winner,
            styles=self.styles)

    def hidden_from(self, seat: int | None) -> set[Card]:
        """The cards ``seat`` (None: a spectator) may not see: hands not shown, the shoe."""
        out = {c for s, h in enumerate(self.hands) if s != seat and not self._public(s)
               for c in h}
        return out | set(self.shoe)

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data (compares games, checks saved files)."""
        def t(cards: Iterable[Card]) -> list[str]:
            return [str(c) for c in cards]
        return {"round": self.round_no, "talia": self.talia, "banker": self.banker,
                "to_move": self.to_move, "round_over": self.round_over,
                "hands": [t(h) for h in self.hands], "status": list(self.status),
                "stock": t(self.shoe), "used": t(self.used), "talia_over": self.talia_over,
                "chips": list(self.chips), "game_over": self.game_over, "winner": self.winner,
                "history": list(self.history), "log": [e.text for e in self.log]}

    def copy(self) -> BankingGame:
        """An independent copy (cards and events are frozen, so lists are copied)."""
        g = copy.copy(self)
        for attr in ("chips", "round_start_chips", "shoe", "used", "status", "history", "log",
                     "results", "round_decks"):
            setattr(g, attr, list(getattr(self, attr)))
        g.hands = [list(h) for h in self.hands]
        return g


def new_banking_game(rules: Rules | None = None, players: int | Sequence[str] = 2, *,
                     seed: int | None = None, rng: np.random.Generator | None = None,
                     deck: Iterable[Card | str] | str | None = None, dealer: int = 0,
                     chips: Sequence[int] | None = None,
                     max_rounds: int | None = None) -> BankingGame:
    """Start a banking game and deal round 1, with the arguments of ``game.new_game``
    (``dealer`` is the first banker, ``chips`` starts mid-game)."""
    return BankingGame(rules, players, banker=dealer, seed=seed, rng=rng, deck=deck,
                       chips=chips, max_rounds=max_rounds)
