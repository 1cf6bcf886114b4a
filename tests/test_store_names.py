"""Names in the class store (issue 25, item 11): NFKC, every script's letters with their
combining marks, one script per name, and names that look alike (case folded, UTS #39's
confusable skeleton) are one name; a schema-1 database gets the new folds. On SQLite and
PostgreSQL (``store`` fixture)."""

from __future__ import annotations

import unicodedata

import pytest
from sqlalchemy import select, text, update

from thirtyone.store import StoreError, check_name, open_store
from thirtyone.store import schema as s
from thirtyone.store.names import fold, mixes_scripts, skeleton
from thirtyone.store.tokens import MIXED, InputError

LATIN_SAM = "Sam"
CYRILLIC_SASHA = "\u0405\u0430\u0455\u04bb\u0430"   # Ѕ а ѕ һ а: all Cyrillic letters
LATIN_SASHA = "Sasha"


@pytest.mark.parametrize("name", [
    "सीता",                  # Devanagari: vowel signs are combining marks
    "राम कुमार",
    "தமிழ்",                 # Tamil with a virama
    "ნინო",                  # Georgian
    "Νίκος",                 # Greek with a tonos
    "محمد",                  # Arabic
    "שׂרה",                 # Hebrew with a point
    "山田 はなこ",             # Japanese: Han with Hiragana is one writing system
    "김민준",                  # Hangul
    "Zoë", "Олена Ш.", "O'Neil-Jr",
])
def test_every_scripts_letters_with_their_marks_are_a_name(store, name):
    klass, _ = store.create_class("World")
    learner, _ = store.join_class(klass.code, name)
    assert learner.name == unicodedata.normalize("NFKC", name)


def test_a_name_is_kept_in_nfkc():
    assert check_name("\uff33\uff41\uff4d") == "Sam"      # full-width letters
    assert check_name("Zoe\u0308") == "Zoë"               # a combining diaeresis composed
    assert check_name("ﬁona") == "fiona"                   # a ligature taken apart


@pytest.mark.parametrize("name", ["S\u0430m", "Ѕаm", "Ιvan", "Мaria", "सीताS"])
def test_a_name_that_mixes_scripts_is_refused_in_one_sentence(store, name):
    klass, _ = store.create_class("Mixed")
    with pytest.raises(StoreError) as e:
        store.join_class(klass.code, name)
    assert str(e.value) == MIXED and str(e.value).count(".") == 1
    assert store.class_learners(klass.id) == []


def test_class_and_table_names_may_mix_scripts():
    assert check_name("Клас 9-A", "class name") == "Клас 9-A"


def test_marks_only_count_on_a_letter_and_controls_stay_out():
    for bad in ("\u0301abc", "a\u202eb", "a\u200b", "ab\u200d", "a\u0000b"):
        with pytest.raises(InputError):
            check_name(bad)
    assert check_name("क्\u200dष") == "क्\u200dष"    # a joiner between letters


def test_look_alike_names_are_one_name_in_a_class(store):
    klass, _ = store.create_class("Look-alikes")
    store.join_class(klass.code, LATIN_SAM)
    store.join_class(klass.code, LATIN_SASHA)
    for same in ("SAM", "sam", "\uff33\uff41\uff4d", CYRILLIC_SASHA, "SASHA",
                 CYRILLIC_SASHA.upper()):
        with pytest.raises(StoreError, match="already uses"):
            store.join_class(klass.code, same)
    assert sorted(x.name for x in store.class_learners(klass.id)) == [LATIN_SAM, LATIN_SASHA]


def test_the_fold_is_the_skeleton_not_a_table_written_by_hand():
    # UTS #39's own examples: "paypal" with a Cyrillic а, and "rn" looking like "m"
    assert skeleton("p\u0430ypal") == skeleton("paypal")
    assert skeleton("rn") == skeleton("m")
    assert fold(CYRILLIC_SASHA) == fold(LATIN_SASHA)
    assert fold("Anna") != fold("Anne")
    assert not mixes_scripts("山田 はなこ") and mixes_scripts("S\u0430m")


def test_a_schema_1_database_gets_the_new_folds(store_url):
    """A database of schema 1 (folds by case only, no ``closed`` column) is brought up to
    date (2, then 3):
    the folds are the skeletons, and two old names that now fold alike both stay."""
    first = open_store(store_url)
    klass, _ = first.create_class("Old")
    a, _ = first.join_class(klass.code, LATIN_SAM)
    b, _ = first.join_class(klass.code, "Temp")
    with first.engine.begin() as c:   # as schema 1 kept them: "Ѕаm" was let in beside "Sam"
        c.execute(update(s.learners).where(s.learners.c.id == b.id)
                  .values(name="\u0405\u0430m", name_fold="\u0455\u0430m"))
        c.execute(update(s.learners).where(s.learners.c.id == a.id).values(name_fold="sam"))
        c.execute(text("ALTER TABLE t31_challenges DROP COLUMN closed"))
        c.execute(update(s.meta).where(s.meta.c.key == "schema").values(value="1"))
    first.engine.dispose()
    again = open_store(store_url)
    assert again.schema_version() == 4 == s.SCHEMA_VERSION
    with again.engine.connect() as c:
        folds = dict(c.execute(select(s.learners.c.id, s.learners.c.name_fold)).all())
    assert folds[a.id] == fold(LATIN_SAM) and folds[b.id] != folds[a.id]
    assert [x.name for x in again.class_learners(klass.id)] == [LATIN_SAM, "\u0405\u0430m"]
    ch = again.create_challenge(klass.id, "After", "scat", {}, 7)
    assert ch.closed is False            # the new column is there
    with pytest.raises(StoreError, match="already uses"):
        again.join_class(klass.code, "SAM")
    third = open_store(store_url)           # a second start finds 3 and changes nothing
    assert third.migrate() == 4
    again.engine.dispose()
    third.engine.dispose()


def test_a_class_list_is_in_the_order_of_the_names_not_of_their_folds(store):
    # "m" folds to "rn": by the fold, "Sam" came after "Sara"
    klass, _ = store.create_class("Order")
    for name in ("Sara", "sam", "Bo"):
        store.join_class(klass.code, name)
    assert [x.name for x in store.class_learners(klass.id)] == ["Bo", "sam", "Sara"]
