"""One word per idea in Russian and in Ukrainian (thirtyone/i18n/glossary_*.toml): no catalog
message and no lesson of a language uses a word its glossary bans (a Ukrainian «блиц», a
player who «плывёт», «трактирные» rules for Blitz, a second name for Banking or for the
player with no lives left, «прикуп» outside Banking)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from thirtyone.i18n import catalog_files
from thirtyone.i18n.glossary import LANGS, banned_in, glossary

LESSONS = Path(__file__).resolve().parents[1] / "lessons"


def _messages(lang: str):
    for po in catalog_files(lang):
        with po.open("rb") as f:
            for m in read_po(f, locale=lang):
                if m.id and m.string:
                    text = m.string if isinstance(m.string, str) else " ".join(m.string)
                    yield f"{po.name}: {m.id if isinstance(m.id, str) else m.id[0]}"[:120], text


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_has_terms_and_bans(lang):
    g = glossary(lang)
    assert {"knock", "blitz", "life", "zero_lives", "banker", "punters", "talia"} <= set(g.terms)
    assert len(g.banned) >= 5


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalog_message_uses_a_banned_word(lang):
    bad = [f"{where}: «{f.word}» ({f.why}; use {f.use})"
           for where, text in _messages(lang) for f in banned_in(text, lang)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGS)
def test_no_lesson_uses_a_banned_word(lang):
    bad = []
    for f in sorted((LESSONS / lang).glob("*.md")):
        bad += [f"{f.name}: «{x.word}» ({x.why}; use {x.use})"
                for x in banned_in(f.read_text(encoding="utf-8"), lang)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang, text, word", [
    ("uk", "Це бліц, а не блиц.", "блиц"),
    ("ru", "Игрок без жизней плывёт.", "плывёт"),
    ("ru", "Blitz (трактирные правила)", "трактирные"),
    ("ru", "Банковое «Тридцать одно»", "Банковое"),
    ("uk", "Банківська гра", "Банківська"),
    ("ru", "Не совсем.", "Не совсем"),
    ("ru", "Возьмите карту из прикупа.", "прикупа"),
    ("uk", "гравець їде зайцем", "зайцем"),
])
def test_the_check_finds_a_banned_word(lang, text, word):
    assert word in [f.word for f in banned_in(text, lang)]


@pytest.mark.parametrize("lang, text", [
    ("ru", "Понтёр прикупает карту у банкомёта."),
    ("uk", "Бліц! Гравець без життів плаває."),
    ("ru", "Игрок без жизней «плавает»."),
])
def test_the_check_lets_the_glossary_words_pass(lang, text):
    assert banned_in(text, lang) == []
