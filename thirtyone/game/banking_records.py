"""Banking Thirty-One games as records (JSON): save, load with validation, replay."""

from __future__ import annotations

from typing import Any

from ..core.cards import CardError
from ..core.errors import IllegalActionError
from ..core.kinds import Family
from ..core.rules import Rules, RulesError, get_variant, preset_of
from ..i18n import _
from .banking import BankingGame, BankingRecordError


def banking_to_record(game: BankingGame) -> dict[str, Any]:
    """The JSON game record of DESIGN.md for a banking game.

    ``dealer`` is the first banker, ``chips`` the chips at the start, ``deck`` the first pack
    from the top (as stacked, or as the seed shuffled it), ``seed`` drives every later shuffle,
    ``actions`` the moves in order (the next round is dealt when a round is over and more
    moves follow) and ``round`` the number of rounds dealt; ``decks``, if any round after the
    first was dealt from a stacked pack of its own, that pack per later round (None: dealt on).
    """
    preset = preset_of(game.rules)
    record: dict[str, Any] = {
        "variant": preset.key,
        "rules": game.rules.to_dict(only_changed_from=preset.rules),
        "players": list(game.players),
        "dealer": game.first_banker,
        "chips": list(game.start_chips),
        "deck": [str(c) for c in game.first_pack],
        "seed": game.seed,
        "actions": list(game.history),
        "round": game.round_no,
    }
    if any(d is not None for d in game.round_decks):
        # the stacked pack of each later round (a class challenge's), None: dealt on
        record["decks"] = [None if d is None else [str(c) for c in d] for d in game.round_decks]
    if game.max_rounds is not None:
        record["max_rounds"] = game.max_rounds
    if any(game.styles):
        record["styles"] = list(game.styles)
    return record


_RECORD_KEYS = {"variant", "rules", "players", "dealer", "chips", "deck", "seed", "actions",
                "round", "max_rounds", "styles", "decks"}


def banking_from_record(record: dict[str, Any]) -> BankingGame:
    """Rebuild a banking game from its record by replaying it; a broken or tampered record is
    refused with the reason (BankingRecordError)."""
    def bad(why: str) -> BankingRecordError:
        return BankingRecordError(_("This banking record cannot be loaded: {why}").format(why=why))

    if not isinstance(record, dict):
        raise bad(_("it is not a JSON object."))
    unknown = set(record) - _RECORD_KEYS
    if unknown:
        raise bad(_("unknown field(s) {fields}.").format(fields=", ".join(sorted(unknown))[:200]))
    try:
        rules = Rules.from_dict(record.get("rules", {}), get_variant(str(record.get("variant"))).rules)
    except (RulesError, TypeError, ValueError) as e:
        raise bad(str(e)) from None
    if rules.family is not Family.BANKING:
        raise bad(_("its variant is {variant}, not 'banking' or another banking "
                    "preset.").format(variant=repr(record.get("variant"))[:60]))
    styles = record.get("styles")
    if styles is not None and not (isinstance(styles, list) and all(
            st is None or isinstance(st, str) for st in styles)):
        raise bad(_("'styles' must be a list with a bot level or null per player."))
    players = record.get("players", 2)
    if not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        raise bad(_("'players' must be a list of names."))
    for key in ("dealer", "seed", "round"):
        v = record.get(key, 0)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise bad(_("'{field}' must be a whole number of 0 or more.").format(field=key))
    deck = record.get("deck", [])
    actions = record.get("actions", [])
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise bad(_("'deck' must be a list of card texts."))
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise bad(_("'actions' must be a list of move texts."))
    decks = record.get("decks") or []
    if not isinstance(decks, list) or not all(
            d is None or (isinstance(d, list) and all(isinstance(c, str) for c in d))
            for d in decks):
        raise bad(_("'decks' must be a list with a list of card texts or null per later "
                    "round."))
    try:
        game = BankingGame(rules, players, banker=record.get("dealer", 0),
                           seed=record.get("seed", 0), deck=deck, chips=record.get("chips"),
                           max_rounds=record.get("max_rounds"))
    except (ValueError, CardError) as e:
        raise bad(str(e)) from None
    if styles is not None:
        if len(styles) != game.n:
            raise bad(_("'styles' must have one entry per player ({n}).").format(n=game.n))
        game.styles = tuple(styles)
    def deal_next() -> None:
        k = game.round_no - 1            # decks[0] is round 2's
        try:
            game.next_round(decks[k] if k < len(decks) else None)
        except CardError as e:
            raise bad(_("'decks': {why}").format(why=e)) from None

    for i, text in enumerate(actions, start=1):
        try:
            # a round may end on the deal with no move at all (a banker's natural)
            while game.round_over and not game.game_over:
                deal_next()
            game.apply(text)
        except IllegalActionError as e:
            raise bad(_("move {i} ('{move}') is not allowed: {why}").format(
                i=i, move=str(text)[:60], why=e)) from None
    target = record.get("round", game.round_no)
    if target < game.round_no:
        raise bad(_("'round' is {target} but the moves reach round {n}.").format(
            target=target, n=game.round_no))
    while game.round_no < target:
        if not game.round_over or game.game_over:
            raise bad(_("'round' is {target} but the moves reach only round {n}.").format(
                target=target, n=game.round_no))
        deal_next()
    return game


def banking_replay(record: dict[str, Any]) -> dict[str, Any]:
    """What ``thirtyone replay --json`` prints for a banking record: the public events, the
    chips, whether the game is over and who won (raises BankingRecordError like loading)."""
    game = banking_from_record(record)
    return {"events": [e.text for e in game.log if e.private_to is None],
            "rounds": game.round_no, "talia": game.talia, "banker": game.banker,
            "chips": list(game.chips), "over": game.game_over, "winner": game.winner}
