"""Where saved games are kept: a small `GameStore` interface and its SQLite implementation.

A game is stored as its system, game, options and seed, the ordered moves, and a snapshot of the state
the moves lead to (a cache: the moves are the truth). Each move is appended in one transaction that also
updates the snapshot, so a crash loses at most the move being written. Game ids are the decimal numbers
of an SQLite AUTOINCREMENT key, handed out as strings ("1", "2", ...) and never reused after a delete.

The default store is one SQLite file, `games.sqlite3`, in `$GROGNARD_HOME` (by default the user data
directory), in WAL mode with foreign keys on and a versioned schema (`engine.migrations`). A server
database can replace it by implementing `GameStore`.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, Protocol

import platformdirs

from grognard.engine import registry, savefile
from grognard.engine.errors import GrognardError, RulesError, SaveError
from grognard.engine.game import TERMINAL, Game, GameState, OptionValue
from grognard.engine.migrations import MIGRATIONS, Migration, migrate
from grognard.engine.savefile import (
    SEED_MAX,
    SEED_MIN,
    SavedGame,
    now,
    rolls_from_data,
    rolls_to_data,
    status_of,
)
from grognard.engine.serial import canonical
from grognard.engine.session import MoveRecord, Session

STORE_FILE = "games.sqlite3"
"""The name of the SQLite file inside the grognard home directory."""


def grognard_home() -> Path:
    """`$GROGNARD_HOME` if set, else the user data directory for grognard."""
    env = os.environ.get("GROGNARD_HOME")
    return Path(env) if env else Path(platformdirs.user_data_dir("grognard"))


@dataclass(frozen=True)
class GameSummary:
    """What a list of saved games shows of each, without replaying anything."""

    id: str
    system: str
    game: str
    title: str
    status: str
    moves: int
    seed: int
    options: dict[str, OptionValue] = field(default_factory=dict)
    created: str = ""
    updated: str = ""

    @property
    def label(self) -> str:
        """The title, or `system/game` for an untitled game."""
        return self.title or f"{self.system}/{self.game}"

    def to_data(self) -> dict[str, Any]:
        """The summary as JSON-safe data."""
        return {
            "id": self.id,
            "title": self.title,
            "system": self.system,
            "game": self.game,
            "status": self.status,
            "moves": self.moves,
            "seed": self.seed,
            "options": dict(self.options),
            "created": self.created,
            "updated": self.updated,
        }


class GameStore(Protocol):
    """The operations every store of saved games offers."""

    def create(self, session: Session, title: str = "") -> str:
        """Store a new game with the moves it has so far; returns its id and sets `session.game_id`."""

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

    def import_game(self, saved: SavedGame, source: str = "") -> str:
        """Check a saved game by replaying it and store it as a new game; returns the new id."""

    def save(self, session: Session, title: str = "") -> str:
        """Make the store hold exactly the session's moves (create, append, or cut back); returns the id."""

    def undo(self, game_id: str) -> int:
        """Drop moves back to the previous player decision; returns how many were dropped."""


def parse_id(game_id: str) -> int:
    """The row number behind a game id ("12" or "#12"); anything else is a `SaveError`."""
    text = str(game_id).strip().removeprefix("#")
    if not text.isascii() or not text.isdigit() or len(text) > 18:
        raise SaveError(f"no saved game {game_id!r}: game ids are numbers (see `grognard games list`)")
    return int(text)


_SUMMARY_COLUMNS = "id, system, game, title, status, n_moves, seed, options, created, updated"


