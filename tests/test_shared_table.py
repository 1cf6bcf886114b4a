"""Shared class tables (thirtyone.store.shared) on the real store: SQLite and PostgreSQL."""

from __future__ import annotations

import json
import threading

import pytest

from thirtyone.core.rules import get_variant
from thirtyone.game.records import game_from_record
from thirtyone.store import shared
from thirtyone.store.shared import STALE, TableRefused


@pytest.fixture(autouse=True)
def _empty_cache():
    shared.forget_cache()   # each test starts a fresh database: ids and versions repeat
    yield


def _class(store, n_students=3):
    klass, _ = store.create_class("Table class")
    people = [store.join_class(klass.code, name)[0] for name in ("Ada", "Ben", "Cleo", "Dan")]
    return klass, people[:n_students]


def _table(store, klass, kinds=("student", "student", "student", "basic"), variant="scat"):
    return shared.make_table(store, klass.id, "Table one", variant, get_variant(variant).rules,
                             list(kinds))


def _seated(store, kinds=("student", "student", "student", "basic")):
    """A class at a table, its round under way: the server deals at random, and a blitz on
    the deal (about one deal in a hundred) ends the round before anyone moves, so such a
    table is set aside and another dealt (a few times at most)."""
    klass, people = _class(store)
    for _attempt in range(20):
        row = _table(store, klass, kinds)
        seats = [shared.take_seat(store, row.id, p) for p in people]
        if not shared.load(store, row.id)[1].round_over:
            break
    return klass, people, row.id, seats


def test_students_take_open_seats_and_find_them_again(store):
    klass, people, tid, seats = _seated(store)
    assert seats == [0, 1, 2]
    # taking a seat again (a reload, another device) returns the same seat
    assert shared.take_seat(store, tid, people[1]) == 1
    row, game = shared.load(store, tid)
    assert [s.kind for s in shared.seats_of(row)] == ["student", "student", "student", "bot"]
    assert game.players[:3] == ("Ada", "Ben", "Cleo")
    assert shared.seat_of(row, people[2].id) == 2
    other, _ = store.create_class("Other class")
    stranger, _ = store.join_class(other.code, "Eve")
    with pytest.raises(TableRefused, match="another class"):
        shared.take_seat(store, tid, stranger)
    late, _ = store.join_class(klass.code, "Finn")
    with pytest.raises(TableRefused, match="taken"):
        shared.take_seat(store, tid, late)


def test_open_seats_wait_and_bots_move_until_a_person_is_to_move(store):
    klass, people = _class(store)
    for _attempt in range(20):   # a blitz on the deal or on seat 0's draw ends the round at once
        row = _table(store, klass, ("basic", "student", "basic", "basic"))
        _, game = shared.load(store, row.id)
        if not game.round_over:
            break
    # dealer is the last seat, seat 0 (a bot) moves first and then waits for seat 1 (open)
    assert game.to_move == 1 and not game.round_over
    assert len(game.history[-1]) >= 1
    shared.take_seat(store, row.id, people[0])
    row, game = shared.load(store, row.id)
    before = len(game.history[-1])
    shared.play(store, row.id, 1, "draw", row.version)      # still seat 1's turn: discard
    row, game = shared.load(store, row.id)
    assert game.to_move == 1 and len(game.history[-1]) == before + 1
    shared.play(store, row.id, 1, game.legal_actions()[0], row.version)
    _, after = shared.load(store, row.id)
    # three bots answered (a knock, or a draw and a discard each): back to seat 1, or the round is over
    assert after.round_over or (after.to_move == 1 and len(after.history[-1]) >= before + 5)


def test_a_stale_move_is_refused_and_nothing_changes(store):
    _, _, tid, _ = _seated(store)
    row, game = shared.load(store, tid)
    seat = game.to_move
    v = row.version
    move = game.legal_actions()[0]
    shared.play(store, tid, seat, move, v)
    record = store.table(tid).record
    for _ in range(2):   # the same move again, and another, on the old version
        with pytest.raises(TableRefused) as e:
            shared.play(store, tid, seat, move, v)
        assert str(e.value) == STALE
    assert store.table(tid).record == record and store.table_version(tid) == v + 1


