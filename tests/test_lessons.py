"""Lessons and their quizzes: the engine answers every quiz; answers are never written into
the lesson files; bad lesson text is refused with a clear message.

Expected answers here come from RULES.md and from a small suit-sum counter written below,
not from the code under test."""

import re
from itertools import combinations
from pathlib import Path

import pytest

from thirtyone.core.cards import make_pack, parse_card, parse_hand
from thirtyone.core.rules import get_variant
from thirtyone.teach.blocks import Plot
from thirtyone.teach.lessons import (
    LessonError,
    Text,
    load_lessons,
    parse_lesson,
    parse_quiz,
    table_showdown,
)
from thirtyone.teach.practice import Practice

LESSONS = Path(__file__).resolve().parents[1] / "lessons"


def suit_sum(cards):
    """Plain suit sum, counted by hand: ace 11, court cards and tens 10, others their number."""
    cards = [parse_card(c) if isinstance(c, str) else c for c in cards]
    pts = {c: 11 if c.rank == 14 else min(c.rank, 10) for c in cards}
    return max(sum(pts[c] for c in cards if c.suit == s) for s in "SHDC")


def quiz(text, variant="scat"):
    return parse_quiz(text, variant)


# --- value ---------------------------------------------------------------------------

def test_the_rule_book_example_ace_nine_of_hearts_and_king_of_spades_is_worth_20():
    q = quiz("kind: value\nhand: AH 9H KS\nquestion: Worth?")
    assert q.answers == ["20"]
    assert q.check("20").correct
    assert "30" in q.options  # adding every card is the typical mistake
    wrong = q.check("30")
    assert not wrong.correct and "20" in wrong.message


def test_three_different_suits_count_only_the_best_card():
    q = quiz("kind: value\nhand: 7S 8H 9D\nquestion: Worth?")
    assert q.answers == ["9"]


def test_a_one_suit_hand_still_gets_wrong_options_to_choose_from():
    q = quiz("kind: value\nhand: JD 8D 4D\nquestion: Worth?")
    assert q.answers == ["22"] and len(q.options) >= 3


@pytest.mark.parametrize("variant, worth", [("scat", "7"), ("blitz", "30"),
                                            ("schwimmen", "30½")])
def test_three_sevens_are_worth_what_the_variant_says(variant, worth):
    # RULES.md section 4: scat none (plain suit sum), blitz 30, schwimmen 30.5.
    q = quiz("kind: value\nhand: 7H 7S 7D\nquestion: Worth?", variant)
    assert q.answers == [worth]


def test_three_aces_are_fire_worth_33_in_schwimmen():
    q = quiz("kind: value\nvariant: schwimmen\nhand: AS AH AD\nquestion: Worth?")
    assert q.answers == ["33"]


@pytest.mark.parametrize("hand, rank", [("3C 3D 3S", "prial"), ("AH 2H 3H", "running flush"),
                                        ("5H 6C 7D", "run"), ("2S 9S KS", "flush"),
                                        ("QH QD 4C", "pair"), ("2C 7D KH", "high card")])
def test_stop_the_bus_value_quizzes_ask_for_the_brag_rank(hand, rank):
    q = quiz(f"kind: value\nvariant: stop_the_bus\nhand: {hand}\nquestion: What kind?")
    assert q.answers == [rank]


# --- discard and swap ------------------------------------------------------------------

def brute_force_discards(text):
    hand = text.split()
    kept = {c: suit_sum([x for x in hand if x != c]) for c in hand}
    best = max(kept.values())
    return {parse_card(c).display for c, v in kept.items() if v == best}


@pytest.mark.parametrize("hand", ["KH 9H 4C QH", "AS 6S TD KD", "2C 3D 4H 5S", "AH KH QH JH",
                                  "7C 8C 9D TD"])
def test_the_discard_quiz_accepts_exactly_the_cards_whose_loss_keeps_the_most(hand):
    q = quiz(f"kind: discard\nhand: {hand}\nquestion: Which?")
    assert set(q.answers) == brute_force_discards(hand)
    for option in q.options:
        assert q.check(option).correct == (option in q.answers)


def test_two_equally_good_discards_are_both_right():
    q = quiz("kind: discard\nhand: AS 6S TD KD\nquestion: Which?")
    assert set(q.answers) == {"A♠", "6♠"}
    assert "equally good" in q.check("6♠").message


