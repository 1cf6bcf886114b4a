"""The expert's cost arithmetic: what the end of a round costs a seat in each sampled deal
(``round_cost``, who loses by ``game.settle``), how much the others' losses count
(``others_weight``, ``blitz_cost``), the opponents' final turns (``final_draw_turn``,
``public_moves``) and the cost of waiting a few turns instead of knocking (``wait_cost``)."""

from __future__ import annotations

import numpy as np

from ..core.rules import Rules
from ..game.settle import instant_pays, lives_lost
from ..policies.basic import DEFAULT_KNOCK_AT
from ..policies.view import (
    Sample,
    ValueTable,
    View,
    best_three,
    scat_values_sorted,
    sorted_strengths,
    stock_column,
)

OTHERS_WEIGHT_HEADS_UP = 1.0  # a life the single opponent loses is as good as one not lost


OTHERS_WEIGHT = 1.0    # shared among several opponents


LOOKAHEAD = 4          # turns the expert looks ahead when it thinks about waiting


def suit_points(rules: Rules) -> bool:
    """Whether strengths are plain points (so thresholds like 'at least 26' make sense)."""
    return rules.hand_value == "suit_sum" and not rules.tie_break


def model_knock_bar(n_players: int, turns_before: int) -> float:
    """The expert's guess of when another player knocks (it does not know who sits there):
    min(25 - 5 + n + r, 27)."""
    return min(DEFAULT_KNOCK_AT - 5 + n_players + turns_before, DEFAULT_KNOCK_AT + 2)


def with_card(hands: np.ndarray, extra: np.ndarray | int) -> np.ndarray:
    extra = np.asarray(extra, dtype=np.intp)
    if extra.ndim == 0:
        extra = np.full(len(hands), int(extra), dtype=np.intp)
    return np.hstack([hands, extra[:, None]])


def round_cost(mine: np.ndarray | float, opp: np.ndarray, rules: Rules,
               i_knocked: bool, lam: float = 0.0, knocker_col: int | None = None
               ) -> np.ndarray:
    """What a showdown costs this seat in each sampled deal (lives lost; for chips and points
    the share of the pot or the places missed), given its strength ``mine`` and the others'
    strengths ``opp`` (S, m). With ``lam`` > 0 (lives only) the lives the others lose count
    as a gain, ``lam`` each: a game is won by outlasting them. ``knocker_col`` is the column
    of ``opp`` that knocked (None: this seat knocked, or nobody is known)."""
    mine = np.broadcast_to(np.asarray(mine, dtype=float), opp.shape[:1])
    lo, hi = opp.min(axis=1), opp.max(axis=1)
    if rules.scoring == "chips":
        ties = (opp == hi[:, None]).sum(axis=1)
        share = np.where(mine > hi, 1.0, np.where(mine == hi, 1.0 / (1 + ties), 0.0))
        return 1.0 - share
    if rules.scoring == "points":
        pts = np.where(mine >= hi, 2.0, np.where(mine < lo, 0.0, 1.0))
        return (2.0 - pts) / 2.0
    # lives: settle.lives_lost, this seat in column 0 and the others after it
    values = np.hstack([mine[:, None], opp])
    knocker = 0 if i_knocked else (-1 if knocker_col is None else knocker_col + 1)
    lost = lives_lost(values, np.full(len(values), knocker), rules).astype(float)
    if lam == 0.0:
        return lost[:, 0]
    return lost[:, 0] - lam * lost[:, 1:].sum(axis=1)


def others_weight(view: View) -> float:
    """How much one life lost by an opponent is worth to this seat (lives scoring only)."""
    m = len(view.opponents)
    if view.rules.scoring != "lives" or m == 0:
        return 0.0
    return OTHERS_WEIGHT_HEADS_UP if m == 1 else OTHERS_WEIGHT / m


def blitz_cost(lam: float, m: int) -> float:
    """The net cost to this seat of an opponent's blitz (everybody else loses a life)."""
    return 1.0 - lam * (m - 1)


def final_draw_turn(hands: np.ndarray, vals: np.ndarray, top: int | None, drawn: np.ndarray,
                    can_draw: bool, vt: ValueTable) -> tuple[np.ndarray, np.ndarray]:
    """An opponent's final turn in the draw family, as ``basic`` plays it: take the top
    discard if it helps, else draw. Returns (strengths, instant flags)."""
    best_v, best_h = vals, hands
    if can_draw:
        best_v, best_h = best_three(with_card(hands, drawn), vt)
    if top is not None:
        tv, th = best_three(with_card(hands, top), vt)
        better = tv > vals
        best_v = np.where(better, tv, best_v)
        best_h = np.where(better[:, None], th, best_h)
    inst = vt.instant[best_h[:, 0], best_h[:, 1], best_h[:, 2]]
    return best_v, inst


