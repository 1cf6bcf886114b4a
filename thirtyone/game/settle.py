"""How a round may end and who loses then (RULES.md 3c-3e), written once.

Pure functions of ``Rules`` over numpy arrays with one row per round, so they serve one round
(one row) as well as a batch: the table engine (``game.table``), the batched simulator
(``sim.batch``) and the expert's cost model (``expert.costs``) all call them.

- ``lives_lost(values, knocker, rules, active)``: a showdown. The lowest hand loses a life,
  everyone tied for the lowest loses one; a knocker alone on the lowest loses
  ``rules.knocker_alone_lowest``; a knocker tied for the lowest loses ``KNOCKER_TIED_LOSS``
  (``safe`` 0, ``same`` 1, ``double`` 2).
- ``blitz_pays(rules)`` and ``instant_pays(inst, rules, after_knock)``: whether a blitz (or
  fire) ends the round with every other player paying one, rather than a showdown.
- ``others_pay(special, active)``: that payment: every active player not holding the special
  hand loses one.
- ``blitz_on_move_counts(rules, after_knock)``: whether a blitz or fire made by a move ends
  the round (on a final turn only with ``rules.blitz_after_knock``).
- ``first_knock_turn(rules, n_active)``: how many turns must be played before anyone may
  knock (a whole circle with ``knock_from = second_circle``).
- ``stock_out_outcome(rules, can_reshuffle)``: what happens when the stock cannot go on:
  ``reshuffle``, ``void`` or ``stock`` (a showdown is scored).

>>> import numpy as np
>>> from thirtyone.core.rules import Rules
>>> r = Rules(knocker_tied="double", knocker_alone_lowest=2)
>>> lives_lost(np.array([[20, 20, 25], [18, 20, 25]]), np.array([0, 0]), r).tolist()
[[2, 1, 0], [2, 0, 0]]
"""

from __future__ import annotations

import numpy as np

from ..core.rules import Rules

KNOCKER_TIED_LOSS = {"safe": 0, "same": 1, "double": 2}
BLITZ, FIRE = 1, 2   # the codes of ``instant_pays`` (as ``ValueTable.instant``)


def knocker_loss(rules: Rules, alone: np.ndarray | bool) -> np.ndarray:
    """Lives a knocker on the lowest hand loses: alone there, or tied with others."""
    return np.where(alone, rules.knocker_alone_lowest, KNOCKER_TIED_LOSS[rules.knocker_tied])


def lives_lost(values: np.ndarray, knocker: np.ndarray | None, rules: Rules,
               active: np.ndarray | None = None) -> np.ndarray:
    """Lives each seat loses at a showdown (R, n) from the hand strengths ``values`` (R, n)
    (any numbers ordered as the hands are), the knocker's seat per round ``knocker`` (R,)
    (-1 or None: nobody knocked) and which seats play (``active`` (R, n), default all)."""
    values = np.asarray(values)
    if active is None:
        active = np.ones(values.shape, dtype=bool)
    low = np.where(active, values, np.inf).min(axis=1)
    at_low = active & (values == low[:, None])
    lost: np.ndarray = at_low.astype(np.int64)
    if knocker is None:
        return lost
    knocker = np.asarray(knocker)
    rows = np.flatnonzero(knocker >= 0)
    if len(rows):
        k = knocker[rows]
        k_low = at_low[rows, k]
        alone = at_low[rows].sum(axis=1) == 1
        lost[rows, k] = np.where(k_low, knocker_loss(rules, alone), 0)
    return lost


def blitz_pays(rules: Rules) -> bool:
    """Whether a blitz ends the round with every other player paying (``others_lose``; a pot
    game: one more chip each) rather than scoring it as a showdown."""
    return rules.blitz_effect in ("others_lose", "pot")


def instant_pays(inst: np.ndarray, rules: Rules, after_knock: bool) -> np.ndarray:
    """Which instant hands (``BLITZ`` 1, ``FIRE`` 2, else 0) end the round with every other
    player paying; a blitz on a final turn only counts with ``rules.blitz_after_knock``."""
    pays = blitz_pays(rules) and blitz_on_move_counts(rules, after_knock)
    paying: np.ndarray = (inst == FIRE) | ((inst == BLITZ) & pays)
    return paying


def blitz_on_move_counts(rules: Rules, after_knock: np.ndarray | bool) -> np.ndarray | bool:
    """Whether a blitz or fire completed by a move ends the round at once: always before a
    knock; on a final turn after a knock only with ``rules.blitz_after_knock``."""
    return np.logical_or(rules.blitz_after_knock, np.logical_not(after_knock))


def first_knock_turn(rules: Rules, n_active: int) -> int:
    """Turns that must be completed in a round before anyone may knock: none, or with
    ``knock_from = second_circle`` one whole circle of the players still in."""
    return n_active if rules.knock_from == "second_circle" else 0


def stock_out_outcome(rules: Rules, can_reshuffle: bool) -> str:
    """The stock (or, in the swap family, the cards to renew the middle) has run out before
    any knock: ``reshuffle`` where the rules say so and there are cards to shuffle; else the
    round is ``void``, or scored as a showdown (``stock``). A draw-family reshuffle with too
    few cards voids the round; a swap-family one is scored.

    >>> from thirtyone.core.rules import get_variant
    >>> r = get_variant("scat").rules.replace(stock_out="reshuffle")
    >>> stock_out_outcome(r, True), stock_out_outcome(r, False)
    ('reshuffle', 'void')
    """
    how = rules.stock_out
    if how == "reshuffle" and can_reshuffle:
        return "reshuffle"
    if how == "void" or (how == "reshuffle" and rules.draws):
        return "void"
    return "stock"


def others_pay(special: np.ndarray, active: np.ndarray | None = None) -> np.ndarray:
    """Lives lost (R, n) when the seats marked ``special`` (R, n) show a paying blitz or
    fire: every other active seat loses one."""
    special = np.asarray(special, dtype=bool)
    if active is None:
        active = np.ones(special.shape, dtype=bool)
    lost: np.ndarray = (active & ~special).astype(np.int64)
    return lost
