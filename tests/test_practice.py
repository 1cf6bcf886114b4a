"""Practice that never runs out (issue 26 item 4): every item a practice block deals is
checked against an independent evaluation, for every variant the block kind offers: hand
values and standings against the exhaustive hand tables and a count by hand, Banking against
a count of the unseen cards and the Banking engine, knocking against the table engine."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from thirtyone.core.actions import Hit, Knock, Stay
from thirtyone.core.cards import make_pack
from thirtyone.core.lookup import hand_table
from thirtyone.core.rules import VARIANTS, get_variant
from thirtyone.core.scoring import score
from thirtyone.teach.lessons import LessonError, load_lessons
from thirtyone.teach.practice import Practice, parse_practice
from thirtyone.teach.practice_items import make_item

SEEDS = range(6)


def offered(kind: str) -> list[str]:
    out = []
    for key in VARIANTS:
        try:
            parse_practice({"practice": kind, "variant": key}, "scat")
        except LessonError:
            continue
        out.append(key)
    return out


def course_blocks() -> list[tuple[str, Practice]]:
    return [(lesson.slug, b) for lesson in load_lessons() for s in lesson.steps
            for b in s.blocks if isinstance(b, Practice)]


def test_the_course_practises_the_four_kinds_and_links_back_to_real_steps():
    lessons = {x.slug: x for x in load_lessons()}
    blocks = course_blocks()
    assert sorted(b.kind for _s, b in blocks) == ["bank", "knock", "standing", "value"]
    for _slug, b in blocks:
        slug, step = b.back
        assert slug in lessons and 1 <= step <= len(lessons[slug].steps)
        taught = lessons[slug].steps[step - 1]
        assert taught.teaches, (slug, step)   # the step it points to teaches something


@pytest.mark.parametrize("variant", offered("value"))
def test_value_items_match_the_exhaustive_table(variant):
    rules = get_variant(variant).rules
    table = hand_table(rules)
    by_hand = {tuple(sorted(map(int, h))): v for h, v in zip(table.hands, table.values,
                                                            strict=True)}
    block = parse_practice({"practice": "value", "variant": variant}, "scat")
    for seed in SEEDS:
        item = make_item(block, seed)
        hand = item.cards["hand"]
        true = by_hand[tuple(sorted(c.index for c in hand))]
        assert len(item.correct) == 1 and len(item.options) >= 2
        right = item.options[min(item.correct)]
        assert float(right.replace("½", ".5")) == float(true)
        assert make_item(block, seed).options == item.options   # same seed, same item


@pytest.mark.parametrize("variant", offered("standing"))
def test_standing_items_match_a_count_by_hand(variant):
    rules = get_variant(variant).rules
    hands = list(combinations(make_pack(rules.pack), 3))
    scores = [score(h, rules) for h in hands]
    block = parse_practice({"practice": "standing", "variant": variant}, "scat")
    for seed in SEEDS[:2]:
        item = make_item(block, seed)
        mine = score(item.cards["hand"], rules)
        beats = sum(s < mine for s in scores) / len(scores)
        band = min(int(beats * 4), 3)   # quarters, as the options
        assert item.correct == {band}
        assert item.facts["beats"] == pytest.approx(beats)


def _banking_count(hand, seen):
    def low(cards):
        return sum(1 if c.rank == 14 else min(c.rank, 10) for c in cards)
    left = list(make_pack(52))
    for c in seen:
        left.remove(c)
    return sum(low(hand) + (1 if c.rank == 14 else min(c.rank, 10)) > 31 for c in left), len(left)


@pytest.mark.parametrize("variant", offered("bank"))
def test_banking_items_are_real_positions_with_counted_odds(variant):
    """The answer is the move that wins more chips, checked against an exact count of every
    order the unseen cards can come in (heads-up, ``test_banking_costs.exact_chips``), with
    both moves' chips shown; the rule book's chance of going over is counted by hand."""
    from test_banking_costs import exact_chips
    block = parse_practice({"practice": "bank", "variant": variant}, "scat")
    assert block.players == 2
    answers = set()
    for seed in range(4):   # seeds 0-3 give both answers; each exact count takes about 2 s
        item = make_item(block, seed)
        hand = item.cards["hand"]
        busts, n = _banking_count(hand, hand)
        assert item.facts["p_bust"] == pytest.approx(busts / n) or item.facts["unseen"] < n
        answers.add(min(item.correct))
        buy, stay = (exact_chips(hand, move) for move in ("hit", "stay"))
        assert item.correct == ({0} if buy > stay else {1}), (hand, buy, stay)
        assert [label for label, _text in item.costs] == [item.options[min(item.correct)],
                                                          item.options[1 - min(item.correct)]]
        assert all("chips" in text for _label, text in item.costs)
    assert answers == {0, 1}    # both answers come up


@pytest.mark.parametrize("variant", offered("knock"))
def test_knock_items_are_first_turns_of_the_table_engine_with_a_clear_cheaper_option(variant):
    block = parse_practice({"practice": "knock", "variant": variant, "players": "2"}, "scat")
    kinds = set()
    for seed in range(5 if variant == "scat" else 2):
        item = make_item(block, seed)
        game = item.facts["game"]
        obs = game.observation(0)
        assert obs.to_move == 0 and Knock() in obs.legal_actions
        assert tuple(obs.hand) == item.cards["hand"]
        costs = [item.facts["knock"], item.facts["other"]]
        assert item.correct == {int(np.argmin(costs))}
        assert len(item.costs) == 2 and all("100" in c for _o, c in item.costs)
        kinds.add(min(item.correct))
    if variant == "scat":
        assert kinds == {0, 1}


def test_the_knock_now_risk_agrees_with_the_table_engine():
    """The expert's 'chance you lose if you knock now' against play-outs of the table engine:
    the hidden cards dealt again at random, the opponent's final turn by the basic bot."""
    from thirtyone.bots import make_bot
    from thirtyone.game.table import new_game
    block = parse_practice({"practice": "knock", "variant": "scat", "players": "2"}, "scat")
    item = make_item(block, 0)
    p_bad = item.facts["p_bad_now"]
    rules = get_variant("scat").rules
    hand, top = item.cards["hand"], item.cards["pile"][0]
    rest = [c for c in make_pack(rules.pack) if c not in hand and c != top]
    rng = np.random.default_rng(5)
    bot = make_bot("basic")
    lost, n = 0, 400
    for _k in range(n):
        order = [rest[i] for i in rng.permutation(len(rest))]
        deck = [hand[0], order[0], hand[1], order[1], hand[2], order[2], top] + order[3:]
        game = new_game(rules, ["A", "B"], deck=deck, dealer=1)
        assert set(game.hands[0]) == set(hand) and game.discard_pile[-1] == top
        if game.round_over:
            continue
        game.apply("knock")
        while not game.round_over:
            game.apply(bot(game.observation(game.to_move), rng))
        lost += game.round_result.lives_lost[0] > 0
    assert abs(lost / n - p_bad) < 0.08


