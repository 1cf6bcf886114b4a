"""A copy of the app run by a browser test itself, with its own environment (a fresh data
folder, a database URL), so that a test can stop it, start another on the same data, or run
two side by side. ``conftest.app_url`` is the shared server of every other browser test.

    server = AppServer(env={"THIRTYONE_DATABASE_URL": url}, log_dir=tmp_path).start()
    page.goto(server.url + "/table?table=1")
    server.kill()            # as a crash would: no clean shutdown
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from . import ROOT


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class AppServer:
    def __init__(self, env: dict[str, str], log_dir: Path, name: str = "app") -> None:
        self.env = {**os.environ, **env}
        self.log_path = Path(log_dir) / f"{name}.log"
        self.proc: subprocess.Popen | None = None
        self.url = ""

    def start(self, timeout: float = 90) -> AppServer:
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        log = open(self.log_path, "a")  # noqa: SIM115 - the process writes it until it stops
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
             "--server.address", "127.0.0.1", "--server.headless", "true",
             "--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false"],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=self.env)
        log.close()
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.kill()
                raise RuntimeError("streamlit did not start; log:\n"
                                   + self.log_path.read_text()[-3000:])
            time.sleep(0.3)

    def kill(self) -> None:
        """Stop at once (SIGKILL), as a crash or a pulled plug would."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


def stop_group(proc: subprocess.Popen, timeout: float = 15) -> None:
    """End a server started in its own process group (``start_new_session=True``): SIGTERM
    to the group, SIGKILL if it is still there after ``timeout`` seconds."""
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def class_server(tmp: Path, class_name: str):
    """A started app server on a SQLite store of its own, with one class made in it: yields
    the server, its ``store`` and ``klass`` set on it (for a module fixture), then stops it."""
    from thirtyone.store import open_store, shared
    url = f"sqlite:///{tmp / 'class.db'}"
    data = tmp / "data"
    data.mkdir()
    srv = AppServer({"THIRTYONE_DATABASE_URL": url, "THIRTYONE_DATA_DIR": str(data)},
                    tmp).start()
    shared.forget_cache()
    store = open_store(url)
    klass, _ = store.create_class(class_name)
    srv.store, srv.klass = store, klass
    yield srv
    srv.stop()
    store.engine.dispose()
