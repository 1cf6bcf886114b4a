"""The load test (``python -m thirtyone.bench --load N``) and the class server's nginx config.

- Argument checks: a URL off this machine and unbounded numbers are refused with exit 2.
- The protocol client against a real ``streamlit run app.py`` (the ``app_url`` fixture): a
  short run of 2 sessions clicks, sees no errors and reports the JSON keys (marked slow).
- ``tools/class_server.sh config`` writes an nginx config that ``nginx -t`` accepts.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tiers import LONG

from thirtyone.bench.cli import main
from thirtyone.bench.load import KEYS, LoadError, app_pids, check_numbers, check_url, run_load

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("url", ["http://example.com:8501", "http://10.0.0.5:8501",
                                 "http://127.0.0.1.example.com", "ftp://127.0.0.1:21",
                                 "http://[fe80::1]:80", "http://0.0.0.0:8501"])
def test_urls_off_this_machine_are_refused(url, capsys):
    with pytest.raises(LoadError):
        check_url(url)
    assert main(["--load", "2", "--url", url, "--json"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.endswith(".")


@pytest.mark.parametrize("url", ["http://127.0.0.1:8501", "http://localhost:9",
                                 "http://[::1]:8600"])
def test_loopback_urls_are_accepted(url):
    host, port = check_url(url)
    assert host in ("127.0.0.1", "localhost", "::1") and port == int(url.rsplit(":", 1)[1])


@pytest.mark.parametrize("sessions, seconds", [(0, 60), (101, 60), (-3, 60), (10, 0),
                                               (10, 601), (10, 1e9)])
def test_unbounded_runs_are_refused(sessions, seconds, capsys):
    with pytest.raises(LoadError):
        check_numbers(sessions, seconds, (1.0, 3.0))
    rc = main(["--load", str(sessions), "--seconds", str(seconds), "--url",
               "http://127.0.0.1:9"])
    assert rc == 2 and "\n" not in capsys.readouterr().err.strip()


def test_think_time_must_be_an_interval():
    with pytest.raises(LoadError):
        check_numbers(2, 10, (3.0, 1.0))
    with pytest.raises(LoadError):
        check_numbers(2, 10, (-1.0, 1.0))
    check_numbers(100, 600, (0.0, 0.0))  # the largest bounded run is allowed


def test_url_without_load_is_refused(capsys):
    assert main(["--url", "http://127.0.0.1:9"]) == 2
    assert "--load" in capsys.readouterr().err


@pytest.mark.slow
@LONG
def test_two_sessions_click_without_errors(app_url, capsys):
    """The real protocol against a real server: clicks are answered, no exception shown."""
    assert main(["--load", "2", "--url", app_url, "--seconds", "10", "--think", "0.3", "0.8",
                 "--json"]) == 0
    out = capsys.readouterr()
    row = json.loads(out.out)
    assert set(KEYS) <= set(row) and set(row) <= set(KEYS) | {"url", "processes", "seconds"}
    assert row["sessions"] == 2 and row["clicks"] > 0, row
    assert row["errors"] == 0, out.err
    assert 0 < row["p50_s"] <= row["p95_s"] < 10
    # the server behind the URL was found and measured
    assert row["processes"] == 1
    assert 0 < row["rss_mb_start"] <= row["rss_mb_peak"]
    assert row["rss_mb_end"] > 0


@pytest.mark.slow
@LONG
def test_a_server_of_its_own_is_started_and_stopped():
    row = run_load(1, None, seconds=4, think=(0.2, 0.4), settle=0)
    assert row["clicks"] > 0 and row["errors"] == 0, row.get("error_samples")
    port = int(row["url"].rsplit(":", 1)[1])
    assert app_pids(port) == []  # stopped at the end


def test_class_server_nginx_config_is_valid(tmp_path):
    nginx = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)
    if nginx is None:
        pytest.skip("nginx is not installed (tools/class_server.sh installs it with apt-get)")
    script = ROOT / "tools" / "class_server.sh"
    subprocess.run(["bash", str(script), "config", "3", "18600", str(tmp_path)], check=True,
                   env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path),
                        "THIRTYONE_LISTEN": "127.0.0.1"})
    conf = tmp_path / "nginx.conf"
    text = conf.read_text()
    # three upstreams on the ports above the proxy, hashed on the route cookie (sticky)
    for port in (18601, 18602, 18603):
        assert f"server 127.0.0.1:{port};" in text
    assert "hash $t31_route consistent;" in text and "$remote_addr" not in text
    assert "proxy_set_header Upgrade $http_upgrade;" in text
    r = subprocess.run([nginx, "-t", "-p", str(tmp_path), "-e", str(tmp_path / "e.log"),
                        "-c", str(conf)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_class_server_refuses_bad_counts(tmp_path):
    script = ROOT / "tools" / "class_server.sh"
    for args in (["0"], ["17"], ["two"], ["2", "80"]):
        r = subprocess.run(["bash", str(script), *args], capture_output=True, text=True,
                           env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
        assert r.returncode == 2 and r.stderr.count("\n") == 1, (args, r.stderr)


def test_module_runs_as_a_script():
    r = subprocess.run([sys.executable, "-m", "thirtyone.bench", "--load", "101", "--json"],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and "1 to 100" in r.stderr
