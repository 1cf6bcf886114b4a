"""The engine's shape, kept: every import (inside functions too) goes down the layers, no
import forms a cycle, and no module takes a ``_private`` name from another module.

The layers, lowest first (README "Layout"); a module may import its own sub-package and any
lower layer, never a higher one or a sibling on the same level:

    i18n -> core -> game -> odds -> policies -> sim -> expert -> bots -> bench | teach | plots
    -> cli | store -> ui -> app.py

(``i18n``, the translations, sits below everything: the engine's messages are translated.
``teach`` sits beside ``bench`` so a lesson's quiz may ask the expert, the bots and the
simulator; above it only ``cli``, ``store`` (a live lesson's items and deals) and the UI
import it. ``plots``, the figures as calls, sits there too: the UI draws with it.)
"""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest
from tiers import long_except

ROOT = Path(__file__).resolve().parents[1]

# layer of each first name under thirtyone (the root package is the public face of core)
LAYERS = {
    "i18n": -1,
    "core": 0, "": 0,
    "game": 2,
    "odds": 3,
    "policies": 4,
    "sim": 5,
    "expert": 6,
    "bots": 7,
    "bench": 8, "teach": 8, "plots": 8,
    "cli": 9, "__main__": 9, "store": 9,
    "ui": 10,
}
GROUP = {"": "core", "__main__": "cli"}
OUTSIDE = 11  # app.py, tools/ and tests/ sit above everything


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def engine_modules(root: Path) -> dict[str, Path]:
    return {module_name(p, root): p for p in sorted((root / "thirtyone").rglob("*.py"))
            if "__pycache__" not in p.parts}


def group_of(module: str) -> str:
    parts = module.split(".")
    first = parts[1] if len(parts) > 1 else ""
    return GROUP.get(first, first)


def layer_of(module: str) -> int:
    if not module.startswith("thirtyone"):
        return OUTSIDE
    parts = module.split(".")
    return LAYERS[parts[1] if len(parts) > 1 else ""]


def imports_of(path: Path, module: str, known: set[str]) -> list[tuple[int, str, list[str]]]:
    """(line, imported thirtyone module, names taken from it) for every import in the file,
    at any depth (functions included). ``from pkg import mod`` counts as importing pkg.mod."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_pkg = path.name == "__init__.py"
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name, []) for a in node.names
                    if a.name.split(".")[0] == "thirtyone"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_pkg else module.split(".")[:-1]
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "thirtyone":
                continue
            names = [a.name for a in node.names]
            subs = [f"{target}.{n}" for n in names if f"{target}.{n}" in known]
            if subs:
                out += [(node.lineno, s, []) for s in subs]
                names = [n for n in names if f"{target}.{n}" not in known]
            if names or not subs:
                out.append((node.lineno, target, names))
    return out


def private_attributes(path: Path, known: set[str]) -> list[tuple[int, str]]:
    """``module._name`` where ``module`` was imported from thirtyone under that name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("thirtyone"):
            aliases |= {a.asname or a.name for a in node.names
                        if f"{node.module}.{a.name}" in known}
        elif isinstance(node, ast.ImportFrom) and node.level:
            aliases |= {a.asname or a.name for a in node.names}
        elif isinstance(node, ast.Import):
            aliases |= {(a.asname or a.name).split(".")[0] for a in node.names
                        if a.name.startswith("thirtyone")}
    bad = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                and not node.attr.startswith("__") and isinstance(node.value, ast.Name)
                and node.value.id in aliases and node.value.id not in ("self", "cls")):
            bad.append((node.lineno, f"{node.value.id}.{node.attr}"))
    return bad


def problems(root: Path) -> list[str]:
    """Every breach of the layer rules in the tree at ``root``, one line each."""
    modules = engine_modules(root)
    known = set(modules)
    outside = [p for d in ("tests", "tools") for p in sorted((root / d).rglob("*.py"))]
    outside += [root / "app.py"]
    found: list[str] = []
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for path in [*modules.values(), *outside]:
        me = module_name(path, root) if path.is_relative_to(root / "thirtyone") else str(
            path.relative_to(root))
        where = str(path.relative_to(root))
        for line, target, names in imports_of(path, me, known):
            for n in names:
                if n.startswith("_") and not n.startswith("__") and n != "_":  # gettext's _
                    found.append(f"{where}:{line}: takes the private name {n} from {target}")
            if me not in modules:
                continue
            if target != me:
                graph[me].add(target)
            a, b = layer_of(me), layer_of(target)
            if b > a or (b == a and group_of(me) != group_of(target)):
                found.append(f"{where}:{line}: {me} (layer {a}) imports {target} (layer {b})")
        found += [f"{where}:{line}: uses the private name {attr}"
                  for line, attr in private_attributes(path, known)]
    found += [f"import cycle: {' -> '.join(c)}" for c in cycles(graph)]
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_every_module_has_a_layer():
    for m in engine_modules(ROOT):
        layer_of(m)  # KeyError names a module outside every layer


