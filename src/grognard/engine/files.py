"""The one way grognard reads a file, and the files it keeps private to the user running it.

`read_file(path, cap, what)` reads a file of the file system: it opens it without blocking (a named
pipe cannot hang the reader), checks the opened file is a regular file (never a folder, a device, a pipe or
a socket, so `/dev/zero` cannot grow the process), and reads at most `cap` bytes, refusing a larger file.
Every problem is one `ContentError` naming the file and saying why, never the file's content. Every read
of a file in `src/` goes through it (a test greps for any other); data shipped inside grognard's own
packages that is not on the file system (an `importlib.resources` resource in a zip) keeps its reader.

`private_folder`, `write_private` and `private_umask` make what grognard keeps in
`$GROGNARD_HOME` (the saved games, the web secret, uploads) readable by its owner only: folders 0700,
files 0600 from the moment they exist.
"""

from __future__ import annotations

import os
import secrets
import stat
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from grognard.engine.errors import ContentError
from grognard.i18n import gettext as _

__all__ = [
    "FileName",
    "private_folder",
    "private_umask",
    "read_file",
    "read_head",
    "read_text",
    "shown_name",
    "write_private",
]

FileName = str | os.PathLike[str]
"""A path of the file system, as a string or a path object."""

_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_CHUNK = 1 << 20
_UMASK_LOCK = threading.Lock()
if hasattr(os, "register_at_fork"):  # a child never starts inside another thread's narrowed umask
    os.register_at_fork(
        before=_UMASK_LOCK.acquire, after_in_parent=_UMASK_LOCK.release, after_in_child=_UMASK_LOCK.release
    )


def shown_name(path: FileName) -> str:
    """A path as one line of an error message (control characters escaped)."""
    name = os.fspath(path)
    return name if name.isprintable() else repr(name)[1:-1]


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def _a(what: str) -> str:
    return f"an {what}" if what[:1].lower() in "aeiou" else f"a {what}"


def _refuse(name: str, reason: str) -> ContentError:
    return ContentError(name, "", reason)


def _check_mode(name: str, mode: int, what: str) -> None:
    if not stat.S_ISREG(mode):
        raise _refuse(name, f"{_kind(mode)}, not a regular file, so it is not read as {_a(what)}")


def _too_big(name: str, cap: int, what: str) -> ContentError:
    return _refuse(name, f"over {cap:,} bytes, more than {_a(what)} may be, so it is not read")


def _cannot(name: str, what: str, e: OSError) -> ContentError:
    why = "no such file" if isinstance(e, FileNotFoundError) else e.strerror or type(e).__name__
    return _refuse(name, f"cannot read the {what}: {why}")


def _read(path: FileName, cap: int, what: str, *, whole: bool) -> bytes:
    name = shown_name(path)
    if cap < 0:
        raise ValueError(f"a read cap must not be negative, not {cap}")
    try:
        _check_mode(name, os.stat(path).st_mode, what)  # refused before it is ever opened
        fd = os.open(path, _FLAGS)
    except OSError as e:
        raise _cannot(name, what, e) from None
    except ValueError as e:  # a NUL in the name
        raise _refuse(name, f"cannot read the {what}: {e}") from None
    try:
        found = os.fstat(fd)
        _check_mode(name, found.st_mode, what)  # the file opened, not one swapped in since the check
        if whole and found.st_size > cap:
            raise _too_big(name, cap, what)
        chunks: list[bytes] = []
        left = cap + 1 if whole else cap
        while left > 0:
            chunk = os.read(fd, min(left, _CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as e:
        raise _cannot(name, what, e) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if whole and len(data) > cap:
        raise _too_big(name, cap, what)
    return data


def read_file(path: FileName, cap: int, what: str = "file") -> bytes:
    """The bytes of the regular file at `path`, at most `cap` of them; `what` says what the file is meant
    to be ("book", "saved game") in errors. A file that is missing, unreadable, not a regular file or
    larger than `cap` is a one-line `ContentError` naming it (never quoting it)."""
    return _read(path, cap, what, whole=True)


def read_head(path: FileName, count: int, what: str = "file") -> bytes:
    """The first `count` bytes of the regular file at `path` (fewer when it is shorter), for a file
    recognised by how it begins; the same checks and errors as `read_file`, whatever the file's size."""
    return _read(path, count, what, whole=False)


def read_text(path: FileName, cap: int, what: str = "file") -> str:
    """The UTF-8 text of the regular file at `path` (`read_file`); text that is not UTF-8 is a
    `ContentError` naming the file and the byte."""
    data = read_file(path, cap, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ContentError(shown_name(path), f"byte {e.start}", _("not UTF-8 text")) from None


@contextmanager
def private_umask() -> Iterator[None]:
    """Files and folders created inside the block are readable by their owner only (umask 077).

    The umask is the process's: callers are serialised so two of them never restore each other's."""
    with _UMASK_LOCK:
        before = os.umask(0o077)
        try:
            yield
        finally:
            os.umask(before)


def private_folder(path: Path) -> Path:
    """The folder at `path`, created with mode 0700 (and any missing parents) when it does not exist."""
    with private_umask():
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def write_private(path: Path, data: bytes) -> None:
    """Write `data` to `path`, readable by its owner only from the moment it exists: a new file (mode
    0600) beside it, written whole, then renamed over `path`; on any failure no new file is left."""
    temporary = path.with_name(f".{path.name}.part-{secrets.token_hex(6)}")
    try:
        with private_umask():
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
