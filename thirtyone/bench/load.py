"""A bounded load test of the running app: ``python -m thirtyone.bench --load N``.

N sessions, each a real Streamlit websocket client (the protocol the browser speaks), walk the
hand scorer, the Play table and the Odds lab with a think time between clicks. A *click* is one
rerun the session asks for (a button press, a control moved, a page opened); its latency is the
time from sending it until the server says the script run is finished (the page is idle).

- Errors: exceptions the app shows (exception elements), websocket failures, and clicks that
  take longer than ``TIMEOUT_S``.
- Memory: the resident set size (RSS) summed over the app's server processes, found by the
  port they listen on (``/proc``): before the sessions (after one warm-up visit of each page,
  so imports and caches built on first use are not counted as growth), the peak while they run,
  and ``settle`` seconds after the last one has left.
- Behind the multi-process set-up (``tools/class_server.sh``) the URL's port is the proxy's;
  the app processes are then the Streamlit servers listening on the ports just above it
  (the script's convention: proxy on P, apps on P+1..P+N).

Loopback only: the test refuses a URL whose host is not this machine. Without ``--url`` it
starts ``streamlit run app.py`` on a free port with a temporary data folder and stops it after.

This module speaks the protocol with ``streamlit.proto`` message classes only; it does not
import the app (``thirtyone.ui``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_SESSIONS = 100
MAX_SECONDS = 600
TIMEOUT_S = 10.0
LOOPBACK = ("127.0.0.1", "localhost", "::1")
PAGES = ("scorer", "play", "odds_lab")
KEYS = ("sessions", "clicks", "p50_s", "p95_s", "errors",
        "rss_mb_start", "rss_mb_peak", "rss_mb_end")


class LoadError(ValueError):
    """A refused argument, with a one-sentence reason."""


class SessionLost(Exception):
    """A session's websocket failed or a click timed out (already counted as an error)."""


# --- arguments -----------------------------------------------------------------------------


