"""Game records (DESIGN.md "Game record"): save, load and replay a table game as JSON.

A record names the variant and its changed options, the players (and, optionally, how each
is known to play: a bot level, or null for a person), the first dealer, the starting lives
(optional), the deck and the moves in their canonical text:

>>> rec = {"variant": "schwimmen", "players": ["Tom", "You", "Lena"], "dealer": 0,
...        "deck": "AH TH AS 8H 9H QH KS 8D 9S KH 7C TD".split(),
...        "actions": ["swap KS KH", "pass", "swap QH KS", "swap 8H QH"]}
>>> g = game_from_record(rec)
>>> g.round_result.ended_by, g.round_result.lives_lost
('blitz', (0, 0, 1))

Moves are applied in order to whoever is to move; when a round is over and more moves (or
rounds) follow, the next round is dealt. ``deck`` stacks round 1 from the top (the cards
not listed follow in the pack's order) unless ``deck_shuffled`` is true, in which case the
deck came from the game's generator and is checked against it. Later rounds are shuffled by
the game's generator (``rng_state``, else ``seed``, else seed 0) unless ``decks`` stacks them.

A saved game in progress (``save_game``) also carries ``rounds`` and a ``state`` snapshot;
loading replays every move and refuses the file, with the reason, if anything does not fit:
an unknown option, a card twice or missing, a wrong count of players or lives, an illegal
move, or a state (hands, whose turn, lives ...) that the moves do not lead to.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, cast

import numpy as np

from ..core.actions import parse_action
from ..core.cards import Card, CardError, parse_card
from ..core.errors import IllegalActionError
from ..core.events import Event
from ..core.rules import Rules, RulesError, get_variant, preset_of
from ..i18n import N_, _
from .banking import BankingGame
from .banking_records import banking_from_record, banking_replay, banking_to_record
from .families import family_class, is_table_family
from .message import lives_word
from .registry import AnyGame, is_banking
from .table import Game, new_game, stacked_deck

RECORD_KEYS = {"variant", "rules", "players", "dealer", "lives", "deck", "deck_shuffled",
               "decks", "seed", "rng_state", "actions", "rounds", "state", "format",
               "styles", "shows_every_card"}
FORMAT = "thirtyone-game-1"

# Files and links are hostile input: a record is read only when it is small and flat enough.
MAX_RECORD_BYTES = 64 * 1024     # a long game of many rounds is a few kilobytes
MAX_MOVES = 5_000                # far more than any real game
MAX_DEPTH = 16                   # a record nests a few levels (the saved rng state is 3)


class RecordError(ValueError):
    """A record that cannot be read or does not add up; the message says why."""


# --- writing ------------------------------------------------------------------------------

def variant_for(rules: Rules) -> tuple[str, dict[str, Any]]:
    """The preset ``rules`` were made from (``preset_of``: else the closest) and the
    changes."""
    v = preset_of(rules)
    return v.key, _jsonable(rules.to_dict(only_changed_from=v.rules))


def record_variant(rules: Rules) -> tuple[str, dict[str, Any]]:
    """``variant_for`` as a record or a saved game writes it: a widow-family record always
    names ``widow_only`` (``record_rules``: a record without it is older than the option)."""
    key, changes = variant_for(rules)
    for name in family_class(rules).always_recorded:
        changes[name] = getattr(rules, name)
    return key, changes


def _jsonable(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, np.ndarray):
        return x.tolist()
    if isinstance(x, np.integer):
        return int(x)
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def game_to_record(game: AnyGame) -> dict[str, Any]:
    """Everything needed to replay ``game`` (table or banking) to exactly where it is now."""
    if isinstance(game, BankingGame):
        return banking_to_record(game)
    key, changes = record_variant(game.rules)
    decks = []
    for i, d in enumerate(game.round_decks[1:], start=2):
        decks.append([str(c) for c in d] if i in game.stacked_rounds else None)
    rec: dict[str, Any] = {
        "format": FORMAT,
        "variant": key,
        "rules": changes,
        "players": list(game.players),
        "styles": list(game.styles),
        "dealer": game.first_dealer,
        "lives": list(game.start_counters),
        "deck": [str(c) for c in game.round_decks[0]] if game.round_decks else [],
        "deck_shuffled": 1 not in game.stacked_rounds,
        "decks": decks,
        "rng_state": _jsonable(game.initial_rng_state),
        "actions": [a for rnd in game.history for a in rnd],
        "rounds": game.round_no,
        "state": game.snapshot(),
    }
    return rec


def save_game(game: AnyGame) -> str:
    """The game as JSON text (a record with a snapshot of the state)."""
    return json.dumps(game_to_record(game), ensure_ascii=False, indent=1)


# --- reading ------------------------------------------------------------------------------

def _need(cond: bool, why: str, **fields: Any) -> None:
    """Refuse the record with ``why`` (an ``N_`` message, translated now) unless ``cond``."""
    if not cond:
        raise RecordError(_(why).format(**fields) if why else why)


def _card_list(value: Any, what: str) -> list[Card]:
    _need(isinstance(value, list) and all(isinstance(c, str) for c in value),
          N_("'{what}' must be a list of card texts such as \"AH\"."), what=what)
    try:
        return [parse_card(c) for c in value]
    except CardError as e:
        raise RecordError(f"'{what}': {e}") from None


def _rng_from(rec: dict[str, Any]) -> np.random.Generator:
    state = rec.get("rng_state")
    if state is not None:
        try:
            name = state["bit_generator"]
            bitgen = getattr(np.random, name)()
            bitgen.state = state
            return np.random.Generator(bitgen)
        except Exception:  # noqa: BLE001 - any damage to the state is one clear error
            raise RecordError(_("The saved random state ('rng_state') is damaged.")) from None
    seed = rec.get("seed", 0)
    _need(seed is None or (isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0),
          N_("'seed' must be a whole number of 0 or more."))
    return np.random.default_rng(seed)


def record_rules(rec: Any) -> Rules:
    """The rules a record is played by: its preset (``variant``) with its changes.

    A widow-family record that does not name ``widow_only`` was written before Kitty kept
    its stock (RULES.md 3c), when a turn was only an exchange or a knock: it replays as
    ``widow_only`` so that its moves mean what they meant (records written now always name
    the option, ``variant_for``).
    """
    _need(isinstance(rec, dict), N_("A game record is a JSON object."))
    _need("variant" in rec, N_("The record names no 'variant'."))
    try:
        changes = rec.get("rules") or {}
        rules = Rules.from_dict(changes, get_variant(rec["variant"]).rules)
        older = {k: v for k, v in family_class(rules).older_record_defaults.items()
                 if k not in changes}
        return rules.replace(**older) if older else rules
    except (RulesError, ValueError, TypeError) as e:
        raise RecordError(str(e)) from None


def game_from_record(rec: Any, events: list[Event] | None = None,
                     rng: np.random.Generator | None = None) -> AnyGame:
    """Replay a record into a game, checking everything; ``events`` collects what happened.
    A record of the banking family (under any preset) is replayed by the banking engine.
    ``rng`` (table games) replaces the record's own generator for the rounds it does not
    stack (``saves`` deals a round afresh with it).

    Raises ``RecordError`` (a ValueError) with the reason for a broken or tampered record and
    ``IllegalActionError`` naming the first illegal move.
    """
    if is_banking(record_rules(rec)):
        game = banking_from_record(rec)
        if events is not None:
            events.extend(game.log)
        return game
    return _table_from_record(rec, events, rng)


def _table_from_record(rec: dict[str, Any], events: list[Event] | None = None,
                       fresh: np.random.Generator | None = None) -> Game:
    _need(isinstance(rec, dict), N_("A game record is a JSON object."))
    unknown = sorted(set(rec) - RECORD_KEYS)
    _need(not unknown, N_("Unknown field '{field}' in the record; fields are: {fields}."),
          field=unknown[0][:40] if unknown else "", fields=", ".join(sorted(RECORD_KEYS)))
    rules = record_rules(rec)
    _need(is_table_family(rules),
          N_("Records of the {family} family are not table games."), family=rules.family)
    players = rec.get("players")
    _need(isinstance(players, list) and all(isinstance(p, str) for p in players),
          N_("'players' must be a list of names."))
    styles = rec.get("styles")
    _need(styles is None or (isinstance(styles, list) and all(st is None or isinstance(st, str)
                                                             for st in styles)),
          N_("'styles' must be a list with a bot level or null per player."))
    dealer = rec.get("dealer", 0)
    _need(isinstance(dealer, int) and not isinstance(dealer, bool),
          N_("'dealer' must be a seat number."))
    lives = rec.get("lives")
    _need(lives is None or isinstance(lives, list),
          N_("'lives' must be a list, one per player."))
    actions = rec.get("actions", [])
    _need(isinstance(actions, list) and all(isinstance(a, str) for a in actions),
          N_("'actions' must be a list of moves such as \"draw\" or \"discard 9S\"."))
    deck = _card_list(rec.get("deck", []), "deck")
    shuffled = rec.get("deck_shuffled", False)
    _need(isinstance(shuffled, bool), N_("'deck_shuffled' must be true or false."))
    decks = rec.get("decks") or []
    _need(isinstance(decks, list), N_("'decks' must be a list (one entry per later round)."))
    later = [None if d is None else _card_list(d, f"decks[{i}]") for i, d in enumerate(decks)]
    rounds = rec.get("rounds")
    _need(rounds is None or (isinstance(rounds, int) and not isinstance(rounds, bool)
                             and rounds >= 1), N_("'rounds' must be a whole number from 1."))
    rng = _rng_from(rec) if fresh is None else fresh
    try:
        stacked_deck(deck, rules.pack)           # a card twice or outside the pack
    except CardError as e:
        raise RecordError(f"'deck': {e}") from None
    try:
        game = new_game(rules, cast("list[str]", players), rng=rng,  # names: checked above
                        deck=None if shuffled else deck, dealer=dealer, lives=lives, styles=styles)
    except CardError as e:
        raise RecordError(f"'deck': {e}") from None
    except IllegalActionError:
        raise
    except ValueError as e:
        raise RecordError(str(e)) from None
    if shuffled and [str(c) for c in game.round_decks[0]] != [str(c) for c in deck]:
        raise RecordError(_("The deck of round 1 is not the one the saved shuffle deals: the "
                            "record was changed."))
    out = events if events is not None else []
    out.extend(game.log)

    def deal_next() -> None:
        k = game.round_no - 1  # index into later rounds
        stacked = later[k] if k < len(later) else None
        try:
            out.extend(game.next_round(stacked))
        except CardError as e:
            raise RecordError(f"'decks': {e}") from None

    for i, text in enumerate(actions, start=1):
        while game.round_over and not game.game_over:
            deal_next()
        if game.game_over:
            raise IllegalActionError(_("Move {i} '{move}' comes after the end of the game.")
                                     .format(i=i, move=text[:60]))
        try:
            out.extend(game.apply(text))
        except IllegalActionError as e:
            raise IllegalActionError(_("Move {i} '{move}' is illegal: {why}").format(
                i=i, move=text[:60], why=e)) from None
    if rounds is not None:
        while game.round_no < rounds and game.round_over and not game.game_over:
            deal_next()
        _need(game.round_no == rounds, N_("The record says {rounds} rounds were dealt, but its "
                                          "moves lead to round {n}."), rounds=rounds, n=game.round_no)
    _check_state(game, rec.get("state"))
    return game


def _check_state(game: Game, state: Any) -> None:
    """The saved ``state`` snapshot (if any) must be what the moves lead to."""
    if state is not None:
        _need(isinstance(state, dict), N_("'state' must be an object."))
        now = game.snapshot()
        for k, v in state.items():
            _need(k in now, N_("Unknown field '{field}' in 'state'."), field=str(k)[:40])
            _need(now[k] == v, N_("The saved '{field}' does not match what the moves lead to: "
                                  "the file was changed or damaged."), field=k)
    try:
        game.card_places()
    except ValueError as e:
        raise RecordError(str(e)) from None


def _nesting(text: str) -> int:
    """How deeply the JSON ``text`` nests its lists and objects (strings are skipped)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def read_record_text(data: str | bytes) -> Any:
    """The JSON value in a record file's text or bytes, read safely: at most
    ``MAX_RECORD_BYTES``, nested at most ``MAX_DEPTH`` deep, at most ``MAX_MOVES`` moves; a
    UTF-8 byte-order mark (Windows Notepad) is skipped. Raises ``RecordError`` saying why."""
    size = len(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
    _need(size <= MAX_RECORD_BYTES, N_("The file is too large: a saved game is at most {n} KB."),
          n=MAX_RECORD_BYTES // 1024)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(_("The file is not a saved game: it is not text.")) from None
    text = data.removeprefix("\ufeff")
    _need(_nesting(text) <= MAX_DEPTH, N_("The file is not a saved game: its lists and objects "
                                          "nest more than {n} levels deep."), n=MAX_DEPTH)
    try:
        rec = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as e:
        if isinstance(e, json.JSONDecodeError):
            raise RecordError(_("The file is not a saved game: it is not valid JSON (line {n}).")
                              .format(n=e.lineno)) from None
        raise RecordError(_("The file is not a saved game: it is not valid JSON.")) from None
    moves = rec.get("actions") if isinstance(rec, dict) else None
    _need(not isinstance(moves, list) or len(moves) <= MAX_MOVES,
          N_("The record has {moves} moves; a saved game has at most {n}."),
          moves=f"{len(moves) if isinstance(moves, list) else 0:,}", n=f"{MAX_MOVES:,}")
    return rec


def load_game(text: str | bytes) -> AnyGame:
    """A game from JSON text written by ``save_game`` (or any valid record)."""
    return game_from_record(read_record_text(text))


# --- thirtyone replay ---------------------------------------------------------------------

def _value(v: Any) -> Any:
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


def replay_data(game: Game, events: list[Event]) -> dict[str, Any]:
    """The ``replay --json`` output for a replayed game."""
    rounds = [{"ended_by": r.ended_by, "values": [_value(v) for v in r.values],
               "lives_lost": list(r.lives_lost), "knocker": r.knocker}
              for r in game.results]
    return {"events": [e.text for e in events if e.private_to is None],
            "rounds": rounds, "lives": game.counters(), "over": game.game_over,
            "winner": game.winner}


def replay_command(path: Path | str) -> tuple[dict[str, Any], str]:
    """``thirtyone replay FILE``: (JSON data, text for people). Bad files raise ValueError."""
    p = Path(path)
    try:
        with p.open("rb") as f:     # a bounded read: /dev/zero or a huge file is refused
            raw = f.read(MAX_RECORD_BYTES + 1)
    except OSError as e:
        raise RecordError(_("Cannot read '{path}': {why}.").format(path=p, why=e.strerror or e)) \
            from None
    try:
        rec = read_record_text(raw)
    except RecordError as e:
        raise RecordError(f"'{p}': {e}") from None
    if is_banking(record_rules(rec)):
        return _banking_replay(rec)
    events: list[Event] = []
    game = _table_from_record(rec, events)
    data = replay_data(game, events)
    lines = list(data["events"])
    what = str(lives_word(game.life_name)) if game.rules.scoring == "lives" else (
        _("points") if game.rules.scoring == "points" else _("chips"))
    lines.append(_("{what}: {counts}").format(what=what[:1].upper() + what[1:], counts=", ".join(
        (_("{name} {n} (out)") if game.out[s] else _("{name} {n}")).format(name=name, n=c)
        for s, (name, c) in enumerate(zip(game.players, data["lives"], strict=True)))))
    if game.game_over:
        lines.append(_("Game over: a draw.") if game.winner is None
                     else _("Game over: {who} wins.").format(who=game.players[game.winner]))
    elif game.round_over:
        lines.append(_("The round is over; the game goes on."))
    else:
        lines.append(_("The game goes on: {who} is to move.").format(
            who=game.players[game.to_move]) if game.to_move is not None
            else _("The game goes on."))
    return data, "\n".join(lines)


def _banking_replay(rec: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """Banking records are replayed by ``game.banking``."""
    data = banking_replay(rec)
    lines = list(data["events"])
    lines.append(_("Chips: {counts}").format(counts=", ".join(str(c) for c in data["chips"])))
    if data["over"]:
        names = rec.get("players")
        w = data["winner"]
        who = (names[w] if isinstance(names, list) and isinstance(w, int) and 0 <= w < len(names)
               else _("seat {n}").format(n=w))
        lines.append(_("Game over: a draw.") if w is None
                     else _("Game over: {who} wins.").format(who=who))
    return data, "\n".join(lines)


__all__ = ["RecordError", "record_variant", "game_to_record", "game_from_record", "record_rules", "save_game",
           "load_game", "read_record_text", "MAX_RECORD_BYTES", "MAX_MOVES",
           "replay_command", "replay_data", "variant_for", "parse_action"]
