"""The structured public history (``Observation.public_moves`` and ``Observation.upcard``):
who did what and which card was taken, never a hidden card, per round; and the bots read it,
not the sentences: rewording every event changes no decision."""

from __future__ import annotations

import dataclasses
import zlib

import numpy as np
import pytest

import thirtyone.game.base as base
import thirtyone.game.deal as deal
import thirtyone.game.families.draw as draw_family
import thirtyone.game.families.swap as swap_family
import thirtyone.game.families.switch as switch_family
import thirtyone.game.families.widow as widow_family
import thirtyone.game.moves as family_moves
import thirtyone.game.restart as restart
import thirtyone.game.showdown as showdown
from thirtyone.bots import make_bot
from thirtyone.core.actions import Discard, Draw, Knock, Take
from thirtyone.core.cards import Card, parse_card
from thirtyone.core.events import Event, PublicMove
from thirtyone.core.rules import get_variant
from thirtyone.game.records import load_game, save_game
from thirtyone.game.table import new_game

DECK = "AH KS 2C 9H QS 3C 7D JS 4C 8D"   # the module docstring's deal: 8D turned up


def scrambled(text: str) -> str:
    """A sentence no parser could read: the words backwards, reversed, and a checksum."""
    text = str(text)
    return f"~{zlib.crc32(text.encode())}~ " + " ".join(w[::-1] for w in reversed(text.split()))


def scramble_events(monkeypatch) -> None:
    """Every event the table creates from now on carries a scrambled sentence."""
    def reworded(kind, text, *args, **kwargs):
        return Event(kind, scrambled(text), *args, **kwargs)
    for module in (base, deal, family_moves, restart, showdown,    # every module that speaks
                   draw_family, swap_family, switch_family, widow_family):
        if hasattr(module, "Event"):
            monkeypatch.setattr(module, "Event", reworded)


def play(variant: str, levels: list[str], rounds: int, seed: int) -> tuple[list, list[str]]:
    """Whole rounds with the bots seeing full observations (log included): every move made,
    and every sentence of the log."""
    rng = np.random.default_rng(seed)
    g = new_game(get_variant(variant).rules, [f"P{i}" for i in range(len(levels))],
                 seed=seed, styles=levels)
    bots = [make_bot(b, 25) for b in levels]
    moves = []
    for r in range(rounds):
        if r:
            if g.game_over:
                break
            g.next_round()
        while not g.round_over:
            if g.turns >= 60:
                g.void_round()
                break
            seat = g.to_move
            a = bots[seat](g.observation(seat, log=True), rng)
            moves.append((g.round_no, seat, str(a)))
            g.apply(a)
    return moves, [e.text for e in g.log]


@pytest.mark.parametrize("variant,levels,rounds,seed", [
    ("scat", ["standard", "expert"], 2, 3),
    ("scat", ["standard", "standard", "standard"], 6, 5),
    ("blitz", ["standard", "standard"], 6, 7),
    ("schwimmen", ["standard", "standard", "standard"], 4, 2),
    ("kitty", ["standard", "standard"], 4, 4),
    ("switch", ["standard", "standard"], 4, 6),
])
def test_rewording_every_sentence_changes_no_decision(monkeypatch, variant, levels, rounds, seed):
    plain, plain_log = play(variant, levels, rounds, seed)
    with monkeypatch.context() as m:
        scramble_events(m)
        reworded, reworded_log = play(variant, levels, rounds, seed)
    assert reworded_log == [scrambled(t) for t in plain_log]   # every sentence was reworded
    assert not any(" takes the " in t for t in reworded_log)
    assert reworded == plain
    assert len({s for _, s, _ in plain}) == len(levels)        # everybody moved


def test_the_history_says_who_took_which_card():
    g = new_game(get_variant("scat").rules, ["Ann", "Bo", "Cy"], deck=DECK)
    eight = parse_card("8D")
    assert all(g.observation(s).upcard == eight for s in range(3))
    assert g.observation(0).public_moves == ()
    g.apply("take")
    g.apply("discard 7D")
    g.apply("draw")
    drawn = g.just_drawn
    want = (PublicMove(1, Take(), eight), PublicMove(1, Discard(parse_card("7D"))),
            PublicMove(2, Draw()))
    for s in range(3):
        for with_log in (True, False):
            obs = g.observation(s, log=with_log)
            assert obs.public_moves == want
            assert obs.upcard == eight                   # still the deal's card, though taken
    assert all(drawn not in named_cards(m) for m in want)


