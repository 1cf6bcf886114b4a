"""The expert bot and the hint: ``belief`` (the chance of each hidden hand from a player's
public moves), ``rollout`` (the rest of a round played out many times by the batched
policies), ``sample`` (sampled deals of the hidden cards), ``costs`` (what a round's end
costs a seat, by ``game.settle``), ``expert`` (the decision) and ``hint`` (the decision in
words)."""

# The package's public door: what the layers above use (tests/test_layers.py keeps the
# UI importing only from here).
from .hint import hint

__all__ = ["hint"]
