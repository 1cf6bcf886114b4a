"""tools/screenshots.py against the running app: a page's shot, and with --full-page the
whole page (Streamlit scrolls inside its main element, so Playwright's own full_page shot
was only the window)."""

from __future__ import annotations

import importlib.util
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from tiers import LONG

pytestmark = [pytest.mark.browser, LONG]   # the long tier (tests/tiers.py)

ROOT = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("screenshots", ROOT / "tools" / "screenshots.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def png_size(path: Path) -> tuple[int, int]:
    width, height = struct.unpack(">II", path.read_bytes()[16:24])
    return width, height


def test_the_docstring_names_the_options_the_tool_has():
    tool = _tool()
    assert "--setup" not in tool.__doc__
    assert "--scorer-hand" in tool.__doc__ and "--full-page" in tool.__doc__


def test_full_page_shoots_the_whole_page_and_the_default_the_window(browser, app_url,
                                                                    tmp_path):
    # ``browser`` only to skip where there is no Chromium: the tool runs its own Playwright,
    # so in a process of its own
    def shoot(*more: str) -> None:
        subprocess.run([sys.executable, str(ROOT / "tools" / "screenshots.py"), "--url", app_url,
                        "--pages", "odds_lab", "--width", "1024", "--height", "768",
                        "--out", str(tmp_path), *more], check=True, timeout=300)
    shoot("--suffix", "_window")
    shoot("--suffix", "_full", "--full-page")
    assert png_size(tmp_path / "odds_lab_window.png") == (1024, 768)
    width, height = png_size(tmp_path / "odds_lab_full.png")
    assert width == 1024 and height > 1.5 * 768   # the Odds lab is far longer than a window
