"""A challenge's leaderboard and its round-by-round comparison of decisions.

Everything is read from the students' game records by replaying them with the engine: for
each finished round, did the student knock, on which of their own turns, with what hand
value, how the round ended and what it cost or won them (the engine's ``RoundResult``). In
Banking, instead of the knock: whether the student held the bank and how many cards they
bought; the outcome is the chips won or lost.
Rounds still being played are never described (they would give the deal away).

``download(ch, play)`` is what a student's "Download my game" holds: while the challenge is
open, the rounds' outcomes and decisions only (no card, deck, seed or generator state, so a
finished student cannot hand the stock order to classmates who have yet to play); once the
teacher has closed it, the full record.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.actions import Hit, Knock, parse_action
from ..game.banking import BankingGame
from ..game.hands import knock_value
from ..game.records import save_game
from ..game.registry import AnyGame
from .challenge_play import (
    YOU,
    round_outcome,
    round_won,
    rounds_finished,
    score,
    score_words,
    table_game,
)
from .store import ChallengeRow, PlayRow

END_FIELDS = ("state", "rounds", "round")   # "round": a Banking record's


@dataclass(frozen=True)
class RoundLine:
    """One student's round: their decisions and the outcome."""

    name: str
    round_no: int
    knocked: bool
    knock_turn: int | None      # the student's own turn (1 = their first) when they knocked
    knock_value: float | None   # their hand value when they knocked
    final_value: float | None   # their hand value at the showdown
    ended_by: str
    knocker: str | None         # who knocked: the student's name or a bot's
    outcome: int                # minus lives lost, or points / chips won
    won: bool
    turns: int                  # their own turns in the round (Banking: their moves)
    banker: bool | None = None  # Banking: they held the bank this round (None: a table game)
    bought: int | None = None   # Banking: the cards they bought


@dataclass(frozen=True)
class Entry:
    """One student on the leaderboard."""

    name: str
    learner_id: int
    finished: bool
    score: float
    rounds_played: int
    rounds_won: int
    rank: int | None = None     # shared by ties; None while still playing


def _steps(rec: dict[str, Any]) -> Iterator[tuple[AnyGame, int | None, str]]:
    """(game before the move, seat to move, move text) for every move of ``rec``; the game
    deals the record's stacked decks between rounds. After the last move the game is left
    as it is (the caller keeps a reference)."""
    start = {k: v for k, v in rec.items() if k not in END_FIELDS}
    start["actions"] = []
    game = table_game(start)
    decks = rec.get("decks") or []
    for text in rec.get("actions", []):
        while game.round_over and not game.game_over:
            k = game.round_no - 1
            game.next_round(decks[k] if k < len(decks) and decks[k] else None)
        seat = game.to_move
        yield game, seat, text
        game.apply(text)
    # rounds dealt after the last move that ended on the deal (a blitz, a natural): no move
    # of theirs is in the record, only their deck
    while game.round_over and not game.game_over and game.round_no - 1 < len(decks) \
            and decks[game.round_no - 1]:
        game.next_round(decks[game.round_no - 1])


def round_lines(name: str, record: str, seat: int = YOU) -> list[RoundLine]:
    """Every finished round of one student's game, in order."""
    rec = json.loads(record)
    knocks: dict[int, tuple[int, float]] = {}
    turns: dict[int, int] = {}
    bought: dict[int, int] = {}
    game: AnyGame | None = None
    for game, who, text in _steps(rec):
        if who != seat or game.phase in ("discard", "choose", "restart"):
            continue  # a discard ends a turn begun by a draw; the dealer's choice and the
            # Switch restart question are no turns
        turns[game.round_no] = turns.get(game.round_no, 0) + 1
        if isinstance(game, BankingGame):
            if isinstance(parse_action(text), Hit):
                bought[game.round_no] = bought.get(game.round_no, 0) + 1
        elif isinstance(parse_action(text), Knock):
            knocks[game.round_no] = (turns[game.round_no],
                                     float(knock_value(game.hands[seat], game.rules)))
    if game is None:
        game = table_game({k: v for k, v in rec.items() if k not in END_FIELDS})
    out = []
    bank = isinstance(game, BankingGame)
    for res in game.results[:rounds_finished(game)]:
        k = knocks.get(res.round_no)
        value = res.values[seat]
        extra: dict[str, Any] = ({"banker": getattr(res, "banker", None) == seat,
                                  "bought": bought.get(res.round_no, 0)} if bank else {})
        out.append(RoundLine(
            name=name, round_no=res.round_no, knocked=k is not None,
            knock_turn=k[0] if k else None, knock_value=k[1] if k else None,
            final_value=float(value) if isinstance(value, (int, float)) else None,
            ended_by=res.ended_by,
            knocker=_who(game, res.knocker, seat, name),
            outcome=round_outcome(game.rules, res, seat), won=round_won(game.rules, res, seat),
            turns=turns.get(res.round_no, 0), **extra))
    return out


