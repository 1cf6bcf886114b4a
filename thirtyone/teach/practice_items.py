"""The items of a practice block (``practice.Practice``), dealt by the engine from a seed:
``make_item(block, seed)``, always the same item for the same seed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.actions import Hit, Knock
from ..core.cards import Card, card_from_index, cards_display, make_pack
from ..core.rules import get_variant
from ..core.scoring import banking_total
from ..core.text import points_text
from ..expert.choice_words import move_name
from ..game.banking import new_banking_game
from ..game.table import new_game
from ..i18n import _, format_percent, ngettext
from ..odds.dealt import dealt_distribution, hand_standing
from ..odds.knock import hand_at_table, knock_risk
from ..policies.view import view_from_observation
from .lessons import make_quiz
from .practice import CLEAR_MARGIN, HINTS, MAX_DEALS, PROMPTS, Item, Practice
from .quiz import LessonError

if TYPE_CHECKING:
    from ..expert.choice import OptionCost
    from ..game.values import Observation


def _hand(rng: np.random.Generator, pack: int) -> tuple[Card, ...]:
    cards = make_pack(pack)
    return tuple(sorted((cards[i] for i in rng.choice(len(cards), 3, replace=False)),
                        key=lambda c: (c.suit, -c.points)))


def _value_item(p: Practice, seed: int) -> Item:
    rules = get_variant(p.variant).rules
    hand = _hand(np.random.default_rng([seed, 1]), rules.pack)
    q = make_quiz({"kind": "value", "variant": p.variant, "question": _(PROMPTS["value"]),
                   "hand": " ".join(str(c) for c in hand)}, p.variant)
    k = min(q.correct)
    return Item("value", seed, q.question, {"hand": hand}, q.options, q.correct,
                _(HINTS["value"]), q.summary, facts={"value": q.options[k]})


def _standing_item(p: Practice, seed: int) -> Item:
    rules = get_variant(p.variant).rules
    hand = _hand(np.random.default_rng([seed, 2]), rules.pack)
    q = make_quiz({"kind": "standing", "variant": p.variant,
                   "question": _(PROMPTS["standing"]),
                   "hand": " ".join(str(c) for c in hand)}, p.variant)
    st = hand_standing(hand, rules)
    dist = sorted(dealt_distribution(rules).probabilities.items())
    median = next(v for k, (v, _p) in enumerate(dist)
                  if sum(q for _v, q in dist[:k + 1]) >= 0.5)
    # what the scoring punishes (RULES.md 3e): with lives, being the lowest or tied for it;
    # with points, alone at the bottom; with a pot, someone strictly higher
    at = hand_at_table(hand, rules, 1)
    costs = [(_("Shown down now against one opponent"),
              _("{bad} {p} of the time").format(bad=knock_risk(rules).bad,
                                                 p=format_percent(at.chance, 1)))]
    return Item("standing", seed, q.question, {"hand": hand}, q.options, q.correct,
                _(HINTS["standing"]).format(median=points_text(median)), q.summary, costs,
                facts={"beats": st.beats, "opponent_beats": st.opponent_beats,
                       "shown_down_loss": at.chance})


def _knock_item(p: Practice, seed: int) -> Item:
    """A first turn where knocking is allowed: knock now or play on. A position is looked for
    where the expert's play-outs tell the two apart clearly; then both are costed as lesson 7
    teaches (``expert.knock_costs``: the chance of losing a life, two at once, from someone's
    31, on the same play-outs), and the cheaper in the scoring's unit is the answer."""
    from ..expert.choice_words import option_text, played_out, trade_off
    from ..expert.expert import expert_decision, knock_costs
    from ..expert.hint import explain
    rules = get_variant(p.variant).rules
    names = [_("You")] + [_("Player {n}").format(n=n) for n in range(2, p.players + 1)]
    best = None
    for attempt in range(MAX_DEALS):
        game = new_game(rules, names, seed=seed * MAX_DEALS + attempt, dealer=p.players - 1)
        if game.round_over or game.to_move != 0:
            continue
        obs = game.observation(0)
        if Knock() not in obs.legal_actions:
            continue
        view = view_from_observation(obs)
        d = expert_decision(view)
        costs = d.numbers.get("rollout")
        if not isinstance(costs, dict) or "knock" not in costs or len(costs) < 2:
            continue
        knock = float(costs["knock"])
        other = min(float(v) for k, v in costs.items() if k != "knock")
        cand = (abs(knock - other), game, obs, view, d)
        if best is None or cand[0] > best[0]:
            best = cand
        if cand[0] >= CLEAR_MARGIN:
            break
    kc = knock_costs(best[3]) if best is not None else None
    if best is None or kc is None:
        raise LessonError(_("No position could be dealt for knocking practice."))
    _gap, game, obs, view, d = best
    _reason, numbers = explain(view, d)     # the hint's numbers, kept for the record
    options = [_("Knock now"), _("Play on")]
    waits = tuple(o.move for o in kc.all.options if o.move != "knock")
    wait = kc.all.best(waits)
    knock_right = kc.knock.cost <= wait.cost
    costs_out = [(options[0], option_text(rules, kc.all, kc.knock)),
                 (options[1] + " (" + _wait_words(wait, obs) + ")",
                  option_text(rules, kc.all, wait))]
    why = " ".join(t for t in (
        trade_off(rules, kc.all),
        (_("So knocking now costs less.") if knock_right else
         _("So playing on costs less.")),
        played_out(kc.all)) if t)
    pile = (obs.discard_pile[-1],) if obs.discard_pile else ()
    cards = {"hand": tuple(obs.hand)}
    if pile:
        cards["pile"] = pile
    context = ngettext("{n} player at the table; you move first.",
                       "{n} players at the table; you move first.", p.players).format(
        n=p.players)
    return Item("knock", seed, _(PROMPTS["knock"]), cards, options,
                {0 if knock_right else 1}, _(HINTS["knock"]), why, costs_out, context,
                [],     # the hint's own list would say the same costs a second time
                facts={"knock": kc.knock.cost, "other": wait.cost, "numbers": numbers,
                       "lose": (kc.knock.lose, wait.lose),
                       "p_bad_now": d.numbers.get("p_bad_now"), "game": game,
                       "costs": kc.all, "wait": wait.move})


