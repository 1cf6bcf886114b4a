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

from .core.actions import Action, Discard, Exchange, Hit, Stay, Swap
from .core.cards import Card
from .core.rules import Rules
from .core.scoring import banking_total
from .expert.banking_hint import banking_hint
from .expert.choice import ChoiceCosts, chip_costs, summarise
from .expert.expert import expert_policy
from .expert.hint import Hint, hint, with_costs
from .game.registry import AnyGame, AnyObservation, is_banking
from .game.table import ROUND_TURN_CAP, Observation, new_game
from .game.values import RoundResult
from .i18n import _
from .policies.banking import BANKING_BOTS
from .policies.basic import DEFAULT_KNOCK_AT, basic_policy, random_bot
from .policies.standard import standard_policy
from .policies.view import value_table
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


def lost_of(rules: Rules, res: RoundResult) -> list[int]:
    """Per seat, what a round cost as ``sim.RoundResults.lives_lost`` counts it: the lives
    lost; with points, 1 for the low place; with chips, 1 for no share of the pot."""
    if rules.scoring == "points":
        return [1 if p == 0 and res.ended_by != "void" else 0 for p in res.points_won]
    if rules.scoring == "chips":
        return [0 if c > 0 or res.ended_by == "void" else 1 for c in res.chips_won]
    return list(res.lives_lost)


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
    lost = lost_of(rules, res)
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


# --- a turn's moves played out on the table engine ------------------------------------------

#: deals per move when a turn's moves are costed on the table engine (``table_costs``)
COST_DEALS = 100


def redealt(game: Any, seat: int, rng: np.random.Generator) -> Any:
    """A copy of ``game`` in which the cards ``seat`` cannot see (``hidden_from``) are dealt
    again at random among the places that hold them: the other hands, the stock, the closed
    hand, face-down widow cards. Every card ``seat`` has seen stays where it is, so the copy
    is one of the tables ``seat`` cannot tell from the real one; the new deal depends only on
    which cards are hidden, never on where they really are."""
    hidden = sorted(game.hidden_from(seat), key=lambda c: c.index)
    pool = iter([hidden[i] for i in rng.permutation(len(hidden))])
    gone = set(hidden)
    g = game.copy()
    g.rng = np.random.default_rng(rng.integers(2**63))

    def refill(cards: list[Card]) -> None:
        for i, c in enumerate(cards):
            if c in gone:
                cards[i] = next(pool)

    for s, hand in enumerate(g.hands):
        if s != seat:
            refill(hand)
    for place in (g.stock, g.closed, g.widow, g.spare):
        refill(place)
    return g


def _instant_elsewhere(game: Any, seat: int) -> bool:
    """Another hand holds a 31 (or fire) the rules end the round on at once: a deal the
    seat would not be asked to move in."""
    instant = value_table(game.rules).instant
    return any(s != seat and len(h) == 3 and instant[h[0].index, h[1].index, h[2].index] > 0
               for s, h in enumerate(game.hands))


def table_costs(game: Any, seat: int, options: Sequence[tuple[str, Sequence[Action]]],
                deals: int = COST_DEALS, seed: int = 0) -> ChoiceCosts:
    """Each option (a name and the moves that make it, from ``seat``'s turn) played to the
    end of the round on the table engine in the same ``deals`` deals of the hidden cards
    (``redealt``; a deal that gives another hand an instant 31 is dealt again), every seat
    then playing as the standard bot: each option's cost in the scoring's unit
    (``expert.choice.summarise``). The same ``seed`` gives the same costs."""
    rules, n = game.rules, game.n
    rng = np.random.default_rng([seed, 31])
    codes = {name: i for i, name in enumerate(ENDED_BY)}
    rows: list[list[tuple[int, list[int], list[float]]]] = [[] for _ in options]
    levels = ["standard"] * n
    order = [(seat + k) % n for k in range(n)]          # this seat in column 0
    tries = 0
    while len(rows[0]) < deals and tries < 20 * deals:
        tries += 1
        base = redealt(game, seat, rng)
        if _instant_elsewhere(base, seat):
            continue
        deal_seed = int(rng.integers(2**63))
        for k, (_name, moves) in enumerate(options):
            g = base.copy()
            for move in moves:
                g.apply(move)
            bots_play(g, levels, np.random.default_rng(deal_seed))
            res = g.round_result
            assert res is not None
            lost = lost_of(rules, res)
            values = [v if isinstance(v, (int, float)) else -1.0 for v in res.values]
            rows[k].append((codes[res.ended_by], [lost[s] for s in order],
                            [float(values[s]) for s in order]))
    if len(rows[0]) < deals:
        raise ValueError(_("The hidden cards could not be dealt again."))
    outs: list[RoundResults | None] = []
    for r in rows:
        ended = np.array([x[0] for x in r], dtype=np.int8)
        size = len(r)
        outs.append(RoundResults(ended, np.zeros(size, dtype=np.int32), np.full(size, -1),
                                 np.full(size, -1), np.array([x[2] for x in r]),
                                 np.array([x[1] for x in r], dtype=np.int8), np.zeros(size)))
    return summarise(rules, [name for name, _moves in options], outs)


