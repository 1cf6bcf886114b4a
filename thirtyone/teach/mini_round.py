"""A stacked mini-round played inside a lesson: the ```` ```round ```` block.

A lesson step may hold one block like::

    ```round
    variant: scat
    players: You, Ann, Bo
    dealer: 2
    deck: 8H 9C 2S KH 7D 3C ...
    bots: basic
    guide: yes
    ```

``players`` names the seats (seat 0 is the student unless ``you:`` names another seat, by
number or by name); ``dealer`` is a seat number (default the last seat); ``deck`` stacks the
stock from the top and must hold at least the deal, the upcard (or the middle) and a few
draws; the cards not listed follow in the pack's fixed order, so the round is the same every
time. ``bots`` is the level of every other seat (default ``basic``); ``guide: yes`` gives the
student, on each of their turns, the expert's move and its reason (the Play page's hint).

The game is the table engine's own (``game.table.new_game``), so every move is checked by the
engine; the bots' random generators come from the block's text and the moves so far, so the
same moves always give the same round.

>>> r = make_round({"players": "You, Ann, Bo",
...                 "deck": "KH 9C 2S 5H 8D 3C QH 7S 4D JH 2D 3D 4C"})
>>> r.you, r.dealer, r.players
(0, 2, ('You', 'Ann', 'Bo'))
>>> g = r.new_game()
>>> g.to_move, g.observation(0).hand[0].display
(0, 'K♥')
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from ..bots import bots_play, hint_for, levels_for
from ..core.cards import Card, CardError, make_pack, parse_cards
from ..core.rules import DEFAULT_VARIANT, Rules, get_variant
from ..game.families import family_class
from ..game.table import Game, new_game
from ..i18n import _

MAX_NAME = 20           # characters in a player's name
MIN_DRAWS = 3           # cards the deck must stack beyond the deal, for the first draws


class RoundError(ValueError):
    """A round block that cannot be played; the lesson loader names the lesson."""


class RoundFeedback(NamedTuple):
    correct: bool
    message: str


_KEYS = ("variant", "players", "you", "dealer", "deck", "bots", "guide")
_YES = ("yes", "true", "on")
_NO = ("no", "false", "off")


def dealt_cards(rules: Rules, players: int) -> int:
    """Cards a deal takes from the top: three a player, and the upcard, the middle, the
    widow, or the dealer's second (and the closed) hand."""
    return 3 * players + family_class(rules).laid_out(rules)


@dataclass(frozen=True)
class MiniRound:
    """One ```` ```round ```` block, read and checked."""

    variant: str
    players: tuple[str, ...]
    you: int
    dealer: int
    deck: tuple[Card, ...]
    bots: str
    guide: bool
    seed: int            # from the block's text: the bots' generators start from it

    @property
    def rules(self) -> Rules:
        return get_variant(self.variant).rules

    @property
    def styles(self) -> list[str | None]:
        return [None if s == self.you else self.bots for s in range(len(self.players))]

    def new_game(self) -> Game:
        """The round, dealt from the stacked deck; the student's seat has no bot."""
        return new_game(self.rules, list(self.players), deck=list(self.deck),
                        dealer=self.dealer, styles=self.styles,
                        rng=np.random.default_rng([self.seed, 1]))

    def bot_rng(self, game: Any, seat: int) -> np.random.Generator:
        """The generator for ``seat``'s next move: from the block and the moves so far."""
        done = sum(len(h) for h in game.history)
        return np.random.default_rng([self.seed, seat, done])

    def bot_move(self, game: Game) -> None:
        """One move of the bot to move (a draw and its discard are two moves)."""
        if not bots_play(game, self.styles, self.bot_rng, log=True, max_moves=1):
            raise ValueError(_("It is not a bot's turn."))

    def bots_until_you(self, game: Game) -> None:
        """The bots move until it is the student's turn or the round is over."""
        bots_play(game, self.styles, self.bot_rng, log=True)

    def guide_hint(self, game: Game) -> Any | None:
        """On the student's turn with ``guide: yes``: the expert's move and why (the Play
        page's hint, ``expert.hint.Hint``), worked out from the student's own view only."""
        if not self.guide or game.round_over or game.to_move != self.you:
            return None
        return hint_for(game.rules)(game.observation(self.you))

    # the face of a quiz: a finished round is recorded like a solved quiz (id ``round``)
    kind = "round"
    options = ("finished",)

    @property
    def question(self) -> str:
        """What the student is asked, in the current language."""
        return _("Play the round to its end.")

    def check(self, choice: str) -> RoundFeedback:
        done = choice == "finished"
        return RoundFeedback(done, _("Round finished.") if done else
                             _("Round not finished yet."))


