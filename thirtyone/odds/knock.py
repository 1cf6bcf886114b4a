"""Knocking: how likely a knock on value v is *not* the lowest hand (RULES.md 3d-3e).

(a) ``knock_survival_exact``: opponents hold fresh random hands dealt from the cards you do
not hold; your hand is any hand worth v, each equally likely (as often as the deal gives it).

* One opponent: **exact**. For each of your hands K, the number of opponent hands that miss
  K's cards and beat (or tie) it is counted by inclusion-exclusion over the cards they share
  with K: all hands, minus those through each card of K, plus those through each pair.
* Two opponents: **exact**. Their hands must also miss each other: the ordered pairs of
  disjoint beating hands are counted by inclusion-exclusion over the cards two hands can
  share (``second_opponent``), giving q2 = P(the second beats K | the first did).
* More opponents: a close approximation. With q1 = P(the first beats K) and q2 exact, each
  further opponent's chance continues the same trend, q_k = q2 (q2/q1)^(k-2), and
  P(all beat K) = q1 q2 ... q_n, averaged over K. Checked against simulation of fresh hands
  (``simulate_fresh_knock``; tests/test_odds_knock.py): off by 0.0015 at most in our checks,
  where treating the opponents as independent was off by up to 0.006.

(b) ``iter_knock_after_turns``: simulation. After the deal, each opponent plays ``turns``
turns with the ``standard`` bot's draw/discard (or swap) moves from ``thirtyone.sim``, card
memory included, with knocking switched off (``bots="basic"`` for the basic bot). The last of
those turns is each opponent's final turn after the knock and is played as one (the standard
bot takes and discards differently then); then the knocker, whose own three cards were dealt
but not played, shows v. Simplified: the middle is not renewed in the swap family and a
blitz does not stop the turns. tests/test_knock_vs_table.py pins it to the table engine.

Whether a knock goes well depends on what the rules reward (``knock_risk``, chosen by the
``scoring`` option, never by the variant's name):

* lives: the knocker must not lose a life. With ``knocker_tied = safe`` a knocker tied for
  lowest keeps the life, so the knock goes well unless every opponent is strictly better;
  otherwise only if some opponent is strictly worse.
* points (places): the knocker must not score low, i.e. be alone at the bottom (tied players
  share the best place of their group), so as ``safe`` above.
* chips (the highest hand takes the pot, Kitty): nobody may end strictly higher, after the
  tie-break where the rules use one; a true tie splits the pot and counts as winning a share.
  Counted exactly like "every opponent beats K" with the order of hands reversed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from ..core.cards import Card
from ..core.kinds import Scoring
from ..core.lookup import hand_table, value_rules
from ..core.rules import Rules, life_words
from ..i18n import _
from .tables import OddsError, check_hand_rules, lookup, pack_indices, value_label


@dataclass(frozen=True)
class KnockRisk:
    """What a knock risks under some rules, in words for plots and hints."""

    kind: str        # "life" (lives), "place" (points) or "pot" (chips)
    bad: str         # what goes wrong, after "Chance ": "you lose a life", ...
    good: str        # the plotted chance: "chance the knock is safe", ...
    # when the knock goes well, against the others' final hands: "none_higher" (nobody
    # strictly higher), "not_all_beat" (not every one strictly higher) or "some_lower"
    # (some one strictly lower); the one place this rule is written
    event: str


def knock_risk(rules: Rules) -> KnockRisk:
    """What a knock risks: decided by the ``scoring`` option (see the module text)."""
    if rules.scoring == "chips":
        return KnockRisk("pot", _("someone ends higher and takes the pot"),
                         _("chance you win the pot (or a share)"), "none_higher")
    if rules.scoring == "points":
        return KnockRisk("place", _("you end alone at the bottom"),
                         _("chance you do not score low"), "not_all_beat")
    life = life_words(rules)[0]
    event = "not_all_beat" if rules.knocker_tied == "safe" else "some_lower"
    lose = {"penny": _("you lose a penny"), "bill corner": _("you lose a bill corner"),
            "point": _("you lose a point"), "chip": _("you lose a chip")}.get(
        life, _("you lose a life"))
    return KnockRisk("life", lose, _("chance the knock is safe"), event)


def knock_goes_well(mine: np.ndarray | float, low: np.ndarray, high: np.ndarray,
                    rules: Rules) -> np.ndarray:
    """Whether a knocker with strength ``mine`` does well against the others' lowest ``low``
    and highest ``high`` final strengths (arrays broadcast), by ``knock_risk``."""
    event = knock_risk(rules).event
    good: np.ndarray
    if event == "none_higher":
        good = high <= mine
    elif event == "not_all_beat":
        good = low <= mine
    else:
        good = low < mine
    return good


@dataclass(frozen=True)
class _Ranked:
    """The shared tables of the exact knock odds, built once per pack and hand values.

    Strengths become ranks 0..L-1 (equal strengths, equal ranks). ``cube[a, b, c]`` is the
    rank of the hand of pack positions a, b, c (-1 where a card repeats). Hands that differ only by suit names (and,
    where only points count, ten-point ranks) give the same answers, so every count is made
    once per class of hands (``race.hand_classes``) and spread back to the hands."""

    strength: np.ndarray   # (N,) strength of each dealt hand
    n_levels: int
    cube: np.ndarray       # (n, n, n) int32 ranks
    reps: np.ndarray       # (C, 3) pack positions of one hand of each class
    rep_rank: np.ndarray   # (C,)
    hand_class: np.ndarray  # (N,) class of each dealt hand
    at_least: np.ndarray   # (L + 1,) hands of rank >= r
    card_at_least: np.ndarray  # (n, L + 1) hands through each card of rank >= r


def _ranked(rules: Rules) -> _Ranked:
    return _ranked_for(value_rules(rules))


@lru_cache(maxsize=16)
def _ranked_for(rules: Rules) -> _Ranked:
    from .race import classes_for

    hc = classes_for(rules)
    s = np.asarray(hand_table(rules).strength, dtype=np.float64)
    levels, rank = np.unique(s, return_inverse=True)
    n_levels = len(levels)
    pack = pack_indices(rules)
    n = len(pack)
    pos = np.full(52, -1)
    pos[pack] = np.arange(n)
    hands = pos[hand_table(rules).hands]
    cube = np.full((n, n, n), -1, dtype=np.int32)
    a, b, c = hands[:, 0], hands[:, 1], hands[:, 2]
    for x, y, z in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
        cube[x, y, z] = rank
    reps = pos[hc.reps]
    rep_rank = cube[reps[:, 0], reps[:, 1], reps[:, 2]]

    def at_least(counts: np.ndarray) -> np.ndarray:   # (..., L) counts -> (..., L + 1)
        tail = np.cumsum(counts[..., ::-1], axis=-1)[..., ::-1]
        return np.concatenate([tail, np.zeros(tail.shape[:-1] + (1,), tail.dtype)], axis=-1)

    per_card = np.bincount((hands * n_levels + rank[:, None]).ravel(),
                           minlength=n * n_levels).reshape(n, n_levels)
    tables = _Ranked(s, n_levels, cube, reps, rep_rank, hc.hand_class,
                     at_least(np.bincount(rank, minlength=n_levels)), at_least(per_card))
    for arr in (cube, reps, rep_rank, tables.at_least, tables.card_at_least):
        arr.setflags(write=False)
    return tables


def _per_class(rules: Rules, flip: bool = False) -> tuple[np.ndarray, np.ndarray, int]:
    """``_per_class_for``; in the reversed order (``flip``) from the forward counts: a hand
    away from K that is at most K is one that does not beat it, and so on."""
    beat, beat_or_tie, disjoint = _per_class_for(value_rules(rules))
    if flip:
        return disjoint - beat_or_tie, disjoint - beat, disjoint
    return beat, beat_or_tie, disjoint


@lru_cache(maxsize=32)
def _per_class_for(rules: Rules) -> tuple[np.ndarray, np.ndarray, int]:
    """For each class of hands K, the opponent hands disjoint from K that beat it, and that
    beat or tie it, by inclusion-exclusion: all hands, minus those through each card of K,
    plus those through each pair of K's cards (K itself is the one hand through all three).
    Also the number of opponent hands disjoint from K."""
    t = _ranked(rules)
    k, r = t.reps, t.rep_rank
    counts = {}
    for strict in (True, False):
        level = r + 1 if strict else r
        through_card = t.card_at_least[k, level[:, None]].sum(axis=1)
        through_pair = 0
        for i, j in combinations(range(3), 2):
            third = t.cube[k[:, i], k[:, j]]                               # (C, n)
            through_pair = through_pair + np.count_nonzero(third >= level[:, None], axis=1)
        counts[strict] = t.at_least[level] - through_card + through_pair - (0 if strict else 1)
    return counts[True], counts[False], comb(t.cube.shape[0] - 3, 3)


@lru_cache(maxsize=16)
def _class_values(rules: Rules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(values, the value of each class as an index into them, dealt hands per value)."""
    t = _ranked(rules)
    sizes = np.bincount(t.hand_class)
    per_class = np.bincount(t.hand_class, hand_table(rules).values) / sizes
    vals, inverse = np.unique(per_class, return_inverse=True)
    return vals, inverse, np.bincount(inverse, sizes)