def test_the_rule_book_schwimmen_example_takes_the_king_of_hearts_for_29():
    # RULES.md: you hold AH 8H KS (19), the middle is KH 7C TD; swapping KS for KH makes 29.
    q = quiz("kind: swap\nvariant: schwimmen\nhand: AH 8H KS\nmiddle: KH 7C TD\nquestion: ?")
    assert q.answers == ["take K♥"]
    assert "29" in q.check("take K♥").message
    assert "pass" in q.options and "swap all" in q.options


def test_stop_the_bus_swap_quizzes_offer_no_pass():
    q = quiz("kind: swap\nvariant: stop_the_bus\nhand: 2C 7D KH\nmiddle: KS KD 4H\n"
             "question: ?")
    assert "pass" not in q.options


def test_a_swap_quiz_needs_a_swap_family_variant():
    with pytest.raises(LessonError, match="swap-family"):
        quiz("kind: swap\nhand: AH 8H KS\nmiddle: KH 7C TD\nquestion: ?")


# --- who loses -------------------------------------------------------------------------

def lost(hands, variant, knocker=None):
    """Lives lost per seat when the table engine plays these hands out (see table_showdown)."""
    rules = get_variant(variant).rules
    names = [f"P{i}" for i in range(len(hands))]
    hands = [parse_hand(h, pack=rules.pack) for h in hands]
    return table_showdown(rules, names, hands, knocker)[0]


def test_the_lowest_hand_loses_one_life():
    assert lost(["KH QH 5C", "9S 8S 2D", "AD 3D 7C"], "scat", knocker=0) == [0, 0, 1]


def test_all_players_tied_for_lowest_lose_one_each():
    assert lost(["KH QH 5C", "9S 8S 2D", "9D 8D 2H"], "scat", knocker=0) == [0, 1, 1]


def test_knocker_tied_for_lowest_is_safe_in_scat():
    assert lost(["TH 8H 2C", "JC 8C 3D", "AD 9D 6S"], "scat", knocker=0) == [0, 1, 0]


def test_knocker_tied_for_lowest_loses_two_in_blitz_and_the_other_one():
    assert lost(["TH 8H 2C", "JC 8C 3D", "AD 9D 6S"], "blitz", knocker=0) == [2, 1, 0]


def test_knocker_tied_for_lowest_loses_like_the_others_in_schwimmen():
    assert lost(["TH 8H 7C", "JC 8C 7D", "AD 9D 7S"], "schwimmen", knocker=0) == [1, 1, 0]


def test_knocker_alone_lowest_loses_two_in_scat_and_one_in_schwimmen():
    assert lost(["9H 8H 2C", "JC 8C 3D", "AD 9D 6S"], "scat", knocker=0) == [2, 0, 0]
    assert lost(["9H 8H 7C", "JC 8C 7D", "AD 9D 7S"], "schwimmen", knocker=0) == [1, 0, 0]


def test_the_knocker_need_not_sit_first():
    assert lost(["JC 8C 3D", "AD 9D 6S", "9H 8H 2C"], "scat", knocker=2) == [0, 0, 2]


def test_a_blitz_costs_every_other_player_a_life_in_scat():
    assert lost(["AH KH QH", "AS KS 9S", "2C 3D 4H"], "scat") == [0, 1, 1]


def test_a_blitz_in_schwimmen_costs_only_the_lowest_hand():
    # RULES.md worked example: you 31, Tom AS KS 9S = 30, Lena TH 9H 8D = 19: Lena loses.
    assert lost(["AH KH QH", "AS KS 9S", "TC 9C 8D"], "schwimmen") == [0, 0, 1]


def test_fire_costs_every_other_player_a_life_whatever_they_hold():
    assert lost(["AH AS AD", "KC QC JC", "7C 8D 9H"], "schwimmen") == [0, 1, 1]


def test_a_blitz_on_the_deal_ends_the_round_before_anyone_can_knock():
    assert lost(["KH QH 5C", "AS KS QS", "9D 8D 2H"], "scat", knocker=0) == [1, 0, 1]


def test_a_showdown_quiz_without_a_knocker_or_a_blitz_is_refused():
    with pytest.raises(LessonError, match="needs a 'knocker'"):
        quiz("kind: showdown\nquestion: ?\nhands:\n- Ann: TH 8H 2C\n- Ben: JC 8C 3D")


def test_a_showdown_quiz_needs_a_game_played_for_lives():
    with pytest.raises(LessonError, match="played for lives"):
        quiz("kind: showdown\nvariant: kitty\nknocker: Ann\nquestion: ?\nhands:\n"
             "- Ann: TH 8H 2C\n- Ben: JC 8C 3D")


