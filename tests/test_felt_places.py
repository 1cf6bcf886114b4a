"""The felt keeps a place only for the kinds of card moves a family says it makes
(``card_moves``): a move of another kind would have no place to stand in (``Slots.put``
refuses it). Random games of every table preset offer only the kinds their family names, and
the kinds it names all come up."""

from __future__ import annotations

import numpy as np
import pytest

from thirtyone.core import VARIANTS, Discard, Exchange, Swap
from thirtyone.game import family_class, is_table_family, new_game
from thirtyone.ui.widgets.felt import FELT_PLACES, MOVE_PLACES
from thirtyone.ui.widgets.moves import move_places

KINDS = {Discard: "discard", Swap: "swap", Exchange: "exchange"}
TABLE_PRESETS = sorted(k for k, v in VARIANTS.items() if is_table_family(v.rules))


def kinds_offered(key: str, games: int = 12, seed: int = 5) -> set[str]:
    rules = VARIANTS[key].rules
    rng = np.random.default_rng(seed)
    seen: set[str] = set()
    for _ in range(games):
        g = new_game(rules, ["A", "B", "C", "D"], rng=rng)
        for _turn in range(200):
            if g.round_over:
                break
            legal = g.legal_actions()
            seen |= {KINDS[type(a)] for a in legal if type(a) in KINDS}
            g.apply(legal[int(rng.integers(len(legal)))])
    return seen


@pytest.mark.parametrize("key", TABLE_PRESETS)
def test_every_card_move_a_game_offers_has_its_place_on_the_felt(key):
    named = set(family_class(VARIANTS[key].rules).card_moves)
    offered = kinds_offered(key)
    assert offered <= named, f"{key} offers {offered - named} moves the felt keeps no place for"


def test_each_kind_a_family_names_comes_up_in_some_preset():
    named = {k for key in TABLE_PRESETS
             for k in family_class(VARIANTS[key].rules).card_moves}
    offered = set().union(*(kinds_offered(key, games=4) for key in TABLE_PRESETS))
    assert named == offered == {"discard", "swap", "exchange"}


def test_a_draw_game_keeps_no_place_for_swaps_or_the_widow():
    places = move_places(VARIANTS["scat"].rules)
    assert places == {"discards", "simple"}
    assert set(MOVE_PLACES) <= set(FELT_PLACES)
