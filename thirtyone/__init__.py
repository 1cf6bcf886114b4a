"""thirtyone: the rules engine behind the Thirty-One teaching app.

The engine never imports streamlit; ``thirtyone.ui`` and the pages do.

>>> from thirtyone import parse_hand, get_variant, score
>>> score(parse_hand("AH KH 9S"), get_variant("scat").rules).points
21.0
"""

import re as _re
from importlib.metadata import PackageNotFoundError as _NotInstalled
from importlib.metadata import version as _installed_version
from pathlib import Path as _Path

from .core.cards import Card, CardError, make_pack, parse_card, parse_hand
from .core.errors import IllegalActionError
from .core.rules import OPTIONS, VARIANTS, Rules, RulesError, Variant, get_variant
from .core.scoring import Score, score


def _version() -> str:
    """The installed package's version (its metadata); run from a checkout that is not
    installed, the one in the checkout's pyproject.toml; else "0+unknown"."""
    try:
        return _installed_version("thirtyone")
    except _NotInstalled:
        pass
    try:
        text = (_Path(__file__).resolve().parent.parent / "pyproject.toml").read_text("utf-8")
    except OSError:
        return "0+unknown"
    found = _re.search(r'^version\s*=\s*"([^"]+)"', text, _re.MULTILINE)
    return found.group(1) if found else "0+unknown"


__version__ = _version()

__all__ = ["Card", "CardError", "IllegalActionError", "OPTIONS", "Rules", "RulesError", "Score",
           "VARIANTS", "Variant", "__version__", "get_variant", "make_pack", "parse_card",
           "parse_hand", "score"]
