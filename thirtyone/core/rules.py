"""The rules of every variant as options of one ``Rules`` value (RULES.md sections 2-4).

A variant is only a preset: ``VARIANTS["scat"].rules``. House rules are the same value with
some options changed, ``rules.replace(three_of_a_kind=30.5)``, validated like any other.
Every option is described once, in ``OPTIONS``; pages and the CLI read the descriptions from
there, so a rule is named and explained in exactly one place.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..i18n import N_, _, ngettext
from .kinds import Family, Scoring
from .text import whole


class RulesError(ValueError):
    """An unknown option or a value the option does not allow."""


@dataclass(frozen=True)
class Option:
    """One named rule option: its allowed values and a sentence for people."""

    name: str
    label: str
    allowed: tuple[Any, ...]
    help: str

    def check(self, value: Any) -> None:
        # bool is an int in Python: True must not pass as 1, nor 1 as True.
        is_bool_option = all(isinstance(a, bool) for a in self.allowed)
        if isinstance(value, bool) != is_bool_option or value not in self.allowed:
            raise RulesError(_("Option '{name}' cannot be {value}; allowed: {allowed}.").format(
                name=self.name, value=repr(value)[:60], allowed=self.allowed_text()))

    def parse(self, text: str) -> Any:
        """The value of this option written as text (a CLI ``--rule`` or a link): read as JSON
        where it can be (``30.5``, ``true``), else as the word itself; ``none`` is None and a
        whole number is an int. The value is checked; a wrong one is refused with the allowed.

        >>> OPTIONS["three_of_a_kind"].parse("30.5"), OPTIONS["knocker_tied"].parse("same")
        (30.5, 'same')
        """
        value = parse_option_text(text)
        self.check(value)
        return value

    def text(self, value: Any) -> str:
        """The inverse of ``parse``: ``none``, ``30.5``, ``true``, ``same``."""
        return str(value) if isinstance(value, str) else "none" if value is None \
            else json.dumps(whole(value))

    @property
    def label_text(self) -> str:
        """``label`` in the current language."""
        return _(self.label)

    @property
    def help_text(self) -> str:
        """``help`` in the current language."""
        return _(self.help)

    def allowed_text(self) -> str:
        return ", ".join("none" if a is None else str(a).lower() if isinstance(a, bool) else str(a)
                         for a in self.allowed)

    def applies(self, rules: Rules) -> bool:
        """Whether this option plays any part under ``rules`` (three of a kind does not when
        hands rank as in Brag; passing does not outside the swap family).

        >>> OPTIONS["three_of_a_kind"].applies(VARIANTS["stop_the_bus"].rules)
        False
        """
        return self.why_not(rules) is None

    def why_not(self, rules: Rules) -> str | None:
        """One sentence saying why this option plays no part under ``rules``; None if it does.

        >>> print(OPTIONS["allow_pass"].why_not(VARIANTS["scat"].rules))
        Passing allowed plays no part here, because only the swap family has open middle
        cards to swap or pass with, and these rules are the draw family (draw and discard).
        """
        for need in _NEEDS.get(self.name, ()):
            if not need.test(rules):
                return _("{label} plays no part here, because {reason}.").format(
                    label=self.label_text, reason=need.reason(rules))
        return None


def parse_option_text(text: str) -> Any:
    """An option value from text, not yet checked against any option (see ``Option.parse``)."""
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        value = text
    if isinstance(value, str) and value.strip().lower() == "none":
        value = None  # OPTIONS list "none" as an allowed value, so accept the word
    return whole(value)


_BOOL = (False, True)

OPTIONS: dict[str, Option] = {o.name: o for o in [
    # what is played
    Option("family", N_("Table family"), tuple(Family),
           N_("How a turn works: draw and discard, swap with open middle cards, exchange with a "
              "widow, switch hands with the open or closed hand, or buy cards against a banker.")),
    Option("pack", N_("Pack"), (52, 32), N_("52 cards (2 to ace) or the 32-card piquet pack (7 to ace).")),
    Option("packs", N_("Packs shuffled together"), (1, 2, 3),
           N_("Banking only: with many players two or three packs are used together.")),
    Option("min_players", N_("Fewest players"), tuple(range(2, 9)), N_("Fewest players at the table.")),
    Option("max_players", N_("Most players"), tuple(range(2, 9)), N_("Most players at the table.")),
    # hand value
    Option("hand_value", N_("Hand value"), ("suit_sum", "brag", "banking_total"),
           N_("Suit sum: the best total of one suit. Brag: poker-like ranks (prial, running flush, "
              "run, flush, pair, high card). Banking total: all cards count, ace 1 or 11.")),
    Option("three_of_a_kind", N_("Three of a kind"), (None, 30, 30.5),
           N_("What three cards of one rank are worth (none: they count as a plain suit sum).")),
    Option("fire", N_("Three aces (fire)"), (None, 32, 33),
           N_("What three aces are worth; where set, they end the round at once and every other "
              "player loses a life.")),
    Option("same_rank", N_("Same rank counts"), _BOOL,
           N_("Cards of one rank add up too: the best sum of cards sharing a suit or a rank "
              "counts, so 7♥ 7♠ K♦ is 14 (a house rule of online Schwimmen tables).")),
    Option("tie_break", N_("Tie-break"), _BOOL,
           N_("Equal values compare the counted cards from the highest down, then the others.")),
    # moves
    Option("may_discard_taken_card", N_("May discard the card just taken"), _BOOL,
           N_("Draw family: whether a card taken from the discard pile may go straight back.")),
    Option("allow_pass", N_("Passing allowed"), _BOOL, N_("Swap family: whether a player may pass.")),
    Option("allow_swap_all", N_("Swap all allowed"), _BOOL,
           N_("Swap family: whether a player may swap the whole hand with the middle.")),
    Option("dealer_two_hands", N_("Dealer gets two hands"), _BOOL,
           N_("Swap family: the dealer is dealt two hands, keeps one or takes the other unseen; "
              "the hand given up is the open middle.")),
    Option("widow_only", N_("Widow only (no stock)"), _BOOL,
           N_("Widow family, a house rule the sources do not describe: no stock and no "
              "discard pile, so a turn is only an exchange with the widow or a knock. Off, a "
              "turn may also draw from the stock or take the top discard, as in the ordinary "
              "game.")),
    Option("restart", N_("Restart with a strong suit"), _BOOL,
           N_("Switch: at the showdown, a player holding three cards of one suit worth more than "
              "21 may call a restart: the round is void, and the same dealer deals again with "
              "that hand face up as the open hand.")),
    Option("knock_from", N_("Knocking allowed from"), ("first_turn", "second_circle"),
           N_("Whether a player may knock on the very first turn or only once everyone has moved.")),
    # how a round ends
    Option("blitz_effect", N_("A blitz (31)"), ("others_lose", "showdown", "pot", "none"),
           N_("What a hand of 31 does when shown: every other player loses a life; the round ends "
              "and only the lowest hand loses; the blitzer takes the pot; or nothing special.")),
    Option("blitz_after_knock", N_("Blitz counts after a knock"), _BOOL,
           N_("Whether a 31 reached on a final turn after a knock is still a blitz.")),
    Option("stock_out", N_("When the stock runs out"), ("void", "reshuffle", "score"),
           N_("Void: the round ends and nobody loses. Reshuffle: the discard pile except its top "
              "card becomes the new stock. Score: the round is scored as at a showdown.")),
    # who loses
    Option("scoring", N_("Keeping score"), tuple(Scoring),
           N_("Lives lost by the lowest hand; running-total points by place; or chips in a pot.")),
    Option("lives", N_("Lives"), tuple(range(1, 11)), N_("Lives each player starts with.")),
    Option("extra_life", N_("Extra life"), _BOOL,
           N_("On: a player at 0 lives keeps playing (on the county, swimming, free ride), and "
              "the next loss puts them out. Off: a player at 0 lives is out.")),
    Option("knocker_alone_lowest", N_("Knocker alone lowest loses"), (1, 2),
           N_("Lives the knocker loses when the knocker alone has the lowest hand.")),
    Option("knocker_tied", N_("Knocker tied for lowest"), ("safe", "same", "double"),
           N_("Safe: the others tied lose. Same: the knocker loses like the others tied. "
              "Double: the knocker loses two, the others tied one.")),
    Option("points_to_win", N_("Points to win"), (5, 10, 15, 20, 25, 30),
           N_("Running total: the first player to reach this many points wins.")),
    Option("chips", N_("Starting chips"), tuple(range(1, 101)), N_("Chips each player starts with.")),
    Option("ante", N_("Ante"), (1, 2, 3, 5), N_("Kitty: chips each player puts in the pot each round.")),
    # banking
    Option("natural_pays", N_("A natural pays"), (1, 2, 3, 4, 5),
           N_("Banking: chips paid for a 31 on the deal.")),
    Option("bust_pays", N_("A bust pays"), (1, 2, 3, 4, 5),
           N_("Banking: chips a player over 31 pays (a bust banker pays each punter still in).")),
    Option("win_pays", N_("A win pays"), (1, 2, 3, 4, 5),
           N_("Banking: chips paid between a standing banker and each higher or lower punter.")),
    Option("one_banker", N_("One banker all game"), _BOOL,
           N_("Banking: the bank stays with one player instead of passing on after each pack.")),
    Option("anticlockwise", N_("Play anticlockwise"), _BOOL,
           N_("Banking: play goes to the right, the way the bank passes (our reading: the "
              "book says only where the bank goes).")),
]}


# --- when an option plays a part -------------------------------------------------------------
# Each option needs some conditions to matter; an option not listed always matters. They
# follow where the engines read the option: game/table.py (table families), game/banking.py, scoring.py.

@dataclass(frozen=True)
class _Need:
    """A condition an option needs to play a part, and why not when it fails, for people."""

    test: Callable[[Rules], bool]
    reason: Callable[[Rules], str]


# the words below are shown translated, inside the sentences of ``Option.why_not``
_FAMILY_WORDS = {"draw": N_("the draw family (draw and discard)"),
                 "swap": N_("the swap family (open middle cards)"),
                 "widow": N_("the widow family (exchange with a widow)"),
                 "switch": N_("the switch family (open and closed hands)"),
                 "banking": N_("Banking Thirty-One (punters against a banker)")}
_HAND_WORDS = {"brag": N_("hands here rank as in Brag (prial, running flush, run, flush, pair)"),
               "banking_total": N_("hands here count every card towards the banking total"),
               "suit_sum": N_("hands here add up the cards of one suit")}
_SCORE_WORDS = {"lives": N_("lives"), "points": N_("running-total points"),
                "chips": N_("chips")}


def _kept_in(rules: Rules, scoring: str) -> str:
    return _("the score is kept in {kept}, not {wanted}").format(
        kept=_(_SCORE_WORDS[rules.scoring]), wanted=_(_SCORE_WORDS[scoring]))


def _family_need(family: str, what: str) -> _Need:
    return _Need(lambda r: r.family == family,
                 lambda r: _("{what}, and these rules are {family}").format(
                     what=_(what), family=_(_FAMILY_WORDS[r.family])))


def _score_need(scoring: str) -> _Need:
    return _Need(lambda r: r.scoring == scoring, lambda r: _kept_in(r, scoring))


_TABLE = _Need(lambda r: r.family != "banking",
               lambda r: _("Banking Thirty-One has no knock, no lives and no lowest hand "
                           "(punters buy cards against a banker)"))
_SUIT_SUM = _Need(lambda r: r.hand_value == "suit_sum",
                  lambda r: _("{hands} instead of adding up one suit").format(
                      hands=_(_HAND_WORDS[r.hand_value])))
_BLITZ_HANDS = _Need(lambda r: r.hand_value == "suit_sum",
                     lambda r: _("{hands}, so a 31 in one suit is nothing special").format(
                         hands=_(_HAND_WORDS[r.hand_value])))
_BLITZ_OR_FIRE = _Need(lambda r: r.blitz_effect != "none" or r.fire is not None,
                       lambda r: _("a 31 does nothing special under these rules and three aces "
                                   "are not fire, so no hand ends the round at once"))
_STOCK = _Need(lambda r: r.draws or (r.family == "swap" and r.allow_pass),
               lambda r: _("without passing the middle is never renewed, so the stock is never "
                           "used after the deal") if r.family == "swap" else
                         _("with the widow-only house rule there is no stock") if
                         r.family == "widow" else
                         _("{family} uses no stock after the deal").format(
                             family=_(_FAMILY_WORDS[r.family])))
_CHIPS = _Need(lambda r: r.scoring == "chips" or r.family == "banking",
               lambda r: _kept_in(r, "chips"))
_DRAW = _Need(lambda r: r.draws,
              lambda r: _("with the widow-only house rule nobody draws or discards")
              if r.family == "widow" else
              _("{what}, and these rules are {family}").format(
                  what=_("only the draw family and the widow family draw and discard"),
                  family=_(_FAMILY_WORDS[r.family])))
_WIDOW = _family_need("widow", N_("only the widow family has a widow"))
_SWAP = _family_need("swap", N_("only the swap family has open middle cards to swap or pass "
                                "with"))
_SWITCH = _family_need("switch", N_("only the switch family has an open hand for the restart "
                                    "hand to become"))
_BANKING = _family_need("banking", N_("only Banking Thirty-One has a banker and punters"))
_LIVES = _score_need("lives")

_NEEDS: dict[str, tuple[_Need, ...]] = {
    "packs": (_BANKING,),
    "three_of_a_kind": (_SUIT_SUM,),
    "fire": (_SUIT_SUM,),
    "same_rank": (_SUIT_SUM,),
    "tie_break": (_SUIT_SUM,),
    "may_discard_taken_card": (_DRAW,),
    "widow_only": (_WIDOW,),
    "allow_pass": (_SWAP,),
    "allow_swap_all": (_SWAP,),
    "dealer_two_hands": (_SWAP,),
    "restart": (_SWITCH,),
    "knock_from": (_TABLE,),
    "blitz_effect": (_TABLE, _BLITZ_HANDS),
    "blitz_after_knock": (_TABLE, _BLITZ_HANDS, _BLITZ_OR_FIRE),   # it governs fire too
    "stock_out": (_TABLE, _STOCK),
    "scoring": (_TABLE,),
    "lives": (_TABLE, _LIVES),
    "extra_life": (_TABLE, _LIVES),
    "knocker_alone_lowest": (_TABLE, _LIVES),
    "knocker_tied": (_TABLE, _LIVES),
    "points_to_win": (_TABLE, _score_need("points")),
    "chips": (_CHIPS,),
    "ante": (_TABLE, _CHIPS),
    "natural_pays": (_BANKING,),
    "bust_pays": (_BANKING,),
    "win_pays": (_BANKING,),
    "one_banker": (_BANKING,),
    "anticlockwise": (_BANKING,),
}
assert set(_NEEDS) <= set(OPTIONS), set(_NEEDS) - set(OPTIONS)


@dataclass(frozen=True)
class Rules:
    """Every option of RULES.md in one frozen value; invalid values are refused on creation.

    >>> Rules(three_of_a_kind=30.5).three_of_a_kind
    30.5
    >>> Rules(knocker_tied="maybe")
    Traceback (most recent call last):
    ...
    thirtyone.core.rules.RulesError: Option 'knocker_tied' cannot be 'maybe'; allowed: safe, same, double.
    """

    family: Family = Family.DRAW
    pack: int = 52
    packs: int = 1
    min_players: int = 2
    max_players: int = 7
    hand_value: str = "suit_sum"
    three_of_a_kind: float | None = None
    fire: float | None = None
    same_rank: bool = False
    tie_break: bool = False
    may_discard_taken_card: bool = False
    allow_pass: bool = True
    allow_swap_all: bool = True
    dealer_two_hands: bool = False
    widow_only: bool = False
    restart: bool = False
    knock_from: str = "first_turn"
    blitz_effect: str = "others_lose"
    blitz_after_knock: bool = False
    stock_out: str = "void"
    scoring: Scoring = Scoring.LIVES
    lives: int = 3
    extra_life: bool = True
    knocker_alone_lowest: int = 2
    knocker_tied: str = "safe"
    points_to_win: int = 15
    chips: int = 10
    ante: int = 1
    natural_pays: int = 2
    bust_pays: int = 2
    win_pays: int = 2
    one_banker: bool = False
    anticlockwise: bool = True
    # Not an option: the preset these rules were made from (a variant's key, kept through
    # house rules and records), so a game's words follow it: Scat with 5 lives still loses
    # pennies. None for rules built from scratch (then ``closest_variant`` names them).
    preset: str | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            if f.name in OPTIONS:
                OPTIONS[f.name].check(getattr(self, f.name))
        # the words a record or a link gives become their members (equal to the same words)
        object.__setattr__(self, "family", Family(self.family))
        object.__setattr__(self, "scoring", Scoring(self.scoring))
        if self.min_players > self.max_players:
            raise RulesError(_("Option 'min_players' ({low}) cannot be more than 'max_players' "
                               "({high}).").format(low=self.min_players, high=self.max_players))
        if self.packs > 1 and self.family != "banking":
            raise RulesError(_("Option 'packs' can be more than 1 only in the banking family."))
        if self.family == "banking" and self.hand_value != "banking_total":
            raise RulesError(_("The banking family needs option 'hand_value' = banking_total."))
        if self.hand_value == "banking_total" and self.family != "banking":
            raise RulesError(_("Option 'hand_value' = banking_total belongs to the banking "
                               "family."))

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed; an unknown option name is refused by name."""
        for name in changes:
            if name not in OPTIONS:
                raise RulesError(_("Unknown option '{name}'; options are: {options}.").format(
                    name=str(name)[:60], options=", ".join(OPTIONS)))
        return dataclasses.replace(self, **changes)

    def with_house_rules(self, **changes: Any) -> Rules:
        """These rules (a preset) with house rules: like ``replace``, but a change to an option
        that plays no part under the resulting rules is refused, saying why. Setting an option
        to the value it already has is no change and is never refused.

        >>> VARIANTS["stop_the_bus"].rules.with_house_rules(three_of_a_kind=30.5)
        Traceback (most recent call last):
        ...
        thirtyone.core.rules.RulesError: Option 'three_of_a_kind' cannot be changed: Three of a kind
        plays no part here, because hands here rank as in Brag (prial, running flush, run,
        flush, pair) instead of adding up one suit.
        """
        result = self.replace(**changes)
        for name, value in changes.items():
            if value == getattr(self, name):
                continue
            why = OPTIONS[name].why_not(result)
            if why is not None:
                raise RulesError(_("Option '{name}' cannot be changed: {why}").format(
                    name=name, why=why))
        return result

    def to_dict(self, only_changed_from: Rules | None = None) -> dict[str, Any]:
        """The options as a dict (the preset is not an option, so it is not in it)."""
        d = {name: getattr(self, name) for name in OPTIONS}
        if only_changed_from is not None:
            d = {k: v for k, v in d.items() if getattr(only_changed_from, k) != v}
        return d

    def from_preset(self, key: str | None) -> Rules:
        """These rules, remembered as made from the preset ``key`` (words only)."""
        return dataclasses.replace(self, preset=key)

    @classmethod
    def from_dict(cls, options: dict[str, Any], base: Rules | None = None) -> Rules:
        """Rules from a dict of options (e.g. a game record's ``rules``) on top of ``base``."""
        if not isinstance(options, dict):
            raise RulesError(_("Rules must be given as a mapping of option names to values."))
        # JSON has no tuples or 30 vs 30.0 distinction; normalise numbers that are whole.
        clean = {k: (int(v) if isinstance(v, float) and v.is_integer() else v)
                 for k, v in options.items()}
        return (base or cls()).replace(**clean)

    # Derived facts used by several modules, so the rule lives here once.
    @property
    def draws(self) -> bool:
        """Whether a turn may draw from the stock or take the top discard, then discard one
        (RULES.md 3a, 3c): the draw family, and the widow family unless ``widow_only`` (Kitty
        as seed 000 plays it keeps the stock and the discard pile beside the widow).

        >>> get_variant("kitty").rules.draws, get_variant("kitty").rules.replace(
        ...     widow_only=True).draws
        (True, False)
        """
        return self.family == "draw" or (self.family == "widow" and not self.widow_only)

    @property
    def uses_stock_after_deal(self) -> bool:
        """Whether cards come from the stock after the deal: draws, buys, or (swap family)
        three new middle cards when everyone passes; without passing (Stop the Bus) the
        middle is never renewed (RULES.md 3b)."""
        return self.draws or self.family == "banking" or (self.family == "swap"
                                                         and self.allow_pass)

    @property
    def fire_points(self) -> float | None:
        """What three aces are worth where they are fire: the fire value, or their rank sum
        (33) when same rank counts and that gives more (RULES.md 2); None without fire.

        >>> Rules(fire=32).fire_points, Rules(fire=32, same_rank=True).fire_points
        (32.0, 33.0)
        """
        if self.fire is None:
            return None
        return float(max(self.fire, 33 if self.same_rank else 0))

    @property
    def counts_blitz(self) -> bool:
        return self.blitz_effect != "none" and self.hand_value == "suit_sum"


