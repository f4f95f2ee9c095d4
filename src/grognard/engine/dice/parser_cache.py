"""d20's parser kept between runs: d20 builds its Lark LALR parser when it is imported (about 85 ms, a third
of `grognard roll`'s start), and builds the same one every time.

`cached_d20_parser()` wraps the first `import d20` (in `parse`): while `d20.diceast` is imported (it runs
`from lark import Lark`, then builds its parser), `lark.Lark` is `CachedLark`, which loads the built parser
from a file in the user's own cache folder (`cache_folder`: `$XDG_CACHE_HOME/grognard/`, else
`~/.cache/grognard/`; never a shared temporary folder, since the file is a pickle), or builds it as d20
does and keeps it there. Lark is restored when the import is done.

Lark 0.9 (the version d20 pins) caches through its `cache=` option, used here to load; but with a path it
trusts whatever file is there, whatever grammar it came from, and writes the file in place. So the file's
name here is a hash of what the parser is built from (`cache_file`): the grammar's text, the options d20
passes (all but the transformer, which is given again when loading), Lark's version and Python's. A new
d20 that changes its grammar or its options gets a new file; d20's own version is not read, which would
import `importlib.metadata` (about 40 ms). A new file is written under a unique temporary name in the
same folder, then moved into place (`os.replace`), so processes starting together (the test workers) never
read a half-written file. A file that cannot be read or loaded (corrupt, stale, or one that others could
have written: not the user's own, or in a folder others may write) and a folder that cannot be written are
passed over silently: the parser is then built as d20 builds it, and the rolls are the same either way.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

import lark

__all__ = ["CachedLark", "cache_file", "cache_folder", "cached_d20_parser"]

_NOT_KEYED = ("transformer", "postlex", "lexer_callbacks", "edit_terminals")
"""Options that are objects given again when loading, left out of the key (as Lark's own cache does)."""


def cache_folder() -> Path | None:
    """The user's cache folder for grognard: `$XDG_CACHE_HOME/grognard` (an absolute path; a relative one
    is ignored, as the XDG specification asks), else `~/.cache/grognard`; None without a home folder."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(base):
        return Path(base) / "grognard"
    try:
        return Path.home() / ".cache" / "grognard"
    except RuntimeError:  # no home folder to be found
        return None


def _plain(value: object) -> bool:
    if isinstance(value, list | tuple):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, str | int | float)


def cache_file(grammar: str, options: dict[str, Any]) -> Path | None:
    """The file keeping the parser Lark builds from `grammar` with `options`, named by a hash of both, of
    Lark's version and of Python's; None when there is no cache folder or an option cannot be keyed."""
    folder = cache_folder()
    kept = {k: v for k, v in options.items() if k not in _NOT_KEYED}
    if folder is None or not all(_plain(v) for v in kept.values()):
        return None
    key = "\0".join(
        (grammar, repr(sorted(kept.items())), lark.__version__, "{}.{}".format(*sys.version_info[:2]))
    )
    return folder / f"lark-{hashlib.sha256(key.encode()).hexdigest()[:32]}.pickle"


def _own(found: os.stat_result) -> bool:
    """Whether only the user running grognard can write what `found` describes (where that is known)."""
    return not hasattr(os, "getuid") or (found.st_uid == os.getuid() and not found.st_mode & 0o022)


def _trusted(path: Path) -> bool:
    """Whether `path` is a plain file in a folder, both of which only the user running grognard can write
    (nobody else could have put the pickle there)."""
    try:
        found, folder = os.stat(path), os.stat(path.parent)
    except OSError:
        return False
    return stat.S_ISREG(found.st_mode) and _own(found) and _own(folder)


def _keep(parser: CachedLark, path: Path) -> None:
    """Write `parser` to `path` through a unique temporary file in its folder; any failure leaves no file."""
    import tempfile  # only when a parser is built: not on the start of every command

    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as out:
            parser.save(out)
        os.replace(temporary, path)
    except Exception:  # a folder or file that cannot be written, or a parser that cannot be pickled
        with contextlib.suppress(OSError):
            os.unlink(temporary)


class CachedLark(lark.Lark):
    """`lark.Lark` that loads an LALR parser built from a string grammar from the user's cache, or builds
    it and keeps it there (see the module doc). A parser loaded from the cache has `source`
    `"<deserialized>"`, as Lark sets it; a built one `"<string>"`."""

    save: Callable[[BinaryIO], None]
    """Lark's: writes the built parser (missing from Lark 0.9's type stubs)."""

    def __init__(self, grammar: Any, **options: Any) -> None:
        path = None
        if isinstance(grammar, str) and options.get("parser") == "lalr" and not options.get("cache"):
            path = cache_file(grammar, options)
        if path is not None and _trusted(path):
            try:
                super().__init__(grammar, **{**options, "cache": str(path)})
            except Exception:  # a corrupt or unreadable file: built below and replaced
                pass
            else:
                return
        super().__init__(grammar, **options)
        if path is not None:
            _keep(self, path)


@contextlib.contextmanager
def cached_d20_parser() -> Iterator[None]:
    """Within the block, the first import of d20 loads its parser from the user's cache, or builds it and
    keeps it there; once d20 is imported, this does nothing."""
    if "d20.diceast" in sys.modules:
        yield
        return
    original = lark.Lark
    lark.Lark = CachedLark  # type: ignore[misc]  # d20.diceast runs `from lark import Lark`
    try:
        yield
    finally:
        lark.Lark = original  # type: ignore[misc]
        diceast = sys.modules.get("d20.diceast")
        if diceast is not None and vars(diceast).get("Lark") is CachedLark:
            vars(diceast)["Lark"] = original  # d20 left as it would be
