"""Kept records (`engine.store.records`), on SQLite and on PostgreSQL: one live record per key, archived ones
kept beside it, a one-time import done once, and `copy_store` taking them along with the games."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from grognard.engine.errors import SaveError
from grognard.engine.store import records
from grognard.engine.store.factory import SqliteStore, copy_store, open_url
from grognard.engine.store.records import KeptRecords, RecordExistsError
from grognard.engine.store.sql import SqlStore
from tests.stores import url_of
from tests.toys import played_duel


@pytest.fixture
def store(store_url: str) -> Iterator[SqlStore]:
    with open_url(store_url) as s:
        yield s


def test_put_get_archive_delete(store: SqlStore) -> None:
    notes = KeptRecords(store, "toy", "note")
    first = notes.put("a", {"n": 1}, new=True)
    assert (first.key, first.data, first.revision, first.archived) == ("a", {"n": 1}, 0, False)
    with pytest.raises(RecordExistsError):
        notes.put("a", {"n": 2}, new=True)
    assert notes.put("a", {"n": 2}, revision=0).revision == 1
    assert KeptRecords(store, "toy", "other").get("a") is None  # kinds do not mix
    archived = notes.archive("a")
    assert archived is not None and archived.archived and notes.get("a") is None
    notes.put("a", {"n": 3})
    assert [r.data for r in notes.all()] == [{"n": 3}]
    assert [r.data for r in notes.all(archived=True)] == [{"n": 2}]
    assert notes.delete("a") and not notes.delete("a")
    assert notes.archive("a") is None


def test_an_import_is_done_once_even_when_two_start_together(store: SqlStore) -> None:
    url = url_of(store)
    answers: list[list[str] | None] = []

    def importer() -> None:
        with open_url(url) as mine:
            rows = [(f"k{i}", {"i": i}, False) for i in range(20)]
            answers.append(KeptRecords(mine, "toy", "note").import_once("batch-1", rows, {"from": "test"}))

    threads = [threading.Thread(target=importer) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers, key=lambda a: a is None) == [[], None, None]
    assert len(KeptRecords(store, "toy", "note").all()) == 20
    assert [r.data for r in KeptRecords(store, "toy", "import").all()] == [{"from": "test"}]


def test_copy_store_takes_the_kept_records_along(store: SqlStore, tmp_path: Path) -> None:
    with SqliteStore(tmp_path / "source.sqlite3") as source:
        source.create(played_duel(3, 2), title="a duel")
        heroes = KeptRecords(source, "heroquest", "hero")
        heroes.put("zed", {"gold": 5})
        heroes.put("zed", {"gold": 6})
        heroes.archive("zed")
        heroes.put("zed", {"gold": 0})
        assert copy_store(source, store) == ["1"]
        copied = KeptRecords(store, "heroquest", "hero")
        assert [(r.data, r.revision) for r in copied.all()] == [({"gold": 0}, 0)]
        assert [(r.data, r.revision) for r in copied.all(archived=True)] == [({"gold": 6}, 2)]
        assert records.count(store) == 2
        store.delete("1")
        with pytest.raises(SaveError, match="already keeps records"):
            copy_store(source, store)


def test_recover_keeps_the_readable_records_of_a_damaged_store(tmp_path: Path) -> None:
    from grognard.engine.store.salvage import recover

    damaged = tmp_path / "games.sqlite3"
    with SqliteStore(damaged) as old:
        old.create(played_duel(2, 2), title="a duel")
        heroes = KeptRecords(old, "heroquest", "hero")
        heroes.put("ada", {"gold": 1})
        heroes.put("bo", {"gold": 2})
        heroes.archive("bo")
        heroes.put("cy", {"gold": 3})
    conn = sqlite3.connect(damaged)
    conn.execute("UPDATE kept_records SET data = '{broken' WHERE key = 'cy'")
    conn.commit()
    conn.close()
    report = recover(damaged, tmp_path / "new.sqlite3")
    assert [r.kept is not None and r.kept == r.stored for r in report] == [True]
    with SqliteStore(tmp_path / "new.sqlite3") as new:
        kept = KeptRecords(new, "heroquest", "hero")
        assert [(r.key, r.data) for r in kept.all()] == [("ada", {"gold": 1})]
        assert [(r.key, r.data) for r in kept.all(archived=True)] == [("bo", {"gold": 2})]
