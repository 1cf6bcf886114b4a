"""AppTest as it is in every Streamlit the package allows (``.ci/constraints-min.txt`` runs the
page tests on the lowest one): the few places where AppTest itself changed, read one way.

- ``at.query_params`` holds lists (``{"seed": ["7"]}``) before Streamlit 1.63 and single
  strings after; ``query(at)`` gives the last value of each as a string.
- ``at.session_state`` cannot be iterated before 1.63; ``state_keys(at)`` lists its keys.
- ``at.pills`` and a download button's ``key`` are new in AppTest 1.57 and 1.59; ``Pills``
  and ``element_key`` read the element's message instead and set a pick through the
  session state, as a widget's key allows.
"""

from __future__ import annotations

from typing import Any

from streamlit.testing.v1 import AppTest


def query(at: AppTest) -> dict[str, str]:
    """The page's address parameters, each as its (last) value."""
    return {k: (v[-1] if isinstance(v, list) else v) for k, v in at.query_params.items()}


def state_keys(at: AppTest) -> list[str]:
    """Every key in the session state."""
    state = at.session_state
    keys = getattr(type(state), "keys", None)
    if keys is not None:
        return list(keys(state))
    return list(state.filtered_state)


def element_key(element: Any) -> str | None:
    """The ``key=`` an element was given (None for none)."""
    key = getattr(element, "key", None)
    if key:
        return key
    # an element's id is "$$ID-<hash>-<key>" when it was given a key
    parts = element.proto.id.split("-", 2)
    return parts[2] if len(parts) == 3 and parts[0] == "$$ID" and parts[2] != "None" else None


class Pills:
    """``at.pills(key=...)`` where AppTest has it; otherwise the same two things the tests
    use: ``options`` (the labels) and ``set_value`` (through the session state)."""

    def __new__(cls, at: AppTest, key: str):
        if hasattr(at, "pills"):
            return at.pills(key=key)
        return super().__new__(cls)

    def __init__(self, at: AppTest, key: str) -> None:
        self.at, self.key = at, key
        found = [e for e in at.get("button_group") if element_key(e) == key]
        assert found, f"no pills with key {key!r}"
        self.options = [opt.content for opt in found[0].proto.options]

    def set_value(self, value: list[str]) -> Pills:
        self.at.session_state[self.key] = list(value)
        return self
