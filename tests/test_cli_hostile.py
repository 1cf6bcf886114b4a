"""The CLI refuses hostile input in one line with exit 2 (issue 13, item 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from thirtyone.cli import main


def one_line_error(capsys) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("thirtyone: error: ") and "\n" not in err, err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("content, words", [
    ("[" * 30_000, "nest"),                          # nested, under the size cap
    ("[" * 100_000 + "]" * 100_000, "too large"),
    ('{"variant": "scat", "players": ["A", "B"], "actions": ' + json.dumps(["draw"] * 6000)
     + "}", "at most 5,000"),
    ("\ufeff" + json.dumps({"variant": "scat", "players": ["A", "B"], "actions": ["x y"]}),
     "illegal"),                                     # the BOM is skipped: the move is read
])
def test_replay_of_a_hostile_file_exits_2_with_one_line(tmp_path: Path, capsys, content,
                                                        words):
    f = tmp_path / "rec.json"
    f.write_text(content, encoding="utf-8")
    assert main(["replay", str(f)]) == 2
    assert words in one_line_error(capsys)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_replay_of_dev_zero_reads_a_bounded_amount_and_exits_2(capsys):
    assert main(["replay", "/dev/zero"]) == 2
    assert "too large" in one_line_error(capsys)


@pytest.mark.parametrize("args", [
    ["simulate", "--rounds", str(10**9)],
    ["simulate", "--rounds", str(10**7 + 1)],
    ["simulate", "--knock-at", "inf"],
    ["simulate", "--knock-at", "nan"],
    ["simulate", "--knock-at", "Infinity"],
])
def test_simulate_refuses_unbounded_arguments(capsys, args):
    with pytest.raises(SystemExit) as e:
        code = main(args)
        raise SystemExit(code)
    assert e.value.code == 2
    one_line_error(capsys)


def test_simulate_still_runs_with_a_finite_knock_value(capsys):
    assert main(["simulate", "--rounds", "50", "--knock-at", "26.5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)
