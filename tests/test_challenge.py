"""Class challenges against the real store (SQLite, and PostgreSQL when configured): the same
deals for everyone whatever they do, the same game for the same moves, one game per student,
stale writes refused, and the leaderboard's order. The games are driven by the Play page's
own callbacks (``table_state``) on a plain dict, as the Challenge page drives them."""

from __future__ import annotations

import functools
import json

import pytest

from thirtyone.core.cards import make_pack
from thirtyone.core.rules import get_variant
from thirtyone.game import new_game
from thirtyone.game.records import game_from_record
from thirtyone.store import StoreError
from thirtyone.store import challenge_play as cp
from thirtyone.store import challenge_scores as cs
from thirtyone.ui.widgets import table_state as ts


def table_state(ch, game) -> dict:
    """The state the Challenge page gives the table (fast bots, the challenge's decks)."""
    return {ts.SESSION: ts.PlaySession.dealt(
        game, ch.variant, 0, list(game.styles), deal=functools.partial(cp.next_deck, ch),
        bot_rng_for=functools.partial(cp.bot_rng, ch.seed))}


def play_on(store, ch, learner, pick, state=None, stop_after: int | None = None):
    """Play the student's challenge with ``pick(legal moves) -> move``, writing to the store
    after every step as the page does; ``stop_after`` steps: leave it half played."""
    if state is None:
        state = table_state(ch, cp.start_play(store, ch, learner))
        ts.bots_until_you(state)
        version = 1
    else:
        version = store.play(ch.id, learner.id).version
    game = ts.session(state).game
    steps = 0
    while not cp.is_done(ch, game) and (stop_after is None or steps < stop_after):
        if game.round_over:
            ts.deal_and_follow(state)
        else:
            assert ts.move_and_follow(state, pick(game.legal_actions())), ts.session(state).error
        assert cp.save(store, ch, learner.id, game, version)
        version += 1
        steps += 1
    return game


def first(legal):
    return legal[0]


def knock_or_last(legal):
    """Knock when allowed, else the last legal move: a different game from ``first``."""
    return next((a for a in legal if str(a) == "knock"), legal[-1])


@pytest.fixture
def klass(store):
    k, _key = store.create_class("Year 8")
    return k


def students(store, klass, *names):
    return [store.join_class(klass.code, n)[0] for n in names]


def decks_of(store, ch, learner) -> list[list[str]]:
    """The decks of every round, read back by replaying the stored record."""
    game = game_from_record(json.loads(store.play(ch.id, learner.id).record))
    return [[str(c) for c in d] for d in game.round_decks]


def test_every_student_gets_the_same_deals_whatever_they_do(store, klass):
    mia, noah = students(store, klass, "Mia", "Noah")
    ch = cp.make_challenge(store, klass.id, "Knock practice", "scat", 2, "basic", 4)
    g1 = play_on(store, ch, mia, first)
    g2 = play_on(store, ch, noah, knock_or_last)
    assert g1.history != g2.history                       # they played differently
    d1, d2 = decks_of(store, ch, mia), decks_of(store, ch, noah)
    assert len(d1) == len(d2) == 4
    assert d1 == d2
    assert len({tuple(d) for d in d1}) == 4               # and every round is a new deal
    pack = sorted(str(c) for c in make_pack(52))
    assert all(sorted(d) == pack for d in d1)             # each a whole pack
    assert all(p.finished for p in store.challenge_plays(ch.id))


def test_the_same_moves_give_the_same_game_even_after_a_reload(store, klass):
    """Random bots draw their numbers from (seed, round, seat, move), so a game broken off,
    loaded back from the store and played on is the game played in one go."""
    ann, ben = students(store, klass, "Ann Q", "Ben")
    ch = cp.make_challenge(store, klass.id, "Same moves", "scat", 3, "random", 3)
    whole = play_on(store, ch, ann, first)
    half = play_on(store, ch, ben, first, stop_after=3)
    assert not cp.is_done(ch, half)
    resumed, version, finished = cp.load_play(store, ch, ben.id)
    assert not finished and version == store.play(ch.id, ben.id).version
    state = table_state(ch, resumed)
    ts.bots_until_you(state)
    rest = play_on(store, ch, ben, first, state=state)
    assert rest.history == whole.history
    assert [r.lives_lost for r in rest.results] == [r.lives_lost for r in whole.results]


def test_a_different_challenge_deals_differently(store, klass):
    a = cp.make_challenge(store, klass.id, "One", "scat", 2, "basic", 2)
    b = cp.make_challenge(store, klass.id, "Two", "scat", 2, "basic", 2)
    assert a.seed != b.seed and 0 <= a.seed < 2**62
    assert cp.next_deck(a, 1) != cp.next_deck(b, 1)
    assert cp.next_deck(a, 1) != cp.next_deck(a, 2)
    assert cp.next_deck(a, 2) == cp.next_deck(store.challenge(a.id), 2)