def test_two_moves_at_once_one_lands(store):
    _, _, tid, _ = _seated(store)
    row, game = shared.load(store, tid)
    seat, v = game.to_move, row.version
    moves = game.legal_actions()[:2]
    results: list = []
    barrier = threading.Barrier(2)

    def send(m):
        barrier.wait()
        try:
            shared.play(store, tid, seat, m, v)
            results.append("ok")
        except TableRefused as e:
            results.append(str(e))

    threads = [threading.Thread(target=send, args=(m,)) for m in moves]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == sorted(["ok", STALE])
    game = game_from_record(json.loads(store.table(tid).record))   # replays cleanly
    assert sum(len(h) for h in game.history) >= 1
    assert store.table_version(tid) == v + 1


def test_not_your_turn_and_illegal_moves_are_refused(store):
    _, _, tid, _ = _seated(store)
    row, game = shared.load(store, tid)
    other = (game.to_move + 1) % 3
    with pytest.raises(TableRefused, match="not your turn"):
        shared.play(store, tid, other, "draw", row.version)
    with pytest.raises(TableRefused):
        shared.play(store, tid, game.to_move, "discard 2C" if "2C" not in
                    [str(c) for c in game.hands[game.to_move]] else "swap all", row.version)
    assert store.table_version(tid) == row.version


def test_leaving_hands_the_seat_to_a_bot_who_plays_on(store):
    _, people, tid, _ = _seated(store)
    row, game = shared.load(store, tid)
    seat = game.to_move
    shared.hand_to_bot(store, tid, seat, "standard")
    row, after = shared.load(store, tid)
    s = shared.seats_of(row)[seat]
    assert s.kind == "bot" and s.level == "standard" and s.learner is None
    assert shared.seat_of(row, people[seat].id) is None
    assert after.round_over or after.to_move != seat   # the bot took its turn at once
    assert after.styles[seat] == "standard"


def test_a_seat_handed_to_a_bot_gets_the_tables_bot_level(store):
    """'Hand to a bot' gave every seat a basic bot, even at a table made with standard bots:
    with no level given, the bot plays at the level the teacher chose for the table."""
    klass, people = _class(store, 2)
    row = shared.make_table(store, klass.id, "Standard", "scat", get_variant("scat").rules,
                            ["student", "student", "standard", "standard"],
                            bot_level="standard")
    assert shared.table_bot_level(row) == "standard"
    seat = shared.take_seat(store, row.id, people[0])
    shared.hand_to_bot(store, row.id, seat)               # a student leaves
    shared.hand_to_bot(store, row.id, 1)                  # an open seat filled
    row, game = shared.load(store, row.id)
    assert [(s.kind, s.level) for s in shared.seats_of(row)] == [("bot", "standard")] * 4
    assert game.styles == ("standard",) * 4
    # every seat a student's: the level is the one chosen, kept though no bot sits there yet
    only = shared.make_table(store, klass.id, "Expert", "scat", get_variant("scat").rules,
                             ["student", "student"], bot_level="expert")
    shared.hand_to_bot(store, only.id, 0)
    assert shared.seats_of(store.table(only.id))[0].level == "expert"
    # with no bot_level, the bots' level in the seats; an explicit level still wins
    mixed = _table(store, klass, ("student", "student", "standard"))
    assert shared.table_bot_level(mixed) == "standard"
    shared.hand_to_bot(store, mixed.id, 0, "random")
    assert shared.seats_of(store.table(mixed.id))[0].level == "random"
    with pytest.raises(TableRefused, match="bot level"):
        shared.make_table(store, klass.id, "B", "scat", get_variant("scat").rules,
                          ["student", "basic"], bot_level="genius")


def test_a_table_made_before_the_level_was_kept_uses_its_bots_level(store):
    klass, _ = _class(store, 0)
    row = _table(store, klass, ("student", "expert", "expert", "basic"))
    old_seats = [dict(d, level=None) if d["kind"] == "open" else d for d in row.seats]
    old = shared.TableRow(**{**row.__dict__, "seats": old_seats})
    assert shared.table_bot_level(old) == "expert"
    no_bots = shared.TableRow(**{**row.__dict__, "seats": [dict(d, kind="open", level=None)
                                                           for d in row.seats]})
    assert shared.table_bot_level(no_bots) == "basic"


