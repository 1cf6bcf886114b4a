"""The hint: the expert's move for one seat with a one-sentence reason a learner can follow
and at most three labelled numbers in plain words, built only from that seat's observation.
Cards are written as on the buttons (A♥); a knock is judged by what the rules reward
(``odds.knock.knock_risk``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.actions import Action, Discard, Exchange, Restart, Stand, Swap
from ..core.cards import Card, card_from_index, cards_display
from ..core.rules import Rules, life_words
from ..core.scoring import score
from ..game.message import lives_msg
from ..i18n import N_, _, format_number, ngettext, pgettext
from ..odds.knock import knock_risk
from ..policies.view import View, special_phase, view_from_observation
from .choice import ChoiceCosts, OptionCost
from .choice_words import cost_words, move_name, option_text, played_out, share
from .costs import suit_points
from .expert import Decision, expert_decision
from .rollout import ROLLOUTS


@dataclass(frozen=True)
class Hint:
    """The expert's move for one seat: ``action``, a ``reason`` in one sentence, and at most
    three ``numbers``: an ordered mapping from a plain label ("Chance you lose a life if you
    knock now") to its already written value ("about 12 %"); ``source``, when the numbers
    were counted from play-outs, says so in one sentence (and what their ± means). Built
    only from that seat's observation; a card the seat cannot see is never shown as if it
    were known."""

    action: Action
    reason: str
    numbers: dict[str, str]
    source: str = ""


MAX_NUMBERS = 3


def percent(p: float) -> str:
    """A probability in words, in the current language: 'less than 1 %', 'about 40 %'."""
    if p < 0.005:
        return _("less than 1 %")
    if p > 0.995:
        return _("almost 100 %")
    return _("about {n} %").format(n=round(100 * p))


def _label(s: Any) -> str:
    """A hand's class or suit in the current language (``label`` itself is an English id:
    a Russian hint said "20 (hearts)")."""
    return s.label_text


def _value_words(cards: tuple[Card, ...], rules: Rules) -> str:
    s = score(cards, rules)
    if rules.hand_value == "brag":
        return _("a {hand}").format(hand=_label(s))
    return _("{value} ({hand})").format(value=s.value_text, hand=_label(s))


def _value_text(cards: tuple[Card, ...], rules: Rules) -> str:
    s = score(cards, rules)
    return _label(s) if rules.hand_value == "brag" else s.value_text


def _knock_label(rules: Rules, when: str) -> str:
    """'Chance you lose a life if you knock now'; ``when``: now, next_take, next_move."""
    kind = knock_risk(rules).kind
    if kind == "pot":
        return {"now": _("Chance someone ends higher and takes the pot if you knock now"),
                "next_take": _("Chance someone ends higher and takes the pot if you knock "
                               "next turn with it"),
                "next_move": _("Chance someone ends higher and takes the pot if you knock "
                               "next turn after this")}[when]
    if kind == "place":
        return {"now": _("Chance you end alone at the bottom if you knock now"),
                "next_take": _("Chance you end alone at the bottom if you knock next turn "
                               "with it"),
                "next_move": _("Chance you end alone at the bottom if you knock next turn "
                               "after this")}[when]
    life = _life_one(rules)
    return {"now": _("Chance you lose {life} if you knock now"),
            "next_take": _("Chance you lose {life} if you knock next turn with it"),
            "next_move": _("Chance you lose {life} if you knock next turn after this")
            }[when].format(life=life)


def _life_one(rules: Rules) -> str:
    """'a life', 'a penny' in the current language."""
    return str(lives_msg(life_words(rules)[0], 1))


def _outcome(rules: Rules, cost: float, what: str) -> tuple[str, str]:
    """A final-turn cost (``expert.costs.round_cost``) as a labelled plain number; ``what``
    is a move already written for the reader ('stand', 'take the 8♦')."""
    kind = knock_risk(rules).kind
    if kind == "place":
        return (_("Points you can expect if you {move}").format(move=what),
                _("about {n} of 2").format(n=format_number(2 - 2 * cost, 1)))
    if kind == "pot":
        return _("Chance you do not win the pot if you {move}").format(move=what), percent(cost)
    return (_("Chance you lose {life} if you {move}").format(life=_life_one(rules), move=what),
            percent(cost))


_MOVE_NAMES = {"knock": N_("knocking"), "take": N_("taking the top card"),
               "draw": N_("drawing")}


def _playout(n: dict, chosen: str, rules: Rules) -> tuple[str, tuple[str, str] | None]:
    """A reason and a number from the play-outs behind a move, if they decided it."""
    costs = n.get("rollout")
    if not isinstance(costs, dict) or chosen not in costs or len(costs) < 2:
        return "", None
    other = min((k for k in costs if k != chosen), key=lambda k: costs[k])
    name = (_(_MOVE_NAMES[other]) if other in _MOVE_NAMES
            else _("throwing away the {card}").format(card=other))
    per100 = round(100 * (costs[other] - costs[chosen]))
    if per100 < 1:
        return _("played out {n} times, it and {move} are about equally good").format(
            n=ROLLOUTS, move=name), None
    return (_("played out {n} times from deals that fit what you have seen, it does "
              "better than {move}").format(n=ROLLOUTS, move=name),
            (_("How much better than {move}, per 100 rounds").format(move=name),
             _("about {amount}").format(amount=lives_msg(life_words(rules)[0], per100))))


def _knock(view: View, d: Decision, now: str) -> tuple[str, list]:
    n, rules = d.numbers, view.rules
    why, extra = _playout(n, "knock", rules)
    nums = [(_("Your hand now"), now)]
    if n.get("p_bad_now") is not None:
        nums.append((_knock_label(rules, "now"), percent(n["p_bad_now"])))
    if extra:
        nums.append(extra)
    if why:
        reason = why[0].upper() + why[1:] + "."
    elif n.get("p_bad_now", 0.0) < 0.5:
        reason = _("Your hand is likely good enough now, and waiting gives the others time to "
                   "catch up.")
    else:
        reason = _("Knocking is a gamble with this hand, but waiting is likely worse: the "
                   "others would improve more than you.")
    return reason, nums


def _take(view: View, d: Decision, now: str) -> tuple[str, list]:
    n, rules = d.numbers, view.rules
    assert view.top is not None             # asked only with a card on the pile
    kept = n.get("take_kept", ())
    why, extra = _playout(n, "take", rules)
    nums = [(_("Your hand now"), now)]
    if kept:
        nums.append((_("Your hand after taking it"), _value_text(kept, rules)))
    if n.get("p_bad_take") is not None:
        nums.append((_knock_label(rules, "next_take"), percent(n["p_bad_take"])))
    elif extra:
        nums.append(extra)
    if why:
        reason = _("The {card} fits your hand better than a card from the stock is likely "
                   "to; {why}.").format(card=view.top.display, why=why)
    else:
        reason = _("The {card} fits your hand better than a card from the stock is likely "
                   "to.").format(card=view.top.display)
    return reason, nums


def _draw(view: View, d: Decision, now: str) -> tuple[str, list]:
    n, rules = d.numbers, view.rules
    why, extra = _playout(n, "draw", rules)
    top = (_("The {card} on the pile does not help your hand enough").format(
        card=view.top.display) if view.top is not None else _("Nothing on the pile helps you"))
    nums = [(_("Your hand now"), now)]
    if n.get("p_draw_improves") is not None:
        nums.append((_("Chance a card from the stock improves your hand"),
                     percent(n["p_draw_improves"])))
    if extra:
        nums.append(extra)
    return top + (f"; {why}." if why else "."), nums


def _discard(view: View, d: Decision) -> tuple[str, list]:
    n, rules, a = d.numbers, view.rules, d.action
    assert isinstance(a, Discard)           # asked for a discard decision
    kept = n["kept"]
    why, extra = _playout(n, a.card.display, rules)
    nums = [(_("Your hand after"), _value_text(kept, rules))]
    if extra:
        nums.append(extra)
    elif not n.get("final") and suit_points(rules) and n.get("expected_next") is not None:
        nums.append((_("Average value after one more draw"), format_number(n['expected_next'], 1)))
    f = {"cards": cards_display(kept), "value": _value_words(kept, rules)}
    if why:
        return _("Keeping {cards} gives {value}; {why}.").format(why=why, **f), nums
    if not n.get("final") and suit_points(rules):
        return _("Keeping {cards} gives {value}, with the best chances from the next "
                 "card.").format(**f), nums
    return _("Keeping {cards} gives {value}.").format(**f), nums


def _final_draw(view: View, d: Decision) -> tuple[str, list]:
    rules = view.rules
    ps = d.numbers["p_lowest"]
    what = {"stand": _("stand"),
            "take": (_("take the {card}").format(card=view.top.display) if view.top
                     else _("take")),
            "draw": pgettext("move", "draw"),
            "exchange": _("exchange with the widow")}
    nums = [_outcome(rules, ps[d.kind], what[d.kind])]
    nums += [_outcome(rules, v, what[k]) for k, v in ps.items() if k != d.kind]
    return (_("Somebody knocked, so this is your last turn, and this choice gives you the "
              "best result at the showdown."), nums)


_WHOLE_MOVES = {"swap all": N_("Your whole hand for the middle is the best swap"),
                "pass": N_("Nothing you can take beats the hand you hold"),
                "stand": N_("Nothing you can take beats the hand you hold"),
                "switch open": N_("The open hand is better than yours"),
                "switch closed": N_("The closed hand is worth more than yours on average")}
_BEST_MOVE = N_("It is the best of your moves")


def _move_words(view: View, a: Action, kind: str, now: str) -> str:
    if isinstance(a, Swap):
        return _("It swaps your {give} for the {take}").format(give=a.give.display,
                                                               take=a.take.display)
    if isinstance(a, Exchange):
        up = [t for t in a.take if isinstance(t, Card)]
        down = sum(1 for t in a.take if not isinstance(t, Card))
        give = cards_display(a.give)
        if up and down:
            return ngettext("It gives {give} for {cards} and {n} face-down card",
                            "It gives {give} for {cards} and {n} face-down cards", down).format(
                give=give, cards=cards_display(up), n=down)
        if down:
            return ngettext("It gives {give} for {n} face-down card",
                            "It gives {give} for {n} face-down cards", down).format(
                give=give, n=down)
        return _("It gives {give} for {cards}").format(give=give, cards=cards_display(up))
    return _(_WHOLE_MOVES.get(kind, _BEST_MOVE))


def _table_move(view: View, d: Decision, now: str) -> tuple[str, list]:
    n, rules, a = d.numbers, view.rules, d.action
    hidden = d.kind == "switch closed" or (
        isinstance(a, Exchange) and any(not isinstance(t, Card) for t in a.take))
    result = n.get("result")
    nums = [(_("Your hand now"), now)]
    if result and not hidden and set(result) != set(view.hand):
        nums.append((_("Your hand after"), _value_text(tuple(result), rules)))
    elif hidden and suit_points(rules) and n.get("expected") is not None:
        nums.append((_("Average value after (the face-down cards are unknown)"),
                     format_number(n['expected'], 1)))
    if n.get("expected_exchange") is not None and suit_points(rules):
        # Kitty with its stock: the exchange set against the best of taking and drawing
        other = max(n.get("expected_take", float("-inf")), n.get("expected_draw", float("-inf")))
        nums.insert(1, (_("Average value after one more draw"),
                        _("{exchange} with this exchange, {other} taking or drawing "
                          "instead").format(exchange=format_number(n["expected_exchange"], 1),
                                            other=format_number(other, 1))))
    if n.get("final") and n.get("p_lowest") is not None:
        nums.append(_outcome(rules, n["p_lowest"], _("do this")))
        return (_("{move}; this is your last turn, and it gives you the best result at the "
                  "showdown.").format(move=_move_words(view, a, d.kind, now)), nums)
    if n.get("p_bad_move") is not None:
        nums.append((_knock_label(rules, "next_move"), percent(n["p_bad_move"])))
    return f"{_move_words(view, a, d.kind, now)}.", nums


def _lower_first(text: str) -> str:
    """A move's name inside a sentence: 'take the A♠' (the card keeps its capital)."""
    return text[:1].lower() + text[1:]


