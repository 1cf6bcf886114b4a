"""The Play page: a card table where one person plays whole games against bots.

Everything about the game lives in ``st.session_state`` under keys that start with ``play_``,
so the game survives reruns and page switches. Every move is made in an ``on_click``
callback, and every callback catches a refused move: the game is never lost to bad input.

What the page shows comes only from ``game.observation(you)``: your own hand, the public
cards, how many cards the others hold (drawn as card backs), lives, and the round's move log.
Other players' cards appear only once the round is over (the showdown).

The state logic (``start_game``, ``play_move``, ``bot_turn``, ``next_round``, ``load_text``...)
takes the session state as an argument, so tests can drive it with a plain dict.
"""

from __future__ import annotations

import html
import json
import time
from collections.abc import MutableMapping, Sequence
from typing import Any

import numpy as np
import streamlit as st

from ..core.actions import (
    Action,
    Discard,
    Draw,
    Exchange,
    Hit,
    Knock,
    Pass,
    Stand,
    Stay,
    Swap,
    SwapAll,
    SwitchClosed,
    SwitchOpen,
    Take,
)
from ..core.cards import Card, CardError
from ..core.errors import IllegalActionError
from ..core.rules import VARIANTS, Rules, RulesError, Variant, closest_variant
from ..core.scoring import score
from .cards import CARD_CSS, back_html, card_html, empty_html, hand_html
from .common import changed_options_text, current_variant, rules_editor

State = MutableMapping[str, Any]

# --- session-state keys (all start with play_) ------------------------------------------
GAME = "play_game"            # the Game (or BankingGame) being played
VARIANT = "play_variant"      # the variant key of that game
YOU = "play_you"              # your seat (always 0 in games started here)
LEVELS = "play_levels"        # bot level per seat (None for you)
BOT_RNG = "play_bot_rng"      # the bots' own random generator (never the game's)
PAST = "play_past"            # move logs of finished rounds: list of (round_no, [texts])
MARK = "play_mark"            # log length before the latest step: newer lines are highlighted
ERROR = "play_error"          # the last refused input, one sentence
NOTICE = "play_notice"        # a short success message (game loaded, ...)
HINT = "play_hint"            # (turn key, Hint) of the last hint asked for
CFG = "play_cfg"              # setup choices that must survive page switches
UPLOAD_NONCE = "play_upload_nonce"
LAST_STEP = "play_last_step"  # when the last bot turn was taken (automatic mode)
AFTER_MINE = "play_after_mine"  # this round's log length when your last turn ended

BOT_NAMES = ("Ann", "Bo", "Cy", "Dee", "Eli", "Fay")
LEVEL_ORDER = ("random", "basic", "standard", "expert")
LEVEL_HELP = {"random": "any legal move", "basic": "the fixed beginner policy",
              "standard": "knock bars that grow each turn, looks one draw ahead, "
                          "remembers discards",
              "expert": "weighs the odds of every move, plays the round out before "
                        "knocking (heads-up: before every move), and expects each bot to "
                        "play its level"}
STEP_MODES = {"step": "One at a time (click Next)", "auto": "Automatic, one a second",
              "fast": "All at once"}

# House rules offered on the Play page, by family (the rest are fixed by the family).
_COMMON = ("lives", "extra_life", "knock_from", "knocker_alone_lowest", "knocker_tied",
           "three_of_a_kind", "fire", "blitz_effect", "blitz_after_knock")
HOUSE_RULES = {
    "draw": _COMMON + ("may_discard_taken_card", "stock_out", "points_to_win"),
    "swap": _COMMON + ("allow_pass", "allow_swap_all", "dealer_two_hands", "stock_out"),
    "switch": _COMMON,
    "widow": ("chips", "ante", "tie_break", "knock_from", "three_of_a_kind", "fire",
              "blitz_effect"),
    "banking": ("chips", "natural_pays", "bust_pays", "win_pays", "one_banker",
                "anticlockwise", "packs"),
}
# Options that mean nothing under some ways of keeping score.
_NOT_FOR_SCORING = {"points": ("lives", "extra_life", "knocker_alone_lowest", "knocker_tied"),
                    "chips": ("lives", "extra_life", "knocker_alone_lowest", "knocker_tied",
                              "points_to_win"),
                    "lives": ("points_to_win", "chips", "ante")}


# --- engine access -------------------------------------------------------------------------

def hint_function():
    """``hint(observation) -> Hint``: the expert's move with its reasons."""
    from ..expert.hint import hint
    return hint


def bot_levels(family: str) -> list[str]:
    """The bot levels that can play this family, weakest first."""
    if family == "banking":
        from ..game.banking import BANKING_BOTS
        found = list(BANKING_BOTS)
    else:
        from ..bots import LEVELS
        found = list(LEVELS)
    return sorted(found, key=lambda k: LEVEL_ORDER.index(k) if k in LEVEL_ORDER else 99)


def default_level(levels: Sequence[str]) -> str:
    for lv in ("standard", "basic"):
        if lv in levels:
            return lv
    return levels[0]


def _choose(level: str, family: str, obs: Any, rng: np.random.Generator) -> Action:
    if family == "banking":
        from ..game.banking import BANKING_BOTS
        return BANKING_BOTS[level](obs, rng)
    from ..bots import make_bot
    return make_bot(level)(obs, rng)


def _new_engine_game(variant: Variant, rules: Rules, players: list[str], seed: int,
                     styles: list[str | None]):
    dealer = len(players) - 1  # you sit left of the dealer, so you move first
    if rules.family == "banking":
        from ..game.banking import new_banking_game
        return new_banking_game(rules, players, seed=seed, dealer=0)
    from ..game.table import new_game
    return new_game(rules, players, seed=seed, dealer=dealer, styles=styles)


def observe(state: State):
    """Your observation of the game (the only view the page draws from)."""
    return state[GAME].observation(state.get(YOU, 0))


def _family(state: State) -> str:
    return state[GAME].rules.family


# --- state logic (callbacks) -------------------------------------------------------------

def _clear_messages(state: State) -> None:
    state[ERROR] = None
    state[NOTICE] = None


