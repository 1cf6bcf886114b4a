"""A challenge stays fair while it is open (issue 25, item 9): a student who finished it could
download every round's deck and hand the stock order to classmates yet to play. Until the
teacher closes the challenge the download holds no deck, seed, generator state or card;
once closed, the whole record. Checked on the bytes the download button hands the browser."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage
from streamlit.testing.v1 import AppTest

from thirtyone.store import challenge_play as cp
from thirtyone.ui.shell.nav import switch_to

ROOT = Path(__file__).resolve().parents[1]
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS♣♦♥♠]\b")



@pytest.fixture
def downloads(monkeypatch):
    """Every file handed to a download button: (file name, bytes)."""
    seen: list[tuple[str | None, bytes]] = []
    keep = MemoryMediaFileStorage.load_and_get_id

    def spy(self, path_or_data, mimetype, kind, filename=None):
        if isinstance(path_or_data, bytes):
            seen.append((filename, path_or_data))
        return keep(self, path_or_data, mimetype, kind, filename)

    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", spy)
    return seen


def opened(page: str, **params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    switch_to(at, f"{page}")
    at.query_params.update(params)
    at.run()
    assert not at.exception
    return at


def play_to_the_end(db, ch, learner, token) -> AppTest:
    at = opened("challenge", challenge=str(ch.id), me=token)
    at.button(key="chal_start").click().run()
    for _ in range(120):
        assert not at.exception
        if cp.load_play(db, ch, learner.id)[2]:
            return at
        moves = [b for b in at.button if (b.key or "").startswith("play_act_")]
        (moves[0] if moves else at.button(key="chal_next_round")).click().run()
    pytest.fail("the challenge did not end")


def the_download(at: AppTest, downloads, ch) -> bytes:
    (button,) = at.get("download_button")
    assert button.proto.label == "Download my game"
    mine = [data for name, data in downloads if name == f"challenge-{ch.id}.json"]
    assert mine, "the button's file was handed over"
    return mine[-1]


def deck_cards(db, ch, learner_id: int) -> set[str]:
    game, _v, _f = cp.load_play(db, ch, learner_id)
    return {str(c) for d in game.round_decks for c in d}


def test_the_download_holds_no_card_until_the_teacher_closes_the_challenge(db, downloads):
    klass, key = db.create_class("Year 8")
    mia, token = db.join_class(klass.code, "Mia")
    ch = cp.make_challenge(db, klass.id, "Fair play", "scat", 2, "basic", 2)
    at = play_to_the_end(db, ch, mia, token)
    data = the_download(at, downloads, ch)
    text = data.decode("utf-8")
    rec = json.loads(text)
    for word in ("deck", "decks", "seed", "rng_state", "state", "bit_generator", "hands",
                 "stock", "actions"):
        assert f'"{word}"' not in text, word
    assert str(ch.seed) not in text
    cards = deck_cards(db, ch, mia.id)
    assert len(cards) >= 32
    assert not [c for c in cards if c in text], "no card of any round"
    assert not CARD.search(text)
    assert len(rec["rounds"]) == 2 and rec["player"] == "Mia"   # the results are there

    # the teacher closes it on the dashboard
    teacher = opened("class", teacher=key)
    teacher.button(key=f"chal_close_{ch.id}").click().run()
    assert not teacher.exception and db.challenge(ch.id).closed
    assert not [b for b in teacher.button if b.key == f"chal_close_{ch.id}"]

    again = opened("challenge", challenge=str(ch.id), me=token)
    full = json.loads(the_download(again, downloads, ch))
    kept, _v, _f = cp.load_play(db, ch, mia.id)
    assert [[str(c) for c in d] for d in kept.round_decks] == \
        [full["deck"], *full.get("decks", [])][:len(kept.round_decks)]
    assert "rng_state" in json.dumps(full)


def test_a_closed_challenge_cannot_be_started(db):
    klass, _ = db.create_class("Year 8")
    _ben, token = db.join_class(klass.code, "Ben")
    ch = cp.make_challenge(db, klass.id, "Closed", "scat", 2, "basic", 1)
    db.close_challenge(ch.id)
    at = opened("challenge", challenge=str(ch.id), me=token)
    at.button(key="chal_start").click().run()
    assert [e.value for e in at.error] == [
        "Your teacher has closed this challenge, so it can no longer be started."]


def test_a_banking_download_holds_no_card_until_the_teacher_closes_the_challenge(db, downloads):
    """Issue 27 item 9: the same for a Banking challenge, whose record keeps every round's
    stacked pack ("deck", "decks") and the game's seed: none of it, and no card, while open."""
    klass, key = db.create_class("Year 8")
    mia, token = db.join_class(klass.code, "Mia")
    ch = cp.make_challenge(db, klass.id, "Fair bank", "banking", 2, "basic", 2)
    at = play_to_the_end(db, ch, mia, token)
    text = the_download(at, downloads, ch).decode("utf-8")
    for word in ("deck", "decks", "seed", "hands", "stock", "actions", "chips"):
        assert f'"{word}"' not in text, word
    assert str(ch.seed) not in text
    assert not CARD.search(text)
    rec = json.loads(text)
    assert rec["score is"] == "chips won or lost" and len(rec["rounds"]) == 2
    kept, _v, _f = cp.load_play(db, ch, mia.id)
    assert rec["score"] == kept.chips[0] - 20
    db.close_challenge(ch.id)
    again = opened("challenge", challenge=str(ch.id), me=token)
    full = json.loads(the_download(again, downloads, ch))
    assert full["deck"] == [str(c) for c in kept.first_pack]
    assert full["decks"] == [[str(c) for c in d] for d in kept.round_decks if d is not None]