def test_a_student_plays_a_challenge_once(store, klass):
    (mia,) = students(store, klass, "Mia")
    ch = cp.make_challenge(store, klass.id, "Once", "scat", 2, "basic", 2)
    play_on(store, ch, mia, first, stop_after=2)
    before = store.play(ch.id, mia.id)
    with pytest.raises(StoreError, match="already started"):
        cp.start_play(store, ch, mia)
    assert store.play(ch.id, mia.id) == before


def test_a_student_of_another_class_cannot_start_it(store, klass):
    other, _ = store.create_class("Year 9")
    ch = cp.make_challenge(store, other.id, "Theirs", "scat", 2, "basic", 2)
    (mia,) = students(store, klass, "Mia")
    with pytest.raises(StoreError, match="another class"):
        cp.start_play(store, ch, mia)
    assert store.play(ch.id, mia.id) is None


def test_a_stale_write_is_refused_and_changes_nothing(store, klass):
    (mia,) = students(store, klass, "Mia")
    for attempt in range(10):      # a challenge's decks are its own: one may end the round early
        ch = cp.make_challenge(store, klass.id, f"Two tabs {attempt}", "scat", 2, "basic", 2)
        play_on(store, ch, mia, first, stop_after=2)
        kept = store.play(ch.id, mia.id)
        tab2, _v, _f = cp.load_play(store, ch, mia.id)
        if tab2.legal_actions():
            break
    else:
        pytest.fail("ten challenges in a row had no move left after two")
    tab2.apply(tab2.legal_actions()[-1])
    assert not cp.save(store, ch, mia.id, tab2, kept.version - 1)   # read before the last move
    assert store.play(ch.id, mia.id) == kept
    assert cp.save(store, ch, mia.id, tab2, kept.version)


@pytest.mark.parametrize("bad", [("banking", 2, "expert", 3), ("scat", 0, "basic", 3),
                                 ("scat", 2, "genius", 3), ("scat", 2, "basic", 11),
                                 ("nope", 2, "basic", 3)])
def test_a_bad_setup_is_refused_with_a_reason(store, klass, bad):
    with pytest.raises(StoreError) as e:
        cp.make_challenge(store, klass.id, "Bad", *bad)
    assert str(e.value).endswith(".")
    assert store.class_challenges(klass.id) == []


def test_knock_lines_say_when_and_with_what(store, klass):
    """A student who knocks whenever allowed: each knock is on their first turn that allows
    it, and (a knocker moves no more) their knock value is their value at the showdown."""
    (kim,) = students(store, klass, "Kim")
    ch = cp.make_challenge(store, klass.id, "Knockers", "scat", 2, "basic", 3)
    play_on(store, ch, kim, knock_or_last)
    lines = cs.round_lines("Kim", store.play(ch.id, kim.id).record)
    assert [ln.round_no for ln in lines] == [1, 2, 3]
    knocked = [ln for ln in lines if ln.knocked]
    assert knocked, "a student who always knocks knocked at least once"
    for ln in knocked:
        assert ln.knocker == "Kim" and ln.ended_by == "knock"
        assert ln.knock_turn == ln.turns      # the knock was their last turn of the round
        assert ln.knock_value == ln.final_value
    for ln in lines:
        assert ln.won == (ln.outcome == 0)   # Scat keeps lives: a good round loses none


def test_the_leaderboard_ranks_finished_students_by_their_score():
    E = cs.Entry
    entries = [E("Cy", 3, True, 2, 5, 3), E("Ann", 1, True, 3, 5, 2),
               E("Bo", 2, True, 2, 5, 3), E("Dee", 4, False, 4, 2, 2),
               E("Eli", 5, True, 2, 5, 4), E("Fay", 6, True, 0, 3, 1),
               E("Gus", 7, True, 0, 5, 1)]
    got = cs.ranked(entries)
    assert [(e.name, e.rank) for e in got] == [
        ("Ann", 1),                 # most lives left
        ("Eli", 2),                 # 2 left, 4 rounds won
        ("Bo", 3), ("Cy", 3),       # 2 left, 3 won: a tie, by name
        ("Gus", 5),                 # out, but lasted 5 rounds
        ("Fay", 6),
        ("Dee", None)]              # still playing: unranked, whatever the count