def _play_round(store, tid):
    for _ in range(400):
        row, game = shared.load(store, tid)
        if game.round_over:
            return row, game
        yield row, game
        shared.play(store, tid, game.to_move, game.legal_actions()[0], row.version)
    raise AssertionError("the round did not end")


def test_no_seat_sees_another_seats_hidden_cards_before_the_showdown(store):
    _, _, tid, _ = _seated(store)
    checked = 0
    for _row, game in _play_round(store, tid):
        for seat in (0, 1, 2, None):
            obs = game.observation(seat)
            seen = json.dumps([repr(obs), [str(e.text) for e in obs.log]])
            for card in {str(c) for c in game.hidden_from(seat)}:
                # card texts as the observation writes them (Card repr / display)
                c = next(c for h in [*game.hands, game.stock, game.closed, game.widow,
                                     game.spare] for c in h if str(c) == card)
                assert repr(c) not in seen and c.display not in seen, (seat, card)
            if seat is not None:
                assert set(map(str, obs.hand)) == set(map(str, game.hands[seat]))
            checked += 1
    assert checked >= 8


def test_next_round_after_the_showdown_and_tables_list(store):
    klass, _, tid, _ = _seated(store)
    for _ in _play_round(store, tid):
        pass
    row, game = shared.load(store, tid)
    assert game.round_over
    shared.next_round(store, tid, row.version)
    row, game = shared.load(store, tid)
    while game.round_over and not game.game_over:  # a 31 dealt (1 deal in 230) ends it at once
        assert game.round_result.ended_by in ("blitz", "fire")
        shared.next_round(store, tid, row.version)
        row, game = shared.load(store, tid)
    assert game.round_no >= 2 and not game.round_over
    assert shared.rounds_played(game) == game.round_no - 1
    with pytest.raises(TableRefused, match="still being played"):
        shared.next_round(store, tid, row.version)
    assert [t.id for t in store.class_tables(klass.id)] == [tid]


def test_bad_tables_are_refused(store):
    klass, _ = _class(store)
    with pytest.raises(TableRefused, match="2 to 7"):
        _table(store, klass, ["student"])
    with pytest.raises(TableRefused, match="bot level"):
        _table(store, klass, ["student", "genius"])
    with pytest.raises(TableRefused, match="no variant"):
        shared.make_table(store, klass.id, "B", "nonsense", get_variant("scat").rules,
                          ["student", "basic"])


def test_a_banking_table_seats_a_banker_and_punters_who_see_only_their_own_cards(store):
    """Issue 27 item 9: Banking Thirty-One at a class table: the first seat banks, students
    and bots buy or stay in turn, each seat sees its own cards only (and hands once shown), a
    spectator sees no hidden card, and the next round is dealt with the bank where the rules
    put it."""
    klass, people = _class(store, 2)
    row = _table(store, klass, ("student", "student", "basic", "basic"), variant="banking")
    seats = [shared.take_seat(store, row.id, p) for p in people]
    assert seats == [0, 1]
    row, game = shared.load(store, row.id)
    assert type(game).__name__ == "BankingGame" and game.banker == 0
    for _ in range(40):                     # the students play until the round is over
        if game.round_over:
            break
        seat = game.to_move
        assert seat in (0, 1), "a bot's turn was left to a person"
        for s in range(game.n):              # what each seat sees hides the others' cards
            obs = game.observation(s)
            shown = {c for h in obs.hands if h for c in h} | set(obs.hand)
            assert not shown & game.hidden_from(s), s
        assert not {c for h in game.observation(None).hands if h for c in h} & \
            game.hidden_from(None)
        move = "stay" if game.observation(seat).total and game.observation(seat).total >= 24 \
            else "hit"
        if game.why_illegal(move):
            move = "stay"
        row = shared.play(store, row.id, seat, move, row.version)
        row, game = shared.load(store, row.id)
    assert game.round_over
    assert all(h is not None for h in game.observation(None).hands if h)
    before = game.banker
    shared.next_round(store, row.id, row.version)
    _, game = shared.load(store, row.id)
    assert game.round_no == 2 and game.banker in range(game.n) and before == 0


