"""The teacher scenarios' titles, descriptions and outcomes (``thirtyone/scenarios/*.json``)
as messages for the catalogs: the JSON keeps the English text, which is the msgid, and the
Play page shows ``_(scenario.title)``. tests/test_i18n_play.py checks that this table holds
every scenario's text exactly (edit both together)."""

from __future__ import annotations

from thirtyone.i18n import N_

#: scenario name -> (title, description, outcome)
SCENARIO_TEXTS: dict[str, tuple[str, str, str]] = {
    'banking_bust': (
        N_("Banking Thirty-One: two busts"),
        N_("Ann holds the bank; play goes to the right, so Cy buys first, then Bo, then the banker. Cy buys on 24, Bo stays on 24, and Ann, the banker, buys on 22."),
        N_("Cy goes over 31 (34) and pays the banker 2 chips at once. Ann then goes over 31 too (32) and pays 2 chips to every punter still in: only Bo. Ann ends even, Bo is up 2, Cy down 2."),
    ),
    'blitz_on_final_turn': (
        N_("Blitz: a 31 on the last turn after a knock"),
        N_("Blitz (pub rules): a 31 ends the round at any time, even on a final turn. Bo knocks at once with 25 in hearts. Cy, on the last turn after the knock, draws the A♠ to his K♠ Q♠."),
        N_("Cy's 31 is a blitz even after the knock: the round ends at once and every other player loses a life, the knocker Bo included. Ann never gets her last turn."),
    ),
    'final_turn_31_scat': (
        N_("Scat: the same 31 after a knock is not a blitz"),
        N_("The same cards as the Blitz scenario, played as Scat, where a blitz counts only before anyone knocks. Bo knocks with 25; Cy draws the A♠ and holds 31 on his last turn."),
        N_("After a knock a 31 is just the best hand, so play goes on: Ann takes her last turn and stands. At the showdown Ann's 9 is the lowest hand, and she loses a penny; Bo, the knocker, is safe."),
    ),
    'fire_on_the_deal': (
        N_("Schwimmen: fire on the deal"),
        N_("Schwimmen counts three aces as fire (33). Cy is dealt A♥ A♠ A♦ and shows them before anyone moves."),
        N_("Fire ends the round before the first move, and it costs every other player a life whatever they hold: Ann and Bo each lose one."),
    ),
    'kitty_tie_split': (
        N_("Kitty: two best hands split the pot"),
        N_("Kitty: everyone antes one chip, so the pot holds 3. Bo knocks with K♠ Q♠ = 20; Cy and Ann stand. Ann also has 20, with K♥ Q♥, and her third card is a five like Bo's."),
        N_("Ann and Bo tie for the best hand, and the tie-break cannot part them (K and Q counted, a 5 beside), so they split the pot: one chip each. The odd third chip stays in the pot for the next round. Chips: Ann 10, Bo 10, Cy 9."),
    ),
    'knocker_tied_double': (
        N_("Knocker tied for lowest: double"),
        N_("Scat with the house rule 'knocker tied for lowest' set to double. Bo knocks at once with 9♥ 6♥ = 15. Cy and Ann stand on their last turns: Cy has 20, Ann also has 15."),
        N_("Bo ties Ann for the lowest hand (15). With this house rule a knocker tied for lowest loses two pennies, while Ann loses one."),
    ),
    'knocker_tied_safe': (
        N_("Knocker tied for lowest: safe"),
        N_("Scat with the house rule 'knocker tied for lowest' set to safe. Bo knocks at once with 9♥ 6♥ = 15. Cy and Ann stand on their last turns: Cy has 20, Ann also has 15."),
        N_("Bo ties Ann for the lowest hand (15), and a knocker tied for lowest is safe: only Ann loses a penny."),
    ),
    'knocker_tied_same': (
        N_("Knocker tied for lowest: same"),
        N_("Scat with the house rule 'knocker tied for lowest' set to same. Bo knocks at once with 9♥ 6♥ = 15. Cy and Ann stand on their last turns: Cy has 20, Ann also has 15."),
        N_("Bo ties Ann for the lowest hand (15). With this house rule the knocker loses like the others tied: Ann and Bo each lose a penny."),
    ),
    'schwimmen_worked_example': (
        N_("Schwimmen: the worked example"),
        N_("The example from the rule book. Three players, 32 cards, three open cards in the middle. Watch how You build hearts with two swaps while Tom collects spades, and how a swap to 31 ends the round at once, even though nobody knocked."),
        N_("Your second swap makes A♥ K♥ Q♥ = 31: a blitz, and the round ends at once. In Schwimmen a 31 costs only the lowest hand a life: Lena, with 19, loses one. Tom (30) and You lose nothing."),
    ),
    'stock_runs_out': (
        N_("Scat: the stock runs out"),
        N_("Two players who never knock: each draws and throws the drawn card straight back. After 45 draws the stock is empty."),
        N_("In Scat a round whose stock runs out before anyone knocks is void: nobody loses a penny, and the next round is dealt as usual."),
    ),
    'switch_restart': (
        N_("Switch: a restart at the showdown"),
        N_("Switch, three players, Cy deals. Cy keeps the first hand and lays 2♣ 3♣ 4♦ open. Ann knocks at once with A♥ K♥ 2♥ = 23; Bo and Cy stand. At the showdown Ann holds three hearts worth more than 21, so she may call a restart, and she does."),
        N_("The round is void and nobody loses a life; Cy deals again, and Ann's A♥ K♥ 2♥ lies face up as the new open hand."),
    ),
}

__all__ = ["SCENARIO_TEXTS"]
