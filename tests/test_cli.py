"""The command line (DESIGN.md): each command's JSON, and exit 2 with one line on bad input.

Run both in-process (``thirtyone.cli.main``) and as ``python -m thirtyone`` in a subprocess.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from thirtyone import VARIANTS
from thirtyone.cli import main


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "thirtyone", *args], capture_output=True,
                          text=True, timeout=120)


def call(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


# --- subprocess: the real entry point ------------------------------------------------------

def test_python_m_thirtyone_score_prints_json():
    p = run("score", "--variant", "scat", "AH", "KH", "9S", "--json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert data["points"] == 21
    assert data["label"] == "hearts"
    assert sorted(data["counted"]) == ["AH", "KH"]
    assert data["cards"] == "AH KH 9S"
    assert "21" in data["explanation"]


def test_python_m_thirtyone_bad_card_exits_2_with_one_line_naming_it():
    p = run("score", "AH", "QX", "9S")
    assert p.returncode == 2
    assert p.stdout == ""
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "'QX'" in lines[0]
    assert "Traceback" not in p.stderr


def test_python_m_thirtyone_odds_prints_the_distribution():
    p = run("--json", "odds", "--variant", "eenendertigen")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert data["hands"] == 4_960
    assert data["p31"] == pytest.approx(3 / 620)
    assert "12" not in data["distribution"]


# --- in-process ----------------------------------------------------------------------------

def test_variants_json_lists_all_ten_with_their_rules(capsys):
    code, out, _ = call(capsys, "variants", "--json")
    assert code == 0
    data = json.loads(out)
    assert [v["key"] for v in data] == list(VARIANTS)
    schwimmen = next(v for v in data if v["key"] == "schwimmen")
    assert schwimmen["rules"]["three_of_a_kind"] == 30.5
    assert schwimmen["rules"]["fire"] == 33
    assert {v["key"] for v in data if v["our_reading"]} == {"running_total", "switch"}


def test_json_flag_works_before_the_command(capsys):
    code, out, _ = call(capsys, "--json", "variants")
    assert code == 0
    assert json.loads(out)[0]["key"] == "scat"


def test_variants_text_names_each_variant(capsys):
    code, out, _ = call(capsys, "variants")
    assert code == 0
    for v in VARIANTS.values():
        assert v.name in out


def test_score_text_shows_value_and_reason(capsys):
    code, out, _ = call(capsys, "score", "AH", "KH", "9S")
    assert code == 0
    assert out.startswith("AH KH 9S: 21 (hearts)")


def test_score_accepts_any_notation(capsys):
    code, out, _ = call(capsys, "score", "--json", "10h", "a♥", "jh")
    assert code == 0
    data = json.loads(out)
    assert (data["points"], data["blitz"], data["cards"]) == (31, True, "TH AH JH")


def test_score_fire_in_schwimmen(capsys):
    code, out, _ = call(capsys, "score", "--json", "--variant", "schwimmen", "AH", "AS", "AD")
    data = json.loads(out)
    assert (code, data["points"], data["fire"], data["label"]) == (0, 33, True, "fire")


def test_score_brag_gives_rank_and_class(capsys):
    code, out, _ = call(capsys, "score", "--json", "--variant", "stop_the_bus", "3H", "2H", "AH")
    data = json.loads(out)
    assert code == 0
    assert data["label"] == "running flush"
    assert isinstance(data["points"], list)


def test_score_house_rule_changes_the_value(capsys):
    code, out, _ = call(capsys, "score", "--json", "--rule", "three_of_a_kind=30.5",
                        "7H", "7S", "7D")
    assert (code, json.loads(out)["value"]) == (0, "30½")


def test_a_house_rule_can_be_set_back_to_none(capsys):
    code, out, _ = call(capsys, "score", "--json", "--variant", "schwimmen",
                        "--rule", "fire=none", "--rule", "three_of_a_kind=none", "AH", "AS", "AD")
    assert (code, json.loads(out)["points"]) == (0, 11)


def test_odds_json_has_the_documented_keys(capsys):
    code, out, _ = call(capsys, "odds", "--json", "--variant", "scat")
    data = json.loads(out)
    assert code == 0
    assert set(data) == {"variant", "hands", "distribution", "p31", "mean"}
    assert data["variant"] == "scat" and data["hands"] == 22_100
    assert data["p31"] == pytest.approx(24 / 22_100)
    assert round(data["mean"], 3) == 13.088
    assert sum(data["distribution"].values()) == pytest.approx(1)


def test_odds_text_has_the_mean(capsys):
    code, out, _ = call(capsys, "odds")
    assert code == 0 and "13.088" in out


def test_app_runs_streamlit_on_app_py(capsys, monkeypatch):
    seen = {}

    def fake_call(cmd, **kwargs):
        seen["cmd"] = cmd
        return 0

    monkeypatch.setattr("thirtyone.cli.subprocess.call", fake_call)
    monkeypatch.chdir("/")
    with pytest.raises(SystemExit) as e:
        main(["app", "--server.port", "8999"])
    assert e.value.code == 0
    assert seen["cmd"][1:4] == ["-m", "streamlit", "run"]
    assert seen["cmd"][4].endswith("app.py")
    assert seen["cmd"][-2:] == ["--server.port", "8999"]   # the user's arguments come last


@pytest.mark.parametrize("args, needle", [
    (["score", "AH", "KH"], "3 cards; got 2"),
    (["score", "AH", "AH", "9S"], "appears twice"),
    (["score", "--variant", "eenendertigen", "2H", "AH", "9S"], "'2H' is not in this 32-card"),
    (["score", "--variant", "nope", "AH", "KH", "9S"], "'nope'"),
    (["score", "--rule", "fire=31", "AH", "KH", "9S"], "'fire'"),
    (["score", "--rule", "fire", "AH", "KH", "9S"], "option=value"),
    (["odds", "--variant", "nope"], "'nope'"),
    (["odds", "--rule", "jokers=2"], "'jokers'"),
    (["variants", "--bogus"], "--bogus"),
    ([], "command"),
    (["dance"], "dance"),
])
def test_bad_input_exits_2_with_one_line(capsys, args, needle):
    code, out, err = call(capsys, *args)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert needle in err
