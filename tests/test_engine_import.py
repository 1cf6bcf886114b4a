"""The engine stands alone: importing it never pulls in streamlit (DESIGN.md)."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import importlib, sys
import thirtyone
assert "streamlit" not in sys.modules, "import thirtyone imported streamlit"
from pathlib import Path
# every module at any depth but thirtyone.ui and the __main__ scripts, found on disk
root = Path(thirtyone.__file__).parent
for f in sorted(root.rglob("*.py")):
    parts = f.relative_to(root.parent).with_suffix("").parts
    name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    if name.startswith("thirtyone.ui") or name.endswith(".__main__"):   # a __main__ runs
        continue
    importlib.import_module(name)
    assert "streamlit" not in sys.modules, f"{name} imported streamlit"
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