def start_game(state: State, variant: Variant, rules: Rules, name: str, levels: Sequence[str],
               seed: int) -> None:
    """Deal a new game: you at seat 0, one bot per entry of ``levels``."""
    _clear_messages(state)
    name = (name or "").strip() or "Sam"
    bots = [BOT_NAMES[i] for i in range(len(levels))]
    if name in bots:
        state[ERROR] = (f"'{name}' is the name of a bot at this table; please pick another "
                        "name. The current game is kept.")
        return
    try:
        game = _new_engine_game(variant, rules, [name, *bots], int(seed), [None, *levels])
    except (ValueError, RulesError, CardError) as e:
        state[ERROR] = f"The game could not start: {e} The current game is kept."
        return
    state[GAME] = game
    state[VARIANT] = variant.key
    state[YOU] = 0
    state[LEVELS] = [None, *levels]
    state[BOT_RNG] = np.random.default_rng([int(seed), 31])
    state[PAST] = []
    state[MARK] = 0
    state[AFTER_MINE] = 0
    state[HINT] = None


def _round_log_len(state: State) -> int:
    return len(observe(state).log)


def play_move(state: State, action: Action | str) -> bool:
    """Your move. A refused move leaves the game as it was and says why."""
    _clear_messages(state)
    game = state.get(GAME)
    if game is None:
        state[ERROR] = "There is no game yet: start one with New game."
        return False
    if game.to_move != state.get(YOU, 0):
        state[ERROR] = "It is not your turn."
        return False
    mark = _round_log_len(state)
    starts_turn = getattr(game, "phase", "turn") != "discard"
    try:
        game.apply(action)
    except (IllegalActionError, ValueError) as e:
        state[ERROR] = str(e)
        return False
    # New lines: on the first move of your turn, all since your last turn ended (the bots'
    # moves in between stay highlighted); on the move that ends it, this move onwards.
    state[MARK] = min(state.get(AFTER_MINE, 0), mark) if starts_turn else mark
    if game.round_over or game.to_move != state.get(YOU, 0):
        state[AFTER_MINE] = _round_log_len(state)
    state[HINT] = None
    state[LAST_STEP] = time.monotonic()
    return True


def bot_turn(state: State) -> bool:
    """Let the bot to move play one whole turn (a draw and its discard count as one)."""
    _clear_messages(state)
    game = state.get(GAME)
    if game is None or game.round_over or game.to_move is None:
        return False
    seat = game.to_move
    if seat == state.get(YOU, 0):
        return False
    levels = state.get(LEVELS) or []
    family = _family(state)
    level = levels[seat] if seat < len(levels) and levels[seat] else "basic"
    mark = _round_log_len(state)
    rng = state.setdefault(BOT_RNG, np.random.default_rng(31))
    for _ in range(4):  # a turn is at most a draw and a discard, or a hit or two
        obs = game.observation(seat)
        try:
            game.apply(_choose(level, family, obs, rng))
        except (IllegalActionError, ValueError) as e:  # a bot bug must not end the game
            state[ERROR] = f"{game.players[seat]} ({level}) tried an illegal move: {e}"
            return False
        if game.round_over or game.to_move != seat or family == "banking":
            break
    state[MARK] = mark
    return True


BOT_RUN_SECONDS = 2.0   # "Bots play until my turn" pauses after this long


def bots_until_you(state: State, max_seconds: float = BOT_RUN_SECONDS) -> None:
    """Let the bots move until it is your turn or the round is over. Bots that never knock
    could go on for ever, so this pauses after ``max_seconds`` and says so."""
    game = state.get(GAME)
    mark = _round_log_len(state) if game is not None else 0
    start = time.monotonic()
    turns = 0
    while bot_turn(state):
        turns += 1
        if time.monotonic() - start > max_seconds and not game.round_over \
                and game.to_move != state.get(YOU, 0):
            state[NOTICE] = (f"The bots have made {turns} moves and are still going; click "
                             "again to let them go on.")
            break
    state[MARK] = mark


def _fast(state: State) -> bool:
    return state.get(CFG, {}).get("step_mode") == "fast"


def _bots_follow(state: State, mark: int) -> None:
    """'All at once' mode: the bots answer at once; every line since ``mark`` stays new."""
    game = state.get(GAME)
    if _fast(state) and game is not None and not game.round_over \
            and game.to_move != state.get(YOU, 0):
        bots_until_you(state)
        state[MARK] = mark


def move_and_follow(state: State, action: Action | str) -> bool:
    """A move button: your move, then (in 'All at once' mode) the bots' answers."""
    mark = _round_log_len(state) if state.get(GAME) is not None else 0
    if not play_move(state, action):
        return False
    _bots_follow(state, mark)
    return True


def deal_and_follow(state: State) -> None:
    """Next round, and (in 'All at once' mode) the bots who sit before you."""
    next_round(state)
    _bots_follow(state, 0)


def next_round(state: State) -> None:
    _clear_messages(state)
    game = state.get(GAME)
    if game is None or not game.round_over or game.game_over:
        return
    obs = observe(state)
    state.setdefault(PAST, []).append((obs.round_no, [e.text for e in obs.log]))
    try:
        game.next_round()
    except (IllegalActionError, ValueError) as e:
        state[ERROR] = str(e)
        return
    state[MARK] = 0
    state[AFTER_MINE] = 0
    state[HINT] = None


def ask_hint(state: State) -> None:
    """Work out the hint for your turn. Uses only your observation: the game and its random
    stream are not touched."""
    _clear_messages(state)
    fn = hint_function()
    game = state.get(GAME)
    if fn is None or game is None or game.to_move != state.get(YOU, 0):
        return
    obs = observe(state)
    try:
        h = fn(obs)
    except Exception as e:  # noqa: BLE001 - a hint failing must not break the table
        state[ERROR] = f"No hint this time ({e})."
        return
    state[HINT] = (_turn_key(obs), h)


def _turn_key(obs: Any) -> tuple:
    return (obs.round_no, len(obs.log), getattr(obs, "phase", ""), obs.to_move)


def save_text(state: State) -> str:
    """The game record (JSON text) of the game in progress."""
    return record_text(state[GAME])