@dataclass(frozen=True)
class Variant:
    """A named preset of ``Rules`` with what people call it and where it comes from."""

    key: str
    name: str
    rules: Rules
    summary: str
    source: str
    aliases: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()
    our_reading: bool = False
    # name, summary, life words and regions are English msgids: show them with ``_()`` or
    # the ``*_text`` properties; ``variant_lives`` counts lives in the variant's own words
    life_name: str = N_("life")          # what a life is on the table (penny, bill corner...)
    life_plural: str = N_("lives")
    extra_life_name: str = N_("on the county")
    optional: tuple[str, ...] = field(default=())  # options the sources call optional

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", self.rules.from_preset(self.key))

    @property
    def family(self) -> str:
        return self.rules.family

    @property
    def name_text(self) -> str:
        """The name in the current language (proper names such as Scat stay as they are)."""
        return _(self.name)

    @property
    def summary_text(self) -> str:
        """The summary in the current language."""
        return _(self.summary)

    @property
    def regions_text(self) -> tuple[str, ...]:
        """Where it is played, in the current language."""
        return tuple(_(r) for r in self.regions)


_SCAT = Rules(family=Family.DRAW, pack=52, lives=3, extra_life=True, knocker_alone_lowest=2,
              knocker_tied="safe", blitz_effect="others_lose", blitz_after_knock=False,
              stock_out="void")

