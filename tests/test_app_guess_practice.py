"""Guess, then see and practice on the Learn page (AppTest, issue 26): the exact value is not
on the page before the guess is locked in; the guess stays across reruns; practice feedback
comes in steps (hint and link back, then the answer with costs); a streak counts; finished
items reach the store and the teacher's dashboard."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from thirtyone.i18n import format_number, format_percent, use_language
from thirtyone.teach.guess import Guess, exact
from thirtyone.teach.lessons import load_lessons
from thirtyone.teach.practice import Practice
from thirtyone.teach.practice_items import make_item
from thirtyone.ui.pages.learn import guess_block
from thirtyone.ui.shell.nav import switch_to
from thirtyone.ui.widgets.plain import plain

APP = str(Path(__file__).resolve().parents[1] / "app.py")


def page_text(at) -> str:
    out = []

    def walk(node):
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            for child in children.values():
                walk(child)
        else:
            out.append(str(getattr(node, "proto", "")))
    walk(at.main)
    return "\n".join(out)


def step_with(kind: type, slug: str) -> tuple[int, object]:
    lesson = next(x for x in load_lessons() if x.slug == slug)
    for i, s in enumerate(lesson.steps):
        for b in s.blocks:
            if isinstance(b, kind):
                return i, b
    raise AssertionError(slug)


def opened(slug: str, step: int, lang: str = "en", env: dict | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=90)
    if lang != "en":
        at.query_params["lang"] = lang
    at.run()
    switch_to(at, "learn")
    at.session_state["learn_progress"] = {"lesson": slug, "steps": {slug: step},
                                          "answers": {}, "first": {}}
    at.run()
    assert not at.exception
    return at


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(guess_block, "STEP_DELAY", 0.0)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("slug", ["02-hand-value-and-suits", "07-a-reasoned-knock",
                                  "08-blitz-odds", "15-banking"])
def test_the_exact_value_appears_only_after_the_guess(slug, lang):
    i, g = step_with(Guess, slug)
    with use_language(lang):
        shown = format_percent(exact(g), 1)
    at = opened(slug, i, lang)
    assert shown not in page_text(at)
    sliders = [s for s in at.slider if s.key.startswith("t31guessslider_")]
    slider = sliders[0]
    slider.set_value(37).run()
    assert shown not in page_text(at)          # moving the slider reveals nothing
    next(b for b in at.button if b.key.startswith("t31guesslock_")).click().run()
    assert not at.exception
    text = page_text(at)
    assert shown in text
    with use_language(lang):
        assert format_percent(0.37) in text     # the guess beside it
        ticks = [format_number(n) for n in (10, 100, 1_000, 10_000)]
    # the rounds axis is written as the page writes numbers ("10 000"), not as d3's "10k"
    axes = [json.loads(c.proto.spec)["layout"]["xaxis"] for c in at.get("plotly_chart")]
    assert [a.get("ticktext") for a in axes if a.get("type") == "log"] == [ticks]
    at.run()                                    # kept across a rerun
    assert shown in page_text(at)
    assert len([s for s in at.slider if s.key.startswith("t31guessslider_")]) == \
        len(sliders) - 1


def right_and_wrong(block: Practice, seed: int) -> tuple[str, str]:
    item = make_item(block, seed)
    right = item.options[min(item.correct)]
    wrong = next(o for k, o in enumerate(item.options) if k not in item.correct)
    return right, wrong


def test_no_key_on_the_page_gives_away_a_practice_items_seed():
    """A widget's key reaches the page (Streamlit writes it as a CSS class), and a knock
    item's seed decides the whole deal: the others' hands and the stock. No key holds it,
    before or after "Another one"."""
    slug = "07-a-reasoned-knock"
    i, _block = step_with(Practice, slug)
    at = opened(slug, i)
    pid = next(iter(at.session_state["t31_practice"]))
    for _round in range(2):
        seed = str(at.session_state["t31_practice"][pid]["seed"])
        keys = [w.key for w in (*at.button_group, *at.button) if w.key]
        assert keys and not [k for k in keys if seed in k], keys
        next(b for b in at.button if b.key.startswith("t31pracnext_")).click().run()


def test_practice_feedback_comes_in_steps_and_another_one_deals_anew():
    slug = "02-hand-value-and-suits"
    i, block = step_with(Practice, slug)
    at = opened(slug, i)
    state = at.session_state["t31_practice"]
    pid = next(iter(state))
    seed = state[pid]["seed"]
    right, wrong = right_and_wrong(block, seed)
    pills = next(b for b in at.button_group if b.key.startswith("t31prac_"))
    pills.select(wrong).run()
    assert at.warning and "Hint" in at.warning[0].value
    assert not at.error and not at.success
    back = next(b for b in at.button if b.key.startswith("t31pracback_"))
    item = make_item(block, seed)
    other = [o for k, o in enumerate(item.options) if k not in item.correct and o != wrong]
    pills = next(b for b in at.button_group if b.key.startswith("t31prac_"))
    if other:
        pills.select(other[0]).run()                # the second wrong try: the answer
    else:
        clear(at, pills)
        next(b for b in at.button_group if b.key.startswith("t31prac_")).select(wrong).run()
    assert at.error and right in at.error[0].value
    assert at.session_state["t31_practice"][pid]["streak"] == 0
    next(b for b in at.button if b.key.startswith("t31pracnext_")).click().run()
    seed2 = at.session_state["t31_practice"][pid]["seed"]
    assert seed2 != seed
    right2, _w = right_and_wrong(block, seed2)
    next(b for b in at.button_group if b.key.startswith("t31prac_")).select(right2).run()
    assert at.success and at.success[0].value.startswith("Right at the first try")
    s = at.session_state["t31_practice"][pid]
    assert (s["streak"], s["done"], s["right"]) == (1, 2, 1)
    assert "Streak: 1" in page_text(at)
    # the link back opens the step that taught it
    at.session_state["t31_practice"][pid].update(tries=1, over=False)
    at.run()
    back = next(b for b in at.button if b.key.startswith("t31pracback_"))
    back.click().run()
    assert at.session_state["learn_progress"]["steps"][slug] == block.back[1] - 1


def clear(at: AppTest, pills) -> None:
    """The student clicks their chosen pill again: nothing chosen. Through the session state,
    because AppTest's ``unselect``/``set_value(None)`` does not clear a single choice in
    Streamlit 1.56 (pyproject's lowest)."""
    at.session_state[pills.key] = None
    at.run()


def test_a_knock_item_shows_each_options_cost_after_two_wrong_tries():
    slug = "07-a-reasoned-knock"
    i, block = step_with(Practice, slug)
    at = opened(slug, i)
    pid = next(iter(at.session_state["t31_practice"]))
    seed = at.session_state["t31_practice"][pid]["seed"]
    item = make_item(block, seed)
    _right, wrong = right_and_wrong(block, seed)
    next(b for b in at.button_group if b.key.startswith("t31prac_")).select(wrong).run()
    clear(at, next(b for b in at.button_group if b.key.startswith("t31prac_")))
    next(b for b in at.button_group if b.key.startswith("t31prac_")).select(wrong).run()
    assert not at.exception and at.error
    text = "\n".join(m.value for m in at.markdown)
    for _option, cost in item.costs:
        shown = plain(cost)                   # as the page writes it (Markdown signs escaped)
        assert shown in text
        assert text.count(shown) == 1         # said once, not again in another list
    assert "of the time" in text and "per 100 rounds" in text


def test_finished_practice_items_reach_the_store_and_the_dashboard(tmp_path, monkeypatch):
    from thirtyone.store import open_store
    from thirtyone.ui.pages.classroom.dashboard import students_frame
    url = f"sqlite:///{tmp_path / 's.db'}"
    monkeypatch.setenv("THIRTYONE_DATABASE_URL", url)
    store = open_store(url)
    klass, _ = store.create_class("Year 9")
    learner, token = store.join_class(klass.code, "Mia")
    slug = "15-banking"
    i, block = step_with(Practice, slug)
    at = AppTest.from_file(APP, default_timeout=90)
    at.query_params["me"] = token
    at.run()
    switch_to(at, "learn")
    at.session_state["learn_progress"] = {"lesson": slug, "steps": {slug: i},
                                          "answers": {}, "first": {}}
    at.run()
    pid = next(iter(at.session_state["t31_practice"]))
    right, _w = right_and_wrong(block, at.session_state["t31_practice"][pid]["seed"])
    next(b for b in at.button_group if b.key.startswith("t31prac_")).select(right).run()
    assert not at.exception
    assert store.class_practice(klass.id) == {learner.id: (1, 1)}
    frame = students_frame(store, klass)
    assert list(frame["practice items"]) == [1]
    assert list(frame["practice right first time"]) == [1]


def test_a_class_at_a_practice_step_deals_a_few_first_items_not_one_each(monkeypatch):
    """Issue 25 item 18: the first item of a practice block comes from a few kept for every
    session, so 30 students opening the step at once make at most that many (each a knock or
    Banking item costs the server 0.1-0.25 s), not 30."""
    from thirtyone.ui.pages.learn import practice_block
    from thirtyone.ui.shell.nav import page_script

    slug = "02-hand-value-and-suits"
    i, _block = step_with(Practice, slug)
    made: list[int] = []
    real = practice_block.make_item

    def counting(block, seed):
        made.append(seed)
        return real(block, seed)

    monkeypatch.setattr(practice_block, "make_item", counting)
    practice_block.item_for.clear()
    sessions = 30
    for _n in range(sessions):
        at = AppTest.from_string(page_script("learn"), default_timeout=60)
        at.session_state["learn_progress"] = {"lesson": slug, "steps": {slug: i},
                                              "answers": {}, "first": {}}
        at.run()
        assert not at.exception
        assert any(b.key.startswith("t31prac_") for b in at.button_group)
    assert len(made) <= len(practice_block.FIRST_SEEDS) < sessions, len(made)
    assert len(made) == len(set(made))      # each kept item was dealt once
    practice_block.item_for.clear()