def record_text(game: Any) -> str:
    """The JSON game record of ``game`` (table or banking)."""
    if game.rules.family == "banking":
        from ..game.banking import banking_to_record
        return json.dumps(banking_to_record(game), indent=1)
    from ..game.records import save_game
    return save_game(game)


def load_text(state: State, text: str | bytes) -> bool:
    """Load a saved game. A broken file is refused with the reason; the game in progress is
    kept."""
    _clear_messages(state)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            state[ERROR] = "This file is not a saved game (it is not text). The current game is kept."
            return False
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        state[ERROR] = (f"This file is not a saved game: it is not valid JSON (line {e.lineno}). "
                        "The current game is kept.")
        return False
    key = record.get("variant") if isinstance(record, dict) else None
    try:
        if key == "banking":
            from ..game.banking import banking_from_record
            game = banking_from_record(record)
        else:
            from ..game.records import load_game
            game = load_game(text)
    except Exception as e:  # noqa: BLE001 - whatever is wrong, refuse it and keep the game
        reason = str(e).strip() or type(e).__name__
        if "cannot be loaded: " in reason:  # the loader's own preamble: keep one
            reason = reason.split("cannot be loaded: ", 1)[1]
        if not reason.endswith((".", "!", "?")):
            reason += "."
        state[ERROR] = f"This file cannot be loaded: {reason} The current game is kept."
        return False
    levels = bot_levels(game.rules.family)

    def fits(seats: list) -> bool:
        return len(seats) == game.n and all(lv in levels for lv in seats[1:])

    # the levels the file was played with, else the ones chosen before, else the default
    saved = [None, *getattr(game, "styles", ())[1:]]
    chosen = next((lv for lv in (saved, list(state.get(LEVELS) or [])) if fits(lv)),
                  [None] + [default_level(levels)] * (game.n - 1))
    if hasattr(game, "styles"):
        game.styles = tuple(chosen)
    state[GAME] = game
    state[VARIANT] = key if key in VARIANTS else _variant_of(game.rules)
    state[YOU] = 0
    state[LEVELS] = chosen
    state[BOT_RNG] = np.random.default_rng([int(game.round_no), 131])
    state[PAST] = []
    state[MARK] = 0
    state[AFTER_MINE] = 0
    state[HINT] = None
    state[NOTICE] = (f"Loaded: {VARIANTS[state[VARIANT]].name}, round {game.round_no}, "
                     f"players {', '.join(game.players)}. You play {game.players[0]}.")
    return True


def _variant_of(rules: Rules) -> str:
    return closest_variant(rules).key


# --- words ---------------------------------------------------------------------------------

def variant_of_game(state: State) -> Variant:
    return VARIANTS.get(state.get(VARIANT) or "scat", VARIANTS["scat"])


def counter_text(variant: Variant, obs: Any, seat: int) -> str:
    """Lives, points or chips of one seat, named the variant's way."""
    rules = obs.rules
    if obs.out[seat]:
        return "out of the game"
    if rules.scoring == "lives":
        n = obs.lives[seat]
        if n == 0:
            return f"{variant.extra_life_name}: no {variant.life_plural} left"
        return f"{n} {variant.life_name if n == 1 else variant.life_plural}"
    if rules.scoring == "points":
        return f"{obs.points[seat]} of {rules.points_to_win} points"
    n = obs.chips[seat]
    return f"{n} chip" + ("" if n == 1 else "s")


def _counter_html(variant: Variant, obs: Any, seat: int) -> str:
    rules = obs.rules
    text = html.escape(counter_text(variant, obs, seat))
    icons = ""
    if rules.scoring == "lives" and not obs.out[seat]:
        kind = {"penny": "penny", "bill corner": "corner"}.get(variant.life_name, "life")
        n = obs.lives[seat]
        icons = (f'<span class="play-life play-{kind}"></span>' * n
                 + f'<span class="play-life play-{kind} play-lost"></span>' * (rules.lives - n))
        if n == 0:
            icons = '<span class="play-swim">≈</span>'
    return f'<div class="play-lives">{icons} {text}</div>'


def action_label(action: Action, obs: Any) -> str:
    """Words on a move button."""
    family = obs.rules.family
    if isinstance(action, Draw):
        return "Draw from the stock"
    if isinstance(action, Take):
        top = obs.discard_pile[-1] if obs.discard_pile else None
        return f"Take the {top.display}" if top else "Take the top discard"
    if isinstance(action, Knock):
        return "Stop the bus" if obs.rules.hand_value == "brag" else "Knock"
    if isinstance(action, Stand):
        if getattr(obs, "phase", "") == "choose":
            return "Keep this hand"
        return "Stand (keep my hand)"
    if isinstance(action, SwapAll):
        if getattr(obs, "phase", "") == "choose":
            return "Take the other hand" + ("" if family == "switch" else " (unseen)")
        return "Swap all three"
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Discard):
        return f"Discard {action.card.display}"
    if isinstance(action, Swap):
        return f"Give {action.give.display}, take {action.take.display}"
    if isinstance(action, SwitchOpen):
        return "Switch with the open hand"
    if isinstance(action, SwitchClosed):
        return "Switch with the closed hand"
    if isinstance(action, Hit):
        return "Buy a card"
    if isinstance(action, Stay):
        return "Stay"
    return str(action)


def action_key(action: Action) -> str:
    """The widget key of a move button; browser tests click ``.st-key-<key> button``."""
    text = str(action).replace(" ", "_").replace(",", "-").replace("#", "n")
    return f"play_act_{text}"


def _turn_words(obs: Any, you: int) -> str:
    if obs.game_over:
        return "The game is over."
    if obs.round_over:
        return "The round is over."
    seat = obs.to_move
    if seat is None:
        return ""
    if seat != you:
        final = " (last turn after the knock)" if getattr(obs, "knocker", None) is not None \
            else ""
        return f"{obs.players[seat]} to move{final}."
    phase = getattr(obs, "phase", "")
    family = obs.rules.family
    if phase == "discard":
        return "Your turn: discard one card."
    if phase == "choose":
        return "Your turn: you are the dealer; keep this hand or take the other one."
    lead = "Your last turn after the knock" if getattr(obs, "knocker", None) is not None \
        else "Your turn"
    what = {"draw": "draw a card, take the top discard",
            "swap": "swap with the middle", "switch": "swap with the open hand or switch hands",
            "widow": "exchange cards with the widow",
            "banking": "buy a card or stay"}.get(family, "move")
    return f"{lead}: {what}, or {'stand' if 'last' in lead else 'knock'}." \
        if family != "banking" else f"{lead}: {what}."


