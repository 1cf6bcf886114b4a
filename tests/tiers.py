"""The two tiers of the suite (tests/conftest.py, README "Run the tests").

The default run (``python -m pytest``) is the one a developer runs before a commit: every
engine, store and page (AppTest) test, and a browser walk through every page, each at one
screen size, language and table size. The long tier (tests marked ``long``; ``python -m
pytest --long`` runs everything, ``.ci/run`` runs the tier after the default run, so CI runs
every test) adds the same walks at the other sizes, languages and table sizes, the longer
walks, the failure drills that start and kill app servers of their own, and the long
statistical sweeps.

    @pytest.mark.parametrize("players", long_except([2, 3, 4, 5, 6], 6))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

LONG = pytest.mark.long
PARAM = type(pytest.param(None))     # what pytest.param gives (pytest names it only privately)


def long_except(values: Iterable[Any], *keep: Any) -> list[Any]:
    """``values`` for ``parametrize``: those in ``keep`` run in the default run, the others
    only in the long tier. A value given as ``pytest.param`` (as it must be for several
    argument names) is matched by its id; any other value is one argument's value."""
    out = []
    for v in values:
        if (v.id if isinstance(v, PARAM) else v) in keep:
            out.append(v)
        elif isinstance(v, PARAM):
            out.append(pytest.param(*v.values, marks=[*v.marks, LONG], id=v.id))
        else:
            out.append(pytest.param(v, marks=LONG))
    return out
