"""The words of the Play page: names, help texts, move labels, whose turn it is, counters.

What differs by family is a fact of the family's class (``game.families.family_class``),
so no code here branches on a family's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from thirtyone.bots import BOT_NAMES as ALL_BOT_NAMES
from thirtyone.core import (
    LEVEL_ORDER,
    Action,
    Card,
    CardError,
    Discard,
    Draw,
    Exchange,
    Family,
    Hit,
    Knock,
    NoRestart,
    Pass,
    Restart,
    Rules,
    Stand,
    Stay,
    Swap,
    SwapAll,
    SwitchClosed,
    SwitchOpen,
    Take,
    Variant,
    life_words,
    score,
)
from thirtyone.game import count_msg, extra_life_word, family_class, lives_word
from thirtyone.i18n import N_, _, ngettext, pgettext

PLAY_MAX_BOTS = 6                        # Play seats you and at most six bots
BOT_NAMES = ALL_BOT_NAMES[:PLAY_MAX_BOTS]


# shown text: English msgids, translated where shown (``_(LEVEL_HELP[k])``, or the
# functions below)
LEVEL_HELP = {"random": N_("any legal move"), "basic": N_("the fixed beginner policy"),
              "standard": N_("knock bars that grow each turn, looks one draw ahead, "
                             "remembers discards"),
              "expert": N_("weighs the odds of every move, plays the round out before "
                           "knocking (heads-up: before every move), and expects each bot to "
                           "play its level")}


STEP_MODES = {"step": N_("One at a time (click Next)"), "auto": N_("Automatic, one a second"),
              "fast": N_("All at once")}


# Options that mean nothing under some ways of keeping score.
NOT_FOR_SCORING = {"points": ("lives", "extra_life", "knocker_alone_lowest", "knocker_tied"),
                    "chips": ("lives", "extra_life", "knocker_alone_lowest", "knocker_tied",
                              "points_to_win"),
                    "lives": ("points_to_win", "chips", "ante")}


ENDED_WORDS = {"knock": N_("after a knock"), "blitz": N_("by a blitz (31)"),
               "fire": N_("by fire (three aces)"), "stock": N_("when the stock ran out"),
               "void": N_("void: nobody loses"), "showdown": N_("at the showdown")}


def move_words(rules: Rules) -> tuple[str, ...]:
    """What a turn may do under ``rules`` (English msgids): the family's moves, after the
    draw and the take wherever a turn may draw (Kitty with its stock). "Knock" (or "stand"
    on a last turn) is added where the move is legal now."""
    words = family_class(rules).turn_words
    if rules.draws and "stock" not in family_class(rules).middle_parts:
        words = family_class(Family.DRAW).turn_words + words
    return words


def level_help(level: str) -> str:
    """What a bot level does, in the current language."""
    return _(LEVEL_HELP[level]) if level in LEVEL_HELP else ""


def step_mode_label(mode: str) -> str:
    """How the bots' moves are shown, in the current language."""
    return _(STEP_MODES[mode]) if mode in STEP_MODES else mode


def dealer_word(rules: Rules | str) -> str:
    """'dealer', or 'banker' in banking (its dealer holds the bank), in the current
    language; ``rules`` may also be a family."""
    return _(family_class(rules).dealer_word)


def ended_words(ended_by: str) -> str:
    """How a round ended ('after a knock'), in the current language."""
    return _(ENDED_WORDS[ended_by]) if ended_by in ENDED_WORDS else ended_by
# The event kinds that say why a round ended as it did (shown under the showdown).
SHOWDOWN_KINDS = ("lose", "safe", "blitz", "fire", "void", "points", "pot", "out", "extra_life",
                  "tie", "stock_out", "pay", "bust", "natural", "banker_bust", "banker_natural",
                  "talia", "bank_passes", "no_punters", "game_over", "restart", "no_restart")


