"""The quiz kinds of issue 15, each answered by the engine (never by the lesson file):

- ``which_variant``: ``option``, ``value`` (as text, read by ``Option.parse``), ``variants``:
  which of these variants' presets use the rule? Every variant whose preset has the value is
  right; a list where none has it is refused.
- ``banker`` (``variant: banking``): ``banker`` and ``punter``, the cards each ends with (the
  first three are the deal, the rest bought in order): who pays whom? Played out by the
  banking engine (``thirtyone.game.banking``) from a stacked shoe.
- ``knock``: ``hand``, ``players``, ``seat`` (from the dealer's left, 0 moves first), optional
  ``turn`` (your own turn number, default 1) and ``seen`` (the discard pile from the upcard
  up; swap family: the middle): knock now or draw (play on)? The table engine deals the
  position (the others, and you on your earlier turns, draw a card and throw it away again, so
  the pile is exactly ``seen``); the expert (``thirtyone.expert``) decides from the seat's
  observation, and that is the right answer. The explanation gives the chance that the knock
  is safe: exact against fresh hands (``odds.knock``) and simulated after the others' turns
  with a fixed seed (``sim.knock``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from ..core.actions import Knock
from ..core.cards import Card, cards_display, make_pack, parse_cards, parse_hand
from ..core.errors import IllegalActionError
from ..core.rules import OPTIONS, Rules, RulesError, get_variant
from ..core.scoring import score
from ..expert.expert import expert_decision
from ..game.banking import new_banking_game
from ..game.table import new_game
from ..odds.knock import knock_risk, knock_survival_exact
from ..odds.tables import OddsError
from ..policies.view import view_from_observation
from ..sim.knock import SimulatedKnock, iter_knock_after_turns
from .quiz import LessonError, Quiz, need
from .variant_table import humanise

NAMES = ("Ann", "Bo", "Cy", "Dee", "Ed", "Flo")
SIM_ROUNDS = 20_000     # simulated rounds behind a knock quiz's "after their turns" chance
SIM_SEED = 31           # fixed, so a lesson says the same number every time


def _list(value: Any) -> list[str]:
    items = value if isinstance(value, list) else str(value).split(",")
    return [str(v).strip() for v in items if str(v).strip()]


# --- which variant uses this rule? ----------------------------------------------------------

def which_variant_quiz(spec: dict[str, Any], key: str, rules: Rules) -> Quiz:
    need(spec, "option", "value", "variants")
    name = spec["option"]
    if name not in OPTIONS:
        raise LessonError(f"Unknown option '{name}'.")
    opt = OPTIONS[name]
    text = {"yes": "true", "no": "false"}.get(str(spec["value"]).strip().lower(),
                                               str(spec["value"]))
    try:
        value = opt.parse(text)
    except (RulesError, ValueError) as e:
        raise LessonError(f"The value '{spec['value']}' does not fit '{name}': {e}") from None
    keys = _list(spec["variants"])
    if len(keys) < 2 or len(set(keys)) != len(keys):
        raise LessonError("'variants' must list at least two different variants.")
    variants = [get_variant(k) for k in keys]
    has = [getattr(v.rules, name) == value for v in variants]
    if not any(has):
        raise LessonError(f"None of {', '.join(keys)} has '{name}' = {opt.text(value)}, so "
                          "the quiz would have no right answer.")
    options = [v.name for v in variants]
    why = [f"{v.name}: '{opt.label}' is {humanise(getattr(v.rules, name))}." for v in variants]
    right = [v.name for v, h in zip(variants, has, strict=True) if h]
    summary = (f"'{opt.label}' set to {humanise(value)} is the rule in "
               f"{' and '.join(right)} (the presets of this app).")
    return Quiz("which_variant", spec["question"], key, options,
                {i for i, h in enumerate(has) if h}, why, summary)


# --- Banking: who pays? ------------------------------------------------------------------------

def _roles(text: str) -> str:
    """The engine's sentence about the players "Banker" and "Punter" told with their roles:
    "Punter stays." -> "The punter stays."; "Banker, the banker, stays" -> "The banker stays"."""
    text = text.replace("Banker, the banker,", "the banker").replace("Punter", "the punter")
    return text[:1].upper() + text[1:]


def banking_settlement(rules: Rules, banker: tuple[Card, ...], punter: tuple[Card, ...]
                       ) -> tuple[int, list[int], list[str]]:
    """Chips the punter wins (negative: pays) when the banker ends with ``banker`` and the
    punter with ``punter``, played by the banking engine: the punter buys its extra cards and
    stays (or busts), then the banker buys its own and stays. Also the two totals (banker,
    punter) and the engine's public sentences."""
    deck = [c for pair in zip(punter[:3], banker[:3], strict=True) for c in pair]
    deck += list(punter[3:]) + list(banker[3:])
    g = new_banking_game(rules, players=["Banker", "Punter"], dealer=0, seed=0,
                         deck=" ".join(str(c) for c in deck))
    before = g.round_start_chips[1]   # before a natural is paid on the deal
    try:
        bought = 3
        while not g.round_over and g.to_move == 1:
            g.apply("hit" if bought < len(punter) else "stay")
            bought += 1
        bought = 3
        while not g.round_over and g.to_move == 0:
            g.apply("hit" if bought < len(banker) else "stay")
            bought += 1
    except IllegalActionError as e:
        raise LessonError(f"This banking hand cannot be played out: {e}") from None
    if [len(g.hands[0]), len(g.hands[1])] != [len(banker), len(punter)]:
        raise LessonError("The round ends before every listed card is bought (a natural or a "
                          "bust comes first).")
    says = [_roles(e.text) for e in g.log[g.round_log_start:]
            if e.kind not in ("hand", "deal") and e.private_to is None]
    return g.chips[1] - before, [g.total(0), g.total(1)], says


