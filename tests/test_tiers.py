"""The suite's two tiers (tests/tiers.py): the default run leaves out exactly the tests
marked long, and ``--long`` brings them back."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from tiers import long_except

ROOT = Path(__file__).resolve().parents[1]


def test_long_except_keeps_the_named_values_and_marks_the_others():
    got = long_except([2, 3, pytest.param(4, 5, id="four")], 3, "four")
    assert got[1] == 3 and got[2].id == "four" and not got[2].marks
    assert got[0].values == (2,) and [m.name for m in got[0].marks] == ["long"]
    got = long_except([pytest.param(1, 2, id="a", marks=pytest.mark.slow)])
    assert got[0].values == (1, 2) and [m.name for m in got[0].marks] == ["slow", "long"]


def _collected(*args: str) -> set[str]:
    run = subprocess.run([sys.executable, "-m", "pytest", "--co", "-q", "-p", "no:cacheprovider",
                          "-o", "addopts=", *args, "tests/test_e2e_phone.py"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    return {line for line in run.stdout.splitlines() if "::" in line}


def test_the_default_run_leaves_out_the_long_tier_and_long_brings_it_back():
    default, everything = _collected(), _collected("--long")
    long = _collected("--long", "-m", "long")
    assert default and long
    assert default | long == everything and not default & long
    assert "tests/test_e2e_phone.py::test_play_fits_a_phone_screen_on_every_turn[6]" in default
    assert "tests/test_e2e_phone.py::test_play_fits_a_phone_screen_on_every_turn[2]" in long
