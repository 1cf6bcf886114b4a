"""Starting hands: what the deal gives you and the table (exact, RULES.md section 2).

For one player these are counts over every three-card hand. For "at least one of n players"
the hands are dealt from one pack, so they never share a card; we count, exactly, the ways
k players can all hold a special hand at once (disjoint special hands) and combine the counts
by inclusion-exclusion:

    P(at least one of n) = sum over k of (-1)^(k+1) C(n, k) P(players 1..k all special)
    P(players 1..k all special) = (ordered k-tuples of disjoint special hands)
                                  / (ordered k-tuples of disjoint hands)

>>> from thirtyone.core.rules import get_variant
>>> round(p_at_least_one(get_variant("eenendertigen").rules, "blitz", 1) * 620, 9)
3.0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb, perm

import numpy as np

from ..core.lookup import CARD_RANKS, all_hands, brag_codes, suit_sum_values
from ..core.rules import Rules
from ..core.scoring import BRAG_CLASSES
from ..i18n import N_, _

# Events a learner asks about; brag classes are added by name. The descriptions stay in
# English here (the results are cached for every language); ``plots.odds.event_words``
# translates them where they are shown.
EVENTS = {
    "blitz": N_("31 in one suit (a blitz)"),
    "fire": N_("three aces (fire)"),
    "three of a kind": N_("three of a kind (any rank)"),
}


def event_mask(rules: Rules, event: str) -> np.ndarray:
    """Which dealt hands (rows of ``hand_table(rules).hands``) are the event. The events
    depend only on the pack, not on the other rules."""
    masks = _event_masks(rules.pack)
    if event not in masks:
        raise ValueError(_("Unknown event '{event}'; events are: {events}.").format(
            event=event, events=", ".join(masks)))
    return masks[event]


@lru_cache(maxsize=2)
def _event_masks(pack: int) -> dict[str, np.ndarray]:
    hands = all_hands(pack)
    ranks = CARD_RANKS[hands]
    trips = (ranks[:, 0] == ranks[:, 1]) & (ranks[:, 1] == ranks[:, 2])
    # A blitz: an ace and two ten-point cards of one suit, a plain suit sum of exactly 31.
    masks = {"blitz": suit_sum_values(hands, Rules(pack=pack)) == 31.0,
             "fire": trips & (ranks[:, 0] == 14),
             "three of a kind": trips}
    classes = brag_codes(hands)[0]
    for i, name in enumerate(BRAG_CLASSES):
        masks[name] = classes == i
    for m in masks.values():
        m.setflags(write=False)
    return masks


def _components(hands: np.ndarray) -> list[list[int]]:
    """Groups of hands linked by shared cards (union-find)."""
    parent = list(range(len(hands)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first_with_card: dict[int, int] = {}
    for i, h in enumerate(hands):
        for c in h:
            j = first_with_card.setdefault(int(c), i)
            parent[find(i)] = find(j)
    groups: dict[int, list[int]] = {}
    for i in range(len(hands)):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


_MAX_COMPONENT = 40


def disjoint_family_counts(hands: np.ndarray, kmax: int) -> list[int] | None:
    """``F[k]``: the number of sets of k pairwise disjoint hands among ``hands``, k=0..kmax.

    Hands linked by shared cards form components; disjoint sets are counted inside each
    component by enumeration and the components multiplied as polynomials. Returns None when
    a component is too large to enumerate (e.g. every run in brag).
    """
    if len(hands) and np.bincount(np.asarray(hands).ravel()).max() > _MAX_COMPONENT:
        return None  # the hands through one card are already one component too large
    total = [1] + [0] * kmax
    masks = [sum(1 << int(c) for c in h) for h in hands]
    for comp in _components(hands):
        if len(comp) > _MAX_COMPONENT:
            return None
        local = [0] * (kmax + 1)
        cm = [masks[i] for i in comp]

        def walk(start: int, used: int, k: int, cm: list[int] = cm,
                 local: list[int] = local) -> None:
            local[k] += 1
            if k == kmax:
                return
            for j in range(start, len(cm)):
                if not cm[j] & used:
                    walk(j + 1, used | cm[j], k + 1)

        walk(0, 0, 0)
        total = [sum(total[i] * local[k - i] for i in range(k + 1)) for k in range(kmax + 1)]
    return total


def _family_counts(rules: Rules, event: str, kmax: int) -> tuple[int, ...] | None:
    return _family_counts_pack(rules.pack, event, kmax)


@lru_cache(maxsize=256)
def _family_counts_pack(pack: int, event: str, kmax: int) -> tuple[int, ...] | None:
    hands = all_hands(pack)
    counts = disjoint_family_counts(hands[_event_masks(pack)[event]], kmax)
    return None if counts is None else tuple(counts)


def p_all_special(rules: Rules, event: str, k: int) -> float | None:
    """The chance that k given players (dealt from one pack) all hold the event."""
    counts = _family_counts(rules, event, k)
    if counts is None:
        return None
    n_cards = rules.pack
    ordered_special = counts[k] * perm(k)            # sets times orderings
    ordered_all: int = perm(n_cards, 3 * k) // 6 ** k   # ordered tuples of disjoint hands
    return ordered_special / ordered_all


def p_at_least_one(rules: Rules, event: str, n_players: int) -> float | None:
    """The exact chance that at least one of ``n_players`` is dealt the event."""
    if 3 * n_players > rules.pack:
        raise ValueError(_("A {pack}-card pack cannot deal {n} hands.").format(
            pack=rules.pack, n=n_players))
    counts = _family_counts(rules, event, n_players)
    if counts is None:
        return None
    n_cards = rules.pack
    total = 0.0
    for k in range(1, n_players + 1):
        p_k = counts[k] * perm(k) / (perm(n_cards, 3 * k) // 6 ** k)
        total += (-1) ** (k + 1) * comb(n_players, k) * p_k
    return total


@dataclass(frozen=True)
class EventOdds:
    event: str
    description: str
    hands: int            # how many dealt hands are the event
    p_one: float          # one player
    p_any: float | None   # at least one of n players (None: not computed exactly)


def starting_hand_odds(rules: Rules, n_players: int) -> tuple[EventOdds, ...]:
    """Blitz, fire, three of a kind and (for every rules) the brag classes, for one player
    and for at least one of ``n_players``. Depends only on the pack."""
    return _starting_hand_odds(rules.pack, int(n_players))


@lru_cache(maxsize=64)
def _starting_hand_odds(pack: int, n_players: int) -> tuple[EventOdds, ...]:
    rules = Rules(pack=pack)
    n = len(all_hands(pack))
    rows = []
    names = [*EVENTS, *reversed(BRAG_CLASSES)]
    for ev in names:
        if ev == "prial":  # the same hands as three of a kind
            continue
        m = int(np.count_nonzero(event_mask(rules, ev)))
        desc = EVENTS.get(ev, f"brag: {ev}")
        rows.append(EventOdds(ev, desc, m, m / n, p_at_least_one(rules, ev, n_players)))
    return tuple(rows)


def clear_caches() -> None:
    """Empty this module's caches (benchmarks time the cold computation)."""
    for f in (_event_masks, _family_counts_pack, _starting_hand_odds):
        f.cache_clear()
