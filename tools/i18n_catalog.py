"""The message catalogs: extract every marked message from the code with Babel, report what
a language still lacks, and add the missing messages to an area's catalog for translating.

    python tools/i18n_catalog.py check [PATH...]         # what ru and uk lack (exit 1 if any)
    python tools/i18n_catalog.py add AREA PATH [PATH...] # messages of PATHs missing in ru and uk
                                                         # go into locale/<lang>/LC_MESSAGES/AREA.po
                                                         # with an empty translation, to fill in
    python tools/i18n_catalog.py fill AREA LANG FILE.json  # set translations in AREA.po from
                                                         # {"msgid": "text" or [3 plural forms]}
                                                         # (a context: "context\x04msgid")

Marks: ``_``, ``N_``, ``ngettext``, ``pgettext``, ``npgettext`` (thirtyone/i18n).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "thirtyone" / "locale"
SOURCES = ("app.py", "thirtyone")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3)}
TARGETS = ("ru", "uk")
PLURALS = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && " \
          "(n%100<10 || n%100>=20) ? 1 : 2);"
FIELD = re.compile(r"\{[^{}]*\}")


def source_files(paths: Iterable[str | Path] = SOURCES) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        p = (ROOT / p) if not Path(p).is_absolute() else Path(p)
        out += sorted(p.rglob("*.py")) if p.is_dir() else [p]
    return [f for f in out if "__pycache__" not in f.parts and f.suffix == ".py"]


def _in_fstrings(f: Path) -> list[tuple[int, str | tuple[str, ...], str | None]]:
    """Marked messages inside f-strings (``f"<b>{_('to move')}</b>"``), which Babel's
    tokenizer does not look into: (line, message, context) from the syntax tree."""
    tree = ast.parse(f.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.JoinedStr):
            continue
        for call in ast.walk(node):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                    and call.func.id in KEYWORDS):
                continue
            args = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str)
                    else None for a in call.args]
            name = call.func.id
            if name in ("_", "N_") and args[:1] and args[0]:
                out.append((call.lineno, args[0], None))
            elif name == "ngettext" and len(args) >= 2 and all(args[:2]):
                out.append((call.lineno, (args[0], args[1]), None))
            elif name == "pgettext" and len(args) >= 2 and all(args[:2]):
                out.append((call.lineno, args[1], args[0]))
            elif name == "npgettext" and len(args) >= 3 and all(args[:3]):
                out.append((call.lineno, (args[1], args[2]), args[0]))
    return out


def extract(paths: Iterable[str | Path] = SOURCES) -> Catalog:
    """Every marked message in ``paths``, with where it is used."""
    cat = Catalog(project="thirtyone")
    for f in source_files(paths):
        where = str(f.relative_to(ROOT)) if f.is_relative_to(ROOT) else str(f)
        for line, msg, context in _in_fstrings(f):
            cat.add(msg, None, [(where, line)], context=context)
        for line, msg, comments, context in extract_from_file(
                "python", str(f), keywords=KEYWORDS, comment_tags=("i18n:",)):
            if not msg or (isinstance(msg, tuple) and not msg[0]):
                continue
            where = str(f.relative_to(ROOT)) if f.is_relative_to(ROOT) else str(f)
            cat.add(msg, None, [(where, line)],
                    auto_comments=comments, context=context)
    return cat


def read(lang: str) -> list[tuple[Path, Catalog]]:
    out = []
    for po in sorted((LOCALE / lang / "LC_MESSAGES").glob("*.po")):
        with po.open("rb") as f:
            out.append((po, read_po(f, locale=lang)))
    return out


def key(message) -> tuple[str, str | None]:
    mid = message.id[0] if isinstance(message.id, tuple) else message.id
    return mid, message.context


def problems(lang: str, wanted: Catalog | None = None) -> list[str]:
    """Every message the code uses that ``lang`` does not translate, or translates with other
    format fields ({n}) or too few plural forms; one line each."""
    wanted = wanted if wanted is not None else extract()
    have: dict[tuple[str, str | None], object] = {}
    for _po, cat in read(lang):
        for m in cat:
            if m.id and key(m) not in have and not m.fuzzy:
                have[key(m)] = m
    out = []
    for m in wanted:
        if not m.id:
            continue
        where = f"{m.locations[0][0]}:{m.locations[0][1]}" if m.locations else "?"
        t = have.get(key(m))
        forms = [] if t is None else (list(t.string) if isinstance(t.string, (tuple, list))
                                      else [t.string])
        if t is None or not all(forms):
            out.append(f"{lang}: no translation for {key(m)[0]!r} ({where})")
            continue
        if isinstance(m.id, tuple) and len(forms) < 3:
            out.append(f"{lang}: {len(forms)} plural forms for {m.id[0]!r}, needs 3 ({where})")
        english = set(FIELD.findall(" ".join(m.id) if isinstance(m.id, tuple) else m.id))
        for form in forms:
            if set(FIELD.findall(form)) - english:
                out.append(f"{lang}: {key(m)[0]!r} translated with fields "
                           f"{sorted(set(FIELD.findall(form)) - english)} the English lacks ({where})")
    return out


def conflicts(lang: str) -> list[str]:
    """Messages two areas' catalogs translate differently (only one can win at run time)."""
    seen: dict[tuple[str, str | None], tuple[str, object]] = {}
    out = []
    for po, cat in read(lang):
        for m in cat:
            if not m.id:
                continue
            first = seen.setdefault(key(m), (po.name, m.string))
            if first[1] != m.string:
                out.append(f"{lang}: {key(m)[0]!r} is {first[1]!r} in {first[0]} but "
                           f"{m.string!r} in {po.name}")
    return out


