"""Bot policies that see only an observation: ``basic`` (with ``random``) and ``standard``,
each rule in its scalar form beside its batched numpy twin; ``view`` is what a seat knows."""
