"""What both backends of the saved-game store share: `SqlStore`, the SQL of every operation, and the
summary of a game a list shows.

A backend (`factory.SqliteStore`, `postgres.PostgresStore`) subclasses `SqlStore`; the factory that picks
one from a URL is `factory.open_url`. Keeping the shared SQL here, apart from the factory, means the
PostgreSQL backend and the factory do not import each other.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from grognard.engine import registry
from grognard.engine.embedded import PREFIX
from grognard.engine.errors import DamagedStoreError, GrognardError, RulesError, SaveError, StaleGameError
from grognard.engine.game import TERMINAL, Game, GameState, OptionValue
from grognard.engine.serial import canonical
from grognard.engine.session import MoveRecord, Session
from grognard.engine.store import content as store_content
from grognard.engine.store import savefile
from grognard.engine.store import seats as store_seats
from grognard.engine.store.migrations import GAME_SEALED, MOVE_SEALED, digest
from grognard.engine.store.savefile import (
    SEED_MAX,
    SEED_MIN,
    SavedGame,
    now,
    rolls_from_data,
    rolls_to_data,
    status_of,
)


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
    seats: tuple[str, ...] = ()

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
            "seats": list(self.seats),
        }


def parse_id(game_id: str) -> int:
    """The row number behind a game id ("12" or "#12"); anything else is a `SaveError`."""
    text = str(game_id).strip().removeprefix("#")
    if not text.isascii() or not text.isdigit() or len(text) > 18:
        raise SaveError(f"no saved game {game_id!r}: game ids are numbers (see `grognard games list`)")
    return int(text)


_SUMMARY_COLUMNS = "id, system, game, title, status, n_moves, seed, options, created, updated, seats"


def recover_hint(path: Path | str) -> str:
    """What to do with a damaged store: keep it, salvage its games into a new one."""
    return (
        f"keep this file, and run `grognard games recover NEW_FILE --from {path}` to copy every game that "
        "still replays into a new store"
    )


def damaged(path: Path | str, what: str) -> DamagedStoreError:
    """The refusal of a damaged store: what is damaged and how to recover."""
    return DamagedStoreError(f"{path}: the saved-game database is damaged ({what}); {recover_hint(path)}")


class SqlStore:
    """The saved games in an SQL database, one transaction per move: what both backends share.

    A backend opens `self._conn` (an autocommit connection with `execute(sql, params)` and `?`
    placeholders), sets `self.path` (what its errors name) and says how its transactions begin, how a
    write locks the game it changes, how a driver error reads, and whom to tell that a game changed.
    Every game read is checked against the number of moves its row says it has and its check values.
    """

    path: Path | str
    _conn: Any
    _games: dict[tuple[str, str], Game]
    _errors: tuple[type[Exception], ...] = (sqlite3.Error,)
    _begin_write = "BEGIN IMMEDIATE"
    _begin_read = "BEGIN"
    _lock_game = ""

    def _error(self, e: Exception, doing: str) -> SaveError:
        """One true line for a driver error met while `doing` something."""
        raise NotImplementedError

    def _changed(self, conn: Any, rowid: int) -> None:
        """Called inside each write transaction that changes game `rowid` (PostgreSQL tells the others)."""

    def _after_given_id(self, conn: Any) -> None:
        """Called after a game was stored under an id given rather than handed out."""

    def close(self) -> None:
        """Close the database connection."""
        self._conn.close()

    def __enter__(self) -> SqlStore:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def writing(self, doing: str) -> AbstractContextManager[Any]:
        """One write transaction on the store's connection (`execute(sql, params)`, `?` placeholders),
        for the engine's other tables (`engine.store.records`); a driver error becomes one `SaveError` line
        naming `doing`."""
        return self._write(doing)

    def changed(self, conn: Any, rowid: int) -> None:
        """Inside a write transaction (`writing`): announce that game `rowid` changed (its chat, who sits
        at it), as a move is announced, so the pages watching it in every server process look again."""
        self._changed(conn, rowid)

    def lock_game(self, conn: Any, rowid: int) -> None:
        """Inside a write transaction: lock game `rowid`'s row until it ends (`SaveError`: no such game)."""
        self._row(conn, str(rowid), lock=True)

    def reading(self) -> AbstractContextManager[Any]:
        """One read transaction on the store's connection: every query inside sees the same moment."""
        return self._read()

    def check(self) -> list[str]:
        """The database's own check of itself: empty when it is sound, else its findings."""
        return []

    def alive(self) -> bool:
        """Whether the connection can still be used (a server's connection may be lost)."""
        return True

    def backup(self, dest: Path) -> None:
        """Copy the whole store to the file `dest`."""
        raise SaveError(f"{self.path}: this store cannot be copied to a file by grognard")

    # Plumbing.

    def _end(self, sql: str) -> None:
        with suppress(*self._errors):  # the transaction is gone; the error that ended it is reported
            self._conn.execute(sql)

    @contextmanager
    def _write(self, doing: str = "saving") -> Iterator[Any]:
        try:
            self._conn.execute(self._begin_write)
        except self._errors as e:
            raise self._error(e, doing) from e
        except UnicodeDecodeError as e:
            self._end("ROLLBACK")
            raise damaged(self.path, f"text that is not UTF-8: {e.reason}") from e
        try:
            yield self._conn
            self._conn.execute("COMMIT")
        except self._errors as e:
            self._end("ROLLBACK")
            raise self._error(e, doing) from e
        except UnicodeDecodeError as e:
            self._end("ROLLBACK")
            raise damaged(self.path, f"text that is not UTF-8: {e.reason}") from e
        except BaseException:
            self._end("ROLLBACK")
            raise

    @contextmanager
    def _read(self) -> Iterator[Any]:
        """A read transaction: every query inside sees the same committed moment of the database (on
        PostgreSQL a repeatable-read snapshot, so a game row and its moves always agree)."""
        try:
            self._conn.execute(self._begin_read)
        except self._errors as e:
            raise self._error(e, "reading the saved games") from e
        try:
            yield self._conn
            self._conn.execute("COMMIT")
        except self._errors as e:
            self._end("ROLLBACK")
            raise self._error(e, "reading the saved games") from e
        except UnicodeDecodeError as e:
            self._end("ROLLBACK")
            raise damaged(self.path, f"text that is not UTF-8: {e.reason}") from e
        except BaseException:
            self._end("ROLLBACK")
            raise

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

    def _row(self, conn: Any, game_id: str, *, lock: bool = False) -> dict[str, Any]:
        """The game's row (with `lock`, locked against other writers until the transaction ends)."""
        rowid = parse_id(game_id)
        cur = conn.execute(
            f"SELECT {_SUMMARY_COLUMNS}, revision, digest, snapshot FROM games WHERE id = ?"
            + (self._lock_game if lock else ""),
            (rowid,),
        )
        found = cur.fetchone()
        if found is None:
            raise SaveError(f"no saved game {game_id!r} (see `grognard games list`)")
        row = dict(zip([d[0] for d in cur.description], found, strict=True))
        if row["digest"] is not None:
            sealed = [row[column] for column in GAME_SEALED.split(", ")]  # read by the same statement
            if digest(sealed) != row["digest"]:
                raise damaged(self.path, f"game {rowid}'s record does not match its check value")
        return row

    def _seal_game(self, conn: Any, rowid: int) -> None:
        sealed = conn.execute(f"SELECT {GAME_SEALED} FROM games WHERE id = ?", (rowid,)).fetchone()
        conn.execute("UPDATE games SET digest = ? WHERE id = ?", (digest(sealed), rowid))

    def _records(self, conn: Any, row: dict[str, Any], upto: int | None = None) -> list[MoveRecord]:
        """The game's moves (the first `upto`), checked against the number its row says it has."""
        rowid, stored = int(row["id"]), row["n_moves"]
        if not isinstance(stored, int) or stored < 0:
            raise damaged(self.path, f"game {rowid}'s count of moves reads {stored!r}")
        want = stored if upto is None else min(upto, stored)
        rows = conn.execute(
            f"SELECT {MOVE_SEALED}, digest FROM moves WHERE game_id = ? ORDER BY ply LIMIT ?",
            (rowid, want),
        ).fetchall()
        if len(rows) != want:
            raise damaged(self.path, f"game {rowid} should have {stored} moves but {len(rows)} can be read")
        out = []
        for expected, (game_id, ply, move, player, rolls, check) in enumerate(rows):
            if ply != expected:
                raise damaged(self.path, f"game {rowid}: move {expected + 1} is missing")
            if check is not None and digest((game_id, ply, move, player, rolls)) != check:
                raise damaged(self.path, f"game {rowid}: move {expected + 1} does not match its check value")
            out.append(self._record(rowid, expected, move, player, rolls))
        return out

    def _record(self, rowid: int, ply: int, move: Any, player: Any, rolls: Any) -> MoveRecord:
        where = f"game {rowid}, move {ply + 1}"
        try:
            record = MoveRecord(json.loads(move), player, rolls_from_data(json.loads(rolls), where))
        except (TypeError, ValueError, RecursionError, SaveError) as e:
            raise damaged(self.path, f"{where} cannot be read: {e}") from e
        if not savefile.is_move(record.move) or not (player is None or type(player) is int):
            raise damaged(self.path, f"{where} cannot be read: {move!r} by {player!r}")
        return record

    def _session(self, conn: Any, row: dict[str, Any], upto: int | None = None) -> Session:
        gid = str(row["id"])
        game = self._game(row["system"], row["game"], gid)
        try:
            options: dict[str, OptionValue] = json.loads(row["options"])
        except (TypeError, ValueError) as e:
            raise damaged(self.path, f"game {gid}'s options cannot be read: {e}") from e
        if not isinstance(options, dict):
            raise damaged(self.path, f"game {gid}'s options are not an object")
        savefile.check_content_refs(game, options, f"game {gid}", allow_files=True)
        moves = self._records(conn, row, upto)
        revision = int(row["revision"])
        return Session(row["system"], game, options, row["seed"], moves, None, gid, revision, len(moves))

    def _snapshot(self, conn: Any, row: dict[str, Any], session: Session | None) -> GameState:
        """The stored snapshot; one this version cannot read is rebuilt by replaying the moves."""
        game = self._game(row["system"], row["game"], str(row["id"]))
        try:
            return game.state_from_json(self._stored_state(conn, row["snapshot"]))
        except (GrognardError, ValueError, TypeError, KeyError, RecursionError):
            return (session or self._session(conn, row)).replay()

    def _stored_state(self, conn: Any, text: Any) -> Any:
        """A stored snapshot's JSON with the carried content it refers to put back (`store_content`)."""
        data = json.loads(text)
        if not store_content.refers(text):
            return data

        def body(sha: str) -> str | None:
            found = conn.execute("SELECT body FROM contents WHERE sha256 = ?", (sha,)).fetchone()
            return None if found is None else str(found[0])

        return store_content.carried_in(data, body)

    def _state_text(self, conn: Any, data: Any) -> tuple[str, list[str]]:
        """A state's JSON as the snapshot column holds it: each carried text kept once in `contents` and
        referred to (`store_content`); returns the text and the hashes it refers to."""
        text = canonical(data)
        if PREFIX not in text:
            return text, []
        data, kept = store_content.carried_out(data)
        for sha, body in kept.items():
            if conn.execute("SELECT 1 FROM contents WHERE sha256 = ?", (sha,)).fetchone() is None:
                conn.execute(  # another game may store the same text at the same moment
                    "INSERT INTO contents (sha256, body) VALUES (?, ?) ON CONFLICT (sha256) DO NOTHING",
                    (sha, body),
                )
        return canonical(data), sorted(kept)

    def _link_contents(self, conn: Any, rowid: int, hashes: Sequence[str]) -> None:
        for sha in hashes:
            conn.execute(
                "INSERT INTO game_contents (game_id, sha256) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (rowid, sha),
            )

    def _insert_moves(self, conn: Any, rowid: int, start: int, moves: Sequence[MoveRecord]) -> None:
        rows = []
        for i, m in enumerate(moves):
            sealed = (rowid, start + i, json.dumps(m.move), m.player, json.dumps(rolls_to_data(m.rolls)))
            rows.append((*sealed, digest(sealed)))
        conn.executemany(
            "INSERT INTO moves (game_id, ply, move, player, rolls, digest) VALUES (?, ?, ?, ?, ?, ?)", rows
        )

    def _set_state(self, conn: Any, rowid: int, game: Game, state: GameState, n: int) -> int:
        """Store the snapshot after `n` moves and raise the game's revision; returns the new revision."""
        text, hashes = self._state_text(conn, game.state_to_json(state))
        conn.execute(
            "UPDATE games SET n_moves = ?, snapshot = ?, status = ?, updated = ?, revision = revision + 1"
            " WHERE id = ?",
            (n, text, status_of(state), now(), rowid),
        )
        self._link_contents(conn, rowid, hashes)
        self._seal_game(conn, rowid)
        self._changed(conn, rowid)
        row = conn.execute("SELECT revision FROM games WHERE id = ?", (rowid,)).fetchone()
        return int(row[0])

    def _insert_game(
        self,
        conn: Any,
        saved: SavedGame,
        state_data: Any,
        status: str,
        rowid: int | None = None,
        seats: Sequence[str] = (),
    ) -> int:
        if not SEED_MIN <= saved.seed <= SEED_MAX:
            raise SaveError(f"seed {saved.seed} is outside the range of a 64-bit integer")
        title, marked = store_seats.split(saved.title)
        kinds = tuple(seats) or marked or ()
        if store_seats.parse(",".join(kinds)) is None and kinds:
            raise SaveError(f"seats {', '.join(kinds)}: each seat is human, bot or random")
        given = () if rowid is None else (rowid,)
        state_text, hashes = self._state_text(conn, state_data)
        key, mark = ("id, ", "?, ") if given else ("", "")
        cur = conn.execute(
            f"INSERT INTO games ({key}system, game, options, seed, title, status, n_moves, snapshot,"
            f" created, updated, seats) VALUES ({mark}?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (
                *given,
                saved.system,
                saved.game,
                json.dumps(saved.options, sort_keys=True),
                saved.seed,
                title,
                status,
                len(saved.moves),
                state_text,
                saved.created,
                saved.updated,
                ",".join(kinds),
            ),
        )
        new = int(cur.fetchone()[0])
        if given:
            self._after_given_id(conn)
        self._seal_game(conn, new)
        self._link_contents(conn, new, hashes)
        self._insert_moves(conn, new, 0, saved.moves)
        self._changed(conn, new)
        return new

    # The interface.

    def create(self, session: Session, title: str = "", seats: Sequence[str] = ()) -> str:
        """Store a new game (with who sits at its seats, "human" or "bot", when given) and the moves it
        has so far; returns its id and sets `session.game_id`."""
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
        with self._write("saving the new game") as conn:
            state_data = session.game.state_to_json(state)
            rowid = self._insert_game(conn, saved, state_data, saved.status, None, seats)
        session.game_id = str(rowid)
        session.revision, session.synced = 0, len(session.moves)
        return session.game_id

    def append(self, game_id: str, record: MoveRecord, *, ply: int | None = None) -> None:
        """Add one move in one transaction that also updates the snapshot and status.

        The move is applied to the stored state, so an illegal move (or one recorded for the wrong
        player) is refused with a `RulesError` and nothing is written. With `ply`, the move must be the
        game's move number `ply` (counting from 0), else a `SaveError`: the game moved on elsewhere.
        """
        with self._write("saving the move") as conn:
            row = self._row(conn, game_id, lock=True)
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
        with self._write("cutting the game back") as conn:
            row = self._row(conn, game_id, lock=True)
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
        session = savefile.verify(saved, f"game {row['id']}", allow_files=True)
        session.game_id = str(row["id"])
        session.revision, session.synced = int(row["revision"]), len(session.moves)
        return session

    def summaries(self) -> list[GameSummary]:
        """Every stored game, most recently updated first."""
        with self._read() as conn:
            cur = conn.execute(f"SELECT {_SUMMARY_COLUMNS} FROM games ORDER BY updated DESC, id DESC")
            return [_summary(r) for r in cur.fetchall()]

    def summary(self, game_id: str) -> GameSummary:
        """One stored game's summary."""
        with self._read() as conn:
            return _summary(tuple(self._row(conn, game_id).values())[:-3])

    def delete(self, game_id: str) -> None:
        """Remove a game and (through the foreign key) its moves."""
        with self._write("deleting the game") as conn:
            row = self._row(conn, game_id, lock=True)
            linked = conn.execute(
                "SELECT sha256 FROM game_contents WHERE game_id = ?", (row["id"],)
            ).fetchall()
            conn.execute("DELETE FROM games WHERE id = ?", (row["id"],))
            for (sha,) in linked:  # carried content no other game refers to goes with it
                conn.execute(
                    "DELETE FROM contents WHERE sha256 = ? AND NOT EXISTS"
                    " (SELECT 1 FROM game_contents WHERE sha256 = ?)",
                    (sha, sha),
                )
            self._changed(conn, row["id"])

    def marks(self, game_id: str) -> dict[str, str]:
        """The marks a table keeps beside its game (name to text; none: empty)."""
        with self._read() as conn:
            row = self._row(conn, game_id)
            cur = conn.execute("SELECT name, value FROM table_marks WHERE game_id = ?", (row["id"],))
            return {str(n): str(v) for n, v in cur.fetchall()}

    def marked(self, name: str, value: str) -> list[str]:
        """The ids of the games whose mark `name` is `value`."""
        with self._read() as conn:
            cur = conn.execute(
                "SELECT game_id FROM table_marks WHERE name = ? AND value = ? ORDER BY game_id", (name, value)
            )
            return [str(r[0]) for r in cur.fetchall()]

    def set_mark(self, game_id: str, name: str, value: str | None) -> None:
        """Set a table's mark `name` (None removes it); the game's revision is untouched."""
        with self._write("marking the table") as conn:
            row = self._row(conn, game_id, lock=True)
            conn.execute("DELETE FROM table_marks WHERE game_id = ? AND name = ?", (row["id"], name))
            if value is not None:
                conn.execute(
                    "INSERT INTO table_marks (game_id, name, value) VALUES (?, ?, ?)",
                    (row["id"], name, value),
                )
            self._changed(conn, row["id"])

    def export_game(self, game_id: str) -> SavedGame:
        """The full record of a game, for a saved-game file."""
        with self._read() as conn:
            return self._export(conn, self._row(conn, game_id))

    def _export(self, conn: Any, row: dict[str, Any]) -> SavedGame:
        return SavedGame(
            system=row["system"],
            game=row["game"],
            options=json.loads(row["options"]),
            seed=row["seed"],
            moves=tuple(self._records(conn, row)),
            snapshot=self._snapshot_data(conn, row),
            title=store_seats.mark(row["title"], _seats(row["seats"])),
            status=row["status"],
            created=row["created"],
            updated=row["updated"],
        )

    def _snapshot_data(self, conn: Any, row: dict[str, Any]) -> Any:
        try:
            return self._stored_state(conn, row["snapshot"])
        except (TypeError, ValueError, RecursionError) as e:
            raise damaged(self.path, f"game {row['id']}'s state cannot be read: {e}") from e

    def import_game(
        self,
        saved: SavedGame,
        source: str = "",
        *,
        dice: bool = False,
        allow_files: bool = False,
        game_id: str | None = None,
    ) -> str:
        """Check a saved game by replaying it, then store it as a new game in one transaction.

        A game that does not replay to its snapshot (or, with `dice`, whose dice the seed does not
        throw, or that names files without `allow_files`: `savefile.replay`) is refused with a
        `SaveError` and nothing is written. `game_id` keeps a given id (as `games recover` does); by
        default the game gets a new one.
        """
        session = savefile.verify(saved, source or "imported game", dice=dice, allow_files=allow_files)
        state = session.current
        snapshot = session.game.state_to_json(state)
        wanted = None if game_id is None else parse_id(game_id)
        with self._write("importing the game") as conn:
            if wanted is not None and conn.execute("SELECT 1 FROM games WHERE id = ?", (wanted,)).fetchone():
                raise SaveError(f"{self.path}: there is already a game {wanted}")
            rowid = self._insert_game(conn, saved, snapshot, status_of(state), wanted)
        return str(rowid)

    def save(self, session: Session, title: str = "") -> str:
        """Make the store hold the session's moves, in one transaction; returns the game id.

        A session with no id is created. A session the store handed out (by `load`, `create` or an
        earlier `save`) is saved only if nobody changed the game since (its `revision` is current): its
        new moves are appended, and moves it undid itself are cut. Any other session must extend the
        moves the store holds. Otherwise a `StaleGameError` tells the player to load the game again,
        and nothing is written: no move another session saved is ever dropped.
        """
        if session.game_id is None:
            return self.create(session, title)
        gid = session.game_id
        moves = list(session.moves)
        with self._write("saving the move") as conn:
            row = self._row(conn, gid, lock=True)
            ours = (session.system, session.game.info.id, session.seed)
            if (row["system"], row["game"], row["seed"]) != ours:
                raise SaveError(
                    f"game {gid} is another game ({row['system']}/{row['game']}, seed {row['seed']})"
                )
            stored, revision = int(row["n_moves"]), int(row["revision"])
            if session.revision is not None:
                if revision != session.revision:
                    raise _stale(gid, stored)
                keep = max(0, min(session.synced, stored, len(moves)))
            else:
                if len(moves) < stored or self._records(conn, row) != moves[:stored]:
                    raise _stale(gid, stored)
                keep = stored
            if keep == stored == len(moves):
                session.revision, session.synced = revision, keep
                return gid
            if keep < stored:
                conn.execute("DELETE FROM moves WHERE game_id = ? AND ply >= ?", (row["id"], keep))
            self._insert_moves(conn, row["id"], keep, moves[keep:])
            revision = self._set_state(conn, row["id"], session.game, session.current, len(moves))
        session.revision, session.synced = revision, len(moves)
        return gid

    def undo(self, game_id: str) -> int:
        """Drop moves back to the previous player decision, in one transaction; returns how many."""
        with self._write("undoing") as conn:
            row = self._row(conn, game_id, lock=True)
            session = self._session(conn, row)
            dropped = session.undo()
            if dropped:
                n = len(session.moves)
                conn.execute("DELETE FROM moves WHERE game_id = ? AND ply >= ?", (row["id"], n))
                self._set_state(conn, row["id"], session.game, session.current, n)
        return dropped


def _summary(row: Sequence[Any]) -> GameSummary:
    rowid, system, game, title, status, n, seed, options, created, updated, seats = row
    return GameSummary(
        str(rowid), system, game, title, status, n, seed, json.loads(options), created, updated, _seats(seats)
    )


def _seats(text: Any) -> tuple[str, ...]:
    return (store_seats.parse(text) or ()) if isinstance(text, str) else ()


def _stale(game_id: str, stored: int) -> StaleGameError:
    return StaleGameError(
        f"game {game_id} was changed elsewhere (another window, or `grognard games undo`) since this "
        f"session loaded it, and now holds {stored} moves; this session's last move was not saved: load "
        "the game again to continue from what is stored"
    )
