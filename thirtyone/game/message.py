"""Sentences translated when they are read, not when they happen.

A table's events, a round's reasons and an illegal move's error are kept as a ``Msg``: the
English message id, its fields (names, numbers, cards, other messages) and, for a counted
word, the count. ``str(msg)`` renders it in the current language (``thirtyone.i18n``), so a
log kept from an English game reads in Russian after the language is switched, and records
and saves, which keep moves and cards only, stay free of any language.

Build them with the ``L`` namespace, whose calls the catalog tool extracts like the plain
ones: ``L.N_("{who} stands.", who=name)``, ``L.ngettext("{n} chip", "{n} chips", n)``.
Fields are rendered when read too: a ``Card`` as ``card.display``, a tuple of cards as the
cards written out, a ``Msg`` (or ``Join``/``Names``) as its text.

>>> from thirtyone.i18n import use_language
>>> m = L.N_("{who} stands.", who="Ann")
>>> str(m), m == L.N_("{who} stands.", who="Ann")
('Ann stands.', True)
>>> with use_language("xx"):
...     str(m)
'⟦Ann šţåñðš.⟧'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..core.cards import Card
from ..i18n import N_, _, ngettext, npgettext, pgettext
from ..i18n.names import shown_name


def _frozen(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    return v


def render(v: Any) -> str:
    """A field's text in the current language."""
    if isinstance(v, Card):
        return v.display
    if isinstance(v, tuple) and v and all(isinstance(c, Card) for c in v):
        return " ".join(c.display for c in v)
    if isinstance(v, str):      # a player's name as the page shows it (a bot's in its script)
        return shown_name(v)
    return str(v)


class Msg:
    """A message rendered in the current language each time it is read (``str``)."""

    __slots__ = ("msgid", "plural", "n", "context", "fields")

    def __init__(self, msgid: str, plural: str | None = None, n: int | None = None,
                 context: str | None = None, **fields: Any) -> None:
        self.msgid = msgid
        self.plural = plural
        self.n = n
        self.context = context
        self.fields = tuple(sorted((k, _frozen(v)) for k, v in fields.items()))

    def __str__(self) -> str:
        if self.plural is not None:
            assert self.n is not None
            text = (npgettext(self.context, self.msgid, self.plural, self.n) if self.context
                    else ngettext(self.msgid, self.plural, self.n))
        else:
            text = pgettext(self.context, self.msgid) if self.context else _(self.msgid)
        if not self.fields and self.plural is None:
            return text
        values = {k: render(v) for k, v in self.fields}
        if self.n is not None:
            values.setdefault("n", str(self.n))
        return text.format(**values)

    def english(self) -> str:
        """The message in English, whatever the language now."""
        from ..i18n import use_language
        with use_language("en"):
            return str(self)

    def _key(self) -> tuple[Any, ...]:
        return (self.msgid, self.plural, self.n, self.context, self.fields)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Msg({self.english()!r})"


class Join(Msg):
    """Parts (sentences, usually) joined by ``sep`` when read; ``sep`` itself is not text."""

    __slots__ = ("parts", "sep")

    def __init__(self, parts: Iterable[Any], sep: str = " ") -> None:
        super().__init__("")
        self.parts = tuple(parts)
        self.sep = sep

    def __str__(self) -> str:
        return self.sep.join(render(p) for p in self.parts)

    def _key(self) -> tuple[Any, ...]:
        return ("join", self.sep, self.parts)


class Value(Msg):
    """A hand's value written when read: ``30½``, or a brag class in the reader's language
    (``pair of kings``, «пара королей»); an English word kept in a log line was read as
    English in Russian ("= flush")."""

    __slots__ = ("brag", "points")

    def __init__(self, points: Any, brag: bool = False) -> None:
        super().__init__("")
        self.points = points
        self.brag = brag

    def __str__(self) -> str:
        from ..core.scoring import brag_value_text
        from ..core.text import points_text
        return brag_value_text(self.points) if self.brag else points_text(self.points)

    def _key(self) -> tuple[Any, ...]:
        return ("value", self.brag, self.points)


