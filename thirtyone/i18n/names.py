"""The bots' and the examples' names in the reader's script: ``Ann`` reads «Аня» in Russian
and «Анна» in Ukrainian, ``Ann (bot)`` reads «Аня (бот)».

Games, saves and the store keep the English names (language-free records); a page shows
them through :func:`person_name`, and a log line renders a name field through
:func:`shown_name`, which reads the names a page put in force with :func:`names_shown`
(only the bots' seats: a student's own name is shown as typed).

>>> from thirtyone.i18n import use_language
>>> with use_language("ru"):
...     person_name("Ann"), person_name("Olga"), seat_word("Cy (bot)")
('Аня', 'Olga', 'Сева (бот)')
>>> with use_language("ru"), names_shown({"Bo": person_name("Bo")}):
...     shown_name("Bo"), shown_name("Sam")
('Вова', 'Sam')
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from . import _, pgettext

#: every name a bot or an example of this app is given (tables of bots in ui.table_words,
#: store.shared, store.challenge_play, teach.quiz_kinds; the scenarios and the lessons)
PEOPLE = ("Ann", "Ben", "Bo", "Cleo", "Cy", "Dee", "Ed", "Eli", "Fay", "Flo", "Gus", "Lena",
          "Sam", "Tom", "You")      # "You": the learner's seat in the teachers' scenarios


def _marks() -> None:      # the catalog tool reads these; person_name looks them up by name
    pgettext("person name", "Ann"), pgettext("person name", "Ben"), pgettext("person name", "Bo")
    pgettext("person name", "Cleo"), pgettext("person name", "Cy"), pgettext("person name", "Dee")
    pgettext("person name", "Ed"), pgettext("person name", "Eli"), pgettext("person name", "Fay")
    pgettext("person name", "Flo"), pgettext("person name", "Gus"), pgettext("person name", "Lena")
    pgettext("person name", "Sam"), pgettext("person name", "Tom")
    pgettext("person name", "You")


_BOT = re.compile(r"(\w+) \(bot\)")
_shown: ContextVar[Mapping[str, str] | None] = ContextVar("thirtyone_names_shown", default=None)


def person_name(name: str) -> str:
    """A bot's or an example's name in the current language's script; any other name as it
    is."""
    return pgettext("person name", name) if name in PEOPLE else name


def seat_word(name: str) -> str:
    """A stored seat name in the current language: ``Ann (bot)`` -> «Аня (бот)», a bot's
    bare name -> «Аня»; anything else as it is."""
    m = _BOT.fullmatch(name)
    if m:
        return _("{name} (bot)").format(name=person_name(m.group(1)))
    return person_name(name)


def bot_names(players: Sequence[str], bots: Sequence[bool]) -> dict[str, str]:
    """The names to show for the bots' seats (``bots[i]``: seat i is a bot), in the current
    language."""
    return {p: seat_word(p) for p, b in zip(players, bots, strict=False) if b}


@contextmanager
def names_shown(mapping: Mapping[str, str]) -> Iterator[None]:
    """Inside the block, a name field of a message reads as ``mapping`` says (on top of the
    names an outer block put in force)."""
    token = _shown.set({**(_shown.get() or {}), **mapping})
    try:
        yield
    finally:
        _shown.reset(token)


def shown_name(name: str) -> str:
    """``name`` as the page in force shows it (itself outside :func:`names_shown`)."""
    mapping = _shown.get()
    return mapping.get(name, name) if mapping else name
