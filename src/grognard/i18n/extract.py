"""Reading the messages out of the sources and bringing each language's catalogue up to date with them.

`python -m grognard.i18n.extract` (`make messages`) reads every marked message of the browser's templates
(`{% trans %}`, `_()`) and of the Python of the browser, the terminal, the gamebook rules and HeroQuest's
(`SOURCES`: `_()`, `gettext()`, `ngettext()`, `N_()`), then updates `locales/<language>/LC_MESSAGES/
grognard.po` of each language: new messages come in empty for a translator, messages no source says any
more are dropped, translations are kept. The catalogue test runs the same extraction and fails when a
catalogue differs from it or leaves a message untranslated.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from grognard import __version__
from grognard.i18n import DOMAIN, LANGUAGES, SOURCE, catalogue_path

WORDLIKE = re.compile(r"[^\W\d_]{3}")
"""A word of three letters, which a data string must hold to be a message."""
PACKAGE = Path(__file__).resolve().parent.parent
"""The `grognard` package's folder, whose sources are read."""
SOURCES = (
    "web",
    "cli",
    "engine",
    "gamebook",
    "systems/fighting_fantasy",
    "systems/grey_star",
    "systems/heroquest",
    "systems/talisman",
    "systems/adventures_in_fantasy",
)
"""The folders of the package whose words are marked: the browser (templates and Python), the terminal,
the game words of the gamebooks (the gamebook layer and the two systems that play books), of
HeroQuest and of Talisman."""
METHODS = [
    ("**/templates/**.html", "jinja2.ext:babel_extract"),
    ("**.py", "python"),
]
"""How each kind of file is read."""
OPTIONS = {
    "**/templates/**.html": {"extensions": "jinja2.ext.i18n", "trimmed": "true", "newstyle_gettext": "true"},
    "**.py": {},
}
"""The template reader's settings, as the page renderer's Jinja2 environment has them."""
DATA: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "systems/talisman": (("data/**.toml", ("name", "text")),),
    "systems/adventures_in_fantasy": (
        (
            "data/tables/**.toml",
            (
                "result",
                "position",
                "note",
                "creature",
                "weapon",
                "armour",
                "encounter",
                "force",
                "guards",
                "value",
                "number",
                "never_in",
                "damage",
                "title",
                "notes",
            ),
        ),
        ("data/creatures/**.toml", ("name", "note")),
        (
            "data/charts/**.toml",
            (
                "title",
                "notes",
                "rows.key",
                "cells.name",
                "cells.season",
                "cells.supplier",
                "cells.note",
                "cells.remarks",
                "cells.effect",
                "cells.time",
                "cells.retry",
                "cells.applies_to",
                "cells.cost",
                "cells.julian",
            ),
        ),
    ),
}
"""The folders whose rules data are words a reader reads: for each, the data files (a pattern under the
folder) and the keys whose strings are messages. A key names a string at any depth of the file (a card's
name and text, a character's ability's text); "parent.key" only one under `parent` (a chart's row's key,
`rows.key`, or its cell `cells.name`, where a chart's own `name` is an identifier). A string with no word of
three letters ("1d10", "20 lb", "II") is no message. Each is said where it is shown with `gettext`."""
HEADER = """\
# grognard's words in %(language)s: every message the browser's templates and modules and the terminal
# mark, read out by `make messages` (python -m grognard.i18n.extract); translate each msgstr, keeping
# its %%(name)s placeholders. How: docs/languages.md. Distributed under the same licence as grognard."""
"""The comment at the top of each catalogue."""
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "N_": None,
    "NP_": ((1, "c"), 2),
}
"""The functions whose first argument (and `ngettext`'s second) is a message; `pgettext`'s and `NP_`'s
first is the context it is said in, their second the message."""


def extracted(package: Path = PACKAGE) -> Catalog:
    """Every marked message of the sources, with the files that say it (no line numbers: they move)."""
    catalogue = Catalog(domain=DOMAIN, project="grognard", charset="utf-8", fuzzy=False)
    for folder in SOURCES:
        root = package / folder
        methods, options = list(METHODS), dict(OPTIONS)
        for pattern, keys in reversed(DATA.get(folder, ())):
            methods.insert(0, (pattern, "grognard.i18n.extract:toml_extract"))
            options[pattern] = {"keys": " ".join(keys)}
        found = extract_from_dir(root, methods, options, keywords=KEYWORDS, strip_comment_tags=True)
        for filename, lineno, message, comments, context in found:
            location = (f"{folder}/{filename}", lineno)
            catalogue.add(message, None, [location], auto_comments=comments, context=context)
    return catalogue


def toml_extract(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: Mapping[str, str]
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for a rules data file: every string under one of `options["keys"]`
    ("key" at any depth, "parent.key" under `parent` only: tables, arrays of tables, inline tables), in
    the file's order, a string with no word of three letters left out."""
    keys = frozenset(options.get("keys", "").split())

    def strings(value: Any, key: str = "", parent: str = "") -> Iterator[str]:
        if isinstance(value, str):
            if (key in keys or f"{parent}.{key}" in keys) and WORDLIKE.search(value):
                yield value
        elif isinstance(value, dict):
            for name, inner in value.items():
                yield from strings(inner, name, key)
        elif isinstance(value, list):
            for inner in value:
                yield from strings(inner, key, parent)

    for message in strings(tomllib.load(fileobj)):
        yield 0, None, message, []


def read(language: str) -> Catalog:
    """The catalogue of `language` as its `.po` file has it (an empty one when it has none yet)."""
    path = catalogue_path(language)
    if not path.is_file():
        return Catalog(locale=language, domain=DOMAIN, project="grognard", fuzzy=False)
    with path.open("rb") as source:
        return read_po(source, locale=language, domain=DOMAIN)


def update(language: str, template: Catalog) -> Catalog:
    """`language`'s catalogue brought up to date with `template` and written back; no guessed (fuzzy)
    translation is made for a new message."""
    catalogue = read(language)
    catalogue.update(template, no_fuzzy_matching=True)
    catalogue.project, catalogue.version = "grognard", __version__
    catalogue.header_comment = HEADER % {"language": LANGUAGES[language]}
    catalogue.msgid_bugs_address = catalogue.last_translator = ""
    catalogue.language_team = f"{LANGUAGES[language]} ({language})"
    catalogue.obsolete.clear()
    path = catalogue_path(language)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as target:
        write_po(target, catalogue, width=110, sort_output=True, include_lineno=False, omit_header=False)
    return catalogue


def main() -> None:
    """Update every translated language's catalogue from the sources."""
    template = extracted()
    for language in LANGUAGES:
        if language != SOURCE:
            catalogue = update(language, template)
            missing = sum(1 for m in catalogue if m.id and (not m.string or m.fuzzy))
            print(f"{language}: {len(template)} messages, {missing} to translate")


if __name__ == "__main__":
    main()