def test_imports_go_down_the_layers_without_cycles_or_private_names():
    assert problems(ROOT) == []


# an import upward and a private name in the default run, the other places in the long tier
@pytest.mark.parametrize("module, planted", long_except([pytest.param(m, p, id=m) for m, p in [
    ("core/cards.py", "    from ..sim import simulate  # planted\n"),
    ("policies/basic.py", "    from ..teach import lore  # planted\n"),
    ("bench/odds.py", "    from ..teach import lore  # planted\n"),
    ("bench/bots.py", "    from ..store import engine  # planted\n"),
    ("expert/hint.py", "    from ..teach import lore  # planted\n"),
    ("game/records.py", "    from .banking import _RECORD_KEYS  # planted\n"),
]], "core/cards.py", "game/records.py"))
def test_the_check_finds_a_planted_breach(tmp_path, module, planted):
    shutil.copytree(ROOT / "thirtyone", tmp_path / "thirtyone",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for d in ("tests", "tools"):
        (tmp_path / d).mkdir()
    (tmp_path / "app.py").write_text("")
    target = tmp_path / "thirtyone" / module
    target.write_text(target.read_text() + "\n\ndef planted():\n" + planted)
    assert problems(tmp_path) != []


def test_a_planted_cycle_is_found(tmp_path):
    graph = {"thirtyone.a": {"thirtyone.b"}, "thirtyone.b": {"thirtyone.a"},
             "thirtyone.c": {"thirtyone.a"}}
    assert cycles(graph) == [["thirtyone.a", "thirtyone.b"]]


def test_no_module_over_700_lines_and_no_function_over_80():
    too_long = []
    for path in sorted((ROOT / "thirtyone").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT)
        if len(text.splitlines()) > 700:
            too_long.append(f"{where}: {len(text.splitlines())} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = node.end_lineno - node.lineno + 1
                if size > 80:
                    too_long.append(f"{where}:{node.lineno}: {node.name} is {size} lines")
    assert too_long == []


def test_no_module_beside_a_script_shadows_the_standard_library():
    """``thirtyone app`` runs thirtyone/ui/shell/app.py as a script (a checkout's app.py too):
    Python puts a script's folder first on sys.path, so a module there named like one of the
    standard library's (a ``numbers.py``) is imported in its place, by Streamlit itself, and
    the installed app does not start."""
    import sys

    folders = [ROOT / "thirtyone" / "ui" / "shell", ROOT]
    shadows = sorted(f"{p.relative_to(ROOT)}" for folder in folders for p in folder.glob("*.py")
                     if p.stem in sys.stdlib_module_names)
    assert shadows == []


# --- families are types, not strings ---------------------------------------------------------

FAMILY_TEST = re.compile(r"\.family\s*(==|!=|is\s+not|is|not\s+in|in)\s*[\"'(\[{]|"
                         r"\.family\s*(==|!=|is\s+not|is|not\s+in|in)\s*Family\.")
# Where a family may be named: its own class (game/families/), Banking's engine and its
# records (the banking family's own module), and the rules' check of which options apply to
# which family (core/rules.py, below the engine classes).
FAMILY_HOMES = ("thirtyone/game/families/", "thirtyone/game/banking.py",
                "thirtyone/game/banking_records.py", "thirtyone/core/rules.py")


def family_tests(root: Path) -> list[str]:
    """Every place outside the families' homes that compares a family with a name."""
    found = []
    for path in sorted([*(root / "thirtyone").rglob("*.py"), root / "app.py"]):
        if not path.exists():
            continue
        rel = path.relative_to(root).as_posix()
        if "__pycache__" in path.parts or rel.startswith(FAMILY_HOMES):
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if FAMILY_TEST.search(line.split("#")[0]):
                found.append(f"{rel}:{no}: {line.strip()}")
    return found


def test_no_code_outside_the_families_tests_a_family_by_name():
    """Issue 27: code asks the family's class for a fact (``game.families.family_class``)
    instead of testing ``rules.family == "draw"``; a new family is one module and one
    registry line."""
    assert family_tests(ROOT) == []


def test_the_family_check_finds_a_planted_test(tmp_path):
    (tmp_path / "thirtyone" / "ui").mkdir(parents=True)
    (tmp_path / "thirtyone" / "ui" / "x.py").write_text(
        'def f(rules):\n    return rules.family in ("draw", "swap")\n', encoding="utf-8")
    (tmp_path / "thirtyone" / "ui" / "y.py").write_text(
        'def g(obs):\n    return obs.rules.family is Family.WIDOW\n', encoding="utf-8")
    assert len(family_tests(tmp_path)) == 2


# --- the UI goes through each engine package's public door -----------------------------------

DOORS = ("core", "game", "odds", "policies", "expert", "teach")


def deep_engine_imports(root: Path) -> list[str]:
    """Imports in the UI (thirtyone/ui) that reach past a package's door, e.g.
    ``from ..game.records import save_game`` instead of ``from ..game import save_game``."""
    found = []
    files = sorted((root / "thirtyone" / "ui").rglob("*.py"))
    for path in files:
        if "__pycache__" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            parts = (node.module or "").split(".")
            if node.level == 0:
                parts = parts[1:] if parts[0] == "thirtyone" else []
            if len(parts) > 1 and parts[0] in DOORS:
                found.append(f"{path.relative_to(root)}:{node.lineno}: {'.'.join(parts)}")
    return found


def test_the_ui_imports_the_engine_only_through_each_packages_door():
    assert deep_engine_imports(ROOT) == []


def test_the_door_check_finds_a_planted_deep_import(tmp_path):
    (tmp_path / "thirtyone" / "ui").mkdir(parents=True)
    (tmp_path / "thirtyone" / "ui" / "pages").mkdir()
    (tmp_path / "thirtyone" / "ui" / "x.py").write_text("from ..game.records import save_game\n",
                                                        encoding="utf-8")
    (tmp_path / "thirtyone" / "ui" / "pages" / "p.py").write_text(
        "from thirtyone.core.cards import Card\n", encoding="utf-8")
    assert len(deep_engine_imports(tmp_path)) == 2


# --- the UI in rooms -------------------------------------------------------------------------

# A room may use another room only where the page is about it: the Class page (the teacher's
# hub) reports lessons, tables and challenges; a lesson shows the Odds lab's plots; the shell's
# class links open a lesson or a scorer hand.
ROOM_USES = {("classroom", "learn"), ("classroom", "class_table"), ("classroom", "challenge"),
             ("classroom", "live"), ("live", "learn"),
             ("learn", "odds_lab"), ("shell", "learn"), ("shell", "scorer")}


def room_of(module: str) -> str | None:
    """``thirtyone.ui.pages.learn.lessons`` -> ``learn``; ``thirtyone.ui.shell.links`` ->
    ``shell``; ``thirtyone.ui.widgets.felt`` -> ``widgets``; else None."""
    parts = module.split(".")
    if parts[:2] != ["thirtyone", "ui"] or len(parts) < 3:
        return None
    if parts[2] == "pages":
        return parts[3] if len(parts) > 3 else None
    return parts[2] if parts[2] in ("shell", "widgets") else None


def room_breaches(root: Path) -> list[str]:
    """Imports that break the rooms: a widget that uses a page's room, or a room that uses
    another room outside ``ROOM_USES``."""
    found = []
    for path in sorted((root / "thirtyone" / "ui").rglob("*.py")):
        me = module_name(path, root)
        mine = room_of(me)
        if mine is None or "__pycache__" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.ImportFrom) and node.module and node.level == 0):
                continue
            for alias in node.names:
                other = room_of(f"{node.module}.{alias.name}") or room_of(node.module)
                if other is None or other == mine:
                    continue
                allowed = {"shell"} if mine == "widgets" else {"shell", "widgets"}
                if other not in allowed and (mine, other) not in ROOM_USES:
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {mine} -> {other}")
    return found


