"""The one read of a file (`engine.files.read_file`): regular files only, at most the cap, one line naming
the file and never its content, never hanging on a pipe; the private files of `$GROGNARD_HOME`; and a
grep of `src/` that finds no other read of a file (issue 29)."""

from __future__ import annotations

import os
import re
import stat
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from grognard.engine.errors import ContentError
from grognard.engine.files import (
    private_folder,
    private_umask,
    read_file,
    read_head,
    read_text,
    write_private,
)

SRC = Path(__file__).resolve().parents[2] / "src" / "grognard"
SECRET = "hunter2-do-not-show"


def _refused(call: Callable[[], object], *fragments: str, within: float = 5.0) -> str:
    """The one-line message `call` is refused with, in bounded time (a pipe must not hang it)."""
    caught: list[BaseException] = []

    def run() -> None:
        try:
            call()
        except BaseException as e:  # handed back to the test
            caught.append(e)

    worker = threading.Thread(target=run, daemon=True)
    start = time.monotonic()
    worker.start()
    worker.join(within)
    assert not worker.is_alive(), f"the read did not return within {within} s"
    assert time.monotonic() - start < within
    assert caught and isinstance(caught[0], ContentError), caught
    message = str(caught[0])
    assert "\n" not in message and SECRET not in message
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    return message


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    """A named pipe no one writes to (released at the end, should a reader be stuck on it)."""
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)
    yield path
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError:
        return  # no reader left: nothing to release
    os.close(fd)


def test_a_regular_file_is_read_whole_up_to_its_cap(tmp_path: Path) -> None:
    path = tmp_path / "book.toml"
    path.write_bytes(b"x" * 100)
    assert read_file(path, 100, "book") == b"x" * 100
    assert read_file(str(path), 1000) == b"x" * 100
    assert read_text(path, 100) == "x" * 100
    (tmp_path / "empty").touch()
    assert read_file(tmp_path / "empty", 0) == b""


def test_a_file_over_its_cap_is_refused_unquoted(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text(SECRET * 10, encoding="utf-8")
    message = _refused(lambda: read_file(path, 10, "book"), str(path), "over 10 bytes", "a book")
    assert message.startswith(str(path))


@pytest.mark.parametrize(("name", "kind"), [("/dev/zero", "a character device"), ("/dev/null", "device")])
def test_a_device_is_refused_without_reading_it(name: str, kind: str) -> None:
    if not os.path.exists(name):
        pytest.skip(f"no {name} here")
    _refused(lambda: read_file(name, 1_000_000, "quest"), name, kind, "not a regular file")


def test_a_named_pipe_is_refused_without_hanging(fifo: Path) -> None:
    _refused(lambda: read_file(fifo, 1000, "board"), str(fifo), "a named pipe", "not a regular file")


def test_a_folder_a_missing_file_and_a_link_to_a_device_are_refused(tmp_path: Path) -> None:
    _refused(lambda: read_file(tmp_path, 1000), "a folder")
    _refused(lambda: read_file(tmp_path / "none.toml", 1000, "book"), "cannot read the book: no such file")
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")
    _refused(lambda: read_file(link, 1000), str(link), "not a regular file")


def test_an_unreadable_file_says_why(tmp_path: Path) -> None:
    path = tmp_path / "closed.toml"
    path.write_text(SECRET, encoding="utf-8")
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("running as a user who reads every file")
        _refused(lambda: read_file(path, 1000, "quest"), str(path), "cannot read the quest")
    finally:
        path.chmod(0o600)


def test_a_name_with_a_line_break_stays_on_one_line(tmp_path: Path) -> None:
    path = tmp_path / "two\nlines.toml"
    message = _refused(lambda: read_file(path, 10), "no such file")
    assert "two\\nlines.toml" in message


def test_text_that_is_not_utf8_names_the_byte(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(b"ok \xff")
    _refused(lambda: read_text(path, 100), str(path), "byte 3", "not UTF-8")


def test_the_head_of_a_big_file_is_read_without_refusing_it(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + b"\x00" * 100_000)
    assert read_head(path, 16) == b"SQLite format 3\x00"
    assert read_head(tmp_path / "games.sqlite3", 1_000_000) == path.read_bytes()
    _refused(lambda: read_head("/dev/zero", 16), "not a regular file")


def test_private_files_and_folders_are_their_owners_only(tmp_path: Path) -> None:
    before = os.umask(0)
    try:
        folder = private_folder(tmp_path / "home" / "books")
        path = folder / "kept.toml"
        write_private(path, b"secret")
        assert os.umask(0) == 0  # the process's umask is given back
    finally:
        os.umask(before)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "home").stat().st_mode) == 0o700
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.read_bytes() == b"secret"
    write_private(path, b"again")
    assert path.read_bytes() == b"again" and [p.name for p in folder.iterdir()] == ["kept.toml"]
    with private_umask():
        assert os.umask(0o077) == 0o077


