"""Schema version 6 (kept records and carried content since 4, table marks since 5, players, seats
and chat since 6) reached from databases at versions 1 to 5, on SQLite and on PostgreSQL: every game
still loads and replays, its next move is saved, and the new tables work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grognard.engine import registry
from grognard.engine.serial import canonical
from grognard.engine.session import Session
from grognard.engine.store.content import REF_PREFIX
from grognard.engine.store.factory import SqliteStore
from grognard.engine.store.migrations import MIGRATIONS, SCHEMA_VERSION, Migration
from grognard.engine.store.people import People, Player
from grognard.engine.store.records import KeptRecords
from grognard.engine.store.savefile import rolls_to_data
from grognard.engine.store.sql import SqlStore
from grognard.systems.fighting_fantasy.books import BOOKS
from tests.stores import raw
from tests.toys import played_duel


def _opened(store_url: str, migrations: tuple[Migration, ...]) -> SqlStore:
    if store_url.startswith("postgresql://"):
        from grognard.engine.store.postgres import PostgresStore

        return PostgresStore(store_url, migrations)
    return SqliteStore(Path(store_url), migrations)


def _insert_old(store: SqlStore, version: int, session: Session) -> int:
    """Write `session` as a game row and its moves with the columns of schema `version` (no check values:
    a row from before version 2, or one whose digest was never written, is read unchecked)."""
    columns = ["system", "game", "options", "seed", "title", "status", "n_moves", "snapshot"]
    columns += ["created", "updated"]
    values: list[object] = [
        session.system,
        session.game.info.id,
        json.dumps(dict(session.options), sort_keys=True),
        session.seed,
        f"v{version} game",
        "over" if session.is_over() else "in play",
        len(session.moves),
        canonical(session.game.state_to_json(session.current)),
        "2026-01-01T00:00:00+00:00",
        "2026-01-01T00:00:00+00:00",
    ]
    if version >= 3:
        columns.append("seats")
        values.append("human,bot")
    marks = ", ".join("?" for _ in columns)
    made = raw(store, f"INSERT INTO games ({', '.join(columns)}) VALUES ({marks}) RETURNING id", *values)
    rowid = int(str(made[0][0]))
    for ply, m in enumerate(session.moves):
        raw(
            store,
            "INSERT INTO moves (game_id, ply, move, player, rolls) VALUES (?, ?, ?, ?, ?)",
            rowid,
            ply,
            json.dumps(m.move),
            m.player,
            json.dumps(rolls_to_data(m.rolls)),
        )
    return rowid


def _book_game(tmp_path: Path) -> Session:
    book = tmp_path / "old-book.toml"
    book.write_bytes(BOOKS.all()["sample"].read_bytes())
    game = registry.get_game("fighting-fantasy", "gamebook")
    session = Session.new("fighting-fantasy", game, {"book": str(book), "hero": "10/20/9"}, 9)
    for _ in range(3):
        session.advance()
        session.play(session.current.legal_actions()[0])
    book.unlink()  # the game carries it
    return session


@pytest.mark.parametrize("start", [1, 2, 3, 4, 5])
def test_an_old_database_reaches_the_current_version_keeping_its_games(
    store_url: str, tmp_path: Path, start: int
) -> None:
    assert SCHEMA_VERSION == 6
    duel = played_duel(6, 3)
    book = _book_game(tmp_path)
    old = _opened(store_url, MIGRATIONS[:start])
    try:
        assert old.schema_version == start
        duel_id = _insert_old(old, start, duel)
        book_id = _insert_old(old, start, book)
        inline = raw(old, "SELECT LENGTH(snapshot) FROM games WHERE id = ?", book_id)[0][0]
        assert int(str(inline)) > len(BOOKS.all()["sample"].read_bytes())  # the book in every snapshot
    finally:
        old.close()
    with _opened(store_url, MIGRATIONS) as new:
        assert new.schema_version == 6
        versions = raw(new, "SELECT version FROM schema_version ORDER BY version")
        assert versions == [(v,) for v in range(1, 7)]
        assert new.load(str(duel_id), verify=True).moves == duel.moves
        assert new.summary(str(duel_id)).title == f"v{start} game"
        loaded = new.load(str(book_id), verify=True)
        assert loaded.moves == book.moves
        game = book.game
        assert game.state_to_json(new.load(str(book_id)).current) == game.state_to_json(book.current)
        loaded.advance()
        loaded.play(loaded.current.legal_actions()[0])
        new.save(loaded)  # the next move: the snapshot now refers to the book, stored once
        snapshot = str(raw(new, "SELECT snapshot FROM games WHERE id = ?", book_id)[0][0])
        assert REF_PREFIX in snapshot and len(snapshot) < len(BOOKS.all()["sample"].read_bytes())
        assert raw(new, "SELECT COUNT(*) FROM contents") == [(1,)]
        assert new.load(str(book_id), verify=True).moves == loaded.moves
        records = KeptRecords(new, "toy", "note")
        records.put("a", {"n": 1}, new=True)
        assert [r.data for r in records.all()] == [{"n": 1}]
    with _opened(store_url, MIGRATIONS) as again:  # reopened: nothing more to apply
        assert raw(again, "SELECT COUNT(*) FROM schema_version") == [(6,)]
        again.set_mark(str(duel_id), "public", "1")  # version 5: a table's marks
        assert again.marks(str(duel_id)) == {"public": "1"}
        assert again.marked("public", "1") == [str(duel_id)]
        people = People(again)  # version 6: players, seats and chat, gone with the game
        alice = Player("p-alice", "Alice")
        assert people.take_seat(str(duel_id), 0, alice)
        people.say(str(duel_id), 0, alice, "hello", most=5, seconds=10)
        assert [m.text for m in people.chat(str(duel_id))] == ["hello"]
        again.delete(str(duel_id))
        assert again.marked("public", "1") == []
        assert people.seats_of("p-alice") == {}
        assert raw(again, "SELECT COUNT(*) FROM chat") == [(0,)]
