"""What happened at a table: ``Event`` (a sentence a learner reads, with its kind and seat).

Events are for people. Code that needs to know what a player did reads the structured public
history of the observation instead (``thirtyone.game.table.PublicMove``), never this text.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """Something that happened, in a sentence a learner can read.

    ``private_to`` set: only that seat may see this event (e.g. the card it drew); the
    public events never name a hidden card.
    """

    kind: str
    text: str
    seat: int | None = None
    private_to: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.private_to is None or self.private_to == seat
