"""Issue 26: AppTest walks every lesson in English, Russian and Ukrainian, step by step,
answering each quiz (a wrong first option, then every option in turn) and playing nothing
else: no page run raises, every step shows its title, and the Russian and Ukrainian pages
show no banned glossary word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from tiers import long_except

from thirtyone.i18n import use_language
from thirtyone.i18n.glossary import banned_in
from thirtyone.teach.lessons import load_lessons
from thirtyone.ui.shell.nav import switch_to

APP = str(Path(__file__).resolve().parents[1] / "app.py")
LESSONS = load_lessons()
LANGS = ("en", "ru", "uk")


def _raw(option: str) -> str:
    """The option as the quiz holds it: AppTest lists the labels (cards in their suit's colour,
    ``:red[K♥]``), and Streamlit 1.56 (pyproject's lowest) formats a label given to ``select`` once more."""
    return re.sub(r":(?:red|blue|green)\[([^\]]*)\]", r"\1", option)


def _run(at: AppTest, where: str) -> AppTest:
    at.run()
    assert not at.exception, f"{where}: {[e.value for e in at.exception]}"
    return at


@pytest.mark.parametrize("lang", long_except(LANGS, "en", "ru"))   # uk: the long tier
@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[les.slug[:2] for les in LESSONS])
def test_every_lesson_walks_through_in_each_language(lang, index):
    slug = LESSONS[index].slug
    lesson = load_lessons(lang=lang)[index]
    assert lesson.slug == slug
    with use_language(lang):       # AppTest calls format functions in this thread
        at = AppTest.from_file(APP, default_timeout=180)
        at.query_params["lang"] = lang
        _run(at, "home")
        switch_to(at, "learn")
        _run(at, "learn")
        at.button(key=f"t31lesson_{slug}").click()
        _run(at, slug)
        for n, step in enumerate(lesson.steps):
            where = f"{lang} {slug} step {n + 1}"
            text = "\n".join(m.value for m in at.markdown)
            assert step.title in text, where
            for i in range(len(at.button_group)):      # every quiz of the step, every option
                for option in at.button_group[i].options:
                    if at.button_group[i].disabled:    # answered (a practice item locks)
                        break
                    at.button_group[i].select(_raw(option))
                    _run(at, f"{where}, answer {option!r}")
            if lang != "en":
                shown = "\n".join([m.value for m in at.markdown]
                                  + [e.value for e in at.error] + [s.value for s in at.success])
                assert not banned_in(shown, lang), (where, banned_in(shown, lang))
            if n + 1 < len(lesson.steps):
                at.button(key="t31step_next").click()
                _run(at, where)