def _seat(value: str, players: tuple[str, ...], key: str) -> int:
    v = value.strip()
    if v in players:
        return players.index(v)
    if v.isdigit() and int(v) < len(players):
        return int(v)
    raise RoundError(_("'{key}: {value}' must be a seat number from 0 to {last} or one of "
                       "{players}.").format(key=key, value=v, last=len(players) - 1,
                                            players=", ".join(players)))


def _players(raw: Any, rules: Rules) -> tuple[str, ...]:
    if not isinstance(raw, str) or not raw.strip():
        raise RoundError(_("A round needs 'players', e.g. 'players: You, Ann, Bo'."))
    names = tuple(n.strip() for n in raw.split(","))
    if any(not n for n in names):
        raise RoundError(_("A name in 'players' is empty."))
    if any(len(n) > MAX_NAME for n in names):
        raise RoundError(_("A player's name may be at most {n} characters.").format(
            n=MAX_NAME))
    if len(set(names)) != len(names):
        raise RoundError(_("Each player in 'players' needs a different name."))
    if not rules.min_players <= len(names) <= rules.max_players:
        raise RoundError(_("This variant is for {low} to {high} players, not {n}.").format(
            low=rules.min_players, high=rules.max_players, n=len(names)))
    return names


def _deck(raw: Any, rules: Rules, n: int) -> tuple[Card, ...]:
    if not isinstance(raw, str) or not raw.strip():
        raise RoundError(_("A round needs 'deck': the stacked cards from the top."))
    try:
        cards = parse_cards(raw)
    except CardError as e:
        raise RoundError(_("The round's deck: {error}").format(error=e)) from None
    pack = set(make_pack(rules.pack))
    for c in cards:
        if c not in pack:
            raise RoundError(_("The round's deck has {card}, which is not in this {n}-card "
                               "pack.").format(card=c.display, n=rules.pack))
    twice = sorted({c.display for c in cards if cards.count(c) > 1})
    if twice:
        raise RoundError(_("The round's deck has {cards} twice; each card is in the pack "
                           "once.").format(cards=", ".join(twice)))
    need = dealt_cards(rules, n) + (MIN_DRAWS if rules.draws else 0)
    if len(cards) < need:
        raise RoundError(_("The round's deck has {n} cards; {players} players need at least "
                           "{need} (the deal, the cards laid out, and the first "
                           "draws).").format(n=len(cards), players=n, need=need))
    return tuple(cards)


def _flag(raw: Any, key: str) -> bool:
    v = str(raw).strip().lower()
    if v in _YES:
        return True
    if v in _NO:
        return False
    raise RoundError(_("'{key}' must be yes or no, not '{raw}'.").format(key=key,
                                                                          raw=str(raw)[:40]))


def make_round(spec: dict[str, Any], default_variant: str = DEFAULT_VARIANT) -> MiniRound:
    """A mini-round from its keys (``lessons.parse_spec`` of the block's text); every
    problem is a RoundError naming it."""
    unknown = [k for k in spec if k not in _KEYS]
    if unknown:
        raise RoundError(_("A round block does not know '{key}'; its keys are: "
                           "{keys}.").format(key=unknown[0], keys=", ".join(_KEYS)))
    key = spec.get("variant", default_variant)
    try:
        rules = get_variant(key).rules
    except ValueError as e:
        raise RoundError(_("The round's variant: {error}").format(error=e)) from None
    if not family_class(rules).is_table:
        raise RoundError(_("A round block plays a table variant, and '{key}' is not "
                           "one.").format(key=key))
    players = _players(spec.get("players"), rules)
    you = _seat(spec.get("you", "0"), players, "you")
    dealer = _seat(spec.get("dealer", str(len(players) - 1)), players, "dealer")
    deck = _deck(spec.get("deck"), rules, len(players))
    bots = str(spec.get("bots", "basic")).strip()
    if bots not in levels_for(rules):
        raise RoundError(_("Unknown bot level '{bots}'; levels are: {levels}.").format(
            bots=bots, levels=", ".join(levels_for(rules))))
    guide = _flag(spec.get("guide", "no"), "guide")
    seed = zlib.crc32(" ".join([key, ",".join(players), str(dealer),
                                " ".join(str(c) for c in deck), bots]).encode())
    return MiniRound(key, players, you, dealer, deck, bots, guide, seed)


BotRng = Callable[[Any, int], np.random.Generator]

__all__ = ["MiniRound", "BotRng", "RoundError", "RoundFeedback", "dealt_cards", "make_round"]
