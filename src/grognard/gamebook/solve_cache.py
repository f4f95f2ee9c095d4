"""Solved books kept on disk, by the book's hash, so a second reader (or a second `solve`) gets them at once.

A solve is kept as two things in a folder the caller hands over (the command line and the web server
hand `$GROGNARD_HOME/solved`): a *table* a reader looks up, and the command line's whole report.

- The table (`SolvedTable`) holds the chance of winning under the best play of every state a reader can
  stand in outside a fight, and of every fight position a reader's move leads to, each under a 64-bit
  hash of its solver key (`canonical`, `key_id`): the same `Projector` key the solver numbers states by,
  written out the same way in every process (sets sorted, models by their fields). Looking up a state
  hashes its key and bisects a sorted array: well under a millisecond once the file is read.
- A book too large for the budget is kept as `TooLarge`, so the next reader is told at once rather than
  waiting for the same failure.

Files live in `<folder>/<book id>/`: the book id (`book_id`) is a hash of the book's content, the ruleset,
the sheet view the keys come from, the rule options (hero, potion, table...) and `FORMAT`; a table's name
is the hash of the state it was solved from (its root). A file is binary: `MAGIC`, a JSON header (what
it was solved for and the summary figures), the sorted key hashes and their values (little-endian), and a
CRC-32 of all that (against a file spoilt or cut: a digest would not stop a forger, who can make it again
as well). Loading one checks everything: the magic, the sizes, the header's fields and types, that it is
for the very book and root asked, the check sum (each figure is checked within [0, 1] when it is looked
up, and the arrays are read in place, so a big table costs little more than reading it); a file that is
not the user's own or sits in a folder others may write is passed over too (the rule of
`engine.dice.parser_cache`). Anything wrong and the file is ignored (`None`): the book is then solved
again and the file replaced. Nothing is ever unpickled or evaluated.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import stat
import sys
import zlib
from array import array
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from grognard.engine.errors import ContentError
from grognard.engine.files import private_folder, read_file, write_private
from grognard.engine.game import OptionValue
from grognard.gamebook.model import Book
from grognard.gamebook.runner import GamebookState
from grognard.gamebook.solve import BookSolution
from grognard.gamebook.solve_graph import FIGHT
from grognard.gamebook.solve_state import Projector

FORMAT = 3
"""The version of the files and of the keys' canonical text: a new one makes every old file foreign."""

MAGIC = b"grognard solved book\n"
"""How a kept file begins."""

SUFFIX = ".solved"
"""The ending of a table's or a too-large note's file name."""

REPORT_SUFFIX = ".report.json"
"""The ending of a kept command-line report's file name."""

HEADER_CAP = 64 * 1024
"""The largest JSON header read."""

MAX_ENTRIES = 8_000_000
"""The most states a table keeps (16 bytes each: 128 MB)."""

FILE_CAP = len(MAGIC) + 4 + HEADER_CAP + 16 * MAX_ENTRIES + 4
"""The largest table file read."""

REPORT_CAP = 64 * 1024 * 1024
"""The largest report file read."""

TABLES_LOOKED_AT = 16
"""The most tables of one book a reader's look-up reads (the newest first)."""

KEPT_IN_MEMORY = 8
"""Tables kept loaded in a process (the most recently used)."""

_CHECK = 4
_ENTRY = 16


# -- keys -----------------------------------------------------------------------------------------------


def canonical(x: object) -> str:
    """`x` as text that is the same in every process: sets and frozensets sorted, dicts by sorted keys,
    dataclasses and pydantic models by their class name and fields, numbers and strings by `repr`. Two
    solver keys are equal exactly when their texts are (for the plain data keys are made of)."""
    if x is None or isinstance(x, bool | int | float | str | bytes | Fraction):
        return repr(x)
    if isinstance(x, tuple | list):
        return "(" + ",".join(canonical(i) for i in x) + ")"
    if isinstance(x, frozenset | set):
        return "{" + ",".join(sorted(canonical(i) for i in x)) + "}"
    if isinstance(x, Mapping):
        return "{" + ",".join(sorted(f"{canonical(k)}:{canonical(v)}" for k, v in x.items())) + "}"
    if isinstance(x, BaseModel):
        inner = ",".join(f"{name}={canonical(getattr(x, name))}" for name in type(x).model_fields)
        return f"{type(x).__name__}({inner})"
    if is_dataclass(x) and not isinstance(x, type):
        inner = ",".join(f"{f.name}={canonical(getattr(x, f.name))}" for f in fields(x) if f.compare)
        return f"{type(x).__name__}({inner})"
    return f"{type(x).__name__}:{x!r}"


