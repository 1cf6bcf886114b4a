"""``thirtyone --version`` and ``thirtyone.__version__`` come from the package's metadata
(what pip installed), and from the checkout's pyproject.toml when it is not installed."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

import thirtyone
from thirtyone.cli import main

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT_VERSION = re.search(r'^version = "([^"]+)"$', (ROOT / "pyproject.toml").read_text(),
                              re.MULTILINE).group(1)


def test_the_version_is_the_installed_one():
    try:
        installed = version("thirtyone")
    except PackageNotFoundError:
        installed = PYPROJECT_VERSION
    assert thirtyone.__version__ == installed
    assert re.fullmatch(r"\d+(\.\d+)*([a-z0-9.+-]*)", thirtyone.__version__)


def test_python_m_thirtyone_version_prints_it_and_exits_0():
    p = subprocess.run([sys.executable, "-m", "thirtyone", "--version"], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout == f"thirtyone {thirtyone.__version__}\n"


def test_version_in_process_exits_0(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip() == f"thirtyone {thirtyone.__version__}"


NOT_INSTALLED = r"""
import importlib.metadata as m
real = m.version
def version(name):
    if name == "thirtyone":
        raise m.PackageNotFoundError(name)
    return real(name)
m.version = version
import thirtyone
print(thirtyone.__version__)
"""


@pytest.mark.parametrize("pyproject, expected", [
    ('[project]\nname = "thirtyone"\nversion = "9.8.7.dev1"\n', "9.8.7.dev1"),
    (None, "0+unknown"),
])
def test_a_checkout_that_is_not_installed_reads_its_pyproject(tmp_path, pyproject, expected):
    shutil.copytree(ROOT / "thirtyone", tmp_path / "thirtyone",
                    ignore=shutil.ignore_patterns("__pycache__"))
    if pyproject is not None:
        (tmp_path / "pyproject.toml").write_text(pyproject)
    p = subprocess.run([sys.executable, "-c", NOT_INSTALLED], cwd=tmp_path, capture_output=True,
                       text=True, timeout=60, env={"PATH": "/usr/bin:/bin",
                                                   "PYTHONPATH": str(tmp_path)})
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == expected