class SqliteStore:
    """Saved games in one SQLite file: WAL mode, foreign keys, one transaction per move."""

    def __init__(self, path: Path, migrations: Sequence[Migration] = MIGRATIONS) -> None:
        self.path = path
        try:
            self._conn = sqlite3.connect(path, isolation_level=None, timeout=10.0)
        except sqlite3.Error as e:
            raise SaveError(f"{path}: cannot open the saved-game database: {e}") from e
        try:
            self._conn.execute("PRAGMA journal_mode = WAL")
            self._conn.execute("PRAGMA foreign_keys = ON")
            self._conn.execute("PRAGMA synchronous = FULL")
            self.schema_version = migrate(self._conn, migrations)
        except sqlite3.DatabaseError as e:
            self._conn.close()
            raise SaveError(f"{path}: not a grognard saved-game database ({e})") from e
        except SaveError as e:
            self._conn.close()
            raise SaveError(f"{path}: {e}") from e
        self._games: dict[tuple[str, str], Game] = {}

    def close(self) -> None:
        """Close the database connection."""
        self._conn.close()

    def __enter__(self) -> SqliteStore:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # Plumbing.

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        try:
            self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            raise SaveError(f"{self.path}: cannot write: {e}") from e
        try:
            yield self._conn
        except sqlite3.Error as e:
            self._conn.execute("ROLLBACK")
            raise SaveError(f"{self.path}: {e}") from e
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise
        self._conn.execute("COMMIT")

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """A read transaction: every query inside sees the same committed moment of the database."""
        try:
            self._conn.execute("BEGIN")
        except sqlite3.Error as e:
            raise SaveError(f"{self.path}: cannot read: {e}") from e
        try:
            yield self._conn
        except sqlite3.Error as e:
            raise SaveError(f"{self.path}: {e}") from e
        finally:
            self._conn.execute("COMMIT")

    def _game(self, system: str, game_id: str, gid: str) -> Game:
        key = (system, game_id)
        if key not in self._games:
            try:
                self._games[key] = registry.get_game(system, game_id)
            except GrognardError as e:
                raise SaveError(
                    f"game {gid} is a {system}/{game_id} game, which cannot be played here: {e}"
                ) from e
        return self._games[key]

    def _row(self, conn: sqlite3.Connection, game_id: str) -> sqlite3.Row:
        rowid = parse_id(game_id)
        cur = conn.execute(f"SELECT {_SUMMARY_COLUMNS}, snapshot FROM games WHERE id = ?", (rowid,))
        cur.row_factory = sqlite3.Row
        row: sqlite3.Row | None = cur.fetchone()
        if row is None:
            raise SaveError(f"no saved game {game_id!r} (see `grognard games list`)")
        return row

    def _records(self, conn: sqlite3.Connection, rowid: int, upto: int | None = None) -> list[MoveRecord]:
        limit = -1 if upto is None else upto
        rows = conn.execute(
            "SELECT ply, move, player, rolls FROM moves WHERE game_id = ? ORDER BY ply LIMIT ?",
            (rowid, limit),
        ).fetchall()
        out = []
        for expected, (ply, move, player, rolls) in enumerate(rows):
            if ply != expected:
                raise SaveError(f"game {rowid}: move {expected + 1} is missing from the database")
            out.append(_record(rowid, move, player, rolls))
        return out

    def _session(self, conn: sqlite3.Connection, row: sqlite3.Row, upto: int | None = None) -> Session:
        gid = str(row["id"])
        game = self._game(row["system"], row["game"], gid)
        options: dict[str, OptionValue] = json.loads(row["options"])
        moves = self._records(conn, row["id"], upto)
        return Session(row["system"], game, options, row["seed"], moves, None, gid)

    def _snapshot(self, conn: sqlite3.Connection, row: sqlite3.Row, session: Session | None) -> GameState:
        """The stored snapshot; one this version cannot read is rebuilt by replaying the moves."""
        game = self._game(row["system"], row["game"], str(row["id"]))
        try:
            return game.state_from_json(json.loads(row["snapshot"]))
        except (GrognardError, ValueError, TypeError, KeyError):
            return (session or self._session(conn, row)).replay()

    def _insert_moves(
        self, conn: sqlite3.Connection, rowid: int, start: int, moves: Sequence[MoveRecord]
    ) -> None:
        conn.executemany(
            "INSERT INTO moves (game_id, ply, move, player, rolls) VALUES (?, ?, ?, ?, ?)",
            [
                (rowid, start + i, json.dumps(m.move), m.player, json.dumps(rolls_to_data(m.rolls)))
                for i, m in enumerate(moves)
            ],
        )

    def _set_state(self, conn: sqlite3.Connection, rowid: int, game: Game, state: GameState, n: int) -> None:
        conn.execute(
            "UPDATE games SET n_moves = ?, snapshot = ?, status = ?, updated = ? WHERE id = ?",
            (n, canonical(game.state_to_json(state)), status_of(state), now(), rowid),
        )

    def _insert_game(self, conn: sqlite3.Connection, saved: SavedGame, state_json: str, status: str) -> int:
        if not SEED_MIN <= saved.seed <= SEED_MAX:
            raise SaveError(f"seed {saved.seed} is outside the range of a 64-bit integer")
        cur = conn.execute(
            "INSERT INTO games (system, game, options, seed, title, status, n_moves, snapshot,"
            " created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                saved.system,
                saved.game,
                json.dumps(saved.options, sort_keys=True),
                saved.seed,
                saved.title,
                status,
                len(saved.moves),
                state_json,
                saved.created,
                saved.updated,
            ),
        )
        rowid = cur.lastrowid
        assert rowid is not None
        self._insert_moves(conn, rowid, 0, saved.moves)
        return rowid

    # The interface.

    def create(self, session: Session, title: str = "") -> str:
        """Store a new game with the moves it has so far; returns its id and sets `session.game_id`."""
        state = session.current
        stamp = now()
        saved = SavedGame(
            session.system,
            session.game.info.id,
            dict(session.options),
            session.seed,
            tuple(session.moves),
            None,
            title,
            status_of(state),
            stamp,
            stamp,
        )
        with self._write() as conn:
            rowid = self._insert_game(conn, saved, canonical(session.game.state_to_json(state)), saved.status)
        session.game_id = str(rowid)
        return session.game_id

    def append(self, game_id: str, record: MoveRecord, *, ply: int | None = None) -> None:
        """Add one move in one transaction that also updates the snapshot and status.

        The move is applied to the stored state, so an illegal move (or one recorded for the wrong
        player) is refused with a `RulesError` and nothing is written. With `ply`, the move must be the
        game's move number `ply` (counting from 0), else a `SaveError`: the game moved on elsewhere.
        """
        with self._write() as conn:
            row = self._row(conn, game_id)
            n = int(row["n_moves"])
            if ply is not None and ply != n:
                raise SaveError(f"game {game_id} has {n} moves stored, so move {ply + 1} cannot be added")
            game = self._game(row["system"], row["game"], str(row["id"]))
            state = self._snapshot(conn, row, None)
            actor = state.actor()
            expected = actor if isinstance(actor, int) else None
            if actor is not TERMINAL and record.player != expected:
                raise RulesError(record.move, state, f"the move is recorded for player {record.player}")
            nxt = state.apply(record.move)
            self._insert_moves(conn, row["id"], n, [record])
            self._set_state(conn, row["id"], game, nxt, n + 1)

    def truncate(self, game_id: str, n_moves: int) -> None:
        """Keep only the first `n_moves` moves and recompute the snapshot, in one transaction."""
        with self._write() as conn:
            row = self._row(conn, game_id)
            if not 0 <= n_moves <= row["n_moves"]:
                raise SaveError(f"game {game_id} has {row['n_moves']} moves; cannot keep {n_moves}")
            session = self._session(conn, row, n_moves)
            conn.execute("DELETE FROM moves WHERE game_id = ? AND ply >= ?", (row["id"], n_moves))
            self._set_state(conn, row["id"], session.game, session.replay(), n_moves)

    def load(self, game_id: str, *, verify: bool = False) -> Session:
        """The game as a session with its snapshot as the current state.

        With `verify`, the moves are replayed from the seed and the game is refused with a `SaveError` if
        any move is illegal or the replay does not end on the snapshot.
        """
        with self._read() as conn:
            row = self._row(conn, game_id)
            if verify:
                saved = self._export(conn, row)
            else:
                session = self._session(conn, row)
                session.state = self._snapshot(conn, row, session)
                return session
        session = savefile.verify(saved, f"game {row['id']}")
        session.game_id = str(row["id"])
        return session

    def summaries(self) -> list[GameSummary]:
        """Every stored game, most recently updated first."""
        with self._read() as conn:
            cur = conn.execute(f"SELECT {_SUMMARY_COLUMNS} FROM games ORDER BY updated DESC, id DESC")
            return [_summary(r) for r in cur.fetchall()]

    def summary(self, game_id: str) -> GameSummary:
        """One stored game's summary."""
        with self._read() as conn:
            return _summary(tuple(self._row(conn, game_id))[:-1])

    def delete(self, game_id: str) -> None:
        """Remove a game and (through the foreign key) its moves."""
        with self._write() as conn:
            row = self._row(conn, game_id)
            conn.execute("DELETE FROM games WHERE id = ?", (row["id"],))

    def export_game(self, game_id: str) -> SavedGame:
        """The full record of a game, for a saved-game file."""
        with self._read() as conn:
            return self._export(conn, self._row(conn, game_id))

    def _export(self, conn: sqlite3.Connection, row: sqlite3.Row) -> SavedGame:
        return SavedGame(
            system=row["system"],
            game=row["game"],
            options=json.loads(row["options"]),
            seed=row["seed"],
            moves=tuple(self._records(conn, row["id"])),
            snapshot=json.loads(row["snapshot"]),
            title=row["title"],
            status=row["status"],
            created=row["created"],
            updated=row["updated"],
        )

    def import_game(self, saved: SavedGame, source: str = "") -> str:
        """Check a saved game by replaying it, then store it as a new game in one transaction.

        A game that does not replay to its snapshot is refused with a `SaveError` and nothing is written.
        """
        session = savefile.verify(saved, source or "imported game")
        state = session.current
        snapshot = canonical(session.game.state_to_json(state))
        with self._write() as conn:
            rowid = self._insert_game(conn, saved, snapshot, status_of(state))
        return str(rowid)

    def save(self, session: Session, title: str = "") -> str:
        """Make the store hold exactly the session's moves; returns the game id.

        A session with no id is created. Otherwise moves the store has beyond the longest common prefix
        are cut (the session was undone in memory) and the session's further moves are appended one
        transaction each.
        """
        if session.game_id is None:
            return self.create(session, title)
        gid = session.game_id
        summary = self.summary(gid)
        ours = (session.system, session.game.info.id, session.seed)
        if (summary.system, summary.game, summary.seed) != ours:
            raise SaveError(
                f"game {gid} is another game ({summary.system}/{summary.game}, seed {summary.seed})"
            )
        stored = summary.moves
        common = self._common_prefix(gid, session.moves, stored)
        if common < stored:
            self.truncate(gid, common)
        for ply in range(common, len(session.moves)):
            self.append(gid, session.moves[ply], ply=ply)
        return gid

    def _common_prefix(self, game_id: str, moves: Sequence[MoveRecord], stored: int) -> int:
        rowid = parse_id(game_id)
        if stored == 0:
            return 0
        with self._read() as conn:
            if stored <= len(moves) and self._record_at(conn, rowid, stored - 1) == moves[stored - 1]:
                return stored
            have = self._records(conn, rowid)
        common = 0
        while common < min(len(have), len(moves)) and have[common] == moves[common]:
            common += 1
        return common

    def _record_at(self, conn: sqlite3.Connection, rowid: int, ply: int) -> MoveRecord | None:
        row = conn.execute(
            "SELECT move, player, rolls FROM moves WHERE game_id = ? AND ply = ?", (rowid, ply)
        ).fetchone()
        return None if row is None else _record(rowid, *row)

    def undo(self, game_id: str) -> int:
        """Drop moves back to the previous player decision, in one transaction; returns how many."""
        with self._write() as conn:
            row = self._row(conn, game_id)
            session = self._session(conn, row)
            dropped = session.undo()
            if dropped:
                n = len(session.moves)
                conn.execute("DELETE FROM moves WHERE game_id = ? AND ply >= ?", (row["id"], n))
                self._set_state(conn, row["id"], session.game, session.current, n)
        return dropped


def _summary(row: Sequence[Any]) -> GameSummary:
    rowid, system, game, title, status, n, seed, options, created, updated = row
    return GameSummary(
        str(rowid), system, game, title, status, n, seed, json.loads(options), created, updated
    )


def _record(rowid: int, move: str, player: int | None, rolls: str) -> MoveRecord:
    return MoveRecord(json.loads(move), player, rolls_from_data(json.loads(rolls), f"game {rowid}"))


def open_store(home: Path | None = None) -> SqliteStore:
    """The default store: `games.sqlite3` in `home` (by default `grognard_home()`), created if needed."""
    where = home if home is not None else grognard_home()
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SaveError(f"{where}: cannot create the grognard home directory: {e.strerror or e}") from e
    return SqliteStore(where / STORE_FILE)
