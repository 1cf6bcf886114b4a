"""The live lesson as load: ``python -m thirtyone.bench --load N --live``.

Issue 28: a teacher's projector and N students on ``/live``, each a real Streamlit websocket
client (``load_class.LivePage``: it runs the fragments' timers as the browser does). The
teacher pushes a decision; every student answers once at a random moment within ``spread``
seconds (default 10) of the push. Figures:

- ``answer_p50_s``, ``answer_p95_s``: from a student's tap until their own page has drawn the
  answer taken;
- ``projector_p50_s``, ``projector_p95_s``, ``projector_max_s``: from an answer's tap until the
  projector's count shows it. The k-th tap in time is matched with the first moment the
  projector's count reached k (the count cannot tell who answered, so this is the wait for
  *an* answer as recent as that one; target p95 < 2 s);
- ``counted``: the projector's last count, and ``stored`` / ``stored_students``: the answers
  the store holds for the item afterwards (rows and distinct students): each must be N;
- ``errors``: exceptions drawn on any page or websocket failures;
- ``cpu_share`` of the app's processes while the room answers, ``load_avg`` before and after.

Set up (the class, the students, the running lesson) through the store in a process of its
own (``python -m thirtyone.store.load_class live ...``), as ``load_class`` does; every session
then reaches the app only through its websocket. Loopback only, at most ``load.MAX_SESSIONS``
students.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any

from .load import (
    LoadError,
    Stats,
    Widget,
    app_pids,
    check_numbers,
    check_url,
    percentile,
    widget_key,
)
from .load_class import LivePage, cpu_seconds, on_a_server

KEYS = ("students", "spread_s", "answers_sent", "answer_p50_s", "answer_p95_s",
        "projector_p50_s", "projector_p95_s", "projector_max_s", "counted", "stored",
        "stored_students", "errors", "cpu_share", "load_avg")
COUNT = re.compile(r"^\s*(\d+) of (\d+) here ha")
PICK = "t31_live_pick_"
OPEN_TIMEOUT_S = 180.0


@dataclass
class Plan:
    teacher_key: str
    tokens: list[str]
    live_id: int
    store_url: str


def set_up(store_url: str, students: int) -> Plan:
    done = subprocess.run([sys.executable, "-m", "thirtyone.store.load_class", "live",
                           store_url, str(students)],
                          capture_output=True, text=True, timeout=300, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"setting up the live lesson failed: {done.stderr.strip()[-500:]}")
    made = json.loads(done.stdout)
    return Plan(made["teacher_key"], list(made["tokens"]), int(made["live_id"]), store_url)


def stored(plan: Plan) -> dict[str, int]:
    done = subprocess.run([sys.executable, "-m", "thirtyone.store.load_class", "live-count",
                           plan.store_url, str(plan.live_id)],
                          capture_output=True, text=True, timeout=120, check=False)
    return json.loads(done.stdout) if done.returncode == 0 else {}


class Projector(LivePage):
    """The teacher's /live page: keeps each moment its answer count grew."""

    def __init__(self, ws_url: str, stats: Stats) -> None:
        super().__init__(ws_url, stats)
        self.counts: list[tuple[float, int]] = []

    def _take(self, delta: Any) -> None:
        super()._take(delta)
        if delta.WhichOneof("type") == "new_element" and \
                delta.new_element.WhichOneof("type") == "markdown":
            found = COUNT.search(delta.new_element.markdown.body)
            if found and (not self.counts or int(found.group(1)) > self.counts[-1][1]):
                self.counts.append((time.monotonic(), int(found.group(1))))


class Pad(LivePage):
    """A student's /live page: keeps the answer buttons as last drawn."""

    def __init__(self, ws_url: str, stats: Stats) -> None:
        super().__init__(ws_url, stats)
        self.picks: dict[str, Any] = {}

    def _take(self, delta: Any) -> None:
        super()._take(delta)
        if delta.WhichOneof("type") == "new_element" and \
                delta.new_element.WhichOneof("type") == "button":
            b = delta.new_element.button
            key = widget_key(b.id)
            if key.startswith(PICK):
                self.picks[key] = Widget("button", b.id, key, b.label, b, delta.fragment_id)


