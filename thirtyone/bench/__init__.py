"""Benchmarks and load tests: ``python -m thirtyone.bench`` (``--help`` lists every flag).

One module per benchmark; ``cli`` runs them side by side:

- ``cli``: the command line (``--quick``, ``--json``, ``--only-sim``, ``--bots``, ``--pages``,
  ``--load N`` and ``--class``...), run by ``__main__``;
- ``sim``: the fast simulator against the table engine, rounds per second;
- ``plain``: the same against a plain one-round-at-a-time Python loop of the same bots
  (the loops themselves are a checkout's tools/bench_reference.py, not in the wheel);
- ``odds``: every exact odds function cold, after a house-rule change and warm, and the
  exact dealt-hand distribution;
- ``bots``: the bots' strength in whole games (``--bots``: the long matches);
- ``seats``: the knock curve per seat and the Odds lab's heat map;
- ``stream``: the streamed simulations of the Odds lab and the Variants page;
- ``pages``: the server's time per page, in Streamlit's AppTest (``--pages``);
- ``load``: a load test of the running app over websockets (``--load N``);
- ``load_class``: a class period as load (``--load N --class``).

Nothing in the engine, the store or the UI imports this package: it sits above the bots,
beside ``teach`` and ``plots`` (tests/test_layers.py). This file imports nothing, so that
``python -m thirtyone.bench.pages`` (or ``.bots``, ``.odds``) loads only what it needs.
"""
