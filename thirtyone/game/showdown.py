"""The end of a round (RULES.md 3e): the showdown, who loses, points and the pot, and the
end of the game."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.cards import Card
from ..core.errors import IllegalActionError
from ..core.events import Event
from ..core.kinds import Phase
from ..core.rules import Rules, life_words
from ..core.text import points_text
from .hands import hand_key, hand_score
from .message import Join, L, Msg, Names, Value, extra_life_word, lives_word
from .settle import (
    blitz_pays,
    lives_lost,
    others_pay,
)
from .state import TableState
from .values import RoundResult


@dataclass(frozen=True)
class Shown:
    """A hand's value as shown at the showdown: points (brag: the class name) and its text.
    Suit sums come straight from the key; only brag hands need the full scorer."""

    points: Any
    value_text: str
    brag_key: tuple[Any, ...] | None = None      # a brag hand's key: its words are written when read

    @staticmethod
    def of(hand: Sequence[Card], key: tuple[Any, ...], rules: Rules) -> Shown:
        if rules.hand_value == "suit_sum":
            return Shown(key[0], points_text(key[0]))
        s = hand_score(hand, rules)
        return Shown(s.label, s.value_text, s.key if isinstance(s.points, tuple) else None)

    @property
    def value(self) -> Value:
        """``value_text`` as a message, in the reader's language when read."""
        return Value(self.brag_key, True) if self.brag_key is not None else Value(self.points)




