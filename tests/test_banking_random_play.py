"""Random play of whole Banking Thirty-One games, checking the invariants at every step.

2,000 games with 2 to 7 players, one to three packs (at least two above five players), random
options and a mix of `random` and `basic` bots, each played to the end.
"""

from __future__ import annotations

import json
from collections import Counter

import numpy as np
import pytest
from tiers import long_except

from thirtyone import IllegalActionError
from thirtyone.core.actions import Draw, Hit, Knock, Stay
from thirtyone.core.cards import make_pack
from thirtyone.core.rules import get_variant
from thirtyone.game.banking import BankingGame, min_packs
from thirtyone.game.banking_records import banking_from_record, banking_to_record
from thirtyone.policies.banking import BANKING_BOTS

GAMES = 2000
MAX_ROUNDS_BOUND = 3000          # no game may run longer than this
BANKING = get_variant("banking").rules


def random_game(rng: np.random.Generator, index: int) -> tuple[BankingGame, list]:
    n = int(rng.integers(2, 8))
    rules = BANKING.replace(
        packs=int(rng.integers(max(2, min_packs(n)) if n > 5 else 1, 4)),
        pack=52 if rng.random() < 0.8 else 32,
        chips=int(rng.integers(1, 7)),
        natural_pays=int(rng.integers(1, 6)), bust_pays=int(rng.integers(1, 6)),
        win_pays=int(rng.integers(1, 6)), one_banker=bool(rng.integers(2)),
        anticlockwise=bool(rng.integers(2)))
    max_rounds = int(rng.integers(1, 40)) if rng.random() < 0.25 else None
    game = BankingGame(rules, n, banker=int(rng.integers(n)), seed=index,
                       max_rounds=max_rounds)
    bots = [BANKING_BOTS["basic" if rng.random() < 0.5 else "random"] for _ in range(n)]
    return game, bots


def check_cards(g: BankingGame, whole: Counter) -> None:
    """Each card is in exactly one place (pack, a hand or the used heap), once per pack."""
    assert Counter(g.all_cards()) == whole


def snapshot(g: BankingGame) -> dict:
    """A copy of the whole state; cards and events are frozen, so copying lists is enough."""
    return {k: ([list(x) for x in v] if k == "hands" else list(v) if isinstance(v, list) else v)
            for k, v in vars(g).items()}


def check_observations(g: BankingGame) -> None:
    for seat in range(g.n):
        obs = g.observation(seat)
        assert obs.hand == tuple(g.hands[seat])
        assert obs.hand_counts == tuple(len(h) for h in g.hands)
        public = set(obs.hand)
        for s in range(g.n):
            open_hand = bool(g.hands[s]) and (g.round_over or g.status[s] in ("natural", "bust"))
            if s == seat:
                assert obs.hands[s] == (tuple(g.hands[s]) if g.hands[s] else None)
            elif open_hand:
                assert obs.hands[s] == tuple(g.hands[s])
                public |= set(g.hands[s])
            else:
                assert obs.hands[s] is None
        assert all(e.private_to in (None, seat) for e in obs.log)
        log = " ".join(e.text for e in obs.log)
        for s in range(g.n):
            if s != seat and obs.hands[s] is None:
                for c in set(g.hands[s]) - public:
                    assert c.display not in log and str(c) not in log
        if g.to_move != seat:
            assert obs.legal_actions == ()


def play(g: BankingGame, bots: list, rng: np.random.Generator, save_at: int | None) -> dict:
    total = sum(g.chips)
    whole = Counter(list(make_pack(g.rules.pack)) * g.rules.packs)
    rounds = 1
    saved = False
    while True:
        assert sum(g.chips) == total and min(g.chips) >= 0
        check_cards(g, whole)
        check_observations(g)
        for s in range(g.n):
            if g.status[s] == "out":
                assert g.hands[s] == []
        if g.game_over:
            assert g.legal_actions() == []
            alive = [s for s in range(g.n) if g.chips[s] > 0]
            if len(alive) == 1:
                assert g.winner == alive[0]
            else:
                assert g.max_rounds is not None and g.round_no == g.max_rounds
            break
        if save_at is not None and not saved and g.round_no >= save_at:
            saved = True
            record = json.loads(json.dumps(banking_to_record(g)))
            assert vars(banking_from_record(record)) == vars(g)
        if g.round_over:
            assert g.legal_actions() == [] and g.to_move is None
            g.next_round()
            rounds += 1
            assert rounds <= MAX_ROUNDS_BOUND
            continue
        legal = g.legal_actions()
        assert legal and set(legal) <= {Hit(), Stay()}
        assert g.chips[g.to_move] >= 0 and g.status[g.to_move] in ("waiting", "banker")
        # an illegal move raises and changes nothing (a full comparison now and then)
        bad = Knock() if rng.random() < 0.5 else Draw()
        before = snapshot(g) if rng.random() < 0.2 else None
        with pytest.raises(IllegalActionError):
            g.apply(bad)
        if before is not None:
            assert vars(g) == before
        move = bots[g.to_move](g.observation(g.to_move), rng)
        assert move in legal
        g.apply(move)
    return {"rounds": rounds, "talias": g.talia}


# The 2,000 games in PARTS tests of their own (games 0-249, 250-499...), so that pytest-xdist
# can run them side by side; each part still sees every table size and a change of bank.
PARTS = 8


@pytest.mark.parametrize("part", long_except(range(PARTS), 0))   # the other parts: --long
def test_two_thousand_random_games_keep_every_invariant(part):
    rng = np.random.default_rng([2026, part])
    longest = 0
    players_seen = Counter()
    talias = 0
    for i in range(GAMES * part // PARTS, GAMES * (part + 1) // PARTS):
        g, bots = random_game(rng, i)
        players_seen[g.n] += 1
        save_at = int(rng.integers(1, 6)) if i % 20 == 0 else None
        result = play(g, bots, rng, save_at)
        longest = max(longest, result["rounds"])
        talias += result["talias"]
    assert set(players_seen) == set(range(2, 8))
    assert talias > 0          # the bank did change hands on used-up packs
    assert longest < MAX_ROUNDS_BOUND
