"""Simulations that stream: a batch runner plays some rounds and returns counts; ``stream``
adds the counts up batch by batch and yields the running totals (a ``Tally``), so a plot can
show a first estimate at once and sharpen as the batches come in.

The batches grow (1,000 rounds, then 2,000, 4,000, ... up to ``LARGEST``), so the first
estimate is quick and the later ones cost little overhead. A ``Tally`` keeps the random
generator's state, so a stopped stream resumes where it stopped and ends with the same
totals as one that never stopped.

>>> import numpy as np
>>> def coin(rng, size, start):  # heads per batch
...     return {"heads": np.count_nonzero(rng.random(size) < 0.5)}
>>> [t.rounds for t in stream(coin, 5_000, seed=1)]
[1000, 3000, 5000]
>>> first, *_ = stream(coin, 5_000, seed=1)
>>> resumed = list(stream(coin, 5_000, resume=first))
>>> [t.rounds for t in resumed], resumed[-1].counts == list(stream(coin, 5_000, seed=1))[-1].counts
([3000, 5000], True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..i18n import _

FIRST = 1_000      # rounds in the first batch: a first estimate in a few hundredths of a second
LARGEST = 16_000   # rounds in the largest batch

# runner(rng, size, start) -> counts for ``size`` more rounds (``start`` rounds already played)
BatchRunner = Callable[[np.random.Generator, int, int], Mapping[str, Any]]


def growing_batches(target: int, first: int = FIRST, largest: int = LARGEST,
                    growth: int = 2) -> list[int]:
    """Batch sizes adding up to ``target``: ``first``, then growing ``growth`` times a batch
    up to ``largest`` (a runner with a large cost per call grows faster).

    >>> growing_batches(10_000)
    [1000, 2000, 4000, 3000]
    >>> growing_batches(20_000, growth=4, largest=20_000)
    [1000, 4000, 15000]
    >>> growing_batches(500)
    [500]
    """
    if target < 1:
        raise ValueError(_("Simulate at least one round."))
    sizes: list[int] = []
    size, done = max(1, first), 0
    while done < target:
        sizes.append(min(size, target - done))
        done += sizes[-1]
        size = min(size * growth, largest)
    return sizes


@dataclass(frozen=True)
class Tally:
    """Running totals of a streamed simulation: ``counts`` added over ``rounds`` rounds of
    the ``target``; ``state`` is the random generator's state after them."""

    counts: dict[str, Any]
    rounds: int
    target: int
    state: Mapping[str, Any] = field(repr=False)
    seconds: float = 0.0

    @property
    def done(self) -> float:
        """Share of the target played (for a progress bar)."""
        return self.rounds / self.target

    @property
    def finished(self) -> bool:
        return self.rounds >= self.target


def start(target: int, seed: int | None = 0) -> Tally:
    """An empty tally: nothing played yet."""
    return Tally({}, 0, target, np.random.default_rng(seed).bit_generator.state)


def stream(runner: BatchRunner, target: int, seed: int | None = 0, resume: Tally | None = None,
           sizes: list[int] | None = None) -> Iterator[Tally]:
    """Run ``runner`` batch by batch until ``target`` rounds, yielding the totals after each
    batch. With ``resume`` (a tally of an earlier stream with the same runner, target and
    sizes) it carries on from there; a finished tally yields nothing more."""
    tally = resume if resume is not None else start(target, seed)
    if tally.target != target:
        raise ValueError(_("The tally to resume was for another number of rounds."))
    sizes = sizes if sizes is not None else growing_batches(target)
    if sum(sizes) != target:
        raise ValueError(_("The batch sizes must add up to the rounds."))
    rng = np.random.default_rng()
    rng.bit_generator.state = tally.state
    played = 0
    for size in sizes:
        played += size
        if played <= tally.rounds:
            continue   # played before the stream stopped
        t0 = time.perf_counter()
        counts = runner(rng, size, tally.rounds)
        total = dict(tally.counts)
        for name, value in counts.items():
            total[name] = total[name] + value if name in total else value
        tally = Tally(total, played, target, rng.bit_generator.state,
                      tally.seconds + time.perf_counter() - t0)
        yield tally
