"""``python -m thirtyone.bench --load N --live`` (issue 28): a projector and a few students
against a server of its own; every answer sent is counted once on the projector and in the
store, the figures are reported, and bad input is refused in one sentence."""

from __future__ import annotations

import json

import pytest
from class_helpers import in_thread
from tiers import LONG

from thirtyone.bench.cli import main
from thirtyone.bench.load_live import KEYS, matched


def test_each_tap_meets_the_first_count_that_includes_it():
    assert matched([5.0, 1.0], [(1.5, 1), (6.0, 2)]) == [0.5, 1.0]
    assert matched([1.0, 2.0], [(1.2, 1)]) == [0.2]        # never counted: no figure


def test_live_mode_refusals_are_one_sentence(capsys, monkeypatch):
    monkeypatch.delenv("THIRTYONE_DATABASE_URL", raising=False)
    for args in (["--load", "4", "--live", "--url", "http://127.0.0.1:9"],
                 ["--load", "4", "--live", "--spread", "99"],
                 ["--load", "101", "--live"]):
        assert main(args) == 2, args
        err = capsys.readouterr().err.strip()
        assert err.endswith(".") and "\n" not in err, (args, err)


@pytest.mark.slow
@LONG
def test_a_small_room_answers_and_every_answer_is_counted_once(capsys):
    rc = in_thread(main, ["--load", "6", "--live", "--spread", "2", "--json"])
    out = capsys.readouterr()
    assert rc == 0, out.err
    row = json.loads(out.out)
    assert set(KEYS) <= set(row)
    assert row["errors"] == 0, out.err
    assert row["answers_sent"] == row["counted"] == row["stored"] == row["stored_students"] == 6
    assert 0 < row["projector_p50_s"] <= row["projector_p95_s"] < 10
    assert 0 < row["answer_p95_s"] < 10
