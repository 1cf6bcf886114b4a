"""Plain reference loops for the simulator benchmark (issue 16): 4-player Scat played one
round at a time by short, plain Python code: lists, dicts and ``random``, no numpy, not the
table engine. They are written from the bots' documentation (DESIGN.md "Bots",
``policies.basic`` and ``policies.standard`` docstrings) and the rules of Scat (RULES.md),
kept simple on purpose: they are the yardstick the batched simulator is timed against
(``python -m thirtyone.bench``, ``thirtyone.bench.plain``), and tests/test_bench_reference.py
checks that they play the same game as the table engine (knock rate, mean turns, who loses,
within 4 standard errors).

Scat here: a 52-card pack, a hand is worth the best sum of points in one suit (ace 11,
picture cards 10), 31 is a blitz (on the deal or made by a move before any knock it ends the
round and everyone else loses a life), a knock gives every other player one last turn, the
lowest hand loses a life (a knocker alone on the lowest loses two, a knocker tied for the
lowest none), and a stock that runs out before any knock voids the round.

A card is a number 0..51: suit ``c // 13``, rank ``c % 13`` (0 is a two, 12 an ace).

This file stands outside the package on purpose, in a checkout's tools/ (the wheel does not
carry it), and imports nothing from ``thirtyone``: a yardstick that shares no code with what
it measures. ``thirtyone.bench.plain`` loads it by its path; from an installed package,
without a checkout, that comparison is skipped with a one-line note.

>>> r = play_basic_round(random.Random(1), dealer=0)
>>> r.ended in ("knock", "blitz", "void"), len(r.lives_lost)
(True, 4)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

PLAYERS = 4
KNOCK_AT = 25
POINTS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11]   # two .. ace
MAX_TURNS = 400


def points(card: int) -> int:
    return POINTS[card % 13]


def value(hand) -> int:
    """The best sum of points in one suit of a three-card hand."""
    totals = [0, 0, 0, 0]
    for c in hand:
        totals[c // 13] += POINTS[c % 13]
    return max(totals)


@dataclass
class PlainRound:
    """One round: how it ended (``knock``, ``blitz``, ``void``), the turns played, the
    knocker's seat (or None) and the lives each seat lost."""

    ended: str
    turns: int
    knocker: int | None
    lives_lost: list[int]


def deal(rng: random.Random, dealer: int, n: int = PLAYERS):
    """Shuffle a pack; three cards each, one at a time from the dealer's left; the next
    card turned up starts the discard pile; the rest is the stock (top first)."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands: list[list[int]] = [[] for _ in range(n)]
    for k in range(3 * n):
        hands[(dealer + 1 + k) % n].append(deck[k])
    return hands, [deck[3 * n]], deck[3 * n + 1:]


def showdown(hands, knocker: int | None) -> list[int]:
    """The lowest hand loses a life; a knocker alone on the lowest loses two, a knocker
    tied for the lowest none."""
    vals = [value(h) for h in hands]
    low = min(vals)
    lost = [1 if v == low else 0 for v in vals]
    if knocker is not None and lost[knocker]:
        lost[knocker] = 2 if sum(lost) == 1 else 0
    return lost


def blitz(hands) -> list[int]:
    """Somebody shows 31: everyone without 31 loses a life."""
    return [0 if value(h) == 31 else 1 for h in hands]


def play_round(rng: random.Random, dealer: int, turn, n: int = PLAYERS) -> PlainRound:
    """One round; ``turn(state, seat)`` plays one move and returns ``"knock"`` or the
    player's new hand value (``None`` after a stand)."""
    hands, pile, stock = deal(rng, dealer, n)
    if any(value(h) == 31 for h in hands):
        return PlainRound("blitz", 0, None, blitz(hands))
    state = {"hands": hands, "pile": pile, "stock": stock, "seen": set(pile),
             "known": [set() for _ in range(n)], "own_turns": [0] * n,
             "knocker": None, "n": n}
    seat = (dealer + 1) % n
    turns = 0
    final_left = 0
    while turns < MAX_TURNS:
        final = state["knocker"] is not None
        got = turn(state, seat)
        turns += 1
        state["own_turns"][seat] += 1
        if final:
            final_left -= 1
        if got == "knock":
            state["knocker"] = seat
            final_left = n - 1
        elif got == 31 and not final:
            return PlainRound("blitz", turns, None, blitz(hands))
        elif final and final_left == 0:
            return PlainRound("knock", turns, state["knocker"], showdown(hands, state["knocker"]))
        if state["knocker"] is None and not stock:
            return PlainRound("void", turns, None, [0] * n)
        seat = (seat + 1) % n
    return PlainRound("void", turns, None, [0] * n)


def move(state, seat: int, take: bool, out: int) -> int:
    """Take the top discard or draw, then throw hand position ``out`` (3: the new card)."""
    hand = state["hands"][seat]
    new = state["pile"].pop() if take else state["stock"].pop(0)
    if take:
        state["known"][seat].add(new)
    cards = hand + [new]
    thrown = cards.pop(out)
    hand[:] = cards
    state["pile"].append(thrown)
    state["seen"].add(thrown)
    state["known"][seat].discard(thrown)
    return value(hand)


