"""``expert.choice`` in words: each move's cost in the scoring's unit, one line per move, and
one sentence on what waiting wins and what it costs. Used by the hint on Play and by the knock
quizzes of the course, so both say the same thing the same way."""

from __future__ import annotations

from ..core.rules import Rules, life_words
from ..game.message import lives_msg
from ..i18n import _, format_number, format_percent
from ..policies.banking import BASIC_STAY_AT
from .choice import Z95, ChoiceCosts, OptionCost


def share(p: float) -> str:
    """A chance as a whole percentage; 'under 1 %' for a small one that is not zero."""
    if p > 0 and format_percent(p) == format_percent(0.0):
        return _("under {p}").format(p=format_percent(0.01))
    return format_percent(p)


def margin(p: float, deals: int) -> str:
    """The 95 % margin of a share ``p`` counted over ``deals`` play-outs, e.g. '± 4 %' (the
    share is right to within it 19 times in 20); empty when there is none to speak of."""
    half = Z95 * (p * (1 - p) / max(deals, 1)) ** 0.5
    if half < 0.005:
        return ""
    return _("± {p}").format(p=format_percent(half))


def with_margin(p: float, deals: int) -> str:
    """A share with its margin: '37 % ± 5 %'."""
    m = margin(p, deals)
    return f"{share(p)} {m}" if m else share(p)


def move_name(move: str, card: str | None = None, thrown: str | None = None) -> str:
    """'Knock now', 'Take the 8♦', 'Take the 8♦ and throw the 3♣' (``thrown``: the discard
    a take was costed with), 'Draw from the stock'."""
    if move == "knock":
        return _("Knock now")
    if move == "take" and card and thrown:
        return _("Take the {card} and throw the {thrown}").format(card=card, thrown=thrown)
    if move == "take":
        return _("Take the {card}").format(card=card) if card else _("Take the top card")
    return _("Draw from the stock")


def small(costs: ChoiceCosts) -> bool:
    """Whether every move costs under 5 lives per 100 rounds: then counted per 1,000."""
    return all(o.expected < 0.05 for o in costs.options)


def per_rounds(rules: Rules, costs: ChoiceCosts, x: float) -> str:
    """'21 pennies per 100 rounds'; '2 pennies per 1,000 rounds' where all are small."""
    name = life_words(rules)[0]
    if small(costs):
        return _("{amount} per 1,000 rounds").format(amount=lives_msg(name, max(0, round(1000 * x))))
    return _("{amount} per 100 rounds").format(amount=lives_msg(name, max(0, round(100 * x))))


def heads_up(costs: ChoiceCosts, rules: Rules) -> bool:
    return costs.heads_up and rules.scoring == "lives"


def chips_words(x: float, half: float | None = None) -> str:
    """Banking: the chips won (or lost) on average by the end of the round, with the 95 %
    margin: 'you win 0.42 chips on average (± 0.10)'. Fractions take the genitive singular
    in Russian and Ukrainian ('0,42 фишки'), so the amount is always written with two
    decimals."""
    amount = format_number(abs(x), 2)
    text = (_("you win {amount} chips on average") if x >= 0.005 else
            _("you lose {amount} chips on average") if x <= -0.005 else
            _("you come out even on average")).format(amount=amount)
    if half is not None and half >= 0.005:
        text += " " + _("(± {amount})").format(amount=format_number(half, 2))
    return text


