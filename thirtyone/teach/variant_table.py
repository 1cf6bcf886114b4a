"""The variants side by side, generated from the presets in ``VARIANTS``.

Each row is one option of ``OPTIONS`` (its label), each column one variant; values are written
for people (``30½``, ``yes``, ``second circle``). An option that plays no part in a variant
(passing in a draw game, a natural's payout outside banking) shows a dash, so the rows that
differ are the ones that matter.

>>> rows = comparison_rows(["scat", "blitz"])
>>> row = next(r for r in rows if r.option == "knocker_tied")
>>> row.label, row.values, row.differs
('Knocker tied for lowest', ('safe', 'double'), True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..core.rules import OPTIONS, VARIANTS, Rules

NOT_USED = "—"

# Which options play a part under which rules. An option not listed here always matters.
_TABLE_FAMILIES = ("draw", "swap", "widow", "switch")
_APPLIES: dict[str, Callable[[Rules], bool]] = {
    "packs": lambda r: r.family == "banking",
    "three_of_a_kind": lambda r: r.hand_value == "suit_sum",
    "fire": lambda r: r.hand_value == "suit_sum",
    "tie_break": lambda r: r.hand_value == "suit_sum",
    "may_discard_taken_card": lambda r: r.family == "draw",
    "allow_pass": lambda r: r.family == "swap",
    "allow_swap_all": lambda r: r.family == "swap",
    "dealer_two_hands": lambda r: r.family == "swap",
    "knock_from": lambda r: r.family in _TABLE_FAMILIES,
    "blitz_effect": lambda r: r.family in _TABLE_FAMILIES,
    "blitz_after_knock": lambda r: r.family in _TABLE_FAMILIES and r.counts_blitz,
    "stock_out": lambda r: r.family in ("draw", "swap"),
    "lives": lambda r: r.scoring == "lives",
    "extra_life": lambda r: r.scoring == "lives",
    "knocker_alone_lowest": lambda r: r.scoring == "lives",
    "knocker_tied": lambda r: r.scoring == "lives",
    "points_to_win": lambda r: r.scoring == "points",
    "chips": lambda r: r.scoring == "chips",
    "ante": lambda r: r.family == "widow",
    "natural_pays": lambda r: r.family == "banking",
    "bust_pays": lambda r: r.family == "banking",
    "win_pays": lambda r: r.family == "banking",
    "one_banker": lambda r: r.family == "banking",
    "anticlockwise": lambda r: r.family == "banking",
}

_WORDS = {"suit_sum": "suit sum", "brag": "brag ranks", "banking_total": "banking total",
          "first_turn": "first turn", "second_circle": "second circle",
          "others_lose": "others lose", "showdown": "only lowest loses", "pot": "takes the pot",
          "none": "nothing special", "void": "void round", "reshuffle": "reshuffle discards",
          "score": "score the round"}


def option_applies(name: str, rules: Rules) -> bool:
    """Whether option ``name`` plays any part under ``rules``."""
    if name not in OPTIONS:
        raise ValueError(f"Unknown option '{name}'; options are: {', '.join(OPTIONS)}.")
    test = _APPLIES.get(name)
    return True if test is None else test(rules)


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
        if value.is_integer():
            return str(int(value))
        if value - int(value) == 0.5:
            return f"{int(value)}½"
        return str(value)
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
        """True when the variants that use this option do not all agree (dashes ignored)."""
        return len({v for v in self.values if v != NOT_USED}) > 1


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
