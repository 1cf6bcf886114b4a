"""A player's save hides what it must (issue 13, item 3): no hidden card of the round being
played, no stock card, no seed or generator state in the file; it resumes exactly on the
server that sealed it and deals the round afresh anywhere else."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
from cryptography.fernet import Fernet

from thirtyone.core.cards import make_pack
from thirtyone.core.rules import VARIANTS
from thirtyone.game.banking import BankingGame
from thirtyone.game.records import game_from_record
from thirtyone.game.registry import start_game
from thirtyone.game.saves import (
    earlier_round_logs,
    load_any,
    open_save,
    player_save,
    teacher_record,
)

KEY = Fernet.generate_key()
OTHER_KEY = Fernet.generate_key()
FORBIDDEN_KEYS = {"seed", "rng_state", "state", "hands", "stock", "widow", "shoe", "closed",
                  "spare", "bit_generator"}


def _step(g, rng) -> None:
    legal = g.legal_actions()
    g.apply(legal[int(rng.integers(len(legal)))])


def mid_round(variant: str, round_no: int, seed: int = 3):
    """A game of ``variant`` in the middle of round ``round_no`` (not over, moves made)."""
    rules = VARIANTS[variant].rules
    for s in range(seed, seed + 200):
        rng = np.random.default_rng(s)
        g = start_game(rules, ["You", "Ann", "Bo"], seed=s, dealer=0)
        for _ in range(3000):
            if g.game_over:
                break
            if g.round_over:
                if g.round_no >= round_no:
                    break
                g.next_round()
                continue
            if g.round_no == round_no and len(g.history[-1] if not isinstance(g, BankingGame)
                                              else g.history) >= 2 and g.to_move is not None:
                return g
            _step(g, rng)
    pytest.skip(f"no mid-round position in round {round_no} of {variant}")


def visible_to(g, seat: int = 0) -> set[str]:
    obs = g.observation(seat)
    cards = list(obs.hand) + list(obs.discard_pile) + list(obs.middle)
    cards += [c for c in obs.widow if c is not None]
    cards += list(obs.spare_hand or ())
    for h in obs.hands:
        cards += list(h or ())
    return {str(c) for c in cards}


def hidden_from(g, seat: int = 0) -> set[str]:
    """Every card of the round being played that ``seat`` cannot see (the truth, from the
    engine's own state)."""
    snap = g.snapshot()
    cards = [c for s, h in enumerate(snap["hands"]) if s != seat for c in h]
    cards += snap["stock"] + snap.get("closed", []) + snap.get("spare", [])
    cards += [c for c, up in zip(snap.get("widow", []), snap.get("widow_up", []), strict=True)
              if not up]
    return set(cards) - visible_to(g, seat)


def card_words(code: str) -> list[str]:
    from thirtyone.core.cards import parse_card
    c = parse_card(code)
    return [str(c), c.display]


def keys_of(x) -> set[str]:
    if isinstance(x, dict):
        return set(x) | {k for v in x.values() for k in keys_of(v)}
    if isinstance(x, list):
        return {k for v in x for k in keys_of(v)}
    return set()


def scan_text(rec: dict, text: str) -> str:
    """The raw file text without the sealed part and without the finished rounds' decks and
    moves (checked separately), for scanning."""
    out = text.replace(rec["sealed"], "")
    for field in ("deck", "decks", "actions"):
        if field in rec:
            out = out.replace(json.dumps(rec[field], ensure_ascii=False, indent=1), "")
            for part in rec[field]:
                out = out.replace(json.dumps(part, ensure_ascii=False), "")
    return out


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("round_no", [1, 2])
def test_a_save_mid_round_holds_no_hidden_card_and_no_generator(variant, round_no):
    g = mid_round(variant, round_no)
    text = player_save(g, KEY)
    rec = json.loads(text)
    assert rec["shows_every_card"] is False
    assert not keys_of(rec) & FORBIDDEN_KEYS, keys_of(rec) & FORBIDDEN_KEYS
    hidden = hidden_from(g)
    assert hidden  # there is something to hide
    rest = scan_text(rec, text)
    for code in hidden:
        for word in card_words(code):
            assert not re.search(rf"(?<![0-9A-Za-z]){re.escape(word)}(?![0-9A-Za-z])", rest), \
                f"{word} (hidden) is in the file"
    # the clear decks are the finished rounds' only, never the round being played
    if not isinstance(g, BankingGame):
        clear_decks = ([rec["deck"]] if "deck" in rec else []) + rec.get("decks", [])
        assert len(clear_decks) == round_no - 1
        current = [str(c) for c in g.round_decks[-1]]
        assert current not in clear_decks
        assert clear_decks == [[str(c) for c in d] for d in g.round_decks[:round_no - 1]]
    else:
        assert "deck" not in rec and "actions" not in rec


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_save_resumes_exactly_with_the_same_key(variant):
    g = mid_round(variant, 2, seed=7)
    back, notice = open_save(json.loads(player_save(g, KEY)), KEY)
    assert notice is None
    assert back.snapshot() == g.snapshot()
    # the game goes on the same way: the same moves, and the next deal is the same too
    a, b = np.random.default_rng(1), np.random.default_rng(1)
    for _ in range(60):
        if g.game_over:
            break
        if g.round_over:
            g.next_round()
            back.next_round()
        else:
            _step(g, a)
            _step(back, b)
        assert back.snapshot() == g.snapshot()


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_another_key_keeps_the_finished_rounds_and_deals_afresh(variant):
    g = mid_round(variant, 2, seed=9)
    text = player_save(g, KEY)
    back, notice = open_save(json.loads(text), OTHER_KEY)
    again, _ = open_save(json.loads(text), OTHER_KEY)
    assert notice and notice.endswith(".") and "afresh" in notice
    assert back.round_no == g.round_no and back.players == g.players
    # (a fresh deal can end the round at once, e.g. 31 dealt: so no check of round_over)
    if isinstance(g, BankingGame):
        # the chips the round started with: the fresh deal may already have settled some
        # hands (a dealt 31 is paid at once), so the chips now can differ
        assert list(back.round_start_chips) == list(g.round_start_chips)
    else:
        assert back.results[0].lives_lost == g.results[0].lives_lost
        assert [str(c) for c in back.round_decks[0]] == [str(c) for c in g.round_decks[0]]
        # the round being played is a new shuffle each time: nothing in the file fixes it
        decks = {tuple(map(str, x.round_decks[-1])) for x in (g, back, again)}
        assert len(decks) == 3
        assert back.history[0] == g.history[0]
        assert back.history[-1] == []    # the round being played starts again from its deal


def test_a_changed_file_is_dealt_afresh_even_with_the_right_key():
    g = mid_round("scat", 2, seed=4)
    rec = json.loads(player_save(g, KEY))
    rec["players"] = ["You", "Ann", "Cleo"]
    back, notice = open_save(rec, KEY)
    assert "changed" in notice and back.players[2] == "Cleo"


def test_a_save_at_the_showdown_keeps_that_round_in_the_clear():
    g = mid_round("schwimmen", 1, seed=5)
    rng = np.random.default_rng(0)
    while not g.round_over:
        _step(g, rng)
    rec = json.loads(player_save(g, KEY))
    assert rec["rounds"] == 1 and len(rec["deck"]) == len(make_pack(32))
    back, notice = open_save(rec, OTHER_KEY)
    assert back.round_no == 2 or back.game_over


def test_the_teacher_record_shows_every_card_and_says_so():
    g = mid_round("kitty", 1, seed=6)
    text = teacher_record(g)
    rec = json.loads(text)
    assert rec["shows_every_card"] is True and "rng_state" in rec
    for code in hidden_from(g):
        assert f'"{code}"' in text
    back, notice = load_any(rec, None)
    assert back.snapshot() == g.snapshot() and notice is None


def test_the_earlier_rounds_log_comes_back_after_loading():
    g = mid_round("scat", 3, seed=2)
    back, _ = open_save(json.loads(player_save(g, KEY)), KEY)
    logs = earlier_round_logs(back, 0)
    assert [r for r, _ in logs] == [1, 2]
    assert logs[0][1][0].startswith("Round 1:") and logs[1][1][0].startswith("Round 2:")
    assert logs == earlier_round_logs(g, 0)
    # with another key the finished rounds are replayed, so their log is there too
    fresh, _ = open_save(json.loads(player_save(g, KEY)), OTHER_KEY)
    assert earlier_round_logs(fresh, 0) == logs


def test_a_plain_record_still_loads():
    g = mid_round("switch", 1, seed=8)
    from thirtyone.game.records import game_to_record
    assert game_from_record(game_to_record(g)).snapshot() == g.snapshot()