# --- drawing the table ---------------------------------------------------------------------

TABLE_CSS = """
<style>
[data-testid="stMainBlockContainer"] { padding-top: 2.2rem; }
.st-key-play_felt { background: radial-gradient(ellipse at center, #2e7d4f 0%, #1c5a37 70%,
  #154a2d 100%); border-radius: 28px; padding: 1.2rem 1.4rem 1rem 1.4rem;
  border: 10px solid #6b4423; box-shadow: inset 0 0 40px rgba(0,0,0,0.35); color: #f4f1e6; }
.st-key-play_felt p, .st-key-play_felt li, .st-key-play_felt h3, .st-key-play_felt h4,
.st-key-play_felt span, .st-key-play_felt label { color: #f4f1e6; }
.st-key-play_felt button[kind="secondary"] *,
.st-key-play_felt button[data-testid="stBaseButton-secondary"] * { color: #1d2420 !important; }
.st-key-play_felt button[kind="primary"] *,
.st-key-play_felt button[data-testid="stBaseButton-primary"] * { color: #ffffff !important; }
.st-key-play_felt button[data-variant="pills"] { background: #ffffff; border: 2px solid #b9b9b0;
  min-height: 2.6rem; padding: 0.2rem 0.9rem; }
.st-key-play_felt button[data-variant="pills"] * { color: #1d2420 !important;
  font-size: 1.2rem !important; font-weight: 700; }
.st-key-play_felt button[data-variant="pills"][aria-pressed="true"] { background: #ffd54a;
  border-color: #c8102e; border-width: 3px; }
.st-key-play_felt button[kind="primary"],
.st-key-play_felt button[data-testid="stBaseButton-primary"] { background: #c8102e;
  border-color: #c8102e; }
.st-key-play_felt button { min-height: 2.8rem; }
.st-key-play_felt button p { font-size: 1.15rem; font-weight: 600; }
.play-seat { background: rgba(0,0,0,0.18); border-radius: 14px; padding: 0.5rem 0.7rem;
  border: 3px solid transparent; margin-bottom: 0.4rem; }
.play-seat.play-to-move { border-color: #ffd54a; box-shadow: 0 0 14px rgba(255,213,74,0.55); }
.play-seat.play-out { opacity: 0.45; }
.play-head { display: flex; justify-content: space-between; align-items: center;
  gap: 1rem; flex-wrap: wrap; }
.play-name { font-size: 1.35rem; font-weight: 700; color: #fff; }
.play-level { font-size: 0.9rem; font-weight: 400; font-style: italic; color: #d8e8d0; }
.play-badge { display: inline-block; margin-left: 0.35rem; padding: 0.05rem 0.5rem;
  border-radius: 1rem; font-size: 0.85rem; font-weight: 700; vertical-align: middle; }
.play-dealer { background: #f4f1e6; color: #1c5a37 !important; }
.play-knock { background: #c8102e; color: #fff !important; }
.play-turn { background: #ffd54a; color: #3b2a00 !important; }
.play-lives { font-size: 1.05rem; margin-top: 0.2rem; color: #f4f1e6; }
.play-life { display: inline-block; width: 1.05rem; height: 1.05rem; border-radius: 50%;
  margin-right: 0.2rem; vertical-align: -0.15rem; border: 2px solid rgba(0,0,0,0.35); }
.play-penny { background: radial-gradient(circle at 35% 35%, #f0a36b, #b0602a); }
.play-corner { border-radius: 2px; background: #9fc79a; }
.play-life:not(.play-penny):not(.play-corner) { background: #e0534f; }
.play-life.play-lost { background: transparent !important; border-style: dashed; }
.play-swim { font-size: 1.4rem; color: #8fd3ff; font-weight: 800; }
.play-label { font-size: 1.05rem; text-transform: uppercase; letter-spacing: 0.08em;
  color: #cfe8d5 !important; margin-bottom: 0.2rem; }
.play-status { font-size: clamp(1.3rem, 2vw, 1.9rem); font-weight: 800; color: #ffd54a;
  margin: 0.2rem 0 0.4rem 0; }
.play-value { font-size: clamp(1.2rem, 1.7vw, 1.6rem); font-weight: 700; color: #fff; }
.play-recent { background: rgba(255,255,255,0.12); border-left: 6px solid #ffd54a;
  border-radius: 8px; padding: 0.45rem 0.8rem; font-size: clamp(1.1rem, 1.5vw, 1.4rem);
  margin-bottom: 0.6rem; color: #fff; }
.play-log { font-size: 1.05rem; line-height: 1.45; }
.play-log ol { padding-left: 1.4rem; margin: 0.2rem 0 0.6rem 0; }
.play-log .play-new { background: #fff3c4; font-weight: 700; }
.play-log .play-private { color: #1f6f43; font-style: italic; }
.play-log h5 { margin: 0.4rem 0 0.1rem 0; }
.play-show td, .play-show th { padding: 0.35rem 0.6rem; vertical-align: middle;
  color: #f4f1e6; border-bottom: 1px solid rgba(255,255,255,0.2); font-size: 1.1rem; }
.play-show table { border-collapse: collapse; width: 100%; }
.play-show .t31-row { flex-wrap: nowrap; gap: 0.3rem; margin: 0.1rem 0; }
.play-show td.play-hand { min-width: 11rem; }
.play-show .play-loser td { background: rgba(200,16,46,0.35); }
.play-banner { font-size: clamp(1.6rem, 2.6vw, 2.4rem); font-weight: 800; color: #ffd54a;
  text-align: center; margin: 0.4rem 0; }
</style>
"""


