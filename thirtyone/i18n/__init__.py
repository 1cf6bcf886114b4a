"""Translations: English, Russian and Ukrainian, by gettext.

The messages live in gettext catalogs, ``thirtyone/locale/<lang>/LC_MESSAGES/*.po`` (one file
per area of the app; every file of a language is read and merged). Babel reads them and
compiles them in memory the first time a language is used, so a checkout needs no build step;
``python tools/i18n_catalog.py`` extracts the messages from the code with Babel and updates the
catalogs.

Which language: a context variable set with :func:`use_language` (the CLI, a test, a page
run), else the hook a front end installs with :func:`set_language_hook` (the app reads the
session's choice there, so widget callbacks translate too), else English.

Mark text with ``_("...")``, plurals with ``ngettext(singular, plural, n)`` (Russian and
Ukrainian have three forms), text with a context with ``pgettext(context, message)``, and
text kept in a table at import time with ``N_("...")``, translated where it is shown with
``_(value)``. Format after translating: ``_("{n} cards").format(n=3)``.

``xx`` is a pseudo-language for tests: every translated message comes out marked ⟦like this⟧
with accented letters, so English left on a page is text that was never marked.

>>> from thirtyone.i18n import _, use_language
>>> _("Knock")
'Knock'
>>> with use_language("xx"):
...     _("Knock")
'⟦Ķñöçķ⟧'
"""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

#: the languages offered, in the picker's order, each named in its own language
LANGUAGES: dict[str, str] = {"en": "English", "ru": "Русский", "uk": "Українська"}
DEFAULT = "en"
PSEUDO = "xx"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN_GLOB = "*.po"

_language: ContextVar[str | None] = ContextVar("thirtyone_language", default=None)
_hook: list[Callable[[], str | None]] = []


def known(lang: object) -> str | None:
    """``lang`` if it is a language this app speaks (or the pseudo-language), else None.

    >>> known("ru"), known("RU"), known("de"), known("<b>"), known(None)
    ('ru', 'ru', None, None, None)
    """
    if not isinstance(lang, str) or len(lang) > 8:
        return None
    lang = lang.strip().lower()
    return lang if lang in LANGUAGES or lang == PSEUDO else None


def from_locale(tag: object) -> str:
    """The language for a browser locale tag such as ``ru-RU`` or ``uk``; English otherwise.

    >>> from_locale("uk-UA"), from_locale("ru"), from_locale("de-DE"), from_locale(None)
    ('uk', 'ru', 'en', 'en')
    """
    if not isinstance(tag, str):
        return DEFAULT
    first = re.split(r"[-_]", tag.strip()[:35], maxsplit=1)[0]
    lang = known(first)
    return lang if lang in LANGUAGES else DEFAULT


def current() -> str:
    """The language messages are translated into now."""
    lang = _language.get()
    if lang is None and _hook:
        try:
            lang = known(_hook[0]())
        except Exception:       # a front end's hook outside its run: fall back quietly
            lang = None
    return lang or DEFAULT


def set_language_hook(hook: Callable[[], str | None] | None) -> None:
    """Install (or with None remove) the function asked for the language when no
    :func:`use_language` is in force; the app reads the session's choice with it."""
    _hook.clear()
    if hook is not None:
        _hook.append(hook)


def set_language(lang: str | None) -> None:
    """Translate into ``lang`` from now on in this context (None: back to the hook)."""
    _language.set(known(lang))


@contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """Translate into ``lang`` inside the ``with`` block."""
    token = _language.set(known(lang) or DEFAULT)
    try:
        yield current()
    finally:
        _language.reset(token)


# --- catalogs --------------------------------------------------------------------------------

@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The merged catalogs of ``lang`` (Babel reads each ``.po`` and compiles it in memory)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    if lang not in LANGUAGES or lang == DEFAULT:
        return gettext.NullTranslations()
    merged: gettext.NullTranslations | None = None
    for po in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob(DOMAIN_GLOB)):
        with po.open("rb") as f:
            catalog = read_po(f, locale=lang)
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        buf.seek(0)
        t = gettext.GNUTranslations(buf)
        if merged is None:
            merged = t
        else:
            merged.add_fallback(t)
    return merged or gettext.NullTranslations()


def catalog_files(lang: str) -> list[Path]:
    """The ``.po`` files of ``lang``."""
    return sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob(DOMAIN_GLOB))


# --- the pseudo-language ---------------------------------------------------------------------

_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķļɱñöþǫřšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŘŠŢÛṼŴẊÝŽ")
# kept as they are: format fields, %-formats, Markdown links' targets, HTML tags and entities,
# :material/icons:, card codes in backticks
_KEEP = re.compile(r"\{[^{}]*\}|%(?:\([a-z_]+\))?[-#0 +]?\d*(?:\.\d+)?[sdfrg%]|\]\([^)]*\)"
                   r"|<[^<>]*>|&[a-z]+;|:material/[a-z_]+:|`[^`]*`")


