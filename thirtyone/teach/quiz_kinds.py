"""The quiz kinds of issue 15, each answered by the engine (never by the lesson file):

- ``which_variant``: ``option``, ``value`` (as text, read by ``Option.parse``), ``variants``:
  which of these variants' presets use the rule? Every variant whose preset has the value is
  right; a list where none has it is refused.
- ``banker`` (``variant: banking``): ``banker`` and ``punter``, the cards each ends with (the
  first three are the deal, the rest bought in order): who pays whom? Played out by the
  banking engine (``thirtyone.game.banking``) from a stacked shoe.
- ``knock``: ``hand``, ``players``, ``seat`` (from the dealer's left, 0 moves first), optional
  ``turn`` (your own turn number, default 1) and ``seen`` (the discard pile from the upcard
  up; swap family: the middle): knock now or draw (play on)? The table engine deals the
  position (the others, and you on your earlier turns, draw a card and throw it away again, so
  the pile is exactly ``seen``); the expert (``thirtyone.expert``) decides from the seat's
  observation, and that is the right answer. The explanation gives the chance that the knock
  is safe: exact against fresh hands (``odds.knock``) and simulated after the others' turns
  with a fixed seed (``sim.knock``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from ..core.actions import Knock
from ..core.cards import Card, cards_display, make_pack, parse_cards, parse_hand
from ..core.errors import IllegalActionError
from ..core.rules import OPTIONS, Rules, RulesError, get_variant
from ..core.scoring import score
from ..expert.choice_words import cost_words, option_text, played_out, trade_off
from ..expert.expert import expert_decision, knock_costs
from ..game.banking import new_banking_game
from ..game.families import family_class
from ..game.table import new_game
from ..i18n import _, current, format_number, format_percent, ngettext, pgettext
from ..odds.knock import knock_risk, knock_survival_exact
from ..odds.tables import OddsError
from ..policies.view import view_from_observation
from ..sim.knock import SimulatedKnock, iter_knock_after_turns
from .quiz import LessonError, Quiz, need
from .variant_table import NOT_USED, as_played, humanise, lower_first

NAMES = ("Ann", "Bo", "Cy", "Dee", "Ed", "Flo")
SIM_ROUNDS = 20_000     # simulated rounds behind a knock quiz's "after their turns" chance
SIM_SEED = 31           # fixed, so a lesson says the same number every time
QUIZ_DEALS = 8_000      # play-outs behind a knock quiz's costs (each move, the same deals)


def _list(value: Any) -> list[str]:
    items = value if isinstance(value, list) else str(value).split(",")
    return [str(v).strip() for v in items if str(v).strip()]


# --- which variant uses this rule? ----------------------------------------------------------

def which_variant_quiz(spec: dict[str, Any], key: str, rules: Rules) -> Quiz:
    need(spec, "option", "value", "variants")
    name = spec["option"]
    if name not in OPTIONS:
        raise LessonError(_("Unknown option '{name}'.").format(name=name))
    opt = OPTIONS[name]
    text = {"yes": "true", "no": "false"}.get(str(spec["value"]).strip().lower(),
                                               str(spec["value"]))
    try:
        value = opt.parse(text)
    except (RulesError, ValueError) as e:
        raise LessonError(_("The value '{value}' does not fit '{name}': {error}").format(
            value=spec["value"], name=name, error=e)) from None
    keys = _list(spec["variants"])
    if len(keys) < 2 or len(set(keys)) != len(keys):
        raise LessonError(_("'variants' must list at least two different variants."))
    variants = [get_variant(k) for k in keys]
    # A game that does not use the rule shows a dash, never the preset's unused default
    # (Switch has no pass move at all: its 'pass allowed' is not "yes"). Such a game has the
    # asked value only when the question asks for "no" (no pass, no extra life...): a rule
    # the game lacks is a "no"; any other value cannot be asked of it.
    uses = [opt.applies(v.rules) for v in variants]
    for v, used in zip(variants, uses, strict=True):
        if not used and value is not False:
            raise LessonError(_("{variant} does not use '{name}', so it cannot be asked "
                                "whether the rule is {value}.").format(
                variant=v.name_text, name=name, value=opt.text(value)))
    has = [getattr(v.rules, name) == value if used else True
           for v, used in zip(variants, uses, strict=True)]
    if not any(has):
        raise LessonError(_("None of {keys} has '{name}' = {value}, so the quiz would have no "
                            "right answer.").format(keys=", ".join(keys), name=name,
                                                    value=opt.text(value)))
    options = [v.name_text for v in variants]
    why = [(_("{variant}: '{option}' is {value}.").format(
        variant=v.name_text, option=opt.label_text, value=humanise(getattr(v.rules, name)))
        if used else _("{variant}: {dash} ({reason})").format(
        variant=v.name_text, dash=NOT_USED,
        reason=lower_first((opt.why_not(v.rules) or "").rstrip("."))))
        + " " + as_played(v)
        for v, used in zip(variants, uses, strict=True)]
    right = [v.name_text for v, h in zip(variants, has, strict=True) if h]
    summary = _("'{option}' set to {value} is the rule in {variants}, as their sources play "
                "them.").format(option=opt.label_text, value=humanise(value),
                                variants=_(" and ").join(right))
    return Quiz("which_variant", spec["question"], key, options,
                {i for i, h in enumerate(has) if h}, why, summary)


# --- Banking: who pays? ------------------------------------------------------------------------

def _roles(text: str) -> str:
    """The engine's sentence about the players "Banker" and "Punter" told with their roles:
    "Punter stays." -> "The punter stays."; "Banker, the banker, stays" -> "The banker stays"."""
    text = text.replace("Banker, the banker,", "the banker").replace("Punter", "the punter")
    return text[:1].upper() + text[1:]


def banking_settlement(rules: Rules, banker: tuple[Card, ...], punter: tuple[Card, ...]
                       ) -> tuple[int, list[int], list[str]]:
    """Chips the punter wins (negative: pays) when the banker ends with ``banker`` and the
    punter with ``punter``, played by the banking engine: the punter buys its extra cards and
    stays (or busts), then the banker buys its own and stays. Also the two totals (banker,
    punter) and the engine's public sentences."""
    deck = [c for pair in zip(punter[:3], banker[:3], strict=True) for c in pair]
    deck += list(punter[3:]) + list(banker[3:])
    g = new_banking_game(rules, players=[pgettext("banking quiz player", "Banker"),
                                         pgettext("banking quiz player", "Punter")],
                         dealer=0, seed=0,
                         deck=" ".join(str(c) for c in deck))
    before = g.round_start_chips[1]   # before a natural is paid on the deal
    try:
        bought = 3
        while not g.round_over and g.to_move == 1:
            g.apply("hit" if bought < len(punter) else "stay")
            bought += 1
        bought = 3
        while not g.round_over and g.to_move == 0:
            g.apply("hit" if bought < len(banker) else "stay")
            bought += 1
    except IllegalActionError as e:
        raise LessonError(_("This banking hand cannot be played out: {error}").format(
            error=e)) from None
    if [len(g.hands[0]), len(g.hands[1])] != [len(banker), len(punter)]:
        raise LessonError(_("The round ends before every listed card is bought (a natural or a "
                            "bust comes first)."))
    roles = _roles if current() == "en" else (lambda text: text)
    says = [roles(e.text) for e in g.log[g.round_log_start:]
            if e.kind not in ("hand", "deal") and e.private_to is None]
    return g.chips[1] - before, [g.total(0), g.total(1)], says