def test_the_showdown_quiz_offers_other_tables_rules_as_wrong_options():
    q = quiz("kind: showdown\nknocker: Ann\nquestion: ?\nhands:\n- Ann: TH 8H 2C\n"
             "- Ben: JC 8C 3D\n- Cleo: AD 9D 6S")
    assert q.answers == ["Ben loses 1"]
    assert "Ann loses 2; Ben loses 1" in q.options  # the Blitz pub rule
    assert "safe" in q.check("Ann loses 2; Ben loses 1").message


# --- option, odds --------------------------------------------------------------------------

@pytest.mark.parametrize("variant, option, answer", [
    ("scat", "blitz_effect", "others lose"), ("blitz", "blitz_after_knock", "yes"),
    ("scat", "blitz_after_knock", "no"), ("stop_the_bus", "allow_pass", "no"),
    ("five_dollar", "lives", "4"), ("schwimmen", "extra_life", "yes"),
])
def test_option_quizzes_are_answered_from_the_preset(variant, option, answer):
    q = quiz(f"kind: option\nvariant: {variant}\noption: {option}\nquestion: ?")
    assert q.answers == [answer]


def test_a_dealt_31_is_likelier_with_the_32_card_pack():
    # RULES.md: 24 of 22,100 hands with 52 cards, 24 of 4,960 with 32 cards.
    q = quiz("kind: likelier\nvariants: scat, eenendertigen\nmeasure: p31\nquestion: ?")
    assert q.answers == ["Eenendertigen (Dutch)"]
    assert "24 of 4,960" in q.summary and "24 of 22,100" in q.summary


def test_the_standing_quiz_band_matches_a_count_of_every_worse_hand():
    hand = "KH QH 5S"
    mine = suit_sum(hand.split())
    values = [suit_sum(h) for h in combinations(make_pack(52), 3)]
    share = sum(v < mine for v in values) / len(values)
    q = quiz(f"kind: standing\nhand: {hand}\nquestion: ?")
    bands = [(0, .25), (.25, .5), (.5, .75), (.75, 1.01)]
    expected = next(i for i, (lo, hi) in enumerate(bands) if lo <= share < hi)
    assert q.answers == [q.options[expected]]
    assert f"{share:.1%}" in q.summary


# --- bad quiz and lesson text --------------------------------------------------------------

@pytest.mark.parametrize("key", ["answer", "correct", "solution"])
def test_a_quiz_that_types_in_its_answer_is_refused(key):
    with pytest.raises(LessonError, match="engine works it out"):
        quiz(f"kind: value\nhand: AH 9H KS\n{key}: 20\nquestion: ?")


def test_an_unknown_quiz_kind_is_refused_with_the_kinds():
    with pytest.raises(LessonError, match="kinds are: value"):
        quiz("kind: riddle\nquestion: ?")


def test_a_bad_card_in_a_quiz_names_the_card():
    with pytest.raises(LessonError, match="'1H'"):
        quiz("kind: value\nhand: AH 1H KS\nquestion: ?")


def test_a_card_outside_the_32_card_pack_is_refused_for_schwimmen():
    with pytest.raises(LessonError, match="32-card pack"):
        quiz("kind: value\nvariant: schwimmen\nhand: AH 2H KS\nquestion: ?")


def test_the_same_card_in_two_hands_is_refused():
    with pytest.raises(LessonError, match="two hands"):
        quiz("kind: best\nquestion: ?\nhands:\n- Ann: AH 9H KS\n- Ben: AH 2C 3D")


def test_checking_an_answer_that_is_not_an_option_says_which_options_exist():
    q = quiz("kind: value\nhand: AH 9H KS\nquestion: ?")
    with pytest.raises(ValueError, match="not one of the options"):
        q.check("99")


GOOD = "---\ntitle: T\nsummary: S\n---\n\n## Step\n\nText.\n"


def test_a_small_lesson_reads_into_steps_and_blocks():
    lesson = parse_lesson(GOOD + "\n## Two\n\n```cards\nYou: AH KH\n```\n\n```quiz\n"
                                 "rests_on: hand-value\nkind: value\nhand: AH 9H KS\nquestion: ?\n```\n", "x")
    assert [s.title for s in lesson.steps] == ["Step", "Two"]
    assert len(lesson.quizzes) == 1
    cards = lesson.steps[1].blocks[0]
    assert cards.rows[0].label == "You" and [str(c) for c in cards.rows[0].cards] == ["AH", "KH"]