def key_id(key: Hashable) -> int:
    """A 64-bit hash of a solver key's canonical text."""
    return int.from_bytes(hashlib.blake2b(canonical(key).encode(), digest_size=8).digest(), "little")


def node_key(projector: Projector, state: GamebookState) -> Hashable:
    """The key a reader's state is kept under in a table (`BookSolution.reader_nodes`): outside a fight
    its `Projector.key`; in a fight the reader around it and the fight's position."""
    if state.phase == FIGHT:
        fight = state.fight
        assert fight is not None
        odds_key = getattr(fight, "odds_key", None)
        return ("fight", projector.fight_context(state), odds_key() if callable(odds_key) else fight)
    return projector.key(state)


def book_id(book: Book, ruleset: str, view: object, options: Mapping[str, OptionValue]) -> str:
    """What a solve is for, as a hash: the book's content, the ruleset's id, the sheet view its keys come
    from, and the rule options (all but the book's reference, which names the same content anywhere)."""
    chosen = {k: v for k, v in options.items() if k != "book"}
    text = "\0".join(
        (
            str(FORMAT),
            ruleset,
            f"{type(view).__module__}.{type(view).__qualname__}",
            book.model_dump_json(),
            json.dumps(chosen, sort_keys=True, default=str),
        )
    )
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def root_id(key: Hashable) -> str:
    """The name of a table solved from the state whose key is `key`."""
    return hashlib.sha256(canonical(key).encode()).hexdigest()[:32]


# -- what is kept ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SolvedTable:
    """A solved book as a reader looks it up: what it is for (`book`, `root`), the chance of winning from
    the root under the best play, how many states were solved, whether the figures were exact, a bound
    on their rounding error, and the chance of every state kept (`value`)."""

    book: str
    root: str
    p_win: float
    states: int
    exact: bool
    error_bound: float
    keys: Sequence[int]
    values: Sequence[float]

    def value(self, key: Hashable) -> float | None:
        """The chance of winning from the state whose solver key is `key` (None: not in this table)."""
        wanted = key_id(key)
        at = bisect_left(self.keys, wanted)
        if at < len(self.keys) and self.keys[at] == wanted:
            value = self.values[at]
            return value if 0.0 <= value <= 1.0 else None  # a forged figure (NaN too) is no figure
        return None


@dataclass(frozen=True)
class TooLarge:
    """A book that could not be solved within `budget` states (from the root `root`): `reason` says why;
    `size` False when it cannot be solved whatever the budget (a state from which no ending can be
    reached)."""

    book: str
    root: str
    budget: int
    reason: str
    size: bool = True


Kept = SolvedTable | TooLarge
"""What a file keeps."""


def table_of(solution: BookSolution, book: str, root: str) -> SolvedTable:
    """The table of a solved book (see `BookSolution.reader_nodes`)."""
    pairs: dict[int, float] = {}
    for key, value in solution.reader_nodes():
        pairs[key_id(key)] = min(1.0, max(0.0, float(value)))
    order = sorted(pairs)
    return SolvedTable(
        book,
        root,
        min(1.0, max(0.0, float(solution.p_win))),
        solution.states,
        solution.exact,
        solution.error_bound,
        array("Q", order),
        array("d", (pairs[k] for k in order)),
    )