def banker_quiz(spec: dict[str, Any], key: str, rules: Rules) -> Quiz:
    need(spec, "banker", "punter")
    if family_class(rules).is_table:
        raise LessonError(_("A banker quiz needs the banking variant, not '{key}'.").format(
            key=key))
    banker = tuple(parse_cards(spec["banker"]))
    punter = tuple(parse_cards(spec["punter"]))
    if min(len(banker), len(punter)) < 3:
        raise LessonError(_("'banker' and 'punter' each need at least the three dealt cards."))
    if len(set(banker + punter)) != len(banker + punter):
        raise LessonError(_("The same card appears twice in 'banker' and 'punter'."))
    won, (bt, pt), says = banking_settlement(rules, banker, punter)
    amounts = sorted({rules.win_pays, rules.bust_pays, rules.natural_pays})

    def punter_pays(n: int) -> str:
        return ngettext("The punter pays the banker {n}", "The punter pays the banker {n}",
                        n).format(n=n)

    def banker_pays(n: int) -> str:
        return ngettext("The banker pays the punter {n}", "The banker pays the punter {n}",
                        n).format(n=n)

    nobody = _("Nobody pays")
    options = [punter_pays(n) for n in amounts] + [banker_pays(n) for n in amounts] + [nobody]
    truth = nobody if won == 0 else banker_pays(won) if won > 0 else punter_pays(-won)
    if truth not in options:
        raise LessonError(_("The banking engine settles this as '{truth}', not one of the "
                            "amounts its rules pay.").format(truth=truth))
    summary = (_("The banker ends on {banker} ({banker_cards}), the punter on {punter} "
                 "({punter_cards}).").format(banker=bt, banker_cards=cards_display(banker),
                                             punter=pt, punter_cards=cards_display(punter))
               + " " + " ".join(says)).strip()
    return Quiz("banker", spec["question"], key, options, {options.index(truth)},
                [""] * len(options), summary,
                {_seat(_("Banker"), pgettext("banking quiz player", "Banker")): banker,
                 _seat(_("Punter"), pgettext("banking quiz player", "Punter")): punter})