def add(area: str, paths: list[str]) -> None:
    wanted = extract(paths)
    for lang in TARGETS:
        have = {key(m) for _po, cat in read(lang) for m in cat if m.id}
        po = LOCALE / lang / "LC_MESSAGES" / f"{area}.po"
        if po.exists():
            with po.open("rb") as f:
                cat = read_po(f, locale=lang)
        else:
            po.parent.mkdir(parents=True, exist_ok=True)
            cat = Catalog(locale=lang, project="thirtyone", version="1",
                          copyright_holder="thirtyone", language_team=lang,
                          last_translator="thirtyone", fuzzy=False,
                          header_comment=f"# thirtyone: the {area} messages in {lang}. "
                                         "Updated by tools/i18n_catalog.py.")
        n = 0
        for m in wanted:
            if m.id and key(m) not in have:
                cat.add(m.id, ("", "", "") if isinstance(m.id, tuple) else "",
                        m.locations, context=m.context)
                n += 1
        with po.open("wb") as f:
            write_po(f, cat, width=100, omit_header=False, sort_output=False)
        print(f"{po.relative_to(ROOT)}: {n} messages added")


def fill(area: str, lang: str, path: str) -> None:
    import json

    texts = json.loads(Path(path).read_text(encoding="utf-8"))
    po = LOCALE / lang / "LC_MESSAGES" / f"{area}.po"
    with po.open("rb") as f:
        cat = read_po(f, locale=lang)
    done, unknown = 0, []
    for k, text in texts.items():
        context, _sep, mid = k.rpartition("\x04")
        m = next((m for m in cat if m.id and key(m) == (mid, context or None)), None)
        if m is None:
            unknown.append(k)
            continue
        m.string = tuple(text) if isinstance(m.id, tuple) else text
        done += 1
    with po.open("wb") as f:
        write_po(f, cat, width=100, sort_output=False)
    print(f"{po.relative_to(ROOT)}: {done} translations set"
          + (f"; not in the catalog (run add first): {unknown}" if unknown else ""))


def main(argv: list[str]) -> int:
    if argv[:1] == ["check"]:
        wanted = extract(argv[1:] or SOURCES)
        bad = [p for lang in TARGETS for p in problems(lang, wanted) + conflicts(lang)]
        print("\n".join(bad) or f"all {len(wanted)} messages translated in {', '.join(TARGETS)}")
        return 1 if bad else 0
    if argv[:1] == ["add"] and len(argv) >= 3:
        add(argv[1], argv[2:])
        return 0
    if argv[:1] == ["fill"] and len(argv) == 4:
        fill(argv[1], argv[2], argv[3])
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
