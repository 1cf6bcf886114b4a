"""The live lesson's items (issue 28), as checked data: what the teacher pushes to every
device, what counts as an answer, and how the room's answers and deals are pooled.

An item is a small dict (kept in the store as JSON, so a session can be replayed):

- ``{"kind": "quiz", "quiz": "<lesson quiz id>"}``: a quiz of the course (drawn by the page in
  each student's own language);
- ``{"kind": "guess", "guess": "dealt", "at_least": 20, "variant": "scat"}``: a chance,
  answered with a slider (whole per cent), its exact value from ``guess.exact``;
- ``{"kind": "decision", "practice": "knock", "variant": "scat", "players": 3, "seed": 1}``:
  a real position from the practice dealer, every option costed (``practice_items``);
- ``{"kind": "experiment", "experiment": "deal", "variant": "scat"}``: every student presses
  "Deal" and the server's engine deals with a seed of its own; the room's results are pooled
  and set beside the exact distribution (``pooled``).

Nothing here is secret: an experiment deals fresh cards that belong to no game.

>>> e = experiment({"kind": "experiment", "experiment": "deal", "variant": "scat"})
>>> vals = run_press(e, seed=7)
>>> len(vals) == e.per_press and all(3 <= v <= 31 for v in vals)
True
>>> round(sum(exact_distribution(e).values()), 9)
1.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.rules import get_variant
from ..game.families import family_class
from ..i18n import N_, _
from ..odds.dealt import dealt_distribution
from ..odds.knock import knock_survival_exact, simulate_fresh_knock, wilson
from ..odds.race import race_curve
from ..odds.tables import lookup, pack_indices
from ..sim.race import simulate_race
from .guess import Guess, exact, parse_guess
from .practice import parse_practice
from .quiz import LessonError

ITEM_KINDS = ("quiz", "guess", "decision", "experiment")
EXPERIMENTS = ("deal", "race", "knock")
STATES = ("open", "locked", "revealed")
MAX_ITEMS = 60            # items in one session's running order
MAX_OPTIONS = 12          # a quiz's options at most
DECISION_OPTIONS = 2      # a decision: knock now, or play on (teach.practice_items)
MAX_PRESSES = 40          # "Deal" presses one student may send for one item
GUESS_BINS = 10           # the guesses' spread, in bins of 10 per cent
Z95 = 1.96

#: what each experiment asks, as the projector and the phones say it
EXPERIMENT_WORDS = {
    "deal": N_("Deal {k} hands of three and note each one's value."),
    "race": N_("Race alone to 31, drawing the fastest way: on which turn do you hold 31?"),
    "knock": N_("Knock on {value} at a table of {players} against fresh hands: do you keep "
                "your life?"),
}
#: the event whose share the room's results estimate (the law of large numbers, seen)
EVENT_WORDS = {
    "deal": N_("hands worth {at_least} or more"),
    "race": N_("races won within {turns} turns"),
    "knock": N_("knocks that keep the life"),
}


@dataclass(frozen=True)
class Experiment:
    kind: str
    variant: str
    per_press: int = 5        # results one press of "Deal" adds
    at_least: int = 20        # deal: the event is a hand worth at least this
    turns: int = 10           # race: the event is 31 within this many turns (cap: 3 x turns)
    value: int = 25           # knock: the knocker's value
    players: int = 3          # knock: the table's size

    @property
    def cap(self) -> int:
        return 3 * self.turns


@dataclass(frozen=True)
class Pooled:
    """The room's results so far: ``n`` of them, ``hits`` with the event, its share and 95 %
    band, the exact chance of the event, and the counts per recorded value."""
    n: int
    hits: int
    share: float
    low: float
    high: float
    exact: float
    counts: dict[int, int]


def _int(spec: dict[str, Any], name: str, low: int, high: int, default: int) -> int:
    raw = spec.get(name, default)
    try:
        n = int(str(raw))
    except ValueError:
        n = low - 1
    if not low <= n <= high:
        raise LessonError(_("The item's '{name}' must be a whole number from {low} to "
                            "{high}.").format(name=name, low=low, high=high))
    return n


def check_item(spec: object) -> dict[str, Any]:
    """``spec`` as a clean item dict, or ``LessonError`` with one sentence."""
    if not isinstance(spec, dict) or spec.get("kind") not in ITEM_KINDS:
        raise LessonError(_("An item must be one of: {kinds}.").format(
            kinds=", ".join(ITEM_KINDS)))
    kind = spec["kind"]
    variant = str(spec.get("variant", "scat"))[:40]
    get_variant(variant)   # an unknown variant: its own sentence
    if kind == "quiz":   # found by its id in the course; the teacher's page counts options
        return {"kind": kind, "quiz": str(spec.get("quiz", ""))[:120],
                "options": _int(spec, "options", 2, MAX_OPTIONS, 2)}
    if kind == "guess":
        g = guess(spec)
        out = {"kind": kind, "variant": g.variant, "guess": g.kind}
        out.update({k: spec[k] for k in ("at_least", "turns", "players", "value")
                    if k in spec})
        return out
    if kind == "decision":
        parse_practice({"practice": "knock", "variant": variant}, variant)  # knock practice?
        return {"kind": kind, "practice": "knock", "variant": variant,
                "players": _int(spec, "players", 2, 6, 3),
                "seed": _int(spec, "seed", 0, 2**31 - 1, 1)}
    e = experiment(spec)
    return {"kind": kind, "experiment": e.kind, "variant": e.variant,
            "per_press": e.per_press, "at_least": e.at_least, "turns": e.turns,
            "value": e.value, "players": e.players}


def option_count(item: dict[str, Any]) -> int:
    """How many options a student chooses among: a decision's two (knock now, or play on),
    a quiz's as counted when it was pushed; 0 for a guess or an experiment."""
    if item.get("kind") == "decision":
        return DECISION_OPTIONS
    if item.get("kind") == "quiz":
        return int(item.get("options", 0))
    return 0


