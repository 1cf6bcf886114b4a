"""A class period as load: ``python -m thirtyone.bench --load N --class``.

Issue 25, item 18: one teacher and N students, each a real Streamlit websocket client (the
protocol the browser speaks, ``load.Session``'s messages), against one server:

- the teacher has the Class page open (the dashboard, by the ``?teacher=`` key) all along;
- ``seated`` of the students (default 60 %, in fours) sit at 4-seat class tables and play:
  each seat's page polls as a browser does (it answers the server's ``auto_rerun`` with a
  fragment rerun every interval), and when a seat's move buttons show, that student thinks
  ``think`` seconds and clicks one; a dealt-out round is dealt again the same way;
- the others are in lessons: on the Learn page they answer the quizzes, step on, and open
  another lesson now and then, ``lesson_think`` seconds between clicks (default: ``think``;
  a real student reads a step for longer); ``--lessons pages``: the scorer, Play and the
  Odds lab of ``load.walk`` instead.

First, once every seat's page has drawn its table, ``idle`` seconds with nobody moving
(lessons not started): the server's CPU then, per seated page and second, is what an idle
table page costs (the teacher's open page is counted in it too). Then ``seconds`` of the
class. Figures:

- ``move_p50_s``, ``move_p95_s``: from a move's click until the mover's page shows the table
  after it (the version the move made);
- ``see_p95_s``: from a move's click until each other seat's page shows that version;
- ``lesson_p95_s``: the lesson clicks (from the click until the page is idle again);
- ``idle_ms_per_seat_s``: server CPU (``/proc/<pid>/stat``, user + system) per idle seated
  page per second, less the server's upkeep with no page open (``server_upkeep_ms_s``,
  measured for 3 s before the first session; ``idle_ms_per_seat_s_gross`` keeps it in);
- ``idle_late_ms_per_seat_s``: the same over the idle stretch's second half only: a table
  page polls more slowly once its table has been quiet a while (``ui.class_table``), so with
  an ``idle`` of 30 s or more this is the steady cost of a page nobody moves at;
- ``cpu_ms_per_session_s``: server CPU per session (teacher and students) per second during
  the class (``cpu_share``: of a core);
- ``load_avg``: the machine's 1-minute load average before and
  after (other work on the machine shows there, and in the latencies);
- ``client_cpu_share``: this load client's own CPU (a share of one core; it runs on the same
  machine, and near 1.0 its own delays show in the latencies).

Setting up (the class, the students, the tables and their seats) is done through the store
(``thirtyone.store``) before the clock starts, on the server's own database: the SQLite file
of a server this test starts, else ``--store-url`` (loopback only, like ``--url``). Every
session then reaches the app only through its websocket. Loopback only; bounded (at most
``load.MAX_SESSIONS`` students and ``MAX_SECONDS`` seconds).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .load import (
    LOOPBACK,
    TIMEOUT_S,
    LoadError,
    Session,
    SessionLost,
    Stats,
    app_pids,
    check_numbers,
    check_url,
    percentile,
    run_async,
    start_server,
    stop_server,
    walk,
    widget_key,
)

TABLE_SEATS = 4
VARIANT = "scat"
KEYS = ("students", "seated", "tables", "seconds", "moves", "move_p50_s", "move_p95_s",
        "see_p95_s", "lesson_clicks", "lesson_p95_s", "errors", "idle_ms_per_seat_s",
        "cpu_ms_per_session_s", "load_avg")
VERSION = re.compile(r'data-version="(\d+)"')
#: the table bell's route (``thirtyone.ui.shell.bell.PATH``; the benchmarks do not import the
#: UI, ``tests/test_bell.py`` checks the two agree) and its script's settling time
BELL_PATH = "/_thirtyone/wait"
BELL_BUTTON = "ct_bell_btn"
BELL_WAIT_S = 40.0   # the server answers a waiting request within 25 s
SETTLE_S = 3.0


async def http_get(host: str, port: int, path: str, timeout: float) -> tuple[int, str]:
    """A plain HTTP/1.1 GET on loopback: (status, body)."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                     "Connection: close\r\n\r\n".encode())
        await writer.drain()
        data = await asyncio.wait_for(reader.read(), timeout)
    finally:
        writer.close()
    head, _sep, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body.decode(errors="replace")


