"""Text from outside (a file, a link, a text box) shown as plain text.

``st.error``, ``st.success``, ``st.info`` and friends read Markdown, so a player name such as
``![x](http://evil/)`` would make every viewer's browser fetch an outside address. Every
Markdown sign in such text is escaped with a backslash, so it shows exactly as typed.

>>> print(plain("![x](http://evil/) *hi*"))
\\!\\[x\\]\\(http\\://evil/\\) \\*hi\\*
>>> print(plain("# 1. Sam"), plain("1. Sam"))
\\# 1. Sam 1\\. Sam
>>> plain("51\\xa0%  ±\\n 3\\xa0%")
'51\\xa0% ± 3\\xa0%'
"""

from __future__ import annotations

import re

# Markdown's signs that act anywhere in a line (":" starts Streamlit's icons and colours)
_SIGNS = re.compile(r"([\\`*_{}\[\]()!|<>~$:&^])")
# white space collapsed into one space, but a no-break space stays one ("51\xa0%" in Russian
# and Ukrainian must not break after the number)
_SPACE = re.compile(r"[^\S\u00a0\u2007\u202f]+")
# and those that act only at the start of a line: a heading, a list, a quote
_START = re.compile(r"^(?:([#+\-=])|(\d+)([.)]))")


def plain(text: object) -> str:
    """``text`` escaped for Streamlit's Markdown: every sign shows as itself, on one line."""
    one_line = _SPACE.sub(" ", str(text)).strip()
    escaped = _SIGNS.sub(r"\\\1", one_line)
    return _START.sub(lambda m: "\\" + m.group(1) if m.group(1)
                      else m.group(2) + "\\" + m.group(3), escaped)