def banker_quiz(spec: dict[str, Any], key: str, rules: Rules) -> Quiz:
    need(spec, "banker", "punter")
    if rules.family != "banking":
        raise LessonError(f"A banker quiz needs the banking variant, not '{key}'.")
    banker = tuple(parse_cards(spec["banker"]))
    punter = tuple(parse_cards(spec["punter"]))
    if min(len(banker), len(punter)) < 3:
        raise LessonError("'banker' and 'punter' each need at least the three dealt cards.")
    if len(set(banker + punter)) != len(banker + punter):
        raise LessonError("The same card appears twice in 'banker' and 'punter'.")
    won, (bt, pt), says = banking_settlement(rules, banker, punter)
    amounts = sorted({rules.win_pays, rules.bust_pays, rules.natural_pays})
    options = ([f"The punter pays the banker {n}" for n in amounts]
               + [f"The banker pays the punter {n}" for n in amounts] + ["Nobody pays"])
    truth = ("Nobody pays" if won == 0 else f"The banker pays the punter {won}" if won > 0
             else f"The punter pays the banker {-won}")
    if truth not in options:
        raise LessonError(f"The banking engine settles this as '{truth}', not one of the "
                          "amounts its rules pay.")
    summary = (f"The banker ends on {bt} ({cards_display(banker)}), the punter on {pt} "
               f"({cards_display(punter)}). " + " ".join(says))
    return Quiz("banker", spec["question"], key, options, {options.index(truth)},
                [""] * len(options), summary, {"Banker": banker, "Punter": punter})


# --- knock or wait? ------------------------------------------------------------------------

def _int(spec: dict[str, Any], name: str, default: int, low: int, high: int) -> int:
    raw = spec.get(name, default)
    try:
        n = int(str(raw))
    except ValueError:
        raise LessonError(f"'{name}' must be a whole number, not '{raw}'.") from None
    if not low <= n <= high:
        raise LessonError(f"'{name}' must be from {low} to {high}, not {n}.")
    return n


def knock_position(rules: Rules, hand: tuple[Card, ...], players: int, seat: int, turn: int,
                   seen: tuple[Card, ...]):
    """The table engine's game at the knock quiz's position: ``seat`` (from the dealer's
    left) to move on its own turn ``turn``; every earlier turn drew a card and threw it away
    (swap family: passed), so the pile is ``seen`` (draw family, the upcard first) or the
    middle is ``seen`` (swap family). Cards not named come from a fixed shuffle."""
    before = (turn - 1) * players + seat
    if rules.family == "draw" and len(seen) > before + 1:
        raise LessonError(f"'seen' lists {len(seen)} cards, but only {before + 1} can be on the "
                          f"pile by then (the upcard and {before} discards).")
    if rules.family == "swap" and seen and len(seen) != 3:
        raise LessonError("In the swap family 'seen' is the middle: three cards.")
    if rules.family == "swap" and before and not rules.allow_pass:
        raise LessonError("Earlier turns are played as passes, which these rules do not allow.")
    for seed in range(50):
        rest = [c for c in make_pack(rules.pack) if c not in hand and c not in seen]
        rest = [rest[i] for i in np.random.default_rng(seed).permutation(len(rest))]
        hands = [hand if s == seat else tuple(rest.pop() for _ in range(3))
                 for s in range(players)]
        deck = [hands[s][k] for k in range(3) for s in range(players)]
        if rules.family == "draw":
            deck += list(seen) + rest[:max(0, before + 1 - len(seen))]
        else:
            deck += list(seen) if seen else rest[-3:]
        names = [("You" if s == seat else NAMES[(s - (s > seat)) % len(NAMES)])
                 for s in range(players)]
        styles = [None if s == seat else "standard" for s in range(players)]
        g = new_game(rules, names, deck=deck, dealer=players - 1, styles=styles)
        try:
            for _ in range(before):
                if g.round_over:
                    break
                g.apply("draw" if rules.family == "draw" else "pass")
                if rules.family == "draw":
                    g.apply(f"discard {g.hands[g.to_move][-1]}")
        except IllegalActionError as e:
            raise LessonError(f"The position cannot be reached: {e}") from None
        if not g.round_over:
            break
    if g.round_over or g.to_move != seat:
        raise LessonError("The position cannot be reached: the round ends before your turn (a "
                          "31 on the deal ends it at once).")
    if not any(isinstance(a, Knock) for a in g.legal_actions()):
        raise LessonError("You may not knock on that turn under these rules.")
    return g


