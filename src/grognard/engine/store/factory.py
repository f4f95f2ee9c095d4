"""Where saved games are kept: a small `GameStore` interface, its SQLite backend, and the factory that
opens a store (`open_store`, `open_url`) on either backend.

A game is stored as its system, game, options and seed, the ordered moves, and a snapshot of the state
the moves lead to (a cache: the moves are the truth). Each move is appended in one transaction that also
updates the snapshot, so a crash loses at most the move being written. Game ids are the decimal numbers
of an SQLite AUTOINCREMENT key, handed out as strings ("1", "2", ...) and never reused after a delete.

The default store is one SQLite file, `games.sqlite3`, in `$GROGNARD_HOME` (by default the user data
directory), in WAL mode with foreign keys on and a versioned schema (`engine.store.migrations`). With
`GROGNARD_DATABASE_URL=postgresql://...` the games are kept in a PostgreSQL database instead
(`engine.store.postgres`): the same schema, the same migrations and the same SQL (`sql.SqlStore`), so
several server processes can share them. The shared SQL lives in `engine.store.sql`, which both backends
import, so the factory here and the PostgreSQL backend do not import each other.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import platformdirs

from grognard.engine.errors import ContentError, DamagedStoreError, SaveError
from grognard.engine.files import private_folder, private_umask, read_head
from grognard.engine.session import MoveRecord, Session
from grognard.engine.store import records
from grognard.engine.store.migrations import MIGRATIONS, Migration, migrate
from grognard.engine.store.people import copy_people
from grognard.engine.store.savefile import SavedGame
from grognard.engine.store.sql import GameSummary, SqlStore, damaged

__all__ = [
    "DATABASE_URL_VAR",
    "SQLITE_MAGIC",
    "STORE_FILE",
    "GameStore",
    "SqliteStore",
    "copy_store",
    "database_error",
    "database_url",
    "grognard_home",
    "open_store",
    "open_url",
]

STORE_FILE = "games.sqlite3"
"""The name of the SQLite file inside the grognard home directory."""

DATABASE_URL_VAR = "GROGNARD_DATABASE_URL"
"""The environment variable naming a PostgreSQL database (`postgresql://...`) to keep the games in."""


def database_url() -> str | None:
    """The PostgreSQL database the games are kept in (`$GROGNARD_DATABASE_URL`), or None for SQLite."""
    return os.environ.get(DATABASE_URL_VAR, "").strip() or None


def grognard_home() -> Path:
    """`$GROGNARD_HOME` if set, else the user data directory for grognard (`open_store` creates it with
    mode 0700, the saved games in it with 0600)."""
    env = os.environ.get("GROGNARD_HOME")
    return Path(env) if env else Path(platformdirs.user_data_dir("grognard"))


class GameStore(Protocol):
    """The operations every store of saved games offers."""

    def create(self, session: Session, title: str = "", seats: Sequence[str] = ()) -> str:
        """Store a new game (with who sits at its seats) and the moves it has so far; returns its id
        and sets `session.game_id`."""

    def append(self, game_id: str, record: MoveRecord, *, ply: int | None = None) -> None:
        """Add one move (one transaction, snapshot updated with it); `ply` guards the expected position."""

    def truncate(self, game_id: str, n_moves: int) -> None:
        """Keep only the first `n_moves` moves and recompute the snapshot."""

    def load(self, game_id: str, *, verify: bool = False) -> Session:
        """The game as a session; with `verify`, replay it and refuse it if it differs from the snapshot."""

    def summaries(self) -> list[GameSummary]:
        """Every stored game, most recently updated first."""

    def summary(self, game_id: str) -> GameSummary:
        """One stored game's summary."""

    def delete(self, game_id: str) -> None:
        """Remove a game and its moves."""

    def export_game(self, game_id: str) -> SavedGame:
        """The full record of a game, for a saved-game file."""

    def import_game(
        self,
        saved: SavedGame,
        source: str = "",
        *,
        dice: bool = False,
        allow_files: bool = False,
        game_id: str | None = None,
    ) -> str:
        """Check a saved game by replaying it and store it as a new game; returns the new id."""

    def save(self, session: Session, title: str = "") -> str:
        """Make the store hold the session's moves; a stale session is refused (`StaleGameError`)."""

    def undo(self, game_id: str) -> int:
        """Drop moves back to the previous player decision; returns how many were dropped."""


