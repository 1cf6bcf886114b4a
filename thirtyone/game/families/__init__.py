"""The families, one class each, and the one registry that maps a ``Family`` to its class.

A table family is a subclass of the base table (``game.base.Game``) that owns its deal, its
moves and its facts (``game.facts.FamilyFacts``): ``draw``, ``swap``, ``switch``, ``widow``.
Banking Thirty-One is an engine of its own (``game.banking.BankingGame``) with the same facts.
Code outside the engine asks ``family_class(rules)`` for a fact instead of testing the
family's name. A new family is one module here and one line in ``FAMILY_CLASSES`` (and its
member in ``core.kinds.Family``).

>>> from thirtyone.core.rules import get_variant
>>> family_class(get_variant("kitty").rules).__name__, family_class("swap").open_cards
('WidowTable', 'middle')
>>> sorted(str(f) for f in TABLE_CLASSES)
['draw', 'swap', 'switch', 'widow']
"""

from __future__ import annotations

from ...core.kinds import Family
from ...core.rules import Rules
from ..banking import BankingGame
from ..base import Game
from ..facts import FamilyFacts
from .draw import DrawTable
from .swap import SwapTable
from .switch import SwitchTable
from .widow import WidowTable

# The registry: every family's engine class.
FAMILY_CLASSES: dict[Family, type[Game] | type[BankingGame]] = {
    Family.DRAW: DrawTable,
    Family.SWAP: SwapTable,
    Family.WIDOW: WidowTable,
    Family.SWITCH: SwitchTable,
    Family.BANKING: BankingGame,
}
# The families the table engine plays, and their classes.
TABLE_CLASSES: dict[Family, type[Game]] = {
    f: c for f, c in FAMILY_CLASSES.items() if issubclass(c, Game)}


def family_class(rules_or_family: Rules | Family | str) -> type[FamilyFacts]:
    """The engine class of a family (or of the family of ``rules``): its facts and moves."""
    family = rules_or_family.family if isinstance(rules_or_family, Rules) else rules_or_family
    return FAMILY_CLASSES[Family(family)]


def is_table_family(rules_or_family: Rules | Family | str) -> bool:
    """Whether the table engine plays it (not a banker against punters)."""
    return family_class(rules_or_family).is_table


__all__ = ["FAMILY_CLASSES", "TABLE_CLASSES", "family_class", "is_table_family", "DrawTable",
           "SwapTable", "SwitchTable", "WidowTable"]
