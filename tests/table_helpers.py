"""Helpers for stacked-deck table tests: build the deal order from the hands we want.

RULES.md section 3: dealing starts left of the dealer and gives one card at a time until
everyone has three; the widow gets a card after each of those passes; only then are the
table cards turned. ``stack`` writes a deck in exactly that order, so a test states the
hands and table cards it wants and the rule decides where each card lands.
"""

from __future__ import annotations

from thirtyone.core.cards import Card, parse_cards
from thirtyone.core.rules import get_variant
from thirtyone.game.table import Game, new_game


def stack(n: int, hands: list[str], *, dealer: int = 0, widow: str = "", spare: str = "",
          closed: str = "", table: str = "", stock: str = "", out: tuple[int, ...] = ()) -> list[Card]:
    """Deck (top first) dealing ``hands[s]`` to seat ``s``; then widow cards after each pass,
    the dealer's second hand, the closed hand, the table cards (discard start or middle)
    and the top of the stock. Seats in ``out`` get no cards (give "" for them)."""
    seats = [(dealer + k) % n for k in range(1, n + 1) if (dealer + k) % n not in out]
    hs = {s: parse_cards(hands[s]) for s in seats}
    w = parse_cards(widow)
    order: list[Card] = []
    for k in range(3):
        order += [hs[s][k] for s in seats]
        if w:
            order.append(w[k])
    for part in (spare, closed, table, stock):
        order += parse_cards(part)
    return order


def game(variant: str, hands: list[str], *, rules=None, names=None, dealer: int = 0,
         lives=None, seed: int | None = None, **table) -> Game:
    """A game of ``variant`` (or ``rules``) with the given hands stacked; ``seed`` fixes
    the shuffles of later rounds (unstacked ``next_round``)."""
    n = len(hands)
    r = rules if rules is not None else get_variant(variant).rules
    names = names or ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"][:n]
    out = tuple(i for i, h in enumerate(hands) if h == "")
    deck = stack(n, hands, dealer=dealer, out=out, **table)
    return new_game(r, names, deck=deck, dealer=dealer, lives=lives, seed=seed)


def hand_text(g: Game, seat: int) -> str:
    return " ".join(sorted(str(c) for c in g.hands[seat]))


def cards(text: str) -> str:
    return " ".join(sorted(str(c) for c in parse_cards(text)))


def play(g: Game, *moves: str) -> list:
    events = []
    for m in moves:
        events += g.apply(m)
    return events


def free_ride_knock_lost() -> Game:
    """Five-dollar bill, two players: Bo (first to move, on the free ride with 0 lives)
    knocks on 5, Ann draws and ends higher, so the knock costs Bo the game (RULES.md 3e)."""
    g = new_game(get_variant("five_dollar").rules, ["Ann", "Bo"],
                 deck="2C 9H 3D 8H 5S 2H 4C 6D 7S", lives=[4, 0])
    g.apply("knock")
    g.apply("draw")
    g.apply(f"discard {g.hands[0][-1]}")
    return g
