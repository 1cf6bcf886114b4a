"""History, names and customs of Thirty-One, as data (RULES.md section 5).

The facts come from RULES.md and the source texts; the sentences are ours. Pages show these
values; nothing here imports streamlit.

>>> [p.place for p in PLACES if "Juble" in p.names]
['Oklahoma', 'Kansas']
>>> sorted(variant_places("schwimmen"))
['Austria', 'Germany']
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.rules import VARIANTS


@dataclass(frozen=True)
class Event:
    """One step in the game's history: roughly when, and what happened."""

    when: str
    text: str


@dataclass(frozen=True)
class Place:
    """A place where the game (or a relative) is known under some names.

    ``era`` is "today" for names in use now and "history" for where the game was recorded
    long ago. ``variants`` are keys of ``VARIANTS`` that play the game as known there.
    """

    place: str
    lat: float
    lon: float
    names: tuple[str, ...]
    note: str
    era: str = "today"
    variants: tuple[str, ...] = ()


HISTORY: tuple[Event, ...] = (
    Event("from the 1400s",
          "Aiming for a total of 31 is an old idea: it shaped all or part of games such as "
          "Commerce, Cribbage, Trentuno and Wit and Reason."),
    Event("1440",
          "The oldest known mention is in a French translation of a sermon preached in 1440 "
          "by the Italian Saint Bernardine, so the game may have started in Italy."),
    Event("1500s",
          "Rabelais, Cardano and many other writers of the sixteenth century name the game. "
          "The card historian David Parlett points out that the name then covered two games: "
          "a banking game like Pontoon and a draw game like Commerce."),
    Event("1500s-1600s",
          "The game spread across Europe and caught on in France, England and Ireland. The "
          "banking form is an ancestor of Vingt-Un, the family of Blackjack."),
    Event("1670s",
          "Francis Willughby, an English naturalist who also wrote about games, noted that "
          "Thirty-One was played in England."),
    Event("today",
          "The draw game is a favourite in America and Britain and goes by many local names. "
          "Germany and Austria play their own open-card relative, Schwimmen; Greece keeps a "
          "banking game called 31."),
)

# Easily mixed up: the same number, different games.
NOT_TO_CONFUSE: tuple[tuple[str, str], ...] = (
    ("Skat", "Germany's national card game is a trick-taking game for three; 'Scat' only "
             "sounds like it."),
    ("Schwimmen", "Also called 31 in Germany, but played with open middle cards instead of a "
                  "stock and a discard pile (the Schwimmen variant in this app)."),
    ("Greek 31", "A banking game: punters buy cards against a banker, like Blackjack with 31 "
                 "as the target (the Banking variant in this app)."),
)

CUSTOMS: tuple[str, ...] = (
    "Lives are often pennies: each player starts with three and pays one into the middle for "
    "every lost round.",
    "In the five-dollar-bill game a player folds one corner of the bill for each lost life; "
    "with four corners folded the player rides free, and the winner takes every bill.",
    "Players who are already out often bet with each other on who will last longest.",
    "A player with no lives left is still in, with names like 'on the county', 'swimming' or "
    "'free ride'; one more loss and they are out.",
)

PLACES: tuple[Place, ...] = (
    # Drawn in the north so that its label does not cover Kansas and Oklahoma.
    Place("United States", 44.5, -100.5,
          ("Thirty-One", "Scat", "Blitz", "Kitty", "High Hat", "Ride the Bus", "Geronimo",
           "Five-dollar bill"),
          "Played across the country under many names.",
          variants=("scat", "blitz", "five_dollar", "kitty", "running_total", "switch")),
    Place("South Louisiana", 30.4, -91.6, ("Cadillac",), "Cadillac in south Louisiana.",
          variants=("scat",)),
    Place("Mississippi", 32.7, -89.7, ("Cadillac",), "Cadillac in Mississippi too.",
          variants=("scat",)),
    Place("Pennsylvania", 40.9, -77.8, ("Cad",), "Shortened to Cad.", variants=("scat",)),
    Place("Central Indiana", 39.8, -86.2, ("Whammy!",), "Whammy!, with the exclamation mark.",
          variants=("scat",)),
    Place("Oklahoma", 35.5, -97.5, ("Juble",), "Juble in Oklahoma.", variants=("scat",)),
    Place("Kansas", 38.5, -98.4, ("Juble",), "Juble in Kansas as well.", variants=("scat",)),
    Place("Hawaii", 20.8, -156.3, ("Nickle Knock",), "Nickle Knock in Hawaii.",
          variants=("scat",)),
    Place("England", 52.6, -1.5, ("Thirty-One", "Stop the Bus"),
          "Thirty-One is popular in Britain; Stop the Bus ranks hands as in Brag.",
          variants=("scat", "stop_the_bus")),
    Place("Germany", 51.1, 10.4, ("Schwimmen", "Schnauz", "Knack", "Hosen 'runter", "31"),
          "The open-card relative: swap with the middle; a player with no lives is "
          "swimming.", variants=("schwimmen",)),
    Place("Austria", 47.6, 14.1, ("Schwimmen", "Schnauz", "Knack", "Hosen 'runter"),
          "Played as in Germany.", variants=("schwimmen",)),
    Place("Netherlands", 52.2, 5.5, ("Eenendertigen",),
          "The Dutch draw game, with the 32-card pack.", variants=("eenendertigen",)),
    Place("Greece", 39.3, 22.0, ("31 (banking game)",),
          "A banking game against a banker; play goes to the right.", variants=("banking",)),
    Place("France", 46.6, 2.4, ("Trente et un",),
          "Trente et un: named by Rabelais; popular there from the 1500s.", era="history"),
    Place("Italy", 42.9, 12.6, ("Trentuno",),
          "The first mention (1440) suggests an Italian origin.", era="history"),
    Place("Ireland", 53.3, -7.9, ("Thirty-One",),
          "One of the countries where the game caught on early.", era="history"),
    Place("England (1670s)", 51.5, -0.1, ("Thirty-One",),
          "Francis Willughby recorded the game here in the 1670s.", era="history"),
)


# What the ``source`` of each preset refers to (the texts in the project's seeds).
SOURCES: dict[str, str] = {
    "seed 000": "a reference article on Thirty-One and its variants (in Russian)",
    "seed 001": "the rules page of an online Schwimmen game (in Russian)",
    "seed 002": "a card-game book's rules for banking Thirty-One (in Ukrainian)",
    "seed 003": "the rules page of an online Blitz game (in Russian)",
}


def source_text(source: str) -> str:
    """A preset's ``source`` in words; unknown sources are shown as they are."""
    return SOURCES.get(source, source)


def variant_places(key: str) -> list[str]:
    """Places where the variant ``key`` is played, as listed in ``PLACES``."""
    if key not in VARIANTS:
        raise ValueError(f"Unknown variant '{key}'; valid keys are: {', '.join(VARIANTS)}.")
    return [p.place for p in PLACES if key in p.variants]


def all_names() -> list[str]:
    """Every name the game goes by, once each, in the order of ``PLACES``."""
    return list(dict.fromkeys(n for p in PLACES for n in p.names))
