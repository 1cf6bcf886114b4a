"""What the banking table says, as the sentence for a person playing as "You" and the one
for a named player: two whole messages each, since the verb (and in Russian and Ukrainian
much more) changes with the person. Rendered when read (``message.Msg``)."""

from __future__ import annotations

from typing import Any

from ..i18n import N_
from .message import Msg

# key: ("You ..." sentence, "{who} ..." sentence)
SAY: dict[str, tuple[str, str]] = {
    "deal": (
        N_("Round {round}: You are the banker and deal three cards to each of {n} players."),
        N_("Round {round}: {who} is the banker and deals three cards to each of {n} players.")),
    "natural_both": (
        N_("You show a natural 31, but the banker has one too: nothing is paid between you."),
        N_("{who} shows a natural 31, but the banker has one too: nothing is paid between them.")),
    "natural": (
        N_("You show a natural 31."),
        N_("{who} shows a natural 31.")),
    "paid_natural": (
        N_("The banker pays you {paid} for the natural."),
        N_("The banker pays {who} {paid} for the natural.")),
    "banker_natural": (
        N_("You, the banker, show a natural 31 and collect from every punter without one."),
        N_("{who}, the banker, shows a natural 31 and collects from every punter without one.")),
    "pay_banker_natural": (
        N_("You pay the banker {paid} for the banker's natural."),
        N_("{who} pays the banker {paid} for the banker's natural.")),
    "hit": (
        N_("You buy a card (now {n} cards)."),
        N_("{who} buys a card (now {n} cards).")),
    "bust": (
        N_("You go over 31 ({cards} = {total}): bust."),
        N_("{who} goes over 31 ({cards} = {total}): bust.")),
    "pay_bust": (
        N_("You pay the banker {paid} for the bust."),
        N_("{who} pays the banker {paid} for the bust.")),
    "banker_stays": (
        N_("You, the banker, stay on {total}."),
        N_("{who}, the banker, stays on {total}.")),
    "stays": (
        N_("You stay."),
        N_("{who} stays.")),
    "banker_bust": (
        N_("You, the banker, go over 31 ({cards} = {total}): bust, and pay every punter still in."),
        N_("{who}, the banker, goes over 31 ({cards} = {total}): bust, and pays every punter "
           "still in.")),
    "paid_bust": (
        N_("The banker pays you {paid} for going bust."),
        N_("The banker pays {who} {paid} for going bust.")),
    "pays_less": (
        N_("You have {total}, less than the banker's {banker}: you pay the banker {paid}."),
        N_("{who} has {total}, less than the banker's {banker}: {who} pays the banker {paid}.")),
    "paid_more": (
        N_("You have {total}, more than the banker's {banker}: the banker pays {paid}."),
        N_("{who} has {total}, more than the banker's {banker}: the banker pays {paid}.")),
    "tie": (
        N_("You have {total}, the same as the banker: nothing is paid."),
        N_("{who} has {total}, the same as the banker: nothing is paid.")),
    "out": (
        N_("You have no chips left and are out."),
        N_("{who} has no chips left and is out.")),
    "holds_all": (
        N_("You hold every chip and win the game."),
        N_("{who} holds every chip and wins the game.")),
    "most_chips": (
        N_("You have the most chips ({n}) and win."),
        N_("{who} has the most chips ({n}) and wins.")),
    "talia_passes": (
        N_("The pack is used up (a talia): every card is shuffled afresh and the bank passes to "
           "you on the right."),
        N_("The pack is used up (a talia): every card is shuffled afresh and the bank passes to "
           "{who} on the right.")),
    "talia_keeps": (
        N_("The pack is used up (a talia): every card is shuffled afresh; you keep the bank."),
        N_("The pack is used up (a talia): every card is shuffled afresh; {who} keeps the bank.")),
    # a round dealt from a stacked pack of its own (a class challenge): a new talia
    "fresh_passes": (
        N_("A fresh pack for this round (a new talia): the bank passes to you on the right."),
        N_("A fresh pack for this round (a new talia): the bank passes to {who} on the "
           "right.")),
    "fresh_keeps": (
        N_("A fresh pack for this round (a new talia): you keep the bank."),
        N_("A fresh pack for this round (a new talia): {who} keeps the bank.")),
}


def say(key: str, you: bool, **fields: Any) -> Msg:
    """The sentence ``key`` for "You" (``you``) or for the player named in ``who``."""
    mine, theirs = SAY[key]
    return Msg(mine if you else theirs, **fields)
