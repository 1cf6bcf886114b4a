"""The variants side by side, generated from the presets in ``VARIANTS``.

Each row is one option of ``OPTIONS`` (its label), each column one variant; values are written
for people (``30½``, ``yes``, ``second circle``). An option that plays no part in a variant
(passing in a draw game, a natural's payout outside banking) shows a dash. A row differs when
its cells are not all the same, a dash beside a value included: that game lacks the rule.

>>> rows = comparison_rows(["scat", "blitz"])
>>> row = next(r for r in rows if r.option == "knocker_tied")
>>> row.label, row.values, row.differs
('Knocker tied for lowest', ('safe', 'double'), True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core.rules import OPTIONS, VARIANTS, Rules, Variant
from ..core.text import points_text
from ..i18n import N_, _, pgettext
from .lore import SOURCES, shown_source_key

NOT_USED = "—"

# how a game is scored, as a table cell (a context: "lives" alone elsewhere is "no lives left")
_SCORING = {"lives": lambda: pgettext("scoring", "lives"),
            "points": lambda: pgettext("scoring", "points"),
            "chips": lambda: pgettext("scoring", "chips")}

# option values in words (shown translated); values not listed are words already
_WORDS = {"suit_sum": N_("suit sum"), "brag": N_("brag ranks"),
          "banking_total": N_("banking total"), "first_turn": N_("first turn"),
          "second_circle": N_("second circle"), "others_lose": N_("others lose"),
          "showdown": N_("only lowest loses"), "pot": N_("takes the pot"),
          "none": N_("nothing special"), "void": N_("void round"),
          "reshuffle": N_("reshuffle discards"), "score": N_("score the round"),
          "draw": N_("draw"), "swap": N_("swap"), "widow": N_("widow"), "switch": N_("switch"),
          "banking": N_("banking"), "safe": N_("safe"), "same": N_("same"), "double": N_("double")}


def option_applies(name: str, rules: Rules) -> bool:
    """Whether option ``name`` plays any part under ``rules`` (``Option.applies``)."""
    if name not in OPTIONS:
        raise ValueError(_("Unknown option '{name}'; options are: {options}.").format(
            name=name, options=", ".join(OPTIONS)))
    return OPTIONS[name].applies(rules)


def lower_first(text: str) -> str:
    """A sentence continued after a colon: its first letter small ("Passing allowed plays no
    part" -> "passing allowed plays no part")."""
    return text[:1].lower() + text[1:]


def as_played(variant: Variant) -> str:
    """Where a preset's rules come from, for a quiz's answer: its source, and whether parts
    of it are our reading (the sources are silent there and the app chose).

    The source is named by what it is (a learner cannot make sense of "seed 000").

    >>> as_played(VARIANTS["scat"])
    'Where this comes from: a reference article on Thirty-One and its variants (in Russian).'
    >>> as_played(VARIANTS["switch"])  # doctest: +ELLIPSIS
    'Where this comes from: a reference article ..., with parts that are our reading (the source is silent there).'
    """
    source = (_(SOURCES[variant.source]) if variant.source in SOURCES
              else shown_source_key(variant.source))
    if variant.our_reading:
        return _("Where this comes from: {source}, with parts that are our reading (the "
                 "source is silent there).").format(source=source)
    return _("Where this comes from: {source}.").format(source=source)


def humanise(value: Any) -> str:
    """An option value as people write it, in the current language.

    >>> [humanise(v) for v in (None, True, 30.5, 30, "second_circle")]
    ['none', 'yes', '30½', '30', 'second circle']
    """
    if value is None:
        return _("none")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, float):
        return points_text(value)
    if isinstance(value, str):
        if value in _SCORING:
            return _SCORING[value]()
        return _(_WORDS[value]) if value in _WORDS else value.replace("_", " ")
    return str(value)


@dataclass(frozen=True)
class Row:
    """One option across the chosen variants."""

    option: str
    label: str
    help: str
    values: tuple[str, ...]   # one per variant, NOT_USED where the option plays no part

    @property
    def differs(self) -> bool:
        """True unless every variant has the same value. A dash beside a value differs: one
        game has the rule (Running total's target, Kitty's ante) and another does not."""
        return len(set(self.values)) > 1


def comparison_rows(keys: Iterable[str] | None = None) -> list[Row]:
    """One row per option in ``OPTIONS`` order, one value per variant in ``keys``."""
    keys = list(VARIANTS) if keys is None else list(keys)
    for k in keys:
        if k not in VARIANTS:
            raise ValueError(_("Unknown variant '{key}'; valid keys are: {keys}.").format(
                key=k, keys=", ".join(VARIANTS)))
    rows = []
    for name, opt in OPTIONS.items():
        values = []
        for k in keys:
            rules = VARIANTS[k].rules
            values.append(humanise(getattr(rules, name)) if option_applies(name, rules)
                          else NOT_USED)
        rows.append(Row(name, opt.label_text, opt.help_text, tuple(values)))
    return rows


def column_title(key: str) -> str:
    """The variant's name, marked with * when parts of it are our reading."""
    v = VARIANTS[key]
    return v.name_text + (" *" if v.our_reading else "")
