"""The core values every other layer builds on: cards, rules and variants, scoring, actions,
events, errors and the text formatting of numbers. Imports nothing else of the package."""

# The package's public door: what the layers above use (tests/test_layers.py keeps the
# UI importing only from here).
from .actions import (
           Action,
           Discard,
           Draw,
           Exchange,
           Hit,
           Knock,
           NoRestart,
           Pass,
           Restart,
           Stand,
           Stay,
           Swap,
           SwapAll,
           SwitchClosed,
           SwitchOpen,
           Take,
           parse_action,
)
from .cards import (
           SUIT_NAMES,
           SUIT_SYMBOLS,
           SUITS,
           Card,
           CardError,
           cards_display,
           cards_typed,
           make_pack,
           parse_card,
           parse_cards,
           parse_hand,
)
from .errors import IllegalActionError
from .kinds import LEVEL_ORDER, BotLevel, EndedBy, Family, Phase, Scoring
from .rules import (
           DEFAULT_VARIANT,
           OPTIONS,
           VARIANTS,
           Rules,
           RulesError,
           Variant,
           closest_variant,
           get_variant,
           life_words,
           preset_of,
           variant_lives,
)
from .scoring import Score, label_text, score

__all__ = ["Action", "BotLevel", "Card", "CardError", "cards_display", "cards_typed",
           "closest_variant", "DEFAULT_VARIANT", "Discard", "Draw", "EndedBy", "Exchange",
           "Family", "get_variant", "Hit", "IllegalActionError", "Knock", "label_text",
           "LEVEL_ORDER", "life_words", "make_pack", "NoRestart", "OPTIONS", "parse_action",
           "parse_card", "parse_cards", "parse_hand", "Pass", "Phase", "preset_of", "Restart",
           "Rules", "RulesError", "Score", "score", "Scoring", "Stand", "Stay", "SUIT_NAMES",
           "SUIT_SYMBOLS", "SUITS", "Swap", "SwapAll", "SwitchClosed", "SwitchOpen", "Take",
           "Variant", "variant_lives", "VARIANTS"]
