"""Issue 15's lesson framework: concepts and order, the new quiz kinds checked against an
independent evaluation, plot and link blocks, old lesson names, and an AppTest walk of every
step and quiz of the course."""

from __future__ import annotations

from pathlib import Path

import pytest
from brute import banking
from streamlit.testing.v1 import AppTest

from thirtyone import get_variant, parse_hand
from thirtyone.core.actions import Knock
from thirtyone.core.cards import make_pack
from thirtyone.core.rules import OPTIONS, VARIANTS
from thirtyone.expert.expert import expert_policy
from thirtyone.game.table import new_game
from thirtyone.teach.blocks import Plot
from thirtyone.teach.lessons import (
    Cards,
    LessonError,
    Link,
    Quiz,
    Teaches,
    Text,
    course_problems,
    load_lessons,
    parse_lesson,
    parse_quiz,
)
from thirtyone.ui.shell.nav import switch_to

APP = str(Path(__file__).resolve().parents[1] / "app.py")
HEAD = "---\ntitle: T\nsummary: S\nvariant: scat\n---\n"


def lesson(body: str, slug: str = "t"):
    return parse_lesson(HEAD + body, slug)


# --- concepts and order --------------------------------------------------------------------

def test_the_course_teaches_every_concept_before_a_quiz_rests_on_it():
    assert course_problems(load_lessons()) == []


def test_a_quiz_without_rests_on_is_refused_with_its_question():
    with pytest.raises(LessonError, match="Worth it.*needs 'rests_on:'"):
        lesson("## A\n```quiz\nkind: value\nhand: AH KH 9S\nquestion: Worth it?\n```\n")


def test_a_quiz_before_its_concept_is_listed_and_after_it_is_not():
    early = lesson("## A\n```quiz\nrests_on: blitz\nkind: value\nhand: AH KH 9S\n"
                   "question: Q1\n```\n```teaches\nblitz\n```\n")
    problems = course_problems([early])
    assert len(problems) == 1 and "Q1" in problems[0] and "blitz" in problems[0]
    late = lesson("## A\n```teaches\nblitz\n```\n## B\n```quiz\nrests_on: blitz\nkind: value\n"
                  "hand: AH KH 9S\nquestion: Q1\n```\n")
    assert course_problems([late]) == []
    # taught in an earlier lesson counts too; the hidden block is a Teaches, not text
    other = lesson("## B\n```quiz\nrests_on: blitz\nkind: value\nhand: AH KH 9S\n"
                   "question: Q2\n```\n", "u")
    assert course_problems([late, other]) == [] and course_problems([other, late]) != []
    assert isinstance(late.steps[0].blocks[0], Teaches)
    assert not any(isinstance(b, Text) for b in late.steps[0].blocks)


@pytest.mark.parametrize("name", ["Knock", "final_turns", "-x", "a.b"])
def test_a_bad_concept_name_is_refused(name):
    with pytest.raises(LessonError, match="not a concept name"):
        lesson(f"## A\n```teaches\n{name}\n```\n")


def test_formerly_is_read():
    x = parse_lesson(HEAD.replace("variant", "formerly: 03-old-one, 08-older\nvariant") +
                     "## A\ntext\n", "08-new")
    assert x.formerly == ("03-old-one", "08-older")


# --- which_variant: the presets read directly ----------------------------------------------

def test_which_variant_right_options_are_the_presets_with_that_value():
    q = parse_quiz("kind: which_variant\noption: stock_out\nvalue: reshuffle\n"
                   "variants: scat, blitz, schwimmen, eenendertigen\nquestion: Which?")
    want = [VARIANTS[k].name for k in ("scat", "blitz", "schwimmen", "eenendertigen")
            if VARIANTS[k].rules.stock_out == "reshuffle"]
    assert q.answers == want
    for o in q.options:
        assert q.check(o).correct == (o in want)