def _seat(role: str, name: str) -> str:
    """A hand's row label: the role, and the player's name where it is another word
    ("Банкомёт Борис"; in English the players are called "Banker" and "Punter"): a name alone
    does not tell the student who banks."""
    return role if name == role else f"{role} {name}"


# --- knock or wait? ------------------------------------------------------------------------

def _int(spec: dict[str, Any], name: str, default: int, low: int, high: int) -> int:
    raw = spec.get(name, default)
    try:
        n = int(str(raw))
    except ValueError:
        raise LessonError(_("'{name}' must be a whole number, not '{raw}'.").format(
            name=name, raw=str(raw)[:40])) from None
    if not low <= n <= high:
        raise LessonError(_("'{name}' must be from {low} to {high}, not {n}.").format(
            name=name, low=low, high=high, n=n))
    return n


def knock_position(rules: Rules, hand: tuple[Card, ...], players: int, seat: int, turn: int,
                   seen: tuple[Card, ...]):
    """The table engine's game at the knock quiz's position: ``seat`` (from the dealer's
    left) to move on its own turn ``turn``; every earlier turn drew a card and threw it away
    (swap family: passed), so the pile is ``seen`` (draw family, the upcard first) or the
    middle is ``seen`` (swap family). Cards not named come from a fixed shuffle."""
    before = (turn - 1) * players + seat
    if rules.draws and len(seen) > before + 1:
        raise LessonError(_("'seen' lists {n} cards, but only {most} can be on the pile by then "
                            "(the upcard and {before} discards).").format(
            n=len(seen), most=before + 1, before=before))
    if not rules.draws and seen and len(seen) != 3:
        raise LessonError(_("In the swap family 'seen' is the middle: three cards."))
    if not rules.draws and before and not rules.allow_pass:
        raise LessonError(_("Earlier turns are played as passes, which these rules do not "
                            "allow."))
    for seed in range(50):
        rest = [c for c in make_pack(rules.pack) if c not in hand and c not in seen]
        rest = [rest[i] for i in np.random.default_rng(seed).permutation(len(rest))]
        hands = [hand if s == seat else tuple(rest.pop() for _i in range(3))
                 for s in range(players)]
        deck = [hands[s][k] for k in range(3) for s in range(players)]
        if rules.draws:
            deck += list(seen) + rest[:max(0, before + 1 - len(seen))]
        else:
            deck += list(seen) if seen else rest[-3:]
        names = [("You" if s == seat else NAMES[(s - (s > seat)) % len(NAMES)])
                 for s in range(players)]
        styles = [None if s == seat else "standard" for s in range(players)]
        g = new_game(rules, names, deck=deck, dealer=players - 1, styles=styles)
        try:
            for _i in range(before):
                if g.round_over:
                    break
                g.apply("draw" if rules.draws else "pass")
                if rules.draws:
                    assert g.to_move is not None     # the drawer, about to discard
                    g.apply(f"discard {g.hands[g.to_move][-1]}")
        except IllegalActionError as e:
            raise LessonError(_("The position cannot be reached: {error}").format(
                error=e)) from None
        if not g.round_over:
            break
    if g.round_over or g.to_move != seat:
        raise LessonError(_("The position cannot be reached: the round ends before your turn "
                            "(a 31 on the deal ends it at once)."))
    if not any(isinstance(a, Knock) for a in g.legal_actions()):
        raise LessonError(_("You may not knock on that turn under these rules."))
    return g


