"""Content files carried inside a game: a custom book's or a quest file's text, with its hash.

A game started from a content file of the player's own (an option marked `OptionInfo.file` naming a
path, not shipped content) keeps that file's content, not its path, so its saved game replays the same
on a machine where the file does not exist. The option's value then holds the content itself:

    grognard-content sha256=<64 hex digits> name=<the file's name when the game began>
    <the file's text, UTF-8>

The first line says what follows; the name is the file's base name only (never the folder it was in, so
a game never tells where a file was kept), and keeps its suffix (a Twee or Twine story is read as such).
Loaders that read such an option check the hash before using the text (`open_embedded`): changed content
is a `ContentError`. Carried content is all a game has of its file: a name written inside it (a quest's
board) may only name content shipped with grognard, never a file of the machine it is played on: each
loader refuses such a name without looking for the file.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from grognard.engine.errors import ContentError
from grognard.engine.files import read_file
from grognard.i18n import gettext as _

if TYPE_CHECKING:
    from grognard.engine.game import GameInfo, OptionValue

PREFIX = "grognard-content "
"""How the value of an option carrying its content begins."""

MAX_EMBEDDED_BYTES = 8 * 1024 * 1024
"""The largest content file a game carries (a Project Aon book is well under a megabyte)."""

SHIPPED_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")


@dataclass(frozen=True)
class Embedded:
    """The content an option carries: the file's name when the game began, its bytes and their hash."""

    name: str
    data: bytes
    sha256: str


def is_embedded(value: object) -> bool:
    """True when an option's value carries a content file (see the module docstring)."""
    return isinstance(value, str) and value.startswith(PREFIX)


def embed(name: str, data: bytes) -> str:
    """The option value carrying `data` (UTF-8 text) read from the file `name`."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ContentError(name, f"byte {e.start}", _("not UTF-8 text, so a game cannot carry it")) from None
    if "\n" in name or "\r" in name:
        raise ContentError(name.splitlines()[0], "", _("a file name with a line break"))
    return f"{PREFIX}sha256={hashlib.sha256(data).hexdigest()} name={name}\n{text}"


def open_embedded(value: str) -> Embedded:
    """The content an option's value carries, its hash checked; a `ContentError` says what is wrong."""
    head, sep, text = value.partition("\n")
    fields = head[len(PREFIX) :].split(" ", 1)
    well_formed = len(fields) == 2 and fields[0].startswith("sha256=") and fields[1].startswith("name=")
    if not sep or not well_formed:
        raise ContentError("carried content", "", _("the first line names no sha256= and name="))
    digest, name = fields[0][len("sha256=") :], fields[1][len("name=") :]
    data = text.encode("utf-8")
    if len(data) > MAX_EMBEDDED_BYTES:
        raise ContentError(
            name, "", _("carried content over {value} MB").format(value=MAX_EMBEDDED_BYTES // 2**20)
        )
    if hashlib.sha256(data).hexdigest() != digest:
        raise ContentError(name, "sha256", _("the carried content does not match its hash (it was changed)"))
    return Embedded(name, data, digest)


def embed_file(path: str) -> str:
    """The option value carrying the regular file at `path` (at most `MAX_EMBEDDED_BYTES`), named by its
    base name (`carried_as`)."""
    return embed(carried_as(path), read_file(path, MAX_EMBEDDED_BYTES, "carried file"))


def carried_as(path: str) -> str:
    """The name carried content read from `path` keeps: the file's base name, without its folder."""
    return path.replace("\\", "/").rstrip("/").rpartition("/")[2] or "content"


def names_a_file(value: object) -> bool:
    """True when an option's value is a path to an existing file (not a shipped name, not carried content)."""
    if not isinstance(value, str) or not value or is_embedded(value):
        return False
    if set(value) <= SHIPPED_NAME_CHARS:
        return False
    try:
        return os.path.isfile(value)
    except (OSError, ValueError):
        return False


def carry_files(info: GameInfo, options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """`options` with every file option that names a file of this machine replaced by its content."""
    out = dict(options)
    for opt in info.options:
        if opt.file and names_a_file(out.get(opt.name)):
            out[opt.name] = embed_file(str(out[opt.name]))
    return out


def carried_name(value: str) -> str:
    """The name of the file carried content was read from (its first line only; the hash unchecked)."""
    head = value.partition("\n")[0]
    return head.partition(" name=")[2]


def shown(value: object) -> str:
    """An option's value as a person reads it: carried content by its file name and hash."""
    if is_embedded(value):
        head = str(value).partition("\n")[0]
        fields = head[len(PREFIX) :].split(" ", 1)
        if len(fields) == 2:
            return f"{fields[1].removeprefix('name=')} (carried, {fields[0][:19]}...)"
    return str(value)


__all__ = [
    "MAX_EMBEDDED_BYTES",
    "PREFIX",
    "Embedded",
    "carried_as",
    "carried_name",
    "carry_files",
    "embed",
    "embed_file",
    "is_embedded",
    "names_a_file",
    "open_embedded",
    "shown",
]
