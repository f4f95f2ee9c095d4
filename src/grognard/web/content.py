"""The content a browser may name: shipped gamebooks by name, and books uploaded to this server.

A page can never make the server read a file of its choosing: a content option (a book, a quest) given in
a form must be a shipped name, or a book kept in `$GROGNARD_HOME/books/` by an upload.
"""

from __future__ import annotations

import re
from pathlib import Path

from grognard.engine.errors import UsageError
from grognard.engine.store import grognard_home
from grognard.gamebook.books import ShippedBooks

BOOK_SYSTEMS = {
    "fighting-fantasy": "grognard.systems.fighting_fantasy",
    "grey-star": "grognard.systems.grey_star",
}
"""The systems whose games are gamebooks, and the package their shipped books are in."""
SUFFIXES = (".toml", ".twee", ".tw", ".tw3", ".html", ".htm")
"""The kinds of file a reader may upload."""


def uploaded_books() -> Path:
    """Where uploaded books are kept."""
    return grognard_home() / "books"


def shipped(system_id: str) -> dict[str, Path]:
    """The books a gamebook system ships, by name."""
    return ShippedBooks(BOOK_SYSTEMS[system_id]).all()


def content_reference(system_id: str, value: str) -> str:
    """A book a browser may name: a shipped book's name, or a book uploaded here (by its kept file);
    any other path is refused, so a page can never make the server read a file of its choosing."""
    if system_id not in BOOK_SYSTEMS:
        if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,80}", value) and not Path(value).exists():
            return value  # a shipped name, resolved by the system itself
        raise UsageError(f"{value!r}: give the name of content shipped with grognard")
    if value in shipped(system_id):
        return value
    kept = uploaded_books()
    candidate = Path(value)
    if candidate.parent == kept and candidate.is_file() and candidate.name[:1].isalnum():
        return value
    raise UsageError(f"book {value!r}: give the name of a shipped book, or upload the file")
