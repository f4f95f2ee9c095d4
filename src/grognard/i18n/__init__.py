"""The words grognard says, in the reader's language: message catalogues (gettext `.po` files in
`locales/<language>/LC_MESSAGES/grognard.po`, English the source), the language a reader asked for, and
numbers written as their locale writes them.

The catalogues are read from the `.po` files and compiled in memory the first time a language is used
(`docs/decisions.md`, "Message catalogues"): no compiled `.mo` file is kept beside them to fall out of
date. The language in force is a context variable: the browser sets it for each request, the command
line once from `--lang` or `GROGNARD_LANG`. This package imports nothing else of grognard, so every layer
may use it.
"""

from __future__ import annotations

import gettext as _gettext
import io
import os
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from decimal import Decimal
from functools import cache
from pathlib import Path

SOURCE = "en"
"""The language the messages are written in (their ids)."""
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español"}
"""The languages grognard speaks, each by its own name for itself (as a reader looks for it)."""
DOMAIN = "grognard"
"""The catalogues' domain: the `.po` file's name."""
LOCALES = Path(__file__).parent / "locales"
"""The folder of the catalogues, one sub-folder per language."""
ENVIRONMENT = "GROGNARD_LANG"
"""The environment variable choosing the terminal's language (as `--lang` does)."""

_CURRENT: ContextVar[str] = ContextVar("grognard_language", default=SOURCE)


class UnknownLanguageError(ValueError):
    """A language asked for by name that grognard does not speak."""

    def __init__(self, language: str) -> None:
        known = ", ".join(LANGUAGES)
        super().__init__(f"unknown language {language!r}: grognard speaks {known}")
        self.language = language


def catalogue_path(language: str) -> Path:
    """The `.po` file of `language`."""
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The messages of `language`, compiled from its `.po` file once per process (fuzzy and empty entries
    left out, so their English shows); the source language, or one with no catalogue, says the ids."""
    path = catalogue_path(language)
    if language == SOURCE or not path.is_file():
        return _gettext.NullTranslations()
    from babel.messages.mofile import write_mo  # Babel is loaded when first needed: ~50 ms at start
    from babel.messages.pofile import read_po

    with path.open("rb") as source:
        catalogue = read_po(source, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)
    compiled.seek(0)
    return _gettext.GNUTranslations(compiled)


def known(language: str | None) -> str | None:
    """`language` as grognard names it ("es" for "es-MX" or "ES"), None when it speaks no such language."""
    if not language:
        return None
    base = language.strip().replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


def accepted(header: str | None) -> str | None:
    """The language grognard speaks that an `Accept-Language` header prefers most, None when none.

    Each entry's quality (`;q=0.8`) orders them, ties keeping the header's order; `*` and `q=0` ask for
    nothing.
    """
    ranked: list[tuple[float, int, str]] = []
    for place, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag.strip() and tag.strip() != "*" and quality > 0:
            ranked.append((-quality, place, tag.strip()))
    for _quality, _place, tag in sorted(ranked):
        found = known(tag)
        if found:
            return found
    return None


def choose(setting: str | None, header: str | None = None) -> str:
    """The language of a reader: their setting, else their browser's `Accept-Language`, else English."""
    return known(setting) or accepted(header) or SOURCE


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language from `GROGNARD_LANG` (English when unset); an unknown one is refused."""
    value = (os.environ if environ is None else environ).get(ENVIRONMENT, "")
    return language_named(value) if value else SOURCE


def language_named(value: str) -> str:
    """A language asked for by name (`--lang es`): grognard's name for it, or UnknownLanguageError."""
    found = known(value)
    if found is None:
        raise UnknownLanguageError(value)
    return found


def current() -> str:
    """The language in force here (this request's, or the terminal's)."""
    return _CURRENT.get()


def use(language: str) -> None:
    """Make `language` the one in force from here on in this context (the terminal's, for the process)."""
    _CURRENT.set(language)


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """`language` in force inside the block, the previous one after it."""
    token = _CURRENT.set(language)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def gettext(message: str) -> str:
    """`message` in the language in force (itself when it has no translation there; "" for "", never
    the catalogue's header)."""
    return translations(current()).gettext(message) if message else message