SQLITE_MAGIC = b"SQLite format 3\x00"


def database_error(path: Path, e: sqlite3.Error, doing: str) -> SaveError:
    """One true line for an SQLite error met while `doing` something ("saving the move", "reading")."""
    name = str(getattr(e, "sqlite_errorname", ""))
    if name.startswith("SQLITE_FULL"):
        return SaveError(
            f"{path}: the disk is full, so {doing} failed and nothing of it was written (what was saved "
            "before is untouched); free some space and try again"
        )
    if name.startswith("SQLITE_READONLY"):
        return SaveError(
            f"{path}: the saved-game database is read-only ({e}), so {doing} failed; grognard needs to "
            "write it: check the permissions of the file and its folder"
        )
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return damaged(path, str(e))
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return SaveError(
            f"{path}: another grognard kept the saved games locked for too long, so {doing} failed; try again"
        )
    if name.startswith("SQLITE_IOERR"):
        return SaveError(f"{path}: the disk could not be read or written ({e}), so {doing} failed")
    return SaveError(f"{path}: {doing} failed: {e}")


def _wal_of(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def _looks_like_sqlite(path: Path) -> bool:
    try:
        return read_head(path, len(SQLITE_MAGIC), "saved-game database") == SQLITE_MAGIC
    except ContentError:
        return False


def _private_files(path: Path) -> None:
    """Narrow the database and its write-ahead log and shared-memory files to their owner (0600)."""
    for file in (path, _wal_of(path), path.with_name(path.name + "-shm")):
        try:
            if file.is_file() and file.stat().st_mode & 0o077:
                file.chmod(0o600)
        except OSError:
            pass  # another user's file, or gone: SQLite says what is wrong with it


class SqliteStore(SqlStore):
    """Saved games in one SQLite file: WAL mode, foreign keys, one transaction per move.

    Opening it checks the file: an empty file, or (after a crash left its write-ahead log behind) one
    that fails `PRAGMA quick_check`, is refused as damaged, with how to recover. A file SQLite creates
    is readable by its owner only (mode 0600, and so its write-ahead log); with `private` (the store in
    `$GROGNARD_HOME`) an older file readable by others is narrowed to 0600 too.
    """

    path: Path

    def __init__(
        self, path: Path, migrations: Sequence[Migration] = MIGRATIONS, *, private: bool = False
    ) -> None:
        self.path = path
        wal = _wal_of(path)
        try:
            size = path.stat().st_size if path.exists() else None
            unclean = wal.exists() and wal.stat().st_size > 0
        except OSError as e:
            raise SaveError(f"{path}: cannot read the saved-game database: {e.strerror or e}") from e
        if size == 0 and not unclean:
            raise damaged(path, "the file is empty: 0 bytes")
        try:
            with private_umask():
                self._conn = sqlite3.connect(path, isolation_level=None, timeout=10.0)
        except sqlite3.Error as e:
            raise SaveError(f"{path}: cannot open the saved-game database: {e}") from e
        try:
            with private_umask():
                self._conn.execute("PRAGMA journal_mode = WAL")
            if private:
                _private_files(path)
            self._conn.execute("PRAGMA foreign_keys = ON")
            self._conn.execute("PRAGMA synchronous = FULL")
            if unclean:
                self._quick_check()
            self.schema_version = migrate(self._conn, migrations)
        except sqlite3.DatabaseError as e:
            self._conn.close()
            name = str(getattr(e, "sqlite_errorname", ""))
            if name.startswith("SQLITE_NOTADB") and not _looks_like_sqlite(path):
                raise SaveError(f"{path}: not a grognard saved-game database ({e})") from e
            raise database_error(path, e, "opening the saved games") from e
        except UnicodeDecodeError as e:
            self._conn.close()
            raise damaged(path, f"text that is not UTF-8: {e.reason}") from e
        except SaveError as e:
            self._conn.close()
            if isinstance(e, DamagedStoreError):
                raise
            raise SaveError(f"{path}: {e}") from e
        self._games = {}

    def _quick_check(self) -> None:
        rows = self._conn.execute("PRAGMA quick_check(5)").fetchall()
        if rows != [("ok",)]:
            raise damaged(self.path, "; ".join(str(r[0]) for r in rows))

    def _error(self, e: Exception, doing: str) -> SaveError:
        assert isinstance(e, sqlite3.Error)
        return database_error(self.path, e, doing)

    def __enter__(self) -> SqliteStore:
        return self

    def check(self) -> list[str]:
        """`PRAGMA quick_check` of the whole file: empty when the database is sound, else its findings."""
        with self._read() as conn:
            rows = conn.execute("PRAGMA quick_check(20)").fetchall()
        return [] if rows == [("ok",)] else [str(r[0]) for r in rows]

    def backup(self, dest: Path) -> None:
        """Copy the whole store to `dest` with SQLite's online backup, so the copy is one consistent
        database (with what the write-ahead log holds) even while other sessions write. The copy is
        written beside `dest` and renamed into place only when complete and checked."""
        part = dest.with_name(f".{dest.name}.part-{os.getpid()}")
        try:
            part.unlink(missing_ok=True)
            with private_umask():
                target = sqlite3.connect(part)
            try:
                self._conn.backup(target)
                target.execute("PRAGMA journal_mode = DELETE")
                ok = target.execute("PRAGMA quick_check").fetchall() == [("ok",)]
            finally:
                target.close()
            if not ok:
                raise damaged(self.path, "the copy made of it does not pass quick_check")
            os.replace(part, dest)
        except sqlite3.Error as e:
            raise database_error(self.path, e, f"backing up to {dest}") from e
        except OSError as e:
            raise SaveError(f"{dest}: cannot write the backup: {e.strerror or e}") from e
        finally:
            part.unlink(missing_ok=True)


def open_store(home: Path | None = None) -> SqlStore:
    """The store: `games.sqlite3` in `home`, created if needed; with no `home`, the PostgreSQL database
    `$GROGNARD_DATABASE_URL` names when it is set, else `games.sqlite3` in `grognard_home()`."""
    url = database_url() if home is None else None
    if url is not None:
        return open_url(url)
    where = home if home is not None else grognard_home()
    try:
        private_folder(where)
    except OSError as e:
        raise SaveError(f"{where}: cannot create the grognard home directory: {e.strerror or e}") from e
    return SqliteStore(where / STORE_FILE, private=True)


def open_url(url: str) -> SqlStore:
    """The store a URL names: `postgresql://...` (or `postgres://...`) a PostgreSQL database, anything
    else the path of an SQLite file (`sqlite:///path` or a plain path)."""
    if url.startswith(("postgresql://", "postgres://")):
        from grognard.engine.store.postgres import (  # inner import: only a PostgreSQL URL loads it
            PostgresStore,
        )

        return PostgresStore(url)
    path = Path(url.removeprefix("sqlite://")) if url.startswith("sqlite://") else Path(url)
    if not path.parent.is_dir():
        raise SaveError(f"{path}: its folder {path.parent} does not exist")
    return SqliteStore(path)


def copy_store(source: SqlStore, target: SqlStore) -> list[str]:
    """Copy every game of `source` into `target` under the same ids, oldest first, each checked by
    replaying it (`import_game`), then every kept record (`engine.store.records`: HeroQuest's roster) and
    the people (`engine.store.people`: every profile, each game's seats, chat and table marks); returns the
    game ids copied. A target that already holds one of those ids, or any kept record while the
    source has some, is refused before anything is copied."""
    games = sorted(source.summaries(), key=lambda g: int(g.id))
    held = {g.id for g in target.summaries()}
    clash = [g.id for g in games if g.id in held]
    if clash:
        shown = ", ".join(clash[:5]) + (", ..." if len(clash) > 5 else "")
        raise SaveError(f"{target.path} already holds game(s) {shown}: copy into an empty store")
    if records.count(source) and records.count(target):
        raise SaveError(f"{target.path} already keeps records (heroes): copy into an empty store")
    for g in games:
        target.import_game(source.export_game(g.id), f"game {g.id}", allow_files=True, game_id=g.id)
    records.copy_all(source, target)
    copy_people(source, target, [g.id for g in games])
    return [g.id for g in games]
