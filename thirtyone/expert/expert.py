"""The ``expert`` bot's decision (``expert_decision``, ``expert_policy``) from sampled deals of
the hidden cards (``expert.sample``) and their costs (``expert.costs``, who loses by
``game.settle``); ``hint.py`` puts the decision into words.

Like every bot it decides only from an observation: their own hand, the public cards (discard pile,
middle, open hand, face-up widow cards), who knocked, lives, and the public move history.
Neither looks at the hidden state. Neither touches the game's random stream: ``standard`` uses
no randomness at all, ``expert`` samples with its own ``numpy.random.Generator`` seeded from
the observation, so the same observation always gives the same move.

The ``expert``
--------------
It counts the unseen cards exactly and models each opponent's hidden cards by sampling,
consistently with what it saw. It reads how each other seat plays from the observation's
``styles``: the table shows every bot's level, so that is public (a person, or a level the
simulator does not play, is assumed to play ``standard``). In the draw family the sampled
hands come from ``thirtyone.expert.belief``: every public move of a player (declining to knock,
taking or passing over the top card, the card thrown away) is replayed against every hand
it could hold, by the rules of its level, which gives the exact chance of each hand. In the
other families a rougher read is used: cards an opponent took
from the pile are in that hand until thrown away; a player who drew ``d`` times has
probably kept the best cards out of ``d`` more; one who could knock but did not probably
holds less than a knocking hand; and one who threw a card probably had no better use for
it (a sampled hand that its holder would rather have kept with that card in it counts
``DISCARD_FIT``). With a few hundred sampled deals it estimates, for every move it could
make:

- *knock now or not* (draw family, before a knock): knocking is set against its best take or
  draw (below) by playing the rest of the round out from each sampled deal with the fast
  simulator (``thirtyone.expert.rollout``), the expert then playing ``standard`` and every other
  player its own level; the move with the lower mean cost wins, where
  the cost is the lives the expert loses less the lives the others lose (one opponent: each
  counts fully; several: they share one weight), because a game is won by outlasting them;
- *heads-up* (draw family, before a knock) every move is played out that way: knocking,
  taking the top discard with each possible discard, drawing, and after a draw each
  discard;
- *knock now* (other families): the expected cost after everybody's final turn, against a
  short look ahead in which everybody keeps improving one card a turn, an opponent knocks
  once it holds a knocking hand, and it knocks at the best of its next turns;
- on a final turn, the exact chance (over every card the stock may hold) that standing, taking
  or drawing leaves it the lowest hand;
- whether to take the top discard or draw, by the exact expected value after one more draw
  either way;
- which card to throw away by the exact expected value after one more draw, less what the
  card would give the next player (estimated over the sampled hands).

"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ..core.actions import (
    Action,
    Discard,
    Draw,
    Exchange,
    Knock,
    Pass,
    Stand,
    Swap,
    SwapAll,
    SwitchClosed,
    SwitchOpen,
    Take,
)
from ..core.cards import Card
from ..core.scoring import score
from ..core.text import whole
from ..game.families import family_class
from ..game.settle import instant_pays
from ..odds.knock import knock_goes_well
from ..policies.view import (
    MAX_TURNS_BEFORE_KNOCK,
    Sample,
    ValueTable,
    View,
    best_known_exchange,
    best_three,
    card_indices,
    cards_of,
    combos_keeping,
    expected_after_draw,
    result_hands,
    special_phase,
    stock_column,
    value_table,
    view_from_observation,
)
from ..sim.batch import SimulationError, check_supported
from .choice import ChoiceCosts, OptionCost, summarise
from .costs import (
    blitz_cost,
    cost_curve,
    final_draw_turn,
    others_weight,
    public_moves,
    round_cost,
    wait_cost,
    with_card,
    wmean,
)
from .rollout import Move, make_deals, rollout_outcomes
from .sample import SAMPLES, model_level, sample_opponents

# --- what a seat knows, gathered from its observation ----------------------------------------

def _seed_from(view: View) -> int:
    text = "|".join([str(view.seat), " ".join(map(str, view.hand)),
                     " ".join(map(str, view.legal)), str(view.top), " ".join(map(str, view.public)),
                     " ".join(map(str, view.gone)), str(view.my_turns), str(view.knocker)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "little")


# --- the expert's weights ------------------------------------------------------------------

FEED_WEIGHT_HEADS_UP = 1.0   # how much a discard's gift to the next player counts
FEED_WEIGHT = 0.5
KNOCK_MARGIN = 0.85    # knock when its cost is at most this share of waiting a turn
KNOCK_EDGE = 0.0       # with others' losses counted: knock when cost <= wait + KNOCK_EDGE


# --- the expert ---------------------------------------------------------------------------

@dataclass
class Decision:
    """A chosen move with the numbers behind it (the hint turns them into words)."""

    action: Action
    kind: str
    numbers: dict[str, Any] = field(default_factory=dict)


def _draw_discard(view: View, vt: ValueTable, unseen: np.ndarray,
                  rng: np.random.Generator) -> Decision:
    """Which card to throw away. Heads-up before a knock: the discard whose play-outs cost
    least (``_plays_out_every_move``). Otherwise: the best expected hand after one more draw,
    less what the card would give the next player (who may take it)."""
    rules = view.rules
    options = [a for a in view.legal if isinstance(a, Discard)]
    kept = np.array([[c.index for c in view.hand if c != a.card] for a in options],
                    dtype=np.intp)
    vals = vt.strength[kept[:, 0], kept[:, 1], kept[:, 2]]
    final = view.knocker is not None
    costs = None
    if not final and len(options) > 1 and _plays_out_every_move(view):
        took = view.just_took.index if view.just_took is not None else None
        moves = [Move("hold", discard=a.card.index, hand=tuple(int(x) for x in k),
                      known=took if took in k else None)
                 for a, k in zip(options, kept, strict=True)]
        costs = _rollout(view, vt, sample_opponents(view, vt, rng), moves)
    if costs is not None:
        score_ = -np.asarray(costs)
        extra: dict[str, Any] = {
            "rollout": {a.card.display: float(c) for a, c in zip(options, costs, strict=True)}}
    else:
        later = vals if final else expected_after_draw(kept, unseen, vt)
        feed = np.zeros(len(options))
        if not final and view.opponents:
            s = sample_opponents(view, vt, rng, samples=SAMPLES // 2)
            feed = _feeding(s.now[0], s.now_val[0], s.weight,
                            np.array([a.card.index for a in options]), unseen, vt)
            feed *= FEED_WEIGHT_HEADS_UP if len(view.opponents) == 1 else FEED_WEIGHT
        score_ = later - feed
    keys = [(round(float(w), 9), float(v), -a.card.points) for w, v, a in
            zip(score_, vals, options, strict=True)]
    best = max(range(len(options)), key=lambda i: keys[i])
    if costs is None:
        extra = {"expected_next": float(later[best]), "feeds_next": float(feed[best])}
    action = options[best]
    kept_cards = tuple(c for c in view.hand if c != action.card)
    return Decision(action, "discard", {
        "kept": kept_cards, "value": whole(score(kept_cards, rules).points), **extra,
        "final": final})


def _feeding(hands: np.ndarray, vals: np.ndarray, weight: np.ndarray, cards: np.ndarray,
             unseen: np.ndarray, vt: ValueTable) -> np.ndarray:
    """How much more each card would give the next player than an average blind draw
    (expected points over the sampled hands)."""
    def gain(c: np.ndarray | int) -> np.ndarray:
        return np.maximum(best_three(with_card(hands, c), vt)[0] - vals, 0.0)
    pick = unseen[:: max(1, len(unseen) // 12)]
    base = np.mean([wmean(gain(int(c)), weight) for c in pick]) if len(pick) else 0.0
    return np.array([wmean(gain(int(c)), weight) - base for c in cards])


def _draw_final(view: View, vt: ValueTable, rng: np.random.Generator) -> Decision:
    """A final turn after someone else knocked: stand, take or draw, whichever leaves the
    smallest chance of being lowest (exact over every card the stock may hold)."""
    rules = view.rules
    unseen = view.unseen()
    s = sample_opponents(view, vt, rng)
    finals, ended = [], np.zeros(len(s.weight), dtype=bool)
    for j, o in enumerate(view.opponents):
        if o.seat == view.knocker:
            finals.append(s.now_val[j])
        elif o.final_done:
            finals.append(s.nxt_val[j])
        else:
            v, inst = final_draw_turn(s.now[j], s.now_val[j], None, stock_column(s, j),
                                      view.stock > len(view.opponents), vt)
            finals.append(v)
            ended |= instant_pays(inst, rules, after_knock=True)
    opp = np.stack(finals, axis=1)
    cost = cost_curve(opp, ended, s.weight, rules, i_knocked=False)
    hand = card_indices(view.hand)
    my_v = float(vt.strength[hand[0], hand[1], hand[2]])
    choices: dict[str, tuple[float, float, Action]] = {}
    if view.can(Stand):
        choices["stand"] = (float(cost(my_v)[0]), my_v, Stand())
    if view.can(Take) and view.top is not None:
        four = np.append(hand, view.top.index)[None, :]
        tv = best_three(four, vt)[0][0]
        if not rules.may_discard_taken_card:
            tv = best_three(np.append(view.top.index, hand)[None, :], vt, must=1)[0][0]
        choices["take"] = (float(cost(tv)[0]), float(tv), Take())
    if view.can(Draw) and len(unseen):
        dv = best_three(np.hstack([np.tile(hand, (len(unseen), 1)), unseen[:, None]]), vt)[0]
        uniq, inv = np.unique(dv, return_inverse=True)
        c = cost(uniq)[inv]
        choices["draw"] = (float(c.mean()), float(dv.mean()), Draw())
        improve = float((dv > my_v).mean())
    else:
        improve = 0.0
    ex = best_known_exchange(view, vt)        # Kitty with its stock: the face-up widow cards
    if ex is not None:
        choices["exchange"] = (float(cost(ex.strength)[0]), ex.strength, ex.action)
    if not choices:
        return Decision(view.legal[0], "other")
    order = ["exchange", "take", "draw", "stand"]
    kind = min(choices, key=lambda k: (round(choices[k][0], 9), -choices[k][1], order.index(k)))
    return Decision(choices[kind][2], kind, {
        "value": whole(score(view.hand, rules).points),
        "p_lowest": {k: v[0] for k, v in choices.items()},
        "expected": {k: v[1] for k, v in choices.items()},
        "p_draw_improves": improve, "final": True})


def _knock_costs(view: View, vt: ValueTable, s: Sample, my_hand: np.ndarray
                 ) -> tuple[float, float, np.ndarray]:
    """(expected cost of knocking now, expected cost of waiting (``wait_cost``), and the
    other hands' strengths after everybody's final turn if this seat knocked now (S, m))."""
    rules = view.rules
    hand = card_indices(view.hand)
    my_v = float(vt.strength[hand[0], hand[1], hand[2]])
    can_draw = view.stock > len(view.opponents)
    public = tuple(c.index for c in view.public)
    finals = []
    end = np.zeros(len(s.weight), dtype=bool)
    for j in range(len(view.opponents)):
        if rules.draws:
            top = view.top.index if (view.top is not None and j == 0) else None
            v, inst = final_draw_turn(s.now[j], s.now_val[j], top, stock_column(s, j + 1),
                                      can_draw, vt)
            if public:      # Kitty: a face-up widow card may serve better than the draw
                wv, wh = public_moves(s.now[j], public, vt, True)
                better = wv > v
                v = np.where(better, wv, v)
                inst = np.where(better, vt.instant[wh[:, 0], wh[:, 1], wh[:, 2]], inst)
        else:
            v, fh = public_moves(s.now[j], public, vt, rules.allow_swap_all)
            inst = vt.instant[fh[:, 0], fh[:, 1], fh[:, 2]]
        finals.append(v)
        end |= instant_pays(inst, rules, after_knock=True)
    opp = np.stack(finals, axis=1)
    lam = others_weight(view)
    now = np.where(end, blitz_cost(lam, len(finals)), round_cost(my_v, opp, rules, True, lam))
    return wmean(now, s.weight), wait_cost(view, vt, s, my_hand), opp


def _p_knock_bad(mine: np.ndarray | float, opp: np.ndarray, view: View, s: Sample) -> float:
    """The chance a knock with strength ``mine`` goes badly against the others' final
    strengths ``opp`` (S, m), by what the rules reward (``odds.knock.knock_risk``)."""
    good = knock_goes_well(mine, opp.min(axis=1), opp.max(axis=1), view.rules)
    return wmean((~good).astype(float), s.weight)


EVERY_MOVE_OPPONENTS = 1   # with at most this many opponents: every move before a knock


def _plays_out_every_move(view: View) -> bool:
    """Whether the expert also decides take or draw, and its discard, by play-outs (draw
    family, before a knock). Heads-up this wins clearly; at a four-player table it made
    no measurable difference for four times the work (see the issue 4 note)."""
    return view.knocker is None and 0 < len(view.opponents) <= EVERY_MOVE_OPPONENTS


def _rollout(view: View, vt: ValueTable, s: Sample, moves: list) -> np.ndarray | None:
    """The cost of each move by playing the round out many times (``thirtyone.expert.rollout``);
    None where the fast simulator cannot play these rules."""
    outs = _play_outs(view, vt, s, moves)
    if outs is None:
        return None
    lam = others_weight(view)
    return np.array([np.nan if o is None else
                     float((o.lives_lost[:, 0] - lam * o.lives_lost[:, 1:].sum(axis=1)).mean())
                     for o in outs])


def _play_outs(view: View, vt: ValueTable, s: Sample, moves: list,
               size: int | None = None) -> list | None:
    """How the round ends after each move in every sampled deal (``rollout_outcomes``);
    None where the fast simulator cannot play these rules."""
    rules = view.rules
    try:
        check_supported(rules, view.n_players)
    except SimulationError:
        return None
    w = s.weight.copy()
    for h in s.now:
        w = np.where(vt.instant[h[:, 0], h[:, 1], h[:, 2]] > 0, 0.0, w)
    if w.sum() <= 0:
        return None
    pile = np.array([c.index for c in view.gone] + ([view.top.index] if view.top else []),
                    dtype=np.intp)
    my = card_indices(view.hand)
    rng = np.random.default_rng(_seed_from(view) + 1)
    deals = make_deals(rules, my[:3], list(s.now), w, view.unseen(), view.stock, pile,
                       [card_indices(o.known) for o in view.opponents], view.my_turns,
                       [o.turns for o in view.opponents], rng, size=size)
    levels = [model_level(o.style) for o in view.opponents]
    return rollout_outcomes(deals, moves, _seed_from(view) + 2, levels=levels)


def _choices(view: View, moves: list, kinds: list[str], outs: list) -> ChoiceCosts | None:
    """``choice.summarise`` with one option per kind of move: of several takes (each with
    its own discard) the one the expert would pick (lowest play-out cost)."""
    lam = others_weight(view)
    best: dict[str, tuple[float, Any, Move]] = {}
    for k, o, mv in zip(kinds, outs, moves, strict=True):
        if o is None:
            continue
        c = float((o.lives_lost[:, 0] - lam * o.lives_lost[:, 1:].sum(axis=1)).mean())
        if k not in best or c < best[k][0]:
            best[k] = (c, o, mv)
    if not best:
        return None
    costs = summarise(view.rules, list(best), [o for _c, o, _m in best.values()])
    # a take is costed with the discard chosen here: say which, so that it can be played
    return replace(costs, options=tuple(
        replace(x, discard=best[x.move][2].discard) if x.move == "take" else x
        for x in costs.options))


def choice_costs(view: View, deals: int | None = None) -> ChoiceCosts | None:
    """Knock, take or draw at the start of a turn in the draw family (before anyone
    knocked), each with its cost in the scoring's unit (``expert.choice``), from ``deals``
    play-outs of deals that fit what this seat has seen; the take keeps the best three for
    the next draw, as the expert does. None where these cannot be played out."""
    if not family_class(view.rules).only_draws or view.knocker is not None or view.final_turn:
        return None
    vt = value_table(view.rules)
    rng = np.random.default_rng(_seed_from(view))
    s = sample_opponents(view, vt, rng)
    hand = card_indices(view.hand)
    moves, kinds = [], []
    if view.can(Knock):
        moves.append(Move("knock"))
        kinds.append("knock")
    if view.can(Take) and view.top is not None:
        for d in hand:
            moves.append(Move("take", discard=int(d)))
            kinds.append("take")
    if view.can(Draw) and len(view.unseen()) and view.stock > 0:
        moves.append(Move("draw"))
        kinds.append("draw")
    if len(moves) < 2:
        return None
    outs = _play_outs(view, vt, s, moves, size=deals)
    return None if outs is None else _choices(view, moves, kinds, outs)


@dataclass(frozen=True)
class KnockOrDraw:
    """Knocking now against drawing (``choice_costs``): ``knock`` and ``wait`` are the two
    options' costs, ``all`` every move played out (a take too, where it is legal)."""

    knock: OptionCost
    wait: OptionCost
    all: ChoiceCosts