def _seat_html(variant: Variant, obs: Any, seat: int, you: int, size: str = "sm",
               with_cards: bool = True, note: str = "") -> str:
    classes = ["play-seat"]
    if obs.to_move == seat and not obs.round_over:
        classes.append("play-to-move")
    if obs.out[seat]:
        classes.append("play-out")
    badges = []
    if seat == obs.dealer:
        badges.append('<span class="play-badge play-dealer">'
                      + ("banker" if obs.rules.family == "banking" else "dealer") + "</span>")
    if getattr(obs, "knocker", None) == seat:
        badges.append('<span class="play-badge play-knock">knocked</span>')
    if obs.to_move == seat and not obs.round_over:
        badges.append('<span class="play-badge play-turn">to move</span>')
    name = html.escape(obs.players[seat]) + (" (you)" if seat == you else "")
    styles = getattr(obs, "styles", ()) or ()
    if seat != you and seat < len(styles) and styles[seat]:
        name += f' <span class="play-level">{html.escape(styles[seat])}</span>'
    shown = obs.hands[seat] if obs.hands[seat] is not None and seat != you else None
    if obs.out[seat] or not with_cards:
        cards = ""
    elif shown:
        cards = hand_html(shown, size=size)
    else:
        cards = hand_html([], size=size, hidden=obs.hand_counts[seat])
    note_html = f'<div class="play-value">{html.escape(note)}</div>' if note else ""
    return (f'<div class="{" ".join(classes)}" data-seat="{seat}">'
            f'<div class="play-head"><div><div class="play-name">{name}{"".join(badges)}</div>'
            f"{_counter_html(variant, obs, seat)}</div>{note_html}</div>{cards}</div>")


def _middle_html(obs: Any) -> str:
    """The stock, the discard pile, the middle, the open and closed hands or the widow."""
    family = obs.rules.family
    parts = []

    def slot(label: str, inner: str) -> str:
        return (f'<div class="t31-slot" style="margin-right:1.6rem">'
                f'<div class="play-label">{html.escape(label)}</div>{inner}</div>')

    stock = obs.stock_count
    stock_text = f"stock: {stock} card" + ("" if stock == 1 else "s")
    if family in ("draw", "banking"):
        inner = hand_html([], hidden=1) if stock else hand_html([], empty=1)
        parts.append(slot(stock_text, inner))
    if family == "draw":
        top = obs.discard_pile[-1] if obs.discard_pile else None
        inner = f'<div class="t31-row">{card_html(top) if top else empty_html()}</div>'
        parts.append(slot(f"discard pile: {len(obs.discard_pile)}", inner))
    elif family in ("swap", "switch"):
        if obs.middle:
            label = "middle" if family == "swap" else "open hand"
            if family == "swap":
                label += f" ({stock_text})"
            parts.append(slot(label, hand_html(obs.middle)))
        elif getattr(obs, "spare_hand", None):
            parts.append(slot("your second hand", hand_html(obs.spare_hand)))
        elif getattr(obs, "spare_count", 0):
            parts.append(slot("dealer's second hand",
                              hand_html([], size="sm", hidden=obs.spare_count)))
        if family == "switch" and obs.closed_count:
            parts.append(slot("closed hand", hand_html([], size="sm", hidden=obs.closed_count)))
    elif family == "widow":
        row = "".join(card_html(c) if c is not None else back_html() for c in obs.widow)
        pot = f" · pot: {obs.pot} chip" + ("" if obs.pot == 1 else "s")
        parts.append(slot("widow" + pot, f'<div class="t31-row">{row}</div>'))
    return f'<div class="t31-row" style="align-items:flex-start">{"".join(parts)}</div>'


def _value_text(cards: Sequence[Card], rules: Rules) -> str:
    try:
        s = score(cards, rules)
    except (CardError, ValueError):
        return ""
    if rules.hand_value == "brag":
        return s.label
    return s.name


def _hand_note(obs: Any) -> str:
    """``your hand: 21 (hearts)`` while you hold three cards (or a banking hand)."""
    hand = obs.hand
    if not hand or obs.round_over:
        return ""
    if len(hand) == 3 or obs.rules.family == "banking":
        value = _value_text(hand, obs.rules)
        return f"your hand: {value}" if value else ""
    return "four cards: discard one"


def _your_hand(obs: Any, you: int) -> None:
    hand = obs.hand
    drawn = getattr(obs, "just_drawn", None)
    captions = ["just drawn" if c == drawn else "" for c in hand] if drawn else None
    # many move buttons below (swap, widow): a smaller hand keeps them on the screen
    size = "lg" if obs.rules.family in ("draw", "banking") else "md"
    st.markdown(CARD_CSS + hand_html(hand, size=size, captions=captions),
                unsafe_allow_html=True)


def _move_buttons(state: State, obs: Any) -> None:
    """Exactly the legal moves, as buttons (an exchange with the widow: pick the cards, then
    Exchange)."""
    legal = list(obs.legal_actions)
    if not legal:
        return
    discards = [a for a in legal if isinstance(a, Discard)]
    swaps = [a for a in legal if isinstance(a, Swap)]
    exchanges = [a for a in legal if isinstance(a, Exchange)]
    simple = [a for a in legal if not isinstance(a, (Discard, Swap, Exchange))]
    if discards:
        # each card of the hand with its own Discard button under it
        cols = st.columns(len(obs.hand))
        drawn = getattr(obs, "just_drawn", None)
        for col, card in zip(cols, obs.hand, strict=False):
            a = Discard(card)
            caption = "just drawn" if card == drawn else "&nbsp;"
            col.markdown(CARD_CSS + f'<div class="t31-slot">{card_html(card, "md")}'
                         f'<div class="play-label">{caption}</div></div>',
                         unsafe_allow_html=True)
            if a in discards:
                col.button(action_label(a, obs), key=action_key(a), on_click=move_and_follow,
                           args=(st.session_state, a), width="stretch")
            else:
                col.caption("taken from the pile: it stays this turn")
    if swaps:
        where = "middle" if obs.rules.family == "swap" else "open hand"
        st.markdown(f'<div class="play-label">swap one card with the {where}</div>',
                    unsafe_allow_html=True)
        gives = list(dict.fromkeys(a.give for a in swaps))
        for give in gives:
            row = [a for a in swaps if a.give == give]
            cols = st.columns(len(row))
            for col, a in zip(cols, row, strict=False):
                col.button(action_label(a, obs), key=action_key(a), on_click=move_and_follow,
                           args=(st.session_state, a), width="stretch")
    if exchanges:
        _exchange_picker(state, obs, exchanges)
    if simple:
        cols = st.columns(max(len(simple), 3))
        for col, a in zip(cols, simple, strict=False):
            primary = isinstance(a, (Knock, Draw, Hit))
            col.button(action_label(a, obs), key=action_key(a), on_click=move_and_follow,
                       args=(st.session_state, a), width="stretch",
                       type="primary" if primary else "secondary")


