"""A finished Banking save from another install loads (issue 25, item 12): it was refused
with "At least two players need chips to play", because the seal could not be opened there
and the fallback tried to deal a new round to the one player left with chips."""

from __future__ import annotations

import json

import numpy as np
import pytest
from cryptography.fernet import Fernet

from thirtyone.core.rules import VARIANTS
from thirtyone.game.banking import BankingGame
from thirtyone.game.saves import load_any, open_save, player_save

KEY, OTHER_KEY = Fernet.generate_key(), Fernet.generate_key()


def finished(max_rounds: int | None, seed: int) -> BankingGame:
    """A Banking game played by random moves until it is over."""
    rng = np.random.default_rng(seed)
    g = BankingGame(VARIANTS["banking"].rules, ["You", "Ann", "Bo"], seed=seed,
                    max_rounds=max_rounds)
    for _ in range(20000):
        if g.game_over:
            return g
        if g.round_over:
            g.next_round()
            continue
        legal = g.legal_actions()
        g.apply(legal[int(rng.integers(len(legal)))])
    pytest.skip("the game did not end")


@pytest.mark.parametrize(("max_rounds", "seed"), [(None, 1), (None, 2), (3, 3), (1, 4)])
def test_a_finished_banking_save_loads_on_another_install(max_rounds, seed):
    g = finished(max_rounds, seed)
    text = player_save(g, KEY)
    for key in (OTHER_KEY, None):
        back, notice = load_any(json.loads(text), key)
        assert isinstance(back, BankingGame) and back.game_over and back.round_over
        assert notice is None       # nothing was dealt afresh: the game is over
        assert list(back.chips) == list(g.chips) and back.winner == g.winner
        assert back.players == g.players and back.round_no == g.round_no
        assert back.to_move is None and back.legal_actions() == []
        obs = back.observation(0)   # the Play page draws it
        assert obs.game_over and tuple(obs.chips) == tuple(g.chips)
    same, notice = open_save(json.loads(text), KEY)
    assert notice is None and same.chips == g.chips