VARIANTS: dict[str, Variant] = {v.key: v for v in [
    Variant("scat", N_("Thirty-One (Scat)"), _SCAT,
            N_("The classic American draw game: draw or take the top discard, throw one card "
               "away, and knock when you think you are not the lowest."),
            "seed 000", aliases=("Trente et un", "Scat", "Blitz", "Cadillac", "Cad", "Whammy!",
                                 "Juble", "High Hat", "Ride the Bus", "Geronimo",
                                 "Nickle Knock"),
            regions=(N_("USA"), N_("United Kingdom")), life_name=N_("penny"), life_plural=N_("pennies"),
            extra_life_name=N_("on the county"), optional=("three_of_a_kind",)),
    Variant("blitz", N_("Blitz (pub rules)"),
            _SCAT.replace(extra_life=False, three_of_a_kind=30, knocker_tied="double",
                          blitz_after_knock=True, stock_out="reshuffle"),
            N_("A harsher pub version: a 31 ends the round even on a final turn, a knocker who "
               "is lowest or shares last place loses two, and the discard pile is reshuffled."),
            "seed 003", aliases=("Blitz",)),
    Variant("five_dollar", N_("Five-dollar bill"),
            _SCAT.replace(lives=4),
            N_("Scat where each stake is a bill: its four corners are the four lives, then the "
               "player rides free; the last player in takes every bill."),
            "seed 000", regions=(N_("USA"),), life_name=N_("bill corner"), life_plural=N_("bill corners"),
            extra_life_name=N_("free ride"), optional=("three_of_a_kind",)),
    Variant("eenendertigen", N_("Eenendertigen (Dutch)"), _SCAT.replace(pack=32),
            N_("The Dutch draw game with the 32-card pack (7 to ace)."),
            "seed 000", aliases=("Eenendertigen",), regions=(N_("Netherlands"),)),
    Variant("running_total", N_("Running total"),
            _SCAT.replace(scoring="points", extra_life=False),
            N_("Scat without lives: each round ranks the players high (2 points), medium (1) or "
               "low (0); the first to reach the target wins."),
            "seed 000", our_reading=True, life_name=N_("point"), life_plural=N_("points")),
    Variant("kitty", N_("Kitty (widow and pot)"),
            Rules(family=Family.WIDOW, pack=52, scoring=Scoring.CHIPS, chips=10, ante=1, tie_break=True,
                  blitz_effect="pot", extra_life=False, knocker_alone_lowest=1,
                  knocker_tied="same"),
            N_("Everyone antes a chip and a three-card widow lies face down; a turn draws from "
               "the stock or the discard pile, exchanges cards with the widow, or knocks; the "
               "best hand takes the pot, and a blitz takes it at once."),
            "seed 000", aliases=("Kitty",), life_name=N_("chip"),
            life_plural=N_("chips")),
    Variant("schwimmen", N_("Schwimmen (German 31)"),
            Rules(family=Family.SWAP, pack=32, max_players=8, three_of_a_kind=30.5, fire=33,
                  lives=3, extra_life=True, knocker_alone_lowest=1, knocker_tied="same",
                  blitz_effect="showdown", blitz_after_knock=True, stock_out="score"),
            N_("Three open cards in the middle: swap one, swap all, pass or knock. A 31 or three "
               "aces end the round at once; a player with no lives left is swimming."),
            "seed 001", aliases=("Schnauz", "Knack", "Hosen 'runter"),
            regions=(N_("Germany"), N_("Austria")), life_name=N_("life"), extra_life_name=N_("swimming"),
            optional=("dealer_two_hands",)),
    Variant("stop_the_bus", N_("Stop the Bus (English)"),
            Rules(family=Family.SWAP, pack=52, hand_value="brag", allow_pass=False, lives=3,
                  extra_life=False, knocker_alone_lowest=1, knocker_tied="same",
                  blitz_effect="none", stock_out="score"),
            N_("Swap one or all three cards with the open middle, or stop the bus; no passing, "
               "and hands rank as in Brag."),
            "seed 000", aliases=("Stop the Bus",), regions=(N_("England"),)),
    Variant("switch", N_("Switch"),
            Rules(family=Family.SWITCH, pack=52, lives=3, extra_life=True, knocker_alone_lowest=2,
                  knocker_tied="safe", blitz_effect="others_lose", stock_out="void", restart=True),
            N_("The dealer keeps one of two hands and lays the other open; swap with the open "
               "hand, or trade your whole hand for the open or the closed hand. A strong suit "
               "(more than 21) may call a restart at the showdown."),
            "seed 000", our_reading=True),
    Variant("banking", N_("Banking Thirty-One"),
            Rules(family=Family.BANKING, pack=52, hand_value="banking_total",
                  scoring=Scoring.CHIPS,
                  chips=20, extra_life=False, blitz_effect="others_lose", stock_out="reshuffle"),
            N_("One banker against the punters: buy cards one at a time towards 31 without going "
               "over; naturals are paid at once."),
            "seed 002", life_name=N_("chip"),
            life_plural=N_("chips")),
]}


