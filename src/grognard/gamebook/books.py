"""The books a system ships (`data/books/*.toml` in its package), found by name through `importlib.resources`.

`ShippedBooks("grognard.systems.fighting_fantasy").path("sample")` is the path of that package's
`data/books/sample.toml`; a path to a file is returned as it is, so commands accept either. Nothing here
reads a book: `grognard.gamebook.load.load_book` does that.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from grognard.engine.errors import UsageError

BOOKS_DIR = "data/books"
"""Where the shipped books live inside a system's package."""

SUFFIX = ".toml"


@dataclass(frozen=True)
class ShippedBooks:
    """The books shipped in `package` (a dotted package name), by name (the file name without `.toml`)."""

    package: str

    def folder(self) -> Path:
        """The folder the books are in (it may not exist)."""
        return Path(str(files(self.package).joinpath(BOOKS_DIR)))

    def all(self) -> dict[str, Path]:
        """Every shipped book by name, in name order."""
        folder = self.folder()
        if not folder.is_dir():
            return {}
        return {p.stem: p for p in sorted(folder.iterdir()) if p.suffix == SUFFIX and p.is_file()}

    def path(self, name_or_path: str) -> Path:
        """The file of a shipped book named `name_or_path`, or `name_or_path` itself when it is a file.

        Anything else is a `UsageError` naming it and the shipped books.
        """
        given = Path(name_or_path)
        if given.is_file():
            return given
        shipped = self.all()
        if name_or_path in shipped:
            return shipped[name_or_path]
        names = ", ".join(shipped) or "none"
        raise UsageError(f"no book file {name_or_path!r} and no shipped book of that name (shipped: {names})")

    def name_of(self, ref: str) -> str:
        """The name of the shipped book whose resolved file is `ref` (for the "continue with" hint),
        else `ref` itself."""
        return next((name for name, path in self.all().items() if str(path.resolve()) == ref), ref)