def test_a_failed_private_write_leaves_nothing(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "x").write_text("x", encoding="utf-8")
    with pytest.raises(OSError):
        write_private(tmp_path / "taken", b"data")  # a full folder cannot be replaced by a file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


# -- no other read of a file in src/ ----------------------------------------------------------------

READS = re.compile(
    r"\.read_bytes\(|\.read_text\(|(?<![\w.])(?<!def )open\(|\.open\(\s*(?:[\"'][rwabxt+]*[\"']|\)|mode=)"
    r"|(?:io|os|gzip|bz2|lzma|codecs|tarfile|zipfile)\.open\(|os\.read\(|FileIO|mmap\."
    r"|tomllib\.load\(|json\.load\(|pickle\.load|ElementTree\.parse\(|\bET\.parse\(|iterparse\("
    r"|\.parse\(\s*(?:path|file)|np\.load\(|shutil\.copy"
)
"""How Python code reads a file (the method calls, not `engine.files`' own `read_text`)."""

ALLOWED = {
    ("engine/files.py", "os.open(path, _FLAGS)"): "the one read itself",
    ("engine/files.py", "os.read(fd"): "the one read itself",
    ("engine/files.py", "fd = os.open(temporary"): "writing a private file, not reading",
    ("engine/content.py", 'resource.open("rb")'): "package data not on the file system (a zip), capped",
    (
        "i18n/__init__.py",
        'with path.open("rb") as source',
    ): "the package's own message catalogue (i18n lies below the engine and cannot call read_file)",
    (
        "i18n/extract.py",
        'with path.open("rb") as source',
    ): "make messages: the developer's catalogue in the source tree",
    (
        "i18n/extract.py",
        'with path.open("wb") as target',
    ): "make messages: writing the catalogue, not reading",
    (
        "i18n/extract.py",
        "strings(tomllib.load(fileobj))",
    ): "make messages: a rules data file of the source tree, opened by Babel's extraction",
}
"""Each (file, text of the line) allowed to read otherwise, and why."""


def _reads() -> Iterator[tuple[str, int, str]]:
    for path in sorted(SRC.rglob("*.py")):
        where = path.relative_to(SRC).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if READS.search(code) and not code.lstrip().startswith(('"', "'")):
                yield where, number, line.strip()


def test_every_read_of_a_file_in_src_goes_through_read_file() -> None:
    """Anything else that reads a file is listed here with why, or routed through `read_file`."""
    found = list(_reads())
    unexplained = [
        f"{where}:{number}: {line}"
        for where, number, line in found
        if not any(where == file and text in line for file, text in ALLOWED)
    ]
    assert not unexplained, "read through engine.files.read_file instead:\n" + "\n".join(unexplained)
    used = {(file, text) for file, text in ALLOWED if any(w == file and text in ln for w, _, ln in found)}
    assert used == set(ALLOWED), f"allowed but gone (remove them): {set(ALLOWED) - used}"


def test_the_grep_finds_the_reads_it_looks_for() -> None:
    for line in (
        "data = path.read_bytes()",
        "with open(name) as f:",
        'with path.open("rb") as f:',
        "tomllib.load(handle)",
        "json.load(handle)",
        "Path(x).read_text(encoding='utf-8')",
        "with path.open() as f:",
        "handle = io.open(name, 'rb')",
        "fd = os.open(name, os.O_RDONLY)",
    ):
        assert READS.search(line), line
    for line in (
        "text = read_text(path, 10)",
        "if window_open(state):",
        "def _open(self):",
        "def open(self, keys):",
        "refused = STREAMS.open(keys)",
    ):
        assert not READS.search(line), line