def _widow_names(obs: Any) -> list[str]:
    return [c.display if c is not None else f"face down {i + 1}"
            for i, c in enumerate(obs.widow)]


def _exchange_from_picks(obs: Any, give: Sequence[str], take: Sequence[str]) -> Exchange:
    by_display = {c.display: c for c in obs.hand}
    give_cards = tuple(sorted(by_display[g] for g in give))
    names = _widow_names(obs)
    slots = sorted(names.index(t) for t in take)
    take_cards = tuple(obs.widow[i] if obs.widow[i] is not None else i for i in slots)
    return Exchange(give_cards, take_cards)


def exchange_picked(state: State) -> None:
    """The Exchange button: give the chosen hand cards for the chosen widow cards."""
    obs = observe(state)
    give = state.get("play_w_give") or []
    take = state.get("play_w_take") or []
    if not give or not take:
        _clear_messages(state)
        state[ERROR] = "Choose at least one card from your hand and one from the widow."
        return
    if len(give) != len(take):
        _clear_messages(state)
        state[ERROR] = (f"An exchange gives and takes the same number of cards: you chose "
                        f"{len(give)} to give and {len(take)} to take.")
        return
    try:
        action = _exchange_from_picks(obs, give, take)
    except (KeyError, ValueError) as e:
        _clear_messages(state)
        state[ERROR] = f"That exchange is not possible now ({e})."
        return
    if move_and_follow(state, action):
        state["play_w_give"] = []
        state["play_w_take"] = []


def _exchange_picker(state: State, obs: Any, exchanges: list[Exchange]) -> None:
    st.markdown('<div class="play-label">exchange with the widow</div>',
                unsafe_allow_html=True)
    c1, c2 = st.columns([1, 1.4], vertical_alignment="bottom")
    hand_names = [c.display for c in obs.hand]
    widow_names = _widow_names(obs)
    for k, names in (("play_w_give", hand_names), ("play_w_take", widow_names)):
        if any(v not in names for v in state.get(k) or []):
            state[k] = []
    c1.pills("Give from your hand", hand_names, selection_mode="multi", key="play_w_give")
    c2.pills("Take from the widow", widow_names, selection_mode="multi", key="play_w_take")
    st.button("Exchange the chosen cards", key="play_act_exchange", on_click=exchange_picked,
              args=(st.session_state,), type="primary")


def _recent_html(obs: Any, mark: int) -> str:
    lines = [e.text for e in obs.log[mark:] if e.kind not in ("deal", "hand", "ante")]
    if not lines:
        return ""
    return '<div class="play-recent">' + "<br>".join(html.escape(t) for t in lines[-6:]) \
        + "</div>"


def _showdown(state: State, variant: Variant, obs: Any, you: int) -> None:
    """All hands with their values, why each counts, and who loses what."""
    rules = obs.rules
    result = getattr(obs, "result", None)
    rows = []
    for s, name in enumerate(obs.players):
        hand = obs.hands[s]
        if obs.out[s] and not hand:
            continue
        if not hand:
            continue
        try:
            sc = score(hand, rules)
            why = sc.explain()
            value = sc.value_text if rules.hand_value != "brag" else sc.label
        except (CardError, ValueError):
            why, value = "", ""
        change = ""
        won = getattr(obs, "chips_won", None)  # banking: chips won or lost this round
        if result is None and won:
            c = won[s]
            n = f"{abs(c)} chip" + ("" if abs(c) == 1 else "s")
            change = f"wins {n}" if c > 0 else (f"pays {n}" if c < 0 else "")
        if result is not None:
            if rules.scoring == "lives" and result.lives_lost and result.lives_lost[s]:
                n = result.lives_lost[s]
                change = f"loses {n} {variant.life_name if n == 1 else variant.life_plural}"
            elif rules.scoring == "points" and result.points_won:
                change = f"+{result.points_won[s]} points"
            elif rules.scoring == "chips" and result.chips_won:
                c = result.chips_won[s]
                n = f"{abs(c)} chip" + ("" if abs(c) == 1 else "s")
                change = f"takes {n}" if c > 0 else (f"pays {n}" if c < 0 else "")
        loser = change.startswith("loses")
        tag = " (knocked)" if result is not None and result.knocker == s else ""
        rows.append(f'<tr class="{"play-loser" if loser else ""}">'
                    f"<td><b>{html.escape(name)}</b>{tag}</td>"
                    f"<td class='play-hand'>{hand_html(hand, size='sm')}</td>"
                    f"<td><b>{html.escape(str(value))}</b></td>"
                    f"<td>{html.escape(why)}</td><td><b>{html.escape(change)}</b></td></tr>")
    ended = {"knock": "after a knock", "blitz": "by a blitz (31)", "fire": "by fire (three aces)",
             "stock": "when the stock ran out", "void": "void: nobody loses"}
    head = f"Round {obs.round_no} is over"
    if result is not None:
        head += f", {ended.get(result.ended_by, result.ended_by)}"
    st.markdown(f'<div class="play-banner">{html.escape(head)}.</div>',
                unsafe_allow_html=True)
    if rows:
        st.markdown(CARD_CSS + '<div class="play-show"><table><tr><th>player</th><th>hand</th>'
                    '<th>value</th><th>why</th><th>result</th></tr>' + "".join(rows)
                    + "</table></div>", unsafe_allow_html=True)
    why = [e.text for e in obs.log if e.kind in ("lose", "safe", "blitz", "fire", "void", "points",
                                                 "pot", "out", "extra_life", "tie", "stock_out",
                                                 "pay", "bust", "natural", "banker_bust",
                                                 "banker_natural", "talia", "bank_passes",
                                                 "no_punters", "game_over")]
    if why:
        st.markdown('<div class="play-recent">' + "<br>".join(html.escape(t) for t in why)
                    + "</div>", unsafe_allow_html=True)


