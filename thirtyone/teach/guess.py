"""Guess, then see (issue 26): a lesson block ```` ```guess ```` that asks the student for a
chance before it shows it. Here the block is checked data, its exact value comes from the
odds engine's exhaustive tables, and a seeded simulation walks towards that value in a
bounded number of steps, each with its 95 % band (Wilson); ``ui/guess_block.py`` draws it.

Kinds (``guess:``), each a chance between 0 and 1:

- ``dealt``: a dealt hand is worth at least ``at_least`` (31: a blitz on the deal);
- ``race``: alone, drawing the fastest way, you hold 31 within ``turns`` turns;
- ``knock``: a knock on ``value`` with ``players`` at the table, against fresh hands, goes
  well (you keep your life);
- ``standing``: shown down now against one opponent dealt from the other cards, ``hand``
  meets what the scoring punishes (``odds.hand_at_table``: with lives, lowest or tied for it);
- ``bust``: in Banking, one more card takes ``hand`` over 31.

>>> g = parse_guess({"guess": "dealt", "at_least": "31", "question": "?"}, "scat")
>>> round(exact(g) * 22100)   # an ace with two of the 10, J, Q, K of its suit: 4 x 6
24
>>> steps = simulate(g, seed=1)
>>> steps[-1].rounds == ROUNDS[-1] and steps[-1].low <= exact(g) <= steps[-1].high
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.cards import Card, CardError, make_pack, parse_hand
from ..core.rules import get_variant
from ..core.scoring import banking_total
from ..game.families import family_class
from ..i18n import _
from ..odds.dealt import dealt_distribution
from ..odds.knock import (
    hand_at_table,
    knock_risk,
    knock_survival_exact,
    simulate_fresh_knock,
    wilson,
)
from ..odds.race import race_curve
from ..odds.tables import OddsError, lookup, pack_indices
from ..sim.race import simulate_race
from .quiz import LessonError

KINDS = ("dealt", "race", "knock", "standing", "bust")
# the simulation's rounds so far after each step: few steps, each shown, and done quickly
ROUNDS = (10, 30, 100, 300, 1000, 3000, 10000)
Z95 = 1.96


@dataclass(frozen=True)
class Guess:
    kind: str
    variant: str
    question: str
    players: int = 2
    value: float = 0.0          # knock: the knocker's value; dealt: at least this
    turns: int = 0
    hand: tuple[Card, ...] = ()


@dataclass(frozen=True)
class SimStep:
    """The simulation after ``rounds`` rounds: ``hits`` of them went the asked way, the
    estimate and its 95 % band (the true chance lies inside such a band in 95 of 100 runs)."""
    rounds: int
    hits: int
    estimate: float
    low: float
    high: float


def _int(spec: dict[str, Any], name: str, low: int, high: int) -> int:
    raw = spec.get(name)
    try:
        n = int(str(raw))
    except ValueError:
        raise LessonError(_("The guess's '{name}' must be a whole number from {low} to "
                            "{high}.").format(name=name, low=low, high=high)) from None
    if not low <= n <= high:
        raise LessonError(_("The guess's '{name}' must be a whole number from {low} to "
                            "{high}.").format(name=name, low=low, high=high))
    return n


NEEDS = {"dealt": ("at_least",), "race": ("turns",), "knock": ("players", "value"),
         "standing": ("hand",), "bust": ("hand",)}


def parse_guess(spec: dict[str, Any], default_variant: str) -> Guess:
    kind = spec.get("guess")
    if kind not in KINDS:
        raise LessonError(_("A ```guess block needs 'guess:' one of {kinds}.").format(
            kinds=", ".join(KINDS)))
    extra = set(spec) - {"guess", "variant", "question", *NEEDS[kind]}
    missing = [k for k in ("question", *NEEDS[kind]) if not spec.get(k)]
    if extra or missing:
        raise LessonError(_("A '{kind}' guess takes {keys} and 'question' (and may name a "
                            "'variant').").format(kind=kind, keys=", ".join(NEEDS[kind])))
    variant = str(spec.get("variant", default_variant))
    rules = get_variant(variant).rules
    banking = not family_class(rules).is_table
    if banking != (kind == "bust"):
        raise LessonError(_("A '{kind}' guess does not fit the variant '{variant}'.").format(
            kind=kind, variant=variant))
    if not banking and (rules.hand_value != "suit_sum"
                        or not family_class(rules).practised):
        raise LessonError(_("A '{kind}' guess is asked for three-card suit-sum games, not "
                            "'{variant}'.").format(kind=kind, variant=variant))
    question = str(spec["question"])
    try:
        if kind == "dealt":
            g = Guess(kind, variant, question, value=_int(spec, "at_least", 2, 31))
        elif kind == "race":
            g = Guess(kind, variant, question, turns=_int(spec, "turns", 1, 30))
        elif kind == "knock":
            g = Guess(kind, variant, question, players=_int(spec, "players", 2, 7),
                      value=_int(spec, "value", 2, 31))
        else:
            hand = parse_hand(str(spec["hand"]), pack=rules.pack,
                              size=None if banking else 3)
            if banking and not 2 <= len(hand) <= 5:
                raise LessonError(_("A bust guess needs two to five cards."))
            g = Guess(kind, variant, question, hand=tuple(hand))
        exact(g)   # a value no hand has, a race the engine withholds: said now
    except (CardError, OddsError) as e:
        raise LessonError(_("The guess cannot be counted: {error}").format(error=e)) from None
    return g


def exact(g: Guess) -> float:
    """The exact chance, from the engine's exhaustive tables."""
    rules = get_variant(g.variant).rules
    if g.kind == "dealt":
        d = dealt_distribution(rules)
        return float(sum(p for v, p in d.probabilities.items() if v >= g.value))
    if g.kind == "race":
        return float(race_curve(rules, 31, g.turns).fastest_policy[g.turns])
    if g.kind == "knock":
        curve = knock_survival_exact(rules, g.players - 1)
        hit = np.flatnonzero(curve.values == g.value)
        if not len(hit):
            raise OddsError(_("No hand is worth {value} under these rules.").format(
                value=g.value))
        return float(curve.survive[hit[0]])
    if g.kind == "standing":   # what the scoring punishes against one opponent (RULES 3e)
        return float(hand_at_table(g.hand, rules, 1).chance)
    after = [banking_total((*g.hand, c))[1] for c in bust_unseen(g)]
    return sum(after) / len(after)