# The variant a page, a link or the command line plays when none is named.
DEFAULT_VARIANT = "scat"


def get_variant(key: str) -> Variant:
    """The variant preset for ``key``; an unknown key is refused with the list of keys."""
    try:
        return VARIANTS[key]
    except (KeyError, TypeError):
        raise ValueError(_("Unknown variant '{key}'; valid keys are: {keys}.").format(
            key=str(key)[:60], keys=", ".join(VARIANTS))) from None


def preset_of(rules: Rules) -> Variant:
    """The preset ``rules`` were made from (``Rules.preset``), else the closest one. A game's
    words (what a life is called) and its record's ``variant`` come from here.

    >>> preset_of(VARIANTS["scat"].rules.with_house_rules(lives=5)).key
    'scat'
    >>> preset_of(Rules(lives=5)).key     # made from scratch: the closest preset
    'five_dollar'
    """
    v = VARIANTS.get(rules.preset) if rules.preset else None
    return v if v is not None and v.rules.family == rules.family else closest_variant(rules)


@lru_cache(maxsize=256)
def closest_variant(rules: Rules) -> Variant:
    """The preset these rules come closest to: one of the same family, then the fewest options
    that differ, then the nearest numbers among those (5 lives is nearer Five-dollar bill's 4
    than Scat's 3); remaining ties go to the first in ``VARIANTS``. The one place that guesses
    the preset (records name it, the table and the Play page name lives after it).

    >>> closest_variant(VARIANTS["scat"].rules.replace(lives=2)).key
    'scat'
    >>> closest_variant(VARIANTS["five_dollar"].rules.replace(lives=5)).key
    'five_dollar'
    """
    mine = rules.to_dict()

    def gap(a: Any, b: Any) -> float:
        numbers = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (a, b))
        return abs(a - b) if numbers else 0.0

    def distance(v: Variant) -> tuple[bool, int, float]:
        base = v.rules.to_dict()
        changed = [k for k, x in mine.items() if base[k] != x]
        return (v.rules.family != rules.family, len(changed),
                sum(gap(base[k], mine[k]) for k in changed))

    return min(VARIANTS.values(), key=distance)   # min keeps the first of equals


