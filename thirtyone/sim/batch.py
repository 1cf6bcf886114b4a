"""Fast batched Monte Carlo: many independent rounds at once with numpy arrays.

The draw family (Scat, Blitz, ...) and the swap family (Schwimmen, Stop the Bus) are played
with every option of ``Rules`` that those families use (except the dealer's two hands), by
the ``random`` and ``basic`` bots of DESIGN.md and the ``standard`` bot of ``policies.standard``,
one level per seat if wanted. Every array has one row per round; one loop step plays one
turn in every round still going, so a round of 12 turns costs 12 numpy steps shared by
thousands of rounds. The table engine (``game.py``) plays the same rounds: from the same
deck, the deterministic bots make the same moves in both (tests/test_sim_decisions.py).

Hands are looked up in a table of every ordered three-card hand (52**3 entries): its
*strength* (orders hands exactly as ``score`` does) and its *value* in half points (for the
knock threshold, 31 and three aces). Who loses at the end of a round is ``game.settle``'s
(``RoundBatch.finish``); the results and their statistics are in ``stats``.

The entry points:

- ``simulate(rules, n, rounds, seed, bots, knock_at)``: the statistics of DESIGN.md;
- ``iter_simulate(...)``: the same, yielded batch by batch (progress bars, live plots);
- ``simulate_rounds(...)``: one row per round (``stats.RoundResults``: how it ended, turns,
  who knocked and on which turn, every seat's final value and lives lost);
- ``simulate_decks(...)``: rounds from given deck orders;
- ``cli.simulate_command(args)`` runs ``thirtyone simulate`` on these (``--engine table``
  plays ``bots.play_round`` one round at a time instead).

>>> from thirtyone.core.rules import get_variant
>>> stats = simulate(get_variant("scat").rules, 4, 2_000, seed=1)
>>> stats.rounds, 0.0 < stats.knock_rate < 1.0
(2000, True)
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from ..core.cards import make_pack
from ..core.kinds import BotLevel, Family
from ..core.lookup import CARD_BIT, card_bits, flat, hand_lookup
from ..core.rules import Rules
from ..game.families import family_class
from ..game.settle import (
    blitz_on_move_counts,
    blitz_pays,
    first_knock_turn,
    lives_lost,
    others_pay,
    stock_out_outcome,
)
from ..game.table import ROUND_TURN_CAP
from ..i18n import _
from ..policies.basic import basic_draw_moves, basic_swap_moves, knock_threshold2
from ..policies.standard import STANDARD, standard_draw_moves, standard_swap_moves
from . import kernel
from .stats import BLITZ, FIRE, KNOCK, STOCK, VOID, RoundResults, SimStats

FAMILIES = tuple(f for f in Family if family_class(f).simulated)   # draw, swap
BOT_LEVELS = (BotLevel.RANDOM, BotLevel.BASIC, BotLevel.STANDARD)   # as the kernel numbers them
# "numpy": the reference path, and the default (the same seed always deals the same rounds,
# and no first call waits 20-60 s for numba to compile); "numba": the compiled kernel
# (``sim.kernel``, an error where it cannot play); "auto": the kernel where numba is installed
# and it plays these rules and bots, else numpy
ENGINES = ("auto", "numpy", "numba")
# A round that goes on this long (e.g. bots that never knock with a reshuffled stock) is void.
MAX_TURNS = ROUND_TURN_CAP     # a round still going after this many turns is void, as at the table
DEFAULT_BATCH = 20_000


class SimulationError(ValueError):
    """Rules, players or bots the fast simulator cannot play; the message says why."""


# --- checks -----------------------------------------------------------------------------

def bot_list(bots: str | Sequence[str], n_players: int) -> tuple[str, ...]:
    levels = [b.strip() for b in bots.split(",")] if isinstance(bots, str) else list(bots)
    levels = [str(b).strip().lower() for b in levels]
    if len(levels) == 1:
        levels = levels * n_players
    if len(levels) != n_players:
        raise SimulationError(_("Give one bot level or one per seat ({n}); got {got}.").format(
            n=n_players, got=len(levels)))
    return tuple(levels)


def parse_bots(bots: str | Sequence[str], n_players: int) -> tuple[str, ...]:
    """Bot level per seat from ``"basic"`` or ``"basic,random,..."`` or a list."""
    levels = bot_list(bots, n_players)
    for b in levels:
        if b not in BOT_LEVELS:
            raise SimulationError(_("The fast simulator plays the bot levels {levels}; '{bot}' "
                                    "is not one of them (the table engine plays every level: "
                                    "--engine table).").format(levels=", ".join(BOT_LEVELS),
                                                               bot=str(b)[:40]))
    return tuple(levels)


def check_supported(rules: Rules, n_players: int) -> None:
    if not family_class(rules).simulated:
        raise SimulationError(_("The fast simulator plays the draw and swap families; this "
                                "variant is the {family} family (use --engine table).").format(
            family=rules.family))
    if rules.dealer_two_hands:
        raise SimulationError(_("The fast simulator does not play 'dealer two hands' "
                                "(use --engine table)."))
    if not rules.min_players <= n_players <= rules.max_players:
        raise SimulationError(_("These rules are for {low} to {high} players, not {n}.").format(
            low=rules.min_players, high=rules.max_players, n=n_players))
    if not isinstance(n_players, int) or n_players < 2:
        raise SimulationError(_("A round needs at least 2 players."))


# --- the batch --------------------------------------------------------------------------

_KEEP = np.array([[1, 2], [0, 2], [0, 1]])


class RoundBatch:
    """The state of many rounds at once; rows index rounds."""

    def __init__(self, rules: Rules, n: int, levels: tuple[str, ...], knock_at: float,
                 rng: np.random.Generator, size: int, first_round: int,
                 decks: np.ndarray | None = None, dealers: np.ndarray | None = None,
                 lite: bool = False) -> None:
        """``lite``: for the compiled kernel only (``run("numba")``); without ``decks`` the
        kernel shuffles each pack as it deals (seeded from ``rng``)."""
        self.rules, self.n, self.rng = rules, n, rng
        self.levels = np.array([BOT_LEVELS.index(b) for b in levels])
        self.single_level = int(self.levels[0]) if len(set(levels)) == 1 else -1
        self.knock_at = float(knock_at)
        self.std_opts = STANDARD
        self.S, self.V = hand_lookup(rules)
        self.thr2 = knock_threshold2(rules, knock_at)
        self.blitz_on = rules.counts_blitz
        self.fire2 = (int(round(rules.fire_points * 2)) if rules.fire_points is not None
                      and rules.hand_value == "suit_sum" else -1)
        self.knock_after = first_knock_turn(rules, n)
        pack = np.array([c.index for c in make_pack(rules.pack)], dtype=np.int32)
        self.K = len(pack)
        B = size
        if decks is None and lite:
            self.deck = pack[None, :]   # the kernel shuffles a copy for each round
        elif decks is None:
            self.deck = np.ascontiguousarray(
                rng.permuted(np.broadcast_to(pack, (B, self.K)), axis=1), dtype=np.int32)
        else:
            self.deck = np.array(decks, dtype=np.int32).reshape(B, self.K)
        if dealers is None:
            self.dealer = (np.arange(first_round, first_round + B) % n).astype(np.int32)
        else:
            self.dealer = np.array(dealers, dtype=np.int32).reshape(B) % n
        self.hands = np.empty((B, n, 3), dtype=np.int32)
        self.mover = ((self.dealer + 1) % n).astype(np.int32)
        self.knocker = np.full(B, -1, dtype=np.int32)
        self.knock_turn = np.full(B, -1, dtype=np.int32)
        self.turns = np.zeros(B, dtype=np.int32)
        self.ended = np.full(B, -1, dtype=np.int8)
        self.lives_lost = np.zeros((B, n), dtype=np.int8)
        self.values = np.zeros((B, n), dtype=np.float64)
        self.active = np.arange(B)
        self.lazy_seed = int(rng.integers(2 ** 62)) if lite and decks is None else -1
        if not lite:   # the compiled kernel deals and keeps the rest of a round's state itself
            self.start_state(B)

    def start_state(self, B: int) -> None:
        """Deal, and the state the numpy steps keep: stock pointer, pile or middle, memory."""
        n, rules = self.n, self.rules
        seats = (self.dealer[:, None] + 1 + np.arange(n)) % n       # (B, n): i-th dealt seat
        rows = np.arange(B)[:, None]
        for k in range(3):
            self.hands[rows, seats, k] = self.deck[:, k * n:(k + 1) * n]
        self.ptr = np.full(B, 3 * n, dtype=np.int32)  # next stock card
        # the standard bot's card memory. Draw family: every card that lay on the discard pile
        # this round (a reshuffle forgets them). Swap family: the cards each seat took from
        # the middle with a single swap and still holds (a swap-all forgets them); the
        # middle itself is in view. As policies.view.View.unseen() works them out.
        self.seen = np.zeros(B, dtype=np.uint64)
        self.known = np.zeros((B, n), dtype=np.uint64)
        self.own_turns = np.zeros((B, n), dtype=np.int32)
        if rules.draws:
            self.pile = np.zeros((B, self.K), dtype=np.int32)
            self.pile[:, 0] = self.deck[:, 3 * n]
            self.pcount = np.ones(B, dtype=np.int32)
            self.ptr += 1
            self.seen |= CARD_BIT[self.pile[:, 0]]
        else:
            self.middle = self.deck[:, 3 * n:3 * n + 3].copy()
            self.ptr += 3
            self.passes = np.zeros(B, dtype=np.int32)
            self.retired = np.zeros((B, self.K), dtype=np.int32)
            self.rcount = np.zeros(B, dtype=np.int32)
        self.final_left = np.zeros(B, dtype=np.int32)
        # flat views of the same memory: one index array instead of two is faster in numpy
        self.hands_flat = self.hands.reshape(-1, 3)
        self.deck_flat = self.deck.reshape(-1)
        if rules.draws:
            self.pile_flat = self.pile.reshape(-1)

    def start_midround(self, hands: np.ndarray, pile: np.ndarray, stock_left: int,
                       known: np.ndarray, own_turns: Sequence[int], turns: int, mover: int,
                       knocker: int | None) -> None:
        """Draw family: set every round of the batch to one position in the middle of a
        round (the expert's play-outs). ``hands`` (B, n, 3) by seat; ``pile`` (B, P) the
        discard pile from the bottom up; the stock is the last ``stock_left`` cards of each
        deck; ``known`` (B, n) the cards each seat is known to hold (masks); ``knocker``
        set: that seat knocked on the turn just played and the others have their final turn.
        """
        P = pile.shape[1]
        self.hands[:] = hands
        self.pile[:] = 0
        self.pile[:, :P] = pile
        self.pcount[:] = P
        self.ptr[:] = self.K - stock_left
        self.seen[:] = card_bits(pile) if P else 0
        self.known[:] = known
        self.own_turns[:] = np.asarray(own_turns, dtype=np.int32)
        self.turns[:] = turns
        self.mover[:] = mover
        if knocker is not None:
            self.knocker[:] = knocker
            self.knock_turn[:] = self.turns
            self.final_left[:] = self.n - 1

    # hand helpers
    def strength(self, h: np.ndarray) -> np.ndarray:
        return self.S[flat(h[..., 0], h[..., 1], h[..., 2])]

    def value2(self, h: np.ndarray) -> np.ndarray:
        return self.V[flat(h[..., 0], h[..., 1], h[..., 2])]

    # --- running ---
    def run(self, engine: str = "numpy") -> RoundResults:
        """Play every round to its end, with numpy (one step per turn over all rounds) or,
        for a fresh batch, with ``engine="numba"`` the compiled kernel (``sim.kernel``)."""
        if engine == "numba":
            kernel.play(self, MAX_TURNS, self.lazy_seed)
        else:
            self.check_deal()
            step = self.step_draw if self.rules.draws else self.step_swap
            while len(self.active):
                step()
        v = self.values if self.rules.hand_value == "brag" else self.values / 2
        return RoundResults(self.ended.copy(), self.turns.copy(), self.knocker.copy(),
                            self.knock_turn.copy(), v, self.lives_lost.copy(), self.dealer)

    def check_deal(self) -> None:
        """A blitz or fire on the deal ends the round before any move."""
        v2 = self.value2(self.hands)                               # (B, n)
        fire = (v2 == self.fire2).any(axis=1) if self.fire2 > 0 else np.zeros(len(v2), bool)
        blitz = (v2 == 62).any(axis=1) & ~fire if self.blitz_on else np.zeros(len(v2), bool)
        if fire.any():
            self.finish(np.flatnonzero(fire), FIRE)
        if blitz.any():
            self.finish(np.flatnonzero(blitz), BLITZ)
        self.active = np.flatnonzero(self.ended < 0)

    def finish(self, rows: np.ndarray, how: int, strength: np.ndarray | None = None,
               value2: np.ndarray | None = None) -> None:
        """End these rounds: record values and who loses what (``strength``, ``value2``
        (B, n): every seat's final hand already looked up, as the kernel keeps them)."""
        if not len(rows):
            return
        n = self.n
        self.ended[rows] = how
        v2 = self.value2(self.hands[rows]) if value2 is None else value2[rows]     # (R, n)
        st = self.strength(self.hands[rows]) if strength is None else strength[rows]
        self.values[rows] = v2
        lost = np.zeros((len(rows), n), dtype=np.int8)
        scoring = self.rules.scoring
        if how == FIRE:
            lost[:] = others_pay(v2 == self.fire2)
        elif how == BLITZ and blitz_pays(self.rules):
            lost[:] = others_pay(v2 == 62)
        elif how == VOID:
            pass
        elif scoring == "points":
            # running total: "lost" is the low place (0 points), the lowest hand alone
            low = st == st.min(axis=1, keepdims=True)
            lost[:] = low & (low.sum(axis=1, keepdims=True) == 1)
        elif scoring == "chips":
            # a pot game: "lost" is every hand that does not take (a share of) the pot
            lost[:] = st != st.max(axis=1, keepdims=True)
        else:
            lost[:] = lives_lost(st, self.knocker[rows], self.rules)
        self.lives_lost[rows] = lost

    def end_turn(self, a: np.ndarray, m: np.ndarray, knocked: np.ndarray,
                 new_v2: np.ndarray) -> np.ndarray:
        """Bookkeeping after one move in rows ``a`` (mover ``m``); returns the rows going on.

        ``knocked`` marks knocks this turn; ``new_v2`` is the mover's new value (half points).
        """
        was_final = self.knocker[a] >= 0
        self.turns[a] += 1
        self.own_turns[a, m] += 1
        self.final_left[a] -= was_final
        kn = a[knocked]
        self.knocker[kn] = m[knocked]
        self.knock_turn[kn] = self.turns[kn]
        self.final_left[kn] = self.n - 1
        gone = np.zeros(len(a), dtype=bool)
        # fire and a blitz end the round at once; on a final turn only with blitz_after_knock
        shown = ~knocked & blitz_on_move_counts(self.rules, was_final)
        fire = (new_v2 == self.fire2) & shown if self.fire2 > 0 else gone.copy()
        if fire.any():
            self.finish(a[fire], FIRE)
            gone |= fire
        if self.blitz_on:
            blitz = (new_v2 == 62) & shown & ~gone
            if blitz.any():
                self.finish(a[blitz], BLITZ)
                gone |= blitz
        showdown = ~gone & (self.knocker[a] >= 0) & (self.final_left[a] == 0) & ~knocked
        if showdown.any():
            self.finish(a[showdown], KNOCK)
            gone |= showdown
        return gone

    def next_turn(self, a: np.ndarray, m: np.ndarray) -> None:
        """Pass the turn on; a round still going after ``MAX_TURNS`` turns is void."""
        self.mover[a] = (m + 1) % self.n
        going = a[self.ended[a] < 0]
        long = going[self.turns[going] >= MAX_TURNS]
        if len(long):
            self.finish(long, VOID)
            going = going[self.ended[going] < 0]
        self.active = going

    def stock_out(self, rows: np.ndarray) -> None:
        """The stock ran out before any knock in these rounds (RULES.md 3d). The swap family
        comes here only when even a reshuffle could not renew the middle."""
        how = stock_out_outcome(self.rules, can_reshuffle=self.rules.draws)
        if how == "reshuffle":
            self.reshuffle(rows)    # rows with fewer than two pile cards are void there
        else:
            self.finish(rows, VOID if how == "void" else STOCK)

    # --- draw family ---
    def step_draw(self) -> None:
        a = self.active
        R = len(a)
        m = self.mover[a]
        K = self.K
        # flat positions (one index array instead of two is much faster in numpy)
        hi = a * self.n + m
        h = self.hands_flat[hi]                                     # (R, 3)
        ptr = self.ptr[a]
        top = self.pile_flat[a * K + self.pcount[a] - 1]
        has_stock = ptr < K
        may_knock = (self.knocker[a] < 0) & (self.turns[a] >= self.knock_after)
        draw_card = self.deck_flat[a * K + np.minimum(ptr, K - 1)]
        # action codes: 0 draw, 1 take, 2 knock, 3 stand; discard position 0..2 or 3 (new card)
        if self.single_level == BOT_LEVELS.index("basic"):
            act, pos = basic_draw_moves(self.rules, self.thr2, h, top, draw_card, may_knock,
                                        has_stock)
            self.apply_draw(a, m, h, act, pos, top, draw_card, hi)
            return
        lv = self.levels[m]
        act = np.zeros(R, dtype=np.int8)
        pos = np.zeros(R, dtype=np.int64)
        basic = lv == BOT_LEVELS.index("basic")
        if basic.any():
            b = np.flatnonzero(basic)
            act[b], pos[b] = basic_draw_moves(self.rules, self.thr2, h[b], top[b],
                                              draw_card[b], may_knock[b], has_stock[b])
        std = lv == BOT_LEVELS.index("standard")
        if std.any():
            b = np.flatnonzero(std)
            ab = a[b]
            nxt = (m[b] + 1) % self.n
            act[b], pos[b] = standard_draw_moves(
                self.rules, self.knock_at, self.n, h[b], top[b], draw_card[b], may_knock[b],
                has_stock[b], self.own_turns[ab, m[b]], self.seen[ab], self.known[ab, nxt],
                self.knocker[ab] >= 0, self.std_opts)
        rnd = lv == BOT_LEVELS.index("random")
        if rnd.any():
            r = np.flatnonzero(rnd)
            act[r], pos[r] = self.random_draw_moves(has_stock[r], may_knock[r],
                                                    self.knocker[a[r]] >= 0)
        self.apply_draw(a, m, h, act, pos, top, draw_card, hi)

    def random_draw_moves(self, has_stock: np.ndarray, may_knock: np.ndarray,
                          final: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The random bot: a uniform choice among the legal moves, then among the legal
        discards (the card just taken only where the rules allow it)."""
        R = len(has_stock)
        legal = np.stack([has_stock, np.ones(R, bool), may_knock, final], axis=1)
        act = _uniform_choice(self.rng, legal).astype(np.int8)
        ok = np.ones((R, 4), dtype=bool)
        ok[:, 3] = (act == 0) | self.rules.may_discard_taken_card
        pos = _uniform_choice(self.rng, ok)
        return act, pos

    def apply_draw(self, a, m, h, act, pos, top, draw_card, hi) -> None:
        take, draw = act == 1, act == 0
        moved = take | draw
        new_card = np.where(take, top, draw_card)
        j = np.minimum(pos, 2)
        keep = np.take_along_axis(h, _KEEP[j], axis=1)
        new_h = np.where((moved & (pos < 3))[:, None],
                         np.concatenate([keep, new_card[:, None]], axis=1), h)
        discard = np.where(pos < 3, h[np.arange(len(a)), j], new_card)
        self.hands_flat[hi] = new_h
        # the pile: a take replaces the top card, a draw puts one more card on it
        self.ptr[a] += draw
        self.pcount[a] -= take
        ma = a[moved]
        self.pile_flat[ma * self.K + self.pcount[ma]] = discard[moved]
        # cards taken openly are known in the taker's hand until thrown away
        known = self.known.reshape(-1)
        known[hi[take]] |= CARD_BIT[top[take]]
        known[hi[moved]] &= ~CARD_BIT[discard[moved]]
        self.pcount[ma] += 1
        self.seen[ma] |= CARD_BIT[discard[moved]]
        gone = self.end_turn(a, m, act == 2, np.where(moved, self.value2(new_h), -1))
        go = a[~gone]
        out = go[(self.ptr[go] >= self.K) & (self.knocker[go] < 0)]
        if len(out):
            self.stock_out(out)
        self.next_turn(a, m)

    def reshuffle(self, rows: np.ndarray) -> None:
        """The discard pile except its top card, shuffled, becomes the new stock."""
        for r in rows:
            c = int(self.pcount[r])
            if c < 2:   # stock_out_outcome(rules, can_reshuffle=False): void
                self.finish(np.array([r]), VOID)
                continue
            new = self.rng.permutation(self.pile[r, :c - 1])
            self.seen[r] &= ~card_bits(new[None, :])[0]  # back among the unseen cards
            self.deck[r, self.K - len(new):] = new
            self.ptr[r] = self.K - len(new)
            self.pile[r, 0] = self.pile[r, c - 1]
            self.pcount[r] = 1

    def reshuffle_retired(self, rows: np.ndarray) -> None:
        """Swap family: the retired middle cards and the middle, shuffled, go under the
        stock (as the table engine does when the middle cannot be renewed)."""
        for r in rows:
            c = int(self.rcount[r])
            if c == 0:
                continue
            new = self.rng.permutation(np.concatenate([self.retired[r, :c], self.middle[r]]))
            stock = self.deck[r, self.ptr[r]:].copy()
            both = np.concatenate([stock, new])
            self.deck[r, self.K - len(both):] = both
            self.ptr[r] = self.K - len(both)
            self.rcount[r] = 0
            self.middle[r] = -1  # the middle went into the stock; renewed next

    # --- swap family ---
    def step_swap(self) -> None:
        a = self.active
        R = len(a)
        m = self.mover[a]
        h = self.hands[a, m]
        mid = self.middle[a]
        final = self.knocker[a] >= 0
        may_knock = ~final & (self.turns[a] >= self.knock_after)
        lv = self.levels[m]
        # move codes: 0..8 single swap (hand i = code // 3, middle j = code % 3),
        # 9 swap all, 10 pass (or stand), 11 knock
        move = np.full(R, 10, dtype=np.int64)
        basic = lv == BOT_LEVELS.index("basic")
        if basic.any():
            b = np.flatnonzero(basic)
            move[b] = basic_swap_moves(self.rules, self.thr2, h[b], mid[b], may_knock[b],
                                       final[b])
        std = lv == BOT_LEVELS.index("standard")
        if std.any():
            b = np.flatnonzero(std)
            ab = a[b]
            seen = card_bits(mid[b]) | np.bitwise_or.reduce(self.known[ab], axis=1)
            move[b] = standard_swap_moves(self.rules, self.knock_at, self.n, h[b], mid[b],
                                          may_knock[b], final[b], self.own_turns[ab, m[b]],
                                          seen, self.std_opts)
        rnd = lv == BOT_LEVELS.index("random")
        if rnd.any():
            r = np.flatnonzero(rnd)
            R2 = len(r)
            legal = np.zeros((R2, 12), dtype=bool)
            legal[:, :9] = True
            legal[:, 9] = self.rules.allow_swap_all
            legal[:, 10] = self.rules.allow_pass | final[r]
            legal[:, 11] = may_knock[r]
            move[r] = _uniform_choice(self.rng, legal)
        self.apply_swap(a, m, h, mid, move)

    def apply_swap(self, a, m, h, mid, move) -> None:
        single = move < 9
        i, j = np.minimum(move // 3, 2), move % 3
        new_h, new_mid = h.copy(), mid.copy()
        s = np.flatnonzero(single)
        new_h[s, i[s]] = mid[s, j[s]]
        new_mid[s, j[s]] = h[s, i[s]]
        al = move == 9
        new_h[al], new_mid[al] = mid[al], h[al]
        self.hands[a, m] = new_h
        self.middle[a] = new_mid
        k = self.known[a, m]
        k[s] = (k[s] & ~CARD_BIT[h[s, i[s]]]) | CARD_BIT[mid[s, j[s]]]
        k[al] = 0
        self.known[a, m] = k
        knocked = move == 11
        passed = move == 10
        self.passes[a] = np.where(passed, self.passes[a] + 1, 0)
        moved = single | al
        gone = self.end_turn(a, m, knocked, np.where(moved, self.value2(new_h), -1))
        # a full circle of passes (before any knock) renews the middle
        circle = ~gone & passed & (self.passes[a] >= self.n) & (self.knocker[a] < 0)
        c = a[circle]
        if len(c):
            if stock_out_outcome(self.rules, can_reshuffle=True) == "reshuffle":
                self.reshuffle_retired(c[self.ptr[c] + 3 > self.K])
            enough = self.ptr[c] + 3 <= self.K
            ok = c[enough]
            if len(ok):
                keep = ok[self.middle[ok, 0] >= 0]  # not if it just went into the stock
                for k in range(3):
                    self.retired[keep, self.rcount[keep]] = self.middle[keep, k]
                    self.rcount[keep] += 1
                p = self.ptr[ok][:, None] + np.arange(3)
                self.middle[ok] = self.deck[ok[:, None], p]
                self.ptr[ok] += 3
                self.passes[ok] = 0
            if (~enough).any():
                self.stock_out(c[~enough])
        self.next_turn(a, m)


# --- the basic bot (DESIGN.md "Bots"), for many positions at once ----------------------

# --- the standard bot (policies.standard docstring), for many positions at once --------------

def _uniform_choice(rng: np.random.Generator, legal: np.ndarray) -> np.ndarray:
    """Per row, a uniformly random column index among the True entries."""
    counts = legal.sum(axis=1)
    pick = (rng.random(len(legal)) * counts).astype(np.int64)
    csum = legal.cumsum(axis=1)
    return (csum <= pick[:, None]).sum(axis=1)


# --- public API -------------------------------------------------------------------------

def pick_engine(engine: str, rules: Rules, levels: Sequence[str]) -> str:
    """The engine that plays: ``numpy`` or ``numba`` (see ``ENGINES``)."""
    if engine not in ENGINES:
        raise SimulationError(_("The engine is one of {engines}, not '{engine}'.").format(
            engines=", ".join(ENGINES), engine=str(engine)[:40]))
    ok = kernel.supports(rules, np.array([BOT_LEVELS.index(b) for b in levels]))
    if engine == "numba" and not ok:
        raise SimulationError(_("The compiled kernel plays the draw family with basic and "
                                "standard bots where numba is installed; use the numpy "
                                "engine."))
    return "numba" if engine == "numba" or (engine == "auto" and ok) else "numpy"


def simulate_rounds(rules: Rules, n_players: int, rounds: int, seed: int | None = 0,
                    bots: str | Sequence[str] = "basic", knock_at: float = 25.0,
                    first_round: int = 0, rng: np.random.Generator | None = None,
                    engine: str = "numpy") -> RoundResults:
    """Play ``rounds`` independent rounds at once and return one row of results per round.

    The dealer of round r is seat ``(first_round + r) % n_players``. ``engine`` (``ENGINES``)
    picks numpy or the compiled kernel; the kernel also shuffles the decks itself (seeded
    from ``rng``), so the two engines deal different rounds from the same seed.
    """
    check_supported(rules, n_players)
    levels = parse_bots(bots, n_players)
    rng = rng if rng is not None else np.random.default_rng(seed)
    how = pick_engine(engine, rules, levels)
    return RoundBatch(rules, n_players, levels, knock_at, rng, rounds, first_round,
                      lite=how == "numba").run(how)


def simulate_decks(rules: Rules, n_players: int, decks: Sequence[Sequence[Any]],
                   dealers: Sequence[int] | int = 0, bots: str | Sequence[str] = "basic",
                   knock_at: float = 25.0, seed: int | None = 0, engine: str = "numpy"
                   ) -> RoundResults:
    """Play rounds from given deck orders (each a whole pack, top card first, as cards or
    card indices), e.g. the same deals the table engine played. ``seed`` drives only the
    random bot and reshuffles; ``engine`` as in ``simulate_rounds``."""
    check_supported(rules, n_players)
    levels = parse_bots(bots, n_players)
    how = pick_engine(engine, rules, levels)
    rows = [[c if isinstance(c, (int, np.integer)) else c.index for c in d] for d in decks]
    pack = sorted(c.index for c in make_pack(rules.pack))
    for d in rows:
        if sorted(d) != pack:
            raise SimulationError(_("Each deck must hold the {n}-card pack once.").format(
                n=len(pack)))
    seats = np.broadcast_to(np.asarray(dealers), (len(rows),))
    return RoundBatch(rules, n_players, levels, knock_at, np.random.default_rng(seed), len(rows),
                      0, np.array(rows), seats, lite=how == "numba").run(how)


def iter_simulate(rules: Rules, n_players: int, rounds: int, seed: int | None = 0,
                  bots: str | Sequence[str] = "basic", knock_at: float = 25.0,
                  batch: int = DEFAULT_BATCH, keep_rounds: bool = False,
                  engine: str = "numpy") -> Iterator[SimStats]:
    """Simulate in batches, yielding the cumulative statistics after each batch (for a
    progress bar and a plot that sharpens); each is a snapshot of its own. With ``keep_rounds`` the last ``SimStats`` has
    ``extra["rounds"]``, the per-round ``RoundResults`` of everything played."""
    check_supported(rules, n_players)
    parse_bots(bots, n_players)
    if rounds < 1:
        raise SimulationError(_("Simulate at least one round."))
    rng = np.random.default_rng(seed)
    stats = SimStats(target=rounds)
    parts: list[RoundResults] = []
    t0 = time.perf_counter()
    played = 0
    while played < rounds:
        size = min(batch, rounds - played)
        res = simulate_rounds(rules, n_players, size, bots=bots, knock_at=knock_at,
                              first_round=played, rng=rng, engine=engine)
        played += size
        stats.add(res)
        stats.seconds = time.perf_counter() - t0
        if keep_rounds:
            parts.append(res)
            if played >= rounds:
                stats.extra["rounds"] = RoundResults.concat(parts)
        yield dataclasses.replace(stats, extra=dict(stats.extra))


def simulate(rules: Rules, n_players: int, rounds: int, seed: int | None = 0,
             bots: str | Sequence[str] = "basic", knock_at: float = 25.0,
             batch: int = DEFAULT_BATCH, engine: str = "numpy") -> SimStats:
    """All rounds at once; the final ``SimStats``; ``engine`` as in ``simulate_rounds``."""
    stats = SimStats(target=rounds)
    for partial in iter_simulate(rules, n_players, rounds, seed, bots, knock_at, batch,
                                 engine=engine):
        stats = partial
    return stats


