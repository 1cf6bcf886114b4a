"""Practice that never runs out (issue 26): a lesson block ```` ```practice ```` whose
"Another one" deals a new item from the engine, as often as the student likes. Here the
block is checked data and ``make_item`` builds one item from a seed (the same seed, the
same item); ``ui/practice_block.py`` draws it, counts the streak and records each item.

Kinds (``practice:``):

- ``value``: a dealt hand; what is it worth? (the lesson quiz's own options, ``make_quiz``)
- ``standing``: a dealt hand; what share of all dealt hands does it beat? With the chance
  one opponent holds better, which is what a showdown now would cost.
- ``knock``: your first turn at a table of ``players``; knock now or play on? The expert
  (``expert.expert``) plays each out from what you can see; an item is dealt only when one
  option is clearly cheaper, and the answer shows each option's cost in lives per 100 rounds.
- ``bank``: Banking, a punter's turn; buy a card or stay? Both are played out to the end of
  the round (``bots.banking_costs``); an item is dealt only when one wins clearly more chips
  on average, and the answer shows each move's chips beside the rule book's numbers.

``back:`` names the step that taught it, ``<lesson file name>/<step number>``: a first
wrong try offers a link back there. The items themselves are dealt by ``practice_items``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..core.cards import Card
from ..core.rules import get_variant
from ..game.families import family_class
from ..i18n import N_, _
from .quiz import LessonError

KINDS = ("value", "standing", "knock", "bank")
BACK = re.compile(r"([a-z0-9][a-z0-9-]{0,80})/([1-9][0-9]?)")
# knock: deal again (at most this often) until one option is cheaper by this much a round
CLEAR_MARGIN = 0.05
MAX_DEALS = 12

PROMPTS = {"value": N_("What is this hand worth?"),
           "standing": N_("What share of all dealt hands does this hand beat?"),
           "knock": N_("Your first turn. Knock now, or play on?"),
           "bank": N_("You are a punter. Buy another card, or stay?")}
HINTS = {"value": N_("Only cards of one suit add up. Add each suit on its own and keep the "
                     "biggest sum."),
         "standing": N_("Most dealt hands are worth less than you think: half of them are "
                        "worth {median} or less."),
         "knock": N_("Weigh two things: how likely the others are to end above you if you "
                     "knock now, and how much your hand, and theirs, can still improve."),
         "bank": N_("Weigh two things: the chance that one more card takes you over 31 (then "
                    "you pay at once), and how often the total you have now beats the "
                    "banker's, who may go bust buying.")}


@dataclass(frozen=True)
class Practice:
    kind: str
    variant: str
    players: int
    back: tuple[str, int] | None     # (lesson slug, step number from 1)


@dataclass
class Item:
    """One practice item: what to show, the options, the engine's right ones, a hint for the
    first wrong try and the answer with why for the second (``costs``: each option's cost,
    in the unit the game scores)."""
    kind: str
    seed: int
    prompt: str
    cards: dict[str, tuple[Card, ...]]
    options: list[str]
    correct: set[int]
    hint: str
    why: str
    costs: list[tuple[str, str]] = field(default_factory=list)
    context: str = ""
    numbers: list[tuple[str, str]] = field(default_factory=list)  # the hint's plain numbers
    facts: dict[str, Any] = field(default_factory=dict)   # the engine's numbers, for tests

    def right(self, choice: str) -> bool:
        return choice in self.options and self.options.index(choice) in self.correct

    @property
    def answers(self) -> list[str]:
        return [self.options[i] for i in sorted(self.correct)]


def parse_practice(spec: dict[str, Any], default_variant: str) -> Practice:
    kind = spec.get("practice")
    if kind not in KINDS:
        raise LessonError(_("A ```practice block needs 'practice:' one of {kinds}.").format(
            kinds=", ".join(KINDS)))
    extra = set(spec) - {"practice", "variant", "players", "back"}
    if extra:
        raise LessonError(_("A ```practice block takes practice, variant, players and back, "
                            "not {extra}.").format(extra=", ".join(sorted(extra))))
    variant = str(spec.get("variant", default_variant))
    rules = get_variant(variant).rules
    fam = family_class(rules)
    fits = {"value": rules.hand_value == "suit_sum" and fam.practised,
            "standing": rules.hand_value == "suit_sum" and fam.practised,
            "knock": fam.only_draws and rules.scoring == "lives"
            and rules.hand_value == "suit_sum" and not rules.dealer_two_hands,
            "bank": not fam.is_table}[kind]
    if not fits:
        raise LessonError(_("'{kind}' practice does not fit the variant '{variant}'.").format(
            kind=kind, variant=variant))
    try:
        players = int(str(spec.get("players", 2)))
    except ValueError:
        players = 0
    if not 2 <= players <= 5:
        raise LessonError(_("The practice's 'players' must be from 2 to 5."))
    back = None
    if spec.get("back"):
        m = BACK.fullmatch(str(spec["back"]).strip())
        if m is None:
            raise LessonError(_("The practice's 'back' must be a lesson file name and a step "
                                "number, such as 02-hand-value-and-suits/1."))
        back = (m.group(1), int(m.group(2)))
    return Practice(kind, variant, players, back)


__all__ = ["BACK", "HINTS", "Item", "KINDS", "PROMPTS", "Practice", "parse_practice"]
