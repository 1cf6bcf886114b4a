"""The play session: a game being played in the browser (Play, a challenge, a lesson round)
and everything about it, in one ``PlaySession`` under one key (``SESSION``) of
``st.session_state`` (or of a page's scope of it, ``ScopedState``), so the game survives
reruns and page switches.

Every move is made in an ``on_click`` callback, and every callback catches a refused move: the
game is never lost to bad input. The functions take the session state as an argument, so tests
can drive them with a plain dict. Both engines (table and banking) are driven through the one
interface of ``thirtyone.game`` (``Engine``); the bots and hints come from ``thirtyone.bots``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from thirtyone.bots import bots_play, costed_hint, levels_for
from thirtyone.core import (
    DEFAULT_VARIANT,
    VARIANTS,
    Action,
    CardError,
    IllegalActionError,
    Rules,
    RulesError,
    Variant,
    preset_of,
)
from thirtyone.game import (
    earlier_round_logs,
    first_dealer,
    load_any,
    player_save,
    read_record_text,
    teacher_record,
)
from thirtyone.game import start_game as start_engine_game
from thirtyone.i18n import _, ngettext
from thirtyone.i18n.names import person_name
from thirtyone.ui.shell.datadir import save_key
from thirtyone.ui.widgets.class_seed import dealing_seed
from thirtyone.ui.widgets.table_words import (
    BOT_NAMES,
    action_label,
    default_level,
    sorted_levels,
)

# the session state (Streamlit's keys may be ints too) or a page's scoped part of it
State = MutableMapping[Any, Any]
# --- the play session ------------------------------------------------------------------------
SESSION = "play"   # the one session key of a game being played (a page's scope prefixes it)


@dataclass
class PlaySession:
    """Everything about one game being played in a browser session: Play's game, a
    challenge's game (under the challenge's scope) or a lesson round's. One value under one
    key (``SESSION``), made by ``new_game`` (Play's setup, a loaded file), ``dealt`` (a
    challenge or a lesson round: decks and bot generators from outside) or ``play_keep``
    (a kept game brought back)."""

    game: Any = None                       # the Game (or BankingGame) being played
    variant: str | None = None             # the variant key of that game
    you: int = 0                           # your seat
    levels: list[str | None] = field(default_factory=list)   # bot level per seat (None: you)
    bot_rng: np.random.Generator | None = None   # the bots' own generator (never the game's)
    past: list[tuple[int, list[str]]] = field(default_factory=list)  # finished rounds' logs
    mark: int = 0              # log length before the latest step: newer lines are highlighted
    after_mine: int = 0        # this round's log length when your last turn ended
    error: str | None = None   # the last refused input, one sentence
    notice: str | None = None  # a short success message (game loaded, ...)
    hint: Any = None           # (turn key, Hint) of the last hint asked for
    cfg: dict[str, Any] = field(default_factory=dict)   # setup choices kept across pages
    upload_nonce: int = 0      # renews the file uploader after a load
    last_step: float = 0.0     # when the last bot turn was taken (automatic mode)
    # set only by a game dealt from outside the setup form (a challenge, a lesson round):
    deal: Callable[[int], Any] | None = None        # round number -> that round's stacked deck
    bot_rng_for: Callable[..., Any] | None = None   # (game, seat) -> that bot's next generator

    @classmethod
    def new_game(cls, game: Any, variant: str, levels: list[str | None],
                 bot_rng: np.random.Generator, before: PlaySession,
                 past: list[tuple[int, list[str]]] | None = None) -> PlaySession:
        """Play's own game (a new deal or a loaded file): you at seat 0, shuffled rounds. The
        setup choices and the file uploader's state carry over from ``before``."""
        return cls(game=game, variant=variant, you=0, levels=levels, bot_rng=bot_rng,
                   past=past or [], cfg=before.cfg, upload_nonce=before.upload_nonce)

    @classmethod
    def dealt(cls, game: Any, variant: str, you: int, levels: list[str | None], *,
              bot_rng_for: Callable[..., Any], deal: Callable[[int], Any] | None = None,
              past: list[tuple[int, list[str]]] | None = None,
              before: PlaySession | None = None) -> PlaySession:
        """A game dealt from outside (a challenge, a lesson round): its decks and the bots'
        generators come from ``deal`` and ``bot_rng_for``; the bots answer at once. A
        message not yet shown carries over from ``before``."""
        return cls(game=game, variant=variant, you=you, levels=levels, past=past or [],
                   cfg={"step_mode": "fast"}, deal=deal, bot_rng_for=bot_rng_for,
                   mark=len(game.observation(you).log),   # nothing is new on loading
                   error=before.error if before else None,
                   notice=before.notice if before else None)


