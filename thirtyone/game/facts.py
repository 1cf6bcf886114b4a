"""What every family tells the rest of the app about itself, as class attributes.

Each engine class (a table family's subclass in ``game.families``, and ``BankingGame``)
sets these; code outside the engine asks ``family_class(rules)`` instead of testing the
family's name. The defaults are the plainest table: no middle cards, no widow.
Words are English msgids, translated where shown (``_(facts.dealer_word)``).
"""

from __future__ import annotations

from typing import ClassVar

from ..core.kinds import Family
from ..core.rules import Rules
from ..i18n import N_

# The options every table family lets a Play page change, besides its own.
COMMON_HOUSE_RULES = ("lives", "extra_life", "knock_from", "knocker_alone_lowest",
                      "knocker_tied", "same_rank", "three_of_a_kind", "fire", "blitz_effect",
                      "blitz_after_knock")


class FamilyFacts:
    """A family's facts (class attributes; read them from the class or a game)."""

    family: ClassVar[Family]
    #: the table engine (turns, a knock) rather than a banker against punters
    is_table: ClassVar[bool] = True
    #: what lies in the middle of the table, left to right ("stock", "discard", "middle",
    #: "closed", "widow"); the stock and the discard pile are added wherever a turn may draw
    middle_parts: ClassVar[tuple[str, ...]] = ()
    #: open cards a turn may swap with: "middle" (swap), "open hand" (switch), else None
    open_cards: ClassVar[str | None] = None
    #: cards dealt face down to a widow
    widow_size: ClassVar[int] = 0
    #: the dealer sees the second hand before choosing (switch; in swap it is taken unseen)
    dealer_sees_second_hand: ClassVar[bool] = False
    #: what a turn may do, as words for people (knock and stand are added where legal)
    turn_words: ClassVar[tuple[str, ...]] = ()
    #: the dealer's name at the table
    dealer_word: ClassVar[str] = N_("dealer")
    #: the options a Play page offers to change (scoring's own are filtered by the page)
    house_rules: ClassVar[tuple[str, ...]] = COMMON_HOUSE_RULES
    #: your hand is drawn large where few move buttons sit below it
    big_hand: ClassVar[bool] = False
    #: the fast simulator (``thirtyone.sim``) and the knock simulations play it
    simulated: ClassVar[bool] = False
    #: how ``odds.moves`` counts its moves' odds: "draw" (a drawn card or the top discard),
    #: "open" (swaps or exchanges with open cards), None (no move odds)
    move_odds: ClassVar[str | None] = None
    #: a turn may pass (the swap family, where the rules allow it)
    passes: ClassVar[bool] = False
    #: the move that takes every open card at once ("swap all", "switch open"), if any
    whole_hand: ClassVar[str | None] = None
    #: a face-down closed hand a turn may switch for (switch)
    closed_hand: ClassVar[bool] = False
    #: every turn draws or takes, then discards: nothing else lies open (the draw family)
    only_draws: ClassVar[bool] = False
    #: the kinds of card moves a turn may offer besides the one-button moves (draw, take,
    #: knock...): "discard", "swap", "exchange" (the felt keeps a place for each kind)
    card_moves: ClassVar[tuple[str, ...]] = ()
    #: the three-card lessons' guesses, plots and practice deal it (draw, swap, widow)
    practised: ClassVar[bool] = True
    #: the exact stand-or-move quiz and the short lesson rounds (draw and swap)
    exact_turn_quiz: ClassVar[bool] = False
    #: the cards a player can see besides the hand, in a sentence (None: no move odds)
    visible_help: ClassVar[str | None] = None
    #: cards a student names as "what you can see" in the Odds lab, as an example
    visible_example: ClassVar[str] = "QH 7C 8S"

    #: options a game record of this family always names (records written before the option
    #: existed replay with ``older_record_defaults``)
    always_recorded: ClassVar[tuple[str, ...]] = ()
    older_record_defaults: ClassVar[dict[str, object]] = {}

    @classmethod
    def laid_out(cls, rules: Rules) -> int:
        """Cards a deal lays out besides the hands: the upcard wherever a turn may draw, and
        the family's own (a middle, a widow, a second and a closed hand)."""
        return 1 if rules.draws else 0

    @classmethod
    def may_take_whole_hand(cls, rules: Rules) -> bool:
        """Whether ``whole_hand`` is a move under ``rules``."""
        return cls.whole_hand is not None
    #: why the racing model (turns to reach a value by drawing) leaves this family out,
    #: where no turn draws; None where it fits
    no_race: ClassVar[str | None] = None


__all__ = ["FamilyFacts", "COMMON_HOUSE_RULES"]