def test_which_variant_with_no_variant_having_the_value_is_refused():
    keys = [k for k, v in VARIANTS.items() if v.rules.knocker_alone_lowest != 1][:2]
    with pytest.raises(LessonError, match="no right answer"):
        parse_quiz(f"kind: which_variant\noption: knocker_alone_lowest\nvalue: 1\n"
                   f"variants: {', '.join(keys)}\nquestion: Which?")


# --- banker: settled by hand from the totals (tests/brute.py) --------------------------------

def settle_by_hand(banker: str, punter: str) -> int:
    r = get_variant("banking").rules
    bt, pt = (banking([(c.rank, c.suit) for c in parse_hand(h, size=None)])[0]
              for h in (banker, punter))
    if len(punter.split()) == 3 and pt == 31 and not (len(banker.split()) == 3 and bt == 31):
        return r.natural_pays
    if pt > 31:
        return -r.bust_pays
    if bt > 31:
        return r.bust_pays
    return 0 if pt == bt else (r.win_pays if pt > bt else -r.win_pays)


@pytest.mark.parametrize("banker, punter", [
    ("TS 9H 2C", "TD 9C 5D"), ("TS 9H 2C 5S", "TD 9C 5D"), ("TS 9H 5C", "TD 9C 5D"),
    ("TS 9H 2C 8S 7S", "TD 9C 5D"), ("TS 9H 2C", "TD 9C 5D 8H"), ("TS 9H 2C", "AD KC 5D 2H"),
])
def test_banker_quiz_answers_as_the_payments_worked_out_by_hand(banker, punter):
    q = parse_quiz(f"kind: banker\nvariant: banking\nbanker: {banker}\npunter: {punter}\n"
                   "question: Who pays?")
    won = settle_by_hand(banker, punter)
    truth = ("Nobody pays" if won == 0 else f"The banker pays the punter {won}" if won > 0
             else f"The punter pays the banker {-won}")
    assert q.answers == [truth]
    wrong = next(o for o in q.options if o != truth)
    assert q.check(truth).message.startswith("Right!")
    assert q.check(wrong).message.startswith("Not quite.")


# --- knock: the expert asked on a position the test deals itself ----------------------------

def expert_knocks(hand: str, players: int, seat: int, turn: int, seen: str,
                  variant: str = "scat") -> bool:
    """Deal the position with the table engine (every earlier turn draws and throws the drawn
    card away) and ask the expert bot's own policy."""
    rules = get_variant(variant).rules
    mine, pile = parse_hand(hand), parse_hand(seen, size=None) if seen else ()
    rest = sorted((c for c in make_pack(rules.pack) if c not in mine and c not in pile),
                  key=lambda c: (c.rank, c.suit))  # low cards first: no 31 for the others
    hands = [mine if s == seat else tuple(rest.pop(0) for _ in range(3))
             for s in range(players)]
    before = (turn - 1) * players + seat
    assert len(pile) == before + 1, "the lesson names the whole pile"
    deck = [hands[s][k] for k in range(3) for s in range(players)] + list(pile)
    g = new_game(rules, [f"P{s}" for s in range(players)], deck=deck, dealer=players - 1,
                 styles=[None if s == seat else "standard" for s in range(players)])
    for _ in range(before):
        g.apply("draw")
        g.apply(f"discard {g.hands[g.to_move][-1]}")
    assert g.to_move == seat and tuple(g.discard_pile) == tuple(pile)
    return isinstance(expert_policy(g.observation(seat)), Knock)


def test_the_reasoned_knock_lesson_has_three_knock_quizzes_or_more_with_both_answers():
    x = next(x for x in load_lessons() if x.slug == "07-a-reasoned-knock")
    knocks = [q for q in x.quizzes if q.kind == "knock"]
    assert len(knocks) >= 3 and {tuple(q.answers) for q in knocks} == {("Knock",), ("Draw",)}
    assert len({(q.spec["players"], q.spec["seat"], q.spec["hand"]) for q in knocks}) == len(knocks)