def value_msg(score: Any) -> Value:
    """A ``Score``'s ``value_text``, rendered when read."""
    brag = isinstance(score.points, tuple)
    return Value(score.key if brag else score.points, brag)


class Names(Msg):
    """Names in a list a person reads: 'Ann', 'Ann and Bo', 'Ann, Bo and Cy'."""

    __slots__ = ("names",)

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__("")
        self.names = tuple(names)

    def __str__(self) -> str:
        names = [render(x) for x in self.names]
        if len(names) <= 1:
            return "".join(names)
        return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])

    def _key(self) -> tuple[Any, ...]:
        return ("names", self.names)


class L:
    """The lazy calls: the same names as ``thirtyone.i18n`` (so the catalog tool finds the
    messages), returning a ``Msg`` instead of text."""

    @staticmethod
    def N_(msgid: str, **fields: Any) -> Msg:      # noqa: N802 - the catalog tool's name
        return Msg(msgid, **fields)

    @staticmethod
    def ngettext(singular: str, plural: str, n: int, **fields: Any) -> Msg:
        return Msg(singular, plural, n, **fields)

    @staticmethod
    def pgettext(context: str, msgid: str, **fields: Any) -> Msg:
        return Msg(msgid, context=context, **fields)


# the counted life words of each variant (RULES.md: penny, bill corner...), three forms in
# Russian and Ukrainian; any other word falls back to "life"
_LIVES = {
    "life": lambda n: L.ngettext("a life", "{n} lives", n),
    "penny": lambda n: L.ngettext("a penny", "{n} pennies", n),
    "bill corner": lambda n: L.ngettext("a bill corner", "{n} bill corners", n),
    "point": lambda n: L.ngettext("a point", "{n} points", n),
    "chip": lambda n: L.ngettext("a chip", "{n} chips", n),
}
# counted with the number always written ("1 penny", as on a counter)
_COUNTED = {
    "life": lambda n: L.ngettext("{n} life", "{n} lives", n),
    "penny": lambda n: L.ngettext("{n} penny", "{n} pennies", n),
    "bill corner": lambda n: L.ngettext("{n} bill corner", "{n} bill corners", n),
    "point": lambda n: L.ngettext("{n} point", "{n} points", n),
    "chip": lambda n: L.ngettext("{n} chip", "{n} chips", n),
}
# the plural word alone ("no pennies left")
_PLURAL = {"life": N_("lives"), "penny": N_("pennies"), "bill corner": N_("bill corners"),
           "point": N_("points"), "chip": N_("chips")}


def lives_msg(life_name: str, n: int) -> Msg:
    """'a penny', '2 pennies' in the current language when read."""
    return _LIVES.get(life_name, _LIVES["life"])(n)


def count_msg(life_name: str, n: int) -> Msg:
    """'1 penny', '2 pennies' (the number always written) in the current language when read."""
    return _COUNTED.get(life_name, _COUNTED["life"])(n)


class Word(Msg):
    """A single word or phrase from a table of ``N_`` messages, translated when read."""

    __slots__ = ()

    def __init__(self, msgid: str) -> None:
        super().__init__(msgid)


def lives_word(life_name: str) -> Msg:
    """The plural word alone ('pennies'), translated when read."""
    return Word(_PLURAL.get(life_name, _PLURAL["life"]))


def extra_life_word(phrase: str) -> Msg:
    """The variant's extra-life phrase ('on the county'); its msgid is the core's."""
    return Word(phrase)


def text(v: Any) -> str:
    """Any message or plain value as text in the current language."""
    return render(v)


__all__ = ["Join", "L", "Msg", "Names", "Word", "count_msg", "extra_life_word", "lives_msg",
           "lives_word",
           "render", "text"]
