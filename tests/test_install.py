"""What a newcomer installs: the lower bounds in pyproject.toml are the versions that
``.ci/constraints-min.txt`` pins, and ``.ci/run`` runs the pages and the engine's tests on
them in a venv of their own (so a bound the code has outgrown fails CI)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: pip's own copy of the same reader
    from pip._vendor import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
CONSTRAINTS = ROOT / ".ci" / "constraints-min.txt"


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def lowest(requirement: str) -> tuple[str, Version]:
    req = Requirement(requirement)
    lows = [Version(s.version) for s in req.specifier if s.operator in (">=", "==", "~=")]
    assert len(lows) == 1, f"{requirement}: give exactly one lower bound"
    return canonicalize_name(req.name), lows[0]


def pins() -> dict[str, Version]:
    found = {}
    for line in CONSTRAINTS.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, sep, version = line.partition("==")
            assert sep, f"{line!r}: a constraint here is an exact pin (name==version)"
            found[canonicalize_name(name)] = Version(version.strip())
    return found


def direct() -> list[str]:
    meta = project()
    extras = meta["optional-dependencies"]
    return [*meta["dependencies"], *extras["fast"], *extras["test"]]


def test_every_direct_dependency_is_pinned_at_its_lower_bound():
    pinned = pins()
    for requirement in direct():
        name, low = lowest(requirement)
        assert name in pinned, f"{name} is not in {CONSTRAINTS.name}"
        assert pinned[name] == low, (f"{name}: pyproject.toml allows {low}, "
                                     f"{CONSTRAINTS.name} pins {pinned[name]}")


def test_an_extra_with_a_binary_part_pins_that_part_at_the_same_version():
    # psycopg[binary]==X needs psycopg-binary==X: both are pinned, at the same version
    pinned = pins()
    for requirement in direct():
        req = Requirement(requirement)
        for extra in req.extras:
            part = canonicalize_name(f"{req.name}-{extra}")
            if part in pinned:
                assert pinned[part] == pinned[canonicalize_name(req.name)]


def test_the_bounds_the_code_needs():
    # NumPy 2.0 (np.bitwise_count), Streamlit 1.56 (st.table(hide_index=)), pandas 2.2.2
    # (the first built for NumPy 2), psycopg 3.1.4 (the first psycopg-binary wheel)
    bounds = dict(lowest(r) for r in project()["dependencies"])
    assert bounds["numpy"] >= Version("2.0")
    assert bounds["streamlit"] >= Version("1.56")
    assert bounds["pandas"] >= Version("2.2.2")
    assert bounds["psycopg"] >= Version("3.1.4")


def test_ci_runs_the_pages_and_the_engine_on_the_lowest_versions_in_their_own_venv():
    run = (ROOT / ".ci" / "run").read_text()
    venv = re.search(r'python -m venv "\$(\w+)"', run)
    assert venv and "--system-site-packages" not in run, "a venv of its own"
    python = f'"${venv.group(1)}/bin/python"'
    assert f"{python} -m pip install -q -c .ci/constraints-min.txt -e '.[test,fast]'" in run
    tests = re.search(r"MIN_TESTS=\((.*?)\)", run, re.S).group(1).split()
    assert "tests/test_app_*.py" in tests, "every page (AppTest)"
    missing = [p for p in tests if not p.startswith("tests/") or not any(ROOT.glob(p))]
    assert not missing, f"no such test files: {missing}"
    assert not [p for p in tests if any("e2e" in f.name for f in ROOT.glob(p))], "no browser"
    assert f'{python} -m pytest -p no:cacheprovider -m "not browser and not slow"' in run
    assert "\npython -m pytest" in run, "the README's test command still runs"
