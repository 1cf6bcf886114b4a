"""Bot policies that see only an observation: ``basic`` (with ``random``) and ``standard``,
each rule in its scalar form beside its batched numpy twin; ``view`` is what a seat knows."""

# The package's public door: what the layers above use (tests/test_layers.py keeps the
# UI importing only from here).
from .basic import DEFAULT_KNOCK_AT, basic_policy, random_bot
from .standard import standard_policy
from .view import View, view_from_observation
from .weak import weak_policy

__all__ = ["basic_policy", "DEFAULT_KNOCK_AT", "random_bot", "standard_policy", "View",
           "view_from_observation", "weak_policy"]
