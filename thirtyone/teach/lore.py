"""History, names and customs of Thirty-One, as data (RULES.md section 5).

The facts come from RULES.md and the source texts; the sentences are ours. Every claim names
its sources (keys of ``SOURCES``: a seed file, a section of RULES.md, or David Parlett as cited
there), and the Variants page shows them in small print. Nothing here imports streamlit.

>>> [p.place for p in PLACES if "Juble" in p.names]
['Oklahoma', 'Kansas']
>>> sorted(variant_places("schwimmen"))
['Austria', 'Germany']
>>> "Blitz" in NO_PLACE_NAMES
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.rules import VARIANTS
from ..i18n import N_, _


@dataclass(frozen=True)
class Event:
    """One step in the game's history: roughly when, what happened, and where it is written
    (keys of ``SOURCES``)."""

    when: str
    text: str
    sources: tuple[str, ...]


@dataclass(frozen=True)
class Note:
    """A claim that is not a dated event (a look-alike game, a table custom), with its
    sources (keys of ``SOURCES``); ``topic`` names the look-alike game where there is one."""

    text: str
    sources: tuple[str, ...]
    topic: str = ""


@dataclass(frozen=True)
class Place:
    """A place where the game (or a game also called 31) is known under some names.

    ``era`` is "today" for names in use now and "history" for places in the game's early
    history. ``variants`` are keys of ``VARIANTS`` that play the game as known there;
    ``sources`` are keys of ``SOURCES`` for the names and the note.
    """

    place: str
    lat: float
    lon: float
    names: tuple[str, ...]
    note: str
    era: str = "today"
    variants: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()


# What each source key refers to: the texts in the project's seeds (also the ``source`` of
# each preset), the rule book, and the historian the rule book and seed 000 cite.
SOURCES: dict[str, str] = {
    "seed 000": N_("a reference article on Thirty-One and its variants (in Russian)"),
    "seed 001": N_("the rules page of an online Schwimmen game (in Russian)"),
    "seed 002": N_("a card-game book's rules for banking Thirty-One (in Ukrainian)"),
    "seed 003": N_("the rules page of an online Blitz game (in Russian)"),
    "RULES.md §4": N_("the app's rule book, section 4 (the variants)"),
    "RULES.md §5": N_("the app's rule book, section 5 (history and names)"),
    "David Parlett": N_("as cited in seed 000 and RULES.md §5"),
}

_S0 = ("seed 000",)
_S0R = ("seed 000", "RULES.md §5")

HISTORY: tuple[Event, ...] = (
    Event(N_("from the 1400s"),
          N_("Aiming for a total of 31 is an old idea. Since the fifteenth century it has shaped "
          "all or part of several related games, such as Commerce, Cribbage, Trentuno and "
          "Wit and Reason."), _S0R),
    Event("1440",
          N_("The first known mention of Thirty-One is in a French translation of a sermon "
          "given in 1440 by the Italian Saint Bernardine, so the game may have begun in "
          "Italy."), _S0R),
    Event(N_("1500s"),
          N_("Rabelais, Cardano and many other sixteenth-century texts mention the game. "
          "David Parlett points out that the name was used for two different games: one "
          "like Pontoon (a banking game) and one like Commerce (a draw game)."),
          (*_S0R, "David Parlett")),
    Event(N_("later"),
          N_("The game spread quickly across Europe and became popular in France, where it is "
          "called Trente et un, and in England and Ireland. It is a forerunner of Vingt-Un "
          "(French for twenty-one)."), _S0R),
    Event(N_("1670s"),
          N_("Francis Willughby wrote down that Thirty-One was played in England."), _S0R),
    Event(N_("today"),
          N_("Thirty-One is popular in America and Britain and goes by many local names (see "
          "the map). Some other games are also called 31: see below."), _S0R),
)

# Easily mixed up: the same number, or a name that sounds the same, but different games.
NOT_TO_CONFUSE: tuple[Note, ...] = (
    Note(N_("Germany's national card game. Thirty-One is also called Scat, but it has nothing "
         "to do with Skat."), _S0R, "Skat"),
    Note(N_("Another game called 31 (also Schnauz or Hosen 'runter): players swap with open "
         "middle cards instead of drawing from a stock. The Schwimmen variant plays it as an "
         "online rules page (in Russian) tells it."), ("seed 000", "seed 001"), "Schwimmen"),
    Note(N_("Seed 000 names a Greek banking game called 31 as a different game, and says "
         "nothing more about it."), ("seed 000",), N_("Greek banking 31")),
    Note(N_("The Banking variant follows a card-game book's rules for a banking 31, written in "
         "Ukrainian: punters buy cards against a banker and try to get close to 31 without "
         "going over. The book does not say where the game is played."), ("seed 002",),
         N_("Banking 31")),
)

CUSTOMS: tuple[Note, ...] = (
    Note(N_("Lives are often pennies: each player starts with three and pays one into the middle "
         "of the table for every life lost."), _S0R),
    Note(N_("In the five-dollar-bill game, an American version, each player's bill is the stake: "
         "a player folds one corner for each lost life; with all four corners folded the "
         "player rides free, and the last player left takes every bill."), _S0R),
    Note(N_("Side bets are common: players who are already out often bet with each other on who "
         "will win or last longest."), _S0R),
    Note(N_("A player with no lives left is still in, with names like 'on the county', "
         "'swimming', 'free ride' or 'on the bike'; one more loss and they are out."),
         ("seed 000", "seed 001")),
)

PLACES: tuple[Place, ...] = (
    # Drawn in the north so that its label does not cover Kansas and Oklahoma.
    Place(N_("United States"), 44.5, -100.5, (N_("Thirty-One"), N_("Five-dollar bill")),
          N_("Thirty-One is popular in America, and the five-dollar bill is an American "
          "version."), variants=("scat", "five_dollar"), sources=_S0R),
    Place(N_("South Louisiana"), 30.4, -91.6, ("Cadillac",), N_("Cadillac in south Louisiana."),
          variants=("scat",), sources=_S0R),
    Place(N_("Mississippi"), 32.7, -89.7, ("Cadillac",), N_("Cadillac in Mississippi too."),
          variants=("scat",), sources=_S0R),
    Place(N_("Pennsylvania"), 40.9, -77.8, ("Cad",), N_("Shortened to Cad."), variants=("scat",),
          sources=_S0R),
    Place(N_("Central Indiana"), 39.8, -86.2, ("Whammy!",), N_("Whammy!, with the exclamation mark."),
          variants=("scat",), sources=_S0R),
    Place(N_("Oklahoma"), 35.5, -97.5, ("Juble",), N_("Juble in Oklahoma."), variants=("scat",),
          sources=_S0R),
    Place(N_("Kansas"), 38.5, -98.4, ("Juble",), N_("Juble in Kansas as well."), variants=("scat",),
          sources=_S0R),
    Place(N_("Hawaii"), 20.8, -156.3, ("Nickle Knock",), N_("Nickle Knock in Hawaii."),
          variants=("scat",), sources=_S0R),
    Place(N_("England"), 54.0, -2.0, ("Thirty-One", "Stop the Bus"),
          N_("Thirty-One is popular in Britain; Stop the Bus, common in England, ranks hands as "
          "in Brag."), variants=("scat", "stop_the_bus"), sources=_S0R),
    Place(N_("Germany"), 51.1, 10.4, ("Schwimmen", "Schnauz", "Hosen 'runter", "31"),
          N_("Schwimmen, another game called 31: swap with the open middle cards; a player with "
          "no lives left is 'swimming'. Its rules page names a custom of many German "
          "families."), variants=("schwimmen",), sources=("seed 000", "seed 001")),
    # Only the rule book says Austria and Knack; none of the four source texts does.
    Place(N_("Austria"), 47.6, 14.1, ("Knack", "Schwimmen", "Schnauz", "Hosen 'runter"),
          N_("The rule book adds Austria and the name Knack; the four source texts say "
          "neither."), variants=("schwimmen",), sources=("RULES.md §5",)),
    Place(N_("Netherlands"), 52.2, 5.5, ("Eenendertigen",),
          N_("The Dutch version, played with the 32-card pack."), variants=("eenendertigen",),
          sources=_S0R),
    Place(N_("Greece"), 39.3, 22.0, (N_("31 (banking game)"),),
          N_("Seed 000 names a Greek banking game called 31 and says nothing more about it. The "
          "Banking variant follows a different text, which does not say where it is played."),
          sources=("seed 000",)),
    Place(N_("France"), 46.6, 2.4, ("Trente et un",),
          N_("Trente et un is the French name of Thirty-One; the game became popular in France, "
          "and Rabelais mentions it."), era="history", sources=_S0R),
    Place(N_("Ireland"), 53.3, -7.9, ("Thirty-One",),
          N_("The game became popular here as it spread across Europe."), era="history",
          sources=_S0R),
    # After Ireland, so that Ireland carries the map's one 'Thirty-One' label in Europe.
    Place(N_("Italy"), 42.9, 12.6, ("Thirty-One",),
          N_("Saint Bernardine, whose 1440 sermon holds the first known mention of the game, "
          "was Italian, so the game may have begun here."), era="history", sources=_S0R),
    Place(N_("England (1670s)"), 51.5, -0.1, ("Thirty-One",),
          N_("Francis Willughby wrote down that the game was played in England in the 1670s."),
          era="history", sources=_S0R),
)


# Names the sources give for Thirty-One without saying where (seed 000): not on the map,
# listed beside it.
NO_PLACE_NAMES: tuple[str, ...] = ("Scat", "Blitz", "Kitty", "High Hat", "Ride the Bus",
                                   "Geronimo")
NO_PLACE_SOURCES: tuple[str, ...] = _S0R


def cite(sources: tuple[str, ...]) -> str:
    """Source keys as short text for small print: 'seed 000; RULES.md §5'."""
    return "; ".join(sources)


def claims() -> list[tuple[str, tuple[str, ...]]]:
    """Every lore claim as (text, sources): the history, the look-alikes, the customs and
    each place's names and note. Tests check that each names a known source."""
    out = [(f"{e.when}: {e.text}", e.sources) for e in HISTORY]
    out += [(f"{n.topic}: {n.text}" if n.topic else n.text, n.sources)
            for n in (*NOT_TO_CONFUSE, *CUSTOMS)]
    out += [(f"{p.place} ({', '.join(p.names)}): {p.note}", p.sources) for p in PLACES]
    out.append((f"without a place: {', '.join(NO_PLACE_NAMES)}", NO_PLACE_SOURCES))
    return out


