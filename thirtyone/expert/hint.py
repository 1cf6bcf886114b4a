"""The hint: the expert's move for one seat with a reason in words a learner can follow and
the numbers behind it, built only from that seat's observation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.actions import Action, Exchange, Stand, Swap
from ..core.cards import Card, cards_display
from ..core.rules import Rules
from ..core.scoring import score
from ..core.text import percent
from ..policies.view import View, knock_points, special_phase, view_from_observation
from .expert import Decision, expert_decision
from .rollout import ROLLOUTS


@dataclass(frozen=True)
class Hint:
    """The expert's move for one seat: ``action``, a ``reason`` in one or two sentences, and
    the ``numbers`` behind it. Built only from that seat's observation."""

    action: Action
    reason: str
    numbers: dict


def _value_words(cards: tuple[Card, ...], rules: Rules) -> str:
    s = score(cards, rules)
    if rules.hand_value == "brag":
        return f"a {s.label}"
    return f"{s.value_text} ({s.label})"


def _lowest_words(rules: Rules) -> str:
    if rules.scoring == "chips":
        return "not have the best hand"
    return "have the lowest hand"


def _playout_words(n: dict, chosen: str) -> str:
    """A sentence on the play-outs behind a move, if it was decided by them."""
    costs = n.get("rollout")
    if not isinstance(costs, dict) or chosen not in costs or len(costs) < 2:
        return ""
    other = min((k for k in costs if k != chosen), key=lambda k: costs[k])
    gap = costs[other] - costs[chosen]
    name = other if other in ("knock", "take", "draw") else f"throwing the {other}"
    name = {"knock": "knocking", "take": "taking", "draw": "drawing"}.get(name, name)
    return (f" Played out {ROLLOUTS} times from deals that fit what you have seen, this move "
            f"comes out {gap:.2f} lives a round better than {name}, counting the lives the "
            "others lose as well as yours.")


def explain(view: View, d: Decision) -> str:
    """One or two sentences for a learner, with the numbers behind the move."""
    rules, n = view.rules, d.numbers
    now = _value_words(view.hand, rules) if len(view.hand) == 3 else ""
    low = _lowest_words(rules)
    a = d.action
    if d.kind == "knock":
        p = n.get("p_lowest_now")
        tail = (f" If you knock now you would {low} after everyone's last turn in {percent(p)} of "
                "rounds like this; waiting a turn gives the others time to catch up."
                if p is not None else "")
        return f"Knock with your {now}.{tail}" + _playout_words(n, d.kind)
    if d.kind == "take" and not n.get("final"):
        kept = n.get("take_kept", ())
        new = _value_words(kept, rules) if kept else ""
        p = n.get("p_lowest_take")
        tail = f" With that you would {low} in {percent(p)} of rounds like this." if p is not None \
            else ""
        change = f"your hand goes from {now} to {new}" if new != now else \
            f"your hand stays at {now}, and the card is out of the others' reach"
        return f"Take the {view.top.display}: {change}.{tail}" + _playout_words(n, d.kind)
    if d.kind == "draw" and not n.get("final"):
        top = f"the {view.top.display} on the pile does not help your {now} enough" \
            if view.top is not None else f"your hand is {now}"
        p = n.get("p_draw_improves")
        tail = f" A card from the stock improves your hand in {percent(p)} of cases." \
            if p is not None else ""
        return f"Draw from the stock: {top}.{tail}" + _playout_words(n, d.kind)
    if d.kind == "discard":
        kept = n["kept"]
        why = f"Throw away the {a.card.display} and keep {cards_display(kept)}: " \
              f"{_value_words(kept, rules)}."
        if isinstance(n.get("rollout"), dict):
            why += _playout_words(n, a.card.display)
        elif not n.get("final") and rules.hand_value == "suit_sum":
            why += (f" Of your choices this one leaves the best chances with the next card "
                    f"(about {n['expected_next']:.1f} on average after one more draw).")
        return why
    if n.get("final") and isinstance(n.get("p_lowest"), dict):
        ps = n["p_lowest"]
        names = {"stand": "standing", "take": f"taking the {view.top.display}"
                 if view.top is not None else "taking", "draw": "drawing"}
        others = "; ".join(f"{names[k]} {percent(v)}" for k, v in ps.items() if k != d.kind)
        verb = {"stand": "Stand", "take": f"Take the {view.top.display}"
                if view.top is not None else "Take", "draw": "Draw"}[d.kind]
        return (f"{verb}: somebody knocked, so this is your last turn. You would {low} in "
                f"{percent(ps[d.kind])} of rounds like this" + (f" ({others})." if others else "."))
    result = n.get("result")
    change = f" Your hand goes from {now} to {_value_words(result, rules)}." \
        if result and set(result) != set(view.hand) and d.kind not in ("switch closed",) \
        and not (isinstance(a, Exchange) and any(isinstance(t, int) for t in a.take)) else ""
    what = {"swap": f"Swap your {a.card.display if hasattr(a, 'card') else ''}".strip(),
            }.get(d.kind, "")
    if isinstance(a, Swap):
        what = f"Swap your {a.give.display} for the {a.take.display}"
    elif isinstance(a, Exchange):
        up = [f"the {t.display}" for t in a.take if isinstance(t, Card)]
        down = sum(1 for t in a.take if not isinstance(t, Card))
        if down:
            up.append({1: "a face-down card", 2: "two face-down cards",
                       3: "three face-down cards"}[down])
        taken = up[0] if len(up) == 1 else " and ".join(up)
        what = f"Exchange {cards_display(a.give)} for {taken}"
    else:
        what = {"swap all": "Swap your whole hand for the middle",
                "pass": f"Pass: your {now} is the best you can make now",
                "stand": f"Stand with your {now}",
                "switch open": "Switch your hand for the open hand",
                "switch closed": "Switch your hand for the closed hand, unseen"}.get(d.kind,
                                                                                       str(a))
    tail = ""
    if n.get("final") and n.get("p_lowest") is not None:
        tail = f" This is your last turn; you would {low} in {percent(n['p_lowest'])} of rounds " \
               "like this."
    elif n.get("p_lowest_move") is not None:
        tail = f" With that you would {low} in {percent(n['p_lowest_move'])} of rounds like " \
               "this if you knocked next."
    return f"{what}.{change}{tail}"


def hint_for_view(view: View) -> Hint:
    d = expert_decision(view)
    numbers = {k: (cards_display(v) if isinstance(v, tuple) else v)
               for k, v in d.numbers.items()}
    numbers = {k: v for k, v in numbers.items()
               if isinstance(v, (int, float, str, bool, dict)) or v is None}
    return Hint(d.action, explain(view, d), numbers)


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
            return Hint(special, reason, {"value": knock_points(view.hand, view.rules)})
        return Hint(special, f"{str(special).capitalize()}: it is the only legal move.", {})
    return hint_for_view(view)
