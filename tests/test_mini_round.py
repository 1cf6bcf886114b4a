"""The ```round``` block (teach.mini_round): what is refused, and the stacked round of lesson
03 played out by the table engine, its showdown worked out here by hand from RULES.md."""

from __future__ import annotations

import pytest

from thirtyone import parse_hand
from thirtyone.core.actions import Knock
from thirtyone.teach.lessons import LessonError, load_lessons, parse_lesson
from thirtyone.teach.mini_round import MiniRound, RoundError, make_round

LESSON03 = "03-a-first-round"
GOOD = {"players": "Sam, Ann, Bo",
        "deck": "KH 9C 3S 2C 8D 6D 4S 7S 5C QH 9H 3D TS JC 8C 2H 4H AS"}


def lesson_with(block: str) -> str:
    return ("---\ntitle: T\nsummary: S\nvariant: scat\n---\n\n## Play\n\n```round\n"
            f"{block}\n```\n")


def the_round() -> MiniRound:
    lesson = next(x for x in load_lessons() if x.slug == LESSON03)
    rounds = [b for s in lesson.steps for b in s.blocks if isinstance(b, MiniRound)]
    assert len(rounds) == 1
    return rounds[0]


# --- refusals --------------------------------------------------------------------------

@pytest.mark.parametrize("change, why", [
    ({"deck": "KH 9C 3S 2C 8D 6D 4S 7S 5C QH"}, "has 10 cards; 3 players need at least 13"),
    ({"deck": "KH 9C 3S 2C 8D 6D 4S 7S 5C QH 9H KH 2H 4H"}, "K♥ twice"),
    ({"deck": "KH 9C 3S 2C 8D 6D 4S 7S 5C QH 9H 3D TS"}, None),      # exactly enough
    ({"variant": "schwimmen", "deck": "KH 9C 3S 2C 8D 6D 4S 7S 5C QH 9H 3D"},
     "not in this 32-card pack"),
    ({"variant": "nosuchgame"}, "variant"),
    ({"variant": "banking"}, "table variant"),
    ({"players": "Sam, Sam, Bo"}, "different name"),
    ({"players": "Sam"}, "2 to 7 players"),
    ({"players": "Sam, " + "A" * 30}, "at most 20 characters"),
    ({"dealer": "5"}, "seat number from 0 to 2"),
    ({"you": "Zed"}, "seat number from 0 to 2"),
    ({"bots": "wizard"}, "Unknown bot level 'wizard'"),
    ({"guide": "maybe"}, "yes or no"),
    ({"answer": "Bo loses"}, "does not know 'answer'"),
    ({"deck": "KH 9C 3S ZZ"}, "ZZ"),
])
def test_a_round_block_is_refused_with_the_reason(change, why):
    spec = {**GOOD, **change}
    if why is None:
        assert make_round(spec).deck[0] == parse_hand("KH 9C 3S")[0]
        return
    with pytest.raises(RoundError, match=why):
        make_round(spec)


def test_a_broken_round_in_a_lesson_file_names_the_lesson():
    with pytest.raises(LessonError, match="Lesson 'x'.*twice"):
        parse_lesson(lesson_with("players: A, B, C\ndeck: KH KH 3S 2C 8D 6D 4S 7S 5C QH 9H "
                                 "3D TS"), "x")


def test_a_round_block_reads_into_the_lesson_and_its_seats_default_as_the_syntax_says():
    lesson = parse_lesson(lesson_with("players: Ann, Bo, Sam, Cy\nyou: Sam\n"
                                      "deck: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AS 2S 3S"),
                          "x")
    mini = lesson.steps[0].blocks[0]
    assert isinstance(mini, MiniRound)
    assert (mini.you, mini.dealer, mini.bots, mini.guide) == (2, 3, "basic", False)
    assert mini.styles == ["basic", "basic", None, "basic"]




# --- the engine side -------------------------------------------------------------------

def hand_value(hand) -> int:
    """RULES.md 2 by hand: ace 11, pictures 10, others their number; the best one-suit sum."""
    def points(card) -> int:
        rank = str(card)[:-1]
        return 11 if rank == "A" else 10 if rank in "TJQK" else int(rank)
    return max(sum(points(c) for c in hand if str(c)[-1] == suit)
               for suit in {str(c)[-1] for c in hand})