# --- setting up the class through the store -------------------------------------------------

def check_store_url(url: str) -> str:
    """A SQLite file or a PostgreSQL server on this machine, else ``LoadError``."""
    if url.startswith("sqlite:///"):
        return url
    try:
        host = urllib.parse.urlsplit(url).hostname or ""
    except ValueError:
        host = ""
    if not url.startswith(("postgresql", "postgres:")) or host not in LOOPBACK:
        raise LoadError("The store must be a SQLite file or a PostgreSQL server on this "
                        "machine (127.0.0.1, localhost or ::1).")
    return url


@dataclass
class Plan:
    teacher_key: str
    tables: list[tuple[int, list[str]]]   # (table id, resume tokens of its 4 seats)
    lessons: int


def set_up(store_url: str, students: int, seated: int) -> Plan:
    """A class of ``students``; ``seated`` of them (a multiple of 4) at tables of 4. Made by
    ``python -m thirtyone.store.load_class`` in a process of its own (the store is a layer
    above the benchmarks, as the app is: both are run, not imported)."""
    done = subprocess.run(
        [sys.executable, "-m", "thirtyone.store.load_class", store_url, str(students),
         str(seated), str(TABLE_SEATS), VARIANT],
        capture_output=True, text=True, timeout=300, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"setting up the class failed: {done.stderr.strip()[-500:]}")
    made = json.loads(done.stdout)
    return Plan(made["teacher_key"], [(t, list(toks)) for t, toks in made["tables"]],
                students - seated)


# --- a page that polls: the browser's side of st.fragment(run_every=...) ----------------------

@dataclass
class Clock:
    """When the seats may start moving and when the class ends: set once every seat's page
    has drawn its table and the idle stretch is over."""
    start_moving: float = float("inf")
    deadline: float = float("inf")


@dataclass
class Seen:
    """When each page first showed each version of each table, and when moves were sent."""
    shown: dict[tuple[int, int, int], float] = field(default_factory=dict)  # (tid, v, seat)
    moves: dict[tuple[int, int], tuple[int, float]] = field(default_factory=dict)
    move_latency: list[float] = field(default_factory=list)
    bell_pages: int = 0     # seated pages that showed the table bell's button
    bell_clicks: int = 0    # redraws the bell asked for (another seat moved)