def pseudo(text: str) -> str:
    """``text`` the way the pseudo-language shows it: accented and marked ⟦...⟧.

    >>> pseudo("Deal {n} cards to <b>you</b>")
    '⟦Ðéåļ {n} çåřðš ţö <b>ýöû</b>⟧'
    """
    if not text:
        return text
    out, last = [], 0
    for m in _KEEP.finditer(text):
        out += [text[last:m.start()].translate(_ACCENTS), m.group()]
        last = m.end()
    out.append(text[last:].translate(_ACCENTS))
    return "⟦" + "".join(out) + "⟧"


# --- the calls -------------------------------------------------------------------------------

def _(message: str) -> str:
    """``message`` in the current language."""
    lang = current()
    if lang == DEFAULT:
        return message
    if lang == PSEUDO:
        return pseudo(message)
    return translations(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` (three forms in Russian and Ukrainian).

    >>> with use_language("ru"):
    ...     [ngettext("{n} life", "{n} lives", n).format(n=n) for n in (1, 2, 5, 21)]
    ['1 жизнь', '2 жизни', '5 жизней', '21 жизнь']
    """
    lang = current()
    if lang == DEFAULT:
        return singular if n == 1 else plural
    if lang == PSEUDO:
        return pseudo(singular if n == 1 else plural)
    return translations(lang).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English by ``context``."""
    lang = current()
    if lang == DEFAULT:
        return message
    if lang == PSEUDO:
        return pseudo(message)
    return translations(lang).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    lang = current()
    if lang == DEFAULT:
        return singular if n == 1 else plural
    if lang == PSEUDO:
        return pseudo(singular if n == 1 else plural)
    return translations(lang).npgettext(context, singular, plural, n)


def _locale() -> str:
    """The Babel locale of the current language (English for the pseudo-language)."""
    lang = current()
    return lang if lang in LANGUAGES else DEFAULT


def _rounded(x: float, spec: str):
    """``x`` rounded as Python's ``format(x, spec)`` rounds it, as an exact ``Decimal``: every
    language rounds alike, and English reads exactly as an f-string would."""
    from decimal import Decimal

    text = format(x, spec)
    return Decimal(text[:-1]) / 100 if text.endswith("%") else Decimal(text)


def format_number(n: float, digits: int | None = None) -> str:
    """``n`` as the current language writes numbers (Babel's locale data): ``10,000`` in
    English, ``10 000`` in Russian and Ukrainian; ``digits`` fixes the decimals (a decimal
    comma in Russian and Ukrainian), rounded as ``f"{n:.{digits}f}"`` rounds.

    >>> with use_language("ru"):
    ...     format_number(10000), format_number(2.5, 1), format_number(13.0875, 2)
    ('10\xa0000', '2,5', '13,09')
    >>> format_number(10000), format_number(2.5, 1), format_number(13.0875, 2)
    ('10,000', '2.5', '13.09')
    """
    from babel.numbers import format_decimal

    fmt = "#,##0" + ("." + "0" * digits if digits else "")
    value = _rounded(n, f".{digits}f") if digits else n
    return format_decimal(value, format=fmt, locale=_locale())


def format_percent(p: float, digits: int = 0) -> str:
    """The share ``p`` (0.744) as a percentage the current language writes, with ``digits``
    decimals, by the language's own percent pattern (Babel's locale data): ``74.4%`` in
    English, ``74,4 %`` (a no-break space) in Russian, ``74,4%`` in Ukrainian. Rounded as
    ``f"{p:.{digits}%}"`` rounds, so English reads exactly as that f-string.

    >>> format_percent(0.744, 1), format_percent(0.0011, 2), format_percent(0.25)
    ('74.4%', '0.11%', '25%')
    >>> with use_language("ru"):
    ...     format_percent(0.744, 1), format_percent(0.25)
    ('74,4\xa0%', '25\xa0%')
    >>> with use_language("uk"):
    ...     format_percent(0.744, 1)
    '74,4%'
    """
    from babel import Locale
    from babel.numbers import format_percent as babel_percent

    locale = Locale.parse(_locale())
    pattern = locale.percent_formats[None].pattern.split(";")[0]
    if digits:      # the language's pattern with fixed decimals: '#,##0 %' -> '#,##0.0 %'
        last = pattern.rindex("0") + 1
        pattern = pattern[:last] + "." + "0" * digits + pattern[last:]
    return babel_percent(_rounded(p, f".{digits}%"), format=pattern, locale=locale)


def plot_separators() -> str | None:
    """Plotly's ``layout.separators`` for the current language (its decimal mark, then its
    thousands mark, from Babel's locale data): ``",\xa0"`` in Russian and Ukrainian, so tick
    labels and hover text read ``0,5``; None in English (plotly's own ``.,``, unchanged).

    >>> with use_language("uk"):
    ...     plot_separators()
    ',\xa0'
    >>> plot_separators() is None
    True
    """
    from babel.numbers import get_decimal_symbol, get_group_symbol

    locale = _locale()
    if locale == DEFAULT:
        return None
    return get_decimal_symbol(locale) + get_group_symbol(locale)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs without translating it (translate where shown)."""
    return message


__all__ = ["DEFAULT", "LANGUAGES", "LOCALE_DIR", "N_", "PSEUDO", "_", "catalog_files", "current", "format_number",
           "format_percent", "plot_separators",
           "from_locale", "known", "ngettext", "npgettext", "pgettext", "pseudo",
           "set_language", "set_language_hook", "translations", "use_language"]
