"""The Russian and Ukrainian glossaries: one word per idea of the game, and the words a
language's texts must not use (``glossary_ru.toml``, ``glossary_uk.toml`` in this package).

A translator reads the ``[terms]``; ``tests/test_glossary.py`` reads the ``[[banned]]`` entries
and fails on any of them in that language's catalogs and lessons.

>>> [b.word for b in banned_in("Игрок плывёт дальше.", "ru")]
['плывёт']
>>> banned_in("Игрок плавает дальше.", "ru")
[]
>>> [b.word for b in banned_in("Понтёр прикупает карту.", "ru")]
[]
>>> [b.word for b in banned_in("Возьмите карту из прикупа.", "ru")]
['прикупа']
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the Streamlit releases for it carry the toml package (as cli.py reads it)
    import toml as tomllib

HERE = Path(__file__).resolve().parent
LANGS = ("ru", "uk")


@dataclass(frozen=True)
class Ban:
    pattern: re.Pattern[str]
    use: str
    why: str
    only_with: tuple[str, ...] = ()


@dataclass(frozen=True)
class Glossary:
    lang: str
    terms: dict[str, str]
    banned: tuple[Ban, ...]


@dataclass(frozen=True)
class Found:
    word: str
    use: str
    why: str


@cache
def glossary(lang: str) -> Glossary:
    """The glossary of ``lang`` ('ru' or 'uk')."""
    if lang not in LANGS:
        raise ValueError(f"No glossary for {lang!r}; there are: {', '.join(LANGS)}.")
    data = tomllib.loads((HERE / f"glossary_{lang}.toml").read_text(encoding="utf-8"))
    bans = tuple(Ban(re.compile(r"(?<![\w])(?:" + b["pattern"] + r")\w*", re.I), b["use"], b["why"],
                     tuple(b.get("only_with", ()))) for b in data.get("banned", []))
    return Glossary(lang, dict(data.get("terms", {})), bans)


def banned_in(text: str, lang: str) -> list[Found]:
    """The banned words of ``lang`` in ``text`` (one message, one lesson file)."""
    out = []
    low = text.lower()
    for b in glossary(lang).banned:
        if b.only_with and any(w.lower() in low for w in b.only_with):
            continue
        out += [Found(m.group(0), b.use, b.why) for m in b.pattern.finditer(text)]
    return out
