"""Practice items in the store (issue 26): schema 3's table, written and counted per class,
and a schema 2 database brought up to date; on SQLite and PostgreSQL (``store_url``)."""

from __future__ import annotations

from sqlalchemy import inspect, text, update

from thirtyone.store import open_store
from thirtyone.store import schema as s


def test_practice_items_are_counted_per_learner_and_class(store):
    klass, _ = store.create_class("P")
    other, _ = store.create_class("Q")
    a, _ = store.join_class(klass.code, "Ann")
    b, _ = store.join_class(klass.code, "Bo")
    c, _ = store.join_class(other.code, "Cy")
    store.record_practice(a.id, "value", True, 1)
    store.record_practice(a.id, "knock", False, 2)
    store.record_practice(a.id, "knock", True, 1)
    store.record_practice(b.id, "bank", False, 2)
    store.record_practice(c.id, "value", True, 1)
    assert store.class_practice(klass.id) == {a.id: (3, 2), b.id: (1, 0)}
    assert store.class_practice(other.id) == {c.id: (1, 1)}


def test_hostile_practice_input_is_bounded(store):
    klass, _ = store.create_class("P")
    a, _ = store.join_class(klass.code, "Ann")
    store.record_practice(a.id, "x" * 500, True, 10**9)
    assert store.class_practice(klass.id) == {a.id: (1, 1)}


def test_a_schema_2_database_gets_the_practice_table(store_url):
    first = open_store(store_url)
    klass, _ = first.create_class("Old")
    a, _ = first.join_class(klass.code, "Ann")
    with first.engine.begin() as c:   # as schema 2 left it: no practice table
        c.execute(text("DROP TABLE t31_practice"))
        c.execute(update(s.meta).where(s.meta.c.key == "schema").values(value="2"))
    first.engine.dispose()
    again = open_store(store_url)
    assert again.schema_version() == 4 == s.SCHEMA_VERSION
    assert "t31_practice" in inspect(again.engine).get_table_names()
    again.record_practice(a.id, "value", True, 1)
    assert again.class_practice(klass.id) == {a.id: (1, 1)}
    assert open_store(store_url).migrate() == 4
    again.engine.dispose()
