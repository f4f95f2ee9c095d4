"""The content a browser may name: shipped gamebooks and quests by name, and books and HeroScribe quests
uploaded to this server.

A page can never make the server read a file of its choosing: a content option (a book, a quest) given in
a form must be a shipped name, a book kept in `$GROGNARD_HOME/books/` or a quest kept in
`$GROGNARD_HOME/quests/` by an upload.
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


def uploaded_quests() -> Path:
    """Where uploaded HeroScribe quests are kept, imported (as quest TOML)."""
    return grognard_home() / "quests"


def _kept(value: str, folder: Path) -> bool:
    candidate = Path(value)
    return candidate.parent == folder and candidate.is_file() and candidate.name[:1].isalnum()


def shipped(system_id: str) -> dict[str, Path]:
    """The books a gamebook system ships, by name."""
    return ShippedBooks(BOOK_SYSTEMS[system_id]).all()


def content_reference(system_id: str, value: str) -> str:
    """Content a browser may name: a shipped book's or quest's name, or a book or quest uploaded here (by
    its kept file); any other path is refused, so a page can never make the server read a file of its
    choosing."""
    if system_id not in BOOK_SYSTEMS:
        if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,80}", value) and not Path(value).exists():
            return value  # a shipped name, resolved by the system itself
        if system_id == "heroquest" and value.endswith(".toml") and _kept(value, uploaded_quests()):
            return value
        raise UsageError(f"{value!r}: give the name of content shipped with grognard")
    if value in shipped(system_id):
        return value
    if _kept(value, uploaded_books()):
        return value
    raise UsageError(f"book {value!r}: give the name of a shipped book, or upload the file")
