"""A hint for Banking Thirty-One (hit or stay), from one seat's observation only.

The advice follows the old banking rule book (seed 002): a punter with a fair total such as
26 or 27 gains nothing by buying, because the banker, who cannot stay on a small total,
risks going bust and then pays everyone. Below that a card is bought while the chance of
going over 31 with it is small. The chance is counted over the cards this seat has not
seen, each equally likely.
"""

from __future__ import annotations

from ..core.actions import Hit, Stay
from ..core.cards import make_pack
from ..core.scoring import banking_total
from ..game.banking import STAYED, BankingObservation
from ..i18n import _
from ..policies.banking import BASIC_STAY_AT  # the rule book's advice: stay on 26 or more
from .hint import Hint, percent

MAX_BUST = 0.5        # below that, buy while going over 31 is less likely than not


def banking_hint(obs: BankingObservation) -> Hint:
    """Hit or stay for the seat of ``obs``, with a one-sentence reason and plain numbers."""
    if not obs.legal_actions:
        raise ValueError(_("It is not this player's turn, so there is no move to suggest."))
    if Hit() not in obs.legal_actions:
        return Hint(obs.legal_actions[0], _("It is the only move you can make now."), {})
    hand = obs.hand
    total = banking_total(hand)[0]
    seen = list(hand) + [c for s, h in enumerate(obs.hands)
                         if h is not None and s != obs.seat for c in h]
    unseen = [c for c in make_pack(obs.rules.pack) for _i in range(obs.rules.packs)]
    for c in seen:
        if c in unseen:
            unseen.remove(c)
    after = [banking_total((*hand, c)) for c in unseen]
    p_bust = sum(b for _t, b in after) / len(after) if after else 1.0
    p_better = sum(1 for t, b in after if not b and t > total) / len(after) if after else 0.0
    banker = obs.seat == obs.banker
    waiting = [s for s in range(len(obs.players))
               if s != obs.seat and not obs.out[s] and obs.status[s] == STAYED]
    if banker and not waiting:
        action = Stay()
        reason = _("No punter is left to beat, so there is nothing to win by buying.")
    elif total >= BASIC_STAY_AT:
        action = Stay()
        reason = (_("A total this high is worth keeping: the punters below it pay you.")
                  if banker else
                  _("A total this high is worth keeping: the banker, who cannot stay on a small "
                    "total, may go bust and pay you."))
    elif p_bust < MAX_BUST:
        action = Hit()
        reason = _("Your total is low, and one more card is more likely to help than to bust "
                   "you.")
    else:
        action = Stay()
        reason = _("One more card would more likely take you over 31 than help.")
    numbers = {_("Your total now"): str(total),
               _("Chance one more card takes you over 31"): percent(p_bust),
               _("Chance one more card raises your total"): percent(p_better)}
    return Hint(action if action in obs.legal_actions else obs.legal_actions[0], reason, numbers)
