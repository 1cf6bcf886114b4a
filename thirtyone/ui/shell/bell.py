"""The table bell: a seated page learns at once that its class table moved on, without polling.

A Class table page's browser keeps one long request open (``PATH``, ``?table=ID&v=VERSION``):
the server answers it as soon as the table is past ``VERSION`` (with the new version), or
after ``WAIT_SECONDS`` with the same one; the page's script (``BELL_SCRIPT``) then clicks the
table's hidden "bell" button, which redraws the table fragment alone, and asks again. So an
idle seated page costs the server one request every ``WAIT_SECONDS`` instead of a script
run every second, and another seat's move shows as soon as it is written.

How the server learns of a move: ``store.shared.watch`` calls ``ring`` whenever this process
learns that a table moved on: its own writes at once, and (for several app processes on one
database) another process's at the next read, which a checker task makes once per
``CHECK_SECONDS`` for the tables someone waits on (``shared.version``, one query per table).

The route is served by Streamlit's ASGI app (``streamlit.starlette.App``, which ``app.py``
makes); ``lifespan`` starts the bell with the server, and ``active()`` says whether it rings
in this process: under ``AppTest`` or a server without the route, table pages poll as before
(``ui.pages.class_table``). Only table ids and versions go through it, never a card.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator
from typing import Any

from thirtyone.store import StoreError, shared

PATH = "/_thirtyone/wait"
WAIT_SECONDS = 25.0       # a waiting request is answered after this long even if nothing moved
CHECK_SECONDS = 1.0       # other processes' moves: the waited-on tables are read this often
MAX_WAITERS = 4000        # more open requests than this are turned away (503): try again

BELL_SCRIPT = """<script>
(function () {
  if (window.t31Bell) return;
  window.t31Bell = true;
  const BELL = '.st-key-ct_bell';
  const STATUS = '.st-key-play_felt [data-testid="play-status"]';
  const SETTLE = 3000;   // after a click here, or the bell's: wait this long for the redraw
  const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
  const drawn = () => {
    const s = document.querySelector(STATUS);
    return s ? s.getAttribute('data-version') : null;
  };
  const bell = () => document.querySelector(BELL + ' button');
  let clicked = 0;       // when this page's user last clicked a button (their own move)
  let clickedAt = null;  // ... and the version the page showed then
  let stop = null;
  document.addEventListener('click', (e) => {
    const t = e.target;
    if (!t || !t.closest || !t.closest('button') || t.closest(BELL)) return;
    clicked = Date.now();
    clickedAt = drawn();
    if (stop) stop.abort();   // the move changes the version: ask again once it is drawn
  }, true);
  const settle = async (v, since) => {
    while (drawn() === v && Date.now() - since < SETTLE) await sleep(100);
  };
  async function ring() {
    for (;;) {
      const table = new URLSearchParams(window.location.search).get('table');
      const v = drawn();
      if (!bell() || v === null || !table) { await sleep(500); continue; }
      if (Date.now() - clicked < SETTLE && v === clickedAt) { await settle(v, clicked); continue; }
      stop = new AbortController();
      const asked = Date.now();
      const redrawn = setInterval(() => {
        if (drawn() !== v || !bell()) stop.abort();
      }, 250);
      let wait = 0;
      try {
        const r = await fetch(window.location.origin + '__URL__?table=' +
          encodeURIComponent(table) + '&v=' + encodeURIComponent(v),
          {cache: 'no-store', signal: stop.signal});
        if (r.ok) {
          const now = (await r.text()).trim();
          const b = bell();
          if (now !== v && drawn() === v && b && clicked <= asked) {
            b.click();   // the table redraws alone; ask again once it shows (or in 3 s)
            await settle(v, Date.now());
          } else if (now === v) {
            wait = 300;
          }
        } else {
          wait = r.status === 503 ? 2000 : 10000;
        }
      } catch (e) {
        wait = stop.signal.aborted ? 0 : 2000;
      } finally {
        clearInterval(redrawn);
      }
      if (wait) await sleep(wait);
    }
  }
  ring();
})();
</script>"""


def bell_script(base_url_path: object) -> str:
    """``BELL_SCRIPT`` for a server whose ``server.baseUrlPath`` is ``base_url_path`` (the
    route answers under any prefix, so a proxy that passes only ``/school/...`` reaches it)."""
    base = str(base_url_path or "").strip("/")
    if not all(c.isalnum() or c in "-_./" for c in base):   # an option, not user input: still
        base = ""                                             # nothing odd goes into a script
    return BELL_SCRIPT.replace("__URL__", (f"/{base}" if base else "") + PATH)


class Bell:
    """The waiting requests of this process, by table; woken in the server's event loop."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiters: dict[int, list[tuple[int, asyncio.Future[int]]]] = {}
        self.checker: asyncio.Task[None] | None = None
        self.store: Any = None

    @property
    def count(self) -> int:
        """How many requests wait now."""
        return sum(len(w) for w in self.waiters.values())

    def ring(self, url: str, table_id: int, version: int) -> None:
        """``shared.watch``'s callback, from any thread: wake the table's waiters (a table of
        this bell's store; a process running tests may hold several)."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        if self.store is not None and url != str(self.store.engine.url):
            return
        with contextlib.suppress(RuntimeError):   # the loop closed just now
            loop.call_soon_threadsafe(self._wake, table_id, version)

    def _wake(self, table_id: int, version: int) -> None:
        for seen, fut in self.waiters.get(table_id, ()):
            if version > seen and not fut.done():
                fut.set_result(version)

    async def wait(self, table_id: int, seen: int, seconds: float) -> int | None:
        """The table's version once it is past ``seen`` (at most ``seconds`` from now, else
        ``seen``); None if there is no such table."""
        self.loop = asyncio.get_running_loop()
        if self.store is None:
            from thirtyone.ui.shell.store import get_store
            self.store = await asyncio.to_thread(get_store)
        # waiting before reading: a move written after the read rings this waiter, one
        # written before it is in the read
        fut: asyncio.Future[int] = self.loop.create_future()
        entry = (seen, fut)
        self.waiters.setdefault(table_id, []).append(entry)
        if self.checker is None or self.checker.done():
            self.checker = asyncio.create_task(self._check())
        try:
            # what this process knows (no query); a table it has not read yet is read once
            now = shared.known_version(self.store, table_id)
            if now is None:
                now = await asyncio.to_thread(shared.version, self.store, table_id)
            if now is None or now > seen:
                return now
            done, _pending = await asyncio.wait({fut}, timeout=seconds)
            return fut.result() if done else seen
        finally:
            fut.cancel()
            left = [w for w in self.waiters.get(table_id, ()) if w is not entry]
            if left:
                self.waiters[table_id] = left
            else:
                self.waiters.pop(table_id, None)

    async def _check(self) -> None:
        """While anyone waits: read the waited-on tables' versions (another process may have
        moved); ``shared.version`` rings the bell for a table it finds moved on."""
        while self.waiters:
            await asyncio.sleep(CHECK_SECONDS)
            tables = list(self.waiters)
            try:
                found = await asyncio.to_thread(_read_versions, self.store, tables)
            except Exception:  # noqa: BLE001 - unreadable just now: the next check reads again
                continue
            for table_id, version in found.items():
                if version is not None:
                    self._wake(table_id, version)


def _read_versions(store: Any, tables: list[int]) -> dict[int, int | None]:
    return {table_id: shared.version(store, table_id) for table_id in tables}


BELL = Bell()
STARTED = threading.Event()


def active() -> bool:
    """Does this process serve the bell (a server made by ``app``)? Under ``AppTest`` no."""
    return STARTED.is_set()


async def wait_route(request: Any) -> Any:
    """``GET PATH?table=ID&v=VERSION``: the table's version once it is past VERSION (plain
    text), or VERSION after ``WAIT_SECONDS``; 400 for a bad request, 404 for no such table,
    503 when too many wait or the store cannot be read."""
    from starlette.responses import PlainTextResponse
    headers = {"Cache-Control": "no-store"}
    table_id = shared.id_from(request.query_params.get("table"))
    seen = shared.id_from(request.query_params.get("v"))
    if table_id is None or seen is None:
        return PlainTextResponse("A table id and a version, in digits.", 400, headers=headers)
    if BELL.count >= MAX_WAITERS:
        return PlainTextResponse("Too many pages wait just now; try again.", 503,
                                 headers=headers)
    try:
        now = await BELL.wait(table_id, seen, WAIT_SECONDS)
    except StoreError as e:
        return PlainTextResponse(str(e), 503, headers=headers)
    if now is None:
        return PlainTextResponse("No such table.", 404, headers=headers)
    return PlainTextResponse(str(now), headers=headers)


def routes() -> list[Any]:
    """The bell's route, for ``streamlit.starlette.App(routes=...)``: at ``PATH``, and under
    any prefix (Streamlit's ``server.baseUrlPath`` does not prefix an app's own routes)."""
    from starlette.routing import Route
    return [Route(PATH, wait_route, methods=["GET"]),
            Route("/{base:path}" + PATH, wait_route, methods=["GET"])]


@contextlib.asynccontextmanager
async def lifespan(_app: Any) -> AsyncIterator[None]:
    """``App(lifespan=...)``: the bell rings from the server's start to its stop."""
    BELL.loop = asyncio.get_running_loop()
    shared.watch(BELL.ring)
    STARTED.set()
    try:
        yield None
    finally:
        STARTED.clear()