def knock_costs(view: View, deals: int | None = None) -> KnockOrDraw | None:
    """Knock now or draw, each with its cost (``choice_costs``); None where either cannot
    be played out."""
    costs = choice_costs(view, deals)
    if costs is None:
        return None
    knock, draw = costs.get("knock"), costs.get("draw")
    if knock is None or draw is None:
        return None
    return KnockOrDraw(knock, draw, costs)


def _should_knock(view: View, c_now: float, c_wait: float) -> bool:
    if view.my_turns >= MAX_TURNS_BEFORE_KNOCK:
        return True
    if others_weight(view) > 0:
        return c_now <= c_wait + KNOCK_EDGE + 1e-12
    return c_now <= KNOCK_MARGIN * c_wait + 1e-12


def _draw_turn_rollouts(view: View, vt: ValueTable, s: Sample, hand: np.ndarray, take: bool,
                        take_keep: np.ndarray | None, numbers: dict[str, Any]
                        ) -> Decision | None:
    """``_draw_turn`` by play-outs: knocking against the preferred take or draw, or
    (heads-up) against every take, each with its discard, and drawing; None where the
    play-outs cannot decide."""
    rules = view.rules
    unseen = view.unseen()
    every = _plays_out_every_move(view)
    moves, acts = [], []
    if view.can(Knock):
        moves.append(Move("knock"))
        acts.append((Knock(), "knock"))
    if every and view.can(Take) and view.top is not None:
        for d in hand:
            moves.append(Move("take", discard=int(d)))
            acts.append((Take(), "take"))
    elif take:
        assert take_keep is not None and view.top is not None   # take: _draw_turn kept one
        thrown = [int(x) for x in hand if x not in take_keep]
        moves.append(Move("take", discard=thrown[0] if thrown else view.top.index))
        acts.append((Take(), "take"))
    if (every or not take) and view.can(Draw) and len(unseen):
        moves.append(Move("draw"))
        acts.append((Draw(), "draw"))
    if len(moves) > 1:
        outs = _play_outs(view, vt, s, moves)
        lam = others_weight(view)
        costs = None if outs is None else np.array([
            np.nan if o is None else
            float((o.lives_lost[:, 0] - lam * o.lives_lost[:, 1:].sum(axis=1)).mean())
            for o in outs])
        if costs is not None and outs is not None:          # (costs exist with outs)
            choices = _choices(view, moves, [k for _a, k in acts], outs)
            if choices is not None:
                numbers["choices"] = choices
            best: dict[str, float] = {}
            for (_, k), c in zip(acts, costs, strict=True):
                best[k] = min(best.get(k, np.inf), float(c))
            numbers["rollout"] = best
            i = int(np.nanargmin(costs))
            if acts[i][1] == "take":
                assert view.top is not None                      # a take is of the top card
                kept = tuple(c for c in view.hand if c.index != moves[i].discard) + \
                    (view.top,)
                if set(kept) != set(numbers.get("take_kept", ())):
                    numbers["take_kept"] = kept
                    numbers["take_value"] = whole(score(kept, rules).points)
                    numbers.pop("p_bad_take", None)
            return Decision(acts[i][0], acts[i][1], numbers)
    return None