def run_async(coro: Any) -> Any:
    """``asyncio.run(coro)``, in a thread of its own when this thread already runs an event
    loop (a caller inside Jupyter, or Playwright's sync API earlier in a test worker), where
    ``asyncio.run`` refuses to start."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()

def check_url(url: str) -> tuple[str, int]:
    """``(host, port)`` of an ``http://`` URL on this machine, else ``LoadError``.

    >>> check_url("http://127.0.0.1:8501")
    ('127.0.0.1', 8501)
    >>> check_url("http://example.com:80")
    Traceback (most recent call last):
    ...
    thirtyone.bench.load.LoadError: The load test runs against this machine only: the URL's host must be 127.0.0.1, localhost or ::1, not 'example.com'.
    """
    if len(url) > 200:
        raise LoadError("The URL is longer than 200 characters.")
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port
    except ValueError as e:
        raise LoadError(f"The URL {url!r} cannot be read: {e}.") from None
    if parts.scheme not in ("http", "ws"):
        raise LoadError(f"The URL must start with http:// (plain HTTP on loopback), not {url!r}.")
    host = parts.hostname or ""
    if host not in LOOPBACK:
        raise LoadError("The load test runs against this machine only: the URL's host must be "
                        f"127.0.0.1, localhost or ::1, not {host!r}.")
    return host, port or 80


def check_numbers(sessions: int, seconds: float, think: tuple[float, float]) -> None:
    """Refuse a test that is not bounded."""
    if not 1 <= sessions <= MAX_SESSIONS:
        raise LoadError(f"The number of sessions must be 1 to {MAX_SESSIONS}, not {sessions}.")
    if not 1 <= seconds <= MAX_SECONDS:
        raise LoadError(f"The test lasts 1 to {MAX_SECONDS} seconds, not {seconds}.")
    lo, hi = think
    if not 0 <= lo <= hi <= 60:
        raise LoadError(f"The think time must be 0 <= MIN <= MAX <= 60 seconds, not {lo} {hi}.")


# --- memory of the server processes (/proc) --------------------------------------------------

def _listening_inodes(port: int) -> set[str]:
    inodes = set()
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            f = line.split()
            if len(f) > 9 and f[3] == "0A" and int(f[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(f[9])
    return inodes


def pids_on_port(port: int) -> list[int]:
    """Processes with a socket listening on ``port`` (those this user may look into)."""
    wanted = {f"socket:[{i}]" for i in _listening_inodes(port)}
    found: list[int] = []
    if not wanted:
        return found
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            links = {os.readlink(fd) for fd in (entry / "fd").iterdir()}
        except OSError:
            continue
        if links & wanted:
            found.append(int(entry.name))
    return sorted(found)


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(
            errors="replace")
    except OSError:
        return ""


def app_pids(port: int, scan: int = 16) -> list[int]:
    """The Streamlit server(s) behind ``port``: its own listener when that is Streamlit,
    else the Streamlit listeners on ``port+1``, ``port+2``, ... (``tools/class_server.sh``)."""
    own = [p for p in pids_on_port(port) if "streamlit" in cmdline(p)]
    if own:
        return own
    pids: list[int] = []
    for p in range(port + 1, port + 1 + scan):
        found = [q for q in pids_on_port(p) if "streamlit" in cmdline(q)]
        if not found:
            break
        pids += found
    return pids


def rss_mb(pids: list[int]) -> float | None:
    total = 0
    seen = False
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
                    seen = True
        except OSError:
            continue
    return round(total / 1024, 1) if seen else None


# --- one session: the Streamlit websocket protocol ------------------------------------------

@dataclass
class Widget:
    kind: str
    id: str
    key: str
    label: str
    proto: Any
    fragment: str = ""


def widget_key(wid: str) -> str:
    """The user key at the end of a widget id (``$$ID-<hash>-<key>``), or ""."""
    return wid.split("-", 2)[2] if wid.startswith("$$ID-") and wid.count("-") >= 2 else ""


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def error(self, text: str) -> None:
        if len(self.errors) < 1000:
            self.errors.append(text[:300])


class Session:
    """One browser tab: a websocket, the page shown, the widgets on it and their values."""

    def __init__(self, ws_url: str, stats: Stats) -> None:
        self.ws_url, self.stats = ws_url, stats
        self.ws: Any = None
        self.page = ""
        self.query = ""
        self.widgets: dict[str, Widget] = {}
        self.values: dict[str, Any] = {}   # widget id -> WidgetState of values set so far
        self.page_hash = ""                # the page's script hash, as the browser sends it
        self.picked = 0                    # cards picked in the scorer since the last clear

    async def __aenter__(self) -> Session:
        import websockets
        self.ws = await websockets.connect(self.ws_url, max_size=None, open_timeout=TIMEOUT_S)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def open(self, page: str, query: str = "") -> float | None:
        self.page, self.query, self.values, self.page_hash = page, query, {}, ""
        return await self.rerun()

    async def click(self, w: Widget) -> float | None:
        from streamlit.proto.WidgetStates_pb2 import WidgetState
        trigger = WidgetState(id=w.id, trigger_value=True)
        return await self.rerun(trigger, w.fragment)

    async def set_value(self, w: Widget, **value: Any) -> float | None:
        from streamlit.proto.WidgetStates_pb2 import WidgetState
        state = WidgetState(id=w.id)
        for name, v in value.items():
            target = getattr(state, name)
            if name.endswith("array_value"):
                target.data.extend(v)
            else:
                setattr(state, name, v)
        self.values[w.id] = state
        return await self.rerun(None, w.fragment)

    async def rerun(self, trigger: Any = None, fragment: str = "") -> float | None:
        """Ask for a script run and wait until it finishes; its latency, or None on error."""
        from streamlit.proto.BackMsg_pb2 import BackMsg
        msg = BackMsg()
        rs = msg.rerun_script
        rs.query_string, rs.page_name = self.query, self.page
        if self.page_hash:   # as a browser: a fragment's st.rerun() stays on this page
            rs.page_script_hash = self.page_hash
        if fragment:
            rs.fragment_id = fragment
        states = list(self.values.values()) + ([trigger] if trigger is not None else [])
        rs.widget_states.widgets.extend(states)
        t0 = time.perf_counter()
        try:
            await self.ws.send(msg.SerializeToString())
            ok = await asyncio.wait_for(self._until_idle(fragment), TIMEOUT_S)
        except asyncio.TimeoutError:
            self.stats.error(f"timeout: no idle within {TIMEOUT_S:.0f} s on {self.page}")
            raise SessionLost from None
        except Exception as e:  # a websocket failure
            self.stats.error(f"websocket: {type(e).__name__}: {e}")
            raise SessionLost from e
        took = time.perf_counter() - t0
        if ok:
            self.stats.latencies.append(took)
        return took if ok else None

    async def _until_idle(self, fragment: str) -> bool:
        """Read messages until the run ends; True when it showed no exception."""
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
        clean = True
        # a whole-page run draws every widget again, a fragment run those of its fragment
        # (were it to draw the whole page again, the widgets kept are drawn again too)
        self.widgets = ({k: w for k, w in self.widgets.items() if w.fragment != fragment}
                        if fragment else {})
        while True:
            m = ForwardMsg()
            m.ParseFromString(await self.ws.recv())
            kind = m.WhichOneof("type")
            if kind == "delta":
                clean &= self._read_delta(m.delta)
            elif kind == "page_info_changed":
                self.query = m.page_info_changed.query_string
            elif kind == "navigation":   # the page shown (st.navigation)
                self.page_hash = m.navigation.page_script_hash
            elif kind == "session_event" and m.session_event.WhichOneof("type") in (
                    "script_compilation_exception",):
                self.stats.error(f"compile error on {self.page}")
                clean = False
            elif kind == "script_finished":
                if m.script_finished == 2:  # finished early for a rerun: another run follows
                    continue
                return clean

    def _read_delta(self, delta: Any) -> bool:
        if delta.WhichOneof("type") != "new_element":
            return True
        el = delta.new_element
        kind = el.WhichOneof("type")
        if kind == "exception":
            self.stats.error(f"exception on {self.page}: {el.exception.type}: "
                             f"{el.exception.message}")
            return False
        proto = getattr(el, kind) if kind else None
        wid = getattr(proto, "id", "") if proto is not None else ""
        if isinstance(wid, str) and wid.startswith("$$ID-"):
            self.widgets[wid] = Widget(kind, wid, widget_key(wid),
                                       getattr(proto, "label", ""), proto, delta.fragment_id)
        return True

    def find(self, prefix: str, kind: str = "button") -> list[Widget]:
        """Enabled widgets of ``kind`` whose key starts with ``prefix``."""
        return [w for w in self.widgets.values() if w.kind == kind
                and w.key.startswith(prefix) and not getattr(w.proto, "disabled", False)]


# --- what a learner does on each page --------------------------------------------------------

async def scorer_step(s: Session, rng: random.Random) -> None:
    picks = [w for w in s.find("scorer_") if "pick_" in w.key]
    if rng.random() < 0.15 and s.find("scorer_random"):
        await s.click(s.find("scorer_random")[0])
    elif s.picked >= 3 and s.find("scorer_clear"):
        s.picked = 0
        await s.click(s.find("scorer_clear")[0])
    elif picks:
        await s.click(rng.choice(picks))
        s.picked += 1
    else:
        await s.open("scorer")


PLAY_ORDER = ("play_act_", "play_next_round", "play_new_after", "play_until_me", "play_next",
              "play_new")


async def play_step(s: Session, rng: random.Random) -> None:
    if rng.random() < 0.08 and s.find("play_hint_btn"):
        await s.click(s.find("play_hint_btn")[0])
        return
    for prefix in PLAY_ORDER:
        found = [w for w in s.find(prefix) if not w.key.startswith("play_new_")
                 or prefix == "play_new_after"]
        if prefix == "play_next":
            found = [w for w in found if w.key == "play_next"]
        if prefix == "play_new":
            found = [w for w in found if w.key == "play_new"]
        if found:
            await s.click(rng.choice(found))
            return
    await s.open("play", s.query)


async def odds_step(s: Session, rng: random.Random) -> None:
    radios = s.find("odds_section", "radio")
    sliders = s.find("odds_", "slider")
    if radios and (rng.random() < 0.3 or not sliders):
        w = radios[0]
        options = list(w.proto.options)
        await s.set_value(w, string_value=rng.choice(options))
    elif sliders:
        w = rng.choice(sliders)
        lo, hi, step = w.proto.min, w.proto.max, w.proto.step or 1
        n = int((hi - lo) // step)
        await s.set_value(w, double_array_value=[lo + step * rng.randint(0, n)])
    else:
        await s.open("odds_lab")


STEPS = {"scorer": scorer_step, "play": play_step, "odds_lab": odds_step}


def page_query(page: str, seed: int) -> str:
    return f"variant=scat&seed={seed}&players=3" if page == "play" else ""


async def open_page(s: Session, page: str, seed: int) -> None:
    await s.open(page, page_query(page, seed))
    if page == "play" and s.find("play_new"):
        await s.click(s.find("play_new")[0])


async def walk(ws_url: str, index: int, stats: Stats, deadline: float,
               think: tuple[float, float], rng: random.Random) -> None:
    """One session until ``deadline``: a few clicks on a page, then the next page."""
    order = PAGES[index % len(PAGES):] + PAGES[:index % len(PAGES)]
    try:
        async with Session(ws_url, stats) as s:
            turn = 0
            while time.monotonic() < deadline:
                page = order[turn % len(order)]
                await open_page(s, page, seed=index * 1000 + turn)
                for _ in range(rng.randint(6, 12)):
                    await asyncio.sleep(rng.uniform(*think))
                    if time.monotonic() >= deadline:
                        return
                    await STEPS[page](s, rng)
                turn += 1
    except SessionLost:
        pass
    except Exception as e:  # e.g. the websocket would not open
        stats.error(f"session {index}: {type(e).__name__}: {e}")


async def warm_up(ws_url: str) -> None:
    """One visit of each page with a couple of clicks, not counted."""
    stats = Stats()
    rng = random.Random(0)
    async with Session(ws_url, stats) as s:
        for page in PAGES:
            await open_page(s, page, seed=1)
            for _ in range(2):
                await STEPS[page](s, rng)


async def sample_rss(pids: list[int], peak: list[float], stop: asyncio.Event) -> None:
    while not stop.is_set():
        now = rss_mb(pids)
        if now is not None and now > peak[0]:
            peak[0] = now
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.5)


# --- the whole test --------------------------------------------------------------------------

def percentile(values: list[float], q: float) -> float | None:
    """The q-quantile (0..1), nearest rank.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5), percentile([1.0, 2.0, 3.0, 4.0], 0.95)
    (2.0, 4.0)
    """
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 1))  # ceil
    return ordered[int(rank) - 1]


async def run_sessions(url: str, sessions: int, seconds: float, think: tuple[float, float],
                       settle: float, seed: int) -> dict[str, Any]:
    host, port = check_url(url)
    netloc = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    ws_url = f"ws://{netloc}/_stcore/stream"
    await warm_up(ws_url)
    pids = app_pids(port)
    start = rss_mb(pids)
    peak = [start or 0.0]
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample_rss(pids, peak, stop))
    stats = Stats()
    rng = random.Random(seed)
    ramp = min(5.0, seconds / 4)
    t0 = time.monotonic()
    deadline = t0 + seconds

    async def one(i: int) -> None:
        await asyncio.sleep(ramp * i / sessions)
        await walk(ws_url, i, stats, deadline, think, random.Random(rng.random()))

    await asyncio.gather(*(one(i) for i in range(sessions)))
    elapsed = time.monotonic() - t0
    await asyncio.sleep(settle)
    stop.set()
    await sampler
    end = rss_mb(pids)
    lat = stats.latencies
    return {
        "sessions": sessions, "clicks": len(lat),
        "p50_s": round(statistics.median(lat), 3) if lat else None,
        "p95_s": round(percentile(lat, 0.95) or 0.0, 3) if lat else None,
        "errors": len(stats.errors),
        "rss_mb_start": start, "rss_mb_peak": peak[0] if start is not None else None,
        "rss_mb_end": end,
        "url": f"http://{netloc}", "processes": len(pids), "seconds": round(elapsed, 1),
        "error_samples": stats.errors[:5],
    }


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def app_script() -> Path:
    """``app.py`` of a checkout, else the installed entry ``thirtyone/ui/shell/app.py``."""
    package = Path(__file__).resolve().parents[1]   # thirtyone/
    checkout = package.parent / "app.py"
    return checkout if checkout.exists() else package / "ui" / "shell" / "app.py"


def start_server(data_dir: str) -> tuple[subprocess.Popen, str]:
    """``streamlit run`` on a free loopback port, headless; waits until it is healthy."""
    port = _free_port()
    script = app_script()
    env = dict(os.environ, THIRTYONE_DATA_DIR=data_dir)
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(script), "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.headless", "true",
         "--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false"],
        cwd=script.parent, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"streamlit stopped with exit code {proc.returncode}")
        try:
            with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return proc, url
        except OSError:
            time.sleep(0.3)
    proc.terminate()
    raise RuntimeError("streamlit did not answer within 60 s")


def run_load(sessions: int, url: str | None = None, seconds: float = 60.0,
             think: tuple[float, float] = (1.0, 3.0), settle: float = 10.0,
             seed: int = 0) -> dict[str, Any]:
    """The load test; starts and stops its own server when ``url`` is None."""
    check_numbers(sessions, seconds, think)
    if url is not None:
        check_url(url)
        return run_async(run_sessions(url, sessions, seconds, think, settle, seed))
    with tempfile.TemporaryDirectory(prefix="thirtyone-load-") as data:
        proc, own = start_server(data)
        try:
            return run_async(run_sessions(own, sessions, seconds, think, settle, seed))
        finally:
            stop_server(proc)


def stop_server(proc: subprocess.Popen) -> None:
    """Stop a server ``start_server`` started: asked to end, killed after 10 s."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def print_load(row: dict[str, Any]) -> None:
    def num(v: Any, unit: str = "") -> str:
        return "-" if v is None else f"{v}{unit}"

    print(f"Load test: {row['sessions']} sessions for {row['seconds']} s against {row['url']} "
          f"({row['processes']} app process(es))")
    print(f"  clicks {row['clicks']}, errors {row['errors']}")
    print(f"  click to idle: p50 {num(row['p50_s'], ' s')}, p95 {num(row['p95_s'], ' s')} "
          f"(target p95 < 1 s, zero errors)")
    print(f"  server RSS: start {num(row['rss_mb_start'], ' MB')}, peak "
          f"{num(row['rss_mb_peak'], ' MB')}, end {num(row['rss_mb_end'], ' MB')}")
    for e in row.get("error_samples", []):
        print(f"  error: {e}")
