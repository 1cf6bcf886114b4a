"""The class store against real databases: SQLite always, PostgreSQL when one is there
(``store`` fixture in conftest). Nothing here is mocked."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import select, text, update

from thirtyone.store import StoreError, check_name, normal_code, normal_key, open_store
from thirtyone.store import schema as s
from thirtyone.store.tokens import CODE_ALPHABET, InputError


def test_schema_is_made_once_and_versioned(store, store_url):
    assert store.schema_version() == s.SCHEMA_VERSION
    again = open_store(store_url)          # a second process starting on the same database
    assert again.migrate() == s.SCHEMA_VERSION
    assert store.counts()["t31_meta"] == 1
    again.engine.dispose()


def test_a_newer_database_is_refused(store, store_url):
    with store.engine.begin() as c:
        c.execute(update(s.meta).where(s.meta.c.key == "schema")
                  .values(value=str(s.SCHEMA_VERSION + 1)))
    with pytest.raises(StoreError, match="newer version"):
        open_store(store_url)


def test_a_class_is_joined_by_its_code_typed_loosely(store):
    klass, key = store.create_class("Year 9 maths")
    assert len(klass.code) == 6 and set(klass.code) <= set(CODE_ALPHABET)
    loose = klass.code[:3].lower() + " - " + klass.code[3:].lower()
    learner, token = store.join_class(loose, "  Anna   K ")
    assert learner.name == "Anna K" and learner.class_id == klass.id
    assert learner.class_code == klass.code
    assert store.learner_by_token(token) == learner
    assert [x.name for x in store.class_learners(klass.id)] == ["Anna K"]


def test_wrong_codes_all_get_one_message(store):
    klass, _ = store.create_class("Class A")
    other = next(c for c in CODE_ALPHABET if c != klass.code[0]) + klass.code[1:]
    messages = set()
    for bad in [other, "", "x" * 500, "<b>AB</b>", "OOOOOO", klass.code + "A"]:
        with pytest.raises(StoreError) as e:
            store.join_class(bad, "Ben")
        messages.add(str(e.value))
    assert len(messages) == 1  # nothing tells a near miss from a made-up code
    assert store.class_learners(klass.id) == []


def test_names_are_checked_and_unique_in_a_class(store):
    klass, _ = store.create_class("Class B")
    store.join_class(klass.code, "Chloé")
    with pytest.raises(StoreError, match="already uses"):
        store.join_class(klass.code, "CHLOÉ")
    for bad, why in [("", "type a name"), ("<script>", "letters"), ("x" * 31, "at most 30"),
                     ("a\u202eb", "letters"), ("x" * 5000, "at most 30")]:
        with pytest.raises(StoreError, match=why):
            store.join_class(klass.code, bad)
    other, _ = store.create_class("Class C")
    assert store.join_class(other.code, "Chloé")[0].class_id == other.id  # other class: fine
    assert check_name("Олена Ш.") == "Олена Ш."


def test_tokens_and_keys_are_stored_only_as_hashes(store):
    klass, key = store.create_class("Class D")
    learner, token = store.join_class(klass.code, "Dan")
    with store.engine.connect() as c:
        dump = " ".join(str(v) for t in (s.classes, s.learners)
                        for row in c.execute(select(t)) for v in row)
    assert token not in dump and key not in dump and key.replace("-", "") not in dump


def test_teacher_key_opens_only_its_class(store):
    a, key_a = store.create_class("Class E")
    b, key_b = store.create_class("Class F")
    assert store.class_for_key(key_a) == a and store.class_for_key(key_b) == b
    assert store.class_for_key(key_a.lower().replace("-", " ")) == a
    assert store.class_for_key(a.code) is None        # the join code is not the key
    assert store.class_for_key("") is None and store.class_for_key("Z" * 999) is None
    assert normal_key(key_a[:-1]) is None and normal_code("ABC") is None


def test_resume_tokens_are_hostile_input(store):
    for bad in ["", "a" * 15, "a" * 65, "../../etc", "' OR 1=1 --", None, 12]:
        assert store.learner_by_token(bad) is None


def test_progress_and_answers_survive_a_new_store(store, store_url):
    learner, token = store.new_learner("Solo")
    store.save_progress(learner.id, {"lesson": "cards", "steps": {"cards": 2}})
    store.save_progress(learner.id, {"lesson": "value", "steps": {"cards": 3}})
    assert store.record_answer(learner.id, "cards/0/0", "A", False) == 1
    assert store.record_answer(learner.id, "cards/0/0", "B", True) == 2
    assert store.record_answer(learner.id, "cards/1/0", "C", True) == 1
    store.engine.dispose()
    fresh = open_store(store_url)                      # as after a server restart
    back = fresh.learner_by_token(token)
    assert fresh.progress(back.id) == {"lesson": "value", "steps": {"cards": 3}}
    got = [(a["quiz"], a["try_no"], a["answer"], a["correct"])
           for a in fresh.learner_answers(back.id)]
    assert got == [("cards/0/0", 1, "A", False), ("cards/0/0", 2, "B", True),
                   ("cards/1/0", 1, "C", True)]
    fresh.engine.dispose()


def test_a_lesson_click_keeps_progress_and_answer_in_one_write(store):
    """Learn saves a click with its answer in one transaction (issue 25 item 18): both are
    kept, the tries count on, and when the answer cannot be kept neither is the progress."""
    learner, _ = store.new_learner("Once")
    assert store.save_progress(learner.id, {"lesson": "cards"}) is None
    assert store.save_progress(learner.id, {"lesson": "cards", "n": 1},
                               ("cards/0/0", "A", False)) == 1
    assert store.save_progress(learner.id, {"lesson": "cards", "n": 2},
                               ("cards/0/0", "B", True)) == 2
    assert store.progress(learner.id) == {"lesson": "cards", "n": 2}
    got = [(a["quiz"], a["try_no"], a["answer"], a["correct"])
           for a in store.learner_answers(learner.id)]
    assert got == [("cards/0/0", 1, "A", False), ("cards/0/0", 2, "B", True)]
    # a learner who is not there: the answer's row cannot be written, nor is the progress
    with pytest.raises(StoreError):
        store.save_progress(learner.id + 999, {"lesson": "ghost"}, ("q", "a", True))
    assert store.progress(learner.id + 999) is None


def test_class_answers_are_the_class_only(store):
    a, _ = store.create_class("Class G")
    b, _ = store.create_class("Class H")
    la, _ = store.join_class(a.code, "Ann")
    lb, _ = store.join_class(b.code, "Bob")
    store.record_answer(la.id, "q", "x", True)
    store.record_answer(lb.id, "q", "y", False)
    assert [r["name"] for r in store.class_answers(a.id)] == ["Ann"]
    assert list(store.class_progress(b.id)) == []


def test_a_learner_alone_moves_into_a_class_keeping_progress(store):
    learner, token = store.new_learner("Learner")
    store.save_progress(learner.id, {"lesson": "x"})
    klass, _ = store.create_class("Class I")
    moved = store.move_to_class(learner.id, klass.code, "Ivy")
    assert moved.class_id == klass.id and moved.name == "Ivy"
    assert store.learner_by_token(token).id == learner.id
    assert store.class_progress(klass.id) == {learner.id: {"lesson": "x"}}


def test_a_saved_game_is_replaced_and_removed(store):
    learner, _ = store.new_learner("Gamer")
    assert store.load_game(learner.id, "solo") is None
    store.save_game(learner.id, "solo", "one")
    store.save_game(learner.id, "solo", "two")
    assert store.load_game(learner.id, "solo") == "two"
    store.delete_game(learner.id, "solo")
    assert store.load_game(learner.id, "solo") is None
    with pytest.raises(StoreError, match="too large"):
        store.save_game(learner.id, "solo", "x" * 3_000_000)


def test_a_table_write_at_a_stale_version_is_refused(store):
    klass, _ = store.create_class("Class J")
    t = store.create_table(klass.id, "Table 1", "scat", [{"bot": "basic"}], "r0")
    assert t.version == 1 and t.status == "open"
    assert store.update_table(t.id, 1, record="r1")
    assert not store.update_table(t.id, 1, record="r1-late")   # read before r1 landed
    row = store.table(t.id)
    assert (row.record, row.version) == ("r1", 2)
    assert store.table_version(t.id) == 2


def test_concurrent_moves_on_one_version_only_one_lands(store):
    klass, _ = store.create_class("Class K")
    t = store.create_table(klass.id, "Race", "scat", [], "start")
    results: list[bool] = []
    barrier = threading.Barrier(8)

    def move(n: int) -> None:
        barrier.wait()
        results.append(store.update_table(t.id, 1, record=f"move {n}"))

    threads = [threading.Thread(target=move, args=(n,)) for n in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(results) == [False] * 7 + [True]
    row = store.table(t.id)
    assert row.version == 2 and row.record.startswith("move ")


def test_concurrent_answers_get_distinct_tries(store):
    learner, _ = store.new_learner("Fast")
    tries: list[int] = []
    barrier = threading.Barrier(6)

    def answer() -> None:
        barrier.wait()
        tries.append(store.record_answer(learner.id, "q", "a", False))

    threads = [threading.Thread(target=answer) for _ in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(tries) == [1, 2, 3, 4, 5, 6]


def test_challenge_keeps_its_seed_and_one_game_per_learner(store):
    klass, _ = store.create_class("Class L")
    ch = store.create_challenge(klass.id, "Monday", "scat", {"rounds": 3}, seed=2**40 + 7)
    assert store.challenge(ch.id).seed == 2**40 + 7
    learner, _ = store.join_class(klass.code, "Lea")
    assert store.save_play(ch.id, learner.id, "r", version=None)
    assert not store.save_play(ch.id, learner.id, "again", version=None)  # started already
    assert store.save_play(ch.id, learner.id, "r2", version=1, finished=True, score=2.0)
    assert not store.save_play(ch.id, learner.id, "r3", version=1)
    play = store.play(ch.id, learner.id)
    assert (play.record, play.finished, play.score, play.version) == ("r2", True, 2.0, 2)
    assert [p.name for p in store.challenge_plays(ch.id)] == ["Lea"]
    assert [c.id for c in store.class_challenges(klass.id)] == [ch.id]


def test_sql_in_names_is_data(store):
    klass, _ = store.create_class("Class M")
    with pytest.raises(StoreError):
        store.join_class(klass.code, "x'); DROP TABLE t31_learners; --")
    learner, _ = store.join_class(klass.code, "O'Brien")
    assert store.learner(learner.id).name == "O'Brien"
    with store.engine.connect() as c:
        assert c.execute(text("select count(*) from t31_learners")).scalar_one() == 1


def test_check_name_messages_are_one_sentence():
    with pytest.raises(InputError) as e:
        check_name("<img src=x>")
    assert str(e.value).count(".") <= 2 and "<" not in str(e.value)