def _wait_words(wait: OptionCost, obs: Observation) -> str:
    """How the play-on option is played, as costed: a draw, or a take and the card it
    throws (the cost holds for that discard only)."""
    if wait.move == "take" and obs.discard_pile and wait.discard is not None:
        name = move_name("take", obs.discard_pile[-1].display,
                         card_from_index(wait.discard).display)
        return name[:1].lower() + name[1:]
    return {"take": _("take the top card"), "draw": _("draw from the stock")}.get(
        wait.move, wait.move)


#: Banking practice: cards are bought before the item until the total reaches one of these
#: (picked at random), so low, middling and high totals all come up
BANK_TARGETS = (0, 20, 24, 27)


def _bank_position(p: Practice, seed: int) -> Any:
    """A punter's turn of Banking (seat 0) where a card can be bought, with cards bought
    already up to one of ``BANK_TARGETS`` now and then."""
    rules = get_variant(p.variant).rules
    rng = np.random.default_rng([seed, 4])
    names = [_("You")] + [_("Player {n}").format(n=n) for n in range(2, p.players + 1)]
    for attempt in range(50):
        game = new_banking_game(rules, names, seed=seed * 50 + attempt, dealer=p.players - 1)
        obs = game.observation(0)
        if obs.to_move != 0 or Hit() not in obs.legal_actions:
            continue
        target = int(rng.choice(BANK_TARGETS))        # a card or more bought already
        for _k in range(3):
            if banking_total(obs.hand)[0] >= target:
                break
            game.apply(Hit())
            obs = game.observation(0)
            if obs.to_move != 0 or Hit() not in obs.legal_actions:
                break
        if obs.to_move == 0 and Hit() in obs.legal_actions:
            return game
    raise LessonError(_("No position could be dealt for Banking practice."))


def _bank_item(p: Practice, seed: int) -> Item:
    """Buy or stay: both played out to the end of the round (``bots.banking_costs``), and a
    position is looked for where one of them wins clearly more chips; the answer is that
    one, with each move's chips side by side and the rule book's plain numbers."""
    from ..bots import banking_costs, banking_with_costs
    from ..expert.banking_hint import banking_hint
    rules = get_variant(p.variant).rules
    options = [_("Buy a card"), _("Stay")]
    best = None
    for attempt in range(MAX_DEALS):
        game = _bank_position(p, seed * MAX_DEALS + attempt)
        costs = banking_costs(game, 0, seed=seed * MAX_DEALS + attempt)
        gap = abs(costs.options[0].cost - costs.options[1].cost) - costs.diff_half("hit",
                                                                                   "stay")
        if best is None or gap > best[0]:
            best = (gap, game, costs)
        if gap > 0:
            break
    assert best is not None
    _gap, game, costs = best
    obs = game.observation(0)
    book = banking_hint(obs)
    h = banking_with_costs(book, rules, costs,
                           lambda a: options[0] if isinstance(a, Hit) else options[1])
    buy = costs.get("hit")
    stay = costs.get("stay")
    assert buy is not None and stay is not None
    total = banking_total(obs.hand)[0]
    seen = list(obs.hand) + [c for s, hh in enumerate(obs.hands)
                             if hh is not None and s != 0 for c in hh]
    unseen = [c for c in make_pack(rules.pack) for _i in range(rules.packs)]
    for c in seen:
        unseen.remove(c)
    p_bust = sum(banking_total((*obs.hand, c))[1] for c in unseen) / len(unseen)
    why = " ".join([_("Your total is {total} with {cards}.").format(
        total=total, cards=cards_display(obs.hand)), h.reason, h.source])
    numbers = [(k, v) for k, v in book.numbers.items() if k != _("Your total now")]
    return Item("bank", seed, _(PROMPTS["bank"]), {"hand": tuple(obs.hand)}, options,
                {0 if isinstance(h.action, Hit) else 1}, _(HINTS["bank"]), why,
                list(h.numbers.items()), numbers=numbers,
                facts={"total": total, "p_bust": p_bust, "unseen": len(unseen),
                       "chips": (buy.expected, stay.expected), "book": book.action,
                       "game": game, "costs": costs})


_MAKERS = {"value": _value_item, "standing": _standing_item, "knock": _knock_item,
           "bank": _bank_item}


def make_item(p: Practice, seed: int) -> Item:
    """The item for ``seed`` (a whole number): always the same for the same seed."""
    return _MAKERS[p.kind](p, int(seed) % 2**31)


__all__ = ["make_item"]
