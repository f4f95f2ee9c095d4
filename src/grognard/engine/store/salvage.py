"""Salvaging a damaged saved-game database: every game that still replays, copied into a new store.

`recover(damaged, new)` opens the damaged file read-only (it is never written), reads what it can of each
game (a game row that cannot be read is skipped; moves are read one by one when the whole list cannot
be), keeps the longest run of moves from the start that replays legally with the dice its seed throws,
and stores each such game under its old id in a new store at `new`, written beside it and renamed into
place when done. The report says, game by game, what was kept and what was lost. The kept records
(`engine.store.records`: HeroQuest's roster) whose data can still be read are copied too, and so are the
people (`engine.store.people`: the players' profiles, and the seats, chat and table marks of each game
kept) as far as they can still be read.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from grognard.engine import registry
from grognard.engine.errors import GrognardError, SaveError
from grognard.engine.game import CHANCE, TERMINAL, GameState
from grognard.engine.session import MoveRecord
from grognard.engine.store import records
from grognard.engine.store.factory import SqliteStore
from grognard.engine.store.migrations import MOVE_SEALED, digest
from grognard.engine.store.people import read_people, write_people
from grognard.engine.store.savefile import (
    SavedGame,
    check_dice,
    check_faces,
    check_options,
    is_move,
    rolls_from_data,
    status_of,
)
from grognard.i18n import gettext as _

MAX_PROBE = 100_000
"""The most game ids tried one by one when the list of games itself cannot be read."""


@dataclass(frozen=True)
class Salvaged:
    """What became of one game: its id, how many moves it had and how many were kept (None: lost)."""

    id: str
    label: str
    stored: int
    kept: int | None
    reason: str = ""

    def line(self) -> str:
        """One line for the report."""
        said = {
            "id": self.id,
            "label": self.label,
            "kept": self.kept,
            "stored": self.stored,
            "reason": self.reason,
        }
        if self.kept is None:
            return _("game %(id)s (%(label)s): lost: %(reason)s") % said
        if self.kept == self.stored:
            if self.reason:
                return _("game %(id)s (%(label)s): all %(stored)s moves kept (%(reason)s)") % said
            return _("game %(id)s (%(label)s): all %(stored)s moves kept") % said
        if self.reason:
            return _("game %(id)s (%(label)s): %(kept)s of %(stored)s moves kept (%(reason)s)") % said
        return _("game %(id)s (%(label)s): %(kept)s of %(stored)s moves kept") % said


def _open_read_only(path: Path) -> sqlite3.Connection:
    if not path.is_file():
        raise SaveError(_("%(path)s: no such saved-game database") % {"path": path})
    try:
        return sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True, isolation_level=None)
    except sqlite3.Error as e:
        raise SaveError(
            _("%(path)s: cannot open the saved-game database: %(reason)s") % {"path": path, "reason": e}
        ) from e


def _game_ids(conn: sqlite3.Connection) -> list[int]:
    try:
        return [int(r[0]) for r in conn.execute("SELECT id FROM games ORDER BY id").fetchall()]
    except sqlite3.Error:
        pass
    try:
        row = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'games'").fetchone()
        top = min(int(row[0]), MAX_PROBE) if row else MAX_PROBE
    except sqlite3.Error:
        top = MAX_PROBE
    found = []
    for rowid in range(1, top + 1):
        try:
            if conn.execute("SELECT 1 FROM games WHERE id = ?", (rowid,)).fetchone():
                found.append(rowid)
        except sqlite3.Error:
            continue
    return found


def _moves(conn: sqlite3.Connection, rowid: int, stored: int) -> Iterator[tuple[object, object, object]]:
    """The game's moves in order, up to the first that is missing or does not match its digest."""
    query = f"SELECT {MOVE_SEALED}, digest FROM moves WHERE game_id = ?"
    try:
        rows = conn.execute(f"{query} ORDER BY ply", (rowid,)).fetchall()
    except sqlite3.Error:
        rows = []
        for ply in range(stored):
            try:
                one = conn.execute(f"{query} AND ply = ?", (rowid, ply)).fetchone()
            except sqlite3.Error:
                break
            if one is None:
                break
            rows.append(one)
    for expected, (game_id, ply, move, player, rolls, check) in enumerate(rows):
        if ply != expected or (check is not None and digest((game_id, ply, move, player, rolls)) != check):
            return
        yield move, player, rolls