@lru_cache(maxsize=64)
def simulated_knock(rules: Rules, opponents: int, turns: int) -> SimulatedKnock:
    """The knock curve after the others' ``turns`` turns each (the final turn included):
    simulated, ``SIM_ROUNDS`` rounds from ``SIM_SEED`` (lesson plots show the same numbers)."""
    *_earlier, last = iter_knock_after_turns(rules, opponents, turns, SIM_ROUNDS, seed=SIM_SEED)
    return last


def simulated_survival(rules: Rules, opponents: int, turns: int) -> tuple[np.ndarray, np.ndarray]:
    """(values, chance the knock goes well) of ``simulated_knock``."""
    res = simulated_knock(rules, opponents, turns)
    return res.values, res.survive


def knock_chances(rules: Rules, value: float, players: int, seat: int, turn: int
                  ) -> tuple[float, float | None, int]:
    """(exact chance against fresh hands, simulated chance after the others' turns or None
    where the simulator does not play these rules, the turns each other player has by the
    showdown, counting the final turn after the knock)."""
    curve = knock_survival_exact(rules, players - 1)
    fresh = float(curve.survive[int(np.argmin(np.abs(curve.values - value)))])
    turns = int(turn + seat / (players - 1) + 0.5)
    try:
        values, survive = simulated_survival(rules, players - 1, turns)
    except OddsError:
        return fresh, None, turns
    return fresh, float(survive[int(np.argmin(np.abs(values - value)))]), turns


@lru_cache(maxsize=64)
def _quiz_costs(rules: Rules, hand: tuple[Card, ...], players: int, seat: int, turn: int,
                seen: tuple[Card, ...]):
    """``knock_costs`` of a knock quiz's position (``knock_position``), ``QUIZ_DEALS``
    play-outs: seconds of work, the same every time (the position is dealt from fixed
    shuffles and the play-outs are seeded from what the seat sees), so it is done once per
    process for each position, whatever the language the lesson is read in."""
    game = knock_position(rules, hand, players, seat, turn, seen)
    return knock_costs(view_from_observation(game.observation(seat)), QUIZ_DEALS)


def _knock_answer(rules: Rules, view, options: list[str], words: str, costs
                  ) -> tuple[bool, list[str], str]:
    """Whether knocking is the answer, the words per option and the explanation: the move
    that costs least by the end of the round (``expert.choice``), each option costed
    (``costs``: ``_quiz_costs``); the expert's move where the play-outs cannot be made."""
    if costs is not None:
        # the answer is the move that costs least, in the scoring's unit (``expert.choice``)
        knocks = costs.knock.cost <= costs.wait.cost
        two = costs.all.only("knock", "draw")
        lines = [f"{options[0]}: {option_text(rules, two, costs.knock)}.",
                 f"{options[1]}: {option_text(rules, two, costs.wait)}."]
        why = ["", ""]      # both lines are in the summary: the chosen one is not said twice
        best, other = (costs.knock, costs.wait) if knocks else (costs.wait, costs.knock)
        words = "\n\n".join([
            words + " " + _("A safe knock is not yet a good one: what counts is what each "
                            "move costs you by the end of the round."),
            *lines, trade_off(rules, two),
            _("{best} costs less: {cost}, against {other}.").format(
                best=options[0] if knocks else options[1],
                cost=cost_words(rules, two, best), other=cost_words(rules, two, other)),
            played_out(two)])
    else:
        decision = expert_decision(view)
        knocks = isinstance(decision.action, Knock)
        if knocks:
            words += " " + _("The expert, who also weighs what waiting could win, knocks here.")
        else:
            if decision.kind == "take":
                instead = _("it takes the top card of the pile instead")
            elif decision.kind == "draw":
                instead = _("it draws from the stock instead")
            else:
                instead = _("it plays '{move}'").format(move=decision.action)
            words += " " + _("The expert, who also weighs what waiting could win, does not "
                             "knock: {instead}.").format(instead=instead)
        why = [_("Knocking ends your own play now; the others each get one more turn."),
               _("Waiting gives you another card, and the others more turns too.")]
    return knocks, why, words


