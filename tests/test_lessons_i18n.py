"""Translated lessons (``lessons/<lang>/NN-name.md``) teach exactly what the English ones do.

For every language folder under ``lessons/`` (ru, uk, ...): every English lesson is there under
the same file name, reads without error, and has the same steps holding the same blocks in the
same order; every quiz keeps its kind, its engine keys and values (only ``question:`` and the
players' names may differ), its ``rests_on``; every ``teaches``, ``plot``, ``link``, ``round``
and ``cards`` block keeps its settings (a plot's caption, a link's label and a card row's label
are prose). The comparison is written here and checked against doctored copies.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from thirtyone.teach.guess import Guess
from thirtyone.teach.lessons import (
    Cards,
    LessonError,
    Link,
    Plot,
    Quiz,
    Teaches,
    Text,
    course_problems,
    load_lessons,
    parse_lesson,
)
from thirtyone.teach.mini_round import MiniRound
from thirtyone.teach.practice import Practice

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
ENGLISH = sorted(p.name for p in LESSONS.glob("*.md") if p.name.lower() != "readme.md")
LANGS = sorted(d.name for d in LESSONS.iterdir() if d.is_dir() and re.fullmatch(r"[a-z]{2}", d.name))
CYRILLIC = re.compile(r"[\u0400-\u04ff]")


def quiz_signature(q: Quiz) -> tuple:
    """A quiz as the engine sees it: everything but the question and the players' names
    (the hands in order, the knocker as a seat number)."""
    spec = {k: v for k, v in q.spec.items() if k != "question"}
    names = []
    if isinstance(spec.get("hands"), list):
        lines = [line.partition(":") for line in spec["hands"]]
        names = [n.strip() for n, _, _ in lines]
        spec["hands"] = [tuple(cards.split()) for _, _, cards in lines]
    if "knocker" in spec:
        knocker = spec["knocker"]
        spec["knocker"] = ("seat", names.index(knocker)) if knocker in names else knocker
    for k, v in spec.items():
        if isinstance(v, str):
            spec[k] = " ".join(v.split())
    return ("quiz", q.kind, q.variant, tuple(sorted((k, repr(v)) for k, v in spec.items())),
            tuple(q.rests_on))


def block_signature(b) -> tuple:
    if isinstance(b, Text):
        return ("text",)
    if isinstance(b, Cards):
        return ("cards", tuple(row.cards for row in b.rows))
    if isinstance(b, Quiz):
        return quiz_signature(b)
    if isinstance(b, Teaches):
        return ("teaches", b.concepts)
    if isinstance(b, Plot):
        return ("plot", b.plot, b.variant, b.settings, b.controls)
    if isinstance(b, Link):
        return ("link", b.to, b.params)
    if isinstance(b, MiniRound):
        return ("round", b)
    if isinstance(b, Guess):   # everything but the question
        return ("guess", b.kind, b.variant, b.players, b.value, b.turns, b.hand)
    if isinstance(b, Practice):
        return ("practice", b)
    raise AssertionError(f"unknown block {b!r}")


def differences(en, tr) -> list[str]:
    """What a translated lesson changes beyond its words; one line each, empty if nothing."""
    out = []
    if en.slug != tr.slug:
        out.append(f"file name {tr.slug} is not {en.slug}")
    if (en.variant, en.formerly) != (tr.variant, tr.formerly):
        out.append(f"{tr.slug}: variant/formerly {tr.variant}/{tr.formerly} is not "
                   f"{en.variant}/{en.formerly}")
    if len(en.steps) != len(tr.steps):
        out.append(f"{tr.slug}: {len(tr.steps)} steps, the English has {len(en.steps)}")
    for i, (a, b) in enumerate(zip(en.steps, tr.steps, strict=False), 1):
        sa = [block_signature(x) for x in a.blocks]
        sb = [block_signature(x) for x in b.blocks]
        if sa != sb:
            out.append(f"{tr.slug} step {i} ('{b.title}'): blocks differ from '{a.title}': "
                       f"{sa} != {sb}")
    return out


def translation_problems(directory: Path, lang: str) -> list[str]:
    english = load_lessons(directory)
    folder = directory / lang
    missing = [e.slug for e in english if not (folder / f"{e.slug}.md").is_file()]
    out = [f"{lang}: {m}.md is missing" for m in missing]
    translated = load_lessons(directory, lang=lang)
    for e, t in zip(english, translated, strict=True):
        out += differences(e, t)
    return out


@pytest.fixture(scope="module")
def english():
    return load_lessons(LESSONS)


def test_there_is_at_least_one_translation_folder():
    assert "ru" in LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_every_english_lesson_exists_in_the_language(lang):
    names = sorted(p.name for p in (LESSONS / lang).glob("*.md"))
    assert names == ENGLISH


@pytest.mark.parametrize("lang", LANGS)
def test_every_translation_has_the_same_steps_blocks_and_quizzes(lang):
    assert translation_problems(LESSONS, lang) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_translated_course_teaches_every_concept_before_its_quiz(lang):
    assert course_problems(load_lessons(LESSONS, lang=lang)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_translated_quiz_has_an_engine_answer(lang):
    for lesson in load_lessons(LESSONS, lang=lang):
        for q in lesson.quizzes:
            assert q.answers, (lesson.slug, q.question)
            assert q.check(q.answers[0]).correct
            wrong = [o for o in q.options if o not in q.answers]
            assert wrong, (lesson.slug, q.question)
            assert not q.check(wrong[0]).correct


@pytest.mark.parametrize("lang", LANGS)
def test_a_translated_lesson_is_really_translated(lang):
    for lesson in load_lessons(LESSONS, lang=lang):
        assert CYRILLIC.search(lesson.title) and CYRILLIC.search(lesson.summary), lesson.slug
        for step in lesson.steps:
            assert CYRILLIC.search(step.title), (lesson.slug, step.title)
            for b in step.blocks:
                if isinstance(b, Quiz):
                    assert CYRILLIC.search(b.question), (lesson.slug, b.question)
                elif isinstance(b, Text):
                    assert CYRILLIC.search(b.markdown), (lesson.slug, b.markdown[:60])


@pytest.mark.parametrize("lang", LANGS)
def test_the_translated_knocker_is_one_of_the_hands(lang):
    for lesson in load_lessons(LESSONS, lang=lang):
        for q in lesson.quizzes:
            if "knocker" in q.spec:
                names = [h.partition(":")[0].strip() for h in q.spec["hands"]]
                assert q.spec["knocker"] in names


# --- the check itself fails on doctored translations -------------------------------------

@pytest.fixture
def course(tmp_path):
    """A copy of the English lessons with a one-lesson 'ru' folder holding 06's translation
    (or, if there is none yet, the English text)."""
    d = tmp_path / "lessons"
    d.mkdir()
    for name in ENGLISH:
        shutil.copy(LESSONS / name, d / name)
    (d / "ru").mkdir()
    src = LESSONS / "ru" / "06-who-loses-a-life.md"
    shutil.copy(src if src.is_file() else LESSONS / "06-who-loses-a-life.md",
                d / "ru" / "06-who-loses-a-life.md")
    return d


def _doctor(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def test_the_copied_course_passes_apart_from_the_missing_files(course):
    problems = translation_problems(course, "ru")
    assert problems and all("is missing" in p for p in problems)
    assert not any("06-who-loses-a-life" in p for p in problems)


def test_a_translation_missing_a_step_fails_the_check(course):
    f = course / "ru" / "06-who-loses-a-life.md"
    text = f.read_text(encoding="utf-8")
    heads = [m.start() for m in re.finditer(r"^## ", text, re.M)]
    f.write_text(text[:heads[-1]].rstrip() + "\n", encoding="utf-8")  # drop the last step
    problems = [p for p in translation_problems(course, "ru") if "missing" not in p]
    assert any("steps" in p for p in problems)


def test_a_translation_with_a_changed_quiz_hand_fails_the_check(course):
    f = course / "ru" / "06-who-loses-a-life.md"
    en = parse_lesson((course / "06-who-loses-a-life.md").read_text(encoding="utf-8"))
    q = next(q for q in en.quizzes if "hands" in q.spec)
    cards = q.spec["hands"][0].partition(":")[2].split()
    used = {c for h in q.spec["hands"] for c in h.partition(":")[2].split()}
    spare = next(c for c in ("2C", "2D", "2H", "2S", "3C", "3D") if c not in used)
    _doctor(f, " ".join(cards), " ".join([*cards[:2], spare]))
    problems = [p for p in translation_problems(course, "ru") if "missing" not in p]
    assert len(problems) == 1 and "06-who-loses-a-life" in problems[0]


def test_a_translation_with_a_changed_knocker_fails_the_check(course):
    f = course / "ru" / "06-who-loses-a-life.md"
    tr = parse_lesson(f.read_text(encoding="utf-8"))
    q = next(q for q in tr.quizzes if "knocker" in q.spec)
    names = [h.partition(":")[0].strip() for h in q.spec["hands"]]
    other = next(n for n in names if n != q.spec["knocker"])
    _doctor(f, f"knocker: {q.spec['knocker']}", f"knocker: {other}")
    problems = [p for p in translation_problems(course, "ru") if "missing" not in p]
    assert len(problems) == 1


def test_a_translation_with_a_changed_rests_on_or_quiz_kind_fails_the_check(course):
    f = course / "ru" / "06-who-loses-a-life.md"
    text = f.read_text(encoding="utf-8")
    m = re.search(r"^rests_on: (.+)$", text, re.M)
    assert m
    _doctor(f, m.group(0), m.group(0) + ", card-points")
    problems = [p for p in translation_problems(course, "ru") if "missing" not in p]
    assert len(problems) == 1


def test_a_renamed_player_does_not_count_as_a_change(course):
    f = course / "ru" / "06-who-loses-a-life.md"
    tr = parse_lesson(f.read_text(encoding="utf-8"))
    q = next(q for q in tr.quizzes if "knocker" in q.spec)
    name = q.spec["knocker"]
    text = f.read_text(encoding="utf-8")
    f.write_text(re.sub(rf"\b{re.escape(name)}\b", "Зинаида", text), encoding="utf-8")
    problems = [p for p in translation_problems(course, "ru") if "missing" not in p]
    assert problems == []


# --- the loader ---------------------------------------------------------------------------

def test_a_missing_translation_falls_back_to_english_lesson_by_lesson(course):
    english = load_lessons(course)
    mixed = load_lessons(course, lang="ru")
    assert [le.slug for le in mixed] == [le.slug for le in english]
    tr = parse_lesson((course / "ru" / "06-who-loses-a-life.md").read_text(encoding="utf-8"))
    for e, m in zip(english, mixed, strict=True):
        assert m.title == (tr.title if e.slug == "06-who-loses-a-life" else e.title)


@pytest.mark.parametrize("lang", ["../ru", "RU", "r", "rus", "ru/", "", "ru\n", "..", "/tmp",
                                  "zz", None, 7])
def test_an_unknown_or_hostile_language_means_english(course, lang):
    (course / "ru" / "01-cards-and-points.md").write_text("not a lesson", encoding="utf-8")
    titles = [le.title for le in load_lessons(course, lang=lang)]
    assert titles == [le.title for le in load_lessons(course)]


def test_a_broken_translation_is_refused_with_its_name(course):
    (course / "ru" / "01-cards-and-points.md").write_text("not a lesson", encoding="utf-8")
    with pytest.raises(LessonError, match="01-cards-and-points"):
        load_lessons(course, lang="ru")


def test_the_default_language_is_english(english):
    assert [le.title for le in load_lessons()] == [le.title for le in english]
    assert [le.title for le in load_lessons(lang="en")] == [le.title for le in english]
