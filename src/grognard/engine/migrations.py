"""The schema of the saved-game database and the ordered migrations that build and upgrade it.

The table `schema_version` keeps one row per migration applied (its number, description and when), so
the version of a database is the highest number there. A database with no such table and no tables at
all is version 0 (a new file). Each migration runs in its own transaction together with the row that
records it: a migration that fails leaves the database at the version it had before.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from grognard.engine.errors import SaveError


@dataclass(frozen=True)
class Migration:
    """One step of the schema: the version it brings the database to, what it does, and how."""

    version: int
    description: str
    apply: Callable[[sqlite3.Connection], None]


def _v1_games_and_moves(conn: sqlite3.Connection) -> None:
    conn.execute(
        """
        CREATE TABLE games (
            id       INTEGER PRIMARY KEY AUTOINCREMENT,
            system   TEXT    NOT NULL,
            game     TEXT    NOT NULL,
            options  TEXT    NOT NULL,
            seed     INTEGER NOT NULL,
            title    TEXT    NOT NULL DEFAULT '',
            status   TEXT    NOT NULL CHECK (status IN ('in play', 'over')),
            n_moves  INTEGER NOT NULL DEFAULT 0 CHECK (n_moves >= 0),
            snapshot TEXT    NOT NULL,
            created  TEXT    NOT NULL,
            updated  TEXT    NOT NULL
        )
        """
    )
    conn.execute(
        """
        CREATE TABLE moves (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            ply     INTEGER NOT NULL CHECK (ply >= 0),
            move    TEXT    NOT NULL,
            player  INTEGER,
            rolls   TEXT    NOT NULL,
            PRIMARY KEY (game_id, ply)
        ) WITHOUT ROWID
        """
    )
    conn.execute("CREATE INDEX games_by_update ON games (updated)")


GAME_SEALED = "id, system, game, options, seed, title, status, n_moves, snapshot, revision"
"""The columns of a `games` row its digest covers (in this order)."""

MOVE_SEALED = "game_id, ply, move, player, rolls"
"""The columns of a `moves` row its digest covers (in this order)."""


def digest(values: Sequence[object]) -> int:
    """The check value (CRC-32) of a row's sealed columns, so a flipped bit in them is noticed."""
    text = json.dumps(list(values), ensure_ascii=False, default=_odd_value)
    return zlib.crc32(text.encode("utf-8", "surrogatepass"))


def _odd_value(value: object) -> str:
    return value.hex() if isinstance(value, bytes) else repr(value)


def _v2_revision_and_digests(conn: sqlite3.Connection) -> None:
    conn.execute("ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")
    conn.execute("ALTER TABLE games ADD COLUMN digest INTEGER")
    conn.execute("ALTER TABLE moves ADD COLUMN digest INTEGER")
    for row in conn.execute(f"SELECT {GAME_SEALED} FROM games").fetchall():
        conn.execute("UPDATE games SET digest = ? WHERE id = ?", (digest(row), row[0]))
    for row in conn.execute(f"SELECT {MOVE_SEALED} FROM moves").fetchall():
        conn.execute(
            "UPDATE moves SET digest = ? WHERE game_id = ? AND ply = ?", (digest(row), row[0], row[1])
        )


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "games with their options, seed and snapshot; moves in order", _v1_games_and_moves),
    Migration(
        2,
        "a revision per game (a stale session cannot overwrite) and a digest per row (damage is noticed)",
        _v2_revision_and_digests,
    ),
)
"""Every migration of the saved-game database, in order; the last one's version is the current schema."""

SCHEMA_VERSION = MIGRATIONS[-1].version
"""The schema version this grognard writes."""


def _has_table(conn: sqlite3.Connection, name: str) -> bool:
    row = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone()
    return row is not None


def current_version(conn: sqlite3.Connection) -> int:
    """The schema version of an open database: 0 for a new one; `SaveError` for a foreign one."""
    if not _has_table(conn, "schema_version"):
        others = conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ).fetchall()
        if others:
            names = ", ".join(sorted(str(r[0]) for r in others))
            raise SaveError(
                f"not a grognard saved-game database (it has tables {names} but no schema_version)"
            )
        return 0
    row = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def _check_order(migrations: Sequence[Migration]) -> None:
    expected = 1
    for m in migrations:
        if m.version != expected:
            raise ValueError(
                f"migrations must be numbered 1, 2, 3...; found {m.version} where {expected} was due"
            )
        expected += 1


def migrate(conn: sqlite3.Connection, migrations: Sequence[Migration] = MIGRATIONS) -> int:
    """Bring the database up to the last of `migrations`; returns the version it ends at.

    The connection must be in autocommit mode (isolation_level None): each migration takes its own
    `BEGIN IMMEDIATE` transaction. A database newer than the code is refused with a `SaveError`.
    """
    _check_order(migrations)
    target = migrations[-1].version if migrations else 0
    version = current_version(conn)
    if version > target:
        raise SaveError(
            f"this saved-game database has schema version {version}, newer than this grognard "
            f"understands (up to {target}); upgrade grognard to open it"
        )
    for m in migrations[version:]:
        conn.execute("BEGIN IMMEDIATE")
        try:
            if current_version(conn) >= m.version:  # another process got here first
                conn.execute("ROLLBACK")
                continue
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version ("
                " version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied TEXT NOT NULL)"
            )
            m.apply(conn)
            conn.execute(
                "INSERT INTO schema_version (version, description, applied) VALUES (?, ?, ?)",
                (m.version, m.description, datetime.now(UTC).isoformat(timespec="seconds")),
            )
            conn.execute("COMMIT")
        except sqlite3.Error as e:
            conn.execute("ROLLBACK")
            raise SaveError(f"migration to schema version {m.version} ({m.description}) failed: {e}") from e
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return current_version(conn)