@lru_cache(maxsize=64)
def simulated_knock(rules: Rules, opponents: int, turns: int) -> SimulatedKnock:
    """The knock curve after the others' ``turns`` turns each (the final turn included):
    simulated, ``SIM_ROUNDS`` rounds from ``SIM_SEED`` (lesson plots show the same numbers)."""
    *_, last = iter_knock_after_turns(rules, opponents, turns, SIM_ROUNDS, seed=SIM_SEED)
    return last


def simulated_survival(rules: Rules, opponents: int, turns: int) -> tuple[np.ndarray, np.ndarray]:
    """(values, chance the knock goes well) of ``simulated_knock``."""
    res = simulated_knock(rules, opponents, turns)
    return res.values, res.survive


def knock_chances(rules: Rules, value: float, players: int, seat: int, turn: int
                  ) -> tuple[float, float | None, int]:
    """(exact chance against fresh hands, simulated chance after the others' turns or None
    where the simulator does not play these rules, the turns each other player has by the
    showdown, counting the final turn after the knock)."""
    curve = knock_survival_exact(rules, players - 1)
    fresh = float(curve.survive[int(np.argmin(np.abs(curve.values - value)))])
    turns = int(turn + seat / (players - 1) + 0.5)
    try:
        values, survive = simulated_survival(rules, players - 1, turns)
    except OddsError:
        return fresh, None, turns
    return fresh, float(survive[int(np.argmin(np.abs(values - value)))]), turns


def knock_quiz(spec: dict[str, Any], key: str, rules: Rules) -> Quiz:
    need(spec, "hand", "players", "seat")
    if rules.family not in ("draw", "swap") or rules.dealer_two_hands:
        raise LessonError(f"A knock quiz needs a draw- or swap-family variant, not '{key}'.")
    players = _int(spec, "players", 3, 2, min(7, rules.max_players))
    seat = _int(spec, "seat", 0, 0, players - 1)
    turn = _int(spec, "turn", 1, 1, 5)
    hand = parse_hand(spec["hand"], pack=rules.pack)
    seen = tuple(parse_cards(spec.get("seen") or ""))
    if set(seen) & set(hand) or len(set(seen)) != len(seen):
        raise LessonError("A card in 'seen' is in your hand or listed twice.")
    game = knock_position(rules, hand, players, seat, turn, seen)
    decision = expert_decision(view_from_observation(game.observation(seat)))
    knocks = isinstance(decision.action, Knock)
    wait = "Draw" if rules.family == "draw" else "Play on"
    options = ["Knock", wait]
    s = score(hand, rules)
    fresh, later, turns = knock_chances(rules, float(s.points), players, seat, turn)
    risk = knock_risk(rules)
    how = "exact" if players <= 3 else "a close approximation"
    words = (f"Knocking now on {s.value_text}: against {players - 1} fresh "
             f"hand{'s' if players > 2 else ''} the {risk.good} is {fresh:.1%} ({how}, "
             "the knock-safety curve).")
    if later is not None:
        words += (f" After each of the others has played about {turns} "
                  f"turn{'s' if turns != 1 else ''} (the final turn included), it is "
                  f"{later:.1%} (simulated, {SIM_ROUNDS:,} rounds).")
    instead = {"take": "it takes the top card of the pile instead",
               "draw": "it draws from the stock instead"}.get(decision.kind,
                                                              f"it plays '{decision.action}'")
    words += (" The expert, who also weighs what waiting could win, knocks here." if knocks
              else f" The expert, who also weighs what waiting could win, does not knock: "
                   f"{instead}.")
    why = ["Knocking ends your own play now; the others each get one more turn.",
           "Waiting gives you another card, and the others more turns too."]
    shown: dict[str, tuple[Card, ...]] = {"hand": hand}
    # What the seat sees, as the expert sees it: the whole pile (the upcard first) or middle.
    if rules.family == "draw":
        shown["Discard pile"] = tuple(game.discard_pile)
    else:
        shown["middle"] = tuple(game.middle)
    before = (turn - 1) * players + seat
    context = (f"{players} players · you are {_nth(seat + 1)} to move · your turn {turn} · "
               f"{before} turn{'s' if before != 1 else ''} played before yours")
    return Quiz("knock", spec["question"], key, options, {0 if knocks else 1}, why, words,
                shown, context=context)


def _nth(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


KINDS = {"which_variant": which_variant_quiz, "banker": banker_quiz, "knock": knock_quiz}

__all__ = ["KINDS", "SIM_ROUNDS", "SIM_SEED", "banking_settlement", "knock_chances",
           "knock_position", "simulated_knock", "simulated_survival"]
