"""The PostgreSQL backend of the saved-game store, for a server shared by several processes.

`PostgresStore` runs the same SQL as the SQLite store (`sql.SqlStore`) on a psycopg 3 connection
(an optional dependency: `pip install 'grognard[postgres]'`). The differences are small: a write locks
the game's row (`SELECT ... FOR UPDATE`), the primary key (game, ply) of the moves refuses a second move
at one position, and each committed change is announced on the channel `grognard_games`
(`NOTIFY`, payload the game id) so that every server process can wake the browsers watching that game
(`listen`). Errors are one line: an unreachable server, a refused login, a move that lost the race.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from grognard.engine.errors import SaveError
from grognard.engine.store.migrations import MIGRATIONS, Migration, migrate
from grognard.engine.store.sql import SqlStore

CHANNEL = "grognard_games"
"""The NOTIFY channel a committed change of a game is announced on (the payload is its id)."""

CONNECT_SECONDS = 10
"""How long connecting to the server may take before it is called unreachable."""

_PASSWORD = re.compile(r"(://[^:/@]*):[^@/]*@")


def shown_url(url: str) -> str:
    """The URL without its password, fit for a message."""
    return _PASSWORD.sub(r"\1:***@", url)


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError as e:
        raise SaveError(
            "GROGNARD_DATABASE_URL names a PostgreSQL database, but psycopg is not installed: "
            "pip install 'grognard[postgres]'"
        ) from e
    return psycopg


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def connect(url: str, *, autocommit: bool = True) -> Any:
    """A psycopg connection to `url`, or one clear `SaveError` saying why there is none."""
    psycopg = _psycopg()
    try:
        return psycopg.connect(url, autocommit=autocommit, connect_timeout=CONNECT_SECONDS)
    except psycopg.Error as e:
        raise SaveError(
            f"{shown_url(url)}: cannot reach the PostgreSQL server of the saved games ({_first_line(e)}); "
            "check that it runs and that GROGNARD_DATABASE_URL is right"
        ) from e
    except ValueError as e:  # a URL psycopg cannot parse
        raise SaveError(f"{shown_url(url)}: not a PostgreSQL URL: {_first_line(e)}") from e


class PgConnection:
    """A psycopg connection that takes `?` placeholders, as the store's SQL (and sqlite3) writes them."""

    dialect = "postgresql"

    def __init__(self, conn: Any) -> None:
        self.raw = conn
        self.errors: tuple[type[Exception], ...] = (_psycopg().Error,)

    @staticmethod
    def _sql(sql: str) -> str:
        return sql.replace("%", "%%").replace("?", "%s")

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Run one statement; returns the cursor."""
        if not params:
            return self.raw.execute(sql)
        return self.raw.execute(self._sql(sql), tuple(params))

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each row of parameters."""
        with self.raw.cursor() as cur:
            cur.executemany(self._sql(sql), rows)

    def close(self) -> None:
        """Close the connection."""
        self.raw.close()


class PostgresStore(SqlStore):
    """Saved games in a PostgreSQL database: the shared SQL, row locks, and a NOTIFY per change."""

    _begin_write = "BEGIN"
    _begin_read = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
    _lock_game = " FOR UPDATE"

    def __init__(self, url: str, migrations: Sequence[Migration] = MIGRATIONS) -> None:
        self.url = url
        self.path = shown_url(url)
        self._conn = PgConnection(connect(url))
        self._errors = self._conn.errors
        self._games = {}
        try:
            self.schema_version = migrate(self._conn, migrations)
        except self._errors as e:
            self._conn.close()
            raise self._error(e, "opening the saved games") from e
        except SaveError as e:
            self._conn.close()
            raise SaveError(f"{self.path}: {e}") from e

    def __enter__(self) -> PostgresStore:
        return self

    def _error(self, e: Exception, doing: str) -> SaveError:
        psycopg = _psycopg()
        if isinstance(e, psycopg.errors.UniqueViolation):
            return SaveError(f"another move was saved at this position first, so {doing} failed")
        if isinstance(e, psycopg.errors.DiskFull):
            return SaveError(
                f"{self.path}: the database server's disk is full, so {doing} failed and nothing of it "
                "was written"
            )
        if isinstance(e, psycopg.errors.InsufficientPrivilege):
            return SaveError(f"{self.path}: not allowed ({_first_line(e)}), so {doing} failed")
        if isinstance(e, psycopg.OperationalError):
            return SaveError(
                f"{self.path}: the connection to the PostgreSQL server was lost ({_first_line(e)}), so "
                f"{doing} failed; try again"
            )
        return SaveError(f"{self.path}: {doing} failed: {_first_line(e)}")

    def backup(self, dest: Path) -> None:
        """A PostgreSQL store is backed up by the server's tools, or copied whole into an SQLite file."""
        raise SaveError(
            f"{self.path}: back up a PostgreSQL store with pg_dump (see docs/deploy.md), or copy every "
            f"game into an SQLite file with `grognard games copy --to {dest}`"
        )

    def alive(self) -> bool:
        """Whether the connection is open and not broken (the server may have restarted)."""
        return not (self._conn.raw.closed or self._conn.raw.broken)

    def _changed(self, conn: Any, rowid: int) -> None:
        conn.execute("SELECT pg_notify(?, ?)", (CHANNEL, str(rowid)))

    def _after_given_id(self, conn: Any) -> None:
        conn.execute(
            "SELECT setval(pg_get_serial_sequence('games', 'id'), GREATEST((SELECT MAX(id) FROM games),"
            " (SELECT last_value FROM games_id_seq)))"
        )


def listen(url: str, heard: Callable[[str], None], stop: threading.Event, *, retry: float = 2.0) -> None:
    """Call `heard(game_id)` for every change announced on `CHANNEL` until `stop` is set; a lost
    connection is opened again after `retry` seconds (the live streams poll meanwhile)."""
    psycopg = _psycopg()
    while not stop.is_set():
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_SECONDS) as conn:
                conn.execute(f"LISTEN {CHANNEL}")
                while not stop.is_set():
                    for note in conn.notifies(timeout=1.0):
                        heard(note.payload)
        except psycopg.Error:
            time.sleep(retry)