def _game_over(state: State, obs: Any) -> None:
    w = obs.winner
    you = state.get(YOU, 0)
    if w is None:
        text = "Game over: a draw, everyone left went out together."
    elif w == you:
        text = "You win the game!"
    else:
        text = f"{obs.players[w]} wins the game."
    st.markdown(f'<div class="play-banner" data-testid="play-game-over">{html.escape(text)}'
                "</div>", unsafe_allow_html=True)


def _table(state: State) -> None:
    """The felt: the others, the middle, your hand, the buttons."""
    variant = variant_of_game(state)
    you = state.get(YOU, 0)
    obs = observe(state)
    with st.container(key="play_felt"):
        status = _turn_words(obs, you)
        bots_move = not obs.round_over and obs.to_move not in (None, you)
        top = st.columns([3, 2], vertical_alignment="center") if bots_move else [st.container()]
        top[0].markdown(f'<div class="play-status" data-testid="play-status">'
                        f"{html.escape(status)}</div>", unsafe_allow_html=True)
        if bots_move:
            with top[1]:
                _bot_controls(state, obs)
        others = [(you + k) % len(obs.players) for k in range(1, len(obs.players))]
        per_row = 3 if len(others) > 4 else max(len(others), 1)
        for i in range(0, len(others), per_row):
            chunk = others[i:i + per_row]
            cols = st.columns(per_row)
            for col, seat in zip(cols, chunk, strict=False):
                col.markdown(CARD_CSS + _seat_html(variant, obs, seat, you),
                             unsafe_allow_html=True)
        mid, news = st.columns([1.25, 1], vertical_alignment="center")
        mid.markdown(CARD_CSS + _middle_html(obs), unsafe_allow_html=True)
        recent = _recent_html(obs, state.get(MARK, 0) or 0)
        if recent and not obs.round_over:
            news.markdown(recent, unsafe_allow_html=True)
        if obs.round_over:
            _showdown(state, variant, obs, you)
        st.markdown(_seat_html(variant, obs, you, you, with_cards=False,
                               note=_hand_note(obs)), unsafe_allow_html=True)
        if obs.out[you] and not obs.game_over:
            st.markdown("You are out of the game; watch the bots finish it.")
        elif not obs.round_over and not (obs.to_move == you and any(
                isinstance(a, Discard) for a in obs.legal_actions)):
            _your_hand(obs, you)
        if obs.game_over:
            _game_over(state, obs)
            st.button("New game", key="play_new_after", on_click=_start_from_setup,
                      args=(st.session_state,), type="primary")
        elif obs.round_over:
            st.button("Deal the next round", key="play_next_round", on_click=deal_and_follow,
                      args=(st.session_state,), type="primary")
        elif obs.to_move == you:
            _move_buttons(state, obs)


def _bot_controls(state: State, obs: Any) -> None:
    mode = state.get(CFG, {}).get("step_mode", "step")
    name = obs.players[obs.to_move]
    st.button(f"Next: {name} moves", key="play_next", on_click=bot_turn,
              args=(st.session_state,), type="primary", width="stretch")
    st.button("Bots play until my turn", key="play_until_me", on_click=bots_until_you,
              args=(st.session_state,), width="stretch")
    if mode == "auto":
        _auto_step()


AUTO_DELAY = 1.0  # seconds between two bot turns in automatic mode


@st.fragment(run_every=AUTO_DELAY)
def _auto_step() -> None:
    """Automatic mode: one bot turn per tick. The fragment also runs inline on every full
    rerun, so a turn is taken only when the last step is at least AUTO_DELAY old."""
    state = st.session_state
    game = state.get(GAME)
    if game is None or game.round_over or game.to_move in (None, state.get(YOU, 0)):
        return
    now = time.monotonic()
    if now - state.get(LAST_STEP, 0.0) < AUTO_DELAY * 0.9:
        return
    if bot_turn(state):
        state[LAST_STEP] = time.monotonic()
        st.rerun()


def _move_log(state: State) -> None:
    """This round's log lines that you may see, the newest highlighted; earlier rounds
    folded away below."""
    obs = observe(state)
    you = state.get(YOU, 0)
    mark = state.get(MARK, 0) or 0
    items = []
    for i, e in enumerate(obs.log):
        cls = []
        if i >= mark:
            cls.append("play-new")
        if getattr(e, "private_to", None) == you:
            cls.append("play-private")
        items.append(f'<li class="{" ".join(cls)}">{html.escape(e.text)}</li>')
    st.markdown(f'<div class="play-log" data-testid="play-log"><h5>Round {obs.round_no}</h5>'
                f"<ol>{''.join(items)}</ol></div>", unsafe_allow_html=True)
    past = state.get(PAST) or []
    if past:
        with st.expander(f"Earlier rounds ({len(past)})"):
            parts = []
            for round_no, lines in reversed(past):
                li = "".join(f"<li>{html.escape(t)}</li>" for t in lines)
                parts.append(f"<h5>Round {round_no}</h5><ol>{li}</ol>")
            st.markdown('<div class="play-log">' + "".join(parts) + "</div>",
                        unsafe_allow_html=True)


def _hint_box(state: State) -> None:
    fn = hint_function()
    game = state.get(GAME)
    if fn is None or game is None or game.rules.family == "banking":
        return
    you = state.get(YOU, 0)
    if game.round_over or game.to_move != you:
        return
    st.button("Hint", icon=":material/lightbulb:", key="play_hint_btn", on_click=ask_hint, args=(st.session_state,),
              help="What the expert bot would do here, and why. It does not change the game.")
    got = state.get(HINT)
    if got and got[0] == _turn_key(observe(state)):
        h = got[1]
        st.info(f"**Hint: {action_label(h.action, observe(state))}.**  \n{h.reason}",
                icon=":material/lightbulb:")
        numbers = {k: v for k, v in (h.numbers or {}).items()
                   if isinstance(v, (int, float, str)) and not isinstance(v, bool)}
        if numbers:
            with st.expander("The numbers behind the hint"):
                st.markdown("  \n".join(f"{k.replace('_', ' ')}: **{_number_text(v)}**"
                                         for k, v in numbers.items()))


