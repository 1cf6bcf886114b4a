"""The words of the Play page: names, help texts, move labels, whose turn it is, counters.

Everything that differs by family is a table here, keyed by ``rules.family``, so no code
branches on a family.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.actions import (
    Action,
    Discard,
    Draw,
    Hit,
    Knock,
    NoRestart,
    Pass,
    Restart,
    Stand,
    Stay,
    Swap,
    SwapAll,
    SwitchClosed,
    SwitchOpen,
    Take,
)
from ..core.cards import Card, CardError
from ..core.rules import Rules, Variant, life_words
from ..core.scoring import score
from ..core.text import plural

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
           "same_rank", "three_of_a_kind", "fire", "blitz_effect", "blitz_after_knock")


HOUSE_RULES = {
    "draw": _COMMON + ("may_discard_taken_card", "stock_out", "points_to_win"),
    "swap": _COMMON + ("allow_pass", "allow_swap_all", "dealer_two_hands", "stock_out"),
    "switch": _COMMON,
    "widow": ("chips", "ante", "tie_break", "knock_from", "same_rank", "three_of_a_kind",
              "fire", "blitz_effect"),
    "banking": ("chips", "natural_pays", "bust_pays", "win_pays", "one_banker",
                "anticlockwise", "packs"),
}


# Options that mean nothing under some ways of keeping score.
NOT_FOR_SCORING = {"points": ("lives", "extra_life", "knocker_alone_lowest", "knocker_tied"),
                    "chips": ("lives", "extra_life", "knocker_alone_lowest", "knocker_tied",
                              "points_to_win"),
                    "lives": ("points_to_win", "chips", "ante")}


# What the player to move may do, by family; "knock" (or "stand" on a last turn) is added
# when the move is legal now (not before the second circle under that house rule).
TURN_WORDS = {"draw": ("draw a card", "take the top discard"),
              "swap": ("swap with the middle",),
              "switch": ("swap with the open hand", "switch hands"),
              "widow": ("exchange cards with the widow",),
              "banking": ("buy a card", "stay")}
# The dealer's name at the table; banking's dealer holds the bank.
DEALER_WORD = {"banking": "banker"}
ENDED_WORDS = {"knock": "after a knock", "blitz": "by a blitz (31)",
               "fire": "by fire (three aces)", "stock": "when the stock ran out",
               "void": "void: nobody loses", "showdown": "at the showdown"}
# The event kinds that say why a round ended as it did (shown under the showdown).
SHOWDOWN_KINDS = ("lose", "safe", "blitz", "fire", "void", "points", "pot", "out", "extra_life",
                  "tie", "stock_out", "pay", "bust", "natural", "banker_bust", "banker_natural",
                  "talia", "bank_passes", "no_punters", "game_over", "restart", "no_restart")


def house_rule_names(rules: Rules) -> list[str]:
    """The house rules the Play page offers for ``rules``."""
    return [n for n in HOUSE_RULES.get(rules.family, ())
            if n not in NOT_FOR_SCORING.get(rules.scoring, ())]


def sorted_levels(levels: Sequence[str]) -> list[str]:
    """Bot levels weakest first."""
    return sorted(levels, key=lambda k: LEVEL_ORDER.index(k) if k in LEVEL_ORDER else 99)


def default_level(levels: Sequence[str]) -> str:
    for lv in ("standard", "basic"):
        if lv in levels:
            return lv
    return levels[0]


def chips_text(c: int) -> str:
    return f"{abs(c)} chip" + ("" if abs(c) == 1 else "s")


def change_text(variant: Variant, rules: Rules, result: Any, seat: int,
                out: bool = False) -> str:
    """What the round cost or paid ``seat``: lives lost, points or chips won. ``out``: the
    seat is out of the game after this round (a loss on the extra life puts a player out,
    whatever it would have cost)."""
    if result is None:
        return ""
    if rules.scoring == "lives" and result.lives_lost and result.lives_lost[seat]:
        if out:
            return "loses and is out of the game"
        name, many = life_words(rules)
        return f"loses {plural(result.lives_lost[seat], name, many)}"
    if rules.scoring == "points" and result.points_won:
        return f"+{plural(result.points_won[seat], 'point')}"
    if rules.scoring == "chips" and result.chips_won:
        c = result.chips_won[seat]
        return f"takes {chips_text(c)}" if c > 0 else (f"pays {chips_text(c)}" if c < 0 else "")
    return ""


def counter_text(variant: Variant, obs: Any, seat: int) -> str:
    """Lives, points or chips of one seat, named the variant's way."""
    rules = obs.rules
    if obs.out[seat]:
        return "out of the game"
    if rules.scoring == "lives":
        # Named from the rules, as the game's own messages are (not the page's variant).
        n = obs.lives[seat]
        name, many = life_words(rules)
        if n == 0:
            return f"{life_words(rules, extra=True)}: no {many} left"
        return plural(n, name, many)
    if rules.scoring == "points":
        return f"{obs.points[seat]} of {rules.points_to_win} points"
    n = obs.chips[seat]
    return f"{n} chip" + ("" if n == 1 else "s")


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
        if obs.phase == "choose":
            return "Keep this hand"
        return "Stand (keep my hand)"
    if isinstance(action, SwapAll):
        if obs.phase == "choose":
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
    if isinstance(action, Restart):
        return "Call a restart"
    if isinstance(action, NoRestart):
        return "No restart"
    if isinstance(action, Hit):
        return "Buy a card"
    if isinstance(action, Stay):
        return "Stay"
    return str(action)


