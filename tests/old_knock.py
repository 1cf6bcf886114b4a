"""The odds code as it was before the speed work (issue 16, item 4), kept word for word as
the reference the faster code is checked against (tests/test_odds_speed.py).

Knocking: how likely a knock on value v is *not* the lowest hand (RULES.md 3d-3e).

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

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb

import numpy as np

from thirtyone.core.lookup import hand_table
from thirtyone.core.rules import Rules, life_words
from thirtyone.odds.tables import OddsError, check_hand_rules, lookup, pack_indices, value_label


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
        return KnockRisk("pot", "someone ends higher and takes the pot",
                         "chance you win the pot (or a share)", "none_higher")
    if rules.scoring == "points":
        return KnockRisk("place", "you end alone at the bottom", "chance you do not score low",
                         "not_all_beat")
    life = life_words(rules)[0]
    event = "not_all_beat" if rules.knocker_tied == "safe" else "some_lower"
    return KnockRisk("life", f"you lose a {life}", "chance the knock is safe", event)


def knock_goes_well(mine, low, high, rules: Rules):
    """Whether a knocker with strength ``mine`` does well against the others' lowest ``low``
    and highest ``high`` final strengths (arrays broadcast), by ``knock_risk``."""
    event = knock_risk(rules).event
    if event == "none_higher":
        return high <= mine
    if event == "not_all_beat":
        return low <= mine
    return low < mine


@dataclass(frozen=True)
class _PerHand:
    strength: np.ndarray   # (N,) your hand's strength
    beat: np.ndarray       # (N,) opponent hands disjoint from yours that are strictly better
    beat_or_tie: np.ndarray
    disjoint: int          # opponent hands disjoint from yours


def _strengths(rules: Rules, flip: bool) -> tuple[np.ndarray, np.ndarray]:
    """Every hand's strength and the lookup table; ``flip`` reverses the order of hands (so
    "beats" reads "is beaten by")."""
    sign = -1.0 if flip else 1.0
    return (sign * np.asarray(hand_table(rules).strength, dtype=np.float64),
            sign * lookup(rules).strength)


@lru_cache(maxsize=32)
def _per_hand(rules: Rules, flip: bool = False) -> _PerHand:
    table = hand_table(rules)
    hands = table.hands.astype(np.int64)
    s, lk = _strengths(rules, flip)
    pack = pack_indices(rules)
    n_hands = len(hands)
    srt = np.sort(s)
    gt = n_hands - np.searchsorted(srt, s, side="right")
    ge = n_hands - np.searchsorted(srt, s, side="left")
    # Hands through one card of K (inclusion-exclusion, first order).
    card_gt = np.zeros(n_hands)
    card_ge = np.zeros(n_hands)
    for c in pack:
        rows = np.flatnonzero((hands == c).any(axis=1))
        through = np.sort(s[rows])
        m = len(through)
        card_gt[rows] += m - np.searchsorted(through, s[rows], side="right")
        card_ge[rows] += m - np.searchsorted(through, s[rows], side="left")
    # Hands through two cards of K (second order): third card any other card of the pack.
    pair_gt = np.zeros(n_hands)
    pair_ge = np.zeros(n_hands)
    for i, j in combinations(range(3), 2):
        third = lk[hands[:, i][:, None], hands[:, j][:, None], pack[None, :]]  # NaN: repeats
        pair_gt += (third > s[:, None]).sum(axis=1)
        pair_ge += (third >= s[:, None]).sum(axis=1)
    beat = gt - card_gt + pair_gt            # K itself is never strictly better than K
    beat_or_tie = ge - card_ge + pair_ge - 1  # K itself ties K and is not disjoint
    disjoint = comb(len(pack) - 3, 3)
    return _PerHand(s, beat, beat_or_tie, disjoint)


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


@lru_cache(maxsize=32)
def second_opponent(rules: Rules, flip: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Per dealt hand K: the chance that a second opponent also beats (or ties) K, given
    that the first one did: exact, by counting ordered pairs of disjoint hands that avoid K
    and beat it (inclusion-exclusion over the cards two hands can share).

    Hands that differ only by suit names (and, where only points count, ten-point ranks) give
    the same answer, so it is computed once per class of hands and per strength level.
    """
    from old_race import classes_for

    hc = classes_for(rules)
    pack = pack_indices(rules)
    n = len(pack)
    lk = _strengths(rules, flip)[1][np.ix_(pack, pack, pack)]  # NaN where a card repeats
    pos = np.full(52, -1)
    pos[pack] = np.arange(n)
    reps = pos[hc.reps]
    level = lk[reps[:, 0], reps[:, 1], reps[:, 2]]
    pairs_after = comb(n - 6, 3)
    levels = np.unique(level)
    # Third cards per pair of cards that make a hand above (or at least at) each level.
    rows = np.sort(lk.reshape(n * n, n), axis=1)                  # NaN (repeats) sort last
    valid = np.count_nonzero(~np.isnan(rows), axis=1)[:, None]
    above = {True: np.empty((n * n, len(levels)), dtype=np.int16),
             False: np.empty((n * n, len(levels)), dtype=np.int16)}
    for r in range(n * n):
        above[True][r] = np.searchsorted(rows[r], levels, side="right")
        above[False][r] = np.searchsorted(rows[r], levels, side="left")
    above = {k: (valid - v).reshape(n, n, len(levels)) for k, v in above.items()}
    out = {True: np.zeros(len(reps)), False: np.zeros(len(reps))}
    level_of = np.searchsorted(levels, level)
    for start in range(0, len(reps), 256):                           # classes in chunks
        idx = np.arange(start, min(start + 256, len(reps)))
        k, s = reps[idx], level[idx][:, None, None]
        m = len(idx)
        keep = np.ones((m, n))
        keep[np.arange(m)[:, None], k] = 0.0
        thirds = [lk[:, :, k[:, j]].transpose(2, 0, 1) for j in range(3)]  # (m, n, n)
        for strict in (True, False):
            # q[c, c']: good hands through c and c' that avoid K's three cards
            q = above[strict][:, :, level_of[idx]].transpose(2, 0, 1).astype(np.float64)
            for third in thirds:
                q -= (third > s) if strict else (third >= s)
            q *= keep[:, :, None] * keep[:, None, :]
            through = q.sum(axis=2) / 2                              # good hands through c
            total = through.sum(axis=1) / 3
            meeting = (through ** 2).sum(axis=1) - (q ** 2).sum(axis=(1, 2)) / 2 + total
            both = total ** 2 - meeting                              # ordered disjoint pairs
            with np.errstate(invalid="ignore", divide="ignore"):
                out[strict][idx] = np.where(total > 0, both / (total * pairs_after), 0.0)
    cls = hc.class_of(hand_table(rules).hands.astype(np.int64))
    return out[True][cls], out[False][cls]