class LivePage(Session):
    """A page that stays open: a reader task takes every message as it comes, runs the
    fragments' timers (``auto_rerun``) like the browser, and keeps the table's version and
    move buttons as last drawn."""

    def __init__(self, ws_url: str, stats: Stats) -> None:
        super().__init__(ws_url, stats)
        self.version: int | None = None
        self.changed = asyncio.Event()
        self.ready = False                 # the run that drew ``version`` has finished
        self.buttons: dict[str, Any] = {}  # key -> Widget, drawn with ``version``
        self.timers: dict[str, asyncio.Task] = {}
        self.intervals: dict[str, float] = {}   # fragment id -> seconds, as last declared
        self.on_version: Any = None
        self.reader: asyncio.Task | None = None
        self.runs = 0
        self.full_runs = 0                 # of them, runs of the whole page
        self.page_hash = ""                # the page's script hash, as the browser sends it
        self.bell: Any = None              # the table's hidden bell button, once drawn
        self.bell_clicks = 0
        self.clicked = 0.0                 # when this student last clicked (a move)
        self.clicked_at: int | None = None  # ... and the version the page showed then
        self.ringer: asyncio.Task | None = None
        self.closing = False

    async def start(self, page: str, query: str) -> None:
        self.page, self.query = page, query
        self.reader = asyncio.create_task(self._read())
        table = urllib.parse.parse_qs(query).get("table", [""])[0]
        if table.isdigit():
            self.ringer = asyncio.create_task(self._ring(int(table)))
        await self._send()

    async def _send(self, trigger: Any = None, fragment: str = "", auto: bool = False) -> None:
        from streamlit.proto.BackMsg_pb2 import BackMsg
        msg = BackMsg()
        rs = msg.rerun_script
        rs.query_string, rs.page_name = self.query, self.page
        if self.page_hash:
            rs.page_script_hash = self.page_hash
        if fragment:
            rs.fragment_id = fragment
        rs.is_auto_rerun = auto
        if trigger is not None:
            rs.widget_states.widgets.append(trigger)
        await self.ws.send(msg.SerializeToString())

    async def switch(self, page: str, query: str = "") -> None:
        """Open another page in the same session (as a click on the navigation does)."""
        self.page, self.query, self.page_hash = page, query, ""
        self.ready = False
        await self._send()

    async def press(self, w: Any) -> None:
        from streamlit.proto.WidgetStates_pb2 import WidgetState
        self.ready = False
        self.clicked, self.clicked_at = time.monotonic(), self.version
        await self._send(WidgetState(id=w.id, trigger_value=True), w.fragment)

    async def _settle(self, v: int | None, since: float) -> None:
        while self.version == v and time.monotonic() - since < SETTLE_S:
            await asyncio.sleep(0.1)

    async def _ring(self, tid: int) -> None:
        """The bell's script (``ui.shell.bell.BELL_SCRIPT``) as the browser runs it: one
        waiting request for the version drawn; when it answers with a newer one, click the
        hidden bell button (the table redraws alone). After this student's own click, wait
        for its redraw first (up to ``SETTLE_S``)."""
        from streamlit.proto.WidgetStates_pb2 import WidgetState
        host, port = check_url(self.ws_url)
        while True:
            v = self.version
            if self.bell is None or v is None:
                await asyncio.sleep(0.5)
                continue
            if time.monotonic() - self.clicked < SETTLE_S and v == self.clicked_at:
                await self._settle(v, self.clicked)
                continue
            asked = time.monotonic()
            req = asyncio.create_task(http_get(host, port, f"{BELL_PATH}?table={tid}&v={v}",
                                               BELL_WAIT_S))
            try:
                while not req.done():
                    await asyncio.wait({req}, timeout=0.25)
                    if self.version != v or self.clicked > asked:
                        req.cancel()
                status, body = await req
            except asyncio.CancelledError:
                if req.cancelled() and not self.closing:
                    continue
                raise
            except (OSError, ValueError, IndexError, asyncio.TimeoutError):
                await asyncio.sleep(2.0)
                continue
            if status != 200:
                await asyncio.sleep(2.0 if status == 503 else 10.0)
            elif body.strip() != str(v) and self.version == v and self.clicked <= asked:
                self.bell_clicks += 1
                await self._send(WidgetState(id=self.bell.id, trigger_value=True),
                                 self.bell.fragment)
                await self._settle(v, time.monotonic())
            elif body.strip() == str(v):
                await asyncio.sleep(0.3)

    async def _tick(self, fragment: str, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            await self._send(fragment=fragment, auto=True)

    def _timer(self, fid: str, every: float) -> None:
        """As the browser: one timer per fragment, started again when its interval changes."""
        if every <= 0 or self.intervals.get(fid) == every:
            return
        old = self.timers.pop(fid, None)
        if old is not None:
            old.cancel()
        self.intervals[fid] = every
        self.timers[fid] = asyncio.create_task(self._tick(fid, every))

    async def _read(self) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
        try:
            while True:
                m = ForwardMsg()
                m.ParseFromString(await self.ws.recv())
                kind = m.WhichOneof("type")
                if kind == "delta":
                    self._take(m.delta)
                elif kind == "auto_rerun":
                    self._timer(m.auto_rerun.fragment_id, m.auto_rerun.interval)
                elif kind == "navigation":   # the page shown (st.navigation)
                    self.page_hash = m.navigation.page_script_hash
                elif kind == "page_info_changed":
                    self.query = m.page_info_changed.query_string
                elif kind == "script_finished" and m.script_finished != 2:
                    self.runs += 1
                    self.full_runs += m.script_finished == m.FINISHED_SUCCESSFULLY
                    self.ready = True
                    self.changed.set()
        except asyncio.CancelledError:
            raise
        except Exception as e:  # noqa: BLE001 - the websocket closed or failed
            self.stats.error(f"websocket: {type(e).__name__}: {e}")

    def _take(self, delta: Any) -> None:
        if delta.WhichOneof("type") != "new_element":
            return
        el = delta.new_element
        kind = el.WhichOneof("type")
        if kind == "exception":
            self.stats.error(f"exception on {self.page}: {el.exception.type}: "
                             f"{el.exception.message}")
        elif kind == "markdown":
            found = VERSION.search(el.markdown.body)
            if found:
                self.version = int(found.group(1))
                self.buttons, self.ready = {}, False
                if self.on_version is not None:
                    self.on_version(self.version)
        elif kind == "button":
            wid = el.button.id
            key = widget_key(wid)
            from .load import Widget
            if key.startswith(("play_act_", "ct_next")):
                self.buttons[key] = Widget(kind, wid, key, el.button.label, el.button,
                                           delta.fragment_id)
            elif key == BELL_BUTTON:
                self.bell = Widget(kind, wid, key, el.button.label, el.button,
                                   delta.fragment_id)

    async def wait_change(self, timeout: float) -> None:
        self.changed.clear()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.changed.wait(), timeout)

    async def close(self) -> None:
        self.closing = True
        for t in [*self.timers.values(), self.reader, self.ringer]:
            if t is not None:
                t.cancel()
        for t in [*self.timers.values(), self.reader, self.ringer]:
            if t is not None:
                with contextlib.suppress(BaseException):
                    await t