def most_opponents(rules: Rules) -> int:
    """How many opponents a pack can deal three cards each beside yours."""
    return rules.pack // 3 - 1


def check_opponents(rules: Rules, opponents: int) -> None:
    """Refuse a table that the pack cannot deal, in one sentence."""
    if not 1 <= opponents <= most_opponents(rules):
        raise OddsError(_("Between 1 and {most} opponents fit this pack.").format(
            most=most_opponents(rules)))


@dataclass(frozen=True)
class KnockCurve:
    """Survival of a knock by the knocker's value."""

    values: np.ndarray        # knocker values (points; brag: class number)
    labels: tuple[str, ...]
    survive: np.ndarray       # chance the knock goes well (``knock_risk``, ties by the rules)
    not_lowest: np.ndarray    # chance some opponent is strictly lower
    share: np.ndarray         # how often the deal gives this value (weights)
    opponents: int
    exact: bool               # True for one opponent


def knock_survival_exact(rules: Rules, opponents: int) -> KnockCurve:
    """The knock-survival curve against ``opponents`` fresh random hands (see module text)."""
    return _knock_survival_exact(rules, int(opponents))


def second_opponent(rules: Rules, flip: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Per dealt hand K: the chance that a second opponent also beats (or ties) K, given
    that the first one did: exact, by counting ordered pairs of disjoint hands that avoid K
    and beat it (inclusion-exclusion over the cards two hands can share).

    Computed once per class of hands (see ``_Ranked``) and spread back to the hands.
    """
    cls = _ranked(rules).hand_class
    return _second(rules, flip, True)[cls], _second(rules, flip, False)[cls]


def _second(rules: Rules, flip: bool, strict: bool) -> np.ndarray:
    """``second_opponent`` per class of hands, beating (strict) or beating or tying K."""
    return _second_for(value_rules(rules), flip, strict)


@lru_cache(maxsize=16)
def _second_for(rules: Rules, flip: bool, strict: bool) -> np.ndarray:
    """The second opponent's factor from the pair counts: the ordered pairs of good hands
    that avoid K and each other, over (good hands) x (hands avoiding K and the first).

    The reversed order needs no second pass over the pairs: a hand at most K (reversed:
    beating or tying) is a hand that does not beat K, and one strictly below K one that
    does not beat or tie it, so their counts are the complements of the forward counts."""
    t = _ranked(rules)
    n = t.cube.shape[0]
    through, square = _pair_counts(rules, (not strict) if flip else strict)
    if flip:
        # Pairs c, c' away from K have n - 5 third cards away from K, c and c'.
        away = np.ones(through.shape, dtype=bool)
        away[np.arange(len(through))[:, None], t.reps] = False
        square = ((n - 3) * (n - 4) * (n - 5) ** 2 - 2 * (n - 5) * 2 * through.sum(axis=1)
                  + square)
        through = np.where(away, (n - 4) * (n - 5) // 2 - through, 0)
    total = through.sum(axis=1) // 3
    meeting = (through ** 2).sum(axis=1) - square // 2 + total
    both = total ** 2 - meeting                                   # ordered disjoint pairs
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(total > 0, both / (total * comb(n - 6, 3)), 0.0)
    out.setflags(write=False)
    return out


_CHUNK = 96  # classes per block of (chunk, n, n) arrays


@lru_cache(maxsize=16)
def _pair_counts(rules: Rules, strict: bool) -> tuple[np.ndarray, np.ndarray]:
    """Per class K (in the forward order): ``through[K, c]``, the hands through card c that
    avoid K and beat it (strict) or beat or tie it (0 for K's own cards), and ``square[K]``,
    the sum over ordered pairs c, c' of q[c, c']**2, q[c, c'] being the good hands through
    both c and c' that avoid K."""
    t = _ranked(rules)
    n = t.cube.shape[0]
    # The classes' levels, and per pair of cards the third cards that make a hand above
    # (strict) or at least at each of those levels: above[l, c, c'].
    levels, level_of = np.unique(t.rep_rank, return_inverse=True)
    flat_cube = t.cube.reshape(n * n, n)
    valid = flat_cube >= 0
    pair_row = np.broadcast_to(np.arange(n * n)[:, None], flat_cube.shape)[valid]
    # The levels below each hand's rank (strict) or at most it: the hand counts there.
    bucket = np.searchsorted(levels, flat_cube[valid], side="left" if strict else "right")
    hist = np.bincount(bucket * (n * n) + pair_row,
                       minlength=(len(levels) + 1) * n * n).reshape(-1, n, n)
    # above[l] = hands with bucket > l, summed from the top level down
    above = np.cumsum(hist[:0:-1], axis=0, dtype=np.int16)[::-1]
    by_third = np.ascontiguousarray(t.cube.transpose(2, 0, 1), dtype=np.int16)  # [x, c, c']
    through = np.zeros((len(t.reps), n), dtype=np.int64)
    square = np.zeros(len(t.reps), dtype=np.int64)
    for start in range(0, len(t.reps), _CHUNK):
        idx = np.arange(start, min(start + _CHUNK, len(t.reps)))
        k, r = t.reps[idx], t.rep_rank[idx][:, None, None].astype(np.int16)
        rows = np.arange(len(idx))
        # q[c, c']: good hands through c and c' that avoid K's three cards
        q = above[level_of[idx]]
        for j in range(3):
            third = by_third[k[:, j]]                                    # (m, n, n)
            q -= (third > r) if strict else (third >= r)
        for j in range(3):
            q[rows, k[:, j], :] = 0
            q[rows, :, k[:, j]] = 0
        through[idx] = q.sum(axis=2, dtype=np.int64) // 2              # each hand twice
        square[idx] = np.einsum("ijk,ijk->i", q, q, dtype=np.int64)
    for arr in (through, square):
        arr.setflags(write=False)
    return through, square


def _all_opponents(first: np.ndarray, second: np.ndarray, opponents: int) -> np.ndarray:
    """P(every opponent beats K) from the exact first two factors; later factors continue
    their trend: q_k = q_2 (q_2 / q_1)^(k-2)."""
    if opponents == 1:
        return first
    with np.errstate(invalid="ignore", divide="ignore"):
        trend = np.where(first > 0, second / first, 0.0)
    out: np.ndarray = first * second
    q = second
    for _i in range(opponents - 2):
        q = q * trend
        out = out * q
    return out


@lru_cache(maxsize=64)
def _knock_survival_exact(rules: Rules, opponents: int) -> KnockCurve:
    check_hand_rules(rules)
    check_opponents(rules, opponents)
    beat, beat_or_tie, disjoint = _per_class(rules)
    vals, inverse, counts = _class_values(value_rules(rules))
    sizes = np.bincount(_ranked(rules).hand_class)

    def mean(p: np.ndarray) -> np.ndarray:   # over the dealt hands of each value
        m: np.ndarray = np.bincount(inverse, p * sizes) / counts
        return m

    p_beat, p_beat_or_tie = beat / disjoint, beat_or_tie / disjoint
    if opponents == 1:
        p_all_beat, p_none_lower = p_beat, p_beat_or_tie
    else:
        p_all_beat = _all_opponents(p_beat, _second(rules, False, True), opponents)
        p_none_lower = _all_opponents(p_beat_or_tie, _second(rules, False, False), opponents)
    not_lowest = 1 - mean(p_none_lower)
    event = knock_risk(rules).event
    if event == "none_higher":   # every opponent at most K: "beats" with the order reversed
        _ranks, low_or_tie, low_disjoint = _per_class(rules, True)
        p_at_most = low_or_tie / low_disjoint
        if opponents > 1:
            p_at_most = _all_opponents(p_at_most, _second(rules, True, False), opponents)
        survive = mean(p_at_most)
    elif event == "not_all_beat":
        survive = 1 - mean(p_all_beat)
    else:
        survive = not_lowest
    return KnockCurve(vals, tuple(value_label(rules, v) for v in vals), survive, not_lowest,
                      counts / counts.sum(), opponents, opponents <= 2)


@dataclass(frozen=True)
class AtTable:
    """One hand shown down now against ``opponents`` fresh hands: the chance of the outcome
    the scoring punishes (``knock_risk(rules).kind``; RULES.md 3e): with lives, being the
    lowest (every opponent beats or ties it: all tied for lowest lose); with points, being
    alone at the bottom (every opponent beats it); with a pot, not being on top (someone is
    strictly higher; a tie for the top shares the pot and counts as on top)."""

    opponents: int
    kind: str            # "life", "place" or "pot"
    chance: float        # of being the lowest (life), alone at the bottom (place), not top (pot)
    exact: bool          # exact for one and two opponents; simulated beyond
    half_width: float    # the simulation's 95 % half-width (0.0 when exact)
    rounds: int          # simulated deals (0 when exact)


def hand_at_table(cards: Iterable[Card], rules: Rules, opponents: int, rounds: int = 40_000,
                  seed: int = 31) -> AtTable:
    """``AtTable`` for the three ``cards`` (RULES.md 3e: the lowest hand loses; Kitty's pot
    goes to the highest). Exact for one and two opponents (the counts of
    ``knock_survival_exact`` for the hand's class); with more, ``rounds`` deals of the other
    cards (the same ``seed`` gives the same figure)."""
    check_hand_rules(rules)
    opponents = int(opponents)
    check_opponents(rules, opponents)
    key = tuple(sorted(c.index for c in cards))
    return _hand_at_table(value_rules(rules), knock_risk(rules).kind, key, opponents,
                          int(rounds), int(seed))


@lru_cache(maxsize=256)
def _hand_at_table(rules: Rules, kind: str, key: tuple[int, ...], opponents: int,
                   rounds: int, seed: int) -> AtTable:
    table = hand_table(rules)
    row = np.flatnonzero((np.sort(table.hands, axis=1) == np.array(key)).all(axis=1))
    if len(row) != 1:
        raise OddsError(_("These three cards are not a hand of this pack."))
    pot = kind == "pot"
    if opponents <= 2:
        c = _ranked(rules).hand_class[row[0]]
        if pot:     # every opponent at most K: the reversed order's "beats or ties"
            _r, at_most, disjoint = _per_class(rules, True)
            p = at_most[c] / disjoint
            if opponents == 2:
                p *= _second(rules, True, False)[c]
            chance = 1.0 - float(p)
        else:       # lives: every opponent beats or ties K; places: every one beats it
            strict = kind == "place"
            beat, beat_or_tie, disjoint = _per_class(rules)
            p = (beat if strict else beat_or_tie)[c] / disjoint
            if opponents == 2:
                p *= _second(rules, False, strict)[c]
            chance = float(p)
        return AtTable(opponents, kind, chance, True, 0.0, 0)
    rng = np.random.default_rng(seed)
    lk = lookup(rules).strength
    mine = float(lk[key])
    pack = pack_indices(rules)
    rest = pack[~np.isin(pack, key)]
    order = np.argsort(rng.random((rounds, len(rest))), axis=1)[:, : 3 * opponents]
    dealt = rest[order].reshape(rounds, opponents, 3)
    others = lk[dealt[..., 0], dealt[..., 1], dealt[..., 2]]
    low = others.min(axis=1)
    bad = (others.max(axis=1) > mine) if pot else (low > mine) if kind == "place" else (
        low >= mine)
    k = int(np.count_nonzero(bad))
    low, high = wilson(np.array(k), rounds)
    return AtTable(opponents, kind, k / rounds, False, float(high - low) / 2, rounds)


def showdown_loss(values: npt.ArrayLike, probabilities: npt.ArrayLike, rules: Rules,
                  opponents: int) -> float:
    """The chance the scoring punishes a hand shown down against ``opponents`` fresh hands
    (``AtTable``'s event: lowest or tied with lives, alone at the bottom with points, not on
    top for a pot), for a hand worth one of ``values`` with ``probabilities`` (a move's
    outcomes, ``odds.moves.MoveOdds``): each value's chance is the exact curve's average
    over the dealt hands of that value."""
    curve = knock_survival_exact(rules, opponents)
    per_value = (1 - curve.not_lowest) if knock_risk(rules).kind == "life" else (
        1 - curve.survive)
    vals = np.asarray(values, dtype=np.float64)
    idx = np.clip(np.searchsorted(curve.values, vals), 0, len(curve.values) - 1)
    # a value between two dealt values (never for a three-card hand) takes the nearer one
    lower = np.clip(idx - 1, 0, None)
    idx = np.where(np.abs(curve.values[lower] - vals) < np.abs(curve.values[idx] - vals),
                   lower, idx)
    return float(np.dot(np.asarray(probabilities, dtype=np.float64), per_value[idx]))


def showdown_result(values: npt.ArrayLike, probabilities: npt.ArrayLike, rules: Rules,
                    opponents: int) -> float:
    """A move's result if the hands were shown down right after it against ``opponents``
    fresh hands, in the unit the rules score (``showdown_loss``'s outcomes): with lives, the
    chance of losing one; with points, the expected points of the round (2 on top, 1 in the
    middle, 0 alone at the bottom; a tie on top counts as top); with chips, the expected
    chips won, net of this seat's ante (everyone's ante to the top hand, a tie counted as a
    win)."""
    lose = showdown_loss(values, probabilities, rules, opponents)
    if rules.scoring == "points":      # top: no opponent higher, the pot game's event
        top = 1 - showdown_loss(values, probabilities, replace(rules, scoring=Scoring.CHIPS),
                                opponents)
        return (1 - lose) + top
    if rules.scoring == "chips":
        return (1 - lose) * pot_of(rules, opponents) - rules.ante
    return lose


def pot_of(rules: Rules, opponents: int) -> int:
    """The pot a round is played for: every player's ante (this seat and ``opponents``)."""
    return rules.ante * (opponents + 1)


# --- simulation -----------------------------------------------------------------------------

def simulate_fresh_knock(rules: Rules, opponents: int, value: float, rounds: int,
                         seed: int) -> tuple[float, float]:
    """Monte Carlo of the exact model: your hand uniform among hands worth ``value``,
    opponents dealt from the rest. Returns (share surviving, share with someone lower)."""
    rng = np.random.default_rng(seed)
    table = hand_table(rules)
    lk = lookup(rules).strength
    rows = np.flatnonzero(table.values == value)
    if not len(rows):
        raise OddsError(_("No hand is worth {value} under these rules.").format(value=value))
    mine = table.hands[rng.choice(rows, rounds)].astype(np.int64)
    pack = pack_indices(rules)
    keys = rng.random((rounds, len(pack)))
    keys[(pack[None, :, None] == mine[:, None, :]).any(axis=2)] = 2.0  # yours sort last
    dealt = pack[np.argsort(keys, axis=1)[:, : 3 * opponents]].reshape(rounds, opponents, 3)
    s_opp = lk[dealt[..., 0], dealt[..., 1], dealt[..., 2]]
    s_me = lk[mine[:, 0], mine[:, 1], mine[:, 2]]
    low = s_opp.min(axis=1)
    not_lowest = low < s_me
    survive = knock_goes_well(s_me, low, s_opp.max(axis=1), rules)
    return float(survive.mean()), float(not_lowest.mean())


def wilson(k: np.ndarray, n: int | np.ndarray, z: float = 1.96) -> tuple[np.ndarray, np.ndarray]:
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return mid - half, mid + half


def clear_caches() -> None:
    """Empty this module's caches (benchmarks time the cold computation)."""
    for f in (_ranked_for, _per_class_for, _class_values, _pair_counts, _second_for,
              _hand_at_table,
              _knock_survival_exact):
        f.cache_clear()
