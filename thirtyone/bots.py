"""The bot levels, by an explicit list: ``random`` and ``basic`` (``policies.basic``),
``standard`` (``policies.standard``) and ``expert`` (``expert.expert``). A bot is
``choose(observation, rng) -> Action`` and sees only its observation.

``make_bot(level, knock_at)`` builds one; ``BOTS`` holds each level at the default knock
threshold. ``play_round`` and ``simulate_table`` play independent rounds on the table engine,
one at a time, with any level (the fast simulator in ``thirtyone.sim`` plays the levels that
have a batched twin).

>>> sorted(BOTS)
['basic', 'expert', 'random', 'standard']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .core.actions import Action
from .core.rules import Rules
from .expert.banking_hint import banking_hint
from .expert.expert import expert_policy
from .expert.hint import Hint, hint
from .game.registry import AnyGame, AnyObservation, is_banking
from .game.table import ROUND_TURN_CAP, Observation, new_game
from .i18n import _
from .policies.banking import BANKING_BOTS
from .policies.basic import DEFAULT_KNOCK_AT, basic_policy, random_bot
from .policies.standard import standard_policy
from .sim.batch import bot_list
from .sim.stats import ENDED_BY, RoundResults, SimStats

Bot = Callable[[Observation, np.random.Generator], Action]


def _random(knock_at: float) -> Bot:
    return random_bot


def _basic(knock_at: float) -> Bot:
    def choose(obs: Observation, rng: np.random.Generator) -> Action:
        return basic_policy(obs, knock_at)
    choose.__name__ = f"basic_{knock_at:g}"
    return choose


def _standard(knock_at: float) -> Bot:
    def choose(obs: Observation, rng: np.random.Generator) -> Action:
        return standard_policy(obs, knock_at)
    choose.__name__ = f"standard_{knock_at:g}"
    return choose


def _expert(knock_at: float) -> Bot:
    def choose(obs: Observation, rng: np.random.Generator) -> Action:
        return expert_policy(obs)
    choose.__name__ = "expert"
    return choose


# The computer players' names, seat by seat (shown in each reader's script: i18n.names).
BOT_NAMES = ("Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus")

LEVELS: dict[str, Callable[[float], Bot]] = {
    "random": _random, "basic": _basic, "standard": _standard, "expert": _expert}
BOTS: dict[str, Bot] = {level: factory(DEFAULT_KNOCK_AT) for level, factory in LEVELS.items()}


def make_bot(level: str, knock_at: float = DEFAULT_KNOCK_AT) -> Bot:
    """The ``choose`` function of a bot level with the given knock threshold."""
    if level not in LEVELS:
        raise ValueError(_("Unknown bot level '{level}'; levels are: {levels}.").format(
            level=str(level)[:40], levels=", ".join(LEVELS)))
    return LEVELS[level](float(knock_at))


# --- the levels of each engine --------------------------------------------------------------

AnyBot = Callable[[AnyObservation, np.random.Generator], Action]


def levels_for(rules: Rules) -> list[str]:
    """The bot levels that can play ``rules``, weakest first (banking has its own bots)."""
    return list(BANKING_BOTS if is_banking(rules) else LEVELS)


def make_bot_for(rules: Rules, level: str, knock_at: float = DEFAULT_KNOCK_AT) -> AnyBot:
    """The ``choose`` function of ``level`` for a game of ``rules`` (table or banking)."""
    if not is_banking(rules):
        return make_bot(level, knock_at)  # type: ignore[return-value]
    if level not in BANKING_BOTS:
        raise ValueError(_("Unknown banking bot level '{level}'; levels are: {levels}.").format(
            level=str(level)[:40], levels=", ".join(BANKING_BOTS)))
    return BANKING_BOTS[level]  # type: ignore[return-value]


def hint_for(rules: Rules) -> Callable[[AnyObservation], Hint]:
    """``hint(observation) -> Hint`` (the suggested move and why) for ``rules``: the expert's
    at the table, the rule book's advice in Banking Thirty-One."""
    return banking_hint if is_banking(rules) else hint  # type: ignore[return-value]


# --- bots moving on any table --------------------------------------------------------------

# A round still going after this many turns is void (the game ends it, as thirtyone.sim does).
MAX_ROUND_TURNS = ROUND_TURN_CAP
RngFor = np.random.Generator | Callable[[Any, int], np.random.Generator]