async def answer(s: Session, w: Any, rng: random.Random) -> None:
    """Pick one of a quiz's options (pills) at random. Pills say which option was picked by
    its words (``string_array_value``): an index (``int_array_value``) answers nothing, as
    this client sent until 6 December 2026."""
    options = [o.content for o in w.proto.options]
    await s.set_value(w, string_array_value=[rng.choice(options)] if options else [])


async def learn_step(s: Session, rng: random.Random) -> None:
    """One click of a student in a lesson: answer the quiz shown, or step on, or (now and
    then) open another lesson."""
    quiz = s.find("", "button_group")
    step = s.find("t31step_next")
    others = s.find("t31lesson_")
    if quiz and rng.random() < 0.5:
        await answer(s, rng.choice(quiz), rng)
    elif step and rng.random() < 0.85:
        await s.click(step[0])
    elif others:
        await s.click(rng.choice(others))
    else:
        await s.open("learn")


async def learn_walk(ws_url: str, stats: Stats, clock: Clock, think: tuple[float, float],
                     rng: random.Random) -> None:
    try:
        async with Session(ws_url, stats) as s:
            await s.open("learn")
            while time.monotonic() < clock.deadline:
                await asyncio.sleep(rng.uniform(*think))
                if time.monotonic() >= clock.deadline:
                    return
                await learn_step(s, rng)
    except SessionLost:
        pass
    except Exception as e:  # noqa: BLE001 - e.g. the websocket would not open
        stats.error(f"lesson: {type(e).__name__}: {e}")


def choose(buttons: dict[str, Any], rng: random.Random) -> Any:
    """A move as a student might make it: knocking now and then, else any other move."""
    keys = sorted(buttons)
    knock = [k for k in keys if "knock" in k]
    rest = [k for k in keys if "knock" not in k]
    if knock and (not rest or rng.random() < 0.12):
        return buttons[knock[0]]
    return buttons[rng.choice(rest)]


async def seat_loop(ws_url: str, tid: int, seat: int, token: str, stats: Stats, seen: Seen,
                    clock: Clock, think: tuple[float, float], rng: random.Random) -> None:
    """One student at a table until ``deadline``: watches, and moves when it is their turn."""
    page = LivePage(ws_url, stats)
    try:
        async with page:
            page.on_version = lambda v: seen.shown.setdefault((tid, v, seat), time.monotonic())
            try:
                await page.start("table", f"table={tid}&me={token}")
                while time.monotonic() < clock.deadline:
                    await _turn(page, tid, seat, stats, seen, clock, think, rng)
            finally:
                await page.close()
                seen.bell_pages += page.bell is not None
                seen.bell_clicks += page.bell_clicks
    except Exception as e:  # noqa: BLE001 - e.g. the websocket would not open
        stats.error(f"table {tid} seat {seat}: {type(e).__name__}: {e}")


