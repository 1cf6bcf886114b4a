"""The table: the state machine every table family shares (RULES.md 3a-3e): turns, the knock,
the last turns, the end of a round and of the game. Each family (draw, swap, widow, switch) is
a subclass in ``game.families`` that owns its deal, its moves and its facts; ``new_game``
(``game.table``) deals a game with the class of its rules' family.

How to use it
-------------
``new_game(rules, players, seed=...)`` deals round 1 and returns a ``Game``. The game is a
mutable object with a ``copy()``; ``game.apply(action)`` changes it in place and returns the
events the move caused. Applying is atomic: an illegal move raises ``IllegalActionError``
with a sentence saying why and leaves the game exactly as it was (every check happens before
anything changes). ``game.legal_actions()`` lists every legal move of the player to move.

>>> from thirtyone.core.rules import get_variant
>>> from thirtyone.game.table import new_game
>>> deck = "AH KS 2C 9H QS 3C 7D JS 4C 8D"
>>> g = new_game(get_variant("scat").rules, ["Ann", "Bo", "Cy"], deck=deck)
>>> [" ".join(map(str, h)) for h in g.hands], str(g.discard_pile[-1])
(['2C 3C 4C', 'AH 9H 7D', 'KS QS JS'], '8D')
>>> g.to_move, [str(a) for a in g.legal_actions()]
(1, ['draw', 'take', 'knock'])
>>> [e.text for e in g.apply("take")]
['Bo takes the 8♦ from the discard pile.']
>>> [str(a) for a in g.legal_actions()]
['discard AH', 'discard 9H', 'discard 7D']

Dealer 0 deals from seat 1 (left of the dealer), one card at a time; the 8♦ is then turned
up to start the discard pile. Seat 1 moves first.

What a player may see is an ``Observation`` (``game.observation(seat)``): the own hand, the
public cards, how many cards the others hold, lives, the public move history and, after the
round, every hand. Bots and pages work only from observations. The history of the round comes
three ways: ``public_moves`` (for code: a tuple of ``PublicMove(seat, action, card)`` in
order, ``card`` being the card taken from the discard pile for a ``take``; it never names a
hidden card), ``upcard`` (draw family: the card turned up at the deal, the first card of
this round's discard pile) and, for people, ``moves`` (seat, move text) and ``log`` (the
``Event`` sentences). Code reads ``public_moves`` and ``upcard``, never the sentences, so
rewording a message changes no decision. ``observation(seat, log=False)`` (the fast path of
simulations) leaves out ``log`` only. Events carry ``private_to``: an event with a seat there
(e.g. which card was drawn) is shown only to that seat.

Randomness comes only from the game's own ``numpy.random.Generator`` (shuffles, reshuffles)
or from a stacked deck, so a game replays exactly from its record (``thirtyone.records``).

At a glance: ``Game`` has ``legal_actions()``, ``apply(action) -> list[Event]``,
``why_illegal(action)``, ``next_round()``, ``observation(seat)``, ``copy()``, ``snapshot()``;
``to_move``, ``phase`` (turn, discard, choose, restart, over), ``round_over``, ``game_over``,
``winner``, ``round_result`` (``RoundResult``: ended_by knock/blitz/fire/stock/void, values,
lives_lost, knocker, points_won, chips_won), ``results`` (every round), ``final_turn``
(``FinalTurns``: knocker, still_to_move), ``lives`` / ``points`` / ``chips`` / ``pot`` /
``out`` per seat, ``log`` (every event), ``history`` (each round's moves as text),
``public_moves`` / ``upcard`` (this round's structured public history), ``hands``,
``stock``, ``discard_pile``, ``middle`` (swap: the middle; switch: the open hand),
``closed``, ``widow`` / ``widow_up``. ``thirtyone.bots.play_round(...)`` plays one
simulated round.

Two moves of ``actions.py`` double as the dealer's choice where the dealer is dealt two hands
(``dealer_two_hands`` in the swap family, and the switch family): ``stand`` keeps the first
hand, ``swap all`` takes the other hand. The Switch restart (``game.restart``) is the phase
``restart`` at the showdown, answered by ``restart`` or ``no restart``.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from ..core.actions import (
    Action,
    ActionTextError,
    Discard,
    Draw,
    Knock,
    NoRestart,
    Restart,
    Stand,
    SwapAll,
    Take,
    parse_action,
)
from ..core.cards import Card, CardError, make_pack
from ..core.errors import IllegalActionError
from ..core.events import Event, PublicMove
from ..core.kinds import EndedBy, Phase
from ..core.rules import Rules, life_words
from ..i18n import _
from .deal import Dealing, stacked_deck
from .facts import FamilyFacts
from .hands import is_blitz, is_fire
from .message import L, Msg, lives_msg
from .moves import FamilyMoves
from .restart import Restarts
from .settle import (
    blitz_on_move_counts,
    first_knock_turn,
)
from .showdown import Showdown
from .values import FinalTurns, Observation, RoundResult

__all__ = ["Observation", "Game", "RoundResult", "FinalTurns", "stacked_deck", "ROUND_TURN_CAP"]

# A round still going after this many turns is void (nobody loses): a swap-family round can
# otherwise go on for ever. Part of the game, so a record replays it; thirtyone.sim has the same cap.
ROUND_TURN_CAP = 400

# --- hand values (fast paths for the engine and the bots) ---------------------------------

# --- the game ----------------------------------------------------------------------------

class Game(FamilyFacts, Dealing, FamilyMoves, Restarts, Showdown):
    """The whole state of a table game. Build it with ``new_game``; see the module text.
    A family's subclass fills in the hooks below marked "a family's", and its facts."""

    def __init__(self, rules: Rules, players: Sequence[str], rng: np.random.Generator,
                 dealer: int, counters: Sequence[int | None] | None,
                 styles: Sequence[str | None] | None = None) -> None:
        if rules.family != self.family:
            raise ValueError(f"{type(self).__name__} plays the {self.family} family, "
                             f"not {str(rules.family)!r}: deal with new_game.")
        players = [str(p) for p in players]
        n = len(players)
        if not rules.min_players <= n <= rules.max_players:
            raise ValueError(_("These rules are for {low} to {high} players, not {n}.").format(
                low=rules.min_players, high=rules.max_players, n=n))
        if len(set(players)) != n or any(not p.strip() for p in players):
            raise ValueError(_("Every player needs a name of their own."))
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError(_("The dealer must be a seat from 0 to {last}, not {dealer}.").format(
                last=n - 1, dealer=repr(dealer)[:20]))
        styles = [None] * n if styles is None else list(styles)
        if len(styles) != n or any(st is not None and not (isinstance(st, str) and st.strip())
                                   for st in styles):
            raise ValueError(_("Give one style per player ({n}): a bot level such as 'basic', "
                               "or nothing for a person.").format(n=n))
        self.rules = rules
        self.players = tuple(players)
        self.styles: tuple[str | None, ...] = tuple(styles)
        self.n = n
        self.rng = rng
        self.initial_rng_state = _copy.deepcopy(rng.bit_generator.state)
        self.first_dealer = dealer
        self.dealer = dealer
        self.life_name, self.life_plural = life_words(rules)
        self.lives = [rules.lives] * n
        self.points = [0] * n
        self.chips = [rules.chips] * n
        self.out = [False] * n
        start = [rules.lives, 0, rules.chips][("lives", "points", "chips").index(rules.scoring)]
        self.start_counters = list(counters) if counters is not None else [start] * n
        self._set_counters(counters)
        self.pot = 0
        self.round_no = 0
        self.log: list[Event] = []
        self.history: list[list[str]] = []
        self.round_decks: list[tuple[Card, ...]] = []
        self.stacked_rounds: list[int] = []
        self.results: list[RoundResult] = []
        self.game_over = False
        self.winner: int | None = None
        self.restart_hand: list[Card] | None = None   # switch: the next deal's open hand
        self._clear_round()

    def _set_counters(self, counters: Sequence[int | None] | None) -> None:
        if counters is None:
            return
        r = self.rules
        counters = list(counters)
        if len(counters) != self.n:
            raise ValueError(_("Give one starting count per player ({n}), not {got}.").format(
                n=self.n, got=len(counters)))
        for i, v in enumerate(counters):
            if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
                raise ValueError(_("The count for {who} must be a whole number, not {v}.").format(
                    who=self.players[i], v=repr(v)[:20]))
        if r.scoring == "lives":
            for i, v in enumerate(counters):
                if v is not None and v > r.lives:
                    raise ValueError(_("{who} cannot have {v} lives; these rules start with "
                                       "{n}.").format(who=self.players[i], v=v, n=r.lives))
                if v is None or v < 0 or (v == 0 and not r.extra_life):
                    self.out[i] = True
                    self.lives[i] = 0
                else:
                    self.lives[i] = v
        elif r.scoring == "points":
            for i, v in enumerate(counters):
                if v is None or v < 0:
                    raise ValueError(_("{who} cannot have {v} points.").format(
                        who=self.players[i], v=repr(v)[:20]))
                self.points[i] = v
        else:
            for i, v in enumerate(counters):
                if v is None or v < 0:
                    raise ValueError(_("{who} cannot have {v} chips.").format(
                        who=self.players[i], v=repr(v)[:20]))
                self.chips[i] = v
        if sum(not o for o in self.out) < 2:
            raise ValueError(_("At least two players must still be in the game."))

    def _clear_round(self) -> None:
        self.hands: list[list[Card]] = [[] for _i in range(self.n)]
        self.stock: list[Card] = []          # top of the stock is the END of the list
        self.discard_pile: list[Card] = []   # top is the end
        self.middle: list[Card] = []         # swap: the three open cards; switch: open hand
        self.closed: list[Card] = []         # switch: the closed hand
        self.spare: list[Card] = []          # the dealer's second hand before the choice
        self.widow: list[Card] = []
        self.widow_up: list[bool] = []
        self.retired: list[Card] = []        # middle cards taken out of play (swap family)
        self.to_move: int | None = None
        self.phase = Phase.TURN
        self.just_drawn: Card | None = None
        self.took_from_discard = False
        self.knocker: int | None = None
        self.still_to_move: list[int] = []
        self.pass_run = 0
        self.turns = 0
        self.moves_made = 0                  # turns except the dealer's choice of hand
        self.own_turns = [0] * self.n
        self.moves: list[tuple[int, str]] = []
        self.public_moves: list[PublicMove] = []
        self.upcard: Card | None = None      # draw family: the card turned up at the deal
        self.round_log_start = len(self.log) if hasattr(self, "log") else 0
        self.round_result: RoundResult | None = None
        self._legal: list[Action] | None = None
        self.restart_offered = False         # switch restart: asked at this showdown
        self.restart_askers: list[int] = []  # who may still call it, in turn
        self.restart_by: int | None = None
        self.pending_end: str | None = None  # how the round ends if nobody calls it
        self.showdown_announced = False

    # --- small facts ---
    @property
    def round_over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def active(self) -> list[int]:
        return [s for s in range(self.n) if not self.out[s]]

    def seats_from(self, seat: int) -> list[int]:
        """Active seats clockwise starting left of ``seat``."""
        return [(seat + k) % self.n for k in range(1, self.n + 1)
                if not self.out[(seat + k) % self.n]]

    def next_active(self, seat: int) -> int:
        return self.seats_from(seat)[0]

    @property
    def final_turn(self) -> FinalTurns | None:
        if self.knocker is None or self.hands_shown:
            return None
        return FinalTurns(self.knocker, tuple(self.still_to_move))

    def name(self, seat: int) -> str:
        return self.players[seat]

    def _lives_text(self, n: int) -> Msg:
        """'a penny', '2 pennies': counted lives in the rules' own word, rendered when read."""
        return lives_msg(self.life_name, n)

    def copy(self) -> Game:
        g = _copy.copy(self)
        for attr in ("lives", "points", "chips", "out", "log", "round_decks", "stacked_rounds",
                     "results", "stock", "discard_pile", "middle", "closed", "spare", "widow",
                     "widow_up", "retired", "still_to_move", "own_turns", "moves",
                     "public_moves", "restart_askers"):
            setattr(g, attr, list(getattr(self, attr)))
        g.hands = [list(h) for h in self.hands]
        g.history = [list(h) for h in self.history]
        g.rng = _copy.deepcopy(self.rng)
        return g

    # --- legal moves ---
    def _may_knock(self) -> bool:
        if self.knocker is not None:
            return False
        return self.moves_made >= first_knock_turn(self.rules, len(self.active))

    def legal_actions(self) -> list[Action]:
        """Every legal move of the player to move (empty when the round is over)."""
        if self._legal is None:
            self._legal = self._legal_actions()
        return list(self._legal)

    def _legal_actions(self) -> list[Action]:
        if self.phase == Phase.OVER or self.to_move is None:
            return []
        r = self.rules
        seat = self.to_move
        hand = self.hands[seat]
        final = self.knocker is not None
        if self.phase == Phase.CHOOSE:
            return [Stand(), SwapAll()]
        if self.phase == Phase.RESTART:
            return [Restart(), NoRestart()]
        if self.phase == Phase.DISCARD:
            return [Discard(c) for c in hand
                    if r.may_discard_taken_card or not self.took_from_discard
                    or c != self.just_drawn]
        acts: list[Action] = []
        if r.draws:      # the draw family, and the widow family with its stock (RULES.md 3c)
            if self.stock:
                acts.append(Draw())
            if self.discard_pile:
                acts.append(Take())
        acts += self._family_moves(hand, final)
        if final:
            acts.append(Stand())
        elif self._may_knock():
            acts.append(Knock())
        return acts

    def _canonical(self, action: Action | str) -> Action:
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except (ActionTextError, CardError) as e:
                raise IllegalActionError(str(e)) from None
        if not isinstance(action, Action):
            raise IllegalActionError(_("{action} is not a move.").format(action=repr(action)[:60]))
        return self._family_canonical(action)

    # --- a family's hooks (its subclass in game.families fills them in) ---
    def _family_moves(self, hand: list[Card], final: bool) -> list[Action]:
        """The family's own moves at the start of a turn (besides draw, take, knock, stand)."""
        return []

    def _family_canonical(self, action: Action) -> Action:
        """``action`` as ``legal_actions`` writes it (the widow names its slots)."""
        return action

    def _family_reason(self, a: Action, hand: list[Card], who: str) -> Msg | None:
        """Why the family refuses ``a`` now, where it can say (else None)."""
        return None

    def _family_apply(self, seat: int, a: Action, events: list[Event]) -> None:
        """Play one of the family's own moves."""
        raise NotImplementedError(f"{type(self).__name__} has no move {a}.")

    def _circle_done(self, events: list[Event]) -> bool:
        """After a turn before any knock: whether the family ended the round (the swap
        family renews its middle when everyone passed)."""
        return False

    def _spare_visible(self, seat: int) -> bool:
        """Whether ``seat`` sees the dealer's second hand now."""
        return False

    def why_illegal(self, action: Action | str) -> str | None:
        """None if the move is legal now, else a sentence saying why not."""
        try:
            a = self._canonical(action)
        except IllegalActionError as e:
            return str(e)
        legal = self.legal_actions()
        if a in legal:
            return None
        return str(self._reason(a, legal))

    def _reason(self, a: Action, legal: list[Action]) -> Msg:
        """Why ``a`` is illegal now, as a message rendered when read."""
        r = self.rules
        if self.game_over:
            return L.N_("The game is over.")
        if self.phase == Phase.OVER:
            return L.N_("The round is over; start the next round first.")
        who = self.name(self.to_move)  # type: ignore[arg-type]
        hand = self.hands[self.to_move]  # type: ignore[index]
        options = ", ".join(f"`{x}`" for x in legal)    # move codes, typed as they are
        restart_why = self._restart_reason(a)
        if restart_why is not None:
            return restart_why
        if self.phase == Phase.CHOOSE:
            return L.N_("{who} first chooses a hand: 'stand' keeps this hand, 'swap all' takes "
                       "the other one.", who=who)
        if self.phase == Phase.DISCARD:
            if not isinstance(a, Discard):
                return L.N_("{who} holds four cards and must discard one now ({options}).",
                           who=who, options=options)
            if a.card not in hand:
                return L.N_("The {card} is not in {who}'s hand.", card=a.card, who=who)
            return L.N_("The {card} was just taken from the discard pile and cannot go "
                       "straight back under these rules.", card=a.card)
        if isinstance(a, Knock):
            if self.knocker is not None:
                return L.N_("{who} has already knocked; only one knock a round.",
                           who=self.name(self.knocker))
            return L.N_("Knocking is allowed only once every player has had a turn.")
        if isinstance(a, Stand):
            return L.N_("Standing is only for the last turn after a knock.")
        family_why = self._family_reason(a, hand, who)
        if family_why is not None:
            return family_why
        if isinstance(a, Discard):
            return L.N_("{who} must draw or take a card before discarding.", who=who)
        if isinstance(a, Draw) and r.draws:
            return L.N_("The stock is empty: take the top discard or stand.")
        return L.N_("`{move}` is not a move here; {who} may: {options}.", move=str(a), who=who,
                   options=options)

    # --- applying a move ---
    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Play ``action`` (or its text) for the player to move; returns the new events.
        ``seat``: the seat the move comes from, refused unless it is to move (a person's move
        at a shared table or on Play; bots and replays leave it out).

        Raises ``IllegalActionError`` with the reason, changing nothing, if it is not legal.
        """
        if seat is not None and not self.round_over and seat != self.to_move:
            raise IllegalActionError(L.N_("It is not your turn."))
        legal = self._legal if self._legal is not None else self.legal_actions()
        if any(x is action for x in legal):     # fast path: a move from legal_actions()
            a: Action = action  # type: ignore[assignment]
        else:
            a = self._canonical(action)
            if a not in legal:
                raise IllegalActionError(self._reason(a, list(legal)))
        self._legal = None
        seat = self.to_move
        assert seat is not None
        events: list[Event] = []
        self.history[-1].append(str(a))
        self.moves.append((seat, str(a)))
        taken = self.discard_pile[-1] if isinstance(a, Take) and self.phase == "turn" else None
        self.public_moves.append(PublicMove(seat, a, taken))
        if self.phase == Phase.CHOOSE:
            self._choose_hand(seat, a, events)
        elif self.phase == Phase.RESTART:
            self._restart_answer(seat, a, events)
        elif self.phase == Phase.DISCARD:
            self._discard(seat, a, events)
        elif isinstance(a, Knock):
            self._knock(seat, events)
        elif isinstance(a, Stand):
            events.append(Event("stand", L.N_("{who} stands.", who=self.name(seat)), seat))
            self._end_turn(seat, events, changed=False)
        elif isinstance(a, (Draw, Take)):
            self._draw_or_take(seat, a, events)
        else:
            self._family_apply(seat, a, events)
        if not self.hands_shown and self.turns >= ROUND_TURN_CAP:
            events.append(Event("void", L.N_("{n} turns and nobody has ended the round.",
                                            n=ROUND_TURN_CAP)))
            self._end_round(EndedBy.VOID, events)
        self.log.extend(events)
        return events

    def _knock(self, seat: int, events: list[Event]) -> None:
        self.knocker = seat
        self.still_to_move = [s for s in self.seats_from(seat) if s != seat]
        self.pass_run = 0
        events.append(Event("knock", L.N_("{who} knocks: everyone else has one more turn, then "
                                         "the hands are shown.", who=self.name(seat)), seat))
        self.turns += 1
        self.moves_made += 1
        self.own_turns[seat] += 1
        self.to_move = self.still_to_move[0]
        self._start_turn(events)

    def _end_turn(self, seat: int, events: list[Event], changed: bool) -> None:
        """Bookkeeping after a complete turn: blitz/fire, final turns, the next player."""
        self.turns += 1
        self.moves_made += 1
        self.own_turns[seat] += 1
        final = self.knocker is not None
        if final:
            self.still_to_move.remove(seat)
        if changed and self._check_move_blitz(seat, events):
            return
        if final:
            if not self.still_to_move:
                self._end_round(EndedBy.KNOCK, events)
                return
            self.to_move = self.still_to_move[0]
        else:
            if self._circle_done(events):
                return
            self.to_move = self.next_active(seat)
        self._start_turn(events)

    def _check_move_blitz(self, seat: int, events: list[Event]) -> bool:
        r = self.rules
        if not blitz_on_move_counts(r, self.knocker is not None):
            return False
        hand = self.hands[seat]
        if is_fire(hand, r):
            self._end_round(EndedBy.FIRE, events, [seat])
            return True
        if is_blitz(hand, r):
            self._end_round(EndedBy.BLITZ, events, [seat])
            return True
        return False

    # --- between rounds ---
    def next_round(self, deck: Sequence[Card] | str | None = None) -> list[Event]:
        """Deal the next round: the deal passes left (skipping players who are out) and the
        pack is shuffled afresh from the game's generator (or ``deck`` is stacked). After a
        Switch restart the same dealer deals again, the restart hand lying face up as the
        open hand (its cards are taken out of the pack or the stacked deck)."""
        if self.game_over:
            raise IllegalActionError(L.N_("The game is over; start a new game."))
        if not self.round_over:
            raise IllegalActionError(L.N_("The round is still being played."))
        if self.restart_hand is None:
            self.dealer = self.next_active(self.dealer)
        events = self._deal(deck)
        self.log.extend(events)
        return events

    # --- what a seat may see ---
    def observation(self, seat: int | None, log: bool = True) -> Observation:
        """What ``seat`` may see now; ``log=False`` leaves out the event log (faster) but
        keeps the structured public history (``public_moves``, ``upcard``). ``None`` is a
        spectator (a teacher, a classmate without a seat): only what everybody sees, with
        ``seat`` -1."""
        if seat is None:
            return self._spectator(log)
        over = self.phase == Phase.OVER
        hands = tuple(tuple(h) if (self.hands_shown or s == seat) else None
                      for s, h in enumerate(self.hands))
        my_turn = self.to_move == seat
        spare_visible = self._spare_visible(seat)
        # Built without the frozen dataclass's per-field __setattr__ (the hot path of every
        # bot move); the object is still frozen for its users.
        obs = object.__new__(Observation)
        obs.__dict__.update(
            seat=seat, rules=self.rules, players=self.players, styles=self.styles,
            round_no=self.round_no,
            dealer=self.dealer, hand=tuple(self.hands[seat]), hands=hands,
            hand_counts=tuple(len(h) for h in self.hands),
            discard_pile=tuple(self.discard_pile), middle=tuple(self.middle),
            widow=tuple(c if up else None for c, up in zip(self.widow, self.widow_up, strict=True)),
            closed_count=len(self.closed), spare_count=len(self.spare),
            spare_hand=tuple(self.spare) if spare_visible else None,
            stock_count=len(self.stock), lives=tuple(self.lives), points=tuple(self.points),
            chips=tuple(self.chips), pot=self.pot, out=tuple(self.out), to_move=self.to_move,
            phase=self.phase, knocker=self.knocker, still_to_move=tuple(self.still_to_move),
            legal_actions=tuple(self.legal_actions()) if my_turn else (),
            just_drawn=self.just_drawn if my_turn else None,
            took_from_discard=self.took_from_discard if my_turn else False,
            turns=self.turns, own_turns=self.own_turns[seat], moves=tuple(self.moves),
            public_moves=tuple(self.public_moves), upcard=self.upcard,
            log=tuple(e for e in self.log[self.round_log_start:]
                      if e.private_to is None or e.private_to == seat) if log else (),
            round_over=over, game_over=self.game_over, winner=self.winner,
            result=self.round_result if over else None)
        return obs

    def _spectator(self, log: bool) -> Observation:
        obs = self.observation(0, log)
        shown = self.hands_shown   # the round is over, or its showdown has begun (a restart)
        return replace(obs, seat=-1, hand=(), hands=obs.hands if shown else (None,) * self.n,
                       legal_actions=(), just_drawn=None, took_from_discard=False,
                       spare_hand=None, own_turns=0,
                       log=tuple(e for e in obs.log if e.private_to is None))

    def shown_cards(self) -> set[Card]:
        """Every card everyone has seen face up this round: the upcard, the discard pile, the
        middle and the face-up widow, cards taken from them and cards public moves showed."""
        out = set(self.discard_pile) | set(self.middle)
        out |= {c for c, up in zip(self.widow, self.widow_up, strict=True) if up}
        if self.upcard is not None:
            out.add(self.upcard)
        for pm in self.public_moves:
            if pm.card is not None:
                out.add(pm.card)
            out.update(pm.action.shown)
        return out

    def hidden_from(self, seat: int | None) -> set[Card]:
        """The cards ``seat`` (None: a spectator) must not see now: the other hands before
        the showdown, the stock, the closed hand, face-down widow cards and a second hand
        it may not look at, less any card once shown face up."""
        out: set[Card] = set()
        if not self.hands_shown:
            for s, hand in enumerate(self.hands):
                if s != seat:
                    out |= set(hand)
        out |= set(self.stock) | set(self.closed)
        out |= {c for c, up in zip(self.widow, self.widow_up, strict=True) if not up}
        if seat is None or not self._spare_visible(seat):
            out |= set(self.spare)
        own = set(self.hands[seat]) if seat is not None else set()
        return out - self.shown_cards() - own

    # --- checks used by tests and by loading ---
    def card_places(self) -> dict[Card, str]:
        """Where every card of the pack is; raises ValueError if one is twice or missing."""
        places: dict[Card, str] = {}

        def put(cards: Iterable[Card], where: str) -> None:
            for c in cards:
                if c in places:
                    raise ValueError(f"The {c.display} is both in the {places[c]} and the {where}.")
                places[c] = where

        for s, h in enumerate(self.hands):
            put(h, f"hand of {self.name(s)}")
        put(self.stock, "stock")
        put(self.discard_pile, "discard pile")
        put(self.middle, "middle")
        put(self.closed, "closed hand")
        put(self.spare, "dealer's second hand")
        put(self.widow, "widow")
        put(self.retired, "retired middle cards")
        if self.round_no:
            pack = make_pack(self.rules.pack)
            pack_set = set(pack)
            missing = [c for c in pack if c not in places]
            extra = [c for c in places if c not in pack_set]
            if missing:
                raise ValueError(f"The {missing[0].display} is nowhere on the table.")
            if extra:
                raise ValueError(f"The {extra[0].display} is not in this pack.")
        return places

    def snapshot(self) -> dict[str, Any]:
        """The visible and hidden state as plain data (compares games, checks saved files)."""
        def t(cards: Iterable[Card]) -> list[str]:
            return [str(c) for c in cards]
        return {"round": self.round_no, "dealer": self.dealer, "to_move": self.to_move,
                "phase": self.phase, "hands": [t(h) for h in self.hands],
                "stock": t(self.stock), "discard_pile": t(self.discard_pile),
                "middle": t(self.middle), "closed": t(self.closed), "spare": t(self.spare),
                "widow": t(self.widow), "widow_up": list(self.widow_up),
                "retired": t(self.retired), "lives": list(self.lives),
                "points": list(self.points), "chips": list(self.chips), "pot": self.pot,
                "out": list(self.out), "knocker": self.knocker,
                "still_to_move": list(self.still_to_move), "game_over": self.game_over,
                "winner": self.winner}

    def counters(self) -> list[int]:
        """Each seat's lives, points or chips, whichever the rules keep."""
        return list({"lives": self.lives, "points": self.points,
                     "chips": self.chips}[self.rules.scoring])