def session(state: State) -> PlaySession:
    """The play session in ``state`` (the session state or a page's scope of it), made
    empty the first time."""
    if SESSION not in state:
        state[SESSION] = PlaySession()
    ps: PlaySession = state[SESSION]
    return ps


# --- engine access -------------------------------------------------------------------------

def hint_function():
    """``hint(observation) -> Hint``: the expert's move with its reasons."""
    from thirtyone.expert import hint
    return hint


def bot_levels(rules: Rules) -> list[str]:
    """The bot levels that can play ``rules``, weakest first."""
    return sorted_levels(levels_for(rules))


def _new_engine_game(rules: Rules, players: list[str], seed: int, styles: list[str | None]):
    return start_engine_game(rules, players, seed=seed, dealer=first_dealer(rules, len(players)),
                             styles=styles)


def observe(state: State):
    """Your observation of the game (the only view the page draws from)."""
    return session(state).game.observation(session(state).you)


def clear_messages(state: State) -> None:
    session(state).error = None
    session(state).notice = None


def start_game(state: State, variant: Variant, rules: Rules, name: str, levels: Sequence[str],
               seed: int) -> None:
    """Deal a new game: you at seat 0, one bot per entry of ``levels``."""
    clear_messages(state)
    name = (name or "").strip() or person_name("Sam")
    bots = [BOT_NAMES[i] for i in range(len(levels))]
    if name in bots or name in {person_name(b) for b in bots}:   # «Аня» is the bot Ann in ru
        session(state).error = _("'{name}' is the name of a bot at this table; please pick "
                                 "another name. The current game is kept.").format(name=name)
        return
    try:
        game = _new_engine_game(rules, [name, *bots], int(seed), [None, *levels])
    except (ValueError, RulesError, CardError) as e:
        session(state).error = _("The game could not start: {reason} The current game is "
                                 "kept.").format(reason=e)
        return
    state[SESSION] = PlaySession.new_game(game, variant.key, [None, *levels],
                                          np.random.default_rng([int(seed), 31]),
                                          session(state))


def _round_log_len(state: State) -> int:
    return len(observe(state).log)


def play_move(state: State, action: Action | str) -> bool:
    """Your move. A refused move leaves the game as it was and says why."""
    clear_messages(state)
    game = session(state).game
    if game is None:
        session(state).error = _("There is no game yet: start one with New game.")
        return False
    mark = _round_log_len(state)
    starts_turn = game.phase != "discard"
    try:
        game.apply(action, seat=session(state).you)     # refused unless it is your turn
    except (IllegalActionError, ValueError) as e:
        session(state).error = str(e)
        return False
    # New lines: on the first move of your turn, all since your last turn ended (the bots'
    # moves in between stay highlighted); on the move that ends it, this move onwards.
    session(state).mark = min(session(state).after_mine, mark) if starts_turn else mark
    if game.round_over or game.to_move != session(state).you:
        session(state).after_mine = _round_log_len(state)
    session(state).hint = None
    session(state).last_step = time.monotonic()
    return True


def bot_turn(state: State) -> bool:
    """Let the bot to move play one whole turn (a draw and its discard count as one)."""
    clear_messages(state)
    game = session(state).game
    if game is None or game.round_over or game.to_move is None:
        return False
    seat = game.to_move
    if seat == session(state).you:
        return False
    levels = list(session(state).levels or [])
    levels += [None] * (game.n - len(levels))
    levels = [None if s == session(state).you else (lv or "basic") for s, lv in enumerate(levels)]
    ps = session(state)
    if ps.bot_rng_for is None and ps.bot_rng is None:
        ps.bot_rng = np.random.default_rng(31)
    rng: Any = ps.bot_rng_for if ps.bot_rng_for is not None else ps.bot_rng
    mark = _round_log_len(state)
    try:
        bots_play(game, levels, rng, one_turn=True, log=True)
    except (IllegalActionError, ValueError) as e:  # a bot bug must not end the game
        session(state).error = _("{name} ({level}) tried an illegal move: {reason}").format(
            name=game.players[seat], level=levels[seat], reason=e)
        return False
    session(state).mark = mark
    return True


BOT_RUN_SECONDS = 2.0   # "Bots play until my turn" pauses after this long


def bots_until_you(state: State, max_seconds: float = BOT_RUN_SECONDS) -> None:
    """Let the bots move until it is your turn or the round is over. Bots that never knock
    could go on for ever, so this pauses after ``max_seconds`` and says so."""
    game = session(state).game
    mark = _round_log_len(state) if game is not None else 0
    start = time.monotonic()
    turns = 0
    while bot_turn(state):
        turns += 1
        if time.monotonic() - start > max_seconds and game is not None and not game.round_over \
                and game.to_move != session(state).you:
            session(state).notice = ngettext(
                "The bots have made {n} move and are still going; click again to let them "
                "go on.",
                "The bots have made {n} moves and are still going; click again to let them "
                "go on.", turns).format(n=turns)
            break
    session(state).mark = mark