def variant_lives(variant: Variant | Rules, n: int) -> str:
    """``n`` lives in the variant's own words and the current language, with the right one of
    Russian's and Ukrainian's three plural forms: ``3 pennies``, ``1 bill corner``. Rules are
    counted in the words of their closest preset (as ``life_words``).

    >>> variant_lives(VARIANTS["scat"], 1), variant_lives(VARIANTS["five_dollar"], 4)
    ('1 penny', '4 bill corners')
    """
    one = variant.life_name if isinstance(variant, Variant) else life_words(variant)[0]
    if one == "penny":
        text = ngettext("{n} penny", "{n} pennies", n)
    elif one == "bill corner":
        text = ngettext("{n} bill corner", "{n} bill corners", n)
    elif one == "point":
        text = ngettext("{n} point", "{n} points", n)
    elif one == "chip":
        text = ngettext("{n} chip", "{n} chips", n)
    else:
        text = ngettext("{n} life", "{n} lives", n)
    return text.format(n=n)


def variant_extra_life(variant: Variant | Rules) -> str:
    """What a player at 0 lives who plays on is called, in the current language: ``on the
    county``, ``free ride``, ``swimming``."""
    if isinstance(variant, Variant):
        return _(variant.extra_life_name)
    return _(life_words(variant, extra=True))


def life_words(rules: Rules, extra: bool = False) -> Any:
    """What a life is called: as in the preset the rules were made from (Scat with 5 lives
    still loses pennies; ``preset_of``), unless that preset keeps score another way. The
    game's messages and the Play page both take the words from here, so they agree. The words
    are English msgids (ids the code compares): show them with ``_()``, or count with
    ``variant_lives``.

    >>> life_words(VARIANTS["scat"].rules.with_house_rules(lives=5))
    ('penny', 'pennies')
    """
    v = preset_of(rules)
    if v.rules.scoring == rules.scoring:
        return v.extra_life_name if extra else (v.life_name, v.life_plural)
    if extra:
        return N_("on the county")
    return (N_("point"), N_("points")) if rules.scoring == "points" else (
        (N_("chip"), N_("chips")) if rules.scoring == "chips" else (N_("life"), N_("lives")))
