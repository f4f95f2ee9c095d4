"""The content a browser may name: shipped gamebooks and quests by name, and books and HeroScribe quests
uploaded to this server, by the hash of their bytes.

A page can never make the server read a file of its choosing, and never sees where the server keeps one: a
content option (a book, a quest) given in a form must be a shipped name, or an upload named
`upload:<hash>.<suffix>` (`upload_name`), which only this module turns into the file kept in
`$GROGNARD_HOME/books/` or `$GROGNARD_HOME/quests/`. A game started from an upload carries the upload's
content under that file name (`engine.embedded`), so neither the form, the game, its export nor a page
holds a path of the server. Uploads are kept readable by the server's user only (`keep_upload`).
"""

from __future__ import annotations

import re
from pathlib import Path

from grognard.engine import registry
from grognard.engine.embedded import MAX_EMBEDDED_BYTES, embed
from grognard.engine.errors import ContentError, UsageError
from grognard.engine.files import private_folder, read_file, write_private
from grognard.engine.store.factory import grognard_home
from grognard.gamebook.books import ShippedBooks
from grognard.i18n import gettext as _

SUFFIXES = (".toml", ".twee", ".tw", ".tw3", ".html", ".htm")
"""The kinds of file a reader may upload."""


def uploaded_books() -> Path:
    """Where uploaded books are kept."""
    return grognard_home() / "books"


def uploaded_quests() -> Path:
    """Where uploaded HeroScribe quests are kept, imported (as quest TOML)."""
    return grognard_home() / "quests"


UPLOAD = "upload:"
"""How a form names a file uploaded here: `upload:` and the kept file's name (`upload_name`)."""

_UPLOAD = re.compile(r"upload:([0-9a-f]{32}\.[a-z0-9]{1,5})")


def upload_name(kept: str) -> str:
    """How pages and forms name the upload kept as `kept` (a file name: the hash and the suffix)."""
    return UPLOAD + kept


def keep_upload(folder: Path, files: dict[str, bytes]) -> None:
    """Keep an upload's files (name: bytes) in `folder` (mode 0700), each readable by its owner only:
    all of them or, whatever goes wrong, none that this call created."""
    private_folder(folder)
    made: list[Path] = []
    try:
        for name, data in files.items():
            path = folder / name
            if not path.exists():
                write_private(path, data)
                made.append(path)
    except BaseException:
        for path in made:
            path.unlink(missing_ok=True)
        raise


def _carried_upload(value: str, folder: Path, suffixes: tuple[str, ...]) -> str | None:
    """The content a game carries for the upload `value` names (`upload:<hash>.<suffix>`), or None when
    `value` names no upload; an upload that is not kept here is a `UsageError` that names no path."""
    found = _UPLOAD.fullmatch(value)
    if found is None or Path(found.group(1)).suffix not in suffixes:
        return None
    kept = found.group(1)
    try:
        data = read_file(folder / kept, MAX_EMBEDDED_BYTES, "upload")
    except ContentError:
        raise UsageError(
            _("{name}: there is no such upload on this server; upload the file again").format(name=value)
        ) from None
    return embed(kept, data)


def content_of(system_id: str) -> tuple[str, str, str]:
    """What a system's games are played from, as its front-end description says (`engine.view.FrontEnd`):
    ("books", the package of its shipped books, the game that plays them), ("quests", "", the game), or
    ("", "", "") for neither; an unknown system is a `UsageError`."""
    system = registry.get_system(system_id)
    for game in system.games:
        front = registry.get_views(system.id, game.info.id).front
        if front.content:
            return front.content, front.books, game.info.id
    return "", "", ""


def shipped(system_id: str) -> dict[str, Path]:
    """The books a gamebook system ships, by name (none for a system of no books)."""
    kind, package, _game = content_of(system_id)
    return ShippedBooks(package).all() if kind == "books" else {}


def content_reference(system_id: str, value: str) -> str:
    """Content a browser may name: a shipped book's or quest's name (returned as it is), or a book or quest
    uploaded here, by its upload name (returned as the content the game carries, read from the kept
    file); anything else, a path above all, is refused without being looked for, so a page can never make
    the server read a file of its choosing."""
    kind, _package, _game = content_of(system_id)
    if kind != "books":
        if kind == "quests" and (carried := _carried_upload(value, uploaded_quests(), (".toml",))):
            return carried
        if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,80}", value) and not Path(value).exists():
            return value  # a shipped name, resolved by the system itself
        raise UsageError(_("{name}: give the name of content shipped with grognard").format(name=repr(value)))
    if value in shipped(system_id):
        return value
    if carried := _carried_upload(value, uploaded_books(), SUFFIXES):
        return carried
    raise UsageError(
        _("book {name}: give the name of a shipped book, or upload the file").format(name=repr(value))
    )
