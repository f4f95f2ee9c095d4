"""Reading and writing gamebook files: TOML text (or a path handed in) to a `Book`, and back.

Every load error comes out as a `BookLoadError` (a `ContentError`, from `book_data`) listing all the
problems found, each with its section and field, so an author fixes a file in one pass.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from grognard.engine.errors import ContentError
from grognard.engine.files import read_file
from grognard.gamebook.book_data import BookLoadError, book_from_data, problems_from_validation
from grognard.gamebook.model import Book
from grognard.gamebook.ruleset import Problem
from grognard.gamebook.tomlwrite import dumps
from grognard.gamebook.twine_import import import_story, import_story_file
from grognard.i18n import gettext as _

__all__ = [
    "HTML_SUFFIXES",
    "MAX_BOOK_BYTES",
    "TWEE_SUFFIXES",
    "BookLoadError",
    "book_and_warnings",
    "book_from_bytes",
    "book_from_data",
    "dump_book",
    "load_book",
    "parse_book",
    "problems_from_validation",
]

TWEE_SUFFIXES = (".twee", ".tw", ".tw3")
HTML_SUFFIXES = (".html", ".htm")
MAX_BOOK_BYTES = 32_000_000


def parse_book(text: str, file: str = "<book>") -> Book:
    """A book from TOML text; `file` names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise BookLoadError(file, [Problem("", "", _("not valid TOML: {e}").format(e=e))]) from None
    except RecursionError:
        raise BookLoadError(file, [Problem("", "", _("not valid TOML: nested too deeply"))]) from None
    try:
        return book_from_data(data, file)
    except RecursionError:
        raise BookLoadError(file, [Problem("", "", _("nested too deeply to be a book"))]) from None


def load_book(path: str | Path, system: str = "") -> Book:
    """A book from the file at `path`: TOML, or a Twine story when it ends in .twee, .tw or .tw3 (Twee)
    or .html, .htm (Twine HTML), or a folder of Twee files (`system` is the system of a story that
    declares none). A Twee file's `StoryIncludes` are read too (`twine_import.import_story_file`)."""
    path = Path(path)
    if path.is_dir() or path.suffix.lower() in TWEE_SUFFIXES:
        try:
            return import_story_file(path, system).book
        except RecursionError:
            raise BookLoadError(str(path), [Problem("", "", _("nested too deeply to be a story"))]) from None
    try:
        data = read_file(path, MAX_BOOK_BYTES, "book")
    except ContentError as e:
        raise BookLoadError(str(path), [Problem("", "", e.reason)]) from None
    return book_from_bytes(data, path, system)


def book_from_bytes(data: bytes, path: str | Path, system: str = "") -> Book:
    """A book from the bytes of a file named `path`: its suffix says TOML, Twee or Twine HTML, and a file
    that begins with markup (`<`) is never TOML: it is read as Twine HTML, or refused saying what it is
    (a Project Aon book: import it first with `grognard gs import`)."""
    return book_and_warnings(data, path, system)[0]


def book_and_warnings(data: bytes, path: str | Path, system: str = "") -> tuple[Book, tuple[str, ...]]:
    """`book_from_bytes`, with the warnings of a story's import (none for a TOML book)."""
    path = Path(path)
    if len(data) > MAX_BOOK_BYTES:
        raise BookLoadError(
            str(path),
            [
                Problem(
                    "", "", _("the file is over {MAX_BOOK_BYTES} bytes").format(MAX_BOOK_BYTES=MAX_BOOK_BYTES)
                )
            ],
        )
    if path.suffix.lower() in TWEE_SUFFIXES + HTML_SUFFIXES or _is_markup(data):
        try:
            story = import_story(data, str(path), system)
        except RecursionError:
            raise BookLoadError(str(path), [Problem("", "", _("nested too deeply to be a story"))]) from None
        return story.book, story.warnings
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BookLoadError(
            str(path), [Problem("", "", _("cannot read the book: {e}").format(e=e))]
        ) from None
    return parse_book(text, str(path)), ()


def _is_markup(data: bytes) -> bool:
    return data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")


def dump_book(book: Book) -> str:
    """The book as TOML text that `parse_book` reads back to an equal book."""
    return dumps(book.to_data())