def _draw_turn(view: View, vt: ValueTable, rng: np.random.Generator) -> Decision:
    """Start of a normal turn in the draw family: knock, take or draw."""
    rules = view.rules
    unseen = view.unseen()
    hand = card_indices(view.hand)
    my_v = float(vt.strength[hand[0], hand[1], hand[2]])
    w_take, take_keep = -np.inf, None
    if view.can(Take) and view.top is not None:
        t = view.top.index
        keeps = [np.array([t, *[x for x in hand if x != d]]) for d in hand]
        if rules.may_discard_taken_card:
            keeps.append(hand)
        keeps_arr = np.array(keeps, dtype=np.intp)
        w = expected_after_draw(keeps_arr, unseen, vt)
        i = int(np.argmax(w))
        w_take, take_keep = float(w[i]), keeps_arr[i]
    w_draw = -np.inf
    drawn_v = None
    if view.can(Draw) and len(unseen):
        u = len(unseen)
        four = np.hstack([np.tile(hand, (u, 1)), unseen[:, None]])
        combos = combos_keeping(4, 0)
        drawn_keeps = four[:, combos].reshape(-1, 3)                 # (u*4, 3)
        w = expected_after_draw(drawn_keeps, unseen, vt).reshape(u, len(combos))
        w_draw = float(w.max(axis=1).mean())
        drawn_v = best_three(four, vt)[0]
    take = w_take > w_draw + 1e-9
    numbers: dict[str, Any] = {"value": whole(score(view.hand, rules).points),
                               "expected_take": w_take, "expected_draw": w_draw}
    if view.can(Exchange):                  # Kitty with its stock: the widow too
        ex, w_ex = _exchange_ahead(view, vt, unseen)
        if w_ex > max(w_take, w_draw) + 1e-9:
            numbers["expected_exchange"] = w_ex
            return _exchange_turn(view, vt, rng, ex, numbers, my_v)
    if take:
        # w_take beat drawing, so a hand was kept with the top card
        assert take_keep is not None and view.top is not None
        kept = tuple(c for c in view.hand if c.index in take_keep) + (view.top,)
        numbers["take_value"] = whole(score(kept, rules).points)
        numbers["take_kept"] = kept
    if drawn_v is not None:
        numbers["p_draw_improves"] = float((drawn_v > my_v).mean())
    s = sample_opponents(view, vt, rng)
    if take:
        assert take_keep is not None
        nv = float(vt.strength[take_keep[0], take_keep[1], take_keep[2]])
        my_hand = np.tile(take_keep, (len(s.weight), 1))
    else:
        my_hand = best_three(with_card(np.tile(hand, (len(s.weight), 1)), stock_column(s, 0)), vt)[1]
    c_now, c_next, opp = _knock_costs(view, vt, s, my_hand)
    numbers.update(cost_knock=c_now, cost_wait=c_next,
                   p_bad_now=_p_knock_bad(my_v, opp, view, s))
    if take:
        numbers["p_bad_take"] = _p_knock_bad(nv, opp, view, s)
    if view.knocker is None:
        d = _draw_turn_rollouts(view, vt, s, hand, take, take_keep, numbers)
        if d is not None:
            return d
    if view.can(Knock) and _should_knock(view, c_now, c_next):
        return Decision(Knock(), "knock", numbers)
    if take:
        return Decision(Take(), "take", numbers)
    if view.can(Draw):
        return Decision(Draw(), "draw", numbers)
    rest = [a for a in view.legal if not isinstance(a, Knock)]
    return Decision(rest[0] if rest else view.legal[0], "other", numbers)


