"""The books shipped with the system (`data/books/*.toml`), found by name through `importlib.resources`.

`book_path("sample")` is the path of `data/books/sample.toml`; a path to a file is returned as it is, so
commands accept either. Nothing here reads a book: `grognard.gamebook.load.load_book` does that.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from grognard.engine.errors import UsageError

BOOKS_DIR = "data/books"
"""Where the shipped books live inside the package."""

SUFFIX = ".toml"


def _folder() -> Path:
    folder = files("grognard.systems.grey_star").joinpath(BOOKS_DIR)
    return Path(str(folder))


def shipped_books() -> dict[str, Path]:
    """Every shipped book by name (its file name without `.toml`), in name order."""
    folder = _folder()
    if not folder.is_dir():
        return {}
    return {p.stem: p for p in sorted(folder.iterdir()) if p.suffix == SUFFIX and p.is_file()}


def book_path(name_or_path: str) -> Path:
    """The file of a shipped book named `name_or_path`, or `name_or_path` itself when it is a file.

    Anything else is a `UsageError` naming it and the shipped books.
    """
    given = Path(name_or_path)
    if given.is_file():
        return given
    shipped = shipped_books()
    if name_or_path in shipped:
        return shipped[name_or_path]
    names = ", ".join(shipped) or "none"
    raise UsageError(f"no book file {name_or_path!r} and no shipped book of that name (shipped: {names})")