def thrown_card(o: OptionCost) -> str | None:
    """The card a take was costed with throwing, as shown; None for another move."""
    return card_from_index(o.discard).display if o.discard is not None else None


def _costed(view: View, d: Decision) -> tuple[str, list]:
    """Knock, take or draw with every move's cost side by side (``expert.choice``): one
    line per move, and a reason that says what waiting wins and costs."""
    rules, costs = view.rules, d.numbers["choices"]
    card = view.top.display if view.top is not None else None
    chosen = costs.get(d.kind) or costs.best()
    nums = [(move_name(o.move, card, thrown_card(o)), option_text(rules, costs, o))
            for o in sorted(costs.options, key=lambda o: o.move != d.kind)]
    best = costs.best()
    move = _lower_first(move_name(chosen.move, card))
    if best is not chosen and best.cost - chosen.cost < -costs.diff_half(best.move, chosen.move):
        after = _("{move} and {other} are close; the expert also counts the lives the others "
                  "lose, and that tips it").format(move=move,
                                                   other=_lower_first(move_name(best.move, card)))
    elif best is not chosen:
        after = _("{move} and {other} are equal within the margin of error of {n} play-outs"
                  ).format(move=move, other=_lower_first(move_name(best.move, card)), n=costs.deals)
    elif costs.kind == "place":
        after = _("so “{move}” scores the most ({cost})").format(
            move=move, cost=cost_words(rules, costs, chosen))
    else:
        after = _("so “{move}” costs least ({cost})").format(
            move=move, cost=cost_words(rules, costs, chosen))
    k = costs.get("knock")
    waits = [o for o in costs.options if o.move != "knock"]
    if k is None or not waits or costs.kind != "life":
        return after[:1].upper() + after[1:] + ".", nums
    w = min(waits, key=lambda o: o.cost)
    a, b = share(k.lose - k.from_blitz), share(w.lose - w.from_blitz)
    if w.from_blitz > 0:
        reason = _("Waiting moves your chance of losing at the showdown from {a} (knocking "
                   "now) to {b}, and someone else's 31 adds {c}: {after}.").format(
            a=a, b=b, c=share(w.from_blitz), after=after)
    else:
        reason = _("Waiting moves your chance of losing at the showdown from {a} (knocking "
                   "now) to {b}: {after}.").format(a=a, b=b, after=after)
    return reason, nums