# --- guesses -----------------------------------------------------------------------------

GUESS_QUESTIONS = {
    "dealt": N_("What share of dealt hands is worth {at_least} or more?"),
    "race": N_("Alone, drawing the fastest way: what is the chance of holding 31 within "
               "{turns} turns?"),
    "knock": N_("You knock on {value} at a table of {players}: what is the chance you keep "
                "your life?"),
}


def guess(spec: dict[str, Any]) -> Guess:
    """The item's ``Guess`` (its question in the current language)."""
    kind = spec.get("guess")
    if kind not in GUESS_QUESTIONS:
        raise LessonError(_("A live guess is one of: {kinds}.").format(
            kinds=", ".join(GUESS_QUESTIONS)))
    words = {k: spec[k] for k in ("at_least", "turns", "players", "value") if k in spec}
    try:
        question = _(GUESS_QUESTIONS[kind]).format(**words)
    except KeyError as e:
        raise LessonError(_("A '{kind}' guess needs '{key}'.").format(
            kind=kind, key=e.args[0])) from None
    return parse_guess({**{k: str(v) for k, v in words.items()}, "guess": kind,
                        "question": question}, str(spec.get("variant", "scat")))


def guess_exact(spec: dict[str, Any]) -> float:
    return exact(guess(spec))