class Showdown(TableState):
    """A part of ``Game`` (``game.table``): the end of a round (RULES.md 3e): the showdown, who loses, points and the pot, and the"""

    # --- the end of a round (RULES.md 3e) ---
    def void_round(self) -> list[Event]:
        """End the round void now, nobody losing anything (a simulation's cap on turns)."""
        if self.round_over:
            raise IllegalActionError(L.N_("The round is already over."))
        events: list[Event] = []
        self._end_round("void", events)
        self.log.extend(events)
        return events

    def _end_round(self, ended_by: str, events: list[Event], special: Sequence[int] = (),
                   on_deal: bool = False) -> None:
        r = self.rules
        if self._offer_restart(ended_by, events):
            return
        self.phase = Phase.OVER
        self.to_move = None
        self._legal = None
        seats = self.active
        keys = {s: hand_key(self.hands[s], r) for s in seats}
        scores = {s: Shown.of(self.hands[s], keys[s], r) for s in seats}
        self._announce_end(ended_by, seats, scores, special, on_deal, events)
        lost = [0] * self.n
        points_won = [0] * self.n
        chips_won = [0] * self.n
        if r.scoring == "lives":
            self._score_lives(ended_by, seats, keys, scores, special, lost, events)
            self._take_lives(seats, lost, events)
        elif r.scoring == "points":
            self._score_points(ended_by, seats, keys, special, points_won, events)
        else:
            self._score_chips(ended_by, seats, keys, special, chips_won, events)
            self._out_of_chips(seats, events)
        values = tuple(scores[s].points if s in scores else None for s in range(self.n))
        self.round_result = RoundResult(
            self.round_no, ended_by, values,
            tuple(scores[s].value_text if s in scores else None for s in range(self.n)),
            tuple(tuple(self.hands[s]) if s in scores else () for s in range(self.n)),
            tuple(lost), self.knocker, tuple(special), tuple(points_won), tuple(chips_won),
            self.pot, self.restart_by)
        self.results.append(self.round_result)
        self._game_end(events)

    def _announce_end(self, ended_by: str, seats: list[int], scores: dict[int, Shown],
                      special: Sequence[int], on_deal: bool, events: list[Event]) -> None:
        who = self._names(special)
        many = len(special) > 1
        if ended_by == "fire":
            said = ((L.N_("Fire on the deal! {who} have three aces.", who=who) if many else
                     L.N_("Fire on the deal! {who} has three aces.", who=who)) if on_deal else
                    (L.N_("Fire! {who} have three aces.", who=who) if many else
                     L.N_("Fire! {who} has three aces.", who=who)))
            events.append(Event("fire", said, special[0]))
        elif ended_by == "blitz":
            said = ((L.N_("Blitz on the deal! {who} show 31.", who=who) if many else
                     L.N_("Blitz on the deal! {who} shows 31.", who=who)) if on_deal else
                    (L.N_("Blitz! {who} show 31.", who=who) if many else
                     L.N_("Blitz! {who} shows 31.", who=who)))
            events.append(Event("blitz", said, special[0]))
        elif ended_by == "void":
            events.append(Event("void", L.N_("The round is void: nobody loses.")))
        if ended_by != "void" and not self.showdown_announced:
            events.append(Event("showdown", self._showdown_text(
                seats, {s: scores[s].value for s in seats})))

    def _score_lives(self, ended_by: str, seats: list[int], keys: dict[int, tuple[Any, ...]], scores: dict[int, Shown],
                     special: Sequence[int], lost: list[int], events: list[Event]) -> None:
        if ended_by == "fire" or (ended_by == "blitz" and blitz_pays(self.rules)):
            lost[:] = others_pay(np.array([[s in special for s in range(self.n)]]),
                                 np.array([[s in seats for s in range(self.n)]]))[0].tolist()
            why = (L.N_("fire costs every other player one") if ended_by == "fire"
                   else L.N_("a blitz costs every other player one"))
            for s in seats:
                if lost[s]:
                    events.append(Event("lose", self._loses(s, 1, why), s))
        elif ended_by != "void":
            self._showdown_losses(seats, keys, scores, lost, events)

    def _score_points(self, ended_by: str, seats: list[int], keys: dict[int, tuple[Any, ...]],
                      special: Sequence[int], points_won: list[int], events: list[Event]) -> None:
        special_kind = ended_by in ("blitz", "fire")
        if special_kind and self.rules.blitz_effect != "showdown" or ended_by == "fire":
            for s in seats:
                points_won[s] = 2 if s in special else 0
            who = self._names(special)
            events.append(Event("points", L.N_(
                "{who} score high (2 points); everyone else scores low (0).", who=who)
                if len(special) > 1 else L.N_(
                "{who} scores high (2 points); everyone else scores low (0).", who=who)))
        elif ended_by != "void":
            self._rank_points(seats, keys, points_won, events)
        for s in seats:
            self.points[s] += points_won[s]

    def _score_chips(self, ended_by: str, seats: list[int], keys: dict[int, tuple[Any, ...]],
                     special: Sequence[int], chips_won: list[int], events: list[Event]) -> None:
        special_kind = ended_by in ("blitz", "fire")
        if special_kind and self.rules.blitz_effect not in ("showdown", "none"):
            for s in seats:
                if s not in special:
                    pay = min(1, self.chips[s])
                    self.chips[s] -= pay
                    chips_won[s] -= pay
                    self.pot += pay
            events.append(Event("pot", L.N_("Every other player puts one more chip in the pot.")))
            self._pay_pot(list(special), chips_won, events)
        elif ended_by != "void":
            best = max(keys[s] for s in seats)
            self._pay_pot([s for s in seats if keys[s] == best], chips_won, events)
        else:
            events.append(Event("pot", L.N_("The pot of {pot} stays for the next round.",
                                           pot=self.pot)))

    def _loses(self, s: int, n: int, why: Msg) -> Msg:
        """'Ann loses 2 pennies: lowest hand (12).'; a player already on the extra life (no
        lives left) does not lose a number of them: the loss puts them out (RULES.md 3e),
        said by an 'out' event."""
        if self.lives[s] == 0 and self.rules.extra_life:
            return L.N_("{who} has no {lives} left ({extra}) and loses: {why}.",
                       who=self.name(s), lives=lives_word(self.life_name),
                       extra=extra_life_word(life_words(self.rules, extra=True)), why=why)
        return L.N_("{who} loses {lives}: {why}.", who=self.name(s), lives=self._lives_text(n),
                   why=why)

    def _take_lives(self, seats: list[int], lost: list[int], events: list[Event]) -> None:
        """Lives scoring: take the lives lost; the extra life (on the county) and going out."""
        r = self.rules
        for s in seats:
            if not lost[s]:
                continue
            self.lives[s] -= lost[s]
            if self.lives[s] < 0 or (self.lives[s] == 0 and not r.extra_life):
                self.lives[s] = 0
                self.out[s] = True
                events.append(Event("out", L.N_("{who} is out of the game.", who=self.name(s)),
                                    s))
            elif self.lives[s] == 0:
                events.append(Event("extra_life", L.N_(
                    "{who} has no {lives} left but plays on ({extra}); the next loss is the end.",
                    who=self.name(s), lives=lives_word(self.life_name),
                    extra=extra_life_word(life_words(r, extra=True))), s))

    def _out_of_chips(self, seats: list[int], events: list[Event]) -> None:
        for s in seats:
            if self.chips[s] < self.rules.ante:
                self.out[s] = True
                events.append(Event("out", L.N_("{who} cannot ante any more and is out.",
                                               who=self.name(s)), s))

    def _names(self, seats: Iterable[int]) -> Names:
        """'Ann', 'Ann and Bo' in the language of the reader."""
        return Names([self.name(s) for s in seats])

    def _showdown_losses(self, seats: list[int], keys: dict[int, tuple[Any, ...]], scores: dict[int, Shown], lost: list[int],
                         events: list[Event]) -> None:
        r = self.rules
        # settle.lives_lost decides; the hand keys become their ranks among the seats
        order = sorted({keys[s] for s in seats})
        values = np.array([[order.index(keys[s]) if s in keys else 0 for s in range(self.n)]])
        active = np.array([[s in keys for s in range(self.n)]])
        k = self.knocker
        lost[:] = lives_lost(values, np.array([-1 if k is None else k]), r, active)[0].tolist()
        lowest = [s for s in seats if keys[s] == order[0]]
        low = scores[lowest[0]].value
        reason = {s: L.N_("lowest hand ({value})", value=low) if len(lowest) == 1
                  else L.N_("tied for the lowest hand ({value})", value=low) for s in lowest}
        if k is not None and k in lowest:
            if len(lowest) == 1:
                reason[k] = L.N_("knocked and has the lowest hand ({value})", value=low)
            elif not lost[k]:
                events.append(Event("safe", L.N_("{who} knocked and ties for the lowest hand: "
                                                "the knocker is safe.", who=self.name(k)), k))
            elif lost[k] > 1:
                reason[k] = L.N_("knocked and ties for the lowest hand ({value})", value=low)
        for s in lowest:
            if lost[s]:
                events.append(Event("lose", self._loses(s, lost[s], reason[s]), s))

    def _rank_points(self, seats: list[int], keys: dict[int, tuple[Any, ...]], points_won: list[int],
                     events: list[Event]) -> None:
        n = len(seats)
        for s in seats:
            place = 1 + sum(keys[t] > keys[s] for t in seats)
            points_won[s] = 2 if place == 1 else (0 if place == n else 1)
        words = {2: L.N_("{who} high (2 points)"), 1: L.N_("{who} medium (1 point)"),
                 0: L.N_("{who} low (0 points)")}
        text = Join([Msg(words[points_won[s]].msgid, who=self.name(s)) for s in seats], "; ")
        events.append(Event("points", L.N_("Places: {places}.", places=text)))

    def _pay_pot(self, winners: list[int], chips_won: list[int], events: list[Event]) -> None:
        share, rest = divmod(self.pot, len(winners))
        for s in winners:
            self.chips[s] += share
            chips_won[s] += share
        who = self._names(winners)
        if len(winners) == 1:
            text = L.ngettext("{who} takes the pot ({n} chip).", "{who} takes the pot ({n} chips).",
                              self.pot, who=who)
        else:
            text = L.ngettext("{who} split the pot ({n} chip).", "{who} split the pot ({n} chips).",
                              self.pot, who=who)
        if rest:
            text = Join([text, L.ngettext("{n} odd chip stays for the next round.",
                                          "{n} odd chips stay for the next round.", rest)])
        events.append(Event("pot", text))
        self.pot = rest

    def _game_end(self, events: list[Event]) -> None:
        r = self.rules
        left = self.active
        if r.scoring == "points":
            top = max(self.points)
            leaders = [s for s in range(self.n) if self.points[s] == top]
            if top >= r.points_to_win and len(leaders) == 1:
                self.game_over = True
                self.winner = leaders[0]
            elif top >= r.points_to_win:
                events.append(Event("tie", L.N_("{who} are tied on {n} points: play goes on.",
                                               who=self._names(leaders), n=top)))
        elif len(left) <= 1:
            self.game_over = True
            self.winner = left[0] if left else None
        if self.game_over:
            self.phase = Phase.OVER
            self.to_move = None
            if self.winner is None:
                events.append(Event("game_over", L.N_("Everyone left went out in the same "
                                                     "round: the game is a draw.")))
            else:
                events.append(Event("game_over", L.N_("{who} wins the game!",
                                                     who=self.name(self.winner)), self.winner))
