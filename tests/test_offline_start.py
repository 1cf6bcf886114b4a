"""Nothing leaves the machine when the server starts: ``streamlit run app.py`` from the
checkout and ``thirtyone app`` from a user's folder, started as a newcomer starts them (no
``--server.address``), open no socket to, and look up no name of, anything but this machine.

Every Python process of the server (``thirtyone app`` and the streamlit it starts) records
each ``socket.bind``, ``socket.connect``, ``socket.sendto``, ``socket.getaddrinfo`` and ``gethostby*`` through
an audit hook (``sys.addaudithook``), installed by a ``sitecustomize`` on ``PYTHONPATH``.
Streamlit would look up the external address (checkip.amazonaws.com) and open a UDP socket to
8.8.8.8 to find its network address. A browser test does the same while Home, Class and Play
are opened (the sessions' own work).
"""

from __future__ import annotations

import ipaddress
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from e2e_helpers import new_tab, open_app
from e2e_helpers.server import stop_group
from tiers import LONG

ROOT = Path(__file__).resolve().parents[1]

SITECUSTOMIZE = r'''
import json, os, sys

_LOG = os.environ.get("THIRTYONE_SOCKET_AUDIT")
_EVENTS = {"socket.bind": 1, "socket.connect": 1, "socket.sendto": 1, "socket.sendmsg": 1,
           "socket.getaddrinfo": 0, "socket.gethostbyname": 0, "socket.gethostbyname_ex": 0,
           "socket.gethostbyaddr": 0, "socket.getnameinfo": 0}


def _hook(event, args):
    where = _EVENTS.get(event)
    if where is None or not _LOG:
        return
    target = args[where] if len(args) > where else None
    if isinstance(target, tuple):
        target = list(target[:2])
    elif not isinstance(target, (str, type(None))):
        target = repr(target)
    with open(_LOG, "a") as f:
        f.write(json.dumps({"event": event, "target": target, "pid": os.getpid()}) + "\n")


sys.addaudithook(_hook)
'''


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stays_here(target) -> bool:
    """True for this machine: a loopback address or name, an unbound (wildcard) address a
    server listens on, or a local (Unix) socket path."""
    host = target[0] if isinstance(target, list) else target
    if host in (None, "", "localhost"):
        return True
    if isinstance(target, str) and target.startswith("/"):
        return True
    try:
        ip = ipaddress.ip_address(str(host).split("%")[0])
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def test_stays_here_tells_loopback_from_the_world():
    assert stays_here(["127.0.0.1", 8501]) and stays_here(["::1", 80]) and stays_here(None)
    assert stays_here("localhost") and stays_here(["0.0.0.0", 8501])
    assert not stays_here(["8.8.8.8", 1]) and not stays_here("checkip.amazonaws.com")
    assert not stays_here(["192.168.1.20", 8501])


def serve_and_audit(cmd: list[str], cwd: Path, tmp: Path,
                    visit=None) -> tuple[list[dict], str]:
    """Start ``cmd`` until it serves and has printed its address, and ``visit(url)`` it if
    given; every socket it used."""
    (tmp / "audit").mkdir(exist_ok=True)
    (tmp / "audit" / "sitecustomize.py").write_text(SITECUSTOMIZE)
    audit = tmp / "sockets.jsonl"
    audit.write_text("")
    log_path = tmp / "server.log"
    port = int(cmd[cmd.index("--server.port") + 1])
    env = {**os.environ, "THIRTYONE_SOCKET_AUDIT": str(audit), "PYTHONUNBUFFERED": "1",
           "PYTHONPATH": os.pathsep.join([str(tmp / "audit"), str(ROOT)]),
           "THIRTYONE_DATA_DIR": str(tmp / "data")}
    for name in list(env):    # the test's own settings of streamlit would hide the defaults
        if name.startswith("STREAMLIT_"):
            del env[name]
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
        try:
            deadline = time.monotonic() + 90
            while True:
                assert proc.poll() is None, f"the server stopped:\n{log_path.read_text()}"
                assert time.monotonic() < deadline, f"no answer:\n{log_path.read_text()}"
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health",
                                                timeout=2) as r:
                        if r.read().decode() == "ok" and "URL" in log_path.read_text():
                            break
                except OSError:
                    pass
                time.sleep(0.3)
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as r:
                assert r.status == 200
            if visit is not None:
                visit(f"http://127.0.0.1:{port}")
            time.sleep(2)       # the address lookups ran as the URLs were printed
        finally:
            stop_group(proc)
    calls = [json.loads(line) for line in audit.read_text().splitlines()]
    return calls, log_path.read_text()


def check(calls: list[dict], log: str, port: int) -> None:
    # the hook ran in the server: it saw the server take its port
    assert any(c["event"] == "socket.bind" and isinstance(c["target"], list)
               and c["target"][1] == port for c in calls), f"the audit missed the server: {calls}"
    outside = [c for c in calls if not stays_here(c["target"])]
    assert not outside, f"the server reached outside the machine: {outside}\n{log}"
    assert "Did not auto detect external IP" not in log


def test_streamlit_run_app_py_makes_no_call_outside_the_machine(tmp_path):
    port = _free_port()
    calls, log = serve_and_audit([sys.executable, "-m", "streamlit", "run", "app.py",
                                  "--server.port", str(port)], ROOT, tmp_path)
    check(calls, log, port)


def test_thirtyone_app_makes_no_call_outside_the_machine(tmp_path):
    port = _free_port()
    folder = tmp_path / "class"
    folder.mkdir()
    calls, log = serve_and_audit([sys.executable, "-m", "thirtyone", "app",
                                  "--server.port", str(port)], folder, tmp_path)
    check(calls, log, port)


@pytest.mark.browser
@LONG
def test_pages_a_class_opens_make_no_call_outside_the_machine(tmp_path, browser):
    """Sessions too: Home, Class (where a teacher starts a class and reads the join address)
    and Play, opened in a browser, as a newcomer's server runs them."""
    port = _free_port()

    def visit(url: str) -> None:
        tab = new_tab(browser, 1024, 768)
        try:
            for path in ("", "class", "play"):
                open_app(tab, url, path)
        finally:
            tab.context.close()

    calls, log = serve_and_audit([sys.executable, "-m", "streamlit", "run", "app.py",
                                  "--server.port", str(port)], ROOT, tmp_path, visit)
    check(calls, log, port)

