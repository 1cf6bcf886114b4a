"""One hand under every variant: the rows of the scorer's side-by-side table.

>>> rows = every_variant("AH KH 9S")
>>> [(r.key, r.value) for r in rows][:2]
[('scat', '21'), ('blitz', '21')]
>>> next(r for r in rows if r.key == "eenendertigen").value
'21'
>>> next(r for r in every_variant("2H 3H 4H") if r.key == "schwimmen").error
"'2H' is not in this 32-card pack (it uses 7 to ace only)."
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core.cards import Card, CardError, parse_cards
from ..core.rules import VARIANTS, Rules, Variant
from ..core.scoring import score


@dataclass(frozen=True)
class VariantValue:
    """A hand's value under one variant's preset, or why it cannot be scored there."""

    key: str
    name: str           # the variant's name, in the current language
    value: str          # "21", "30½", "pair"; "" when the hand does not fit the variant
    label: str          # "hearts", "three of a kind", "pair", "total" (an English id)
    explanation: str    # in the current language
    beats: float | None  # share of all dealt hands this hand beats
    error: str | None = None


def value_under(cards: tuple[Card, ...], variant: Variant, rules: Rules | None = None,
                with_odds: bool = True) -> VariantValue:
    """The hand's value under ``variant`` (or the given house ``rules``)."""
    rules = variant.rules if rules is None else rules
    try:
        s = score(cards, rules)
    except CardError as e:
        return VariantValue(variant.key, variant.name_text, "", "", "", None, str(e))
    value = s.label_text if isinstance(s.points, tuple) else s.value_text
    beats = None
    if with_odds:
        from ..odds.dealt import hand_standing

        beats = hand_standing(s.cards, rules).beats
    return VariantValue(variant.key, variant.name_text, value, s.label, s.explain(), beats)


def every_variant(cards: str | Iterable[str | Card], with_odds: bool = True) -> list[VariantValue]:
    """The hand under every preset in ``VARIANTS``, in registry order."""
    hand = tuple(parse_cards(cards))
    return [value_under(hand, v, with_odds=with_odds) for v in VARIANTS.values()]