def source_text(source: str) -> str:
    """A preset's ``source`` in words; unknown sources are shown as they are."""
    return SOURCES.get(source, source)


# --- in the reader's language ----------------------------------------------------------------
# The text above is English (marked for the catalogs with ``N_``); these translate it where it
# is shown. The games' own names (Cadillac, Juble, Schwimmen...) are not marked: they stay as
# they are in every language, except the few marked ones that are descriptions.

def shown(text: str) -> str:
    """A place, name, date or note of this module in the reader's language."""
    return _(text) if text else text


def shown_source_key(key: str) -> str:
    """A source key as the small print shows it, in the reader's words (``RULES.md §5`` as
    "rule book §5")."""
    if key.startswith("seed "):
        return _("seed {n}").format(n=key.removeprefix("seed "))
    if key.startswith("RULES.md §"):
        return _("rule book §{n}").format(n=key.removeprefix("RULES.md §"))
    return _(key)


def shown_cite(sources: tuple[str, ...]) -> str:
    """``cite`` in the reader's language."""
    return "; ".join(shown_source_key(k) for k in sources)


def shown_source_text(source: str) -> str:
    """``source_text`` in the reader's language."""
    return _(SOURCES[source]) if source in SOURCES else source


N_("David Parlett")   # a source key shown as a name (Cyrillic in Russian and Ukrainian)


def variant_places(key: str) -> list[str]:
    """Places where the variant ``key`` is played, as listed in ``PLACES``."""
    if key not in VARIANTS:
        raise ValueError(f"Unknown variant '{key}'; valid keys are: {', '.join(VARIANTS)}.")
    return [p.place for p in PLACES if key in p.variants]


def all_names() -> list[str]:
    """Every name the game goes by, once each, in the order of ``PLACES``."""
    return list(dict.fromkeys([*(n for p in PLACES for n in p.names), *NO_PLACE_NAMES]))
