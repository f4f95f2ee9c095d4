"""Reading and writing gamebook files: TOML text (or a path handed in) to a `Book`, and back.

Every load error comes out as a `BookLoadError` (a `ContentError`) listing all the problems found,
each with its section and field, so an author fixes a file in one pass.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from grognard.engine.errors import ContentError
from grognard.gamebook.model import Book
from grognard.gamebook.ruleset import Problem
from grognard.gamebook.tomlwrite import dumps

TWEE_SUFFIXES = (".twee", ".tw", ".tw3")
HTML_SUFFIXES = (".html", ".htm")
MAX_BOOK_BYTES = 32_000_000


class BookLoadError(ContentError):
    """A book file that cannot be loaded; `problems` lists every problem found."""

    def __init__(self, file: str, problems: list[Problem]) -> None:
        self.problems = problems
        if len(problems) == 1:
            location = problems[0].where() if problems[0].section or problems[0].field else ""
            reason = problems[0].message
        else:
            location = ""
            reason = f"{len(problems)} problems: " + "; ".join(p.render() for p in problems)
        super().__init__(file, location, reason)


def _path_text(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part + 1}]"
        else:
            out += f".{part}" if out else str(part)
    return out


_UNION_TAGS = {"int", "str", "bool", "Condition", "dict[str,union[int,str,bool]]"}


def problems_from_validation(error: ValidationError) -> list[Problem]:
    """A pydantic error as problems, each with its section and a field path counted from 1."""
    found: dict[tuple[str, str], list[str]] = {}
    for item in error.errors():
        loc = tuple(p for p in item["loc"] if not (isinstance(p, str) and (p in _UNION_TAGS or "[" in p)))
        section = ""
        if len(loc) >= 2 and loc[0] == "sections":
            section, loc = str(loc[1]), loc[2:]
        message = str(item["msg"]).removeprefix("Value error, ")
        if item["type"] in ("missing", "extra_forbidden") and loc:
            message = f"{message}: {loc[-1]}" if item["type"] == "missing" else f"unknown field {loc[-1]!r}"
        key = (section, _path_text(loc))
        if message not in found.setdefault(key, []):
            found[key].append(message)
    return [Problem(s, f, " or ".join(msgs)) for (s, f), msgs in found.items()]


def book_from_data(data: Any, file: str = "<book>") -> Book:
    """A book from parsed data; a `BookLoadError` lists every problem."""
    try:
        return Book.model_validate(data)
    except ValidationError as e:
        raise BookLoadError(file, problems_from_validation(e)) from None


def parse_book(text: str, file: str = "<book>") -> Book:
    """A book from TOML text; `file` names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise BookLoadError(file, [Problem("", "", f"not valid TOML: {e}")]) from None
    return book_from_data(data, file)


def load_book(path: str | Path, system: str = "") -> Book:
    """A book from the file at `path`: TOML, or a Twine story when it ends in .twee, .tw or .tw3 (Twee)
    or .html, .htm (Twine HTML) (`system` is the system of a story that declares none)."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BOOK_BYTES + 1)
    except OSError as e:
        raise BookLoadError(str(path), [Problem("", "", f"cannot read the book: {e}")]) from None
    return book_from_bytes(data, path, system)


def book_from_bytes(data: bytes, path: str | Path, system: str = "") -> Book:
    """A book from the bytes of a file named `path` (its suffix says TOML, Twee or Twine HTML)."""
    path = Path(path)
    if len(data) > MAX_BOOK_BYTES:
        raise BookLoadError(str(path), [Problem("", "", f"the file is over {MAX_BOOK_BYTES} bytes")])
    if path.suffix.lower() in TWEE_SUFFIXES + HTML_SUFFIXES:
        from grognard.gamebook.twine_import import import_story

        return import_story(data, str(path), system).book
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BookLoadError(str(path), [Problem("", "", f"cannot read the book: {e}")]) from None
    return parse_book(text, str(path))


def dump_book(book: Book) -> str:
    """The book as TOML text that `parse_book` reads back to an equal book."""
    return dumps(book.to_data())
