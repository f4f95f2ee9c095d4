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
from grognard.i18n import gettext as _

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
        """The file of a shipped book named `name_or_path`, or `name_or_path` itself when it is a file
        (or a folder, a story of several Twee files).

        Anything else is a `UsageError` naming it and the shipped books.
        """
        given = Path(name_or_path)
        if given.is_file() or given.is_dir():  # a folder: a story in several Twee files
            return given
        shipped = self.all()
        if name_or_path in shipped:
            return shipped[name_or_path]
        names = ", ".join(shipped) or "none"
        raise UsageError(
            _("no book file {name_or_path!r} and no shipped book of that name (shipped: {names})").format(
                name_or_path=name_or_path, names=names
            )
        )

    def ref_of(self, path: Path) -> str:
        """How a saved game names the book at `path`: a shipped book by its name (so the game still loads
        from another clone or install), any other file by its absolute path."""
        resolved = path.resolve()
        return next((name for name, p in self.all().items() if p.resolve() == resolved), str(resolved))

    def locate(self, ref: str) -> Path:
        """The file a saved game's book reference names: a shipped book's name, a file that exists, or
        (games saved before shipped books were kept by name) a missing file in some other copy of this
        package's books folder, whose shipped namesake is used."""
        given = Path(ref)
        if given.is_file():
            return given
        shipped = self.all()
        if ref in shipped:
            return shipped[ref]
        moved = self.package.replace(".", "/") + "/" + BOOKS_DIR
        if given.stem in shipped and given.parent.as_posix().endswith(moved):
            return shipped[given.stem]
        return given

    def name_of(self, ref: str) -> str:
        """The name of the shipped book whose resolved file is `ref` (for the "continue with" hint),
        else `ref` itself."""
        return next((name for name, path in self.all().items() if str(path.resolve()) == ref), ref)