def _fast(state: State) -> bool:
    return session(state).cfg.get("step_mode") == "fast"


def _bots_follow(state: State, mark: int) -> None:
    """'All at once' mode: the bots answer at once; every line since ``mark`` stays new."""
    game = session(state).game
    if _fast(state) and game is not None and not game.round_over \
            and game.to_move != session(state).you:
        bots_until_you(state)
        session(state).mark = mark


def move_and_follow(state: State, action: Action | str) -> bool:
    """A move button: your move, then (in 'All at once' mode) the bots' answers."""
    mark = _round_log_len(state) if session(state).game is not None else 0
    if not play_move(state, action):
        return False
    _bots_follow(state, mark)
    return True


def deal_and_follow(state: State) -> None:
    """Next round, and (in 'All at once' mode) the bots who sit before you."""
    next_round(state)
    _bots_follow(state, 0)


def next_round(state: State) -> None:
    clear_messages(state)
    game = session(state).game
    if game is None or not game.round_over or game.game_over:
        return
    obs = observe(state)
    session(state).past.append((obs.round_no, [e.text for e in obs.log]))
    deal = session(state).deal
    try:
        if deal:   # a challenge's stacked next deck (a table game or Banking)
            game.next_round(deal(game.round_no + 1))
        else:      # the game's own shuffle (a banking game takes no deck)
            game.next_round()
    except (IllegalActionError, ValueError) as e:
        session(state).error = str(e)
        return
    session(state).mark = 0
    session(state).after_mine = 0
    session(state).hint = None


def ask_hint(state: State) -> None:
    """Work out the hint for your turn (``bots.costed_hint``: the expert's move, and where it
    has no costs of its own, each move played out on copies of the table in which the cards
    you cannot see are dealt again). The game and its random stream are not touched."""
    clear_messages(state)
    game = session(state).game
    if game is None or game.to_move != session(state).you:
        return
    obs = observe(state)
    try:
        h = costed_hint(game, session(state).you, lambda a: action_label(a, obs))
    except Exception as e:  # noqa: BLE001 - a hint failing must not break the table
        session(state).error = _("No hint this time ({reason}).").format(reason=e)
        return
    session(state).hint = (turn_key(obs), h)


def turn_key(obs: Any) -> tuple:
    return (obs.round_no, len(obs.log), obs.phase, obs.to_move)


def save_text(state: State) -> str:
    """The saved game a player may keep: finished rounds in the clear, the round being
    played sealed with this install's key (``thirtyone.game.saves``)."""
    return player_text(session(state).game)


def player_text(game: Any) -> str:
    """``game`` saved for a player to keep (nothing hidden in it can be read)."""
    return player_save(game, save_key())


def record_text(game: Any) -> str:
    """The teacher's record of ``game``: every card, and it says so."""
    return teacher_record(game)


def _key_or_none() -> bytes | None:
    """This install's key; without a usable data folder, None (a sealed round is then dealt
    afresh on loading rather than the file refused)."""
    try:
        return save_key()
    except (OSError, ValueError):
        return None


def _refuse(state: State, reason: str) -> bool:
    reason = reason.strip()
    if "cannot be loaded: " in reason:  # the loader's own preamble: keep one
        reason = reason.split("cannot be loaded: ", 1)[1]
    if len(reason) > 300:        # a file may quote a long text back: a sentence is enough
        reason = reason[:300].rstrip() + "…"
    if not reason.endswith((".", "!", "?")):
        reason += "."
    if reason[:2].istitle():     # "The file is ..." reads on as "... loaded: the file is ..."
        reason = reason[0].lower() + reason[1:]
    session(state).error = _("This file cannot be loaded: {reason} The current game is "
                             "kept.").format(reason=reason)
    return False


def load_text(state: State, text: str | bytes) -> bool:
    """Load a saved game (a player's save, a teacher record or a game record). A broken,
    oversized or hostile file is refused with the reason; the game in progress is kept."""
    clear_messages(state)
    try:
        record = read_record_text(text)
        game, notice = load_any(record, _key_or_none())
    except Exception as e:  # noqa: BLE001 - whatever is wrong, refuse it and keep the game
        return _refuse(state, str(e) or type(e).__name__)
    key = record.get("variant") if isinstance(record, dict) else None
    levels = bot_levels(game.rules)

    def fits(seats: list) -> bool:
        return len(seats) == game.n and all(lv in levels for lv in seats[1:])

    # the levels the file was played with, else the ones chosen before, else the default
    saved = [None, *game.styles[1:]]
    chosen = next((lv for lv in (saved, list(session(state).levels or [])) if fits(lv)),
                  [None] + [default_level(levels)] * (game.n - 1))
    game.styles = tuple(chosen)
    variant = key if key in VARIANTS else _variant_of(game.rules)
    state[SESSION] = ps = PlaySession.new_game(
        game, variant, chosen, np.random.default_rng([int(game.round_no), 131]),
        session(state), past=earlier_round_logs(game, 0))
    ps.notice = (_("Loaded: {variant}, round {n}, players {players}. You play "
                   "{you}.").format(variant=_(VARIANTS[variant].name), n=game.round_no,
                                    players=", ".join(game.players), you=game.players[0])
                 + (f" {notice}" if notice else ""))
    return True