def test_a_poll_does_not_replay_the_record(store, monkeypatch):
    _, _, tid, _ = _seated(store)
    shared.load(store, tid)
    calls = []
    monkeypatch.setattr(shared, "game_from_record", lambda rec: calls.append(1))
    for _ in range(5):
        shared.load(store, tid)
    assert calls == []


@pytest.mark.parametrize("variant", ["kitty", "schwimmen", "switch", "five_dollar"])
def test_every_family_plays_a_round_with_each_seat_seeing_only_its_own(store, variant):
    klass, people = _class(store, n_students=2)
    rules = get_variant(variant).rules
    row = shared.make_table(store, klass.id, "T", variant, rules,
                            ["student", "basic", "student"])
    for p in people:
        shared.take_seat(store, row.id, p)
    for _ in range(1000):   # a round ends by the 400-turn cap at the latest
        row, game = shared.load(store, row.id)
        if game.round_over:
            break
        assert shared.seats_of(row)[game.to_move].kind == "student"   # bots never wait
        for seat in (0, 2, None):
            obs = game.observation(seat)
            text = repr(obs)
            for card in {str(c) for c in game.hidden_from(seat)}:
                assert f"Card('{card}')" not in text, (variant, seat, card)
        shared.play(store, row.id, game.to_move, game.legal_actions()[0], row.version)
    assert game.round_over


def test_a_switch_restart_at_a_class_table(store):
    """RULES.md 4, switch: the restart question at a class table is the student's move; the
    hands are shown to every seat once it is asked, and the same dealer deals again with the
    restart hand open."""
    from table_helpers import stack

    from thirtyone.game.records import game_to_record
    from thirtyone.game.table import new_game

    klass, people = _class(store, n_students=2)
    rules = get_variant("switch").rules
    row = shared.make_table(store, klass.id, "T", "switch", rules, ["student", "basic", "student"])
    for p in people:
        shared.take_seat(store, row.id, p)
    row, game = shared.load(store, row.id)
    # replace the secret deal by a stacked one (dealer Ben, seat 2, as the table deals)
    deck = stack(3, ["AH KH 2H", "9C 8D 2S", "JD TD 3S"], dealer=2, spare="2C 3C 4D",
                 closed="5C 6C 7D")
    stacked = new_game(rules, list(game.players), deck=deck, dealer=2, styles=list(game.styles))
    assert store.update_table(row.id, row.version, record=json.dumps(game_to_record(stacked)),
                              seats=row.seats, status="open")
    shared.forget_cache()
    row, game = shared.load(store, row.id)
    row = shared.play(store, row.id, 2, "stand", row.version)     # Ben keeps his hand
    row = shared.play(store, row.id, 0, "knock", row.version)     # Ada knocks with 23
    row, game = shared.load(store, row.id)
    assert game.to_move == 2                                      # the bot has had its turn
    row = shared.play(store, row.id, 2, "stand", row.version)
    row, game = shared.load(store, row.id)
    assert game.phase == "restart" and game.to_move == 0          # Ada: hearts over 21
    assert [str(a) for a in game.observation(0).legal_actions] == ["restart",
                                                                           "no restart"]
    for seat in (0, 2, None):
        obs = game.observation(seat)
        assert all(h for h in obs.hands)                          # the showdown has begun
        assert not {str(c) for c in game.hidden_from(seat)} & {str(c) for h in game.hands for c in h}
    with pytest.raises(TableRefused, match="not your turn"):
        shared.play(store, row.id, 2, "restart", row.version)
    row = shared.play(store, row.id, 0, "restart", row.version)
    row, game = shared.load(store, row.id)
    assert game.round_over and game.round_result.restart_by == 0
    assert list(game.lives) == [3, 3, 3]
    shared.next_round(store, row.id, row.version)
    row, game = shared.load(store, row.id)
    assert game.dealer == 2 and sorted(map(str, game.middle)) == ["2H", "AH", "KH"]
