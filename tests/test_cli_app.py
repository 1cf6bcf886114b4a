"""``thirtyone app`` runs where the user stands: the app keeps its own settings, but the
user's ``.streamlit/config.toml`` and ``secrets.toml`` in the folder it was started from are
found, their settings win over the app's, and a relative ``THIRTYONE_DATA_DIR`` is that
folder's (before, the command changed into the installed package's folder: the user's files
were silently ignored and the data folder landed inside the venv)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from e2e_helpers import new_tab, wait_for_app
from e2e_helpers.server import stop_group

from thirtyone.cli import app_command, main

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app.py"              # a checkout runs its top-level app.py
APP_CONFIG = (ROOT / ".streamlit" / "config.toml").read_text()


def user_folder(tmp_path: Path, config: str = "", secrets: str = "") -> Path:
    folder = tmp_path / "school"
    (folder / ".streamlit").mkdir(parents=True)
    if config:
        (folder / ".streamlit" / "config.toml").write_text(config)
    if secrets:
        (folder / ".streamlit" / "secrets.toml").write_text(secrets)
    return folder


def test_the_app_sets_what_this_test_overrides():
    # the user's values below must differ from the app's own for the test to mean anything
    assert 'primaryColor = "#8a1538"' not in APP_CONFIG and "headless = true" in APP_CONFIG
    assert 'backgroundColor = "#fff8e1"' not in APP_CONFIG and "backgroundColor" in APP_CONFIG


def test_the_users_config_wins_over_the_apps_own_settings(tmp_path):
    folder = user_folder(tmp_path, config='[theme]\nprimaryColor = "#8a1538"\n'
                                          '[server]\nheadless = false\nport = 8642\n')
    cmd = app_command(APP, [], folder, {})
    assert cmd[1:5] == ["-m", "streamlit", "run", str(APP)]
    assert "--theme.primaryColor=#8a1538" in cmd and "--server.headless=false" in cmd
    # an option the app does not set Streamlit reads from the user's file itself
    assert not [c for c in cmd if "port" in c]


def test_the_environment_and_the_users_arguments_win_over_the_users_file(tmp_path):
    folder = user_folder(tmp_path, config='[server]\nheadless = false\nmaxUploadSize = 5\n')
    cmd = app_command(APP, ["--server.headless", "true"], folder,
                      {"STREAMLIT_SERVER_MAX_UPLOAD_SIZE": "2"})
    assert cmd[-2:] == ["--server.headless", "true"]
    assert not [c for c in cmd if "=false" in c or "maxUploadSize" in c]


def test_no_user_config_adds_nothing_and_a_broken_one_is_left_to_streamlit(tmp_path):
    assert app_command(APP, ["--x"], tmp_path, {})[5:] == ["--x"]
    folder = user_folder(tmp_path, config="[theme\nbroken")
    assert app_command(APP, [], folder, {})[5:] == []


def test_thirtyone_app_stays_in_the_users_folder_and_keeps_a_relative_data_dir_there(
        tmp_path, monkeypatch):
    folder = user_folder(tmp_path)
    seen = {}

    def fake_call(cmd, env=None):
        seen.update(cmd=cmd, cwd=os.getcwd(), env=env)
        return 0

    monkeypatch.setattr("thirtyone.cli.subprocess.call", fake_call)
    monkeypatch.chdir(folder)
    monkeypatch.setenv("THIRTYONE_DATA_DIR", "class-data")
    with pytest.raises(SystemExit):
        main(["app"])
    assert Path(seen["cwd"]) == folder
    assert seen["env"]["THIRTYONE_DATA_DIR"] == str(folder / "class-data")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.browser
def test_a_real_thirtyone_app_reads_the_users_config_and_secrets(tmp_path, browser):
    folder = user_folder(
        tmp_path,
        config='[server]\nbaseUrlPath = "school"\n[theme]\nbackgroundColor = "#fff8e1"\n',
        secrets='[connections.thirtyone]\nurl = "sqlite:///from-secrets.db"\n')
    port = _free_port()
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("STREAMLIT_") and k != "THIRTYONE_DATABASE_URL"}
    env.update(PYTHONPATH=str(ROOT), THIRTYONE_DATA_DIR="data", PYTHONUNBUFFERED="1")
    log_path = tmp_path / "app.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "thirtyone", "app", "--server.port", str(port),
             "--server.address", "127.0.0.1"],
            cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            url = f"http://127.0.0.1:{port}/school"      # the user's baseUrlPath
            deadline = time.monotonic() + 90
            while True:
                assert proc.poll() is None, f"thirtyone app stopped:\n{log_path.read_text()}"
                assert time.monotonic() < deadline, f"no answer:\n{log_path.read_text()}"
                try:
                    with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                        if r.read().decode() == "ok":
                            break
                except OSError:
                    time.sleep(0.3)
            tab = new_tab(browser, 1024, 768)
            try:
                tab.goto(f"{url}/class")
                tab.wait_for_selector("[data-testid='stApp']", timeout=60_000)
                tab.wait_for_selector("[data-testid='stSidebar']", timeout=60_000)
                wait_for_app(tab)
                colour = tab.evaluate(
                    "() => getComputedStyle(document.querySelector("
                    "'[data-testid=\"stApp\"]')).backgroundColor")
            finally:
                tab.context.close()
        finally:
            stop_group(proc)
    text = log_path.read_text()
    assert "Traceback" not in text, text
    assert colour == "rgb(255, 248, 225)", colour                    # the user's theme
    # their secrets: the class store is the file they named, relative to their folder
    assert (folder / "from-secrets.db").is_file(), sorted(os.listdir(folder))
    assert not list(ROOT.rglob("from-secrets.db"))