EXCHANGE_SAMPLES = 32   # fixed orders of the unseen cards that stand in for face-down widow cards


def _exchange_ahead(view: View, vt: ValueTable, unseen: np.ndarray) -> tuple[Exchange, float]:
    """Kitty with its stock: the exchange with the widow worth most one blind draw later
    (a face-down widow card averaged over fixed samples of the unseen cards), and that
    worth, to set against taking and drawing (``_draw_turn``'s ``expected_*``)."""
    rng = np.random.default_rng(0)        # fixed: averaging only, no state
    order = np.argsort(rng.random((EXCHANGE_SAMPLES, len(unseen))), axis=1)[:, :6]
    s = Sample([], [], [], [], unseen[order], np.ones(EXCHANGE_SAMPLES))
    best: tuple[float, int, Exchange] | None = None
    for a in view.legal:
        if not isinstance(a, Exchange):
            continue
        h, _shown = result_hands(view, a, s)
        if all(isinstance(t, Card) for t in a.take):
            h = h[:1]
        w = float(expected_after_draw(h, unseen, vt).mean())
        key = (round(w, 9), -len(a.give), a)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None
    return best[2], best[0]


def _exchange_turn(view: View, vt: ValueTable, rng: np.random.Generator, ex: Exchange,
                   numbers: dict[str, Any], my_v: float) -> Decision:
    """Kitty with its stock, before a knock: an exchange with the widow keeps more (one draw
    ahead) than taking or drawing; knock instead if that costs less."""
    s = sample_opponents(view, vt, rng)
    h, _shown = result_hands(view, ex, s)
    v = vt.strength[h[:, 0], h[:, 1], h[:, 2]]
    c_now, c_next, opp = _knock_costs(view, vt, s, h)
    numbers.update(result=cards_of(h[0]), expected=float(wmean(v, s.weight)), cost_knock=c_now,
                   cost_wait=c_next, p_bad_now=_p_knock_bad(my_v, opp, view, s),
                   p_bad_move=_p_knock_bad(v, opp, view, s))
    if view.can(Knock) and _should_knock(view, c_now, c_next):
        return Decision(Knock(), "knock", numbers)
    return Decision(ex, "exchange", numbers)


