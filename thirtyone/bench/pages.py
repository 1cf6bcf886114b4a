"""Server time per page: ``python -m thirtyone.bench --pages`` (or ``-m thirtyone.bench.pages``).

Each page of the app is run in Streamlit's ``AppTest`` (the script runs as the server would
run it for one browser session, without a browser) and timed: its first render in a new
session, and a typical click on it, as the median of a few clicks once the shared caches are
warm (as they are on a server that has been up for a while). The figure is the CPU time of
the thread that runs the script, in milliseconds (Streamlit's work for the page included:
widgets, protobuf messages; AppTest's own work outside that thread not), and like a server
it compiles each page script only once. ``KiB`` is the size of the elements the run sends
(their protobuf messages).

Every page is covered: Learn (a step, and a lesson's plot), the scorer, Play, Variants, the
Odds lab, and the class pages as their people see them: the bench first makes a class
through the pages (a teacher starts it, makes a table and a challenge; a student joins) in a
folder of its own, then times the teacher's dashboard and the student's table and challenge.
Each row is checked against a target (``TARGET_FIRST_MS``, ``TARGET_CLICK_MS``). The last row
is the Odds lab's first simulated curve after a control change (``odds_first_estimate``: wall
time from the start of the script run to the first batch's curve being drawn).

This module only runs the app's entry by path (the checkout's ``app.py``, or the installed
``thirtyone/ui/shell/app.py``) and opens a page by its address; it does not import the UI.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parents[1]   # thirtyone/
TIMEOUT = 120


def app_entry() -> Path:
    """The app's entry script: a checkout's ``app.py``, else the installed
    ``thirtyone/ui/shell/app.py``."""
    checkout = PACKAGE.parent / "app.py"
    if checkout.is_file() and (PACKAGE.parent / "lessons").is_dir():
        return checkout
    return PACKAGE / "ui" / "shell" / "app.py"


def switch_to(at: Any, url_path: str) -> Any:
    """Open the page at ``url_path`` (``"learn"``, ``"class"``...) on ``at``'s next run. The
    pages are callables, which ``AppTest.switch_page`` (files only) cannot open: Streamlit
    knows a page by the hash of its address, set here as ``thirtyone.ui.shell.nav.switch_to``
    does (repeated, not imported: the benches sit below the UI and only run it)."""
    from streamlit import util

    hasher = getattr(util, "calc_hash", None) or getattr(util, "calc_md5")  # noqa: B009
    at._page_hash = hasher(url_path)
    return at


SCRIPT_CPU: list[float] = []  # the script thread's CPU seconds of each run, in order


@contextlib.contextmanager
def server_like_runs() -> Iterator[None]:
    """AppTest runs made closer to a server's, and timed on the script's own thread:

    - one compiled-script cache for every run, as a server keeps (AppTest makes a new one per
      run, which would add each page's compile time to every click);
    - the CPU time of the thread that runs the script is appended to ``SCRIPT_CPU`` (without
      AppTest's own work in the main thread: making the runner, reading the result).
    """
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import app_test as app_test_module
    from streamlit.testing.v1 import local_script_runner

    # Any: this patches Streamlit's class and method in place, which their types forbid
    app_test: Any = app_test_module
    lsr: Any = local_script_runner
    shared = ScriptCache()
    original_cache = lsr.ScriptCache
    runner = lsr.LocalScriptRunner
    original_thread = runner.__dict__.get("_run_script_thread")

    def timed_thread(self: Any) -> None:
        t0 = time.thread_time()
        try:
            original_thread(self)
        finally:
            SCRIPT_CPU.append(time.thread_time() - t0)

    lsr.ScriptCache = app_test.ScriptCache = lambda: shared  # the runner's, the pages'
    if original_thread is not None:  # a Streamlit without it: only the process time is kept
        runner._run_script_thread = timed_thread
    try:
        yield
    finally:
        lsr.ScriptCache = app_test.ScriptCache = original_cache
        if original_thread is not None:
            runner._run_script_thread = original_thread


def _payload(node: Any) -> int:
    size = 0
    proto = getattr(node, "proto", None)
    if proto is not None and hasattr(proto, "ByteSize"):
        size += proto.ByteSize()
    for child in getattr(node, "children", {}).values():
        size += _payload(child)
    return size


def timed_run(at: Any) -> tuple[float, float]:
    """Run the script once: (CPU ms of the script, payload KiB). Raises if the page raised."""
    c0 = time.process_time()
    before = len(SCRIPT_CPU)
    at.run()
    ms = (time.process_time() - c0) * 1000
    if len(SCRIPT_CPU) > before:
        ms = sum(SCRIPT_CPU[before:]) * 1000
    if at.exception:
        raise RuntimeError(f"the page raised: {at.exception[0].value}")
    return ms, (_payload(at.main) + _payload(at.sidebar)) / 1024


def new_session(page: str | None, query: dict[str, str] | None = None) -> Any:
    """A new session opened on the app (then switched to ``page``, not yet run)."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(app_entry()), default_timeout=TIMEOUT)
    for k, v in (query or {}).items():
        at.query_params[k] = v
    if page:
        at.run()
        switch_to(at, page)
    return at


# --- the clicks -----------------------------------------------------------------------------
# Each returns a function that makes the next click (the script has not run yet).

def _home_clicks(at: Any) -> Callable[[int], None]:
    def click(i: int) -> None:  # nothing changed: the cost every rerun shares
        return None
    return click


def _learn_clicks(at: Any) -> Callable[[int], None]:
    def click(i: int) -> None:
        at.button(key="t31step_next" if i % 2 == 0 else "t31step_prev").click()
    return click


def _scorer_clicks(at: Any) -> Callable[[int], None]:
    for c in ("AH", "KH"):
        at.button(key=f"scorer_t31pick_{c}").click().run()

    def click(i: int) -> None:  # the third card in and out: a scored hand, then two cards
        at.button(key="scorer_t31pick_9S" if i % 2 == 0 else "scorer_t31pick_QH").click()
    return click


def _variants_clicks(at: Any) -> Callable[[int], None]:
    def click(i: int) -> None:
        at.toggle(key="t31var_only_diff").set_value(i % 2 == 1)
    return click


def _odds_clicks(at: Any) -> Callable[[int], None]:
    def click(i: int) -> None:  # Starting hands: the players slider
        at.slider(key="odds_deal_players").set_value(4 + i % 2)
    return click


def _odds_race_clicks(at: Any) -> Callable[[int], None]:
    at.radio(key="odds_section").set_value("Racing to 31").run()

    def click(i: int) -> None:
        at.slider(key="odds_race_turns").set_value(20 + 5 * (i % 2))
    return click


def _play_clicks(at: Any) -> Callable[[int], None]:
    at.button(key="play_new").click().run()

    def click(i: int) -> None:
        game = at.session_state["play"].game
        keys = sorted(b.key for b in at.button if b.key)
        if game.game_over:
            at.button(key="play_new").click()
        elif game.round_over:
            at.button(key="play_next_round").click()
        elif game.to_move != 0:
            at.button(key="play_next").click()
        elif "play_act_draw" in keys:
            at.button(key="play_act_draw").click()
        else:
            acts = [k for k in keys if k.startswith("play_act_") and k != "play_act_knock"]
            at.button(key=acts[0]).click()
    return click


def _lesson_plot_clicks(at: Any) -> Callable[[int], None]:
    slider = next(s for s in at.slider if (s.key or "").startswith("t31plot_"))
    key, low, high = slider.key, slider.proto.min, slider.proto.max
    start = slider.value

    def click(i: int) -> None:  # the plot's first slider one step up and back
        step = 1 if start < high else -1
        at.slider(key=key).set_value(start + step * (i % 2 == 0))
    assert low <= start <= high
    return click


def _dashboard_clicks(at: Any) -> Callable[[int], None]:
    def click(i: int) -> None:
        at.button(key="t31_dash_refresh").click()
    return click


def _moves(at: Any, start: str, next_round: str) -> Callable[[int], None]:
    """A student's clicks at a table: start or sit down, then a move, or the next round."""
    keys = {b.key for b in at.button if b.key}
    if start in keys:
        at.button(key=start).click().run()

    def click(i: int) -> None:
        keys = sorted(b.key for b in at.button if b.key)
        acts = [k for k in keys if k.startswith("play_act_") and k != "play_act_knock"]
        if "play_act_draw" in keys:
            at.button(key="play_act_draw").click()
        elif acts:
            at.button(key=acts[0]).click()
        elif next_round in keys:
            at.button(key=next_round).click()
    return click


def _table_clicks(at: Any) -> Callable[[int], None]:
    return _moves(at, "ct_take", "ct_next")


def _challenge_clicks(at: Any) -> Callable[[int], None]:
    return _moves(at, "chal_start", "chal_next_round")


CLASS: dict[str, str] = {}  # the bench's class: teacher key, table, challenge, a student


def class_query(*names: str) -> Callable[[], dict[str, str]]:
    return lambda: {n: CLASS[n] for n in names}


PAGES: list[tuple[str, str | None, Any, Callable[[Any], Callable[[int], None]],
                  str]] = [
    ("Home", None, {}, _home_clicks, "a rerun (no control)"),
    ("Learn", "learn", {}, _learn_clicks, "Next / Previous step"),
    ("Learn plot", "learn", {"lesson": "8", "step": "5"}, _lesson_plot_clicks,
     "a lesson plot's slider"),
    ("Hand scorer", "scorer", {}, _scorer_clicks, "pick the third card / take it"),
    ("Play", "play", {"variant": "scat", "seed": "7", "players": "3"}, _play_clicks,
     "draw, discard, bots' Next"),
    ("Variants", "variants", {}, _variants_clicks, "'Only rows that differ'"),
    ("Odds lab", "odds_lab", {}, _odds_clicks, "players slider (4/5)"),
    ("Odds lab racing", "odds_lab", {}, _odds_race_clicks, "turns slider (20/25)"),
    ("Class dashboard", "class", class_query("teacher"), _dashboard_clicks,
     "Refresh (teacher)"),
    ("Class table", "table", class_query("table", "me"), _table_clicks,
     "a move at the table"),
    ("Challenge", "challenge", class_query("challenge", "me"), _challenge_clicks,
     "a move in the challenge"),
]
# Targets (CPU ms of the server script): a first render, a click; the Odds lab's first
# simulated curve after a control change (wall ms; ``odds_first_estimate``).
TARGET_FIRST_MS, TARGET_CLICK_MS, TARGET_ESTIMATE_MS = 1_000.0, 200.0, 300.0


def bench_page(page: str | None, query: dict[str, str], clicks: Callable, sessions: int = 3,
               n_clicks: int = 8, warm: int = 2) -> dict[str, float]:
    """First render (median over ``sessions`` new sessions) and a typical click (median of
    ``n_clicks`` after ``warm`` unmeasured ones), in CPU ms, with their payloads in KiB."""
    firsts = []
    query = query() if callable(query) else query
    for _ in range(sessions):
        at = new_session(page, query)
        firsts.append(timed_run(at))
    click = clicks(at)
    times = []
    for i in range(warm + n_clicks):
        click(i)
        ms, kib = timed_run(at)
        if i >= warm:
            times.append((ms, kib))
    return {"first_ms": statistics.median(f[0] for f in firsts),
            "first_kib": statistics.median(f[1] for f in firsts),
            "click_ms": statistics.median(t[0] for t in times),
            "click_max_ms": max(t[0] for t in times),
            "click_kib": statistics.median(t[1] for t in times)}


def make_class() -> dict[str, str]:
    """A class made through the pages as people make one: a teacher starts it, notes the key,
    makes a table and a challenge; a student joins with the code. The links' parameters."""
    import re

    teacher = new_session("class")
    teacher.run()
    teacher.text_input(key="t31_start_name").input("Bench class")
    teacher.button(key="t31_start_go").click().run()
    code = re.search(r"join code, (\w+),", " ".join(c.value for c in teacher.caption))
    key = next(c.value for c in teacher.code if "teacher=" not in c.value)
    teacher.button(key="t31_key_noted").click().run()
    teacher.number_input(key="ct_new_students").set_value(1)  # one student, bots in the rest
    teacher.button(key="ct_make").click().run()
    teacher.text_input(key="chal_new_title").input("Bench challenge")
    teacher.button(key="FormSubmitter:chal_new_form-Make the challenge").click().run()
    links = " ".join(str(link.proto) for link in teacher.get("page_link"))
    table = re.search(r"table=(\d+)", links)
    challenge = re.search(r"challenge=(\d+)", links)
    student = new_session("class")
    student.run()
    student.text_input(key="t31_join_code").input(code.group(1) if code else "")
    student.text_input(key="t31_join_name").input("Sam")
    student.button(key="t31_join_go").click().run()
    if not (code and table and challenge and student.query_params.get("me")):
        raise RuntimeError("the bench could not make its class through the pages")
    return {"teacher": key, "table": table.group(1), "challenge": challenge.group(1),
            "me": student.query_params["me"]}


@contextlib.contextmanager
def own_data() -> Iterator[None]:
    """The bench's class lives in a folder of its own (SQLite), never in the user's data."""
    import os
    import tempfile

    saved = {k: os.environ.get(k) for k in ("THIRTYONE_DATA_DIR", "THIRTYONE_DATABASE_URL")}
    with tempfile.TemporaryDirectory(prefix="thirtyone-bench-") as folder:
        os.environ["THIRTYONE_DATA_DIR"] = folder
        os.environ["THIRTYONE_DATABASE_URL"] = f"sqlite:///{Path(folder) / 'bench.db'}"
        try:
            yield
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v


def odds_first_estimate(changes: int = 6) -> dict[str, float]:
    """The Odds lab's simulated knock curve after a control change: wall ms from the start of
    the script run to the first curve drawn (its first batch), and to the whole run's end.
    Each change is to settings not run before, so each is simulated from the start."""
    from streamlit.delta_generator import DeltaGenerator as DeltaGeneratorClass

    # Any: this patches the chart method in place, which its type forbids
    DeltaGenerator: Any = DeltaGeneratorClass
    drawn: list[float] = []
    original = DeltaGenerator.plotly_chart

    def recording(self: Any, *args: Any, **kwargs: Any) -> Any:
        if str(kwargs.get("key", "")).startswith("odds_sim_chart_"):
            drawn.append(time.perf_counter())
        return original(self, *args, **kwargs)

    at = new_session("odds_lab", {"section": "knocking"})
    at.run()
    firsts, wholes = [], []
    DeltaGenerator.plotly_chart = recording
    try:
        for i in range(changes):
            # settings not run before: each one is simulated from its first batch
            at.selectbox(key="odds_sim_players").set_value(2 + (i // 4) % 2)
            at.selectbox(key="odds_sim_seat").set_value((i // 8) % 2)
            at.selectbox(key="odds_sim_opponent").set_value(
                ("random", "weak", "basic", "standard")[i % 4])
            drawn.clear()
            t0 = time.perf_counter()
            at.run()
            if at.exception or not drawn:
                raise RuntimeError("the Odds lab drew no simulated curve")
            firsts.append((drawn[0] - t0) * 1000)
            wholes.append((time.perf_counter() - t0) * 1000)
    finally:
        DeltaGenerator.plotly_chart = original
    return {"first_ms": round(statistics.median(firsts), 1),
            "first_max_ms": round(max(firsts), 1),
            "all_ms": round(statistics.median(wholes), 1)}


def bench_pages(quick: bool = False) -> list[dict[str, Any]]:
    import logging
    logging.getLogger("streamlit").setLevel(logging.ERROR)
    rows = []
    with server_like_runs(), own_data():
        new_session(None).run()  # imports and the first compile, not counted
        CLASS.update(make_class())
        for name, page, query, clicks, what in PAGES:
            res = bench_page(page, query, clicks, sessions=2 if quick else 3,
                             n_clicks=4 if quick else 8)
            rows.append({"page": name, "click": what, **{k: round(v, 1)
                                                         for k, v in res.items()},
                         "target_first_ms": TARGET_FIRST_MS, "target_click_ms": TARGET_CLICK_MS,
                         "met": res["first_ms"] <= TARGET_FIRST_MS
                         and res["click_ms"] <= TARGET_CLICK_MS})
        est = odds_first_estimate(3 if quick else 6)
        rows.append({"page": "Odds lab knock sim", "click": "first curve after a control change "
                     "(wall ms)", "first_ms": est["first_ms"], "first_max_ms": est["first_max_ms"],
                     "all_ms": est["all_ms"], "target_first_ms": TARGET_ESTIMATE_MS,
                     "met": est["first_ms"] <= TARGET_ESTIMATE_MS})
    return rows


def print_pages(rows: list[dict[str, Any]]) -> None:
    print("Server CPU per script run (ms; AppTest, warm caches, median); targets: first render "
          f"{TARGET_FIRST_MS:.0f} ms, click {TARGET_CLICK_MS:.0f} ms")
    print(f"{'page':<20}{'first':>8}{'KiB':>7}{'click':>8}{'max':>7}{'KiB':>7}  met  typical click")
    for r in rows:
        if "click_ms" not in r:
            continue
        print(f"{r['page']:<20}{r['first_ms']:>8.1f}{r['first_kib']:>7.1f}{r['click_ms']:>8.1f}"
              f"{r['click_max_ms']:>7.1f}{r['click_kib']:>7.1f}  {'yes' if r['met'] else 'NO ':<4} "
              f"{r['click']}")
    for r in rows:
        if "click_ms" in r:
            continue
        print(f"{r['page']}: first curve {r['first_ms']:.0f} ms after a control change (max "
              f"{r['first_max_ms']:.0f}; target {r['target_first_ms']:.0f}, "
              f"{'met' if r['met'] else 'NOT met'}); all rounds drawn {r['all_ms']:.0f} ms "
              "(wall clock)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m thirtyone.bench.pages", description=__doc__)
    ap.add_argument("--quick", action="store_true", help="fewer sessions and clicks")
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    rows = bench_pages(args.quick)
    if args.json:
        print(json.dumps({"pages": rows, "seconds": round(time.perf_counter() - t0, 1)}))
    else:
        print_pages(rows)
        print(f"({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
