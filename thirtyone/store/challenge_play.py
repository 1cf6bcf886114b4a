"""Class challenges: every student plays the same deals against the same bots.

The teacher makes a challenge (any variant, Banking Thirty-One too; how many bots and how
strong, 1-10 rounds or a whole game); ``make_challenge`` draws its seed with ``secrets`` and
keeps it in the store only. Every round's deck comes from (seed, round number) alone
(``round_deck``) and is dealt as a stacked deck, so a student's choices never change the cards
of a later round. In Banking every round is so dealt from a fresh pack of its own (the deal
and then the cards bought, in the same order for everyone): a fresh pack is a new talia, so
the bank passes to the right after every round, as the rules pass it at the end of a talia;
the student holds the first bank (seat 0) and then the bank comes round to them in turn.
Banking is scored in chips won or lost (``score``).
The bots' random numbers (only the ``random`` level draws any) come from (seed, round, seat,
move number) (``bot_rng``), so two students who make the same moves play the same game.

A student's game is kept in the store after every move (``save`` with the version it was
read at: a stale write is refused), can be started once only (``start_play``) and resumes
from its record (``load_play``). Nothing here goes to a browser: the record holds every card.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..bots import BOT_NAMES, LEVELS, levels_for
from ..core.cards import Card, make_pack
from ..core.rules import VARIANTS, Rules, get_variant, life_words
from ..game.banking import BankingGame
from ..game.records import game_from_record, game_to_record
from ..game.registry import AnyGame, first_dealer, is_banking, start_game
from ..i18n import N_, _
from .store import ChallengeRow, Learner, Store, StoreError

MAX_ROUNDS = 10
WHOLE_GAME = 0          # ``rounds`` of a challenge played until the game is over
YOU = 0                 # the student's seat
ALREADY = N_("You have already started this challenge: each student plays it once, so it "
             "cannot be dealt again.")
CLOSED = N_("Your teacher has closed this challenge, so it can no longer be started.")
STALE = N_("This challenge was played on in another tab or window; the game was loaded again "
           "from its last saved move.")


def challenge_variants() -> dict[str, str]:
    """The variants a challenge can use (every one, Banking Thirty-One too): key -> name."""
    return {k: v.name for k, v in VARIANTS.items()}


table_variants = challenge_variants   # the older name


def check_setup(variant: str, bots: int, level: str, rounds: int) -> dict:
    """The challenge's setup, checked; a ``StoreError`` says what is wrong."""
    if not isinstance(variant, str) or variant not in challenge_variants():
        raise StoreError(_("Choose one of the variants for the challenge."))
    rules = get_variant(variant).rules
    lo, hi = max(1, rules.min_players - 1), min(4, rules.max_players - 1)
    if not isinstance(bots, int) or not lo <= bots <= hi:
        raise StoreError(_("{variant} in a challenge has {lo} to {hi} bots.").format(
            variant=_(get_variant(variant).name), lo=lo, hi=hi))
    if level not in LEVELS:
        raise StoreError(_("Bot levels are: {levels}.").format(levels=", ".join(LEVELS)))
    if level not in levels_for(rules):
        raise StoreError(_("The bots of {variant} play at these levels: {levels}.").format(
            variant=_(get_variant(variant).name), levels=", ".join(levels_for(rules))))
    if not isinstance(rounds, int) or not WHOLE_GAME <= rounds <= MAX_ROUNDS:
        raise StoreError(_("A challenge has 1 to {n} rounds, or a whole game.").format(
            n=MAX_ROUNDS))
    return {"bots": bots, "level": level, "rounds": rounds}


def make_challenge(store: Store, class_id: int, title: str, variant: str, bots: int,
                   level: str, rounds: int) -> ChallengeRow:
    """A new challenge for the class, with a fresh secret seed."""
    setup = check_setup(variant, bots, level, rounds)
    return store.create_challenge(class_id, title, variant, setup, secrets.randbits(62))


# --- the deals and the bots' random numbers --------------------------------------------------