# --- swap, switch and widow families ---------------------------------------------------------

def _table_turn(view: View, vt: ValueTable, rng: np.random.Generator) -> Decision:
    rules = view.rules
    s = sample_opponents(view, vt, rng, blind_draws=False)
    moves = [a for a in view.legal if not isinstance(a, Knock)]
    hand = card_indices(view.hand)
    my_v = float(vt.strength[hand[0], hand[1], hand[2]])
    results = []
    for a in moves:
        h, shown = result_hands(view, a, s)
        v = vt.strength[h[:, 0], h[:, 1], h[:, 2]]
        given = sum(c.points for c in view.hand if c not in cards_of(h[0]))
        results.append((a, h, v, shown, given))
    numbers: dict[str, Any] = {"value": whole(score(view.hand, rules).points)
                               if rules.hand_value != "brag" else score(view.hand, rules).label}
    if view.final_turn and moves:
        costs = []
        for _a, _h, v, shown, _ in results:
            finals, ended = [], np.zeros(len(s.weight), dtype=bool)
            for j, o in enumerate(view.opponents):
                if o.seat == view.knocker:
                    finals.append(s.now_val[j])
                elif o.final_done:
                    finals.append(s.nxt_val[j])
                else:
                    fv, fh = public_moves(s.now[j], tuple(c.index for c in shown), vt,
                                          rules.allow_swap_all)
                    finals.append(fv)
                    ended |= instant_pays(vt.instant[fh[:, 0], fh[:, 1], fh[:, 2]], rules, True)
            c = np.where(ended, 1.0, round_cost(v, np.stack(finals, axis=1), rules, False))
            costs.append(wmean(c, s.weight))
        i = min(range(len(moves)), key=lambda k: (round(costs[k], 9), -results[k][2].mean(),
                                                  results[k][4]))
        numbers.update(p_lowest=costs[i], p_lowest_stay=_stay_cost(results, costs),
                       result=cards_of(results[i][1][0]), final=True)
        return Decision(moves[i], _kind(moves[i]), numbers)
    if not moves:
        return Decision(Knock(), "knock", numbers)
    stay_first = (Pass, Stand)

    def key(k: int) -> tuple:
        a, _, v, _, given = results[k]
        return (round(float(v.mean()), 9), isinstance(a, stay_first), -given)
    i = max(range(len(moves)), key=key)
    a, h, v, _, _ = results[i]
    numbers.update(result=cards_of(h[0]), expected=float(v.mean()))
    if view.can(Knock):
        c_now, c_next, opp = _knock_costs(view, vt, s, h)
        numbers.update(cost_knock=c_now, cost_wait=c_next,
                       p_bad_now=_p_knock_bad(my_v, opp, view, s),
                       p_bad_move=_p_knock_bad(v, opp, view, s))
        if _should_knock(view, c_now, c_next):
            return Decision(Knock(), "knock", numbers)
    return Decision(a, _kind(a), numbers)