def test_results_show_only_finished_rounds(store, klass):
    mia, noah = students(store, klass, "Mia", "Noah")
    ch = cp.make_challenge(store, klass.id, "Partial", "scat", 2, "basic", 3)
    play_on(store, ch, mia, first)
    play_on(store, ch, noah, first, stop_after=1)
    res = cs.results(store.challenge_plays(ch.id))
    assert {ln.round_no for ln in res.lines if ln.name == "Mia"} == {1, 2, 3}
    noah_game, _v, _f = cp.load_play(store, ch, noah.id)
    assert {ln.round_no for ln in res.lines if ln.name == "Noah"} == set(
        range(1, cp.rounds_finished(noah_game) + 1))
    assert [e.name for e in res.entries] == ["Mia", "Noah"] and res.entries[1].rank is None
    assert {ln.round_no for ln in cs.visible_lines(res.lines, 1)} == {1}


def test_the_leaderboard_counts_in_the_variants_own_words():
    # Scat is played for pennies (RULES.md), Kitty for chips, a points variant for points
    assert cp.score_words(get_variant("scat").rules) == "pennies left"
    assert cp.score_words(get_variant("kitty").rules) == "chips"


def test_a_switch_restart_under_a_challenges_decks():
    """After a restart the challenge's deck of the next round is dealt with the restart
    hand's cards taken out (the rest in the deck's order): the deal still comes from the
    round number alone, less the cards lying open. The round counts as played (void), the
    restart question as no turn."""
    from table_helpers import stack

    from thirtyone.game.table import new_game

    deck = stack(3, ["AH KH 2H", "9C 8D 2S", "JD TD 3S"], dealer=2, spare="2C 3C 4D",
                 closed="5C 6C 7D")
    game = new_game(get_variant("switch").rules, ["Sam", "Ann", "Bo"], deck=deck, dealer=2,
                    styles=[None, "basic", "basic"])
    for move in ("stand", "knock", "stand", "stand", "restart"):
        game.apply(move)
    nxt = cp.round_deck(12345, 2, 52)
    game.next_round(nxt)
    order = [c for c in nxt if str(c) not in ("AH", "KH", "2H")]
    # dealt from the dealer's left: Sam, Ann, Bo, three times
    assert [game.hands[s][k] for k in range(3) for s in (0, 1, 2)] == order[:9]
    assert game.closed == order[9:12]
    assert sorted(map(str, game.middle)) == ["2H", "AH", "KH"]
    lines = cs.round_lines("Sam", cp.record_text(game))
    assert [(ln.round_no, ln.ended_by, ln.knocked, ln.turns, ln.won) for ln in lines] == [
        (1, "void", True, 1, False)]
    again = game_from_record(json.loads(cp.record_text(game)))
    assert again.snapshot() == game.snapshot()


# --- Banking Thirty-One in a challenge (issue 27, item 9) ------------------------------------

def stay_or_hit(legal):
    """Buy whenever allowed (hit is listed first): a different game from ``stays``."""
    return legal[0]


def stays(legal):
    """Never buy: stay is the last legal move."""
    return legal[-1]


def round_deals(store, ch, learner) -> list[list[list[str]]]:
    """Every round's three-card deal per seat, read back by replaying the stored record round
    by round (the cards each seat held before anyone bought)."""
    from thirtyone.game.banking_records import banking_from_record
    rec = json.loads(store.play(ch.id, learner.id).record)
    start = {k: v for k, v in rec.items() if k not in ("actions", "round")}
    game = banking_from_record(start)
    decks = rec.get("decks") or []
    deals = [[[str(c) for c in h[:3]] for h in game.hands]]
    for text in rec["actions"]:
        while game.round_over and not game.game_over:
            game.next_round(decks[game.round_no - 1])
            deals.append([[str(c) for c in h[:3]] for h in game.hands])
        game.apply(text)
    while game.round_no < rec["round"]:                    # a round over on its deal
        game.next_round(decks[game.round_no - 1])
        deals.append([[str(c) for c in h[:3]] for h in game.hands])
    return deals


def test_a_teacher_can_set_banking_and_it_is_offered():
    assert "banking" in cp.challenge_variants()
    su = cp.check_setup("banking", 3, "basic", 4)
    assert su == {"bots": 3, "level": "basic", "rounds": 4}


