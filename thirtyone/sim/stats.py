"""The fast simulator's results: one row per round (``RoundResults``: how it ended, turns,
who knocked and on which turn, every seat's final value and lives lost) and the running
totals of a simulation (``SimStats``: the rates of DESIGN.md "Command line")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

# How a round ended, as in DESIGN.md's replay output; fire counts as a blitz in the rates.
ENDED_BY = ("knock", "blitz", "fire", "stock", "void")
KNOCK, BLITZ, FIRE, STOCK, VOID = range(5)


@dataclass
class RoundResults:
    """One row per simulated round (arrays), e.g. for the odds page.

    ``ended_by`` codes index ``ENDED_BY``; ``knocker`` and ``knock_turn`` are -1 without a
    knock; ``values`` are the final hand values per seat (points; brag: class 0..5);
    ``lives_lost`` per seat (points scoring: 1 for the low place; chips: 1 for not sharing
    the pot, as ``bots.play_round`` counts them); ``dealer`` per round.
    """

    ended_by: np.ndarray
    turns: np.ndarray
    knocker: np.ndarray
    knock_turn: np.ndarray
    values: np.ndarray
    lives_lost: np.ndarray
    dealer: np.ndarray

    def __len__(self) -> int:
        return len(self.ended_by)

    @property
    def knocker_lost(self) -> np.ndarray:
        """Per round: the knocker lost at least one life (False without a knock)."""
        k = np.maximum(self.knocker, 0)
        lost = self.lives_lost[np.arange(len(self)), k] > 0
        return lost & (self.knocker >= 0)

    @staticmethod
    def concat(parts: Sequence[RoundResults]) -> RoundResults:
        return RoundResults(*(np.concatenate([getattr(p, f) for p in parts])
                              for f in RoundResults.__dataclass_fields__))


@dataclass
class SimStats:
    """Running totals of a simulation; the rates are those of DESIGN.md "Command line"."""

    rounds: int = 0
    blitz: int = 0
    knock: int = 0
    void: int = 0
    stock: int = 0
    turns: int = 0
    turns_sq: int = 0
    knocker_lost: int = 0
    seconds: float = 0.0
    target: int = 0
    extra: dict = field(default_factory=dict)

    def add(self, res: RoundResults) -> None:
        e = res.ended_by
        self.rounds += len(res)
        self.blitz += int(np.count_nonzero((e == BLITZ) | (e == FIRE)))
        self.knock += int(np.count_nonzero(e == KNOCK))
        self.void += int(np.count_nonzero(e == VOID))
        self.stock += int(np.count_nonzero(e == STOCK))
        t = res.turns.astype(np.int64)
        self.turns += int(t.sum())
        self.turns_sq += int((t * t).sum())
        self.knocker_lost += int(np.count_nonzero(res.knocker_lost & (e == KNOCK)))

    def _share(self, k: int, n: int | None = None) -> float:
        n = self.rounds if n is None else n
        return k / n if n else float("nan")

    @property
    def blitz_rate(self) -> float:
        return self._share(self.blitz)

    @property
    def knock_rate(self) -> float:
        return self._share(self.knock)

    @property
    def void_rate(self) -> float:
        return self._share(self.void)

    @property
    def mean_turns(self) -> float:
        return self._share(self.turns)

    @property
    def knocker_lost_rate(self) -> float:
        return self._share(self.knocker_lost, self.knock)

    @property
    def turns_sd(self) -> float:
        if self.rounds < 2:
            return float("nan")
        m = self.turns / self.rounds
        return float(np.sqrt(max(self.turns_sq / self.rounds - m * m, 0.0)))

    def standard_errors(self) -> dict[str, float]:
        """One standard error of each number of ``to_dict`` (error bars that shrink as the
        batches come in)."""
        def se(k: int, n: int) -> float:
            if not n:
                return float("nan")
            p = k / n
            return float(np.sqrt(p * (1 - p) / n))
        return {"blitz_rate": se(self.blitz, self.rounds),
                "knock_rate": se(self.knock, self.rounds),
                "void_rate": se(self.void, self.rounds),
                "mean_turns": self.turns_sd / np.sqrt(self.rounds) if self.rounds else
                float("nan"),
                "knocker_lost_rate": se(self.knocker_lost, self.knock)}

    @property
    def done(self) -> float:
        """Share of the requested rounds played so far (for a progress bar)."""
        return self.rounds / self.target if self.target else 1.0

    def to_dict(self) -> dict[str, Any]:
        """The ``thirtyone simulate`` output of DESIGN.md."""
        def clean(x: float) -> float | None:
            return None if x != x else round(x, 6)
        return {"rounds": self.rounds, "blitz_rate": clean(self.blitz_rate),
                "knock_rate": clean(self.knock_rate), "void_rate": clean(self.void_rate),
                "mean_turns": clean(self.mean_turns),
                "knocker_lost_rate": clean(self.knocker_lost_rate),
                "seconds": round(self.seconds, 4),
                "rounds_per_second": round(self.rounds / self.seconds, 1) if self.seconds else None}
