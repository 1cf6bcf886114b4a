"""Finding English left on a page run in the pseudo-language ``xx`` (thirtyone.i18n): every
translated message comes out marked ⟦...⟧, so words outside the marks were never translated."""

from __future__ import annotations

import json
import re

from streamlit.testing.v1 import AppTest

# proto fields that carry text a reader sees
TEXT_FIELDS = {"body", "label", "help", "placeholder", "options", "caption", "title", "text",
               "default_value", "display_value", "value"}
# elements whose text is not prose: code the reader copies, CSS/HTML the page injects,
# data tables (their numbers and card codes)
SKIP_TYPES = {"code", "json", "arrow_data_frame", "data_frame", "table", "arrow_table", "html",
              "empty", "vega_lite_chart"}
# words that stay as they are in every language: the variants' own names and proper names the
# sources keep, card codes and the app's symbols
ALLOWED = {"Scat", "Blitz", "Schwimmen", "Kitty", "Switch", "Stop", "Bus", "Banking",
           "Trente", "Trentuno", "Vingt", "Commerce", "Cribbage", "Wit", "Reason",
           "Python", "CSV", "JSON", "PNG", "URL", "PIN", "SQLite", "PostgreSQL", "CLI",
           "numpy", "numba", "plotly", "pandas", "Streamlit", "Jupyter",
           "Sam", "Brag", "Eenendertigen",
           # the players' names in the English lesson files and the bots' and scenarios'
           # names (the Russian and Ukrainian lessons name them in their own letters)
           "Ann", "Ben", "Bo", "Cleo", "Dee", "Eli", "Fay", "Gus", "Tom", "Lena"}
PSEUDO = re.compile(r"⟦[^⟦⟧]*⟧")
BLOCKS = re.compile(r"<(style|script)\b.*?</\1>", re.S)
NOISE = re.compile(r"\bStop the Bus\b|\]\([^)]*\)|<[^<>]*>|:[a-z-]+\[|&[a-z]+;|:material/[a-z_]+:"
                   r"|https?://\S+|`[^`]*`|\{[^{}]*\}"
                   r"|\b(?:10|[2-9TJQKA])[SHDC♠♥♦♣]\b|\b[a-z0-9_]+=[^ ]*|\b[a-z]+_[a-z_]+\b")
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]{2,}")


def _strings(msg, out: list[str]) -> None:
    for field, value in msg.ListFields():
        if field.name == "spec" and isinstance(value, str):       # a plotly figure
            out.extend(_figure_text(value))
        elif field.name in TEXT_FIELDS and isinstance(value, str):
            out.append(value)
        elif field.name in TEXT_FIELDS and hasattr(value, "__iter__") and not hasattr(value, "ListFields"):
            out.extend(v for v in value if isinstance(v, str))
        elif hasattr(value, "ListFields"):
            _strings(value, out)
        elif hasattr(value, "__iter__") and not isinstance(value, (str, bytes)):
            for v in value:
                if hasattr(v, "ListFields"):
                    _strings(v, out)


def _figure_text(spec: str) -> list[str]:
    try:
        fig = json.loads(spec)
    except ValueError:
        return []
    out = []
    layout = fig.get("layout", {})

    def title(obj):
        t = obj.get("title") if isinstance(obj, dict) else None
        if isinstance(t, dict):
            t = t.get("text")
        if isinstance(t, str):
            out.append(t)

    title(layout)
    for k, v in layout.items():
        if k.startswith(("xaxis", "yaxis", "coloraxis")) and isinstance(v, dict):
            title(v)
            if "colorbar" in v:
                title(v["colorbar"])
    for a in layout.get("annotations", []) or []:
        if isinstance(a.get("text"), str):
            out.append(a["text"])
    for tr in fig.get("data", []):
        if isinstance(tr.get("name"), str):
            out.append(tr["name"])
        if isinstance(tr.get("colorbar"), dict):
            title(tr["colorbar"])
    return out


def page_strings(at: AppTest) -> list[str]:
    """The reader's text of every element in the page and the sidebar."""
    out: list[str] = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        kind = getattr(node, "type", "")
        if proto is not None and kind not in SKIP_TYPES:
            _strings(proto, out)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at.main)
    walk(at.sidebar)
    return out


def english_words(text: str) -> list[str]:
    """Words of ``text`` outside the pseudo-language's marks (and outside tags, card codes,
    format fields and names every language keeps)."""
    prev = None
    while prev != text:
        prev, text = text, PSEUDO.sub(" ", text)
    text = NOISE.sub(" ", BLOCKS.sub(" ", text))
    return [w for w in WORD.findall(text) if w not in ALLOWED and w.strip("'’-") not in ALLOWED]


def english_left(at: AppTest) -> list[str]:
    """Each string on the page that still has English in it, with the words."""
    out = []
    for s in page_strings(at):
        words = english_words(s)
        if words:
            out.append(f"{' '.join(words[:6])}  ←  {s[:90]!r}")
    return sorted(set(out))