async def _turn(page: LivePage, tid: int, seat: int, stats: Stats, seen: Seen, clock: Clock,
                think: tuple[float, float], rng: random.Random) -> None:
    """Wait for a change; when the page shows this seat's move buttons, think and click."""
    await page.wait_change(0.5)
    if time.monotonic() < clock.start_moving or not page.ready or not page.buttons:
        return
    at = page.version
    await asyncio.sleep(rng.uniform(*think))
    if time.monotonic() >= clock.deadline or page.version != at or not page.buttons or at is None:
        return
    moves = [k for k in page.buttons if k.startswith("play_act_")]
    w = choose(page.buttons, rng) if moves else page.buttons.get("ct_next")
    if w is None:
        return
    sent = time.monotonic()
    is_move = w.key.startswith("play_act_")
    if is_move:
        seen.moves.setdefault((tid, at + 1), (seat, sent))
    await page.press(w)
    end = sent + TIMEOUT_S
    while time.monotonic() < end and (page.version == at or not page.ready):
        await page.wait_change(end - time.monotonic())
    if page.version == at:
        stats.error(f"timeout: table {tid} seat {seat} saw no new version within "
                    f"{TIMEOUT_S:.0f} s of a click")
    elif is_move and seen.moves.get((tid, at + 1), (None, 0.0))[0] == seat:
        seen.move_latency.append(seen.shown.get((tid, at + 1, seat), time.monotonic()) - sent)


async def teacher_loop(ws_url: str, key: str, stats: Stats, clock: Clock) -> None:
    """The teacher: the Class page with the dashboard open (and whatever it polls)."""
    page = LivePage(ws_url, stats)
    try:
        async with page:
            await page.start("class", f"teacher={key}")
            while time.monotonic() < clock.deadline:
                await asyncio.sleep(min(1.0, max(0.0, clock.deadline - time.monotonic())))
            await page.close()
    except Exception as e:  # noqa: BLE001
        stats.error(f"teacher: {type(e).__name__}: {e}")


# --- the server's CPU ---------------------------------------------------------------------

def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds used so far by ``pids`` (``/proc/<pid>/stat``)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])   # utime, stime (fields 14, 15)
    return total / tick


async def cpu_over(pids: list[int], seconds: float) -> list[tuple[float, float]]:
    """Wait ``seconds``; the CPU seconds ``pids`` used and the wall seconds, over all of it
    and over its second half alone (the pages' steady cost, once they have settled)."""
    marks = [(cpu_seconds(pids), time.monotonic())]
    for _half in (1, 2):
        await asyncio.sleep(seconds / 2)
        marks.append((cpu_seconds(pids), time.monotonic()))
    (c0, w0), (c1, w1), (c2, w2) = marks
    return [(c2 - c0, w2 - w0), (c2 - c1, w2 - w1)]


async def upkeep(pids: list[int], most: float = 30.0, busy: float = 0.1) -> float:
    """The server's own CPU (seconds a second) with no page open, to tell it from what the
    pages cost; measured once it spends under ``busy`` of a core in a second (``most``
    seconds at most): a server that has just started imports its pages in a thread."""
    end = time.monotonic() + most
    while pids and time.monotonic() < end:
        c = cpu_seconds(pids)
        await asyncio.sleep(1.0)
        if cpu_seconds(pids) - c < busy:
            break
    c, w = cpu_seconds(pids), time.monotonic()
    await asyncio.sleep(3.0)
    return (cpu_seconds(pids) - c) / (time.monotonic() - w)


def see_times(seen: Seen) -> list[float]:
    """For every move: the time from its click until each other seat first showed it."""
    out = []
    for (tid, v), (mover, sent) in seen.moves.items():
        for (t, ver, seat), when in seen.shown.items():
            if t == tid and ver == v and seat != mover:
                out.append(when - sent)
    return out


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