def test_items_for_hostile_blocks_are_refused():
    for spec in ({"practice": "knock", "variant": "banking"},
                 {"practice": "bank", "variant": "scat"},
                 {"practice": "value", "players": "99"},
                 {"practice": "value", "back": "../../etc/passwd"},
                 {"practice": "value", "answer": "21"}):
        with pytest.raises(LessonError):
            parse_practice(spec, "scat")
    assert Hit() != Stay()


@pytest.mark.parametrize("variant", offered("standing"))
def test_a_standing_items_cost_is_what_the_scoring_punishes_counted_by_hand(variant):
    """The cost line says how often a showdown against one opponent goes wrong as the rules
    score it (RULES.md 3e), counted here over every hand the opponent can hold: with lives,
    the opponent beats or ties you (all tied for lowest lose); with places, beats you; with a
    pot, beats you (a tie shares the pot)."""
    rules = get_variant(variant).rules
    block = parse_practice({"practice": "standing", "variant": variant}, "scat")
    lives = rules.scoring == "lives"
    for seed in SEEDS[:2]:
        item = make_item(block, seed)
        hand = item.cards["hand"]
        mine = score(hand, rules)
        rest = [c for c in make_pack(rules.pack) if c not in hand]
        others = [score(h, rules) for h in combinations(rest, 3)]
        bad = sum((s >= mine) if lives else (s > mine) for s in others) / len(others)
        assert item.facts["shown_down_loss"] == pytest.approx(bad, abs=1e-12)
        (_label, words), = item.costs
        assert f"{100 * bad:.1f}%" in words.replace(" %", "%"), (words, bad)
