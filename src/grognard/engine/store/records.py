"""Kept records: what a system keeps in the store besides games (HeroQuest's heroes between quests).

The table `kept_records` (schema version 4, `engine.store.migrations`) holds JSON records keyed by
(system, kind, key), each with a revision raised on every change and an `archived` flag: an archived
record is kept but no longer counts as the live one for its key, so a key can be used again (a hero
who fell in a quest is archived and a new hero may take the name). At most one live record per key (a
unique index over the live ones); archived records may share a key. The engine knows nothing of what a
record means: the system names it and gives its data.

`KeptRecords(store, system, kind)` reads and writes one kind of record, each operation in its own
transaction of the store (`SqlStore.writing`), on either backend. `import_once` writes many records and
a marker in one transaction, so a one-time import (HeroQuest's hero files) happens once, even when two
processes start together.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from grognard.engine.errors import SaveError, StaleGameError
from grognard.engine.store.savefile import now
from grognard.engine.store.sql import SqlStore, damaged

_COLUMNS = "id, system, kind, key, data, archived, revision, updated"
_LIVE_CONFLICT = "ON CONFLICT (system, kind, key) WHERE archived = 0 DO NOTHING"


@dataclass(frozen=True)
class KeptRecord:
    """One kept record: its row number, its place (system, kind, key), its JSON data, whether it is
    archived, its revision (0 when written first, one more at each change) and when it last changed."""

    id: int
    system: str
    kind: str
    key: str
    data: Any
    archived: bool
    revision: int
    updated: str


class RecordExistsError(SaveError):
    """A new record refused because a live record already has its key."""


class KeptRecords:
    """The records of one kind that one system keeps in a store."""

    def __init__(self, store: SqlStore, system: str, kind: str) -> None:
        self.store = store
        self.system = system
        self.kind = kind

    def _record(self, row: Any) -> KeptRecord:
        rowid, system, kind, key, text, archived, revision, updated = row
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError) as e:
            raise damaged(self.store.path, f"kept record {system}/{kind}/{key} cannot be read: {e}") from e
        return KeptRecord(int(rowid), system, kind, key, data, bool(archived), int(revision), updated)

    def _live(self, conn: Any, key: str) -> KeptRecord | None:
        row = conn.execute(
            f"SELECT {_COLUMNS} FROM kept_records WHERE system = ? AND kind = ? AND key = ? AND archived = 0",
            (self.system, self.kind, key),
        ).fetchone()
        return None if row is None else self._record(row)

    def get(self, key: str) -> KeptRecord | None:
        """The live record under `key`, or None."""
        with self.store.reading() as conn:
            return self._live(conn, key)

    def all(self, *, archived: bool = False) -> list[KeptRecord]:
        """The live records (with `archived`, the archived ones instead), by key then age."""
        with self.store.reading() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM kept_records WHERE system = ? AND kind = ? AND archived = ?"
                " ORDER BY key, id",
                (self.system, self.kind, int(archived)),
            ).fetchall()
        return [self._record(r) for r in rows]

    def _insert(self, conn: Any, key: str, data: Any, archived: bool = False) -> KeptRecord | None:
        conflict = "" if archived else f" {_LIVE_CONFLICT}"
        row = conn.execute(
            "INSERT INTO kept_records (system, kind, key, data, archived, revision, updated)"
            f" VALUES (?, ?, ?, ?, ?, 0, ?){conflict} RETURNING {_COLUMNS}",
            (self.system, self.kind, key, json.dumps(data, sort_keys=True), int(archived), now()),
        ).fetchone()
        return None if row is None else self._record(row)

    def put(self, key: str, data: Any, *, new: bool = False, revision: int | None = None) -> KeptRecord:
        """Write `data` as the live record under `key`, in one transaction; the record as written.

        With `new`, a live record under that key is refused (`RecordExistsError`). With `revision`, the
        live record must still be at that revision (else a `StaleGameError`: changed elsewhere since).
        """
        with self.store.writing(f"keeping {self.kind} {key!r}") as conn:
            found = self._live(conn, key)
            if found is not None and new:
                raise RecordExistsError(f"there is already a {self.kind} {key!r}")
            if found is None:
                if revision is not None:
                    raise StaleGameError(f"{self.kind} {key!r} is no longer kept (removed elsewhere)")
                made = self._insert(conn, key, data)
                if made is None:
                    raise StaleGameError(f"{self.kind} {key!r} was written elsewhere just now; try again")
                return made
            if revision is not None and found.revision != revision:
                raise StaleGameError(
                    f"{self.kind} {key!r} was changed elsewhere (now revision {found.revision}, not "
                    f"{revision}); load it again"
                )
            row = conn.execute(
                "UPDATE kept_records SET data = ?, revision = revision + 1, updated = ?"
                f" WHERE id = ? AND revision = ? RETURNING {_COLUMNS}",
                (json.dumps(data, sort_keys=True), now(), found.id, found.revision),
            ).fetchone()
            if row is None:
                raise StaleGameError(f"{self.kind} {key!r} was changed elsewhere at the same time; try again")
            return self._record(row)

    def archive(self, key: str) -> KeptRecord | None:
        """Archive the live record under `key` (kept, no longer live); the record, or None if none."""
        with self.store.writing(f"archiving {self.kind} {key!r}") as conn:
            row = conn.execute(
                "UPDATE kept_records SET archived = 1, revision = revision + 1, updated = ?"
                f" WHERE system = ? AND kind = ? AND key = ? AND archived = 0 RETURNING {_COLUMNS}",
                (now(), self.system, self.kind, key),
            ).fetchone()
        return None if row is None else self._record(row)

    def delete(self, key: str) -> bool:
        """Remove the live record under `key`; False when there was none."""
        with self.store.writing(f"removing {self.kind} {key!r}") as conn:
            row = conn.execute(
                "DELETE FROM kept_records WHERE system = ? AND kind = ? AND key = ? AND archived = 0"
                " RETURNING id",
                (self.system, self.kind, key),
            ).fetchone()
        return row is not None

    def import_once(
        self, marker: str, records: Iterable[tuple[str, Any, bool]], note: Any = None
    ) -> list[str] | None:
        """Write `records` ((key, data, archived) each) and the marker record `marker` (kind "import",
        data `note`) in one transaction, unless that marker is already kept: then nothing is written and
        the answer is None. Otherwise the keys not written because a live record already had them."""
        marks = KeptRecords(self.store, self.system, "import")
        with self.store.writing(f"importing {self.kind} records") as conn:
            if marks._insert(conn, marker, note) is None:
                return None
            skipped = []
            for key, data, archived in records:
                if self._insert(conn, key, data, archived) is None:
                    skipped.append(key)
            return skipped


def count(store: SqlStore) -> int:
    """How many kept records (of every system and kind, archived ones too) the store holds."""
    with store.reading() as conn:
        row = conn.execute("SELECT COUNT(*) FROM kept_records").fetchone()
    return int(row[0])


def copy_all(source: SqlStore, target: SqlStore) -> int:
    """Copy every kept record of `source` (archived ones too, with their revisions) into `target`, in
    one transaction; returns how many. A live key `target` already holds is refused (`RecordExistsError`)
    and nothing is copied."""
    with source.reading() as conn:
        rows = conn.execute(f"SELECT {ROW_COLUMNS} FROM kept_records ORDER BY id").fetchall()
    return insert_rows(target, rows)


ROW_COLUMNS = "system, kind, key, data, archived, revision, updated"
"""The columns of a kept record as `insert_rows` takes them (in this order)."""


def insert_rows(target: SqlStore, rows: Sequence[Sequence[Any]]) -> int:
    """Write kept records read from another store (`ROW_COLUMNS` each) into `target`, in one transaction;
    returns how many. A live key `target` already holds is refused (`RecordExistsError`) and nothing is
    written."""
    with target.writing("copying the kept records") as conn:
        for system, kind, key, data, archived, revision, updated in rows:
            conflict = "" if archived else f" {_LIVE_CONFLICT}"
            made = conn.execute(
                f"INSERT INTO kept_records ({ROW_COLUMNS})"
                f" VALUES (?, ?, ?, ?, ?, ?, ?){conflict} RETURNING id",
                (system, kind, key, data, int(archived), int(revision), updated),
            ).fetchone()
            if made is None:
                raise RecordExistsError(f"{target.path} already keeps {system} {kind} {key!r}")
    return len(rows)