async def run_class_sessions(url: str, plan: Plan, seconds: float, idle: float,
                             think: tuple[float, float], seed: int,
                             lessons: str = "learn",
                             lesson_think: tuple[float, float] | None = None
                             ) -> dict[str, Any]:
    host, port = check_url(url)
    netloc = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    ws_url = f"ws://{netloc}/_stcore/stream"
    pids = app_pids(port)
    stats, lesson_stats, seen = Stats(), Stats(), Seen()
    rng = random.Random(seed)
    seated = sum(len(toks) for _tid, toks in plan.tables)
    load0 = os.getloadavg()[0]
    base_rate = await upkeep(pids)
    ramp = min(5.0, idle / 2)
    clock = Clock()
    tasks = [asyncio.create_task(teacher_loop(ws_url, plan.teacher_key, stats, clock))]
    n = 0
    for tid, tokens in plan.tables:
        for seat, tok in enumerate(tokens):
            async def one(tid: int = tid, seat: int = seat, tok: str = tok, i: int = n) -> None:
                await asyncio.sleep(ramp * i / max(seated, 1))
                await seat_loop(ws_url, tid, seat, tok, stats, seen, clock, think,
                                random.Random(rng.random()))
            tasks.append(asyncio.create_task(one()))
            n += 1
    # the idle stretch: every seat's page has drawn its table (then a second more), nobody
    # moves, no lessons yet
    until = time.monotonic() + ramp + 60
    while time.monotonic() < until and len({(t, s) for t, _v, s in seen.shown}) < seated:
        await asyncio.sleep(0.2)
    await asyncio.sleep(1.0)
    (idle_cpu, idle_wall), (late_cpu, late_wall) = await cpu_over(pids, idle)
    clock.start_moving = time.monotonic()
    clock.deadline = deadline = clock.start_moving + seconds

    reading = lesson_think or think

    async def lesson(i: int) -> None:
        await asyncio.sleep(min(5.0, seconds / 4) * i / max(plan.lessons, 1))
        if lessons == "pages":
            await walk(ws_url, i, lesson_stats, deadline, reading, random.Random(rng.random()))
        else:
            await learn_walk(ws_url, lesson_stats, clock, reading, random.Random(rng.random()))

    tasks += [asyncio.create_task(lesson(i)) for i in range(plan.lessons)]
    c1, w1, me1 = cpu_seconds(pids), time.monotonic(), time.process_time()
    await asyncio.gather(*tasks)
    class_cpu, class_wall = cpu_seconds(pids) - c1, time.monotonic() - w1
    client_cpu = time.process_time() - me1
    sessions = 1 + seated + plan.lessons
    lat, see = seen.move_latency, see_times(seen)
    return {
        "students": seated + plan.lessons, "seated": seated, "tables": len(plan.tables),
        "seconds": round(class_wall, 1), "moves": len(lat),
        "move_p50_s": _r(statistics.median(lat)) if lat else None,
        "move_p95_s": _r(percentile(lat, 0.95)), "see_p95_s": _r(percentile(see, 0.95)),
        "lessons": lessons, "lesson_think": list(reading), "lesson_clicks": len(lesson_stats.latencies),
        "lesson_p95_s": _r(percentile(lesson_stats.latencies, 0.95)),
        "errors": len(stats.errors) + len(lesson_stats.errors),
        "idle_ms_per_seat_s": (round(1000 * (idle_cpu - base_rate * idle_wall)
                                     / (seated * idle_wall), 2)
                               if seated and idle_wall > 0 and pids else None),
        "idle_late_ms_per_seat_s": (round(1000 * (late_cpu - base_rate * late_wall)
                                          / (seated * late_wall), 2)
                                    if seated and late_wall > 0 and pids else None),
        "idle_ms_per_seat_s_gross": (round(1000 * idle_cpu / (seated * idle_wall), 2)
                                     if seated and idle_wall > 0 and pids else None),
        "server_upkeep_ms_s": round(1000 * base_rate, 1) if pids else None,
        "client_cpu_share": round(client_cpu / class_wall, 2) if class_wall > 0 else None,
        "cpu_ms_per_session_s": (round(1000 * class_cpu / (sessions * class_wall), 2)
                                 if class_wall > 0 and pids else None),
        "cpu_share": round(class_cpu / class_wall, 2) if class_wall > 0 and pids else None,
        "load_avg": [round(load0, 2), round(os.getloadavg()[0], 2)],
        "url": f"http://{netloc}", "processes": len(pids), "bell_pages": seen.bell_pages,
        "bell_clicks": seen.bell_clicks, "error_samples": (stats.errors + lesson_stats.errors)[:5],
    }


def seated_count(students: int, share: float) -> int:
    """Students at tables: ``share`` of the class in whole tables of 4.

    >>> seated_count(100, 0.6), seated_count(30, 0.6), seated_count(3, 0.6)
    (60, 16, 0)
    """
    if not 0 <= share <= 1:
        raise LoadError(f"The seated share is between 0 and 1, not {share}.")
    return TABLE_SEATS * round(students * share / TABLE_SEATS)


