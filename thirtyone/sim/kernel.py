"""An optional compiled path for the batched simulator (issue 16): the draw family with
``basic`` and ``standard`` bots, one round after another in a loop compiled by numba.

It plays exactly what ``batch.RoundBatch`` plays with numpy (the same turn order, the same
decisions of ``policies.basic`` and ``policies.standard``, the same end of a round); the
numpy path stays the reference: tests/test_sim_kernel.py plays the same deals on both and
asks for the same moves, turns and results. Who loses at the end is still
``RoundBatch.finish`` (``game.settle``): the kernel only plays the turns and says how each
round ended.

Speed: one round costs about 15 turns of a few table look-ups each; the tables have one row
per unordered hand (22,100, int16 where the numbers fit) so they stay in the processor's
cache. A batch is cut into parts of ``PART`` rounds, played on one thread per core (the
compiled loop runs without Python's lock); each part shuffles from its own seed, so a seed
gives the same rounds on any machine.

numba is optional (``pip install numba``): without it, or for rules and bots the kernel does
not play (the swap family, random bots, a reshuffled stock, the expert's mid-round starts),
``available``/``supports`` say no and the numpy path plays.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache

import numpy as np

from ..core.lookup import (
    CARD_POINTS,
    SUIT_BITS,
    after_draw,
    hand_lookup,
    improve_bits,
    knock_values2,
    lookahead_tables,
)
from ..core.rules import Rules
from ..game.families import family_class
from ..policies.standard import StandardOptions
from .stats import BLITZ, FIRE, KNOCK, STOCK, VOID

try:  # pragma: no cover - exercised where numba is installed
    from numba import njit
    HAVE_NUMBA = True
except ImportError:  # pragma: no cover
    HAVE_NUMBA = False

    def njit(*args, **kwargs):  # type: ignore[no-redef]
        def wrap(f):
            return f
        return wrap(args[0]) if args and callable(args[0]) else wrap

BASIC, STANDARD = 1, 2   # batch.BOT_LEVELS indices


def available() -> bool:
    return HAVE_NUMBA


def supports(rules: Rules, levels: np.ndarray) -> bool:
    """Whether the kernel plays these rules and bot levels (per seat, BOT_LEVELS indices)."""
    return (HAVE_NUMBA and rules.draws and family_class(rules).simulated and rules.stock_out != "reshuffle"
            and not rules.dealer_two_hands and bool(np.all(levels >= BASIC)))


@njit(cache=True, error_model="numpy", inline="always")
def _shuffled_to(row, i, done, state):  # pragma: no cover
    """Lazy Fisher-Yates: shuffle the pack ``row`` up to position ``i`` (positions before
    ``done`` are already drawn); returns the new ``done``. Random numbers: splitmix64 on
    ``state[0]``; the position j in [done, K) is the top 32 bits scaled (Lemire), whose bias,
    under K / 2**32 < 2e-8, no statistic here can see."""
    K = len(row)
    while done <= i and done < K - 1:
        z = state[0] + np.uint64(0x9E3779B97F4A7C15)
        state[0] = z
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
        j = done + np.int64(((z >> np.uint64(32)) * np.uint64(K - done)) >> np.uint64(32))
        t = row[done]
        row[done] = row[j]
        row[j] = t
        done += 1
    return done


TRI = np.array([c * (c - 1) * (c - 2) // 6 for c in range(52)], dtype=np.int64)   # C(c, 3)


@njit(cache=True, inline="always", error_model="numpy")
def _flat(a, b, c):  # pragma: no cover
    """The row of the unordered hand {a, b, c} in the kernel's tables (``canonical``):
    C(hi, 3) + C(mid, 2) + lo, so 22,100 rows instead of 52**3 ordered hands."""
    lo = min(a, min(b, c))
    hi = max(a, max(b, c))
    mid = a + b + c - lo - hi
    return TRI[hi] + ((mid * (mid - 1)) >> 1) + lo


@njit(cache=True, inline="always", error_model="numpy")
def _popcount(x):  # pragma: no cover
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return (x * np.uint64(0x0101010101010101)) >> np.uint64(56)


@njit(cache=True, error_model="numpy")
def _rep(h, j, x):  # pragma: no cover
    """Flat index of hand ``h`` with card ``j`` replaced by ``x`` (j = 3: ``h`` itself)."""
    if j == 0:
        return _flat(x, h[1], h[2])
    if j == 1:
        return _flat(h[0], x, h[2])
    if j == 2:
        return _flat(h[0], h[1], x)
    return _flat(h[0], h[1], h[2])


@njit(cache=True, error_model="numpy")
def _basic(h, top, drawn, may_knock, has_stock, S, cur, v2, thr2, PTS):  # pragma: no cover
    """``policies.basic.basic_draw_moves`` for one position (``cur``, ``v2``: the hand's
    strength and value2). The sort keys (value, then the fewest points, then the later card)
    end in the position j in their lowest two bits, so the best position is the largest
    key & 3 (max instead of branches: faster)."""
    h0, h1, h2 = h[0], h[1], h[2]
    if may_knock and v2 >= thr2:
        return 2, 0
    t0, t1, t2 = S[_flat(top, h1, h2)], S[_flat(h0, top, h2)], S[_flat(h0, h1, top)]
    if max(t0, max(t1, t2)) > cur:
        bt = max(t0 * 1024 - PTS[h0] * 4, max(t1 * 1024 - PTS[h1] * 4 + 1,
                                              t2 * 1024 - PTS[h2] * 4 + 2))
        return 1, bt & 3
    if not has_stock:
        return 3, 0
    d0 = S[_flat(drawn, h1, h2)] * 1024 - PTS[h0] * 4
    d1 = S[_flat(h0, drawn, h2)] * 1024 - PTS[h1] * 4 + 1
    d2 = S[_flat(h0, h1, drawn)] * 1024 - PTS[h2] * 4 + 2
    d3 = cur * 1024 - PTS[drawn] * 4 + 3
    return 0, max(max(d0, d1), max(d2, d3)) & 3


@njit(cache=True, error_model="numpy")
def _standard(h, top, drawn, may_knock, has_stock, r, seen, next_known, final, n, S, KV,
              IMP, AHEAD, DRAW_AHEAD, AFTER, PTS, SUITS, pack, pack_bits, params):  # pragma: no cover
    knock_at, base, slope, cap, hu_base, hu_slope, last_wait = (
        params[0], params[1], params[2], params[3], params[4], params[5], params[6])
    denial, take_vs_draw, two_step = params[7] > 0, params[8] > 0, params[9] > 0
    f = _flat(h[0], h[1], h[2])
    cur = S[f]
    if n <= 2:
        thr = 2 * (knock_at + hu_base + hu_slope * r)
    else:
        thr = 2 * min(knock_at + base + slope * r, knock_at + cap)
    if may_knock and (KV[f] >= thr or r >= last_wait):
        return 2, 0
    hbits = (np.uint64(1) << np.uint64(h[0])) | (np.uint64(1) << np.uint64(h[1])) | \
        (np.uint64(1) << np.uint64(h[2]))
    tmax = S[_rep(h, 0, top)]
    for j in range(1, 3):
        tmax = max(tmax, S[_rep(h, j, top)])
    take = tmax > cur
    before = not final
    if take and two_step and before:
        ka = AHEAD[_rep(h, 0, top)]
        for j in range(1, 3):
            ka = max(ka, AHEAD[_rep(h, j, top)])
        take = ka * (len(pack) - 3) >= DRAW_AHEAD[f]
    old_rule = (not before) if two_step else True
    if take and take_vs_draw and old_rule:
        unseen_now = ~seen & ~hbits & pack_bits
        total, count = 0, 0
        for c in range(52):
            if (unseen_now >> np.uint64(c)) & np.uint64(1):
                total += AFTER[f, c]
                count += 1
        take = count == 0 or tmax * count >= total
    new = top if take else drawn
    if not take and not has_stock:
        return 3, 0
    unseen = ~seen & ~hbits & ~(np.uint64(1) << np.uint64(new))
    wanted = np.zeros(4, dtype=np.bool_)
    if denial and before:
        for s in range(4):
            wanted[s] = (next_known & SUIT_BITS[s]) != 0
    best_ka = -(1 << 62)
    if two_step and before:
        for j in range(4):
            if not (take and j == 3):
                best_ka = max(best_ka, AHEAD[_rep(h, j, new)])
    pos, best = 0, -(1 << 62)
    for j in range(4):
        if take and j == 3:
            continue
        kept = _rep(h, j, new)
        if two_step and before and AHEAD[kept] < best_ka:
            continue
        card = h[j] if j < 3 else new
        free = 0 if wanted[SUITS[card]] else 1
        outs = np.int64(_popcount(IMP[kept] & unseen))
        key = (((S[kept] * 2 + free) * 64 + outs) * 16 + (15 - PTS[card])) * 4 + j
        if key > best:
            best, pos = key, j
    return (1 if take else 0), pos


@njit(cache=True, error_model="numpy")
def _deal(row, hands, b, dealer, n, V, fire2, blitz_on):  # pragma: no cover
    """Deal round ``b`` from ``row``: three cards each, one at a time from the dealer's left;
    returns FIRE or BLITZ when such a hand is dealt (the round ends there), else -1."""
    # no division by a number only known at run time here or per turn: it costs ~30 cycles
    i = 0
    for k in range(3):
        seat = dealer
        for _ in range(n):
            seat = seat + 1 if seat + 1 < n else 0
            hands[b, seat, k] = row[i]
            i += 1
    fire = blitz = False
    for s in range(n):
        v = V[_flat(hands[b, s, 0], hands[b, s, 1], hands[b, s, 2])]
        fire |= fire2 > 0 and v == fire2
        blitz |= blitz_on and v == 62
    return FIRE if fire else (BLITZ if blitz else -1)


@njit(cache=True, error_model="numpy", inline="always")
def _move(hands, b, m, h, act, pos, top, drawn, pile, pcount, known, seen):  # pragma: no cover
    """A take (``act`` 1) or a draw (0) with the discard of position ``pos`` (3: the new
    card); returns the pile's new count and the cards seen on it."""
    new = top if act == 1 else drawn
    out = new
    if pos < 3:   # the two cards kept stay in their order, the new card goes last
        out = h[pos]
        hands[b, m, 0] = h[1] if pos == 0 else h[0]
        hands[b, m, 1] = h[1] if pos == 2 else h[2]
        hands[b, m, 2] = new
    if act == 1:
        pcount -= 1
        known[m] |= np.uint64(1) << np.uint64(top)
    pile[pcount] = out
    bit = np.uint64(1) << np.uint64(out)
    known[m] &= ~bit
    return pcount + 1, seen | bit