def _costs_of(d: Decision) -> ChoiceCosts | None:
    """The side-by-side costs a knock, take or draw was decided by (play-outs), if any."""
    if d.kind in ("knock", "take", "draw") and not d.numbers.get("final"):
        return d.numbers.get("choices")
    return None


def explain(view: View, d: Decision) -> tuple[str, dict[str, str]]:
    """The reason (one sentence) and at most three labelled plain numbers for a decision."""
    rules, n = view.rules, d.numbers
    now = _value_text(view.hand, rules) if len(view.hand) == 3 else ""
    if _costs_of(d) is not None:
        reason, nums = _costed(view, d)
    elif d.kind == "knock":
        reason, nums = _knock(view, d, now)
    elif d.kind == "take" and not n.get("final") and view.top is not None:
        reason, nums = _take(view, d, now)
    elif d.kind == "draw" and not n.get("final"):
        reason, nums = _draw(view, d, now)
    elif d.kind == "discard":
        reason, nums = _discard(view, d)
    elif n.get("final") and isinstance(n.get("p_lowest"), dict):
        reason, nums = _final_draw(view, d)
    else:
        reason, nums = _table_move(view, d, now)
    return reason, dict(nums[:MAX_NUMBERS])


def hint_for_view(view: View) -> Hint:
    d = expert_decision(view)
    reason, numbers = explain(view, d)
    costs = _costs_of(d)
    return Hint(d.action, reason, numbers, played_out(costs) if costs is not None else "")


