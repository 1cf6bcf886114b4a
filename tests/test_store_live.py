"""The live lesson in the store (SQLite and PostgreSQL): one running session per class, the
current item for everyone, answers only to the current open item (a change before the lock
counts, the first is kept), refusals in one sentence, the experiment's deals kept with their
seeds, and everything found again by a second store on the same database (another process,
a restart)."""

from __future__ import annotations

import threading

import pytest

from thirtyone.store import live as live_store
from thirtyone.store import open_store
from thirtyone.teach import live

GUESS = {"kind": "guess", "guess": "dealt", "at_least": 20, "variant": "scat"}
KNOCK = {"kind": "decision", "practice": "knock", "variant": "scat", "players": 3, "seed": 1}
DEAL = {"kind": "experiment", "experiment": "deal", "variant": "scat", "per_press": 5,
        "at_least": 20}


def test_one_running_session_per_class_and_a_version_that_grows(store):
    klass, _ = store.create_class("A")
    first = live_store.start(store, klass.id, [GUESS])
    second = live_store.start(store, klass.id, [GUESS, KNOCK])
    assert live_store.running(store, klass.id).id == second.id
    assert not live_store.get(store, first.id).running        # the older one was ended
    v0 = live_store.version(store, klass.id)
    live_store.go(store, second.id, 1)
    v1 = live_store.version(store, klass.id)
    assert v1[0] == v0[0] and v1[1] > v0[1]
    live_store.set_state(store, second.id, "locked")
    assert live_store.version(store, klass.id)[1] > v1[1]
    live_store.end(store, second.id)
    assert live_store.running(store, klass.id) is None
    assert live_store.version(store, klass.id) is None


def test_answers_only_to_the_current_open_item(store):
    klass, _ = store.create_class("A")
    other, _ = store.create_class("B")
    mia, _t = store.join_class(klass.code, "Mia")
    olek, _t2 = store.join_class(other.code, "Olek")
    row = live_store.start(store, klass.id, [GUESS, KNOCK])
    assert live_store.answer(store, row.id, 0, mia, 35) == "35"
    assert live_store.answer(store, row.id, 0, mia, "41") == "41"      # a change counts
    (a,) = live_store.answers(store, row.id, 0)
    assert (a["first"], a["answer"], a["changes"], a["name"]) == ("35", "41", 1, "Mia")
    with pytest.raises(live_store.LiveRefused, match="another class"):
        live_store.answer(store, row.id, 0, olek, 50)
    with pytest.raises(live_store.LiveRefused, match="no longer on the screen"):
        live_store.answer(store, row.id, 1, mia, 0, 2)
    for bad in (101, -1, "fifty", "<b>50</b>", 10**40):
        with pytest.raises(live_store.LiveRefused, match="whole per cent"):
            live_store.answer(store, row.id, 0, mia, bad)
    live_store.set_state(store, row.id, "locked")
    with pytest.raises(live_store.LiveRefused, match="closed"):
        live_store.answer(store, row.id, 0, mia, 60)
    live_store.set_state(store, row.id, "open")           # reopened: one more change
    live_store.answer(store, row.id, 0, mia, 60)
    (a,) = live_store.answers(store, row.id, 0)
    assert (a["first"], a["answer"], a["changes"]) == ("35", "60", 2)
    live_store.go(store, row.id, 1)
    n = len(live.check_item(KNOCK)) and 2
    with pytest.raises(live_store.LiveRefused, match="not one of the options"):
        live_store.answer(store, row.id, 1, mia, 7, n)
    with pytest.raises(live_store.LiveRefused, match="not an experiment"):
        live_store.deal(store, row.id, 1, mia)
    live_store.end(store, row.id)
    with pytest.raises(live_store.LiveRefused, match="No live lesson"):
        live_store.answer(store, row.id, 1, mia, 0, n)


def test_a_second_store_on_the_same_database_sees_the_same_item(store_url):
    one, two = open_store(store_url), open_store(store_url)
    try:
        klass, _ = one.create_class("A")
        mia, _t = one.join_class(klass.code, "Mia")
        row = live_store.start(one, klass.id, [GUESS, DEAL])
        live_store.go(two, row.id, 1)                    # the teacher's tab in process two
        assert live_store.running(one, klass.id).item_no == 1
        vals = live_store.deal(one, row.id, 1, mia)
        assert live_store.results(two, row.id, 1) == vals
        one.engine.dispose()
        again = open_store(store_url)                    # a restart
        assert live_store.running(again, klass.id).item == DEAL | {
            k: v for k, v in live.check_item(DEAL).items()}
        again.engine.dispose()
    finally:
        two.engine.dispose()


def test_an_experiment_keeps_every_deal_and_its_limit(store):
    klass, _ = store.create_class("A")
    mia, _t = store.join_class(klass.code, "Mia")
    row = live_store.start(store, klass.id, [DEAL])
    got: list[int] = []
    for _ in range(live.MAX_PRESSES):
        got += live_store.deal(store, row.id, 0, mia)
    assert live_store.results(store, row.id, 0, mia.id) == got
    assert len(got) == 5 * live.MAX_PRESSES
    with pytest.raises(live_store.LiveRefused, match="the most this experiment takes"):
        live_store.deal(store, row.id, 0, mia)
    assert live_store.results_by_learner(store, row.id, 0) == [("Mia", got)]
    assert all(3 <= v <= 31 for v in got)     # a three-card hand's value in Scat


def test_many_students_answer_at_once_and_each_is_counted_once(store):
    klass, _ = store.create_class("A")
    people = [store.join_class(klass.code, f"S{i}")[0] for i in range(30)]
    row = live_store.start(store, klass.id, [GUESS])
    errors: list[Exception] = []

    def send(p, k):
        try:
            for v in (k, k + 1):                 # each sends twice: a change
                live_store.answer(store, row.id, 0, p, v)
        except Exception as e:  # noqa: BLE001 - collected and asserted below
            errors.append(e)

    threads = [threading.Thread(target=send, args=(p, i)) for i, p in enumerate(people)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    got = live_store.answers(store, row.id, 0)
    assert sorted(int(a["answer"]) for a in got) == [i + 1 for i in range(30)]
    assert sorted(int(a["first"]) for a in got) == list(range(30))


def test_an_item_added_on_the_fly_goes_after_the_current_one(store):
    klass, _ = store.create_class("A")
    mia, _t = store.join_class(klass.code, "Mia")
    row = live_store.start(store, klass.id, [GUESS, DEAL])
    live_store.answer(store, row.id, 0, mia, 30)
    now = live_store.add_item(store, row.id, KNOCK)
    assert [i["kind"] for i in now.items] == ["guess", "decision", "experiment"]
    assert now.item_no == 1
    assert [a["item_no"] for a in live_store.answers(store, row.id)] == [0]   # kept in place
    with pytest.raises((live_store.LiveRefused, ValueError)):
        live_store.add_item(store, row.id, {"kind": "<script>"})