def _variant_of(rules: Rules) -> str:
    return preset_of(rules).key


def variant_of_game(state: State) -> Variant:
    return VARIANTS.get(session(state).variant or DEFAULT_VARIANT, VARIANTS[DEFAULT_VARIANT])


def refuse(state: State, text: str) -> None:
    """Say why a move was not made (one sentence, shown above the table); the game is kept."""
    clear_messages(state)
    session(state).error = text


def cfg_of(state: State) -> dict:
    return session(state).cfg


def seeded(state: State, key: str, default: Any) -> None:
    """Give a widget its remembered value back after a page switch."""
    if key not in state:
        state[key] = cfg_of(state).get(key, default)


def choose_levels(state: State, variant_key: str, levels: Sequence[str], n_bots: int) -> None:
    """Set the bot-level widgets for ``variant_key`` before they are drawn.

    Levels are remembered per variant: after a change of variant each bot gets the level
    last chosen for that variant, else the variant's default, never a level kept from the
    variant before (Banking's 'basic' would otherwise stay on for Scat)."""
    cfg = cfg_of(state)
    remembered = cfg.setdefault("levels_by_variant", {})
    keys = [f"play_w_level_{i}" for i in range(len(BOT_NAMES))]
    if cfg.get("levels_variant") != variant_key:
        saved = remembered.get(variant_key, [])
        for i, key in enumerate(keys):
            state[key] = saved[i] if i < len(saved) else default_level(levels)
        cfg["levels_variant"] = variant_key
    for key in keys[:n_bots]:
        seeded(state, key, default_level(levels))
        if state[key] not in levels:
            state[key] = default_level(levels)
    remembered[variant_key] = [state.get(k) for k in keys]


def set_levels(state: State, variant_key: str, levels: Sequence[str]) -> None:
    """Choose the bots' ``levels`` for ``variant_key`` (from a link): into their boxes and
    into the levels remembered for that variant, so ``choose_levels`` keeps them."""
    cfg = cfg_of(state)
    for i, level in enumerate(levels):
        state[f"play_w_level_{i}"] = cfg[f"play_w_level_{i}"] = level
    remembered = cfg.setdefault("levels_by_variant", {})
    remembered[variant_key] = list(levels)
    cfg["levels_variant"] = variant_key


def start_from_setup(state: State) -> None:
    # Widget values are read from the state directly: a name typed just before the click
    # arrives together with the click, before the page has run again.
    cfg = cfg_of(state)

    def get(key: str, default: Any) -> Any:
        return state.get(key, cfg.get(key, default))

    variant = VARIANTS[cfg.get("variant", DEFAULT_VARIANT)]
    rules = cfg.get("rules", variant.rules)
    n_bots = int(get("play_w_bots", 2))
    levels = bot_levels(rules)
    chosen = [get(f"play_w_level_{i}", default_level(levels)) for i in range(n_bots)]
    chosen = [lv if lv in levels else default_level(levels) for lv in chosen]
    start_game(state, variant, rules, get("play_w_name", person_name("Sam")), chosen,
               dealing_seed(int(get("play_w_seed", 31))))  # a link's seed, not the deal's


class ScopedState(MutableMapping):
    """A page's own part of the session state (a challenge's, a lesson round's): its play
    session and other keys live under a prefix of their own, so the Play page's game is
    untouched. Widget keys (``play_w_...``) pass through: the widgets of the table write them
    under their own names."""

    def __init__(self, base: MutableMapping, prefix: str) -> None:
        self.base, self.prefix = base, prefix

    def _key(self, key: str) -> str:
        return key if key.startswith("play_w_") else self.prefix + key

    def __getitem__(self, key: str) -> Any:
        return self.base[self._key(key)]

    def __setitem__(self, key: str, value: Any) -> None:
        self.base[self._key(key)] = value

    def __delitem__(self, key: str) -> None:
        del self.base[self._key(key)]

    def __iter__(self) -> Iterator[str]:
        n = len(self.prefix)
        return iter([k[n:] for k in list(self.base) if str(k).startswith(self.prefix)])

    def __len__(self) -> int:
        return sum(1 for _k in self)
