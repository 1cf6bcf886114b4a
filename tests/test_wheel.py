"""A wheel built from this repository works on its own, without the checkout: the installed
``thirtyone app`` serves the app, every page runs, and every lesson is found.

The wheel is built the way ``pip install .`` builds it (pip wheel, in an isolated build
environment with the setuptools that ``pyproject.toml`` asks for; the system's own setuptools
may be older or lack bdist_wheel) from a copy of the repository, so that no build/ or
egg-info is left in the checkout and no stale build output slips in. It is installed with
``--no-deps`` into a fresh venv that borrows streamlit, numpy and the rest from the
interpreter running the tests: a ``.pth`` file lists that interpreter's package folders after
the venv's own (``--system-site-packages`` would borrow from the base Python instead, which
in a venv, as most people run the tests, has none of them). Everything runs with its working directory outside the repository and no
PYTHONPATH, and the test checks that ``thirtyone`` is imported from the venv, so the
checkout cannot stand in for the installed package.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest
from e2e_helpers.server import stop_group
from tiers import LONG

ROOT = Path(__file__).resolve().parents[1]
# every page of the app, by its address (thirtyone/ui/shell/nav.py)
PAGES = sorted(["home", "learn", "scorer", "variants", "odds_lab", "play", "class", "plan", "live",
                "table", "challenge"])
LESSON_FILES = sorted(p.name for p in (ROOT / "lessons").glob("*.md")
                      if p.name.lower() != "readme.md")
# Translations: lessons/<lang>/*.md for each language folder (ru, uk) the checkout has.
TRANSLATED = {d.name: sorted(p.name for p in d.glob("*.md") if p.name.lower() != "readme.md")
              for d in sorted((ROOT / "lessons").iterdir()) if d.is_dir()}
PACKAGES = sorted(str(p.parent.relative_to(ROOT))
                  for p in (ROOT / "thirtyone").rglob("__init__.py"))
# What a clean checkout does not have (and what would make a build reuse stale output).
NOT_COPIED = shutil.ignore_patterns(".git", "build", "dist", "*.egg-info", "__pycache__",
                                    ".pytest_cache", ".ruff_cache", ".hypothesis", ".mirror",
                                    "screenshots", "tmp")

# Run inside the venv: the installed app file, every page through AppTest, the lessons.
CHECK = r"""
import json
from pathlib import Path

import thirtyone
from streamlit.testing.v1 import AppTest
from thirtyone.ui.shell.nav import switch_to
from thirtyone.teach.lessons import LESSONS_DIR, load_lessons

from thirtyone.ui.shell.nav import PAGES

app = Path(thirtyone.__file__).parent / "ui" / "shell" / "app.py"
pages = sorted(spec.url_path for spec in PAGES)
at = AppTest.from_file(str(app), default_timeout=120).run()
def problems(at):
    return [e.value + "\n" + "\n".join(e.stack_trace) for e in at.exception]

errors, titles, buttons = {"app.py": problems(at)}, {}, {}
for name in pages:
    switch_to(at, name).run()
    errors[name] = problems(at)
    titles[name] = [t.value for t in at.title]
    buttons[name] = [b.label for b in at.button]
lessons = load_lessons()
ru = load_lessons(lang="ru")
print(json.dumps({"ru_titles": [lesson.title for lesson in ru],
                  "file": thirtyone.__file__, "app": str(app), "pages": pages,
                  "errors": errors, "titles": titles, "buttons": buttons,
                  "lessons_dir": str(LESSONS_DIR),
                  "lessons": [lesson.slug + ".md" for lesson in lessons],
                  "lesson_titles": [lesson.title for lesson in lessons]}))
