"""How numbers are written for learners, in one place: half points, whole numbers, plurals
and percentages; and how a sentence ends.

>>> points_text(30.5), points_text(21.0), whole(4.0), plural(1, "life", "lives")
('30½', '21', 4, '1 life')
>>> percent(0.001), percent(0.4)
('less than 1 %', 'about 40 %')
"""

from __future__ import annotations

from typing import Any


def points_text(x: Any) -> str:
    """A hand value as text: 30.5 -> '30½', 21.0 -> '21'; anything else as ``str``."""
    if isinstance(x, (int, float)) and not isinstance(x, bool):
        if float(x).is_integer():
            return str(int(x))
        if x - int(x) == 0.5:
            return f"{int(x)}½"
    return str(x)


def whole(x: Any) -> Any:
    """A float that is a whole number as an int (for JSON and tables); others unchanged."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def plural(n: int, one: str, many: str | None = None) -> str:
    """'1 chip', '2 chips'; ``many`` defaults to ``one`` + 's'."""
    return f"{n} {one if n == 1 else (many if many is not None else one + 's')}"


def sentence(text: str) -> str:
    """``text`` ending in exactly one full stop, or its own ``!`` or ``?``: parts that are
    whole sentences already can be joined without doubling the stop.

    >>> sentence("a run: three ranks in a row."), sentence("Blitz!"), sentence("Ann wins")
    ('a run: three ranks in a row.', 'Blitz!', 'Ann wins.')
    """
    text = text.rstrip()
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def percent(p: float) -> str:
    """A probability in words a learner reads: 'less than 1 %', 'about 40 %'."""
    if p < 0.005:
        return "less than 1 %"
    if p > 0.995:
        return "almost 100 %"
    return f"about {round(100 * p)} %"