#: lines a hint costed on the table engine shows: one per move
MAX_COSTED = 4


def with_costs(h: Hint, rules: Rules, costs: ChoiceCosts, moves: Mapping[str, Action],
               name: Callable[[Action], str]) -> Hint:
    """``h`` with each move's cost side by side: ``costs`` from play-outs of the moves
    ``moves`` names (``bots.table_costs``; the first option is the move ``h`` suggests),
    ``name`` a move's words as its button shows them. Where another move is cheaper by more
    than the margin of error, that move is suggested instead, and the reason says so."""
    first, best = costs.options[0], costs.best()

    def label(o: OptionCost) -> str:
        return name(moves[o.move])

    action = h.action
    if best is not first and best.cost - first.cost < -costs.diff_half(best.move, first.move):
        action, top = moves[best.move], best
        reason = _("Played out to the end of the round, “{best}” does better than “{move}”: "
                   "{cost} against {other}.").format(
            best=label(best), move=label(first), cost=cost_words(rules, costs, best),
            other=cost_words(rules, costs, first))
    else:
        top = first
        if best is not first:
            said = _("Played out to the end of the round, “{move}” and “{other}” are equal "
                     "within the margin of error of {n} play-outs.").format(
                move=label(first), other=label(best), n=costs.deals)
        elif costs.kind == "life":
            said = _("Played out to the end of the round, “{move}” costs least: {cost}.").format(
                move=label(first), cost=cost_words(rules, costs, first))
        else:
            said = _("Played out to the end of the round, “{move}” does best: {cost}.").format(
                move=label(first), cost=cost_words(rules, costs, first))
        reason = f"{h.reason} {said}"
    order = [top] + sorted((o for o in costs.options if o is not top), key=lambda o: o.cost)
    numbers = {label(o): option_text(rules, costs, o) for o in order[:MAX_COSTED]}
    return Hint(action, reason, numbers, played_out(costs))


