"""Issue 26 item 1: every knock decision costed in the scoring's unit, side by side.

The knock quizzes of lesson 7 show each option's cost, and the right answer is the cheaper
one, read from the words the student sees. The costs themselves (the expert's play-outs on
the fast simulator, ``expert.choice``) are checked against a plain simulation on the table
engine: fresh deals that fit what the seat sees, every player the standard bot, counted with
a confidence bound."""

from __future__ import annotations

import re

import numpy as np
import pytest
from tiers import long_except

from thirtyone.bots import make_bot
from thirtyone.core.actions import Draw, Knock
from thirtyone.core.cards import make_pack, parse_cards, parse_hand
from thirtyone.core.rules import get_variant
from thirtyone.expert.expert import knock_costs
from thirtyone.expert.hint import hint
from thirtyone.game.table import new_game
from thirtyone.i18n import use_language
from thirtyone.policies.view import view_from_observation
from thirtyone.teach.lessons import load_lessons
from thirtyone.teach.quiz_kinds import QUIZ_DEALS, knock_position

SCAT = get_variant("scat").rules
AVERAGE = re.compile(r"on average (\d+) (?:pennies|penny) per (100|1,000) rounds"
                     r"(?:; your opponent loses (\d+) (?:pennies|penny))?")


def knock_quizzes(lang: str = "en"):
    x = next(x for x in load_lessons(lang=lang) if x.slug == "07-a-reasoned-knock")
    return [q for q in x.quizzes if q.kind == "knock"]


def shown_costs(text: str, option: str) -> float:
    """The cost of ``option`` as the feedback writes it: pennies lost per round on average,
    heads-up less the opponent's."""
    line = next(p for p in text.split("\n") if p.startswith(f"{option}:"))
    m = AVERAGE.search(line)
    assert m, line
    per = 100 if m.group(2) == "100" else 1000
    mine = int(m.group(1)) / per
    return mine - (int(m.group(3)) / per if m.group(3) else 0.0)


def test_each_knock_quiz_shows_both_costs_and_the_answer_is_the_cheaper():
    quizzes = knock_quizzes()
    assert len(quizzes) >= 4
    answers = set()
    for q in quizzes:
        for i in range(len(q.options)):
            text = q.check(i).message
            costs = {o: shown_costs(text, o) for o in q.options}
            (right,) = q.answers
            assert costs[right] <= min(costs.values()), (q.spec["hand"], costs)
            # the trade-off is said in words: showdown against waiting
            assert "at the showdown" in text and "%" in text
        answers.add(q.answers[0])
    assert answers == {"Knock", "Draw"}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_knock_quizs_position_line_counts_the_turns_before_yours(lang):
    """Seat 0 on turn 1 moves first: no "0 turns played before yours" (lesson 7's first two
    quizzes said it); seat 2 on turn 2 at three players follows 3 + 2 = 5 turns."""
    by_spec = {(int(q.spec["seat"]), int(q.spec.get("turn", 1)), int(q.spec["players"])): q
               for q in knock_quizzes(lang)}
    first = by_spec[(0, 1, 3)].context
    assert not re.search(r"(^|\D)0\D", first), first
    later = by_spec[(2, 2, 3)].context
    assert len(later.split(" · ")) == 4 and re.search(r"(^|\D)5\D", later.split(" · ")[3]), later
    assert len(first.split(" · ")) == 3, first


def test_the_three_cases_the_teacher_could_not_defend_now_show_why():
    by_hand = {q.spec["hand"]: q for q in knock_quizzes()}
    # 17 heads-up: a knock that fails pays double, but waiting hands the opponent turns to
    # reach 31; the balance against the opponent decides
    q = by_hand["9S 8S 3D"]
    assert q.answers == ["Knock"]
    assert "from someone else's 31" in q.summary and "more than your opponent" in q.summary
    # 20 later in the round: a failed knock pays two pennies, so drawing is cheaper
    q = by_hand["KH QH 5S"]
    assert q.answers == ["Draw"] and "2 pennies at once" in q.summary
    # 29 at five: the engine's costs say a knock costs nothing, so the answer is knock
    q = by_hand["QH JH 9H"]
    assert q.answers == ["Knock"] and "per 1,000 rounds" in q.summary


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_knock_quizzes_have_the_same_answers_in_every_language(lang):
    assert [q.correct for q in knock_quizzes()] == [q.correct for q in knock_quizzes(lang)]


