"""The expert bot and the hint: ``belief`` (the chance of each hidden hand from a player's
public moves), ``rollout`` (the rest of a round played out many times by the batched
policies), ``expert`` (sampled deals, costs and the decision) and ``hint`` (the decision in
words)."""