def test_banking_every_student_gets_the_same_deals_and_scores_in_chips(store, klass):
    mia, noah = students(store, klass, "Mia", "Noah")
    ch = cp.make_challenge(store, klass.id, "Bank practice", "banking", 2, "basic", 4)
    g1 = play_on(store, ch, mia, stay_or_hit)
    g2 = play_on(store, ch, noah, stays)
    assert type(g1).__name__ == "BankingGame"
    assert g1.history != g2.history                        # they played differently
    d1, d2 = round_deals(store, ch, mia), round_deals(store, ch, noah)
    assert len(d1) == len(d2) == 4
    assert d1 == d2                                        # yet every deal was the same
    assert len({str(r) for r in d1}) == 4                  # and every round a new one
    # the stacked packs themselves: the same for both, each round a whole pack
    r1, r2 = (json.loads(store.play(ch.id, s.id).record) for s in (mia, noah))
    assert r1["deck"] == r2["deck"] and r1["decks"] == r2["decks"]
    pack = sorted(str(c) for c in make_pack(52))
    assert all(sorted(d) == pack for d in [r1["deck"], *r1["decks"]])
    # the bank passes to the right (seat - 1) after every round: a fresh pack is a new talia;
    # the student holds the first bank
    assert [r.banker for r in g1.results] == [0, 2, 1, 0] == [r.banker for r in g2.results]
    # the score is chips won or lost: what the student holds less the 20 they started with
    start = get_variant("banking").rules.chips
    for s, g in ((mia, g1), (noah, g2)):
        assert cp.score(g) == g.chips[0] - start
        lines = cs.round_lines(s.name, store.play(ch.id, s.id).record)
        assert [ln.round_no for ln in lines] == [1, 2, 3, 4]
        assert sum(ln.outcome for ln in lines) == g.chips[0] - start
        assert [ln.banker for ln in lines] == [True, False, False, True]
        assert all(ln.won == (ln.outcome > 0) for ln in lines)
    # the player who always stays bought nothing
    assert all(ln.bought == 0 for ln in cs.round_lines("Noah", store.play(ch.id, noah.id).record))
    res = cs.results(store.challenge_plays(ch.id))
    assert {e.name: e.score for e in res.entries} == {"Mia": g1.chips[0] - start,
                                                      "Noah": g2.chips[0] - start}
    assert cp.score_words(get_variant("banking").rules) == "chips won or lost"


def test_banking_the_same_moves_give_the_same_game_after_a_reload(store, klass):
    ann, ben = students(store, klass, "Ann", "Ben")
    ch = cp.make_challenge(store, klass.id, "Random bank", "banking", 3, "random", 3)
    whole = play_on(store, ch, ann, stay_or_hit)
    half = play_on(store, ch, ben, stay_or_hit, stop_after=2)
    resumed, _version, finished = cp.load_play(store, ch, ben.id)
    assert not finished and resumed.history == half.history
    state = table_state(ch, resumed)
    ts.bots_until_you(state)
    rest = play_on(store, ch, ben, stay_or_hit, state=state)
    assert rest.history == whole.history and rest.chips == whole.chips


def test_banking_download_holds_no_card_while_the_challenge_is_open(store, klass):
    (mia,) = students(store, klass, "Mia")
    ch = cp.make_challenge(store, klass.id, "Bank file", "banking", 2, "basic", 2)
    game = play_on(store, ch, mia, stay_or_hit)
    text = cs.download(ch, store.play(ch.id, mia.id))
    for word in ("deck", "decks", "seed", "hands", "actions"):
        assert f'"{word}"' not in text, word
    assert not [c for c in {str(c) for c in make_pack(52)} if f'"{c}"' in text or
                f" {c} " in text]
    rec = json.loads(text)
    assert rec["score is"] == "chips won or lost"
    assert rec["score"] == game.chips[0] - 20
    assert [r["chips won or lost"] for r in rec["rounds"]] == [r.chips_won[0]
                                                               for r in game.results]
    store.close_challenge(ch.id)
    full = json.loads(cs.download(store.challenge(ch.id), store.play(ch.id, mia.id)))
    assert full["decks"] and full["deck"]


def test_a_last_round_that_ends_on_the_deal_is_a_finished_round(store, klass):
    """A round the deal ends at once (a dealt 31) holds no move, only its deck: when it is
    the challenge's last round, the round lines still count it (they stopped at the round
    before, so a results table lacked it)."""
    rules = get_variant("scat").rules
    for seed in range(1, 20_000):    # a seed whose second deal is a blitz at once
        first_round = new_game(rules, ["a", "b", "c"], deck=cp.round_deck(seed, 1, 52))
        second = new_game(rules, ["a", "b", "c"], deck=cp.round_deck(seed, 2, 52), dealer=1)
        if not first_round.round_over and second.round_over:
            break
    ch = store.create_challenge(klass.id, "Blitz last", "scat",
                                cp.check_setup("scat", 2, "basic", 2), seed)
    (mia,) = students(store, klass, "Mia")
    game = play_on(store, ch, mia, first)
    assert game.round_no == 2 and game.round_over and str(game.results[-1].ended_by) == "blitz"
    lines = cs.round_lines("Mia", store.play(ch.id, mia.id).record)
    assert [ln.round_no for ln in lines] == list(range(1, cp.rounds_finished(game) + 1))
    assert cp.rounds_finished(game) == 2
