"""Issue 27: "It is not your turn" is the engine's own refusal (one layer), for both engines."""

import numpy as np
import pytest

from thirtyone.core import IllegalActionError
from thirtyone.core.rules import get_variant
from thirtyone.game import start_game
from thirtyone.i18n import use_language


@pytest.mark.parametrize("variant", ["scat", "banking", "kitty", "switch", "schwimmen"])
def test_a_move_from_a_seat_not_to_move_is_refused_by_the_engine(variant):
    rules = get_variant(variant).rules
    game = start_game(rules, ["a", "b", "c"], rng=np.random.default_rng(5))
    while game.round_over:
        game = start_game(rules, ["a", "b", "c"], rng=np.random.default_rng(6))
    other = (game.to_move + 1) % 3
    move = game.legal_actions()[0]
    before = game.observation(None)
    with pytest.raises(IllegalActionError, match="not your turn"):
        game.apply(move, seat=other)
    assert game.observation(None) == before        # nothing changed
    with use_language("ru"):
        with pytest.raises(IllegalActionError) as e:
            game.apply(move, seat=other)
        assert "ход" in str(e.value).lower() or "очередь" in str(e.value).lower(), str(e.value)
    game.apply(move, seat=game.to_move)             # the seat to move plays it