@njit(cache=True, error_model="numpy", nogil=True)
def play_draw(b0, b1, deck, dealer, n, levels, S, V, KV, IMP, AHEAD, DRAW_AHEAD, AFTER, PTS,
              SUITS, pack, pack_bits, thr2, knock_after, fire2, blitz_on, blitz_after_knock,
              stock_how, max_turns, params, seed, hands, ended, turns, knocker,
              knock_turn, strength, value2):  # pragma: no cover
    """Play rounds ``b0`` to ``b1 - 1`` of ``deck`` from the deal to their end; fills
    ``hands`` (B, n, 3), ``ended`` (FIRE/BLITZ/KNOCK/STOCK/VOID), ``turns``, ``knocker``,
    ``knock_turn``. ``seed`` >= 0: ``deck`` (1, K) is the pack, shuffled afresh for each round
    as it is dealt (only as far as the round goes)."""
    K = deck.shape[1]
    lazy = seed >= 0
    row = deck[0].copy()    # a shuffle of any order of the pack is as good as a fresh one
    state = np.full(1, seed, dtype=np.uint64)
    pile = np.empty(K, dtype=np.int32)
    known = np.zeros(n, dtype=np.uint64)
    own = np.zeros(n, dtype=np.int64)
    h = np.empty(3, dtype=np.int32)
    hs = np.zeros(n, dtype=np.int64)     # each seat's hand: strength and value2, kept
    hv = np.zeros(n, dtype=np.int64)
    for b in range(b0, b1):
        if not lazy:
            row[:] = deck[b]
        done = _shuffled_to(row, 3 * n, 0, state) if lazy else K
        how = _deal(row, hands, b, dealer[b], n, V, fire2, blitz_on)
        for s in range(n):
            f = _flat(hands[b, s, 0], hands[b, s, 1], hands[b, s, 2])
            hs[s], hv[s] = S[f], V[f]
        pile[0], pcount, ptr = row[3 * n], 1, 3 * n + 1
        seen = np.uint64(1) << np.uint64(pile[0])
        for s in range(n):
            known[s], own[s] = 0, 0
        m = dealer[b] + 1 if dealer[b] + 1 < n else 0
        kn, kt, final_left, t = -1, -1, 0, 0
        while how < 0:
            h[0], h[1], h[2] = hands[b, m, 0], hands[b, m, 1], hands[b, m, 2]
            top = pile[pcount - 1]
            if lazy and ptr < K:
                done = _shuffled_to(row, ptr, done, state)
            drawn = row[min(ptr, K - 1)]
            if levels[m] == 1:
                act, pos = _basic(h, top, drawn, kn < 0 and t >= knock_after, ptr < K, S,
                                  hs[m], hv[m], thr2, PTS)
            else:
                act, pos = _standard(h, top, drawn, kn < 0 and t >= knock_after, ptr < K,
                                     own[m], seen, known[m + 1 if m + 1 < n else 0], kn >= 0,
                                     n, S, KV, IMP,
                                     AHEAD, DRAW_AHEAD, AFTER, PTS, SUITS, pack, pack_bits,
                                     params)
            new_v2 = -1
            if act <= 1:
                pcount, seen = _move(hands, b, m, h, act, pos, top, drawn, pile, pcount, known,
                                     seen)
                ptr += act == 0
                f = _flat(hands[b, m, 0], hands[b, m, 1], hands[b, m, 2])
                hs[m], hv[m] = S[f], V[f]
                new_v2 = hv[m]
            was_final = kn >= 0
            t += 1
            own[m] += 1
            final_left -= was_final
            if act == 2:
                kn, kt, final_left = m, t, n - 1
            shown = act != 2 and (blitz_after_knock or not was_final)
            if fire2 > 0 and new_v2 == fire2 and shown:
                how = FIRE
            elif blitz_on and new_v2 == 62 and shown:
                how = BLITZ
            elif kn >= 0 and final_left == 0 and act != 2:
                how = KNOCK
            elif ptr >= K and kn < 0:
                how = stock_how
            elif t >= max_turns:
                how = VOID
            m = m + 1 if m + 1 < n else 0
        ended[b], turns[b], knocker[b], knock_turn[b] = how, t, kn, kt
        for s in range(n):
            strength[b, s], value2[b, s] = hs[s], hv[s]
    return 0