def independent_answers(q: Quiz) -> list[str] | None:
    """The right options of a new-kind quiz, worked out here (None for other kinds)."""
    if q.kind == "knock":
        # issue 26: the answer is the cheaper move by the costs the feedback shows (the costs
        # themselves are checked against the table engine in test_knock_costs)
        from test_knock_costs import shown_costs
        costs = {o: shown_costs(q.summary, o) for o in q.options}
        return [min(costs, key=costs.get)]
    if q.kind == "banker":
        won = settle_by_hand(q.spec["banker"], q.spec["punter"])
        return [("Nobody pays" if won == 0 else f"The banker pays the punter {won}" if won > 0
                 else f"The punter pays the banker {-won}")]
    if q.kind == "which_variant":
        keys = [k.strip() for k in q.spec["variants"].split(",")]
        text = str(q.spec["value"]).strip().lower()
        text = {"yes": "true", "no": "false"}.get(text, text)
        option = OPTIONS[q.spec["option"]]
        # Issue 26: a game that does not use the rule (Switch has no pass) has it as "no",
        # never as its unused default
        out = [VARIANTS[k].name for k in keys
               if (option.text(getattr(VARIANTS[k].rules, option.name)) == text
                   if option.applies(VARIANTS[k].rules) else text == "false")]
        return out
    return None


def test_every_new_kind_quiz_of_the_course_agrees_with_an_independent_answer():
    seen = set()
    for x in load_lessons():
        for q in x.quizzes:
            want = independent_answers(q)
            if want is not None:
                seen.add(q.kind)
                assert q.answers == want, (x.slug, q.question)
                assert "%" in q.summary or q.kind != "knock"
    assert "knock" in seen


def test_a_knock_on_a_dealt_31_is_refused():
    with pytest.raises(LessonError, match="31 on the deal"):
        parse_quiz("kind: knock\nhand: AH KH QH\nplayers: 3\nseat: 1\nquestion: Q")


# --- plot and link blocks ------------------------------------------------------------------

def test_plot_and_link_blocks_are_read_and_checked():
    x = lesson("## A\n```plot\nplot: knock_survival\nplayers: 4\ncontrols: value\n```\n"
               "```link\nto: play\nscenario: stock_runs_out\nlabel: Open it in Play\n```\n")
    plot, link = x.steps[0].blocks
    assert isinstance(plot, Plot) and plot.setting("players") == 4 and plot.controls == ("value",)
    assert isinstance(link, Link) and link.params == (("scenario", "stock_runs_out"),)
    for bad, why in [("```plot\nplot: pie\ncontrols: value\n```", "needs 'plot:'"),
                     ("```plot\nplot: race\ncontrols: players\n```", "'controls' must"),
                     ("```plot\nplot: race\nturns: 99\ncontrols: turns\n```", "from 3 to 30"),
                     ("```link\nto: play\nscenario: nope\nlabel: Go\n```", "'nope' is not"),
                     ("```link\nto: odds\nsection: moon\nlabel: Go\n```", "section:")]:
        with pytest.raises(LessonError, match=why):
            lesson(f"## A\n{bad}\n")


# --- stored progress under an old name -----------------------------------------------------

def test_progress_under_a_formerly_name_is_found():
    from thirtyone.ui.pages.learn.lessons import renamed
    x = parse_lesson(HEAD.replace("variant", "formerly: 03-old\nvariant") + "## A\ntext\n",
                     "08-new")
    data = {"lesson": "03-old", "steps": {"03-old": 1},
            "answers": {"03-old/1/0": "21", "08-new/2/0": "9"}, "first": {"03-old/1/0": "30"}}
    out = renamed(data, [x])
    assert out["lesson"] == "08-new" and out["steps"] == {"08-new": 1}
    assert out["answers"] == {"08-new/1/0": "21", "08-new/2/0": "9"}
    assert out["first"] == {"08-new/1/0": "30"}


# --- every step and every quiz of the course, through the Learn page -----------------------