@pytest.mark.parametrize("text, why", [
    ("title: T\n## Step\nx", "front matter"),
    ("---\ntitle: T\n---\n## Step\nx", "needs 'summary'"),
    ("---\ntitle: T\nsummary: S\n---\nstray text\n## Step\nx", "before the first"),
    (GOOD + "```quiz\nkind: value\n", "not closed"),
    ("---\ntitle: T\nsummary: S\nvariant: poker\n---\n## Step\nx", "valid keys"),
    ("---\ntitle: T\nsummary: S\n---\n## Step\n", "empty"),
])
def test_a_broken_lesson_is_refused_with_its_name_and_the_reason(text, why):
    with pytest.raises(LessonError, match=f"Lesson 'broken'.*{why}"):
        parse_lesson(text, "broken")


# --- the lesson files ----------------------------------------------------------------------

# The course of issue 15, in order (lessons/README and the issue).
COURSE = ["01-cards-and-points", "02-hand-value-and-suits", "03-a-first-round",
          "04-a-turn-in-the-draw-family", "05-knocking-and-final-turns", "06-who-loses-a-life",
          "07-a-reasoned-knock", "08-blitz-odds", "09-the-swap-family", "10-the-widow-family",
          "11-switch", "12-stop-the-bus", "13-running-total-and-five-dollar-bill",
          "14-when-the-stock-runs-out", "15-banking", "16-history-and-names"]


def test_the_course_is_the_issue_15_path_and_each_lesson_has_a_quiz():
    lessons = load_lessons()
    slugs = [lesson.slug for lesson in lessons]
    assert slugs == COURSE   # every lesson of the path, in its order, nothing else
    for lesson in lessons:
        assert lesson.quizzes, lesson.slug
        # issue 26: a closing "Practice" step (an open-ended drill, one at most, with its
        # text and at most a plot to read the drill's numbers from: Banking's bust chances)
        # is not counted in a lesson's length
        drills = [s for s in lesson.steps
                  if any(isinstance(b, Practice) for b in s.blocks)
                  and all(isinstance(b, (Practice, Text, Plot)) for b in s.blocks)
                  and sum(isinstance(b, Plot) for b in s.blocks) <= 1]
        assert len(drills) <= 1 and (not drills or drills[0] is lesson.steps[-1]), lesson.slug
        assert 3 <= len(lesson.steps) - len(drills) <= 6, lesson.slug


def test_renamed_lessons_name_their_old_file_so_progress_is_kept():
    # Issue 15: old 03 and 08 became 08-blitz-odds, old 07 became 09-the-swap-family.
    front = {f.stem: f.read_text(encoding="utf-8").split("---")[1] for f in LESSONS.glob("*.md")
             if f.stem != "README"}
    assert re.search(r"^formerly:.*03-blitz-and-three-of-a-kind", front["08-blitz-odds"], re.M)
    assert re.search(r"^formerly:.*08-reading-the-odds", front["08-blitz-odds"], re.M)
    assert re.search(r"^formerly:.*07-swap-family-schwimmen", front["09-the-swap-family"], re.M)


def test_every_swap_quiz_shows_the_middle_cards_before_it_asks():
    # Issue 15: an answer said "take K♥" while the K♥ was never shown.
    checked = 0
    for lesson in load_lessons():
        for step in lesson.steps:
            shown = set()
            for block in step.blocks:
                if hasattr(block, "rows"):
                    shown |= {c for row in block.rows for c in row.cards}
                elif getattr(block, "kind", None) == "swap":
                    assert set(block.cards["middle"]) <= shown, block.question
                    assert set(block.cards["hand"]) <= shown, block.question
                    checked += 1
    assert checked >= 3


def test_the_history_lesson_keeps_the_lore_to_the_sources():
    # Issue 15: Trente et un is the French name of Thirty-One itself, Trentuno a related game,
    # and the game a forerunner (not the ancestor) of Vingt-Un.
    text = " ".join((LESSONS / "16-history-and-names.md").read_text(encoding="utf-8").split())
    assert "forerunner of Vingt-Un" in text
    assert "French name of Thirty-One" in text
    assert "Trentuno is a related game" in text
    for f in LESSONS.glob("*.md"):
        body = f.read_text(encoding="utf-8")
        assert "ancestor" not in body.lower(), f.name


