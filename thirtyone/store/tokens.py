"""Join codes, teacher keys, resume tokens and display names: made, normalised and checked.

- A **join code** is short enough to read off a projector: 6 characters from an alphabet
  without look-alikes (no 0/O, 1/I/L). Typed codes are upper-cased and spaces and dashes
  dropped, so ``abc-23d`` works.
- A **teacher key** opens the dashboard: 12 such characters shown as three groups of four
  (about 59 bits). Only its hash is stored.
- A **resume token** brings a learner back from any browser: 128 random bits, URL-safe. Only
  its hash is stored, so a copy of the database does not let anyone in.
- A **display name** is 1-30 characters after NFKC normalisation: letters of any script with
  their combining marks, digits, spaces and ``.'-_`` (a zero-width joiner or non-joiner only
  between letters). A person's name keeps to one script (``names.mixes_scripts``), and two
  names are the same name when their ``names.fold`` is (case and look-alike letters folded).
  It is always shown as plain text.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata

from ..i18n import N_, _
from .names import mixes_scripts

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LEN = 6
KEY_LEN = 12
NAME_MAX = 30
TOKEN_MAX = 64


class InputError(ValueError):
    """Something a person typed is not acceptable; the message says why in one sentence."""


def new_code(length: int = CODE_LEN) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _i in range(length))


def new_key() -> str:
    raw = new_code(KEY_LEN)
    return "-".join(raw[i:i + 4] for i in range(0, KEY_LEN, 4))


def new_token() -> str:
    return secrets.token_urlsafe(16)


def digest(secret: str) -> str:
    """The stored form of a key or token (SHA-256: both are long random strings)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _squeeze(text: object, limit: int) -> str:
    if not isinstance(text, str):
        return ""
    return re.sub(r"[\s\-]+", "", text[:limit]).upper()


def normal_code(text: object) -> str | None:
    """A typed join code in its stored form, or None if it cannot be one."""
    code = _squeeze(text, 40)
    if len(code) != CODE_LEN or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


def normal_key(text: object) -> str | None:
    """A typed teacher key in its stored form (``ABCD-EFGH-JKMN``), or None."""
    raw = _squeeze(text, 60)
    if len(raw) != KEY_LEN or any(c not in CODE_ALPHABET for c in raw):
        return None
    return "-".join(raw[i:i + 4] for i in range(0, KEY_LEN, 4))


def normal_token(text: object) -> str | None:
    """A resume token as it came in a link, or None if it cannot be one."""
    if not isinstance(text, str) or not 16 <= len(text) <= TOKEN_MAX:
        return None
    if not re.fullmatch(r"[A-Za-z0-9_\-]+", text):
        return None
    return text


_NAME_PUNCT = set(" .'-_")
_JOINERS = "\u200c\u200d"
MIXED = N_("A name must be written in one alphabet: please do not mix, say, Latin and Cyrillic "
           "letters.")


# what a name is for -> (empty, too long, bad characters): whole sentences, so each language
# says "a class name" its own way
NAME_WORDS = {
    "name": (N_("Please type a name."),
             N_("A name can be at most {n} characters long."),
             N_("A name can use letters, digits, spaces and . ' - _ only.")),
    "class name": (N_("Please type a class name."),
                   N_("A class name can be at most {n} characters long."),
                   N_("A class name can use letters, digits, spaces and . ' - _ only.")),
    "table name": (N_("Please type a table name."),
                   N_("A table name can be at most {n} characters long."),
                   N_("A table name can use letters, digits, spaces and . ' - _ only.")),
    "challenge name": (N_("Please type a challenge name."),
                       N_("A challenge name can be at most {n} characters long."),
                       N_("A challenge name can use letters, digits, spaces and . ' - _ "
                          "only.")),
}


def check_name(text: object, what: str = "name") -> str:
    """A display name, trimmed and with inner spaces collapsed; ``InputError`` says why not."""
    empty, long, bad_chars = NAME_WORDS.get(what, NAME_WORDS["name"])
    if not isinstance(text, str):
        raise InputError(_(empty))
    if len(text) > 200:
        raise InputError(_(long).format(n=NAME_MAX))
    name = " ".join(unicodedata.normalize("NFKC", text).split())
    if not name:
        raise InputError(_(empty))
    if len(name) > NAME_MAX:
        raise InputError(_(long).format(n=NAME_MAX))
    if not all(_name_char(name, i) for i in range(len(name))):
        raise InputError(_(bad_chars))
    if what == "name" and mixes_scripts(name):
        raise InputError(_(MIXED))
    return name


def _name_char(name: str, i: int) -> bool:
    """May ``name[i]`` be in a name: a letter, a digit, a combining mark on a letter, a joiner
    between letters, or one of ``.'-_`` and the space."""
    c = name[i]
    kind = unicodedata.category(c)
    if kind[0] in ("L", "N") or c in _NAME_PUNCT:
        return True
    before = unicodedata.category(name[i - 1])[0] if i else ""
    if kind[0] == "M":
        return before in ("L", "M")
    if c in _JOINERS:
        after = unicodedata.category(name[i + 1])[0] if i + 1 < len(name) else ""
        return before in ("L", "M") and after == "L"
    return False
