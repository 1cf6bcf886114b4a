"""The engine's errors that more than one layer raises."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """A move that the rules do not allow now; the message says why. State is unchanged."""
