"""The app's data folder and the key that seals saved games.

The folder is ``$THIRTYONE_DATA_DIR``, else ``~/.thirtyone``; it is made on first use,
readable by its owner only (0700), and other parts of the app keep their files there too.
``save_key()`` is the Fernet key of this install (``save.key``, 0600, made on first use): a
game saved here opens exactly only here (``thirtyone.game.saves``).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from cryptography.fernet import Fernet

ENV = "THIRTYONE_DATA_DIR"
KEY_FILE = "save.key"


def data_dir() -> Path:
    """The data folder, made (owner only) if it is not there yet."""
    path = Path(os.environ.get(ENV) or Path.home() / ".thirtyone").expanduser()
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def save_key() -> bytes:
    """This install's key for sealing saved games, made on first use (file mode 0600).
    The new key is written to a private temporary file and linked into place, so two
    sessions starting at once agree on one key."""
    folder = data_dir()
    path = folder / KEY_FILE
    if not path.exists():
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".key-")   # mkstemp makes it 0600
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(Fernet.generate_key())
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(tmp)
    key = path.read_bytes().strip()
    Fernet(key)  # a damaged key file fails here, loudly, rather than sealing with junk
    return key