def pgettext(context: str, message: str) -> str:
    """`message` in the language in force as said in `context` (the same English word said two ways:
    "none" of a weapon, "none" of a limit)."""
    return translations(current()).pgettext(context, message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for `n` things in the language in force."""
    return translations(current()).ngettext(singular, plural, n)


def number(value: float | int, language: str | None = None) -> str:
    """`value` as the reader's locale writes it ("12,345.5" in English, "12.345,5" in Spanish)."""
    from babel.numbers import format_decimal  # loaded when first needed

    return format_decimal(value, locale=language or current())


def percent(fraction: float, digits: int = 1, language: str | None = None) -> str:
    """A chance as a percentage with `digits` decimals, as the reader's locale writes the number
    ("45.3%" in English, "45,3%" in Spanish), rounded as Python's `format` rounds it."""
    return decimal(fraction * 100, digits, language, grouped=True) + "%"


def decimal(value: float, digits: int = 1, language: str | None = None, grouped: bool = False) -> str:
    """`value` with `digits` decimals as the reader's locale writes it ("7.5", "7,5"): rounded as Python's
    `f"{value:.1f}"` rounds it (so English says what it always said), then written in the locale;
    `grouped` adds the thousands separators."""
    from babel.numbers import format_decimal  # loaded when first needed

    pattern = ("#,##0" if grouped else "0") + ("." + "0" * digits if digits else "")
    return format_decimal(Decimal(f"{value:.{digits}f}"), format=pattern, locale=language or current())


def date(moment: datetime | str, language: str | None = None) -> str:
    """A moment as the reader's locale writes it, date and time to the minute, in UTC ("Dec 7, 2026, 6:25
    PM" in English, "7 dic 2026, 18:25" in Spanish): a `datetime` (one without a zone is UTC) or its ISO
    8601 text as grognard keeps it ("2026-12-07T18:25:08.123+00:00")."""
    from babel.dates import format_date, format_time, get_datetime_format  # loaded when first needed

    when = datetime.fromisoformat(moment) if isinstance(moment, str) else moment
    when = when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)
    locale = language or current()
    pattern = get_datetime_format("medium", locale=locale)
    day = format_date(when, "medium", locale=locale)
    time = format_time(when, "short", tzinfo=UTC, locale=locale)
    return str(pattern).replace("{1}", day).replace("{0}", time)


def NP_(context: str, message: str) -> str:
    """Mark `message`, said in `context`, for the catalogues without translating it here (said where it is
    shown by `pgettext(context, message)`)."""
    return message


def in_context(context: str, message: str) -> str:
    """`message` as the catalogue says it in `context` where it has it so, else as a plain message. The
    catalogue itself is asked: a message may be said in its context as in English ("Talisman" the game,
    where the card is "Talismán"), which `pgettext` could not tell from a message it lacks."""
    said = getattr(translations(current()), "_catalog", {}).get(f"{context}\x04{message}")
    return said if isinstance(said, str) else gettext(message)


def game_name(name: str) -> str:
    """A game's name in the reader's language (`in_context("game", ...)`)."""
    return in_context("game", name)


def template_pattern(
    template: str, places: Mapping[str, str] | None = None, *, lazy: bool = False
) -> re.Pattern[str]:
    """The pattern of `template`'s English filled in ("Slay {name}." matches "Slay Verag."): each
    `{name}` a named group of `places[name]`, else of any text (shortest first when `lazy`), the whole
    text matched. Used to say again in the reader's language a sentence kept in English (a quest file's
    goal, a saved event), by `say_back`."""
    parts = re.split(r"\{(\w+)\}", template)
    anything = ".+?" if lazy else ".+"
    regex = "".join(
        re.escape(p) if i % 2 == 0 else f"(?P<{p}>{(places or {}).get(p, anything)})"
        for i, p in enumerate(parts)
    )
    return re.compile(regex + r"\Z", re.S)


def say_back(template: str, found: re.Match[str], value: Callable[[str], str]) -> str:
    """`template` in the reader's language, with the values `template_pattern` found in an English
    text, each said by `value`."""
    return gettext(template).format(**{k: value(v) for k, v in found.groupdict().items()})


def N_(message: str) -> str:
    """Mark `message` for the catalogues without translating it here (a word kept in a table, said in
    the reader's language where it is shown, by `gettext`)."""
    return message
