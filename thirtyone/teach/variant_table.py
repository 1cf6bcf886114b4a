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

from ..core.rules import OPTIONS, VARIANTS, Rules
from ..core.text import points_text

NOT_USED = "—"

_WORDS = {"suit_sum": "suit sum", "brag": "brag ranks", "banking_total": "banking total",
          "first_turn": "first turn", "second_circle": "second circle",
          "others_lose": "others lose", "showdown": "only lowest loses", "pot": "takes the pot",
          "none": "nothing special", "void": "void round", "reshuffle": "reshuffle discards",
          "score": "score the round"}


def option_applies(name: str, rules: Rules) -> bool:
    """Whether option ``name`` plays any part under ``rules`` (``Option.applies``)."""
    if name not in OPTIONS:
        raise ValueError(f"Unknown option '{name}'; options are: {', '.join(OPTIONS)}.")
    return OPTIONS[name].applies(rules)


def humanise(value: Any) -> str:
    """An option value as people write it.

    >>> [humanise(v) for v in (None, True, 30.5, 30, "second_circle")]
    ['none', 'yes', '30½', '30', 'second circle']
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return points_text(value)
    if isinstance(value, str):
        return _WORDS.get(value, value.replace("_", " "))
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
            raise ValueError(f"Unknown variant '{k}'; valid keys are: {', '.join(VARIANTS)}.")
    rows = []
    for name, opt in OPTIONS.items():
        values = []
        for k in keys:
            rules = VARIANTS[k].rules
            values.append(humanise(getattr(rules, name)) if option_applies(name, rules)
                          else NOT_USED)
        rows.append(Row(name, opt.label, opt.help, tuple(values)))
    return rows


def column_title(key: str) -> str:
    """The variant's name, marked with * when parts of it are our reading."""
    v = VARIANTS[key]
    return v.name + (" *" if v.our_reading else "")
