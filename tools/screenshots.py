"""Take a PNG of every page of the app with headless Chromium.

    python tools/screenshots.py                       # starts the app, shots into /tmp/shots/
    python tools/screenshots.py --url http://127.0.0.1:8601 --pages scorer play
    python tools/screenshots.py --width 1280 --height 800 --full-page

Each page is saved as ``<out>/<page>.png`` (``home.png``, ``scorer.png``...). The scorer's
text box is filled first, so its shot shows a hand: ``--scorer-hand "AH KH 9S"`` (the
default; ``--scorer-hand ""`` for none). ``--full-page`` shoots the whole page: Streamlit
scrolls inside its main element, not the document, so the window is first made as tall as
the page's content (the sidebar and the main column), then shot.
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from e2e_helpers import CHROMIUM, CHROMIUM_ARGS, open_app, wait_for_app  # noqa: E402

PAGES = ["home", "learn", "scorer", "play", "variants", "odds_lab", "class", "table", "challenge"]


def start_app(port: int) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.headless", "true"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2):
                return proc
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit("streamlit did not start")


# The height the whole page needs: the document, or what scrolls inside Streamlit's main
# element and its sidebar, whichever is taller.
CONTENT_HEIGHT = """() => Math.max(document.documentElement.scrollHeight,
  ...Array.from(document.querySelectorAll(
      "[data-testid='stMain'], [data-testid='stSidebarContent'], section.main"))
     .map(e => e.scrollHeight + e.getBoundingClientRect().top))"""


def full_height(page, width: int, height: int) -> int:
    """Make the window as tall as the page's content (never shorter than ``height``), let
    the app lay itself out again, and return the new height."""
    tall = max(height, int(page.evaluate(CONTENT_HEIGHT)))
    page.set_viewport_size({"width": width, "height": tall})
    wait_for_app(page)
    return tall


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", help="use an app already running here instead of starting one")
    ap.add_argument("--out", default="/tmp/shots")
    ap.add_argument("--pages", nargs="*", default=PAGES)
    ap.add_argument("--width", type=int, default=1400)
    ap.add_argument("--height", type=int, default=1000)
    ap.add_argument("--full-page", action="store_true",
                    help="the whole page: the window is made as tall as the content first")
    ap.add_argument("--suffix", default="", help="added to file names, e.g. _laptop")
    ap.add_argument("--lang", default="", help="open every page in this language (?lang=ru)")
    ap.add_argument("--scorer-hand", default="AH KH 9S",
                    help="hand typed into the scorer before its shot ('' for none)")
    args = ap.parse_args(argv)

    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    proc = None
    url = args.url
    if url is None:
        port = free_port()
        proc = start_app(port)
        url = f"http://127.0.0.1:{port}"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": args.width, "height": args.height})
            for name in args.pages:
                query = f"?lang={args.lang}" if args.lang else ""
                open_app(page, url, ("" if name == "home" else name) + query)
                if name == "scorer" and args.scorer_hand:
                    box = page.locator(".st-key-scorer_text input")
                    box.fill(args.scorer_hand)
                    box.press("Enter")
                    wait_for_app(page)
                if args.full_page:
                    full_height(page, args.width, args.height)
                path = out / f"{name}{args.suffix}.png"
                page.screenshot(path=str(path))
                print(path)
                if args.full_page:  # the next page starts from the window asked for
                    page.set_viewport_size({"width": args.width, "height": args.height})
            browser.close()
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