def named_cards(move: PublicMove) -> set[Card]:
    """Every card a public move names: the card taken, and the cards in the action."""
    out = {move.card} if move.card is not None else set()
    for f in dataclasses.fields(move.action):
        v = getattr(move.action, f.name)
        for c in v if isinstance(v, tuple) else (v,):
            if isinstance(c, Card):
                out.add(c)
    return out


def face_up(g: base.Game) -> set[Card]:
    """The cards every player sees on the table now."""
    shown = set(g.discard_pile) | set(g.middle)
    return shown | {c for c, up in zip(g.widow, g.widow_up, strict=True) if up}


@pytest.mark.parametrize("variant,n", [("scat", 3), ("blitz", 2), ("schwimmen", 4),
                                       ("kitty", 3), ("switch", 3)])
def test_the_history_never_names_a_hidden_card(variant, n):
    """A move adds one entry for everybody alike, and it names only cards that lay face up on
    the table just before or just after it (a blind draw names none)."""
    rules = get_variant(variant).rules
    for seed in range(4):
        rng = np.random.default_rng(seed)
        g = new_game(rules, [f"P{i}" for i in range(n)], seed=seed, dealer=seed % n)
        while not g.game_over and g.round_no <= 3:
            if g.round_over:
                g.next_round()
                assert all(g.observation(s).public_moves == () for s in range(n))
                continue
            before = [g.observation(s, log=False).public_moves for s in range(n)]
            shown_before = face_up(g)
            legal = g.legal_actions()
            a = legal[int(rng.integers(len(legal)))]
            seat = g.to_move
            g.apply(a)
            after = [g.observation(s, log=False).public_moves for s in range(n)]
            new = after[0][-1]
            assert all(after[s] == before[s] + (new,) for s in range(n))
            assert new.seat == seat and new.action == a
            assert named_cards(new) <= shown_before | face_up(g), (variant, seed, new)
            if isinstance(a, Draw):
                assert new.card is None and g.just_drawn not in named_cards(new)
            if isinstance(a, Take):
                assert new.card == g.just_drawn


def test_the_history_is_per_round_and_survives_copy_and_reload():
    g = new_game(get_variant("scat").rules, ["Ann", "Bo", "Cy"], deck=DECK)
    for a in ("take", "discard 7D", "draw"):
        g.apply(a)
    obs = g.observation(0)
    for other in (g.copy(), load_game(save_game(g))):
        o = other.observation(0)
        assert (o.public_moves, o.upcard) == (obs.public_moves, obs.upcard)
    c = g.copy()
    c.apply(c.legal_actions()[0])
    assert g.observation(0).public_moves == obs.public_moves        # the copy is its own
    while not g.round_over:
        legal = g.legal_actions()
        g.apply(Knock() if Knock() in legal else Draw() if Draw() in legal else legal[0])
    g.next_round(deck="2H 3H 4H 5H 6H 7H 8H 9H 2S 9D")   # 3 x 3 cards, then the upcard
    o = g.observation(0)
    assert o.public_moves == () and o.upcard == parse_card("9D")


def test_the_upcard_stays_through_a_reshuffle():
    """blitz reshuffles the discard pile into a new stock; the deal's card is still named."""
    rules = get_variant("blitz").rules
    for seed in range(40):
        rng = np.random.default_rng(seed)
        g = new_game(rules, ["Ann", "Bo"], seed=seed)
        upcard = g.discard_pile[0]
        reshuffled = False
        while not g.round_over:
            legal = [a for a in g.legal_actions() if not isinstance(a, Knock)] or \
                g.legal_actions()
            kinds = {e.kind for e in g.apply(legal[int(rng.integers(len(legal)))])}
            reshuffled |= "reshuffle" in kinds
            obs = g.observation(0, log=False)
            assert obs.upcard == upcard and len(obs.public_moves) == len(g.moves)
        if reshuffled:
            return
    pytest.fail("no reshuffle in 40 rounds")