def house_rule_names(rules: Rules) -> list[str]:
    """The house rules the Play page offers for ``rules``."""
    return [n for n in family_class(rules).house_rules
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
    return ngettext("{n} chip", "{n} chips", abs(c)).format(n=abs(c))


def change_text(variant: Variant, rules: Rules, result: Any, seat: int,
                out: bool = False) -> str:
    """What the round cost or paid ``seat``: lives lost, points or chips won. ``out``: the
    seat is out of the game after this round (a loss on the extra life puts a player out,
    whatever it would have cost)."""
    if result is None:
        return ""
    if rules.scoring == "lives" and result.lives_lost and result.lives_lost[seat]:
        if out:
            return _("loses and is out of the game")
        name = life_words(rules)[0]
        return _("loses {lives}").format(lives=count_msg(name, result.lives_lost[seat]))
    if rules.scoring == "points" and result.points_won:
        n = result.points_won[seat]
        return ngettext("+{n} point", "+{n} points", n).format(n=n)
    if rules.scoring == "chips" and result.chips_won:
        c = result.chips_won[seat]
        if c > 0:
            return ngettext("takes {n} chip", "takes {n} chips", c).format(n=c)
        if c < 0:
            return ngettext("pays {n} chip", "pays {n} chips", -c).format(n=-c)
        return ""
    return ""


def counter_text(variant: Variant, obs: Any, seat: int) -> str:
    """Lives, points or chips of one seat, named the variant's way."""
    rules = obs.rules
    if obs.out[seat]:
        return _("out of the game")
    if rules.scoring == "lives":
        # Named from the rules, as the game's own messages are (not the page's variant).
        n = obs.lives[seat]
        name = life_words(rules)[0]
        if n == 0:
            return _("{extra}: no {lives} left").format(
                extra=extra_life_word(life_words(rules, extra=True)), lives=lives_word(name))
        return str(count_msg(name, n))
    if rules.scoring == "points":
        return ngettext("{n} of {goal} point", "{n} of {goal} points", rules.points_to_win
                        ).format(n=obs.points[seat], goal=rules.points_to_win)
    return chips_text(obs.chips[seat])


def action_label(action: Action, obs: Any) -> str:
    """Words on a move button."""
    if isinstance(action, Draw):
        return _("Draw from the stock")
    if isinstance(action, Take):
        top = obs.discard_pile[-1] if obs.discard_pile else None
        return _("Take the {card}").format(card=top.display) if top else _("Take the top discard")
    if isinstance(action, Knock):
        return _("Stop the bus") if obs.rules.hand_value == "brag" else _("Knock")
    if isinstance(action, Stand):
        if obs.phase == "choose":
            return _("Keep this hand")
        return _("Stand (keep my hand)")
    if isinstance(action, SwapAll):
        if obs.phase == "choose":
            return (_("Take the other hand") if family_class(obs.rules).dealer_sees_second_hand
                    else _("Take the other hand (unseen)"))
        return _("Swap all three")
    if isinstance(action, Pass):
        return _("Pass")
    if isinstance(action, Discard):
        return _("Discard {card}").format(card=action.card.display)
    if isinstance(action, Swap):
        return _("Give {give}, take {take}").format(give=action.give.display,
                                                    take=action.take.display)
    if isinstance(action, Exchange):
        take = " ".join(t.display if isinstance(t, Card) else f"#{t + 1}" for t in action.take)
        return _("Give {give}, take {take}").format(
            give=" ".join(c.display for c in action.give), take=take)
    if isinstance(action, SwitchOpen):
        return _("Switch with the open hand")
    if isinstance(action, SwitchClosed):
        return _("Switch with the closed hand")
    if isinstance(action, Restart):
        return _("Call a restart")
    if isinstance(action, NoRestart):
        return _("No restart")
    if isinstance(action, Hit):
        return _("Buy a card")
    if isinstance(action, Stay):
        return _("Stay")
    return str(action)


def action_key(action: Action) -> str:
    """The widget key of a move button; browser tests click ``.st-key-<key> button``."""
    text = str(action).replace(" ", "_").replace(",", "-").replace("#", "n")
    return f"play_act_{text}"


def turn_words(obs: Any, you: int) -> str:
    if obs.game_over:
        return _("The game is over.")
    if obs.round_over:
        return _("The round is over.")
    seat = obs.to_move
    if seat is None:
        return ""
    if obs.phase == "restart":
        if seat != you:
            return _("Showdown: {who} decides whether to call a restart.").format(
                who=obs.players[seat])
        return _("Showdown: your three cards of one suit are worth more than 21, so you may "
                 "call a restart (the round is void and your hand becomes the open hand) or "
                 "let the showdown stand.")
    if seat != you:
        if obs.knocker is not None:
            return _("{who} to move (last turn after the knock).").format(who=obs.players[seat])
        return _("{who} to move.").format(who=obs.players[seat])
    phase = obs.phase
    if phase == "discard":
        return _("Your turn: discard one card.")
    if phase == "choose":
        return _("Your turn: you are the dealer; keep this hand or take the other one.")
    last = obs.knocker is not None
    what = ([_(w) for w in move_words(obs.rules)] or [pgettext("verb", "move")])
    legal = obs.legal_actions
    if last and any(isinstance(a, Stand) for a in legal):
        what.append(_("stand"))
    knock = next((a for a in legal if isinstance(a, Knock)), None)
    if knock is not None and not last:
        what.append(action_label(knock, obs).lower())
    if last:
        return _("Your last turn after the knock: {moves}.").format(moves=or_list(what))
    return _("Your turn: {moves}.").format(moves=or_list(what))


def or_list(items: Sequence[str]) -> str:
    """'a', 'a or b', 'a, b, or c' (in the current language)."""
    if len(items) <= 1:
        return "".join(items)
    if len(items) == 2:
        return _("{a} or {b}").format(a=items[0], b=items[1])
    return _("{items}, or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def value_text(cards: Sequence[Card], rules: Rules) -> str:
    try:
        s = score(cards, rules)
    except (CardError, ValueError):
        return ""
    if rules.hand_value == "brag":
        return s.label_text     # "pair" is an English id: «пара» in Russian
    return s.name       # the scorer's own words (core: translated there)


def hand_note(obs: Any) -> str:
    """``your hand: 21 (hearts)`` while you hold three cards (or a banking hand)."""
    hand = obs.hand
    if not hand or obs.round_over:
        return ""
    # four cards only on your own discard (another seat's discard leaves you three)
    if obs.phase != "discard" or obs.to_move != obs.seat:
        value = value_text(hand, obs.rules)
        return _("your hand: {value}").format(value=value) if value else ""
    return _("four cards: discard one")


def number_text(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3g}"
    return str(v)