# --- the costs against a plain simulation on the table engine --------------------------------

def table_engine_costs(hand: str, players: int, upcard: str, rounds: int, seed: int
                       ) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Seat 0 (first to move) holds ``hand`` with ``upcard`` on the pile; the others' hands
    and the stock are dealt at random from the rest (a deal where another hand is a 31
    ends before this turn, so it is dealt again). Per move: (pennies seat 0 loses, pennies
    the others lose) in each round; after the move everybody plays the standard bot."""
    rng = np.random.default_rng(seed)
    mine, up = parse_hand(hand), parse_cards(upcard)[0]
    rest = [c for c in make_pack(52) if c not in mine and c != up]
    bot = make_bot("standard")
    out: dict[str, tuple[list, list]] = {"knock": ([], []), "draw": ([], [])}
    done = 0
    while done < rounds:
        perm = [rest[i] for i in rng.permutation(len(rest))]
        hands = [mine] + [tuple(perm[3 * k:3 * k + 3]) for k in range(players - 1)]
        stock = perm[3 * (players - 1):]
        deck = [hands[s][k] for k in range(3) for s in range(players)] + [up] + stock
        games = {}
        for move in ("knock", "draw"):
            g = new_game(SCAT, [f"P{s}" for s in range(players)], deck=deck,
                         dealer=players - 1, styles=[None] + ["standard"] * (players - 1))
            if g.round_over:
                break
            g.apply(Knock() if move == "knock" else Draw())
            while not g.round_over:
                g.apply(bot(g.observation(g.to_move, log=False), rng))
            games[move] = g
        if len(games) < 2:
            continue
        done += 1
        for move, g in games.items():
            lost = g.round_result.lives_lost
            out[move][0].append(lost[0])
            out[move][1].append(sum(lost[1:]))
    return {k: (np.array(a, float), np.array(b, float)) for k, (a, b) in out.items()}


@pytest.mark.parametrize(("hand", "players", "upcard"), long_except(
    [pytest.param("9S 8S 3D", 2, "4H", id="9S 8S 3D"),
     pytest.param("AD KD 5C", 3, "7S", id="AD KD 5C")], "AD KD 5C"))
def test_the_costs_agree_with_a_plain_simulation_on_the_table_engine(hand, players, upcard):
    g = knock_position(SCAT, parse_hand(hand), players, 0, 1, tuple(parse_cards(upcard)))
    costs = knock_costs(view_from_observation(g.observation(0)), QUIZ_DEALS)
    sim = table_engine_costs(hand, players, upcard, rounds=1500, seed=7)
    for move, opt in (("knock", costs.knock), ("draw", costs.wait)):
        me, them = sim[move]
        n = len(me)
        for got, sample in ((opt.expected, me), (opt.lose, (me > 0).astype(float)),
                            (opt.lose_two, (me > 1).astype(float))):
            se = np.sqrt(sample.var() / n + max(got * (1 - min(got, 1)), 1e-4) / QUIZ_DEALS)
            assert abs(got - sample.mean()) < 4 * se + 0.01, (move, got, sample.mean())
        if players == 2:
            se = np.sqrt((me - them).var() / n) + opt.half / 1.96
            assert abs(opt.cost - (me - them).mean()) < 4 * se + 0.01, move
    # the sign of the decision is the same in both
    d_sim = ((sim["knock"][0] - (sim["knock"][1] if players == 2 else 0)).mean()
             - (sim["draw"][0] - (sim["draw"][1] if players == 2 else 0)).mean())
    assert np.sign(d_sim) == np.sign(costs.knock.cost - costs.wait.cost)


def test_the_hint_on_play_lists_each_move_with_its_cost_and_says_what_waiting_does():
    g = knock_position(SCAT, parse_hand("KH QH 5S"), 3, 2, 2,
                       tuple(parse_cards("2C 7D 3S 6H 4D 8C")))
    for lang in ("en", "ru"):
        with use_language(lang):
            h = hint(g.observation(2))
        assert len(h.numbers) >= 2
        assert all(re.search(r"\d", v) for v in h.numbers.values())
        assert "%" in h.reason
    with use_language("en"):
        h = hint(g.observation(2))
    assert {"Knock now", "Draw from the stock"} <= set(h.numbers)
    assert "showdown" in h.reason and "31" in h.reason