def _all_opponents(first: np.ndarray, second: np.ndarray, opponents: int) -> np.ndarray:
    """P(every opponent beats K) from the exact first two factors; later factors continue
    their trend: q_k = q_2 (q_2 / q_1)^(k-2)."""
    if opponents == 1:
        return first
    with np.errstate(invalid="ignore", divide="ignore"):
        trend = np.where(first > 0, second / first, 0.0)
    out = first * second
    q = second
    for _ in range(opponents - 2):
        q = q * trend
        out = out * q
    return out


@lru_cache(maxsize=64)
def _knock_survival_exact(rules: Rules, opponents: int) -> KnockCurve:
    check_hand_rules(rules)
    if opponents < 1 or 3 * (opponents + 1) > rules.pack:
        raise OddsError(f"Between 1 and {rules.pack // 3 - 1} opponents fit this pack.")
    per = _per_hand(rules)
    values = hand_table(rules).values
    p_beat, p_beat_or_tie = per.beat / per.disjoint, per.beat_or_tie / per.disjoint
    if opponents == 1:
        p_all_beat, p_none_lower = p_beat, p_beat_or_tie
    else:
        second_beat, second_beat_or_tie = second_opponent(rules)
        p_all_beat = _all_opponents(p_beat, second_beat, opponents)
        p_none_lower = _all_opponents(p_beat_or_tie, second_beat_or_tie, opponents)
    vals, inverse, counts = np.unique(values, return_inverse=True, return_counts=True)
    mean_all_beat = np.bincount(inverse, p_all_beat) / counts
    mean_none_lower = np.bincount(inverse, p_none_lower) / counts
    not_lowest = 1 - mean_none_lower
    event = knock_risk(rules).event
    if event == "none_higher":   # every opponent at most K: "beats" with the order reversed
        low = _per_hand(rules, True)
        p_at_most = low.beat_or_tie / low.disjoint
        if opponents > 1:
            p_at_most = _all_opponents(p_at_most, second_opponent(rules, True)[1], opponents)
        survive = np.bincount(inverse, p_at_most) / counts
    elif event == "not_all_beat":
        survive = 1 - mean_all_beat
    else:
        survive = not_lowest
    return KnockCurve(vals, tuple(value_label(rules, v) for v in vals), survive, not_lowest,
                      counts / counts.sum(), opponents, opponents <= 2)


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
        raise OddsError(f"No hand is worth {value} under these rules.")
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


def wilson(k: np.ndarray, n: int, z: float = 1.96) -> tuple[np.ndarray, np.ndarray]:
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return mid - half, mid + half


def clear_caches() -> None:
    """Empty this module's caches (benchmarks time the cold computation)."""
    for f in (_per_hand, second_opponent, _knock_survival_exact):
        f.cache_clear()