def _derived(seed: int, *parts: object) -> int:
    """A 64-bit number from the seed and ``parts``: one stream per use, none revealing the
    seed (a game record keeps the game's generator state; it must not give the seed away)."""
    text = ":".join(["thirtyone-challenge", str(int(seed)), *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def round_deck(seed: int, round_no: int, pack: int) -> list[Card]:
    """The deck of round ``round_no``: the same for everyone, whatever happened before."""
    cards = make_pack(pack)
    order = np.random.default_rng(_derived(seed, "deck", round_no)).permutation(len(cards))
    return [cards[i] for i in order]


def bot_rng(seed: int, game: AnyGame, seat: int) -> np.random.Generator:
    """The generator a bot uses for its next move: from the seed, the round, the seat and
    the move number (in the round; in Banking, in the game), so the same moves before give
    the same bot move."""
    if isinstance(game, BankingGame):
        moves = len(game.history)          # one flat list of moves
    else:
        moves = len(game.history[-1]) if game.history else 0
    return np.random.default_rng(_derived(seed, "bot", game.round_no, seat, moves))


@dataclass(frozen=True)
class Setup:
    rules: Rules
    bots: int
    level: str
    rounds: int

    @property
    def whole_game(self) -> bool:
        return self.rounds == WHOLE_GAME


def setup_of(ch: ChallengeRow) -> Setup:
    s = ch.setup or {}
    return Setup(get_variant(ch.variant).rules, int(s.get("bots", 2)),
                 str(s.get("level", "basic")), int(s.get("rounds", 3)))


def player_names(name: str, bots: int) -> list[str]:
    """The student and the bots; a student called like a bot gets "(you)" added."""
    others = list(BOT_NAMES[:bots])
    you = name if name not in others else f"{name} (you)"
    return [you, *others]


def new_challenge_game(ch: ChallengeRow, name: str) -> AnyGame:
    """Round 1 of the challenge, dealt for the student ``name`` at seat 0 (who, in Banking,
    holds the first bank)."""
    su = setup_of(ch)
    players = player_names(name, su.bots)
    rng = np.random.default_rng(_derived(ch.seed, "game"))
    return start_game(su.rules, players, rng=rng, deck=round_deck(ch.seed, 1, su.rules.pack),
                      dealer=first_dealer(su.rules, len(players)),
                      styles=[None, *[su.level] * su.bots])


def next_deck(ch: ChallengeRow, round_no: int) -> list[Card]:
    """The stacked deck of ``round_no`` of this challenge."""
    return round_deck(ch.seed, round_no, setup_of(ch).rules.pack)


def is_done(ch: ChallengeRow, game: AnyGame) -> bool:
    """The challenge is over: the game is over, or its last round is."""
    su = setup_of(ch)
    return game.game_over or (not su.whole_game and game.round_over
                              and game.round_no >= su.rounds)


def rounds_finished(game: AnyGame) -> int:
    return game.round_no if game.round_over else game.round_no - 1


# --- keeping a student's game ----------------------------------------------------------------

def record_text(game: AnyGame) -> str:
    return json.dumps(game_to_record(game), ensure_ascii=False, separators=(",", ":"))


def start_play(store: Store, ch: ChallengeRow, learner: Learner) -> AnyGame:
    """Deal the student's game and keep it; a second start is refused (``StoreError``)."""
    if learner.class_id != ch.class_id:
        raise StoreError(_("This challenge belongs to another class."))
    if ch.closed:
        raise StoreError(_(CLOSED))
    game = new_challenge_game(ch, learner.name)
    if not store.save_play(ch.id, learner.id, record_text(game), version=None,
                           score=score(game)):
        raise StoreError(_(ALREADY))
    return game


def table_game(rec: Any) -> AnyGame:
    """A challenge's game replayed from its record: a table game or a Banking game."""
    return game_from_record(rec)


def load_play(store: Store, ch: ChallengeRow, learner_id: int
              ) -> tuple[AnyGame, int, bool] | None:
    """(game, version, finished) of the student's game, or None if not started."""
    row = store.play(ch.id, learner_id)
    if row is None:
        return None
    return table_game(json.loads(row.record)), row.version, row.finished


def save(store: Store, ch: ChallengeRow, learner_id: int, game: AnyGame,
         version: int) -> bool:
    """Keep the game if the store still holds ``version``; False (nothing written) if another
    tab wrote first."""
    return store.save_play(ch.id, learner_id, record_text(game), version=version,
                           finished=is_done(ch, game), score=score(game))


# --- scores -----------------------------------------------------------------------------------

SCORE_WORDS = {"lives": N_("lives left"), "points": N_("points"), "chips": N_("chips")}
BANK_WORDS = N_("chips won or lost")


def score_words(rules: Rules) -> str:
    """The leaderboard's heading for the count: "pennies left" in Scat, "lives left" where a
    life is a life (the game's own words), "points", "chips"; Banking's "chips won or lost"."""
    if is_banking(rules):
        return BANK_WORDS
    if rules.scoring == "lives":
        return f"{life_words(rules)[1]} left"
    return SCORE_WORDS[rules.scoring]


def score(game: AnyGame, seat: int = YOU) -> float:
    """The student's count in the variant's own scoring: lives left, points or chips; in
    Banking the chips won or lost since the start (negative: lost)."""
    if isinstance(game, BankingGame):
        return float(game.chips[seat] - game.start_chips[seat])
    return float(game.counters()[seat])


def round_outcome(rules: Rules, result, seat: int = YOU) -> int:
    """What the round did to ``seat``'s count: minus the lives lost, or the points or chips won."""
    if rules.scoring == "lives" and not is_banking(rules):
        return -int(result.lives_lost[seat])
    won = result.points_won if rules.scoring == "points" else result.chips_won
    return int(won[seat]) if won else 0


def round_won(rules: Rules, result, seat: int = YOU) -> bool:
    """A good round for ``seat``: no life lost (lives), or points or chips won."""
    if result.ended_by == "void":
        return False
    out = round_outcome(rules, result, seat)
    return out == 0 if rules.scoring == "lives" else out > 0