def public_moves(hands: np.ndarray, public: tuple[int, ...], vt: ValueTable,
                 swap_all: bool) -> tuple[np.ndarray, np.ndarray]:
    """The best hand reachable by swapping one card, or all three, with open cards
    (swap and switch families; the widow's face-up cards). Returns (strengths, hands)."""
    cands = [hands]
    for i in range(3):
        for p in public:
            h = hands.copy()
            h[:, i] = p
            cands.append(h)
    if swap_all and len(public) == 3:
        cands.append(np.tile(np.array(public, dtype=np.intp), (len(hands), 1)))
    allc = np.stack(cands, axis=1)                      # (S, C, 3)
    vals = vt.strength[allc[..., 0], allc[..., 1], allc[..., 2]]
    # a public card that is also in this sampled hand is impossible: strength -1 already
    best = vals.argmax(axis=1)
    rows = np.arange(len(hands))
    return vals[rows, best], allc[rows, best]


def wmean(x: np.ndarray, w: np.ndarray) -> float:
    return float(np.dot(x, w) / w.sum())


def cost_curve(opp_final: np.ndarray, ended: np.ndarray, weight: np.ndarray, rules: Rules,
               i_knocked: bool):
    """A function: my strength(s) -> expected cost, against fixed sampled opponent finals."""
    def cost(mine: np.ndarray | float) -> np.ndarray:
        mine = np.atleast_1d(np.asarray(mine, dtype=float))
        out = np.empty(len(mine))
        for i, v in enumerate(mine):
            c = round_cost(v, opp_final, rules, i_knocked)
            c = np.where(ended, 1.0, c)
            out[i] = wmean(c, weight)
        return out
    return cost


def _threshold_strength(rules: Rules, points: float) -> float:
    """A knock threshold in points, on this rules' strength scale."""
    if suit_points(rules):
        return points
    scat = scat_values_sorted()
    share = np.searchsorted(scat, points, side="left") / len(scat)
    srt = sorted_strengths(rules)
    return float(srt[min(int(share * len(srt)), len(srt) - 1)])


def wait_cost(view: View, vt: ValueTable, s: Sample, mine: np.ndarray,
              steps: int | None = None) -> float:
    """Expected cost of not knocking now, after this turn's move left this seat ``mine``
    (S, 3): every player keeps improving by one card a turn (each keeps its best three),
    an opponent knocks once it reaches a ``standard`` knocking hand, and this seat knocks at
    whichever of its next ``steps`` turns is best on average."""
    rules = view.rules
    steps = LOOKAHEAD if steps is None else steps
    n_s = len(s.weight)
    opp = [h.copy() for h in s.now]
    oval = [v.copy() for v in s.now_val]
    m = len(opp)
    lam = others_weight(view)
    their_blitz = blitz_cost(lam, m)
    mval = vt.strength[mine[:, 0], mine[:, 1], mine[:, 2]]
    ended = instant_pays(vt.instant[mine[:, 0], mine[:, 1], mine[:, 2]], rules, False)
    cost = np.where(ended, -lam * m, 0.0)
    col = [1]
    stock_left = view.stock - 1

    def card() -> np.ndarray:
        c = stock_column(s, col[0])
        col[0] += 1
        return c

    def draw(h: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        return best_three(with_card(h, card()), vt)

    best = np.inf
    void = rules.stock_out == "void"
    for t in range(1, int(steps) + 1):
        for j, o in enumerate(view.opponents):
            live = ~ended
            thr = _threshold_strength(rules, max(model_knock_bar(m + 1, o.turns + t - 1),
                                                 DEFAULT_KNOCK_AT))
            knocks = live & (oval[j] >= thr)
            if knocks.any():
                my_final = draw(mine)[0]
                others = [oval[j]] + [draw(opp[k])[0] for k in range(m) if k != j]
                c = round_cost(my_final, np.stack(others, axis=1), rules, False, lam, 0)
                cost = np.where(knocks, c, cost)
                ended |= knocks
            live = ~ended
            nv, nh = draw(opp[j])
            opp[j] = np.where(live[:, None], nh, opp[j])
            oval[j] = np.where(live, nv, oval[j])
            blitz = live & instant_pays(vt.instant[nh[:, 0], nh[:, 1], nh[:, 2]], rules, False)
            cost = np.where(blitz, their_blitz, cost)
            ended |= blitz
            stock_left -= 1
            if stock_left <= 0 and void:
                ended |= True
        # this seat knocks at turn t ...
        finals, end_k = [], np.zeros(n_s, dtype=bool)
        for k in range(m):
            fv, fh = draw(opp[k])
            finals.append(fv)
            end_k |= instant_pays(vt.instant[fh[:, 0], fh[:, 1], fh[:, 2]], rules, True)
        ck = np.where(end_k, their_blitz,
                      round_cost(mval, np.stack(finals, axis=1), rules, True, lam))
        best = min(best, wmean(np.where(ended, cost, ck), s.weight))
        # ... or draws on
        live = ~ended
        nv, nh = draw(mine)
        mine = np.where(live[:, None], nh, mine)
        mval = np.where(live, nv, mval)
        mine_blitz = live & instant_pays(vt.instant[nh[:, 0], nh[:, 1], nh[:, 2]], rules, False)
        cost = np.where(mine_blitz, -lam * m, cost)
        ended |= mine_blitz
        stock_left -= 1
    return best