"""


def _run(cmd: list, cwd: Path, timeout: float, env: dict) -> subprocess.CompletedProcess:
    p = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True,
                       text=True, timeout=timeout)
    assert p.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{p.stdout}\n{p.stderr}"
    return p


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def borrowed_paths() -> list[str]:
    """The package folders of the interpreter running the tests (a venv's own, or the
    system's), as they stand on its sys.path. Plain folders in a ``.pth`` file: the ``.pth``
    files inside them are not run, so an editable thirtyone there stays out of sight."""
    return [path for path in sys.path
            if Path(path).name in ("site-packages", "dist-packages") and Path(path).is_dir()]


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> dict:
    tmp = tmp_path_factory.mktemp("wheel")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    src = tmp / "src"
    shutil.copytree(ROOT, src, ignore=NOT_COPIED)
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", tmp / "dist", src],
         tmp, 240, env)
    (wheel,) = (tmp / "dist").glob("thirtyone-*.whl")
    _run([sys.executable, "-m", "venv", "--without-pip", tmp / "venv"], tmp, 120, env)
    python = tmp / "venv" / "bin" / "python"
    p = _run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
             tmp, 60, env)
    (Path(p.stdout.strip()) / "_thirtyone_test_borrowed.pth").write_text(
        "".join(f"{path}\n" for path in borrowed_paths()))
    # pip itself comes from the borrowed folders; --ignore-installed so that a thirtyone
    # installed there (an editable checkout) is neither reused nor touched.
    _run([python, "-m", "pip", "install", "--no-deps", "--ignore-installed", "--no-index",
          wheel], tmp, 240, env)
    return {"tmp": tmp, "venv": tmp / "venv", "python": python, "env": env}


def test_the_venv_borrows_the_packages_of_the_interpreter_running_the_tests(venv):
    # run from a venv (as most people do), the base Python's packages would be another
    # streamlit, or none: ModuleNotFoundError
    import numpy
    import streamlit
    p = _run([venv["python"], "-c", "import numpy, streamlit, sys; "
              "print(streamlit.__file__); print(numpy.__file__); print(sys.prefix)"],
             venv["tmp"], 60, venv["env"])
    st_file, np_file, prefix = p.stdout.strip().splitlines()
    assert (st_file, np_file) == (streamlit.__file__, numpy.__file__)
    assert Path(prefix) == venv["venv"]


def test_the_installed_package_knows_its_version_and_licence(venv):
    meta = _run([venv["python"], "-c", "import json, importlib.metadata as m, thirtyone; "
                 "d = m.distribution('thirtyone'); print(json.dumps({'version': "
                 "thirtyone.__version__, 'meta': dict(d.metadata.items()), 'classifiers': "
                 "d.metadata.get_all('Classifier'), 'files': "
                 "[str(f) for f in d.files]}))"], venv["tmp"], 60, venv["env"])
    found = json.loads(meta.stdout.strip().splitlines()[-1])
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert f'version = "{found["version"]}"' in pyproject
    p = _run([venv["venv"] / "bin" / "thirtyone", "--version"], venv["tmp"], 60, venv["env"])
    assert p.stdout == f"thirtyone {found['version']}\n"
    assert found["meta"]["License-Expression"] == "MIT AND CC-BY-SA-4.0"
    assert any(f.endswith("/LICENSE") and ".dist-info/" in f for f in found["files"])
    assert "Topic :: Education" in found["classifiers"]


def test_the_wheel_holds_every_package_page_and_lesson(venv):
    p = _run([venv["python"], "-c", "import thirtyone; print(thirtyone.__file__)"],
             venv["tmp"], 60, venv["env"])
    installed = Path(p.stdout.strip()).parent
    assert installed.is_relative_to(venv["venv"]), f"thirtyone came from {installed}"
    missing = [pkg for pkg in PACKAGES if not (installed.parent / pkg / "__init__.py").is_file()]
    assert not missing, (f"{missing} not in the wheel: list every package in "
                         "[tool.setuptools] packages in pyproject.toml")
    # the pages are callables in their rooms (thirtyone/ui/pages/<room>/), not a pages/ folder
    assert (installed / "ui" / "pages" / "play" / "__init__.py").is_file()
    # the app's settings (no usage statistics sent, no tracebacks shown, the theme) come
    # along, beside the entry that ``thirtyone app`` runs from its own folder
    assert (installed / "ui" / "shell" / ".streamlit" / "config.toml").read_text() == \
        (ROOT / ".streamlit" / "config.toml").read_text()
    # the names map's world outline (drawn without a map server, so it works offline)
    world = Path("ui") / "pages" / "variants" / "world_110m.json"
    assert (installed / world).read_bytes() == (ROOT / "thirtyone" / world).read_bytes()
    # the stylesheets
    assert sorted(p.name for p in (installed / "ui" / "css").glob("*.css")) == \
        sorted(p.name for p in (ROOT / "thirtyone" / "ui" / "css").glob("*.css"))
    assert sorted(p.name for p in (installed / "lesson_texts").glob("*.md")
                  if p.name.lower() != "readme.md") == LESSON_FILES
    # the message catalogs of every language (read by thirtyone.i18n)
    assert sorted(str(p.relative_to(installed)) for p in (installed / "locale").rglob("*.po")) == \
        sorted(str(p.relative_to(ROOT / "thirtyone"))
               for p in (ROOT / "thirtyone" / "locale").rglob("*.po"))
    # every translated lesson, in its language's folder
    for lang, names in TRANSLATED.items():
        assert sorted(p.name for p in (installed / "lesson_texts" / lang).glob("*.md")
                      if p.name.lower() != "readme.md") == names, lang
    # the teacher scenarios (data beside the code, not a package)
    assert sorted(p.name for p in (installed / "scenarios").glob("*.json")) == \
        sorted(p.name for p in (ROOT / "thirtyone" / "scenarios").glob("*.json"))


def test_the_wheel_carries_the_benchmarks_but_not_the_plain_reference_loops(venv):
    # the benchmarks are a package of their own; the plain loops the simulator is timed
    # against are an independent yardstick kept in the checkout's tools/, not shipped
    (wheel,) = (venv["tmp"] / "dist").glob("thirtyone-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    bench = sorted(n for n in names if n.startswith("thirtyone/bench/"))
    assert "thirtyone/bench/__init__.py" in bench and "thirtyone/bench/__main__.py" in bench
    assert "thirtyone/bench/plain.py" in bench
    assert (ROOT / "tools" / "bench_reference.py").is_file()
    assert [n for n in names if "reference" in n.lower()] == []
    assert [n for n in names if n.startswith("thirtyone/bench") and n.endswith(".py")
            and "/" not in n.removeprefix("thirtyone/")] == []   # no loose bench*.py
    # without the reference the installed bench says so in one sentence and goes on
    p = subprocess.run([str(venv["python"]), "-m", "thirtyone.bench", "--only-sim", "--quick"],
                       cwd=venv["tmp"], env=venv["env"], capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "Traceback" not in p.stderr
    (said,) = [line for line in p.stderr.splitlines() if line.strip()]
    assert "tools/bench_reference.py" in said and "only in a checkout" in said
    assert said.rstrip(".").count(". ") == 0                       # one sentence
    assert "Fast simulator vs table engine" in p.stdout and "schwimmen" in p.stdout
    assert "plain one-round-at-a-time loop" not in p.stdout


@LONG  # a longer walk: every page of the installed app (tests/tiers.py)
def test_the_installed_app_runs_every_page_and_finds_every_lesson(venv):
    p = _run([venv["python"], "-c", CHECK], venv["tmp"], 600, venv["env"])
    result = json.loads(p.stdout.strip().splitlines()[-1])
    inside = Path(result["file"]).is_relative_to(venv["venv"])
    assert inside, f"thirtyone came from {result['file']}, not the venv"
    assert Path(result["app"]).is_relative_to(venv["venv"])
    assert result["pages"] == PAGES
    assert result["errors"] == {name: [] for name in ["app.py", *PAGES]}
    # each page drew its own title (a page that did not run would show the last one's)
    titles = [t for name in PAGES for t in result["titles"][name]]
    assert len(titles) == len(set(titles)) == len(PAGES), result["titles"]
    learn = result["buttons"]["learn"]
    assert all(any(title in label for label in learn) for title in result["lesson_titles"])
    assert Path(result["lessons_dir"]).is_relative_to(venv["venv"])
    assert result["lessons"] == LESSON_FILES
    # the installed package finds the Russian lessons too (each title in Cyrillic)
    assert len(result["ru_titles"]) == len(LESSON_FILES)
    if TRANSLATED.get("ru") == LESSON_FILES:
        assert all(any("\u0400" <= ch <= "\u04ff" for ch in t) for t in result["ru_titles"])


def test_the_installed_thirtyone_app_serves_the_app(venv):
    port = _free_port()
    log_path = venv["tmp"] / "app.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            [str(venv["venv"] / "bin" / "thirtyone"), "--json", "app", "--server.port",
             str(port), "--server.address", "127.0.0.1", "--server.headless", "true",
             "--browser.gatherUsageStats", "false"],
            cwd=venv["tmp"], env={**venv["env"], "PYTHONUNBUFFERED": "1"}, stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True)  # its own group: the streamlit child stops with it
        try:
            url = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            health = ""
            while health != "ok":
                assert proc.poll() is None, f"thirtyone app stopped:\n{log_path.read_text()}"
                assert time.monotonic() < deadline, f"no answer:\n{log_path.read_text()}"
                try:
                    with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                        health = r.read().decode()
                except OSError:
                    time.sleep(0.3)
            with urllib.request.urlopen(url, timeout=10) as r:
                assert r.status == 200
                assert "<html" in r.read().decode().lower()
        finally:
            stop_group(proc)
    text = log_path.read_text()
    command = json.loads(text.splitlines()[0])["command"]  # printed by --json
    assert Path(command[0]).is_relative_to(venv["venv"])
    app = Path(command[4])
    assert app.is_relative_to(venv["venv"]) and app.parts[-4:] == ("thirtyone", "ui", "shell", "app.py")
    assert "Traceback" not in text