def _number_text(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3g}"
    return str(v)


def _save_load(state: State) -> None:
    game = state.get(GAME)
    if game is not None:
        # The record holds the whole deck, so it is made only when Save is clicked (on a
        # copy, in Streamlit's download thread), never sent to the page in advance.
        frozen = game.copy()
        st.download_button("Save game", icon=":material/download:", key="play_save",
                           data=lambda: record_text(frozen), on_click="ignore",
                           file_name=f"thirtyone-{state.get(VARIANT, 'game')}-round"
                                     f"{game.round_no}.json",
                           mime="application/json", width="stretch",
                           help="Download this game as a file; load it later to play on.")
    nonce = state.setdefault(UPLOAD_NONCE, 0)
    st.file_uploader("Load a saved game (.json)", type=["json"], key=f"play_upload_{nonce}",
                     on_change=_uploaded, args=(state, f"play_upload_{nonce}"))


def _uploaded(state: State, key: str) -> None:
    f = state.get(key)
    if f is None:
        return
    load_text(state, f.getvalue())
    state[UPLOAD_NONCE] = state.get(UPLOAD_NONCE, 0) + 1  # empty the uploader


# --- setup -----------------------------------------------------------------------------------

def _cfg(state: State) -> dict:
    return state.setdefault(CFG, {})


def _seeded(state: State, key: str, default: Any) -> None:
    """Give a widget its remembered value back after a page switch."""
    if key not in state:
        state[key] = _cfg(state).get(key, default)


def _setup(state: State, variant: Variant) -> None:
    rules = variant.rules
    cfg = _cfg(state)
    lo = max(1, rules.min_players - 1)
    hi = min(6, rules.max_players - 1)
    _seeded(state, "play_w_name", "Sam")
    _seeded(state, "play_w_seed", 31)
    _seeded(state, "play_w_bots", min(max(2, lo), hi))
    if state["play_w_bots"] not in range(lo, hi + 1):
        state["play_w_bots"] = min(max(2, lo), hi)
    c1, c2, c3 = st.columns([2, 1, 1])
    c1.text_input("Your name", key="play_w_name", max_chars=20)
    c2.selectbox("Bots", list(range(lo, hi + 1)), key="play_w_bots",
                 help=f"{variant.name} is for {rules.min_players} to {rules.max_players} "
                      "players.")
    c3.number_input("Seed", min_value=0, max_value=2**31 - 1, step=1, key="play_w_seed",
                    help="The same seed deals the same cards: good for a class playing along.")
    levels = bot_levels(rules.family)
    n_bots = state["play_w_bots"]
    cols = st.columns(min(n_bots, 6))
    for i in range(n_bots):
        key = f"play_w_level_{i}"
        _seeded(state, key, default_level(levels))
        if state[key] not in levels:
            state[key] = default_level(levels)
        cols[i].selectbox(f"{BOT_NAMES[i]} plays", levels, key=key,
                          format_func=lambda lv: lv, help="; ".join(
                              f"{lv}: {LEVEL_HELP.get(lv, '')}" for lv in levels))
    _seeded(state, "play_w_step", "step")
    st.radio("Bot moves", list(STEP_MODES), key="play_w_step", format_func=STEP_MODES.get,
             horizontal=True)
    names = [n for n in HOUSE_RULES.get(rules.family, ())
             if n not in _NOT_FOR_SCORING.get(rules.scoring, ())]
    with st.expander("House rules"):
        # three columns; each call edits its own options in the one shared changes dict,
        # so the last call returns the rules with every change
        cols = st.columns(3)
        per = -(-len(names) // 3)
        house = rules
        for i, col in enumerate(cols):
            house = rules_editor(rules, key=f"play_house_{variant.key}",
                                 names=names[i * per:(i + 1) * per], container=col)
    for k in ("play_w_name", "play_w_seed", "play_w_bots", "play_w_step",
              *(f"play_w_level_{i}" for i in range(n_bots))):
        cfg[k] = state[k]
    cfg["step_mode"] = state["play_w_step"]
    cfg["variant"] = variant.key
    cfg["rules"] = house
    st.button("New game", key="play_new", on_click=_start_from_setup, args=(state,),
              type="primary")


def _start_from_setup(state: State) -> None:
    # Widget values are read from the state directly: a name typed just before the click
    # arrives together with the click, before the page has run again.
    cfg = _cfg(state)

    def get(key: str, default: Any) -> Any:
        return state.get(key, cfg.get(key, default))

    variant = VARIANTS[cfg.get("variant", "scat")]
    rules = cfg.get("rules", variant.rules)
    n_bots = int(get("play_w_bots", 2))
    levels = bot_levels(rules.family)
    chosen = [get(f"play_w_level_{i}", default_level(levels)) for i in range(n_bots)]
    start_game(state, variant, rules, get("play_w_name", "Sam"), chosen,
               int(get("play_w_seed", 31)))


# --- the page ----------------------------------------------------------------------------------

def play_page() -> None:
    """Draw the whole Play page."""
    state = st.session_state
    st.markdown(TABLE_CSS, unsafe_allow_html=True)
    variant = current_variant()
    game = state.get(GAME)
    st.title("Play")
    if game is None:
        st.write(f"Play **{variant.name}** against bots. Choose the table, then *New game*. "
                 "Change the variant in the sidebar.")
    with st.expander("New game: table and house rules", expanded=game is None):
        _setup(state, variant)
    if state.get(ERROR):
        st.error(state[ERROR])
    if state.get(NOTICE):
        st.success(state[NOTICE])
    if game is None:
        return
    playing = variant_of_game(state)
    house = changed_options_text(game.rules, playing.rules)
    st.caption(f"Playing **{playing.name}**" + (f" with house rules: {house}." if house else
                                                 " with its usual rules."))
    if playing.key != variant.key:
        st.caption(f"This game is {playing.name}; the sidebar choice ({variant.name}) is for "
                   "your next new game.")
    left, right = st.columns([3.2, 1.2], gap="medium")
    with left:
        _table(state)
    with right:
        _hint_box(state)
        st.markdown("#### Move log")
        _move_log(state)
        _save_load(state)
