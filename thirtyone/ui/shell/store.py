"""The app's door to the class store (``thirtyone.store``), through ``st.connection``.

Where the data goes, first match wins:

1. ``THIRTYONE_DATABASE_URL`` in the environment (e.g. ``postgresql://user:pw@host/db``);
2. ``[connections.thirtyone] url = "..."`` in ``.streamlit/secrets.toml``;
3. a SQLite file, ``thirtyone.db`` in the data folder (``thirtyone.ui.shell.datadir``): nothing to
   set up. Several app processes sharing one class need PostgreSQL (README).

The store is opened once per process and its schema made or checked then. If the database
cannot be reached, pages still work without it and say so in one sentence.
"""

from __future__ import annotations

import os

import streamlit as st

from thirtyone.i18n import N_, _
from thirtyone.store import Store, StoreError
from thirtyone.store.store import normal_url, prepare_engine
from thirtyone.ui.shell.datadir import data_dir

ENV_URL = "THIRTYONE_DATABASE_URL"
CONNECTION = "thirtyone"
DB_FILE = "thirtyone.db"
UNAVAILABLE = N_("The class store cannot be reached just now, so nothing is being saved.")


def database_url() -> str:
    env = os.environ.get(ENV_URL, "").strip()
    if env:
        return normal_url(env)
    try:
        if st.secrets.load_if_toml_exists():
            url = st.secrets.get("connections", {}).get(CONNECTION, {}).get("url")
            if url:
                return normal_url(str(url))
    except Exception:  # noqa: BLE001 - a broken secrets file: fall back to the default
        pass
    return f"sqlite:///{data_dir() / DB_FILE}"


@st.cache_resource(show_spinner=False)
def cached_store(url: str) -> Store:
    kwargs = {} if url.startswith("sqlite") else {"pool_pre_ping": True}
    conn = st.connection(CONNECTION, type="sql", url=url, **kwargs)
    store = Store(prepare_engine(conn.engine))
    store.migrate()
    return store


def get_store() -> Store:
    """The store of this server; raises ``StoreError`` (one sentence) if it is unreachable."""
    url = database_url()
    try:
        return cached_store(url)
    except StoreError:
        raise
    except Exception as e:  # noqa: BLE001 - a driver error: say it plainly, keep the page
        raise StoreError(_(UNAVAILABLE)) from e


def store_or_none() -> Store | None:
    """The store, or None (with a one-time warning) when it cannot be reached."""
    try:
        return get_store()
    except StoreError as e:
        if not st.session_state.get("t31_store_warned"):
            st.session_state["t31_store_warned"] = True
            st.warning(str(e), icon=":material/cloud_off:")
        return None
