"""Movers for the store race (tests/test_store_hitch.py): threads that play on one class table
through the store (``store.shared``), as many students clicking at once would.

Each mover reads the table, picks a legal move for the seat to move (or deals the next round)
and sends it with the version it read. What comes back is counted: ``written`` (accepted:
the version it made and the move), ``refused`` (the store's own refusals: another move
came first, not your turn, ``StoreBusy``) and ``errors`` (anything else, with its text).

Run as a script (a second process on the same database):
``python tests/store_movers.py URL TABLE_ID THREADS SECONDS START OUT.json`` (START: the
wall-clock time both processes begin at).
"""

from __future__ import annotations

import json
import os
import random
import sys
import threading
import time
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, os.environ.get("PYTHONPATH") or str(Path(__file__).resolve().parents[1]))

from thirtyone.store import Store, StoreError, open_store, shared  # noqa: E402
from thirtyone.store.shared import TableRefused  # noqa: E402


def mover(store: Store, tid: int, until: float, out: dict, lock: threading.Lock,
          seed: int) -> None:
    rng = random.Random(seed)
    while time.monotonic() < until:
        try:
            row, game = shared.load(store, tid)
            if game.game_over:
                return
            if game.round_over:
                new = shared.next_round(store, tid, row.version)
                with lock:
                    out["written"].append([row.version, new.version, "next round"])
                continue
            seat = game.to_move
            action = str(rng.choice(game.legal_actions()))
            new = shared.play(store, tid, seat, action, row.version)
            with lock:
                out["written"].append([row.version, new.version, action])
        except (TableRefused, StoreError) as e:
            with lock:
                out["refused"].append(type(e).__name__ + ": " + str(e))
        except Exception as e:  # noqa: BLE001 - what the race is looking for
            with lock:
                out["errors"].append(f"{type(e).__name__}: {e}"[:300])


def race(store: Store, tid: int, threads: int, seconds: float, seed: int = 0,
         start_at: float | None = None) -> dict:
    """``threads`` movers for ``seconds`` on table ``tid`` (from the wall-clock time
    ``start_at``, else now); their tally."""
    out: dict = {"written": [], "refused": [], "errors": []}
    lock = threading.Lock()
    if start_at is not None:
        time.sleep(max(0.0, start_at - time.time()))
    until = time.monotonic() + seconds
    barrier = threading.Barrier(threads)

    def run(n: int) -> None:
        barrier.wait()
        mover(store, tid, until, out, lock, seed * 1000 + n)

    pool = [threading.Thread(target=run, args=(n,)) for n in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    return out


if __name__ == "__main__":
    url, tid, threads, seconds, start, path = sys.argv[1:7]
    store = open_store(url)
    result = race(store, int(tid), int(threads), float(seconds), seed=7,
                  start_at=float(start))
    Path(path).write_text(json.dumps(result))
    store.engine.dispose()