def _salvage_game(conn: sqlite3.Connection, rowid: int) -> tuple[Salvaged, SavedGame | None]:
    try:
        row = conn.execute(
            "SELECT system, game, options, seed, title, n_moves, created, updated FROM games WHERE id = ?",
            (rowid,),
        ).fetchone()
    except sqlite3.Error as e:
        return Salvaged(
            str(rowid), "?", 0, None, _("its row cannot be read (%(reason)s)") % {"reason": e}
        ), None
    system, game_id, options_text, seed, title, stored, created, updated = row
    label = f"{title or f'{system}/{game_id}'}"
    stored = stored if isinstance(stored, int) else 0
    try:
        game = registry.get_game(str(system), str(game_id))
        options = check_options(game, json.loads(options_text), _("game %(id)s") % {"id": rowid})
        state: GameState = game.new_initial_state(options)
    except (GrognardError, ValueError, TypeError) as e:
        return Salvaged(str(rowid), label, stored, None, str(e)), None
    kept: list[MoveRecord] = []
    reason = ""
    for ply, (move_text, player, rolls_text) in enumerate(_moves(conn, rowid, stored)):
        where = _("move %(number)s") % {"number": ply + 1}
        try:
            move = json.loads(str(move_text))
            if not is_move(move) or not (player is None or type(player) is int):
                raise SaveError(_("%(where)s cannot be read") % {"where": where})
            record = MoveRecord(move, player, rolls_from_data(json.loads(str(rolls_text)), where))
            actor = state.actor()
            if actor is TERMINAL or record.player != (actor if isinstance(actor, int) else None):
                raise SaveError(_("%(where)s is recorded for the wrong player") % {"where": where})
            check_faces(record, where)
            if actor is CHANCE:
                check_dice(state, int(seed), ply, record, where)
            state = state.apply(move)
        except (GrognardError, ValueError, TypeError, RecursionError) as e:
            reason = _("from %(where)s on the moves are damaged: %(reason)s") % {"where": where, "reason": e}
            break
        kept.append(record)
    if len(kept) < stored and not reason:
        reason = _("moves %(first)s to %(last)s are missing or damaged") % {
            "first": len(kept) + 1,
            "last": stored,
        }
    saved = SavedGame(
        system=str(system),
        game=str(game_id),
        options=options,
        seed=int(seed),
        moves=tuple(kept),
        snapshot=game.state_to_json(state),
        title=str(title),
        status=status_of(state),
        created=str(created),
        updated=str(updated),
    )
    return Salvaged(str(rowid), label, stored, len(kept), reason), saved


def _kept_records(conn: sqlite3.Connection) -> list[tuple[object, ...]]:
    """The kept records (HeroQuest's heroes) that can still be read, each with JSON data; none when the
    table is missing (a store older than schema version 4) or cannot be read at all."""
    try:
        rows = conn.execute(f"SELECT {records.ROW_COLUMNS} FROM kept_records ORDER BY id").fetchall()
    except (sqlite3.Error, UnicodeDecodeError):
        return []
    sound = []
    live: set[tuple[object, ...]] = set()
    for row in rows:
        try:
            json.loads(row[3])
        except (TypeError, ValueError, RecursionError):
            continue
        texts = all(isinstance(v, str) for v in (row[0], row[1], row[2], row[6]))
        if not texts or row[4] not in (0, 1) or type(row[5]) is not int:
            continue
        if row[4] == 0:
            if row[:3] in live:  # one live record per key, the first kept
                continue
            live.add(row[:3])
        sound.append(tuple(row))
    return sound


def recover(damaged: Path, new: Path) -> list[Salvaged]:
    """Copy every game of the store at `damaged` that still replays (its longest sound start) into a new
    store at `new`, keeping game ids; returns what became of each game. `damaged` is only read; `new`
    must not exist, and appears only once complete."""
    if new.exists():
        raise SaveError(_("%(path)s already exists; give the name of a new file") % {"path": new})
    part = new.with_name(f".{new.name}.part-{os.getpid()}")
    report: list[Salvaged] = []
    conn = _open_read_only(damaged)
    try:
        part.unlink(missing_ok=True)
        with SqliteStore(part) as target:
            for rowid in _game_ids(conn):
                outcome, saved = _salvage_game(conn, rowid)
                if saved is not None:
                    try:
                        target.import_game(saved, f"game {rowid}", allow_files=True, game_id=str(rowid))
                    except GrognardError as e:
                        outcome = Salvaged(outcome.id, outcome.label, outcome.stored, None, str(e))
                report.append(outcome)
            records.insert_rows(target, _kept_records(conn))
            kept = [r.id for r in report if r.kept is not None]
            write_people(target, read_people(conn, damaged=True), kept)
        os.replace(part, new)
    except OSError as e:
        raise SaveError(
            _("%(path)s: cannot write the new store: %(reason)s") % {"path": new, "reason": e.strerror or e}
        ) from e
    finally:
        conn.close()
        for leftover in (part, part.with_name(part.name + "-wal"), part.with_name(part.name + "-shm")):
            leftover.unlink(missing_ok=True)
    return report
