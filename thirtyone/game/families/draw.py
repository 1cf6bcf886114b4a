"""The draw family (RULES.md 3a, 3c): draw from the stock or take the top discard, then
discard one. Scat, Blitz, the points and pub games. Its moves are the base table's (they
belong to every table where a turn may draw, Kitty's too); the family adds its facts."""

from __future__ import annotations

from typing import ClassVar

from ...core.kinds import Family
from ...i18n import N_
from ..base import Game
from ..facts import COMMON_HOUSE_RULES


class DrawTable(Game):
    """A table of the draw family."""

    family: ClassVar[Family] = Family.DRAW
    card_moves = ("discard",)
    middle_parts = ("stock", "discard")
    turn_words = (N_("draw a card"), N_("take the top discard"))
    house_rules = COMMON_HOUSE_RULES + ("may_discard_taken_card", "stock_out", "points_to_win")
    big_hand = True
    simulated = True
    only_draws = True
    move_odds = "draw"
    exact_turn_quiz = True
    visible_example = "QH"
    visible_help = N_("The top card of the discard pile.")