def _who(game: AnyGame, knocker: int | None, seat: int, name: str) -> str | None:
    if knocker is None:
        return None
    return name if knocker == seat else f"{game.players[knocker]} (bot)"


def entry(play: PlayRow, lines: Sequence[RoundLine]) -> Entry:
    """A student's leaderboard entry from their play and their finished rounds."""
    game = table_game(json.loads(play.record))
    return Entry(play.name, play.learner_id, play.finished, score(game), len(lines),
                 sum(1 for ln in lines if ln.won))


def ranked(entries: Sequence[Entry]) -> list[Entry]:
    """Finished students first, best first: the higher score (lives left, points or chips),
    then more rounds won, then more rounds played (lasting longer in a whole game); equal
    students share a rank. Students still playing follow, unranked, by name."""
    def key(e: Entry) -> tuple:
        return (-e.score, -e.rounds_won, -e.rounds_played)

    done = sorted((e for e in entries if e.finished), key=lambda e: (key(e), e.name.casefold()))
    out: list[Entry] = []
    for i, e in enumerate(done):
        rank = out[-1].rank if out and key(done[i - 1]) == key(e) else i + 1
        out.append(Entry(e.name, e.learner_id, True, e.score, e.rounds_played, e.rounds_won,
                         rank))
    playing = sorted((e for e in entries if not e.finished), key=lambda e: e.name.casefold())
    return out + list(playing)


@dataclass(frozen=True)
class Results:
    """Everything the results show: the leaderboard and every finished round."""

    entries: list[Entry]
    lines: list[RoundLine]


def results(plays: Sequence[PlayRow]) -> Results:
    """The leaderboard and round lines of a challenge's plays (all of them: the page decides
    what a viewer may see)."""
    entries, lines = [], []
    for p in plays:
        mine = round_lines(p.name, p.record)
        lines += mine
        entries.append(entry(p, mine))
    return Results(ranked(entries), lines)


def visible_lines(lines: Sequence[RoundLine], upto: int | None) -> list[RoundLine]:
    """The round lines a viewer may see: rounds up to ``upto`` (the rounds the student has
    finished themselves); None for the teacher (every finished round)."""
    return [ln for ln in lines if upto is None or ln.round_no <= upto]


def download(ch: ChallengeRow, play: PlayRow) -> str:
    """The file a student downloads of their own challenge game (module note)."""
    game = table_game(json.loads(play.record))
    if ch.closed:
        return save_game(game)
    lines = round_lines(play.name, play.record)
    out = {"challenge": ch.id, "title": ch.title, "variant": ch.variant,
           "player": play.name, "finished": play.finished, "score": score(game),
           "cards": "kept back until the teacher closes the challenge",
           "score is": score_words(game.rules),
           "rounds": [line_cells(ln) for ln in lines]}
    return json.dumps(out, ensure_ascii=False, indent=1)


def line_cells(ln: RoundLine) -> dict[str, Any]:
    """One round line as named cells (English ids: the download and the CSV): a Banking
    round says whether they held the bank and what they bought, a table round the knock."""
    if ln.banker is not None:
        return {"round": ln.round_no, "banker": ln.banker, "cards bought": ln.bought,
                "final value": ln.final_value, "ended by": ln.ended_by,
                "chips won or lost": ln.outcome, "won": ln.won, "turns": ln.turns}
    return {"round": ln.round_no, "knocked": ln.knocked, "knock turn": ln.knock_turn,
            "knock value": ln.knock_value, "final value": ln.final_value,
            "ended by": ln.ended_by, "knocker": ln.knocker, "outcome": ln.outcome,
            "won": ln.won, "turns": ln.turns}
