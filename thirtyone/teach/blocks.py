"""The lesson blocks of issue 15 besides quizzes: ``teaches`` (hidden: the concepts a step
teaches), ``plot`` (an Odds lab figure with one or two controls) and ``link`` (to a teacher
scenario in Play or a section of the Odds lab). Here they are checked data; the UI draws them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core.rules import OPTIONS, RulesError, get_variant
from ..game.families import family_class
from ..i18n import _
from ..odds.tables import OddsError
from ..sim.knock import check_simulable
from .quiz import LessonError
from .scenarios import get_scenario

CONCEPT = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")

# Each plot: its settings with (default, lowest, highest); the student may move one or two.
PLOT_SETTINGS: dict[str, dict[str, tuple[int, int, int]]] = {
    # turns: each other player's turns by the showdown, the final one included (0: the
    # exact curve against fresh hands; more: simulated, as in the Odds lab)
    "knock_survival": {"players": (3, 2, 7), "value": (20, 2, 31), "turns": (0, 0, 8)},
    "race": {"target": (31, 25, 31), "turns": (10, 3, 30)},
    "dealt_values": {"value": (20, 2, 31)},
    # Banking: the chance one more card takes a punter's three cards over 31, by their total
    "bust": {"total": (26, 6, 31)},
}
ODDS_SECTIONS = ("starting_hands", "racing", "knocking", "your_hand")
LINK_SETTINGS = ("variant", "players")


@dataclass(frozen=True)
class Teaches:
    """Hidden: the concepts this point of a step teaches (quizzes below may rest on them)."""
    concepts: tuple[str, ...]


@dataclass(frozen=True)
class Plot:
    plot: str                             # knock_survival, race, dealt_values or bust
    variant: str
    settings: tuple[tuple[str, int], ...]  # fixed settings (name, value), every setting named
    controls: tuple[str, ...]             # the settings the student moves
    caption: str = ""

    def setting(self, name: str) -> int:
        return dict(self.settings)[name]

    def bounds(self, name: str) -> tuple[int, int]:
        _default, low, high = PLOT_SETTINGS[self.plot][name]
        return low, high


@dataclass(frozen=True)
class Link:
    to: str                                # "play" or "odds"
    label: str
    params: tuple[tuple[str, str], ...]    # the URL's query, in order

    @property
    def page(self) -> str:
        return "play" if self.to == "play" else "odds_lab"


def concepts(text: str) -> tuple[str, ...]:
    """Concept names from a comma list; each must be lowercase letters, digits, hyphens."""
    names = tuple(n.strip() for n in str(text).split(",") if n.strip())
    for n in names:
        if not CONCEPT.fullmatch(n):
            raise LessonError(_("'{name}' is not a concept name: use lowercase letters, digits "
                                "and hyphens, such as final-turns.").format(name=n[:60]))
    return names


def parse_teaches(content: str) -> Teaches:
    names = concepts(" ".join(ln.strip() for ln in content.splitlines()).replace(" ", ","))
    if not names:
        raise LessonError(_("A ```teaches block is empty."))
    return Teaches(names)


def _number(name: str, raw: Any, low: int, high: int) -> int:
    try:
        n = int(str(raw))
    except ValueError:
        raise LessonError(_("The plot's '{name}' must be a whole number, not '{raw}'.").format(
            name=name, raw=str(raw)[:40])) from None
    if not low <= n <= high:
        raise LessonError(_("The plot's '{name}' must be from {low} to {high}, not {n}.").format(
            name=name, low=low, high=high, n=n))
    return n


def parse_plot(spec: dict[str, Any], default_variant: str) -> Plot:
    kind = spec.get("plot")
    if kind not in PLOT_SETTINGS:
        raise LessonError(_("A ```plot block needs 'plot:' one of {kinds}.").format(
            kinds=", ".join(PLOT_SETTINGS)))
    allowed = PLOT_SETTINGS[kind]
    extra = set(spec) - {"plot", "variant", "controls", "caption", *allowed}
    if extra:
        raise LessonError(_("The {kind} plot has no setting {extra}; its settings: "
                            "{settings}.").format(kind=kind, extra=", ".join(sorted(extra)),
                                                  settings=", ".join(allowed)))
    variant = spec.get("variant", default_variant)
    rules = get_variant(variant).rules
    if kind == "bust":
        if rules.hand_value != "banking_total":
            raise LessonError(_("The bust plot is drawn for Banking, not '{variant}'.").format(
                variant=variant))
    elif rules.hand_value != "suit_sum" or not family_class(rules).practised:
        raise LessonError(_("The {kind} plot is drawn for three-card suit-sum games, not "
                            "'{variant}'.").format(kind=kind, variant=variant))
    settings = tuple((name, _number(name, spec.get(name, d), lo, hi))
                     for name, (d, lo, hi) in allowed.items())
    controls = concepts(spec.get("controls", ""))
    if not 1 <= len(controls) <= 2 or any(c not in allowed for c in controls):
        raise LessonError(_("The {kind} plot's 'controls' must name one or two of "
                            "{settings}.").format(kind=kind, settings=", ".join(allowed)))
    if kind == "knock_survival" and ("turns" in controls or dict(settings)["turns"] > 0):
        try:
            check_simulable(rules)
        except OddsError as e:
            raise LessonError(_("The knock curve after some turns is simulated: {error}").format(
                error=e)) from None
    return Plot(kind, variant, settings, controls, str(spec.get("caption", "")))


def parse_link(spec: dict[str, Any]) -> Link:
    to = spec.get("to")
    label = str(spec.get("label", "")).strip()
    if not label or len(label) > 60:
        raise LessonError(_("A ```link block needs a 'label:' of at most 60 characters."))
    if to == "play":
        name = str(spec.get("scenario", ""))
        if get_scenario(name) is None:
            raise LessonError(_("A link to Play needs 'scenario:' naming one of the teacher "
                                "scenarios; '{name}' is not one.").format(name=name[:60]))
        extra = set(spec) - {"to", "label", "scenario"}
        if extra:
            raise LessonError(_("A link to Play takes only 'scenario', not {extra}.").format(
                extra=", ".join(extra)))
        return Link("play", label, (("scenario", name),))
    if to == "odds":
        section = spec.get("section")
        if section not in ODDS_SECTIONS:
            raise LessonError(_("A link to the Odds lab needs 'section:' one of "
                                "{sections}.").format(sections=", ".join(ODDS_SECTIONS)))
        params = [("section", section)]
        for k, v in spec.items():
            if k in ("to", "label", "section"):
                continue
            if k == "variant":
                get_variant(str(v))
            elif k == "players":
                _number("players", v, 2, 7)
            elif k in OPTIONS:
                try:
                    OPTIONS[k].parse(str(v))
                except (RulesError, ValueError) as e:
                    raise LessonError(_("The link's '{key}': {error}").format(
                        key=k, error=e)) from None
            else:
                raise LessonError(_("A link to the Odds lab has no setting '{key}'.").format(
                    key=k))
            params.append((k, str(v)))
        return Link("odds", label, tuple(params))
    raise LessonError(_("A ```link block needs 'to: play' (with a scenario) or 'to: odds' "
                        "(with a section)."))


__all__ = ["CONCEPT", "LINK_SETTINGS", "Link", "ODDS_SECTIONS", "PLOT_SETTINGS", "Plot",
           "Teaches", "concepts", "parse_link", "parse_plot", "parse_teaches"]
