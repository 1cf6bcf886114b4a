"""Moves at the table as small frozen values, and their canonical text (DESIGN.md).

``str(action)`` writes the text used in game records, move logs and the CLI;
``parse_action`` reads it back.

>>> parse_action("swap 9s kh")
Swap(give=Card('9S'), take=Card('KH'))
>>> str(parse_action("exchange 2c,3d for AH,KH"))
'exchange 2C,3D for AH,KH'
>>> parse_action("fly")
Traceback (most recent call last):
...
thirtyone.core.actions.ActionTextError: 'fly' is not a move; moves are: draw, take, discard XX, knock, stand, swap XX YY, swap all, pass, exchange XX,YY for AA,BB, switch open, switch closed, restart, no restart, hit, stay.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, CardError, parse_card

MOVES_TEXT = ("draw, take, discard XX, knock, stand, swap XX YY, swap all, pass, "
              "exchange XX,YY for AA,BB, switch open, switch closed, restart, no restart, "
              "hit, stay")


class ActionTextError(ValueError):
    """Text that is not a move."""


@dataclass(frozen=True)
class Action:
    """Base of every move."""

    def __str__(self) -> str:  # overridden by each move
        raise NotImplementedError

    @property
    def shown(self) -> tuple[Card, ...]:
        """The cards this move shows everyone face up (a discard, a swap's two cards, an
        exchange's given and face-up taken cards); a taken discard is in the public move."""
        return ()


def _simple(name: str, doc: str) -> type[Action]:
    def __str__(self: Action) -> str:
        return name

    def __repr__(self: Action) -> str:
        return f"{type(self).__name__}()"

    cls: type[Action] = dataclass(frozen=True)(type(name.title().replace(" ", ""), (Action,),
                                      {"__doc__": doc, "__str__": __str__,
                                       "__repr__": __repr__, "__module__": __name__}))
    return cls


Draw = _simple("draw", "Draw the top card of the stock (draw family).")
Take = _simple("take", "Take the top card of the discard pile (draw family).")
Knock = _simple("knock", "Knock: every other player gets one more turn, then the showdown.")
Stand = _simple("stand", "Keep the hand on a final turn after a knock.")
SwapAll = _simple("swap all", "Swap the whole hand with the three middle cards (swap family).")
Pass = _simple("pass", "Do nothing this turn (swap family, where allowed).")
SwitchOpen = _simple("switch open", "Swap the whole hand with the open hand (switch family).")
SwitchClosed = _simple("switch closed",
                       "Swap the whole hand with the closed hand (switch family).")
Restart = _simple("restart", "Switch: call a restart at the showdown with three cards of one "
                  "suit worth more than 21 (the round is void; that hand becomes the open hand).")
NoRestart = _simple("no restart", "Switch: let the showdown stand instead of calling a restart.")
Hit = _simple("hit", "Buy one more card (banking).")
Stay = _simple("stay", "Buy no more cards (banking).")


@dataclass(frozen=True)
class Discard(Action):
    """Throw one card onto the discard pile after drawing or taking."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"

    @property
    def shown(self) -> tuple[Card, ...]:
        return (self.card,)


@dataclass(frozen=True)
class Swap(Action):
    """Give hand card ``give`` for middle (or open-hand) card ``take``."""

    give: Card
    take: Card

    def __str__(self) -> str:
        return f"swap {self.give} {self.take}"

    @property
    def shown(self) -> tuple[Card, ...]:
        return (self.give, self.take)


@dataclass(frozen=True)
class Exchange(Action):
    """Widow family: give hand cards for the same number of widow cards."""

    give: tuple[Card, ...]
    take: tuple[Card | int, ...]  # a face-down widow card is named by its position 0..2

    def __post_init__(self) -> None:
        if not self.give or len(self.give) != len(self.take):
            raise ActionTextError("An exchange gives and takes the same number of cards "
                                  "(at least one).")

    def __str__(self) -> str:
        take = ",".join(str(c) if isinstance(c, Card) else f"#{c + 1}" for c in self.take)
        return f"exchange {','.join(map(str, self.give))} for {take}"

    @property
    def shown(self) -> tuple[Card, ...]:
        return (*self.give, *(c for c in self.take if isinstance(c, Card)))


_SIMPLE = {str(cls()): cls for cls in (Draw, Take, Knock, Stand, SwapAll, Pass, SwitchOpen,
                                       SwitchClosed, Restart, NoRestart, Hit, Stay)}


def _cards(text: str, what: str) -> list[Card]:
    parts = [p for p in text.replace(" ", ",").split(",") if p]
    if not parts:
        raise ActionTextError(f"'{what}' names no cards.")
    return [parse_card(p) for p in parts]


def _widow_card(token: str) -> Card | int:
    if token.startswith("#") and token[1:].isdigit():
        return int(token[1:]) - 1
    return parse_card(token)


def parse_action(text: str) -> Action:
    """Read a move from its text (any case, extra spaces allowed)."""
    if not isinstance(text, str):
        raise ActionTextError(f"{text!r} is not a move; moves are: {MOVES_TEXT}.")
    t = " ".join(text.strip().split())
    low = t.lower()
    if low in _SIMPLE:
        return _SIMPLE[low]()
    word, _, rest = t.partition(" ")
    try:
        if word.lower() == "discard" and rest and " " not in rest:
            return Discard(parse_card(rest))
        if word.lower() == "swap":
            parts = rest.split()
            if len(parts) == 2:
                return Swap(parse_card(parts[0]), parse_card(parts[1]))
        if word.lower() == "exchange" and " for " in rest.lower():
            i = rest.lower().index(" for ")
            give = _cards(rest[:i], t)
            take = [_widow_card(p) for p in rest[i + 5:].replace(" ", ",").split(",") if p]
            return Exchange(tuple(give), tuple(take))
    except CardError as e:
        raise ActionTextError(f"'{t}': {e}") from None
    raise ActionTextError(f"'{t}' is not a move; moves are: {MOVES_TEXT}.")