def bots_play(game: AnyGame, levels: Sequence[str | None], rng: RngFor, *,
              one_turn: bool = False, log: bool = False, knock_at: float = DEFAULT_KNOCK_AT,
              max_moves: int = 4 * MAX_ROUND_TURNS) -> int:
    """The one loop that lets bots move, on either engine: while the seat to move has a bot
    (``levels[seat]`` a level; None for a person or an open seat) and the round goes on.
    ``one_turn`` stops after the turn of the bot to move (a draw and its discard are one
    turn); ``rng`` is a generator or a function ``(game, seat) -> generator``. Returns how
    many moves were made. An illegal move by a bot raises as ``game.apply`` does. The game
    voids a round at its turn cap, so the loop ends; ``max_moves`` is a last guard."""
    choosers: dict[str, AnyBot] = {}
    first, moves = game.to_move, 0
    while moves < max_moves and not game.round_over and game.to_move is not None:
        seat = game.to_move
        level = levels[seat] if seat < len(levels) else None
        if level is None or (one_turn and moves and (seat != first or game.phase != "discard")):
            break
        if level not in choosers:
            choosers[level] = make_bot_for(game.rules, level, knock_at)
        move_rng = rng(game, seat) if callable(rng) else rng
        game.apply(choosers[level](game.observation(seat, log=log), move_rng))  # type: ignore[arg-type]
        moves += 1
    return moves


# --- whole rounds on the table engine ------------------------------------------------------


@dataclass(frozen=True)
class RoundSummary:
    """One simulated round (``play_round``): what the statistics need."""

    ended_by: str
    turns: int
    knocker: int | None
    knocker_lost: bool | None
    lives_lost: list[int]


def play_round(rules: Rules, n_players: int, bots: Sequence[str], rng: np.random.Generator,
               dealer: int = 0, knock_at: float = 25.0) -> RoundSummary:
    """Play one independent round with a fresh deal from ``rng`` (for simulations).

    A round still going after ``MAX_ROUND_TURNS`` turns counts as void (as in
    ``thirtyone.sim``); this only happens with bots that never knock.
    """
    if isinstance(bots, str):
        bots = [bots]
    if len(bots) == 1:
        bots = list(bots) * n_players
    if len(bots) != n_players:
        raise ValueError(_("Give one bot level or one per seat ({n}); got {got}.").format(
            n=n_players, got=len(bots)))
    players = [f"P{i}" for i in range(n_players)]
    g = new_game(rules, players, rng=rng, dealer=dealer % n_players, styles=bots)
    bots_play(g, bots, rng, knock_at=knock_at)      # the game voids it at its turn cap
    res = g.round_result
    assert res is not None
    k = res.knocker
    lost: list[int] = list(res.lives_lost)
    if rules.scoring == "points":
        lost = [1 if p == 0 and res.ended_by != "void" else 0 for p in res.points_won]
    elif rules.scoring == "chips":
        lost = [0 if c > 0 or res.ended_by == "void" else 1 for c in res.chips_won]
    knocker_lost = None if k is None or res.ended_by != "knock" else lost[k] > 0
    return RoundSummary(res.ended_by, g.turns, k, knocker_lost, lost)


def simulate_table(rules: Rules, n_players: int, rounds: int, seed: int | None = 0,
                   bots: str | Sequence[str] = "basic", knock_at: float = 25.0) -> SimStats:
    """The same statistics from the table engine, one round at a time (``play_round``)."""
    levels = bot_list(bots, n_players)  # any level the table knows, expert included
    rng = np.random.default_rng(seed)
    ended = np.empty(rounds, dtype=np.int8)
    turns = np.empty(rounds, dtype=np.int32)
    knocker = np.full(rounds, -1, dtype=np.int32)
    lost = np.zeros((rounds, n_players), dtype=np.int8)
    codes = {name: i for i, name in enumerate(ENDED_BY)}
    t0 = time.perf_counter()
    for r in range(rounds):
        s = play_round(rules, n_players, list(levels), rng, dealer=r % n_players,
                            knock_at=knock_at)
        ended[r] = codes[s.ended_by]
        turns[r] = s.turns
        if s.knocker is not None:
            knocker[r] = s.knocker
        lost[r] = s.lives_lost
    res = RoundResults(ended, turns, knocker, np.full(rounds, -1), np.zeros((rounds, n_players)),
                       lost, np.arange(rounds) % n_players)
    stats = SimStats(target=rounds)
    stats.add(res)
    stats.seconds = time.perf_counter() - t0
    return stats