def test_the_ui_lives_in_rooms():
    """Issue 27: each page is a room (``thirtyone/ui/pages/<room>/``) with its helpers beside
    it; what several pages draw is a widget (``ui/widgets/``), which never reaches into a
    room; the shell (``ui/shell/``) holds the app around them. There is no top-level pages/
    folder: the pages are callables registered in ``ui/shell/nav.py``."""
    assert room_breaches(ROOT) == []
    assert not (ROOT / "pages").exists()
    rooms = sorted(p.name for p in (ROOT / "thirtyone" / "ui" / "pages").iterdir()
                   if p.is_dir() and p.name != "__pycache__")
    from thirtyone.ui.shell.nav import PAGES
    assert sorted({spec.room for spec in PAGES} - {"home"}) == rooms


def test_the_room_check_finds_a_planted_breach(tmp_path):
    ui = tmp_path / "thirtyone" / "ui"
    for d in ("widgets", "pages/play", "pages/scorer"):
        (ui / d).mkdir(parents=True)
    (ui / "widgets" / "w.py").write_text("from thirtyone.ui.pages.play import page\n")
    (ui / "pages" / "scorer" / "s.py").write_text("from thirtyone.ui.pages.play.page import x\n")
    (ui / "pages" / "play" / "ok.py").write_text("from thirtyone.ui.widgets.felt import y\n")
    assert len(room_breaches(tmp_path)) == 2