#: deals per move when a Banking turn is costed (``banking_costs``): a round is short
BANKING_COST_DEALS = 1000


def banking_redealt(game: Any, seat: int, rng: np.random.Generator) -> Any | None:
    """Banking's ``redealt``: a copy of ``game`` in which the cards of the hands ``seat``
    cannot see and of the shoe are dealt again at random into the same places (one to three
    packs, so cards may repeat: places are refilled one by one). None when the new deal
    could not have come about: a hidden hand dealt 31 (a natural is shown at once, and the
    banker's ends the round) or a hidden hand over 31 (a bust is shown)."""
    hidden_hands = [s for s in range(game.n) if s != seat and game.hands[s]
                    and not game.observation(seat, log=False).hands[s]]
    pool = sorted([c for s in hidden_hands for c in game.hands[s]] + list(game.shoe),
                  key=lambda c: c.index)           # which cards, never where they lie
    pool = [pool[i] for i in rng.permutation(len(pool))]
    g = game.copy()
    g.seed = int(rng.integers(2**62))       # a reshuffle mid-round is new too
    k = 0
    for s in hidden_hands:
        g.hands[s] = pool[k:k + len(g.hands[s])]
        k += len(g.hands[s])
        if banking_total(g.hands[s][:3])[0] == 31 or banking_total(g.hands[s])[1]:
            return None
    g.shoe = pool[k:]
    return g


def banking_costs(game: Any, seat: int, deals: int = BANKING_COST_DEALS,
                  seed: int = 0) -> ChoiceCosts:
    """Banking: buy a card or stay, each played to the end of the round in the same
    ``deals`` deals of the hidden cards (``banking_redealt``), everyone (the seat too, after
    the move) then playing as the ``basic`` bot, the rule book's advice: the chips ``seat``
    wins or loses from now on, on average (``expert.choice.chip_costs``)."""
    rng = np.random.default_rng([seed, 32])
    options = [("hit", Hit()), ("stay", Stay())]
    won: list[list[float]] = [[] for _ in options]
    levels = ["basic"] * game.n
    tries = 0
    while len(won[0]) < deals and tries < 20 * deals:
        tries += 1
        base = banking_redealt(game, seat, rng)
        if base is None:
            continue
        for k, (_name, move) in enumerate(options):
            g = base.copy()
            g.apply(move)
            bots_play(g, levels, rng)       # the basic bot draws on nothing random
            won[k].append(float(g.chips[seat] - game.chips[seat]))
    if len(won[0]) < deals:
        raise ValueError(_("The hidden cards could not be dealt again."))
    return chip_costs([name for name, _move in options], [np.array(w) for w in won])


def banking_with_costs(h: Hint, rules: Rules, costs: ChoiceCosts,
                       name: Callable[[Action], str]) -> Hint:
    """Banking's hint ``h`` (the rule book's move) with ``banking_costs`` side by side: the
    book's move first, the other move suggested where it wins more beyond the margin."""
    order = ("hit", "stay") if isinstance(h.action, Hit) else ("stay", "hit")
    return with_costs(h, rules, costs.only(*order), {"hit": Hit(), "stay": Stay()}, name)


#: moves of which a turn offers many (each card given or taken): only the suggested one is
#: played out; of every other kind of move there is one
_MANY = (Swap, Exchange, Discard)


def turn_options(obs: Any, suggested: Action) -> list[tuple[str, list[Action]]]:
    """The moves a turn's costed hint weighs, by ``str(action)``: the suggested one first,
    then one of each other kind the seat may make now (knock, pass, draw, take, swap all,
    keep or take the other hand...). Of a kind with many moves (a swap, an exchange) only
    the suggested one; a take is played out with the standard bot's discard after it."""
    out = [(str(suggested), [suggested])]
    kinds = {type(suggested)}
    for a in obs.legal_actions:
        kind = type(a)
        if kind in kinds or isinstance(a, _MANY):
            continue
        kinds.add(kind)
        out.append((str(a), [a]))
    return out


def costed_hint(game: Any, seat: int, name: Callable[[Action], str],
                deals: int = COST_DEALS) -> Hint:
    """The hint for ``seat``'s turn (``hint_for``), and where it gives no move's cost side by
    side (the families other than the draw family, the choice of a hand, Banking...), the
    moves of ``turn_options`` played out on the table engine (``table_costs``; Banking's buy
    or stay, ``banking_costs``) from what ``seat`` can see: each move's cost in the
    scoring's unit (``name``: a move's words), and the cheapest move suggested where it is
    cheaper by more than its margin of error. The seed comes from the turn (round and move
    count), never from the hidden cards."""
    obs = game.observation(seat)
    h = hint_for(game.rules)(obs)
    if h.source or game.round_over:
        return h
    if is_banking(game.rules):
        if Hit() not in obs.legal_actions:
            return h
        costs = banking_costs(game, seat, seed=game.round_no * 10_000 + len(game.history))
        return banking_with_costs(h, game.rules, costs, name)
    options = turn_options(obs, h.action)
    if len(options) < 2:
        return h
    costs = table_costs(game, seat, options, deals, seed=game.round_no * 10_000 + len(obs.log))
    moves = {key: acts[0] for key, acts in options}
    return with_costs(h, game.rules, costs, moves, name)
