"""The engine stands alone: importing it never pulls in streamlit (DESIGN.md)."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import importlib, pkgutil, sys
import thirtyone
assert "streamlit" not in sys.modules, "import thirtyone imported streamlit"
# iter_modules, not walk_packages: walking would import thirtyone.ui to look inside it.
for m in pkgutil.iter_modules(thirtyone.__path__, "thirtyone."):
    if m.name in ("thirtyone.ui", "thirtyone.__main__"):
        continue
    importlib.import_module(m.name)
    assert "streamlit" not in sys.modules, f"{m.name} imported streamlit"
print("ok")
"""


def test_import_thirtyone_does_not_import_streamlit():
    p = subprocess.run([sys.executable, "-c",
                        "import sys, thirtyone; print('streamlit' in sys.modules)"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "False"


def test_no_engine_module_imports_streamlit():
    p = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "ok"


def test_the_readme_python_examples_run():
    import doctest
    from pathlib import Path

    readme = Path(__file__).resolve().parents[1] / "README.md"
    result = doctest.testfile(str(readme), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 3
    assert result.failed == 0
