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


def test_variants_on_the_same_deals_match_the_one_at_a_time_simulation():
    from thirtyone.sim.batch import simulate_rounds
    from thirtyone.sim.stats import SimStats
    from thirtyone.sim.variants import stats_from_tally, variants_runner

    rules = {k: VARIANTS[k].rules for k in ("scat", "schwimmen")}
    *_, tally = stream(variants_runner(rules, 3, knock_at=26), 3_000, seed=8,
                       sizes=[1_000, 2_000])
    stats = stats_from_tally(tally)
    # the same batches played directly: one seed per batch drawn from the stream's generator
    rng = np.random.default_rng(8)
    seeds = [int(rng.integers(2**63)) for _ in range(2)]
    for key, r in rules.items():
        direct = SimStats()
        for seed, (start, size) in zip(seeds, [(0, 1_000), (1_000, 2_000)], strict=True):
            direct.add(simulate_rounds(r, 3, size, knock_at=26, first_round=start,
                                       rng=np.random.default_rng(seed)))
        timing = {"seconds": 0, "rounds_per_second": 0}
        assert stats[key].to_dict() | timing == direct.to_dict() | timing
    assert stats["scat"].to_dict() != stats["schwimmen"].to_dict()
