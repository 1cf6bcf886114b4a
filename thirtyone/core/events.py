"""What happened at a table: ``Event`` (a sentence a learner reads, with its kind and seat)
and ``PublicMove`` (one move of the public history, for code).

Events are for people; their wording may change at any time. Code that needs to know what a
player did reads the structured public history of the observation instead
(``Observation.public_moves``, a tuple of ``PublicMove``, and ``Observation.upcard``), never
the text of an event.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Action
from .cards import Card


@dataclass(frozen=True)
class Event:
    """Something that happened, in a sentence a learner can read (``text``).

    The sentence is kept as a message with its fields and rendered in the current language
    each time ``text`` is read; ``kind``, ``seat`` and ``private_to`` are the data.

    ``private_to`` set: only that seat may see this event (e.g. the card it drew); the
    public events never name a hidden card.
    """

    kind: str
    message: Any          # a ``thirtyone.game.message.Msg`` (or plain text), rendered when read
    seat: int | None = None
    private_to: int | None = None

    @property
    def text(self) -> str:
        """The sentence in the current language (rendered now, so a log kept from a game
        played in one language reads in another after a switch)."""
        return str(self.message)

    def __str__(self) -> str:
        return self.text

    def visible_to(self, seat: int | None) -> bool:
        return self.private_to is None or self.private_to == seat


@dataclass(frozen=True)
class PublicMove:
    """One move of a round as every player saw it: who moved and the move.

    ``card`` is the card taken from the discard pile for a ``take`` (everyone saw it face
    up), ``None`` for every other move. A blind draw from the stock never names its card; a
    discard names its card in the action itself (``Discard.card``); a widow card taken face
    down is named by its slot number only.
    """

    seat: int
    action: Action
    card: Card | None = None
