"""The Play page's seed, mixed with a secret only the server holds.

A teacher's link carries a seed so that every student on one server gets the same deal. But
the link is visible to the students, and the engine is public: with the plain seed a student
could deal the game again and read every hidden card before the showdown. So the page deals
with ``dealing_seed(seed)``, a keyed hash of the visible seed. The key is
``THIRTYONE_SECRET`` when set, else a random key kept in ``seed.key`` in the data folder
(``THIRTYONE_DATA_DIR``, default ``~/.thirtyone``), made on first use. If that folder cannot
be written, the key lives only as long as the server process.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from functools import lru_cache

from thirtyone.ui.shell.datadir import data_dir

KEY_FILE = "seed.key"


@lru_cache(maxsize=1)
def server_secret() -> bytes:
    """The server's key: ``THIRTYONE_SECRET``, else ``seed.key`` (made on first use)."""
    env = os.environ.get("THIRTYONE_SECRET")
    if env:
        return env.encode()
    try:
        path = data_dir() / KEY_FILE
    except OSError:
        return secrets.token_bytes(32)  # no writable data folder: a key for this process only
    try:
        key = path.read_bytes()
        if len(key) >= 16:
            return key
    except OSError:
        pass
    key = secrets.token_bytes(32)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key)
    except FileExistsError:  # another process made it just now: use theirs
        return path.read_bytes()
    except OSError:
        pass  # the folder cannot be written: a key for this process only
    return key


def dealing_seed(seed: int) -> int:
    """The seed the deal really uses for the visible ``seed``: the same on one server, not
    computable from the visible seed without the server's key.

    >>> dealing_seed(31) == dealing_seed(31) != dealing_seed(32)
    True
    """
    mac = hmac.new(server_secret(), f"thirtyone-deal:{int(seed)}".encode(), hashlib.sha256)
    return int.from_bytes(mac.digest()[:8], "big")