def guess_spread(values: list[int]) -> list[int]:
    """How many guesses fell in each tenth: 0-9 %, 10-19 %... 90-100 %."""
    out = [0] * GUESS_BINS
    for v in values:
        out[min(GUESS_BINS - 1, max(0, int(v)) // 10)] += 1
    return out


def check_guess(raw: object) -> int:
    """A guess as a whole per cent, or ``ValueError`` with one sentence."""
    try:
        v = int(str(raw))
    except ValueError:
        v = -1
    if not 0 <= v <= 100:
        raise ValueError(_("A guess is a whole per cent from 0 to 100."))
    return v


# --- experiments -------------------------------------------------------------------------

def experiment(spec: dict[str, Any]) -> Experiment:
    kind = spec.get("experiment")
    if kind not in EXPERIMENTS:
        raise LessonError(_("An experiment is one of: {kinds}.").format(
            kinds=", ".join(EXPERIMENTS)))
    variant = str(spec.get("variant", "scat"))
    rules = get_variant(variant).rules
    if rules.hand_value != "suit_sum" or not family_class(rules).practised:
        raise LessonError(_("A class experiment is run in a three-card suit-sum game, not "
                            "'{variant}'.").format(variant=variant))
    e = Experiment(kind, variant, per_press=_int(spec, "per_press", 1, 20, 5),
                   at_least=_int(spec, "at_least", 3, 31, 20),
                   turns=_int(spec, "turns", 1, 10, 10), value=_int(spec, "value", 3, 31, 25),
                   players=_int(spec, "players", 2, 7, 3))
    exact_distribution(e)   # a value no hand has: said now
    return e


def experiment_question(e: Experiment) -> str:
    return _(EXPERIMENT_WORDS[e.kind]).format(k=e.per_press, value=e.value, players=e.players)


def event_words(e: Experiment) -> str:
    return _(EVENT_WORDS[e.kind]).format(at_least=e.at_least, turns=e.turns)


def run_press(e: Experiment, seed: int) -> list[int]:
    """One press of "Deal": ``per_press`` results, dealt by the engine from ``seed``.

    deal: each hand's value; race: the turn of the first 31 (``cap + 1``: not within the cap);
    knock: 1 the knocker kept the life, 0 lost it."""
    rules = get_variant(e.variant).rules
    if e.kind == "deal":
        rng = np.random.default_rng([seed, 28])
        pack = pack_indices(rules)
        hands = pack[np.argsort(rng.random((e.per_press, len(pack))), axis=1)[:, :3]]
        pts = lookup(rules).points[hands[:, 0], hands[:, 1], hands[:, 2]]
        return [int(v) for v in pts]
    if e.kind == "race":
        first = simulate_race(rules, e.per_press, e.cap, int(seed % 2**31))
        return [int(v) for v in first]
    return [int(round(simulate_fresh_knock(rules, e.players - 1, e.value, 1,
                                           int((seed + i) % 2**31))[0]))
            for i in range(e.per_press)]


def exact_distribution(e: Experiment) -> dict[int, float]:
    """The exact chance of each value one result can take."""
    rules = get_variant(e.variant).rules
    if e.kind == "deal":
        return {int(v): float(p) for v, p in dealt_distribution(rules).probabilities.items()}
    if e.kind == "race":
        cum = race_curve(rules, 31, e.cap).fastest_policy
        out = {0: float(cum[0])}          # 31 in the hand dealt: turn 0
        out.update({t: float(cum[t] - cum[t - 1]) for t in range(1, e.cap + 1)})
        out[e.cap + 1] = float(1 - cum[e.cap])
        return out
    curve = knock_survival_exact(rules, e.players - 1)
    hit = np.flatnonzero(curve.values == e.value)
    if not len(hit):
        raise LessonError(_("No hand is worth {value} under these rules.").format(
            value=e.value))
    p = float(curve.survive[hit[0]])
    return {1: p, 0: 1 - p}


def is_hit(e: Experiment, value: int) -> bool:
    if e.kind == "deal":
        return value >= e.at_least
    if e.kind == "race":
        return value <= e.turns
    return value == 1


def event_chance(e: Experiment) -> float:
    """The exact chance that one result has the event the experiment asks about."""
    return sum(p for v, p in exact_distribution(e).items() if is_hit(e, v))


def pooled(e: Experiment, values: list[int]) -> Pooled:
    """The room's results pooled: the event's share with its 95 % band, beside the exact."""
    want = event_chance(e)
    counts: dict[int, int] = {}
    for v in values:
        counts[int(v)] = counts.get(int(v), 0) + 1
    n = len(values)
    hits = sum(c for v, c in counts.items() if is_hit(e, v))
    if n == 0:
        return Pooled(0, 0, 0.0, 0.0, 1.0, want, counts)
    lo, hi = wilson(np.array(hits, dtype=float), n, Z95)
    share = hits / n        # the band holds its own share, also where rounding shaves it
    return Pooled(n, hits, share, max(0.0, min(float(lo), share)),
                  min(1.0, max(float(hi), share)), want, counts)


def wilson_band(hits: np.ndarray, n: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The 95 % band of each running share ``hits / n`` (the true chance lies inside such a
    band in 95 of 100 classes)."""
    lo, hi = wilson(np.asarray(hits, dtype=float), np.asarray(n, dtype=float), Z95)
    return np.clip(lo, 0.0, 1.0), np.clip(hi, 0.0, 1.0)


# --- choices ----------------------------------------------------------------------------

def tally(n_options: int, answers: list[int]) -> list[int]:
    """How many chose each option (answers out of range are not counted)."""
    out = [0] * n_options
    for a in answers:
        if 0 <= a < n_options:
            out[a] += 1
    return out


def check_choice(raw: object, n_options: int) -> int:
    try:
        v = int(str(raw))
    except ValueError:
        v = -1
    if not 0 <= v < n_options:
        raise ValueError(_("That is not one of the options."))
    return v


#: a running order a teacher can start with: a guess, a decision, an experiment, a quiz
FIRST_ORDER: tuple[dict[str, Any], ...] = (
    {"kind": "guess", "guess": "dealt", "at_least": 20, "variant": "scat"},
    {"kind": "experiment", "experiment": "deal", "variant": "scat", "per_press": 5,
     "at_least": 20},
    {"kind": "decision", "practice": "knock", "variant": "scat", "players": 3, "seed": 1},
    {"kind": "guess", "guess": "knock", "value": 11, "players": 3, "variant": "scat"},
    {"kind": "experiment", "experiment": "knock", "variant": "scat", "value": 11,
     "players": 3, "per_press": 5},
    {"kind": "guess", "guess": "race", "turns": 10, "variant": "scat"},
    {"kind": "experiment", "experiment": "race", "variant": "scat", "turns": 10,
     "per_press": 2},
)


__all__ = ["DECISION_OPTIONS", "EXPERIMENTS", "FIRST_ORDER", "ITEM_KINDS", "MAX_ITEMS",
           "MAX_OPTIONS", "MAX_PRESSES", "STATES", "Experiment", "Pooled", "check_choice",
           "check_guess", "check_item", "event_chance", "event_words", "exact_distribution",
           "experiment",
           "experiment_question", "guess", "guess_exact", "guess_spread", "is_hit",
           "option_count", "pooled", "run_press", "tally", "wilson_band"]