def _stay_cost(results: list, costs: list[float]) -> float | None:
    for (a, *_), c in zip(results, costs, strict=True):
        if isinstance(a, (Pass, Stand)):
            return c
    return None


def _kind(a: Action) -> str:
    return {Swap: "swap", SwapAll: "swap all", Pass: "pass", Stand: "stand", Exchange: "exchange",
            SwitchOpen: "switch open", SwitchClosed: "switch closed", Take: "take", Draw: "draw",
            Knock: "knock", Discard: "discard"}.get(type(a), "other")


def expert_decision(view: View) -> Decision:
    """The expert's move for a view, with its numbers. Deterministic for a given view."""
    rng = np.random.default_rng(_seed_from(view))
    vt = value_table(view.rules)
    if len(view.legal) == 1:
        return Decision(view.legal[0], _kind(view.legal[0]))
    if view.rules.draws:     # the draw family, and Kitty with its stock (RULES.md 3c)
        if view.must_discard or all(isinstance(a, Discard) for a in view.legal):
            return _draw_discard(view, vt, view.unseen(), rng)
        if view.final_turn:
            return _draw_final(view, vt, rng)
        return _draw_turn(view, vt, rng)
    return _table_turn(view, vt, rng)


# --- the bots and the hint, as the rest of the engine calls them ----------------------------

def expert_policy(obs: Any) -> Action:
    """The ``expert`` move for an observation (deterministic for a given observation)."""
    special = special_phase(obs)
    if special is not None:
        return special
    return expert_decision(view_from_observation(obs)).action