def encode(kept: Kept) -> bytes:
    """A kept solve as the bytes of its file."""
    header: dict[str, Any] = {"format": FORMAT, "book": kept.book, "root": kept.root}
    keys, values = array("Q"), array("d")
    if isinstance(kept, TooLarge):
        header.update(kind="too-large", budget=kept.budget, reason=kept.reason, size=kept.size, count=0)
    else:
        header.update(
            kind="table",
            p_win=kept.p_win,
            states=kept.states,
            exact=kept.exact,
            error_bound=kept.error_bound,
            count=len(kept.keys),
        )
        keys, values = array("Q", kept.keys), array("d", kept.values)
    if sys.byteorder != "little":
        keys.byteswap()
        values.byteswap()
    head = json.dumps(header, sort_keys=True).encode()
    body = MAGIC + len(head).to_bytes(4, "little") + head + keys.tobytes() + values.tobytes()
    return body + zlib.crc32(body).to_bytes(_CHECK, "little")


def _number(header: Mapping[str, Any], name: str, kind: type) -> Any:
    value = header.get(name)
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind) or isinstance(value, bool) is not (kind is bool):
        raise ValueError(name)
    return value


def decode(data: bytes, book: str, root: str | None) -> Kept | None:
    """The solve kept in `data` when it is a whole, sound file for the book `book` (and the root `root`,
    unless None); None for anything else (corrupt, cut short, forged, another book's, another version's)."""
    try:
        return _decode(data, book, root)
    except (ValueError, KeyError, TypeError, UnicodeDecodeError, OverflowError):
        return None


def _numbers(raw: memoryview, kind: str) -> Sequence[Any]:
    """The little-endian numbers of `raw` (8 bytes each) without copying them where this machine is
    little-endian."""
    if sys.byteorder == "little":
        found: Sequence[Any] = raw.cast(kind)  # type: ignore[call-overload]
        return found
    numbers = array(kind)
    numbers.frombytes(raw)
    numbers.byteswap()
    return numbers


def _decode(data: bytes, book: str, root: str | None) -> Kept | None:
    start = len(MAGIC) + 4
    if len(data) < start + _CHECK or not data.startswith(MAGIC):
        return None
    view = memoryview(data)
    body = view[: len(data) - _CHECK]
    if zlib.crc32(body) != int.from_bytes(view[len(body) :], "little"):
        return None
    size = int.from_bytes(view[len(MAGIC) : start], "little")
    if size > HEADER_CAP or start + size > len(body):
        return None
    header = json.loads(bytes(view[start : start + size]).decode("utf-8"))
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        return None
    if header.get("book") != book or not isinstance(header.get("root"), str):
        return None
    if root is not None and header["root"] != root:
        return None
    count = _number(header, "count", int)
    rest = body[start + size :]
    if count < 0 or count > MAX_ENTRIES or len(rest) != _ENTRY * count:
        return None
    if header.get("kind") == "too-large":
        if count:
            return None
        budget = _number(header, "budget", int)
        return TooLarge(
            book, header["root"], budget, str(header.get("reason", "")), _number(header, "size", bool)
        )
    if header.get("kind") != "table":
        return None
    p_win = _number(header, "p_win", float)
    error_bound = _number(header, "error_bound", float)
    states = _number(header, "states", int)
    if not (0.0 <= p_win <= 1.0) or not math.isfinite(error_bound) or error_bound < 0 or states < 0:
        return None
    keys = _numbers(rest[: 8 * count], "Q")
    values = _numbers(rest[8 * count :], "d")
    return SolvedTable(
        book, header["root"], p_win, states, _number(header, "exact", bool), error_bound, keys, values
    )


# -- the folder -----------------------------------------------------------------------------------------


def _own(found: os.stat_result) -> bool:
    """Whether only the user running grognard can write what `found` describes (where that is known)."""
    return not hasattr(os, "getuid") or (found.st_uid == os.getuid() and not found.st_mode & 0o022)


def _trusted(path: Path) -> bool:
    try:
        found, folder = os.stat(path), os.stat(path.parent)
    except OSError:
        return False
    return stat.S_ISREG(found.st_mode) and _own(found) and _own(folder)


def _name_ok(name: str) -> bool:
    return len(name) == 32 and all(c in "0123456789abcdef" for c in name)