def bust_unseen(g: Guess) -> list[Card]:
    """The cards the next one could be: the pack(s) less the cards in the hand."""
    rules = get_variant(g.variant).rules
    left = [c for c in make_pack(rules.pack) for _i in range(rules.packs)]
    for c in g.hand:
        left.remove(c)
    return left


def _hits(g: Guess, rounds: int, rng: np.random.Generator) -> int:
    """How many of ``rounds`` fresh simulated rounds went the asked way."""
    rules = get_variant(g.variant).rules
    seed = int(rng.integers(2**31))
    if g.kind == "dealt":
        pack = pack_indices(rules)
        hands = pack[np.argsort(rng.random((rounds, len(pack))), axis=1)[:, :3]]
        pts = lookup(rules).points[hands[:, 0], hands[:, 1], hands[:, 2]]
        return int(np.count_nonzero(pts >= g.value))
    if g.kind == "race":
        first = simulate_race(rules, rounds, g.turns, seed)
        return int(np.count_nonzero(first <= g.turns))
    if g.kind == "knock":
        share = simulate_fresh_knock(rules, g.players - 1, g.value, rounds, seed)[0]
        return int(round(share * rounds))
    if g.kind == "standing":
        pack = pack_indices(rules)
        own = np.array([c.index for c in g.hand])
        rest = pack[~np.isin(pack, own)]
        opp = rest[np.argsort(rng.random((rounds, len(rest))), axis=1)[:, :3]]
        lk = lookup(rules).strength
        mine = lk[own[0], own[1], own[2]]
        theirs = lk[opp[:, 0], opp[:, 1], opp[:, 2]]
        # with lives all tied for lowest lose; with places or a pot only a better hand hurts
        lost = theirs >= mine if knock_risk(rules).kind == "life" else theirs > mine
        return int(np.count_nonzero(lost))
    left = bust_unseen(g)
    bust = np.array([banking_total((*g.hand, c))[1] for c in left])
    return int(np.count_nonzero(bust[rng.integers(len(left), size=rounds)]))


def simulate(g: Guess, seed: int, rounds: tuple[int, ...] = ROUNDS) -> list[SimStep]:
    """The simulation step by step: after each step the rounds so far, the hits, the
    estimate and its 95 % band. The same seed gives the same steps."""
    rng = np.random.default_rng([seed, KINDS.index(g.kind)])
    out, done, hits = [], 0, 0
    for n in rounds:
        hits += _hits(g, n - done, rng)
        done = n
        lo, hi = wilson(np.array(hits, dtype=float), n, Z95)
        out.append(SimStep(n, hits, hits / n, max(0.0, float(lo)), min(1.0, float(hi))))
    return out


__all__ = ["Guess", "KINDS", "ROUNDS", "SimStep", "bust_unseen", "exact", "parse_guess",
           "simulate"]