def action_key(action: Action) -> str:
    """The widget key of a move button; browser tests click ``.st-key-<key> button``."""
    text = str(action).replace(" ", "_").replace(",", "-").replace("#", "n")
    return f"play_act_{text}"


def turn_words(obs: Any, you: int) -> str:
    if obs.game_over:
        return "The game is over."
    if obs.round_over:
        return "The round is over."
    seat = obs.to_move
    if seat is None:
        return ""
    if obs.phase == "restart":
        if seat != you:
            return f"Showdown: {obs.players[seat]} decides whether to call a restart."
        return ("Showdown: your three cards of one suit are worth more than 21, so you may "
                "call a restart (the round is void and your hand becomes the open hand) or "
                "let the showdown stand.")
    if seat != you:
        final = " (last turn after the knock)" if obs.knocker is not None else ""
        return f"{obs.players[seat]} to move{final}."
    phase = obs.phase
    if phase == "discard":
        return "Your turn: discard one card."
    if phase == "choose":
        return "Your turn: you are the dealer; keep this hand or take the other one."
    last = obs.knocker is not None
    lead = "Your last turn after the knock" if last else "Your turn"
    what = list(TURN_WORDS.get(obs.rules.family, ("move",)))
    legal = obs.legal_actions
    if last and any(isinstance(a, Stand) for a in legal):
        what.append("stand")
    knock = next((a for a in legal if isinstance(a, Knock)), None)
    if knock is not None and not last:
        what.append(action_label(knock, obs).lower())
    return f"{lead}: {or_list(what)}."


def or_list(items: Sequence[str]) -> str:
    """'a', 'a or b', 'a, b, or c'."""
    if len(items) <= 2:
        return " or ".join(items)
    return ", ".join(items[:-1]) + ", or " + items[-1]


def value_text(cards: Sequence[Card], rules: Rules) -> str:
    try:
        s = score(cards, rules)
    except (CardError, ValueError):
        return ""
    if rules.hand_value == "brag":
        return s.label
    return s.name


def hand_note(obs: Any) -> str:
    """``your hand: 21 (hearts)`` while you hold three cards (or a banking hand)."""
    hand = obs.hand
    if not hand or obs.round_over:
        return ""
    if obs.phase != "discard":  # a whole hand (not four cards, one to discard)
        value = value_text(hand, obs.rules)
        return f"your hand: {value}" if value else ""
    return "four cards: discard one"


def number_text(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3g}"
    return str(v)