class SolvedBooks:
    """The solved books kept in one folder (see the module docstring), with the tables read last kept
    in memory (`KEPT_IN_MEMORY`). Writing never fails loudly: a folder that cannot be written keeps
    nothing, and the book is solved again next time."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._loaded: OrderedDict[tuple[Path, int, int], Kept | None] = OrderedDict()

    def path(self, book: str, root: str, suffix: str = SUFFIX) -> Path:
        """Where the solve of `book` from `root` is kept."""
        if not (_name_ok(book) and _name_ok(root)):
            raise ValueError(f"not a solved book's name: {book!r}, {root!r}")
        return self.folder / book / f"{root}{suffix}"

    def save(self, kept: Kept) -> bool:
        """Keep a solve (replacing any before it); False when the folder cannot be written."""
        return self._write(self.path(kept.book, kept.root), encode(kept))

    def _write(self, path: Path, data: bytes) -> bool:
        try:
            private_folder(path.parent)
            write_private(path, data)
        except OSError:
            return False
        return True

    def load(self, book: str, root: str) -> Kept | None:
        """The solve of `book` from `root`, if one is kept and sound."""
        return self._read(self.path(book, root), book, root)

    def _read(self, path: Path, book: str, root: str | None) -> Kept | None:
        try:
            found = os.stat(path)
        except OSError:
            return None
        memo = (path, found.st_mtime_ns, found.st_size)
        if memo in self._loaded:
            self._loaded.move_to_end(memo)
            return self._loaded[memo]
        kept: Kept | None = None
        if _trusted(path) and found.st_size <= FILE_CAP:
            with contextlib.suppress(ContentError, OSError):
                kept = decode(read_file(path, FILE_CAP, "solved book"), book, root)
        self._loaded[memo] = kept
        while len(self._loaded) > KEPT_IN_MEMORY:
            self._loaded.popitem(last=False)
        return kept

    def of_book(self, book: str) -> list[Kept]:
        """Every sound solve of `book` kept (the newest first, at most `TABLES_LOOKED_AT`)."""
        if not _name_ok(book):
            return []
        try:
            found = [
                (entry.stat().st_mtime_ns, Path(entry.path))
                for entry in os.scandir(self.folder / book)
                if entry.name.endswith(SUFFIX) and _name_ok(entry.name[: -len(SUFFIX)])
            ]
        except OSError:
            return []
        found.sort(reverse=True)
        out = []
        for _, path in found[:TABLES_LOOKED_AT]:
            kept = self._read(path, book, None)
            if kept is not None:
                out.append(kept)
        return out

    def save_report(self, book: str, root: str, how: str, report: Mapping[str, Any]) -> bool:
        """Keep the command line's report of a solve made `how` ("auto", "exact" or "float")."""
        data = json.dumps({"format": FORMAT, "book": book, "root": root, "how": how, "report": report})
        return self._write(self.path(book, root, f".{how}{REPORT_SUFFIX}"), data.encode())

    def load_report(self, book: str, root: str, how: str) -> dict[str, Any] | None:
        """The report kept for `book` from `root` made `how`, if one is kept and is this book's; its
        figures are checked by the caller (`None` for a file that is not a report of this solve)."""
        path = self.path(book, root, f".{how}{REPORT_SUFFIX}")
        if not _trusted(path):
            return None
        try:
            data = json.loads(read_file(path, REPORT_CAP, "solved book report").decode("utf-8"))
        except (ContentError, OSError, ValueError):
            return None
        if not isinstance(data, dict) or not isinstance(data.get("report"), dict):
            return None
        if (data.get("format"), data.get("book"), data.get("root"), data.get("how")) != (
            FORMAT,
            book,
            root,
            how,
        ):
            return None
        report: dict[str, Any] = data["report"]
        return report


__all__ = [
    "FORMAT",
    "MAGIC",
    "Kept",
    "SolvedBooks",
    "SolvedTable",
    "TooLarge",
    "book_id",
    "canonical",
    "decode",
    "encode",
    "key_id",
    "node_key",
    "root_id",
    "table_of",
]
