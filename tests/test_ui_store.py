"""Where the app keeps the class store, and the resume token's place in links."""

from __future__ import annotations

from pathlib import Path

import pytest

from thirtyone.ui.shell import store as ui_store
from thirtyone.ui.shell.links import PRIVATE, parse_link


def test_default_is_sqlite_in_the_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(ui_store.ENV_URL, raising=False)
    monkeypatch.setenv("THIRTYONE_DATA_DIR", str(tmp_path / "data"))
    url = ui_store.database_url()
    assert url.startswith("sqlite:///")
    assert Path(url[len("sqlite:///"):]) == tmp_path / "data" / "thirtyone.db"


@pytest.mark.parametrize("given", ["postgresql://u:p@127.0.0.1/db", "postgres://u:p@127.0.0.1/db",
                                   "postgresql+psycopg://u:p@127.0.0.1/db"])
def test_environment_url_wins_and_uses_psycopg(monkeypatch, given):
    monkeypatch.setenv(ui_store.ENV_URL, given)
    assert ui_store.database_url() == "postgresql+psycopg://u:p@127.0.0.1/db"


def test_the_store_opens_on_first_use_and_keeps_data(monkeypatch, tmp_path):
    monkeypatch.delenv(ui_store.ENV_URL, raising=False)
    monkeypatch.setenv("THIRTYONE_DATA_DIR", str(tmp_path))
    ui_store.cached_store.clear()
    store = ui_store.get_store()
    klass, _ = store.create_class("Room 4")
    assert (tmp_path / "thirtyone.db").exists()
    ui_store.cached_store.clear()   # as a restarted server
    assert ui_store.get_store().class_by_code(klass.code) == klass


def test_an_unreachable_database_is_one_sentence(monkeypatch):
    monkeypatch.setenv(ui_store.ENV_URL, "postgresql://nobody@127.0.0.1:1/none")
    ui_store.cached_store.clear()
    with pytest.raises(ui_store.StoreError) as e:
        ui_store.get_store()
    assert str(e.value) == ui_store.UNAVAILABLE


def test_private_parameters_are_neither_notes_nor_settings():
    link = parse_link({name: ["x" * 30] for name in PRIVATE})
    assert link.notes == () and link.variant is None and link.seed is None
