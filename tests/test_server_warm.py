"""The server's start (``shell.server``, issue 25 item 18): the app's modules, every page's
included, are loaded once and set aside from the garbage collector, so its full walks cover
only what the sessions make. Run in a process of its own: a frozen test process would keep
its garbage."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import gc, json
from thirtyone.ui.shell import server
import sys
before = sorted(m for m in sys.modules if m.startswith("thirtyone.ui.pages."))
frozen = server.warm()
from thirtyone.ui.shell import nav
print(json.dumps({"frozen": frozen, "walked": len(gc.get_objects()),
                  "warmed": server.WARMED.is_set(), "before": before,
                  "rooms": [s.room for s in nav.PAGES
                            if "thirtyone.ui.pages." + s.room not in sys.modules]}))
"""


def test_warm_imports_every_page_and_freezes_the_long_lived_objects():
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True,
                         text=True, timeout=300, check=True)
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["warmed"] and not got["before"] and not got["rooms"], got
    # what a full collection still walks is a small part of what the process holds
    assert got["frozen"] > 20 * got["walked"], got
