"""How safe a knock is from every seat, simulated with the real turn order (RULES.md 3d).

Seats are counted from the dealer's left: seat 0 moves first, seat ``players - 1`` is the
dealer. A knock on the knocker's turn ``turn`` (1 = its first turn) from seat ``k``:

- every player plays ``turn - 1`` whole circles first (the knocker too), then the players
  in seats before ``k`` play their turn ``turn``; then ``k`` knocks;
- then every other player has one last turn: the seats after ``k``, then those before it.

So the players before the knocker get one more turn than the players after it. Everybody
plays the same *opponent model* (``OPPONENTS``): ``random`` (a uniform legal move),
``weak`` (``policies.weak``: a beginner who picks the card to throw before drawing),
``basic`` or ``standard`` (``policies.basic``, ``policies.standard``, the bots of
``thirtyone.bots``). Nobody knocks early. The knocker's own earlier turns are played by the
same model; its value at the knock is the curve's x, compared with the others' final
hands as the showdown does (``odds.knock.knock_goes_well``). Rounds that end before the
knock (a 31 or three aces shown, or the stock running out) are left out of the count.

Everything runs on whole batches of rounds at once. ``seat_knock_counts`` returns counts
that add up over batches (for plots that sharpen batch by batch); ``iter_seat_knock``
yields the running curve; ``lowest_safe`` reads the lowest value that survives a share of
the time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from ..core.kinds import BotLevel
from ..core.lookup import CARD_BIT, card_bits, flat, hand_lookup, hand_table
from ..core.rules import Rules
from ..game.families import family_class
from ..game.settle import blitz_pays
from ..i18n import _
from ..odds.knock import knock_goes_well, wilson
from ..odds.tables import OddsError, check_hand_rules, lookup, pack_indices
from ..policies.basic import basic_draw_moves, basic_swap_moves
from ..policies.standard import standard_draw_moves, standard_swap_moves
from ..policies.weak import weak_draw_moves, weak_swap_moves

OPPONENTS = (BotLevel.RANDOM, BotLevel.WEAK, BotLevel.BASIC, BotLevel.STANDARD)
NEVER = 1 << 20          # a knock threshold nobody reaches: nobody knocks early
BLITZ2 = 62              # 31 on the value2 scale (half points)


@dataclass(frozen=True)
class SeatKnock:
    """Simulated survival by knocker value for one seat, with 95 % Wilson bands."""

    values: np.ndarray
    survive: np.ndarray
    low: np.ndarray
    high: np.ndarray
    rounds: int            # rounds that reached the knock (the count behind the curve)
    played: int            # rounds dealt so far
    target_rounds: int
    players: int
    seat: int
    turn: int
    opponent: str

    @property
    def done(self) -> float:
        return self.played / self.target_rounds


def max_knock_turn(rules: Rules, players: int) -> int:
    """The latest knock turn whose rounds never run out of stock on the way (every turn
    draws at most one card in the draw family, three new middle cards at most each circle
    in the swap family)."""
    left = rules.pack * rules.packs - 3 * players - (1 if rules.draws else 3)
    per_circle = players if rules.draws else 3
    return max(first_knock_turn(rules), min(6, left // per_circle - 1))


def first_knock_turn(rules: Rules) -> int:
    """The first turn a player may knock on: 1, or 2 where knocking is allowed only from
    the second circle."""
    return 2 if rules.knock_from == "second_circle" else 1


def check_seat_knock(rules: Rules, players: int, seat: int, turn: int, opponent: str) -> None:
    """Raise ``OddsError`` with a one-sentence reason if this curve cannot be simulated."""
    check_hand_rules(rules)
    if not family_class(rules).simulated:     # the draw and swap families
        raise OddsError(_("The simulation plays the draw and swap families only."))
    if rules.hand_value != "suit_sum" or rules.tie_break:
        raise OddsError(_("The simulated curve is drawn for plain suit-sum values only."))
    if opponent not in OPPONENTS:
        raise OddsError(_("The opponents play as one of: {levels}.").format(
            levels=", ".join(OPPONENTS)))
    if not 2 <= players <= min(rules.max_players, rules.pack // 3 - 2):
        raise OddsError(_("There are too few or too many players for these rules."))
    if not 0 <= seat < players:
        raise OddsError(_("The seat must be 1 to {n} (counted from the dealer's left).").format(
            n=players))
    first = first_knock_turn(rules)
    if not first <= turn <= max_knock_turn(rules, players):
        if turn < first:
            raise OddsError(_("Knocking is allowed only from the second circle here, so the "
                              "knock turn must be 2 or more."))
        raise OddsError(_("The knock turn must be {first} to {last}.").format(
            first=first, last=max_knock_turn(rules, players)))


def _uniform(rng: np.random.Generator, legal: np.ndarray) -> np.ndarray:
    """Per row, a uniformly random column among the True entries."""
    pick = (rng.random(len(legal)) * legal.sum(axis=1)).astype(np.int64)
    return (legal.cumsum(axis=1) <= pick[:, None]).sum(axis=1)


class _Rounds:
    """``size`` rounds of ``players`` at once, played turn by turn."""

    def __init__(self, rules: Rules, players: int, opponent: str, size: int,
                 rng: np.random.Generator) -> None:
        self.rules, self.n, self.opp, self.rng = rules, players, opponent, rng
        pack = pack_indices(rules).astype(np.int64)
        self.K = len(pack)
        self.deck = rng.permuted(np.broadcast_to(pack, (size, self.K)), axis=1)
        self.hands = self.deck[:, :3 * players].reshape(size, players, 3).copy()
        self.rows = np.arange(size)
        self.S, self.V = hand_lookup(rules)
        self.known = np.zeros((size, players), dtype=np.uint64)  # taken openly, still held
        self.own = np.zeros(players, dtype=np.int64)
        self.no = np.zeros(size, dtype=bool)
        self.ended = np.zeros(size, dtype=bool)   # a final-turn blitz ended the round
        self.pays = np.zeros(size, dtype=bool)    # ... and the knocker pays for it
        ptr = 3 * players
        if rules.draws:
            self.top = self.deck[:, ptr].copy()
            self.seen = CARD_BIT[self.top]     # every card that lay face up on the pile
            ptr += 1
        else:
            self.mid = self.deck[:, ptr:ptr + 3].copy()
            self.passes = np.zeros(size, dtype=np.int64)
            ptr += 3
        self.ptr = np.full(size, ptr)
        h = self.hands
        self.out = self._shown(h.reshape(-1, 3)).reshape(size, players).any(axis=1)

    def _shown(self, h: np.ndarray) -> np.ndarray:
        """Hands that end the round at once when shown (31 where a blitz counts, three aces
        where they are fire: the only hands worth more than 31)."""
        v = self.V[flat(h[:, 0], h[:, 1], h[:, 2])]
        shown = v > BLITZ2
        if self.rules.blitz_effect != "none":
            shown |= v == BLITZ2
        return shown

    def play(self, p: int, final: bool) -> None:
        before = self.hands[:, p].copy()
        if self.rules.draws:
            self._draw_turn(p, final)
        else:
            self._swap_turn(p, final)
        if not final:
            self.out |= self._shown(self.hands[:, p])
        elif self.rules.blitz_after_knock:
            # a 31 (or three aces) on a final turn ends the round at once: nobody after it
            # moves, and where it makes every other player pay, the knocker pays too
            self.hands[self.ended, p] = before[self.ended]
            shown = self._shown(self.hands[:, p]) & ~self.ended
            self.ended |= shown
            self.pays |= shown & self._pays(self.hands[:, p])
        self.own[p] += 1

    def _pays(self, h: np.ndarray) -> np.ndarray:
        """Shown hands that make every other player pay (fire, or a blitz that does)."""
        v = self.V[flat(h[:, 0], h[:, 1], h[:, 2])]
        return (v > BLITZ2) | blitz_pays(self.rules)

    def _draw_turn(self, p: int, final: bool) -> None:
        r, size, rows = self.rules, len(self.rows), self.rows
        h = self.hands[:, p]
        has_stock = self.ptr < self.K
        drawn = self.deck[rows, np.minimum(self.ptr, self.K - 1)]
        top = self.top
        fin = np.full(size, final)
        if self.opp == "standard":
            move, pos = standard_draw_moves(r, 25.0, self.n, h, top, drawn, self.no, has_stock,
                                            np.full(size, self.own[p]), self.seen,
                                            self.known[:, (p + 1) % self.n], final=fin)
        elif self.opp == "basic":
            move, pos = basic_draw_moves(r, NEVER, h, top, drawn, self.no, has_stock)
        elif self.opp == "weak":
            move, pos = weak_draw_moves(r, NEVER, h, top, drawn, self.no, has_stock)
        else:
            legal = np.stack([has_stock, np.ones(size, bool), self.no, fin], axis=1)
            move = _uniform(self.rng, legal).astype(np.int8)
            ok = np.ones((size, 4), dtype=bool)
            ok[:, 3] = (move == 0) | r.may_discard_taken_card
            pos = _uniform(self.rng, ok)
        take, draw = move == 1, move == 0
        moved = take | draw
        new = np.where(take, top, drawn)
        j = np.minimum(pos, 2)
        discard = np.where(pos < 3, h[rows, j], new)
        keep = _two_kept(h, j)
        change = moved & (pos < 3)
        self.hands[change, p] = np.concatenate([keep, new[:, None]], axis=1)[change]
        self.top = np.where(moved, discard, top)
        self.ptr = self.ptr + draw
        self.seen = self.seen | np.where(moved, CARD_BIT[discard], np.uint64(0))
        k = self.known[:, p]
        k = np.where(take, k | CARD_BIT[top], k)
        self.known[:, p] = np.where(moved, k & ~CARD_BIT[discard], k)
        if not final:
            self.out |= self.ptr >= self.K     # the stock ran out before the knock

    def _swap_turn(self, p: int, final: bool) -> None:
        r, size, rows = self.rules, len(self.rows), self.rows
        h, mid = self.hands[:, p], self.mid
        fin = np.full(size, final)
        if self.opp == "standard":
            seen = card_bits(mid) | np.bitwise_or.reduce(self.known, axis=1)
            move = standard_swap_moves(r, 25.0, self.n, h, mid, self.no, fin,
                                       np.full(size, self.own[p]), seen)
        elif self.opp == "basic":
            move = basic_swap_moves(r, NEVER, h, mid, self.no, fin)
        elif self.opp == "weak":
            move = weak_swap_moves(r, NEVER, h, mid, self.no, fin)
        else:
            legal = np.zeros((size, 12), dtype=bool)
            legal[:, :9] = True
            legal[:, 9] = r.allow_swap_all
            legal[:, 10] = r.allow_pass or final
            move = _uniform(self.rng, legal)
        one = move < 9
        i, j = np.minimum(move // 3, 2), move % 3
        given, got = h[rows, i], mid[rows, j]
        new_h, new_mid = h.copy(), mid.copy()
        new_h[one, i[one]] = got[one]
        new_mid[one, j[one]] = given[one]
        k = self.known[:, p]
        k = np.where(one, (k & ~CARD_BIT[given]) | CARD_BIT[got], k)
        allm = move == 9
        new_h[allm], new_mid[allm] = mid[allm], h[allm]
        self.known[:, p] = np.where(allm, np.uint64(0), k)
        self.hands[:, p], self.mid = new_h, new_mid
        if final:
            return
        # a full circle of passes before the knock renews the middle
        self.passes = np.where(move == 10, self.passes + 1, 0)
        circle = self.passes >= self.n
        if circle.any():
            short = circle & (self.ptr + 3 > self.K)
            self.out |= short
            ok = circle & ~short
            at = np.minimum(self.ptr[:, None] + np.arange(3), self.K - 1)
            self.mid = np.where(ok[:, None], self.deck[rows[:, None], at], self.mid)
            self.ptr = self.ptr + 3 * ok
            self.passes = np.where(ok, 0, self.passes)


def _two_kept(h: np.ndarray, j: np.ndarray) -> np.ndarray:
    """The two cards of ``h`` other than position ``j``, in hand order."""
    first = np.where(j == 0, h[:, 1], h[:, 0])
    second = np.where(j == 2, h[:, 1], h[:, 2])
    return np.stack([first, second], axis=1)


def seat_knock_counts(rules: Rules, players: int, seat: int, turn: int, opponent: str,
                      size: int, rng: np.random.Generator) -> tuple[np.ndarray, int]:
    """One batch of ``size`` rounds with a knock from ``seat`` (0 = the dealer's left) on
    the knocker's turn ``turn``: (knocks that went well per value of ``knock_values``,
    rounds that reached the knock). Counts from several batches add up."""
    check_seat_knock(rules, players, seat, turn, opponent)
    g = _Rounds(rules, players, opponent, size, rng)
    for _i in range(turn - 1):
        for p in range(players):
            g.play(p, final=False)
    for p in range(seat):
        g.play(p, final=False)
    others = list(range(seat + 1, players)) + list(range(seat))
    for p in others:
        g.play(p, final=True)
    h = g.hands[:, others]
    final = lookup(rules).strength[h[..., 0], h[..., 1], h[..., 2]]
    kept = ~g.out
    low, high = final.min(axis=1)[kept, None], final.max(axis=1)[kept, None]
    good = knock_goes_well(knock_values(rules)[None, :], low, high, rules)
    wins = (good & ~g.pays[kept, None]).sum(axis=0)
    return wins.astype(np.int64), int(kept.sum())


def knock_values(rules: Rules) -> np.ndarray:
    """Every hand value of these rules, lowest first (the x of the curves)."""
    return np.unique(hand_table(rules).values)


def seat_knock_runner(rules: Rules, players: int, seat: int, turn: int, opponent: str
                      ) -> Callable[[np.random.Generator, int, int], dict]:
    """A batch runner (``sim.stream``) of this seat's knock: per batch, the knocks that went
    well per value (``wins``) and the rounds that reached the knock (``reached``)."""
    check_seat_knock(rules, players, seat, turn, opponent)

    def run(rng: np.random.Generator, size: int, start: int) -> dict:
        wins, reached = seat_knock_counts(rules, players, seat, turn, opponent, size, rng)
        return {"wins": wins, "reached": reached}
    return run


def seat_knock_curve(rules: Rules, counts: dict, played: int, rounds: int, players: int,
                     seat: int, turn: int, opponent: str) -> SeatKnock:
    """The curve of the running ``counts`` of ``seat_knock_runner`` after ``played`` of
    ``rounds`` rounds (no counts yet: an empty curve of zeros)."""
    values = knock_values(rules)
    wins = np.asarray(counts.get("wins", np.zeros(len(values), dtype=np.int64)))
    counted = int(counts.get("reached", 0))
    lo, hi = wilson(wins, max(counted, 1))
    return SeatKnock(values, wins / max(counted, 1), lo, hi, counted, played, rounds, players,
                     seat, turn, opponent)


def iter_seat_knock(rules: Rules, players: int, seat: int, turn: int, opponent: str,
                    rounds: int, seed: int = 0, batch: int = 4000) -> Iterator[SeatKnock]:
    """The running survival curve of a knock from ``seat`` on turn ``turn``, after each
    batch of rounds (``rounds`` dealt in all)."""
    run = seat_knock_runner(rules, players, seat, turn, opponent)
    rng = np.random.default_rng(seed)
    counts: dict = {}
    played = 0
    while played < rounds:
        size = min(batch, rounds - played)
        for name, value in run(rng, size, played).items():
            counts[name] = counts[name] + value if name in counts else value
        played += size
        yield seat_knock_curve(rules, counts, played, rounds, players, seat, turn, opponent)


def lowest_safe(values: np.ndarray, survive: np.ndarray, share: float) -> float:
    """The lowest value from which every higher value survives at least ``share`` of the
    time (NaN if even the best hand does not)."""
    ok = np.asarray(survive) >= share
    bad = np.flatnonzero(~ok)
    start = 0 if not len(bad) else bad[-1] + 1
    return float(values[start]) if start < len(values) else float("nan")
