"""Teacher scenarios: prepared positions, shipped as data in ``thirtyone/scenarios/*.json``.

Each file is one scenario: a ``title``, a short ``description`` for the teacher, the
``outcome`` it leads to in the words of RULES.md, ``shows`` (a phrase of the table's own
round result that the outcome appears as), ``seat`` (whose view the replay opens with) and
``record``: a game record (DESIGN.md "Game record": variant, house rules, players, a stacked
deck and the moves). The file name without ``.json`` is the scenario's name, as in the link
``/play?scenario=<name>``.

>>> s = get_scenario("schwimmen_worked_example")
>>> s.record()["variant"], s.players[s.seat]
('schwimmen', 'You')
>>> get_scenario("no such thing") is None
True
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from typing import Any

NAME = re.compile(r"[a-z0-9_]{1,60}")
FIELDS = {"title", "description", "outcome", "shows", "seat", "record"}


@dataclass(frozen=True)
class Scenario:
    """One prepared position; ``record()`` gives a fresh copy of its game record."""

    name: str
    title: str
    description: str
    outcome: str
    shows: str
    seat: int
    record_text: str

    def record(self) -> dict[str, Any]:
        return json.loads(self.record_text)

    @property
    def players(self) -> list[str]:
        return list(self.record()["players"])

    @property
    def variant(self) -> str:
        return str(self.record()["variant"])


def _read(name: str, text: str) -> Scenario:
    data = json.loads(text)
    if not isinstance(data, dict) or set(data) != FIELDS:
        raise ValueError(f"Scenario '{name}' must have exactly the fields {sorted(FIELDS)}.")
    rec = data["record"]
    if not (isinstance(rec, dict) and isinstance(rec.get("players"), list)
            and isinstance(data["seat"], int) and 0 <= data["seat"] < len(rec["players"])):
        raise ValueError(f"Scenario '{name}': 'seat' must be a seat of the record's players.")
    return Scenario(name, str(data["title"]), str(data["description"]), str(data["outcome"]),
                    str(data["shows"]), data["seat"], json.dumps(rec))


@lru_cache(maxsize=1)
def load_scenarios() -> dict[str, Scenario]:
    """Every shipped scenario by name, in file-name order."""
    folder = files("thirtyone").joinpath("scenarios")
    out = {}
    for f in sorted(folder.iterdir(), key=lambda p: p.name):
        if f.name.endswith(".json"):
            name = f.name[:-5]
            out[name] = _read(name, f.read_text("utf-8"))
    return out


def get_scenario(name: Any) -> Scenario | None:
    """The scenario called ``name``, or None for any other value (a link is hostile input:
    anything that is not a short lower-case name is simply not found)."""
    if not isinstance(name, str) or not NAME.fullmatch(name):
        return None
    return load_scenarios().get(name)


__all__ = ["Scenario", "load_scenarios", "get_scenario"]
