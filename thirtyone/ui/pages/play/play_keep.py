"""The solo Play game kept in the store, so a reload, a lost connection or a server restart
loses nothing.

``keep(state)`` runs at the top of every run of the Play page, after the click's callback has
changed the game: it writes the game for this tab's learner (``identity``; slot ``"play"``)
whenever what is kept has changed since the last write, so once per click however many moves
the bots made in it. ``keep`` also brings the game back: in a session with a ``me`` token and
no game yet, the kept game is replayed from its full record (every card, the same random
generator, so the next round is dealt as it would have been) and the page state around it
(variant, your seat, bot levels and their own generator, earlier rounds' logs, which log
lines are new, the setup choices, the message shown) is put back as it was.

What is kept never leaves the server: it holds every hidden card. A kept game that cannot be
read or replayed (damaged, from another version) is dropped with one sentence, and the page
starts from its setup. Without a store, Play works as before and nothing is kept.

A teacher scenario or a replay (``/play?scenario=...``, "Replay this game") only looks: it
never changes ``play_game``, so it never overwrites the kept game; the kept game waits under
the replay and is written again only when the player plays on at the table.

The text functions take the session state as an argument, so tests drive them with a dict.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from thirtyone.game import game_from_record, game_to_record
from thirtyone.i18n import N_, _
from thirtyone.store import StoreError
from thirtyone.ui.widgets.table_state import (
    SESSION,
    PlaySession,
    State,
    session,
)

SLOT = "play"
FORMAT = "thirtyone-play-1"
MAX_TEXT = 1_000_000           # characters of a kept game read back (a long game is ~30 KB)
WRITTEN = "play_keep_written"  # the text last written (or read back): unchanged -> no write
TRIED = "play_keep_tried"      # the restore was tried once in this session
UNSAVED = "play_keep_unsaved"  # why the last change could not be kept (one sentence), or None
DROPPED = N_("The game kept for you could not be brought back, so a new one starts from "
             "the setup.")


def _cfg_kept(cfg: dict) -> dict:
    """The setup choices worth keeping: plain JSON values only (not the Rules object)."""
    out = {}
    for k, v in cfg.items():
        if k in ("rules", "variant", "levels_variant"):
            continue
        try:
            json.dumps(v)
        except (TypeError, ValueError):
            continue
        out[k] = v
    return out


def to_text(state: State) -> str | None:
    """What is kept of the game in ``state``, as JSON text (None without a game)."""
    game = session(state).game
    if game is None:
        return None
    rng = session(state).bot_rng
    kept = {
        "format": FORMAT,
        "record": game_to_record(game),
        "variant": session(state).variant,
        "you": session(state).you,
        "levels": list(session(state).levels or []),
        "bot_rng": rng.bit_generator.state if rng is not None else None,
        "past": [[n, list(lines)] for n, lines in session(state).past or []],
        "mark": session(state).mark or 0,
        "after_mine": session(state).after_mine or 0,
        "cfg": _cfg_kept(session(state).cfg or {}),
        "notice": session(state).notice,
        "error": session(state).error,
    }
    return json.dumps(kept, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _bot_rng(saved: Any) -> np.random.Generator:
    bitgen = getattr(np.random, saved["bit_generator"])()
    bitgen.state = saved
    return np.random.Generator(bitgen)


def _parse(text: str) -> dict:
    """The kept game's fields, checked; raises ValueError/KeyError/TypeError if damaged."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ValueError("too large")
    kept = json.loads(text)
    if not isinstance(kept, dict) or kept.get("format") != FORMAT:
        raise ValueError("not a kept game")
    game = game_from_record(kept["record"])
    you = kept["you"]
    if not isinstance(you, int) or not 0 <= you < game.n:
        raise ValueError("seat")
    levels = kept["levels"]
    if not isinstance(levels, list) or len(levels) != game.n:
        raise ValueError("levels")
    past = [(int(n), [str(t) for t in lines]) for n, lines in kept["past"]]
    return {"game": game, "variant": str(kept["variant"]), "you": you, "levels": levels,
            "bot_rng": _bot_rng(kept["bot_rng"]) if kept["bot_rng"] else
            np.random.default_rng(31), "past": past, "mark": int(kept["mark"]),
            "after_mine": int(kept["after_mine"]), "cfg": dict(kept["cfg"]),
            "notice": kept.get("notice"), "error": kept.get("error")}


def from_text(state: State, text: str) -> bool:
    """Put the kept game ``text`` back into ``state``. A damaged one changes nothing but the
    message (one sentence) and returns False."""
    try:
        got = _parse(text)
    except Exception:  # noqa: BLE001 - whatever is wrong with it, drop it, keep the page
        session(state).error = _(DROPPED)
        return False
    ps = session(state)
    ps.cfg.update(got.pop("cfg"))
    if ps.cfg.get("play_w_step"):
        ps.cfg["step_mode"] = ps.cfg["play_w_step"]
    state[SESSION] = PlaySession(**got, cfg=ps.cfg, upload_nonce=ps.upload_nonce)
    state[WRITTEN] = to_text(state)
    return True


def _learner_store(make: bool) -> tuple[Any, Any]:
    from thirtyone.ui.shell import identity
    from thirtyone.ui.shell.store import store_or_none

    if not make and not identity.token():
        return None, None     # no token: nothing to bring back, no need to open the store
    store = store_or_none()
    if store is None:
        return None, None
    learner = identity.ensure_learner(store) if make else identity.current_learner(store)
    return store, learner


def keep(state: State) -> None:
    """Bring the kept game back (new session, no game yet), else write the game if it
    changed. Never raises: a store that fails only means nothing is kept this time."""
    try:
        if session(state).game is None:
            if not state.get(TRIED):
                state[TRIED] = True
                store, learner = _learner_store(make=False)
                text = store.load_game(learner.id, SLOT) if learner is not None else None
                if text is not None:
                    from_text(state, text)
            return
        state[TRIED] = True
        text = to_text(state)
        if text == state.get(WRITTEN):
            return
        store, learner = _learner_store(make=True)
        if learner is not None:
            store.save_game(learner.id, SLOT, text)
            state[WRITTEN] = text
            state[UNSAVED] = None
    except StoreError as e:  # busy, full or read-only: the game stays on screen, unsaved
        state[UNSAVED] = str(e)
    except Exception:  # noqa: BLE001 - a store that fails: the page goes on, unsaved
        return