def _restart_hint(obs: Any, action: Action, view: View) -> Hint:
    """The Switch restart: call it when this showdown would cost you, else let it stand."""
    r = view.rules
    bad = (_("someone else takes the pot") if r.scoring == "chips" else _("you score low")
           if r.scoring == "points" else _("you lose {life}").format(life=_life_one(r)))
    if isinstance(action, Restart):
        reason = _("Call a restart: if this showdown stands, {bad}; and a restart makes the "
                   "round void and gives everyone a fresh deal with your hand as the open "
                   "hand.").format(bad=bad)
    else:
        reason = _("Let the showdown stand: with the hands as they are you are safe, and a "
                   "restart would only give everyone a fresh chance against you.")
    return Hint(action, reason, {_("Your hand is worth"): _value_text(view.hand, view.rules)})


def hint(observation: Any, rules: Rules | None = None) -> Hint:
    """The expert's move for the seat of ``observation``, with a reason a learner can follow
    and the numbers behind it. Reads only the observation; changes nothing and draws from no
    shared random stream."""
    if not observation.legal_actions:
        raise ValueError(_("It is not this player's turn, so there is no move to suggest."))
    special = special_phase(observation)
    view = view_from_observation(observation, rules)
    if special is not None:
        if observation.phase == "choose":
            reason = (_("Keep this hand: it is worth at least an average dealt hand.")
                      if isinstance(special, Stand) else
                      _("Take the other hand: this one is worth less than an average dealt "
                        "hand."))
            return Hint(special, reason, {_("This hand is worth"): _value_text(view.hand,
                                                                              view.rules)})
        if observation.phase == "restart":
            return _restart_hint(observation, special, view)
        return Hint(special, _("It is the only move you can make now."), {})
    return hint_for_view(view)
