"""The streaming helper: batches grow, totals add up, a stopped stream resumes to the same
end, and the knock runner's streamed curve is the one ``iter_knock_after_turns`` gives."""

from __future__ import annotations

import numpy as np
import pytest

from thirtyone import VARIANTS
from thirtyone.sim.knock import iter_knock_after_turns, knock_from_tally, knock_runner
from thirtyone.sim.stream import growing_batches, stream


def die(rng, size, start):
    rolls = rng.integers(1, 7, size)
    return {"sixes": int(np.count_nonzero(rolls == 6)), "faces": np.bincount(rolls, minlength=7),
            "starts": [start]}


def test_batches_start_small_and_grow_to_the_target():
    sizes = growing_batches(50_000)
    assert sum(sizes) == 50_000 and sizes[0] == 1_000
    assert all(b >= a for a, b in zip(sizes[:-2], sizes[1:-1], strict=True))
    with pytest.raises(ValueError):
        growing_batches(0)


def test_counts_add_up_batch_by_batch():
    tallies = list(stream(die, 7_000, seed=3))
    assert [t.rounds for t in tallies] == [1_000, 3_000, 7_000]
    last = tallies[-1]
    assert last.finished and last.done == 1.0
    assert last.counts["faces"].sum() == 7_000          # every roll counted once
    assert last.counts["sixes"] == last.counts["faces"][6]
    assert last.counts["starts"] == [0, 1_000, 3_000]   # each batch told what came before
    assert abs(last.counts["sixes"] / 7_000 - 1 / 6) < 4 * np.sqrt(5 / 36 / 7_000)


def test_a_resumed_stream_ends_as_one_that_never_stopped():
    whole = list(stream(die, 7_000, seed=3))[-1]
    for stop in range(2):
        part = list(stream(die, 7_000, seed=3))[stop]
        rest = list(stream(die, 7_000, resume=part))
        assert rest[-1].rounds == 7_000 and len(rest) == 2 - stop
        assert (rest[-1].counts["faces"] == whole.counts["faces"]).all()
    assert list(stream(die, 7_000, resume=whole)) == []
    with pytest.raises(ValueError):
        list(stream(die, 8_000, resume=whole))


def test_the_streamed_knock_curve_is_the_batched_one_and_its_band_narrows():
    rules = VARIANTS["scat"].rules
    sizes = [2_000] * 3
    tallies = list(stream(knock_runner(rules, 2, 1), 6_000, seed=5, sizes=sizes))
    old = list(iter_knock_after_turns(rules, 2, 1, 6_000, seed=5, batch=2_000))
    for t, o in zip(tallies, old, strict=True):
        new = knock_from_tally(rules, t, 2, 1)
        assert new.rounds == o.rounds and (new.survive == o.survive).all()
    first = knock_from_tally(rules, tallies[0], 2, 1)
    last = knock_from_tally(rules, tallies[-1], 2, 1)
    assert (last.high - last.low).max() < (first.high - first.low).max()