# Rounds per part: each part shuffles from its own seed, so the rounds a seed gives depend
# only on the seed and the number of rounds, never on how many threads play the parts.
PART = 8_192
# Threads that play parts at once (the kernel runs without Python's lock): one per core.
THREADS = max(1, min(4, os.cpu_count() or 1))


@lru_cache(maxsize=1)
def _pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(THREADS, thread_name_prefix="thirtyone-sim")


def small(a: np.ndarray) -> np.ndarray:
    """The same integers in the narrowest of int16, int32, int64 (smaller tables stay in the
    processor's cache: the kernel reads them at random)."""
    lo, hi = int(a.min()), int(a.max())
    for t in (np.int16, np.int32):
        if np.iinfo(t).min <= lo and hi <= np.iinfo(t).max:
            return a.astype(t)
    return a.astype(np.int64)


@lru_cache(maxsize=1)
def canonical() -> np.ndarray:
    """For every row of the kernel's tables (``_flat``), the ``lookup.flat`` index of the
    same hand with its cards in increasing order."""
    out = np.zeros(22_100, dtype=np.int64)
    for c in range(2, 52):
        for b in range(1, c):
            a = np.arange(b)
            out[c * (c - 1) * (c - 2) // 6 + b * (b - 1) // 2 + a] = a * 2704 + b * 52 + c
    return out


@lru_cache(maxsize=16)
def tables(rules: Rules, standard: bool) -> tuple[np.ndarray, ...]:
    """The lookup tables the kernel reads (``lookup``), one row per unordered hand and
    narrowed by ``small``."""
    S, V = hand_lookup(rules)
    at = canonical()
    if standard:
        KV, IMP = knock_values2(rules), improve_bits(rules)
        AHEAD, DRAW_AHEAD = lookahead_tables(rules)
        row, after = after_draw(rules)
        AFTER = small(after[row[at]])
    else:
        KV, IMP, AHEAD, DRAW_AHEAD = V, np.zeros(52 ** 3, np.uint64), S, S
        AFTER = np.zeros((1, 52), np.int16)
    return (small(S[at]), small(V[at]), small(KV[at]), IMP[at], small(AHEAD[at]),
            small(DRAW_AHEAD[at]), AFTER)


def play(batch, max_turns: int, seed: int = -1) -> None:
    """Play every round of ``batch`` (a ``RoundBatch(lite=True)`` of the draw family) with
    the kernel and end each round through ``batch.finish``; ``seed`` >= 0: shuffle the
    batch's packs while dealing (else its decks are played as they are)."""
    rules: Rules = batch.rules
    S, V, KV, IMP, AHEAD, DRAW_AHEAD, AFTER = tables(
        rules, bool(np.any(batch.levels == STANDARD)))
    o: StandardOptions = batch.std_opts
    params = np.array([batch.knock_at, o.base, o.slope, o.cap, o.heads_up_base,
                       o.heads_up_slope, o.last_wait, o.denial, o.take_vs_draw, o.two_step],
                      dtype=np.float64)
    pack = np.sort(batch.deck[0]).astype(np.int64)
    B = len(batch.dealer)
    pack_bits = np.uint64(0)
    for c in pack:
        pack_bits |= np.uint64(1) << np.uint64(c)
    ended = np.empty(B, dtype=np.int8)
    stock_how = VOID if rules.stock_out == "void" else STOCK
    parts = -(-B // PART)
    seeds = (np.random.default_rng(seed).integers(2 ** 62, size=parts) if seed >= 0
             else np.full(parts, -1, dtype=np.int64))
    args = (batch.deck, batch.dealer.astype(np.int64), batch.n, batch.levels.astype(np.int64),
            S, V, KV, IMP, AHEAD, DRAW_AHEAD, AFTER, CARD_POINTS.astype(np.int64),
            (np.arange(52) // 13).astype(np.int64), pack, pack_bits, batch.thr2,
            batch.knock_after, batch.fire2, batch.blitz_on, rules.blitz_after_knock, stock_how,
            max_turns, params)
    strength = np.empty((B, batch.n), dtype=np.int64)
    value2 = np.empty((B, batch.n), dtype=np.int64)
    outs = (batch.hands, ended, batch.turns, batch.knocker, batch.knock_turn, strength, value2)

    def part(i: int) -> None:
        play_draw(i * PART, min(B, (i + 1) * PART), *args, int(seeds[i]), *outs)

    if parts == 1 or THREADS == 1:
        for i in range(parts):
            part(i)
    else:
        list(_pool().map(part, range(parts)))
    for how in (FIRE, BLITZ, KNOCK, STOCK, VOID):
        batch.finish(np.flatnonzero(ended == how), how, strength, value2)
    batch.active = np.zeros(0, dtype=np.int64)