def run_class(students: int, url: str | None = None, seconds: float = 60.0,
              think: tuple[float, float] = (1.0, 3.0), seated_share: float = 0.6,
              idle: float = 10.0, store_url: str | None = None,
              seed: int = 0, lessons: str = "learn",
              lesson_think: tuple[float, float] | None = None) -> dict[str, Any]:
    """The class load test; starts and stops its own server when ``url`` is None."""
    check_numbers(students, seconds, think)
    if lesson_think is not None:
        check_numbers(students, seconds, lesson_think)
    if lessons not in ("learn", "pages"):
        raise LoadError(f"The lessons are 'learn' or 'pages', not {lessons!r}.")
    if not 2 <= idle <= 120:
        raise LoadError(f"The idle stretch lasts 2 to 120 seconds, not {idle}.")
    seated = min(seated_count(students, seated_share), students - students % TABLE_SEATS)
    return on_a_server(url, store_url, lambda store: set_up(store, students, seated),
                       lambda app, plan: run_class_sessions(app, plan, seconds, idle, think,
                                                            seed, lessons, lesson_think))


def on_a_server(url: str | None, store_url: str | None, make: Callable[[str], Any],
                run: Callable[[str, Any], Coroutine[Any, Any, dict[str, Any]]]
                ) -> dict[str, Any]:
    """Set a class up with ``make(store URL)`` and run ``run(app URL, what make gave)``
    against the server at ``url`` (its store: ``store_url`` or THIRTYONE_DATABASE_URL), or
    against a server of its own on a fresh SQLite file, stopped afterwards."""
    if url is not None:
        check_url(url)
        store_url = store_url or os.environ.get("THIRTYONE_DATABASE_URL")
        if not store_url:
            raise LoadError("With --url the class is set up in that server's store: give "
                            "--store-url (or THIRTYONE_DATABASE_URL).")
        plan = make(check_store_url(store_url))
        return run_async(run(url, plan))
    with tempfile.TemporaryDirectory(prefix="thirtyone-class-") as data:
        proc, own = start_server(data)
        try:
            plan = make(f"sqlite:///{data}/thirtyone.db")
            return run_async(run(own, plan))
        finally:
            stop_server(proc)


def print_class(row: dict[str, Any]) -> None:
    def num(v: Any, unit: str = "") -> str:
        return "-" if v is None else f"{v}{unit}"

    print(f"Class load: 1 teacher, {row['students']} students ({row['seated']} at "
          f"{row['tables']} tables of {TABLE_SEATS}, the rest in lessons: {row['lessons']}, "
          f"{row['lesson_think'][0]:g}-{row['lesson_think'][1]:g} s between clicks) for {row['seconds']} s "
          f"against {row['url']} ({row['processes']} app process(es)); load average "
          f"{row['load_avg'][0]} -> {row['load_avg'][1]}")
    print(f"  moves {row['moves']}: p50 {num(row['move_p50_s'], ' s')}, p95 "
          f"{num(row['move_p95_s'], ' s')} (target < 1 s); other seats see a move: p95 "
          f"{num(row['see_p95_s'], ' s')} (target < 1.5 s)")
    print(f"  lesson clicks {row['lesson_clicks']}: p95 {num(row['lesson_p95_s'], ' s')}; "
          f"errors {row['errors']}; table bell on {row.get('bell_pages', 0)} of "
          f"{row['seated']} seated pages, {row.get('bell_clicks', 0)} redraws it rang")
    print(f"  server CPU: idle seated page {num(row['idle_ms_per_seat_s'], ' ms/s')} "
          f"(target < 2; its second half {num(row.get('idle_late_ms_per_seat_s'), ' ms/s')}), in class {num(row['cpu_ms_per_session_s'], ' ms')} per session-second "
          f"({num(row['cpu_share'])} of a core; upkeep with no page open "
          f"{num(row['server_upkeep_ms_s'], ' ms/s')}; idle seated page with it "
          f"{num(row['idle_ms_per_seat_s_gross'], ' ms/s')}); load client "
          f"{num(row['client_cpu_share'])} of a core")
    for e in row.get("error_samples", []):
        print(f"  error: {e}")