def play_guided(mini: MiniRound):
    """The student follows the guide every turn; the bots answer."""
    game = mini.new_game()
    guides = []
    mini.bots_until_you(game)
    while not game.round_over:
        hint = mini.guide_hint(game)
        guides.append(hint)
        game.apply(hint.action)
        mini.bots_until_you(game)
        assert len(guides) < 40
    return game, guides


def test_the_deal_follows_the_stacked_deck_one_card_at_a_time_from_the_dealers_left():
    mini = the_round()
    game = mini.new_game()
    deck = list(mini.deck)
    # RULES.md 3: one card at a time to each player from the dealer's left (Bo deals, so Sam,
    # Ann, Bo), three rounds; then one card turned up to start the discard pile.
    assert mini.dealer == 2 and mini.you == 0
    for seat in range(3):
        assert game.observation(seat).hand == tuple(deck[seat::3][:3])
    assert game.observation(0).discard_pile == (deck[9],)
    assert game.to_move == 0


def test_the_same_moves_give_the_same_round():
    a, _ = play_guided(the_round())
    b, _ = play_guided(the_round())
    assert a.moves == b.moves and a.round_result == b.round_result


def test_the_guided_round_takes_draws_knocks_and_bo_loses_a_penny_worked_out_by_hand():
    game, guides = play_guided(the_round())
    kinds = [str(h.action).split()[0] for h in guides]
    assert kinds[0] == "take" and "draw" in kinds and kinds[-1] == "knock"
    result = game.round_result
    assert result.ended_by == "knock" and result.knocker == 0
    # By hand (RULES.md 2 and 6): each hand is the best suit total; the lowest loses one
    # life, the knocker is not lowest so loses nothing.
    values = [hand_value(h) for h in result.hands]
    assert values == [29, 27, 20]   # K♥ Q♥ 9♥; 9♣ J♣ 8♣; 3♠ 7♠ 10♠
    low = min(values)
    expected = [1 if v == low else 0 for v in values]
    assert list(result.lives_lost) == expected == [0, 0, 1]


def test_the_lessons_showdown_quiz_matches_the_guided_round():
    lesson = next(x for x in load_lessons() if x.slug == LESSON03)
    game, _ = play_guided(the_round())
    quiz = lesson.quizzes[0]
    shown = {name: set(cards) for name, cards in quiz.cards.items()}
    played = {name: set(h) for name, h in zip(game.players, game.round_result.hands,
                                               strict=True)}
    assert shown == played
    assert quiz.answers == ["Bo"]


def test_a_student_who_knocks_at_once_is_checked_by_the_engine_and_the_bots_finish():
    mini = the_round()
    game = mini.new_game()
    assert Knock() in game.legal_actions()     # Scat: a knock is allowed on the first turn
    game.apply("knock")
    mini.bots_until_you(game)
    assert game.round_over
    # RULES.md 6 (Scat): a knocker alone on the lowest hand loses 2, a knocker tied for
    # lowest is safe; K♥ 2♣ 4♠ is worth only 10.
    values = [hand_value(h) for h in game.round_result.hands]
    assert values[0] == 10 == min(values)
    alone = values.count(10) == 1
    assert game.round_result.lives_lost[0] == (2 if alone else 0)


def test_the_guide_says_nothing_off_the_students_turn_or_when_guide_is_off():
    mini = the_round()
    game = mini.new_game()
    assert mini.guide_hint(game) is not None
    game.apply("knock")
    assert mini.guide_hint(game) is None
    quiet = make_round({**GOOD, "guide": "no"})
    assert quiet.guide_hint(quiet.new_game()) is None


def test_a_bot_move_off_its_turn_is_refused():
    mini = the_round()
    with pytest.raises(ValueError, match="not a bot's turn"):
        mini.bot_move(mini.new_game())


@pytest.mark.parametrize("variant", ["schwimmen", "stop_the_bus", "kitty", "switch", "blitz"])
def test_a_round_of_other_families_plays_to_its_end_with_the_guide(variant):
    deck = "AH KH QH JH TH 9H 8H 7H AS KS QS JS TS 9S 8S 7S AD KD QD JD"
    mini = make_round({"variant": variant, "players": "Sam, Ann, Bo", "deck": deck,
                       "guide": "yes"})
    game, guides = play_guided(mini)
    assert game.round_over and game.round_result is not None
    assert len(guides) >= (0 if game.round_result.ended_by in ("blitz", "fire") else 1)