KNOWN_BLOCKS = (Text, Cards, Quiz, Teaches, Plot, Link)


def test_walk_every_step_and_quiz_of_the_course():
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    switch_to(at, "learn")
    at.run()
    for x in load_lessons():
        at.button(key=f"t31lesson_{x.slug}").click().run()
        for i, step in enumerate(x.steps):
            assert not at.exception, (x.slug, i)
            assert any(step.title in m.value for m in at.markdown), (x.slug, step.title)
            if all(isinstance(b, KNOWN_BLOCKS) for b in step.blocks):
                for n, q in enumerate(step.quizzes):
                    key = "t31quiz_" + f"{x.slug}/{i}/{n}".replace("/", "_").replace("-", "_")
                    right = independent_answers(q) or q.answers
                    wrong = [o for o in q.options if o not in right]
                    if wrong:
                        at.button_group(key=key).set_value(wrong[0]).run()
                        assert any(e.value.startswith("Not quite.") for e in at.error)
                    at.button_group(key=key).set_value(right[0]).run()
                    good = [m.value for m in [*at.success, *at.info]]
                    assert any("Right!" in v for v in good), (x.slug, i, n)
                for b in step.blocks:
                    if isinstance(b, Plot):
                        assert len(at.get("plotly_chart")) >= 1
                        assert at.slider(key=f"t31plot_{x.slug}_{i}_"
                                         f"{step.blocks.index(b)}_{b.controls[0]}"
                                         .replace("-", "_"))
            if i + 1 < len(x.steps):
                at.button(key="t31step_next").click().run()
        right, total = sum(1 for q in x.quizzes if q.answers), len(x.quizzes)
        if total:
            caps = [c.value for c in at.caption]
            assert f"First try 0/{total}, solved {right}/{total}" in caps, x.slug


def test_a_heads_up_knock_quiz_gives_the_chance_counted_by_brute_force():
    """Two players: the chance a knock on 17 is safe against one fresh hand (Scat: a knocker
    tied for lowest is safe), over every hand worth 17 and every opponent hand missing it."""
    import re

    import numpy as np
    from brute import every_hand, suit_sum

    hands = every_hand(52)
    values = np.array([suit_sum(h) for h in hands])
    bit = {c: 1 << i for i, c in enumerate(sorted({c for h in hands for c in h}))}
    masks = np.array([sum(bit[c] for c in h) for h in hands], dtype=np.int64)
    shares = []
    for k in np.flatnonzero(values == 17):
        free = (masks & masks[k]) == 0
        shares.append(np.count_nonzero(free & (values <= 17)) / np.count_nonzero(free))
    q = parse_quiz("kind: knock\nhand: 9S 8S 3D\nplayers: 2\nseat: 0\nseen: 4H\nquestion: Q")
    said = float(re.search(r"safe is ([\d.]+)%", q.summary).group(1))
    assert abs(said - 100 * np.mean(shares)) < 0.05


def _draw_three_plots():
    from thirtyone.teach.blocks import parse_plot
    from thirtyone.ui.pages.learn.lesson_blocks import show_plot

    for n, text in enumerate([{"plot": "knock_survival", "controls": "players, turns"},
                              {"plot": "race", "controls": "target"},
                              {"plot": "dealt_values", "variant": "eenendertigen",
                               "controls": "value"}]):
        show_plot(parse_plot(text, "scat"), f"x/0/{n}")


def test_every_plot_kind_draws_and_its_controls_move_it():
    at = AppTest.from_function(_draw_three_plots, default_timeout=120)
    at.run()
    assert not at.exception and len(at.get("plotly_chart")) == 3
    assert [s.label for s in at.slider] == ["Players at the table",
                                            "Turns each (final turn included)", "Aim for",
                                            "Your value"]
    before = [m.value for m in at.markdown]
    at.slider(key="t31plot_x_0_0_turns").set_value(3).run()
    assert not at.exception
    after = [m.value for m in at.markdown]
    assert before != after and any("After 3 turns each" in m for m in after)