def test_no_lesson_file_types_in_an_answer():
    for f in LESSONS.glob("*.md"):
        text = f.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(answer|correct|solution)\s*:", text, re.M), f.name


def test_every_quiz_in_the_lessons_has_one_right_answer_at_least_and_explains_each_option():
    for lesson in load_lessons():
        for q in lesson.quizzes:
            assert q.answers and len(q.options) >= 2, q.question
            for option in q.options:
                fb = q.check(option)
                assert fb.message.startswith("Right!" if fb.correct else "Not quite.")
                if not fb.correct:
                    assert any(a in fb.message for a in q.answers)


def test_every_suit_sum_value_quiz_in_the_lessons_agrees_with_a_count_by_hand():
    checked = 0
    for lesson in load_lessons():
        for q in lesson.quizzes:
            rules = get_variant(q.variant).rules
            if q.kind != "value" or rules.hand_value != "suit_sum":
                continue
            hand = q.cards["hand"]
            if len({c.rank for c in hand}) == 1:
                continue  # three of a kind has its own rule, tested above
            assert q.answers == [str(suit_sum(hand))], q.question
            checked += 1
    assert checked >= 3


def test_every_discard_quiz_in_the_lessons_agrees_with_brute_force():
    for lesson in load_lessons():
        for q in lesson.quizzes:
            if q.kind == "discard":
                text = " ".join(str(c) for c in q.cards["hand"])
                assert set(q.answers) == brute_force_discards(text)



def test_the_example_in_the_lessons_readme_is_a_valid_lesson():
    text = (LESSONS / "README.md").read_text(encoding="utf-8")
    example = text.split("~~~\n")[1]
    lesson = parse_lesson(example, "readme")
    assert lesson.quizzes[0].answers == ["16"]   # Q♣ 6♣ = 16, the A♦ does not count


def test_a_knocker_alone_lowest_quiz_names_the_other_tables_penalty():
    # Scat: a knocker alone on the lowest hand loses 2; Schwimmen-style tables say 1.
    q = quiz("kind: showdown\nknocker: Ann\nquestion: ?\nhands:\n- Ann: 9H 8H 2C\n"
             "- Ben: JC 8C 3D\n- Cleo: AD 9D 6S")
    assert q.answers == ["Ann loses 2"]
    assert "alone on the lowest hand loses 1" in q.check("Ann loses 1").message


@pytest.mark.parametrize(("lang", "banker", "punter"), [("en", "Banker", "Punter"),
                                                      ("ru", "Банкомёт", "Понтёр"),
                                                      ("uk", "Банківник", "Понтер")])
def test_banking_quiz_rows_say_who_banks(lang, banker, punter):
    """The Russian walk found the rows named only "Борис" and "Пётр": a student could not tell
    the banker from the punter. Each row starts with its role."""
    from thirtyone.i18n import use_language

    with use_language(lang):
        lesson = next(les for les in load_lessons(lang=lang) if les.slug == "15-banking")
        quizzes = [b for st in lesson.steps for b in st.blocks
                   if getattr(b, "kind", None) == "banker"]
        assert quizzes
        for q in quizzes:
            rows = list(q.cards)
            assert rows[0].startswith(banker) and rows[1].startswith(punter), rows


def test_the_kitty_tie_break_quiz_says_why_the_equal_hand_loses():
    """A Ukrainian walk found the answer to lesson 10's tie-break quiz never said why Ann's
    20 beats Ben's 20: the summary now compares the counted cards, highest first."""
    from thirtyone.core.rules import get_variant
    from thirtyone.teach.lessons import make_quiz
    q = make_quiz({"kind": "best", "variant": "kitty", "question": "Who takes the pot?",
                   "hands": ["Ann: AH 9H 2C", "Ben: KS TS 3D", "Cleo: QD 8D 4C"]}, "kitty")
    assert q.options[min(q.correct)] == "Ann"
    assert "tie-break" in q.summary and "A♥ 9♥ against K♠ 10♠" in q.summary
    assert q.summary.endswith("goes to Ann.")
    # without the tie-break (Scat) equal values are not parted, and nothing is said
    q = make_quiz({"kind": "best", "variant": "scat", "question": "Who holds the best?",
                   "hands": ["Ann: AH 9H 2C", "Ben: KS TS 3D"]}, "scat")
    assert not get_variant("scat").rules.tie_break and "tie-break" not in q.summary
