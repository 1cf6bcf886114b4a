"""thirtyone: the rules engine behind the Thirty-One teaching app.

The engine never imports streamlit; ``thirtyone.ui`` and the pages do.

>>> from thirtyone import parse_hand, get_variant, score
>>> score(parse_hand("AH KH 9S"), get_variant("scat").rules).points
21.0
"""

from .core.cards import Card, CardError, make_pack, parse_card, parse_hand
from .core.errors import IllegalActionError
from .core.rules import OPTIONS, VARIANTS, Rules, RulesError, Variant, get_variant
from .core.scoring import Score, score

__all__ = ["Card", "CardError", "IllegalActionError", "OPTIONS", "Rules", "RulesError", "Score",
           "VARIANTS", "Variant", "get_variant", "make_pack", "parse_card", "parse_hand", "score"]