# --- basic ----------------------------------------------------------------------------------

def basic_discard(cards, never: int | None = None) -> int:
    """Position of the card whose removal leaves the highest value; ties: fewest points,
    then the card that came last; position ``never`` is not thrown."""
    best, choice = None, len(cards) - 1
    for i, c in enumerate(cards):
        if i == never:
            continue
        key = (value(cards[:i] + cards[i + 1:]), -points(c), i)
        if best is None or key > best:
            best, choice = key, i
    return choice


def basic_turn(state, seat: int):
    hand = state["hands"][seat]
    now = value(hand)
    if state["knocker"] is None and now >= KNOCK_AT:
        return "knock"
    top = state["pile"][-1]
    if max(value(hand[:i] + hand[i + 1:] + [top]) for i in range(3)) > now:
        return move(state, seat, True, basic_discard(hand + [top], never=3))
    if not state["stock"]:
        return None                                   # a final turn with no stock: stand
    return move(state, seat, False, basic_discard(hand + [state["stock"][0]]))


def play_basic_round(rng: random.Random, dealer: int) -> PlainRound:
    return play_round(rng, dealer, basic_turn)


# --- standard -------------------------------------------------------------------------------

_AHEAD: dict[tuple[int, ...], int] = {}
_DRAW_AHEAD: dict[tuple[int, ...], int] = {}


def best_after(hand, c: int) -> int:
    """The value of the best three of ``hand`` and card ``c``."""
    return max(value(hand), *(value(hand[:i] + hand[i + 1:] + [c]) for i in range(3)))


def ahead(hand) -> int:
    """Sum over the pack's other cards of the best three after adding it (one blind draw)."""
    key = tuple(sorted(hand))
    if key not in _AHEAD:
        _AHEAD[key] = sum(best_after(list(key), c) for c in range(52) if c not in key)
    return _AHEAD[key]


def draw_ahead(hand) -> int:
    """Sum over the pack's other cards of the best ``ahead`` kept after adding it."""
    key = tuple(sorted(hand))
    if key not in _DRAW_AHEAD:
        total = 0
        for c in range(52):
            if c in key:
                continue
            four = list(key) + [c]
            total += max(ahead(four[:i] + four[i + 1:]) for i in range(4))
        _DRAW_AHEAD[key] = total
    return _DRAW_AHEAD[key]


_IMPROVERS: dict[tuple[int, ...], frozenset[int]] = {}


def outs(hand, seen, cards) -> int:
    """How many unseen cards (not in ``seen``, not in ``cards``) would improve ``hand``."""
    key = tuple(sorted(hand))
    if key not in _IMPROVERS:
        now = value(key)
        _IMPROVERS[key] = frozenset(c for c in range(52) if c not in key
                                    and best_after(list(key), c) > now)
    return sum(1 for c in _IMPROVERS[key] if c not in seen and c not in cards)


def standard_discard(state, seat: int, cards, never: int | None) -> int:
    final = state["knocker"] is not None
    nxt = (seat + 1) % state["n"]
    wanted = set() if final else {c // 13 for c in state["known"][nxt]}
    best, choice = None, len(cards) - 1
    for i, c in enumerate(cards):
        if i == never:
            continue
        kept = cards[:i] + cards[i + 1:]
        key = (0 if final else ahead(kept), value(kept), c // 13 not in wanted,
               outs(kept, state["seen"], cards), -points(c), i)
        if best is None or key > best:
            best, choice = key, i
    return choice


def standard_turn(state, seat: int):
    n, r = state["n"], state["own_turns"][seat]
    hand = state["hands"][seat]
    now = value(hand)
    final = state["knocker"] is not None
    bar = min(KNOCK_AT - 5 + r, KNOCK_AT + 2) if n > 2 else KNOCK_AT + 1 + 2 * r
    if not final and (now >= bar or r >= 12):
        return "knock"
    top = state["pile"][-1]
    with_top = [hand[:i] + hand[i + 1:] + [top] for i in range(3)]
    take = max(value(h) for h in with_top) > now
    if take and not final:
        take = max(ahead(h) for h in with_top) * 49 >= draw_ahead(hand)
    elif take:
        unseen = [c for c in range(52) if c not in state["seen"] and c not in hand]
        take = (not unseen or max(value(h) for h in with_top) * len(unseen)
                >= sum(best_after(hand, c) for c in unseen))
    if take:
        return move(state, seat, True, standard_discard(state, seat, hand + [top], never=3))
    if not state["stock"]:
        return None
    return move(state, seat, False,
                standard_discard(state, seat, hand + [state["stock"][0]], None))


def play_standard_round(rng: random.Random, dealer: int) -> PlainRound:
    return play_round(rng, dealer, standard_turn)


PLAIN_LOOPS = {"basic": play_basic_round, "standard": play_standard_round}


def play_rounds(bots: str, rounds: int, seed: int = 0, first: int = 0) -> list[PlainRound]:
    """``rounds`` rounds, dealer rotating from round ``first``, one at a time."""
    play = PLAIN_LOOPS[bots]
    rng = random.Random(seed)
    return [play(rng, (first + i) % PLAYERS) for i in range(rounds)]