def knock_quiz(spec: dict[str, Any], key: str, rules: Rules) -> Quiz:
    need(spec, "hand", "players", "seat")
    if not family_class(rules).exact_turn_quiz or rules.dealer_two_hands:
        raise LessonError(_("A knock quiz needs a draw- or swap-family variant, not "
                            "'{key}'.").format(key=key))
    players = _int(spec, "players", 3, 2, min(7, rules.max_players))
    seat = _int(spec, "seat", 0, 0, players - 1)
    turn = _int(spec, "turn", 1, 1, 5)
    hand = parse_hand(spec["hand"], pack=rules.pack)
    seen = tuple(parse_cards(spec.get("seen") or ""))
    if set(seen) & set(hand) or len(set(seen)) != len(seen):
        raise LessonError(_("A card in 'seen' is in your hand or listed twice."))
    game = knock_position(rules, hand, players, seat, turn, seen)
    view = view_from_observation(game.observation(seat))
    wait = pgettext("quiz answer", "Draw") if rules.draws else \
        pgettext("quiz answer", "Play on")
    options = [pgettext("quiz answer", "Knock"), wait]
    s = score(hand, rules)
    fresh, later, turns = knock_chances(rules, s.number, players, seat, turn)
    risk = knock_risk(rules)
    others = players - 1
    if players <= 3:
        words = ngettext("Knocking now on {value}: against {n} fresh hand the {good} is {p} "
                         "(exact, the knock-safety curve).",
                         "Knocking now on {value}: against {n} fresh hands the {good} is {p} "
                         "(exact, the knock-safety curve).", others)
    else:
        words = ngettext("Knocking now on {value}: against {n} fresh hand the {good} is {p} "
                         "(a close approximation, the knock-safety curve).",
                         "Knocking now on {value}: against {n} fresh hands the {good} is {p} "
                         "(a close approximation, the knock-safety curve).", others)
    words = words.format(value=s.value_text, n=others, good=risk.good, p=format_percent(fresh, 1))
    if later is not None:
        words += " " + ngettext(
            "After each of the others has played about {n} turn (the final turn included), "
            "it is {p} (simulated, {rounds} rounds).",
            "After each of the others has played about {n} turns (the final turn included), "
            "it is {p} (simulated, {rounds} rounds).", turns).format(
            n=turns, p=format_percent(later, 1), rounds=format_number(SIM_ROUNDS))
    knocks, why, words = _knock_answer(rules, view, options, words,
                                       _quiz_costs(rules, hand, players, seat, turn, seen))
    shown: dict[str, tuple[Card, ...]] = {"hand": hand}
    # What the seat sees, as the expert sees it: the whole pile (the upcard first) or middle.
    if rules.draws:
        shown[_("Discard pile")] = tuple(game.discard_pile)
    else:
        shown["middle"] = tuple(game.middle)
    before = (turn - 1) * players + seat
    parts = [ngettext("{n} player", "{n} players", players).format(n=players),
             _("you are {nth} to move").format(nth=_nth(seat + 1)),
             _("your turn {n}").format(n=turn)]
    if before:   # the first move of the round: "0 turns played before yours" says nothing
        parts.append(ngettext("{n} turn played before yours", "{n} turns played before yours",
                              before).format(n=before))
    context = " · ".join(parts)
    return Quiz("knock", spec["question"], key, options, {0 if knocks else 1}, why, words,
                shown, context=context)


def _nth(n: int) -> str:
    """An ordinal in the current language: 1st, 2nd (1-й, 2-й in Russian)."""
    if n == 1:
        return _("1st")
    if n == 2:
        return _("2nd")
    if n == 3:
        return _("3rd")
    return _("{n}th").format(n=n)


KINDS = {"which_variant": which_variant_quiz, "banker": banker_quiz, "knock": knock_quiz}

def tie_break_words(hands, scores, target, rules) -> str:
    """Where the rules break ties and the hands level with ``target`` in value were told
    apart by the tie-break: one sentence saying so, with the counted cards compared."""
    level = [i for i, s in enumerate(scores) if s.points == target.points]
    if not rules.tie_break or len(level) < 2 or all(scores[i] == target for i in level):
        return ""
    cards = _(" against ").join(
        cards_display(sorted(scores[i].counted, key=lambda c: -c.rank)) for i in level)
    winners = [hands[i][0] for i in level if scores[i] == target]
    return " " + ngettext(
        "Equal values ({names}): the tie-break compares the counted cards from the highest "
        "down ({cards}), so the pot goes to {winner}.",
        "Equal values ({names}): the tie-break compares the counted cards from the highest "
        "down ({cards}) and cannot part them, so the pot is split between {winner}.",
        len(winners)).format(names=", ".join(hands[i][0] for i in level), cards=cards,
                             winner=_(" and ").join(winners))


__all__ = ["KINDS", "SIM_ROUNDS", "SIM_SEED", "banking_settlement", "knock_chances",
           "knock_position", "simulated_knock", "simulated_survival", "tie_break_words"]