async def _until(test: Any, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while not test():
        if time.monotonic() > end:
            return False
        await asyncio.sleep(0.05)
    return True


def matched(taps: list[float], counts: list[tuple[float, int]]) -> list[float]:
    """The k-th tap against the first moment the count reached k (taps without one: none).

    >>> matched([1.0, 2.0, 2.5], [(1.4, 1), (3.0, 3)])
    [0.4, 1.0, 0.5]
    """
    out = []
    for k, tap in enumerate(sorted(taps), 1):
        seen = next((t for t, n in counts if n >= k), None)
        if seen is not None:
            out.append(round(seen - tap, 3))
    return out


async def run_live_sessions(url: str, plan: Plan, spread: float, seed: int) -> dict[str, Any]:
    host, port = check_url(url)
    netloc = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    ws_url = f"ws://{netloc}/_stcore/stream"
    pids = app_pids(port)
    stats, rng = Stats(), random.Random(seed)
    load0 = os.getloadavg()[0]
    teacher = Projector(ws_url, stats)
    pads = [Pad(ws_url, stats) for _ in plan.tokens]
    taps: list[float] = []
    own: list[float] = []
    async with teacher:
        await teacher.start("class", f"teacher={plan.teacher_key}")
        await teacher.wait_change(60)
        await teacher.switch("live")
        if not await _until(lambda: teacher.counts, 60):
            raise RuntimeError("the projector never showed its answer count")

        async def student(i: int, pad: Pad, token: str) -> None:
            async with pad:
                await asyncio.sleep(5.0 * i / len(pads))       # the room opens its pages
                await pad.start("live", f"me={token}")
                await _until(lambda: bool(pad.picks) and pad.ready, OPEN_TIMEOUT_S)
                await opened.wait()
                await asyncio.sleep(rng.uniform(0, spread))
                if not pad.picks:
                    stats.error("a student's page never drew the answer buttons")
                    return
                pick = rng.choice(sorted(pad.picks))
                t0, runs = time.monotonic(), pad.full_runs
                taps.append(t0)
                await pad.press(pad.picks[pick])
                if await _until(lambda: pad.full_runs > runs, 30):
                    own.append(time.monotonic() - t0)
                await _until(lambda: teacher.counts[-1][1] >= len(pads), spread + 15)
                await pad.close()

        opened = asyncio.Event()
        tasks = [asyncio.create_task(student(i, p, t))
                 for i, (p, t) in enumerate(zip(pads, plan.tokens, strict=True))]
        await _until(lambda: all(p.picks and p.ready for p in pads), OPEN_TIMEOUT_S)
        c0, w0 = cpu_seconds(pids), time.monotonic()
        opened.set()                                          # the push
        await asyncio.gather(*tasks)
        cpu, wall = cpu_seconds(pids) - c0, time.monotonic() - w0
        await teacher.close()
    lat = matched(taps, teacher.counts)
    got = stored(plan)
    return {
        "students": len(pads), "spread_s": spread, "answers_sent": len(taps),
        "answer_p50_s": round(statistics.median(own), 3) if own else None,
        "answer_p95_s": _r(percentile(own, 0.95)),
        "projector_p50_s": round(statistics.median(lat), 3) if lat else None,
        "projector_p95_s": _r(percentile(lat, 0.95)),
        "projector_max_s": max(lat) if lat else None,
        "counted": teacher.counts[-1][1] if teacher.counts else 0,
        "stored": got.get("answers"), "stored_students": got.get("students"),
        "errors": len(stats.errors), "error_samples": stats.errors[:5],
        "cpu_share": round(cpu / wall, 2) if wall > 0 and pids else None,
        "load_avg": [round(load0, 2), round(os.getloadavg()[0], 2)],
        "url": f"http://{netloc}", "processes": len(pids),
    }


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


def run_live(students: int, url: str | None = None, spread: float = 10.0,
             store_url: str | None = None, seed: int = 0) -> dict[str, Any]:
    """The live-lesson load test; starts and stops its own server when ``url`` is None."""
    check_numbers(students, 60.0, (1.0, 3.0))
    if not 0 <= spread <= 60:
        raise LoadError(f"The answers come within 0 to 60 seconds of the push, not {spread}.")
    return on_a_server(url, store_url, lambda store: set_up(store, students),
                       lambda app, plan: run_live_sessions(app, plan, spread, seed))


def print_live(row: dict[str, Any]) -> None:
    def num(v: Any, unit: str = " s") -> str:
        return "-" if v is None else f"{v}{unit}"

    print(f"Live lesson load: 1 projector, {row['students']} students answering within "
          f"{row['spread_s']} s of the push, against {row['url']} ({row['processes']} app "
          f"process(es)); load average {row['load_avg'][0]} -> {row['load_avg'][1]}")
    print(f"  answers sent {row['answers_sent']}, counted on the projector {row['counted']}, "
          f"in the store {row['stored']} ({row['stored_students']} students); errors "
          f"{row['errors']}")
    print(f"  a student's own page: p50 {num(row['answer_p50_s'])}, p95 "
          f"{num(row['answer_p95_s'])}; answer to projector: p50 {num(row['projector_p50_s'])}, "
          f"p95 {num(row['projector_p95_s'])} (target < 2 s), max {num(row['projector_max_s'])}"
          f"; app CPU {num(row['cpu_share'], '')} of a core")
    for e in row.get("error_samples", []):
        print(f"  error: {e}")