def option_text(rules: Rules, costs: ChoiceCosts, o: OptionCost) -> str:
    """One move's cost in words, e.g. 'you lose a penny 37% of the time, 2 pennies at once
    37%; 75 pennies per 100 rounds on average'."""
    n = costs.deals
    if costs.kind == "bank":
        return _("{amount} by the end of the round; you end it with fewer chips than now "
                 "{p} of the time").format(amount=chips_words(o.expected, o.half),
                                           p=with_margin(o.lose, n))
    if costs.kind == "place":
        return _("on average {amount}; alone at the bottom {p} of the time").format(
            amount=per_rounds(rules, costs, o.expected), p=with_margin(o.lose, n))
    if costs.kind == "pot":
        return _("you take the pot (or a share) {p} of the time").format(
            p=with_margin(1 - o.lose, n))
    name = life_words(rules)[0]
    if o.lose_two > 0:      # a share of the losses, never a second chance to add up
        parts = [_("you lose {p} of the time (of which {count} at once: {p2})").format(
            p=with_margin(o.lose, n), count=lives_msg(name, 2), p2=share(o.lose_two))]
    else:
        parts = [_("you lose {life} {p} of the time").format(life=lives_msg(name, 1),
                                                             p=with_margin(o.lose, n))]
    if o.from_blitz > 0:
        parts.append(_("{p} of the time from someone else's 31 before the showdown").format(
            p=share(o.from_blitz)))
    text = ", ".join(parts)
    text += "; " + _("on average {amount}").format(amount=per_rounds(rules, costs, o.expected))
    if heads_up(costs, rules):
        text += "; " + _("your opponent loses {amount}").format(
            amount=per_rounds(rules, costs, o.others))
    return text


def cost_words(rules: Rules, costs: ChoiceCosts, o: OptionCost) -> str:
    """A move's cost as one figure: '75 pennies per 100 rounds', heads-up the balance."""
    if costs.kind == "place":
        return per_rounds(rules, costs, o.expected)
    if costs.kind == "bank":
        sign = "+" if o.expected >= 0.005 else "\u2212" if o.expected <= -0.005 else ""
        return _("{amount} chips a round").format(
            amount=sign + format_number(abs(o.expected), 2))
    if costs.kind == "pot":
        return _("the pot {p} of the time").format(p=share(1 - o.lose))
    if heads_up(costs, rules):
        net = round(100 * (o.expected - o.others))
        if net >= 0:
            return _("{amount} more than your opponent per 100 rounds").format(
                amount=lives_msg(life_words(rules)[0], net))
        return _("{amount} fewer than your opponent per 100 rounds").format(
            amount=lives_msg(life_words(rules)[0], -net))
    return per_rounds(rules, costs, o.expected)


def trade_off(rules: Rules, costs: ChoiceCosts) -> str:
    """What waiting wins and what it costs, against knocking now (empty without both)."""
    k = costs.get("knock")
    waits = [o for o in costs.options if o.move != "knock"]
    if k is None or not waits:
        return ""
    w = costs.best(tuple(o.move for o in waits))
    if costs.kind != "life":
        return _("Knocking now ends your own play; waiting gives you another card, and the "
                 "others more turns to catch up.")
    a, b = share(k.lose - k.from_blitz), share(w.lose - w.from_blitz)
    two = (" " + _("A knocker alone at the bottom loses {count} at once, so a failed knock "
                   "costs double.").format(count=lives_msg(life_words(rules)[0], 2))
           if k.lose_two > 0 else "")
    if w.from_blitz <= 0:
        return _("Knocking now, you lose at the showdown {a} of the time. Waiting, your hand "
                 "can still grow, and so can the others': you lose at the showdown {b} of the "
                 "time.").format(a=a, b=b) + two
    return _("Knocking now, you lose at the showdown {a} of the time. Waiting, your hand "
             "can still grow: you lose at the showdown {b} of the time, but another player "
             "may reach 31 first, which costs you {c} more.").format(
        a=a, b=b, c=share(w.from_blitz)) + two


def played_out(costs: ChoiceCosts) -> str:
    """Where the numbers come from, in one sentence."""
    if costs.kind == "bank":
        return _("Each move was played to the end of the round in the same {n} deals that "
                 "fit what you have seen (after it everyone, you too, buys below {stay} and "
                 "stays from {stay}); a figure shown with ± is counted from these deals, so it "
                 "is right to within that margin 19 times in 20.").format(
            n=format_number(costs.deals), stay=BASIC_STAY_AT)
    return _("Each move was played to the end of the round in the same {n} deals that fit "
             "what you have seen (the others play as the standard bot); a chance shown with "
             "± is counted from these deals, so it is right to within that margin 19 times in "
             "20.").format(n=format_number(costs.deals))


__all__ = ["chips_words", "cost_words", "margin", "move_name", "option_text", "played_out",
           "share", "trade_off", "with_margin"]
