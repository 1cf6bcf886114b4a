"""Names that look alike are the same name: the script check and the confusable skeleton.

Two rules from Unicode's security mechanisms (UTS #39), with the data Unicode publishes for
them as shipped by ``confusable_homoglyphs`` (its ``confusables.json``, made from
``confusables.txt``, and ``categories.json``, made from ``Scripts.txt``):

- ``scripts(text)``: the writing systems a name uses, leaving out the characters every script
  shares (digits, spaces, punctuation: Common) and the combining marks that take the script of
  their letter (Inherited). A name of one script passes; so do Han with Hiragana and Katakana
  (Japanese), Han with Hangul (Korean), Han with Bopomofo, and Latin with any of those
  (UTS #39's "highly restrictive" level). Anything else mixes scripts (``mixes_scripts``).
- ``fold(text)``: the key two names are compared by: case-folded, then UTS #39's skeleton
  (NFD, every character replaced by its prototype, NFD again), case-folded again. Latin "Sam"
  and Cyrillic "Ѕаm" have one fold.

``confusables.json`` keeps each pair of ``confusables.txt`` both ways (source and prototype)
without saying which is which. A prototype is the one character several sources map to, or a
string of several characters; a pair that stands alone (one source, one prototype) is mapped
to the smaller of the two, which groups exactly the same strings as the prototype would.
"""

from __future__ import annotations

import functools
import hashlib
import json
import unicodedata
from importlib import resources

FOLD_MAX = 60          # characters of the stored fold (the column's width)
_MARKS = "\u200e\u200f"   # direction marks the data puts around right-to-left characters
IGNORED = {"COMMON", "INHERITED"}
CJK_SETS = ({"HAN", "HIRAGANA", "KATAKANA"}, {"HAN", "HANGUL"}, {"HAN", "BOPOMOFO"})


@functools.lru_cache(maxsize=1)
def _data(name: str) -> object:
    text = resources.files("confusable_homoglyphs").joinpath(name).read_text("utf-8")
    return json.loads(text)


def _clean(text: str) -> str:
    return "".join(c for c in text if c not in _MARKS)


@functools.lru_cache(maxsize=1)
def prototypes() -> dict[str, str]:
    """Each confusable character -> the string it stands for (see the module's note)."""
    raw = _data("confusables.json")
    assert isinstance(raw, dict)
    pairs: dict[str, set[str]] = {}
    for key, entries in raw.items():
        k = _clean(key)
        for e in entries:
            pairs.setdefault(k, set()).add(_clean(e["c"]))
    out: dict[str, str] = {}
    for k, partners in pairs.items():
        if len(k) != 1 or len(partners) != 1:
            continue   # several characters, or several partners: a prototype
        (p,) = partners
        if len(p) != 1 or len(pairs.get(p, ())) > 1:
            out[k] = p          # k is the source of a prototype with other sources
        elif p != k:
            out[k] = min(k, p)  # a pair alone: both to the smaller
    # a prototype of several characters may hold a character mapped above
    return {k: "".join(out.get(c, c) for c in v) for k, v in out.items()}


def skeleton(text: str) -> str:
    """UTS #39's skeleton of ``text``: NFD, each character by its prototype, NFD."""
    table = prototypes()
    mapped = "".join(table.get(c, c) for c in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def fold(text: str) -> str:
    """The key of a name for "is it the same name": case and look-alikes folded. A long one
    is kept as a hash (the same names still give the same key)."""
    out = text.replace("\u200c", "").replace("\u200d", "").casefold()
    for _i in range(3):  # a prototype may be a capital: fold until it stands still
        nxt = skeleton(out).casefold()
        if nxt == out:
            break
        out = nxt
    if len(out) > FOLD_MAX:
        out = "#" + hashlib.sha256(out.encode("utf-8")).hexdigest()[:FOLD_MAX - 1]
    return out


def script_of(char: str) -> str:
    """The script (Scripts.txt's name, upper case) of one character."""
    data = _data("categories.json")
    assert isinstance(data, dict)
    ranges, names = data["code_points_ranges"], data["iso_15924_aliases"]
    c, lo, hi = ord(char), 0, len(ranges) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        start, end, alias = ranges[mid][0], ranges[mid][1], ranges[mid][2]
        if c < start:
            hi = mid - 1
        elif c > end:
            lo = mid + 1
        else:
            return str(names[alias])
    return "UNKNOWN"


def scripts(text: str) -> set[str]:
    """The scripts of ``text`` that count (Common and Inherited characters left out)."""
    return {script_of(c) for c in text} - IGNORED


def mixes_scripts(text: str) -> bool:
    """True if ``text`` mixes scripts that one name does not (module note)."""
    found = scripts(text)
    if len(found) <= 1:
        return False
    rest = found - {"LATIN"}
    return not any(rest <= allowed for allowed in CJK_SETS)
