"""Shared fixtures.

- ``app_url`` (session): starts ``streamlit run app.py`` on a free port and yields its URL.
- ``browser`` (session) and ``page``: headless Chromium through Playwright, always the system
  browser at /usr/bin/chromium, never a downloaded one.

Browser tests skip with a reason when Chromium or Playwright is missing, except in CI
(``CI=true``), where a missing browser is a failure.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, ROOT, new_tab

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


LONG_ENV = "THIRTYONE_LONG"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--long", action="store_true", default=os.environ.get(LONG_ENV, "") not in ("", "0"),
        help="also run the long tier (tests marked 'long': the same browser walk at more "
             "screen sizes, languages and table sizes, the long random-play and agreement "
             "sweeps); .ci/run runs them after the default run (or set THIRTYONE_LONG=1)")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without ``--long``, the tests marked ``long`` are left out (deselected, and counted in
    pytest's last line): the default run is the one a developer runs before a commit."""
    long = [i for i in items if i.get_closest_marker("long")]
    if long and not config.getoption("--long"):
        config.hook.pytest_deselected(items=long)
        items[:] = [i for i in items if not i.get_closest_marker("long")]
    spread(items)


def spread(items: list[pytest.Item]) -> None:
    """The tests run on every core (pytest-xdist, ``--dist loadgroup`` in pyproject.toml), each
    one on whichever worker is free. A module whose tests share a module-scoped fixture (an
    app server, a built wheel) goes to one worker whole, so that the fixture is set up once,
    not once per worker or again each time a worker comes back to the module. The long
    tests (browser, slow) are handed out first, so that the run does not end waiting for one
    of them while the other workers are idle."""
    for item in items:
        if item.get_closest_marker("xdist_group"):
            continue
        info = getattr(item, "_fixtureinfo", None)
        defs = info.name2fixturedefs.values() if info is not None else ()
        if any(d[-1].scope == "module" for d in defs):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
    if os.environ.get("PYTEST_XDIST_WORKER"):   # every worker sorts alike: the same order
        def heavy(item: pytest.Item) -> bool:
            return any(item.get_closest_marker(m) for m in ("browser", "slow"))
        items[:] = [i for i in items if heavy(i)] + [i for i in items if not heavy(i)]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _need(reason: str) -> None:
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: browser tests are required)")
    pytest.skip(reason)


@pytest.fixture(scope="session", autouse=True)
def data_dir(tmp_path_factory: pytest.TempPathFactory):
    """The app's data folder (save key, ...) for the tests and the app they start: a fresh
    temporary one, never the user's ~/.thirtyone."""
    path = tmp_path_factory.mktemp("thirtyone-data")
    os.environ["THIRTYONE_DATA_DIR"] = str(path)
    # The deal of a visible seed is keyed by the server's secret (ui.class_seed). A random
    # key per run made the deal behind seed 31 differ from run to run, and about one run in
    # 150 dealt a blitz that ended the round before the first move. A fixed key makes every
    # deal the same on every machine; tests of the key itself unset it.
    os.environ.setdefault("THIRTYONE_SECRET",
                          "thirtyone tests: a fixed key, so every deal is the same everywhere")
    return path


@pytest.fixture(scope="session")
def app_url(data_dir, tmp_path_factory: pytest.TempPathFactory):
    """A running copy of the app; yields ``http://127.0.0.1:<port>``."""
    port = _free_port()
    log_path = Path(tmp_path_factory.mktemp("streamlit")) / "streamlit.log"
    log = open(log_path, "w")  # noqa: SIM115 - closed below after the server stops
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.headless", "true",
         "--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            log.close()
            pytest.fail(f"streamlit did not start; log:\n{log_path.read_text()[-3000:]}")
        time.sleep(0.3)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()


@pytest.fixture(scope="session")
def browser():
    """Headless system Chromium (Playwright)."""
    if not Path(CHROMIUM).exists():
        _need(f"no Chromium at {CHROMIUM} (install Debian's 'chromium' package)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _need("the 'playwright' Python package is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    """A fresh browser tab (its own context, so no state is shared between tests)."""
    tab = new_tab(browser, 1400, 1000)
    yield tab
    tab.context.close()


# --- the class store: every store test runs on SQLite and on PostgreSQL ---------------------

PG_ENV = "THIRTYONE_TEST_PG_URL"


_worker_pg: dict[str, str] = {}


def worker_pg_url(url: str) -> str:
    """The database of this pytest-xdist worker: ``<db>_gw0``, ``<db>_gw1``... on the server
    of ``url``, made there (as the URL's user) if it is missing, so that workers running at
    once never empty each other's tables. Without xdist, ``url`` itself."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return url
    if url in _worker_pg:
        return _worker_pg[url]
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from thirtyone.store.store import normal_url
    base = make_url(url)                       # keeps the scheme the URL came with
    name = f"{base.database}_{worker}"
    admin = create_engine(normal_url(url), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            found = conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"),
                                 {"n": name}).first()
            if not found:
                conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    finally:
        admin.dispose()
    _worker_pg[url] = base.set(database=name).render_as_string(hide_password=False)
    return _worker_pg[url]


def empty_pg_url() -> str:
    """The PostgreSQL database named by ``THIRTYONE_TEST_PG_URL`` (under pytest-xdist, this
    worker's own database beside it: ``worker_pg_url``), emptied of the store's tables (CI
    starts Debian's PostgreSQL and sets it; without it the test skips with that reason, and
    fails under CI=true)."""
    url = os.environ.get(PG_ENV)
    if not url:
        reason = f"no PostgreSQL to test against ({PG_ENV} is not set)"
        if IN_CI:
            pytest.fail(f"{reason} (CI=true: PostgreSQL tests are required)")
        pytest.skip(reason)
    url = worker_pg_url(url)
    from sqlalchemy import create_engine

    from thirtyone.store.schema import metadata
    from thirtyone.store.store import normal_url
    engine = create_engine(normal_url(url))
    metadata.drop_all(engine)
    engine.dispose()
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path) -> str:
    """A URL of an empty store database: a fresh SQLite file, or ``empty_pg_url()``."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    return empty_pg_url()


@pytest.fixture
def pg_url() -> str:
    return empty_pg_url()


@pytest.fixture
def store(store_url):
    from thirtyone.store import open_store
    s = open_store(store_url)
    yield s
    s.engine.dispose()


@pytest.fixture
def db(monkeypatch, tmp_path):
    """A SQLite class store in a fresh file, which an app run by AppTest in this test opens
    too (``THIRTYONE_DATABASE_URL``); the table versions memoised in this process are
    forgotten first."""
    from thirtyone.store import open_store, shared
    url = f"sqlite:///{tmp_path / 'class.db'}"
    monkeypatch.setenv("THIRTYONE_DATABASE_URL", url)
    shared.forget_cache()
    store = open_store(url)
    yield store
    store.engine.dispose()
