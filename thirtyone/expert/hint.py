"""The hint: the expert's move for one seat with a one-sentence reason a learner can follow
and at most three labelled numbers in plain words, built only from that seat's observation.
Cards are written as on the buttons (A♥); a knock is judged by what the rules reward
(``odds.knock.knock_risk``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.actions import Action, Exchange, Restart, Stand, Swap
from ..core.cards import Card, cards_display
from ..core.rules import Rules, life_words
from ..core.scoring import score
from ..core.text import percent
from ..odds.knock import knock_risk
from ..policies.view import View, special_phase, view_from_observation
from .costs import suit_points
from .expert import Decision, expert_decision
from .rollout import ROLLOUTS


@dataclass(frozen=True)
class Hint:
    """The expert's move for one seat: ``action``, a ``reason`` in one sentence, and at most
    three ``numbers``: an ordered mapping from a plain label ("Chance you lose a life if you
    knock now") to its already written value ("about 12 %"). Built only from that seat's
    observation; a card the seat cannot see is never shown as if it were known."""

    action: Action
    reason: str
    numbers: dict[str, str]


MAX_NUMBERS = 3


def _value_words(cards: tuple[Card, ...], rules: Rules) -> str:
    s = score(cards, rules)
    if rules.hand_value == "brag":
        return f"a {s.label}"
    return f"{s.value_text} ({s.label})"


def _value_text(cards: tuple[Card, ...], rules: Rules) -> str:
    s = score(cards, rules)
    return s.label if rules.hand_value == "brag" else s.value_text


def _knock_label(rules: Rules, when: str) -> str:
    return f"Chance {knock_risk(rules).bad} if you knock {when}"


def _outcome(rules: Rules, cost: float, what: str) -> tuple[str, str]:
    """A final-turn cost (``expert.costs.round_cost``) as a labelled plain number."""
    kind = knock_risk(rules).kind
    if kind == "place":
        return f"Points you can expect if you {what}", f"about {2 - 2 * cost:.1f} of 2"
    if kind == "pot":
        return f"Chance you do not win the pot if you {what}", percent(cost)
    return f"Chance you lose a {life_words(rules)[0]} if you {what}", percent(cost)


_MOVE_NAMES = {"knock": "knocking", "take": "taking the top card", "draw": "drawing"}


def _playout(n: dict, chosen: str, rules: Rules) -> tuple[str, tuple[str, str] | None]:
    """A reason and a number from the play-outs behind a move, if they decided it."""
    costs = n.get("rollout")
    if not isinstance(costs, dict) or chosen not in costs or len(costs) < 2:
        return "", None
    other = min((k for k in costs if k != chosen), key=lambda k: costs[k])
    name = _MOVE_NAMES.get(other, f"throwing away the {other}")
    per100 = round(100 * (costs[other] - costs[chosen]))
    if per100 < 1:
        return f"played out {ROLLOUTS} times, it and {name} are about equally good", None
    unit = life_words(rules)[1]
    return (f"played out {ROLLOUTS} times from deals that fit what you have seen, it does "
            f"better than {name}",
            (f"How much better than {name}, per 100 rounds", f"about {per100} {unit}"))


def _knock(view: View, d: Decision, now: str) -> tuple[str, list]:
    n, rules = d.numbers, view.rules
    why, extra = _playout(n, "knock", rules)
    nums = [("Your hand now", now)]
    if n.get("p_bad_now") is not None:
        nums.append((_knock_label(rules, "now"), percent(n["p_bad_now"])))
    if extra:
        nums.append(extra)
    if why:
        reason = why[0].upper() + why[1:] + "."
    elif n.get("p_bad_now", 0.0) < 0.5:
        reason = ("Your hand is likely good enough now, and waiting gives the others time to "
                  "catch up.")
    else:
        reason = ("Knocking is a gamble with this hand, but waiting is likely worse: the others "
                  "would improve more than you.")
    return reason, nums


def _take(view: View, d: Decision, now: str) -> tuple[str, list]:
    n, rules = d.numbers, view.rules
    kept = n.get("take_kept", ())
    why, extra = _playout(n, "take", rules)
    nums = [("Your hand now", now)]
    if kept:
        nums.append(("Your hand after taking it", _value_text(kept, rules)))
    if n.get("p_bad_take") is not None:
        nums.append((_knock_label(rules, "next turn with it"), percent(n["p_bad_take"])))
    elif extra:
        nums.append(extra)
    reason = (f"The {view.top.display} fits your hand better than a card from the stock "
              "is likely to" + (f"; {why}." if why else "."))
    return reason, nums


def _draw(view: View, d: Decision, now: str) -> tuple[str, list]:
    n, rules = d.numbers, view.rules
    why, extra = _playout(n, "draw", rules)
    top = (f"The {view.top.display} on the pile does not help your hand enough"
           if view.top is not None else "Nothing on the pile helps you")
    nums = [("Your hand now", now)]
    if n.get("p_draw_improves") is not None:
        nums.append(("Chance a card from the stock improves your hand",
                     percent(n["p_draw_improves"])))
    if extra:
        nums.append(extra)
    return top + (f"; {why}." if why else "."), nums


def _discard(view: View, d: Decision) -> tuple[str, list]:
    n, rules, a = d.numbers, view.rules, d.action
    kept = n["kept"]
    why, extra = _playout(n, a.card.display, rules)
    nums = [("Your hand after", _value_text(kept, rules))]
    if extra:
        nums.append(extra)
    elif not n.get("final") and suit_points(rules) and n.get("expected_next") is not None:
        nums.append(("Average value after one more draw", f"{n['expected_next']:.1f}"))
    reason = f"Keeping {cards_display(kept)} gives {_value_words(kept, rules)}"
    if why:
        reason += f"; {why}"
    elif not n.get("final") and suit_points(rules):
        reason += ", with the best chances from the next card"
    return reason + ".", nums


def _final_draw(view: View, d: Decision) -> tuple[str, list]:
    rules = view.rules
    ps = d.numbers["p_lowest"]
    what = {"stand": "stand", "take": f"take the {view.top.display}" if view.top else "take",
            "draw": "draw"}
    nums = [_outcome(rules, ps[d.kind], what[d.kind])]
    nums += [_outcome(rules, v, what[k]) for k, v in ps.items() if k != d.kind]
    return ("Somebody knocked, so this is your last turn, and this choice gives you the best "
            "result at the showdown.", nums)


def _move_words(view: View, a: Action, kind: str, now: str) -> str:
    if isinstance(a, Swap):
        return f"It swaps your {a.give.display} for the {a.take.display}"
    if isinstance(a, Exchange):
        up = [f"the {t.display}" for t in a.take if isinstance(t, Card)]
        down = sum(1 for t in a.take if not isinstance(t, Card))
        if down:
            up.append({1: "a face-down card", 2: "two face-down cards",
                       3: "three face-down cards"}[down])
        return f"It gives {cards_display(a.give)} for {' and '.join(up)}"
    return {"swap all": "Your whole hand for the middle is the best swap",
            "pass": "Nothing you can take beats the hand you hold",
            "stand": "Nothing you can take beats the hand you hold",
            "switch open": "The open hand is better than yours",
            "switch closed": "The closed hand is worth more than yours on average"
            }.get(kind, "It is the best of your moves")


def _table_move(view: View, d: Decision, now: str) -> tuple[str, list]:
    n, rules, a = d.numbers, view.rules, d.action
    hidden = d.kind == "switch closed" or (
        isinstance(a, Exchange) and any(not isinstance(t, Card) for t in a.take))
    result = n.get("result")
    nums = [("Your hand now", now)]
    if result and not hidden and set(result) != set(view.hand):
        nums.append(("Your hand after", _value_text(tuple(result), rules)))
    elif hidden and suit_points(rules) and n.get("expected") is not None:
        nums.append(("Average value after (the face-down cards are unknown)",
                     f"{n['expected']:.1f}"))
    if n.get("final") and n.get("p_lowest") is not None:
        nums.append(_outcome(rules, n["p_lowest"], "do this"))
        return (f"{_move_words(view, a, d.kind, now)}; this is your last turn, and it gives "
                "you the best result at the showdown.", nums)
    if n.get("p_bad_move") is not None:
        nums.append((_knock_label(rules, "next turn after this"), percent(n["p_bad_move"])))
    return f"{_move_words(view, a, d.kind, now)}.", nums


def explain(view: View, d: Decision) -> tuple[str, dict[str, str]]:
    """The reason (one sentence) and at most three labelled plain numbers for a decision."""
    rules, n = view.rules, d.numbers
    now = _value_text(view.hand, rules) if len(view.hand) == 3 else ""
    if d.kind == "knock":
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
    return Hint(d.action, reason, numbers)


def _restart_hint(obs: Any, action: Action, view: View) -> Hint:
    """The Switch restart: call it when this showdown would cost you, else let it stand."""
    r = view.rules
    bad = ("someone else takes the pot" if r.scoring == "chips" else "you score low"
           if r.scoring == "points" else f"you lose a {life_words(r)[0]}")
    if isinstance(action, Restart):
        reason = (f"Call a restart: if this showdown stands, {bad}; "
                  "and a restart makes the round void and gives everyone a fresh deal with "
                  "your hand as the open hand.")
    else:
        reason = ("Let the showdown stand: with the hands as they are you are safe, and a "
                  "restart would only give everyone a fresh chance against you.")
    return Hint(action, reason, {"Your hand is worth": _value_text(view.hand, view.rules)})


def hint(observation: Any, rules: Rules | None = None) -> Hint:
    """The expert's move for the seat of ``observation``, with a reason a learner can follow
    and the numbers behind it. Reads only the observation; changes nothing and draws from no
    shared random stream."""
    if not observation.legal_actions:
        raise ValueError("It is not this player's turn, so there is no move to suggest.")
    special = special_phase(observation)
    view = view_from_observation(observation, rules)
    if special is not None:
        if observation.phase == "choose":
            reason = ("Keep this hand: it is worth at least an average dealt hand."
                      if isinstance(special, Stand) else
                      "Take the other hand: this one is worth less than an average dealt hand.")
            return Hint(special, reason, {"This hand is worth": _value_text(view.hand,
                                                                           view.rules)})
        if observation.phase == "restart":
            return _restart_hint(observation, special, view)
        return Hint(special, "It is the only move you can make now.", {})
    return hint_for_view(view)
