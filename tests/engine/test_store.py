"""The store of saved games, on SQLite and on PostgreSQL: create, append, load, undo, delete, list;
migrations; one move per position; crash safety."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from grognard.engine.errors import DamagedStoreError, RulesError, SaveError
from grognard.engine.serial import canonical
from grognard.engine.session import MoveRecord, Session
from grognard.engine.store.factory import STORE_FILE, SqliteStore, open_store, open_url
from grognard.engine.store.migrations import MIGRATIONS, SCHEMA_VERSION, Migration, current_version, migrate
from grognard.engine.store.sql import SqlStore, parse_id
from tests.stores import raw, url_of
from tests.toys import DuelGame, DuelState, duel_choice, played_duel

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def store(store_url: str) -> Iterator[SqlStore]:
    """A new store, once on SQLite and once on PostgreSQL."""
    with open_url(store_url) as s:
        yield s


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[SqliteStore]:
    with SqliteStore(tmp_path / STORE_FILE) as s:
        yield s


def test_create_then_load_gives_the_same_game(store: SqlStore) -> None:
    session = played_duel(3, 4, hp=4)
    gid = store.create(session, title="first")
    assert session.game_id == gid
    loaded = store.load(gid)
    assert (loaded.system, loaded.game.info.id, loaded.seed) == ("toy", "duel", 3)
    assert loaded.options == session.options
    assert loaded.moves == session.moves
    assert loaded.current == session.current
    assert loaded.game_id == gid
    assert store.summary(gid).title == "first"


def test_ids_are_short_numbers_never_reused(store: SqlStore) -> None:
    ids = [store.create(played_duel(seed, 1)) for seed in range(3)]
    assert all(i.isdigit() and len(i) <= 3 for i in ids)
    assert [int(i) for i in ids] == sorted(int(i) for i in ids)
    assert len(set(ids)) == 3
    store.delete(ids[-1])
    again = store.create(played_duel(9, 1))
    assert again not in ids
    assert int(again) > max(int(i) for i in ids)


@pytest.mark.parametrize("text", ["", "abc", "-1", "1.5", "#", "12a", "９"])
def test_bad_ids_are_refused(store: SqlStore, text: str) -> None:
    with pytest.raises(SaveError, match="no saved game"):
        store.load(text)
    with pytest.raises(SaveError):
        parse_id(text)


def test_hash_prefix_is_accepted(store: SqlStore) -> None:
    gid = store.create(played_duel(1, 1))
    assert store.summary(f"#{gid}").id == gid


def test_append_one_move_at_a_time_keeps_snapshot_equal_to_replay(store: SqlStore) -> None:
    full = played_duel(11, hp=3)
    fresh = Session.new("toy", DuelGame(), {"hp": 3}, 11)
    gid = store.create(fresh)
    for i, record in enumerate(full.moves):
        store.append(gid, record)
        partial = Session("toy", DuelGame(), full.options, 11, list(full.moves[: i + 1]))
        snapshot = raw(store, "SELECT snapshot, n_moves FROM games WHERE id = ?", int(gid))[0]
        assert snapshot == (canonical(DuelGame().state_to_json(partial.replay())), i + 1)
    assert store.summary(gid).status == "over"
    assert store.load(gid, verify=True).current == full.current


def test_an_illegal_move_is_refused_and_nothing_is_written(store: SqlStore) -> None:
    session = played_duel(5, 1)
    gid = store.create(session)
    before = store.export_game(gid)
    at_decision = session.current.actor() == 0
    bad = MoveRecord("dance", 0) if at_decision else MoveRecord(99, None)
    with pytest.raises(RulesError):
        store.append(gid, bad)
    assert store.export_game(gid) == before


def test_a_move_recorded_for_the_wrong_player_is_refused(store: SqlStore) -> None:
    session = played_duel(5, 1)
    gid = store.create(session)
    legal = session.current.legal_actions()[0]
    with pytest.raises(RulesError, match="player 1"):
        store.append(gid, MoveRecord(legal, 1))
    with pytest.raises(RulesError, match="player None"):
        store.append(gid, MoveRecord(legal, None))
    assert store.summary(gid).moves == len(session.moves)


def test_append_at_a_stale_position_is_refused(store: SqlStore) -> None:
    session = played_duel(5, 1)
    gid = store.create(session)
    record = session.play(session.current.legal_actions()[0])
    with pytest.raises(SaveError, match="cannot be added"):
        store.append(gid, record, ply=len(session.moves) + 3)
    store.append(gid, record, ply=len(session.moves) - 1)
    assert store.load(gid).moves == session.moves


def test_truncate_keeps_a_prefix_and_replays_it(store: SqlStore) -> None:
    session = played_duel(21, 5)
    gid = store.create(session)
    for keep in (len(session.moves) - 1, 3, 0):
        store.truncate(gid, keep)
        loaded = store.load(gid, verify=True)
        assert loaded.moves == session.moves[:keep]
        assert loaded.current == session.replay(keep)
    with pytest.raises(SaveError):
        store.truncate(gid, 1)


def test_undo_matches_session_undo(store: SqlStore) -> None:
    session = played_duel(8, 4)
    gid = store.create(session)
    while True:
        expected = session.undo()
        assert store.undo(gid) == expected
        loaded = store.load(gid)
        assert loaded.moves == session.moves
        assert loaded.current == session.current
        if expected == 0:
            break
    assert all(m.player is None for m in store.load(gid).moves)


def test_save_creates_appends_and_follows_an_undo_in_memory(store: SqlStore) -> None:
    session = played_duel(13, 2)
    gid = store.save(session, title="saved")
    assert session.game_id == gid
    session.play(duel_choice(session.current))
    session.advance()
    assert store.save(session) == gid
    assert store.load(gid).moves == session.moves
    session.undo()
    session.undo()
    session.play("keep")
    session.advance()
    store.save(session)
    assert store.load(gid, verify=True).moves == session.moves
    assert store.summary(gid).title == "saved"


def test_save_refuses_to_write_a_session_over_another_game(store: SqlStore) -> None:
    gid = store.create(played_duel(1, 1))
    other = played_duel(2, 1)
    other.game_id = gid
    with pytest.raises(SaveError, match="another game"):
        store.save(other)


def test_delete_removes_the_game_and_its_moves(store: SqlStore) -> None:
    keep = store.create(played_duel(1, 2))
    gone = store.create(played_duel(2, 2))
    store.delete(gone)
    assert [s.id for s in store.summaries()] == [keep]
    assert raw(store, "SELECT COUNT(*) FROM moves WHERE game_id = ?", int(gone)) == [(0,)]
    assert raw(store, "SELECT COUNT(*) FROM moves WHERE game_id = ?", int(keep))[0][0] > 0
    with pytest.raises(SaveError):
        store.load(gone)
    with pytest.raises(SaveError):
        store.delete(gone)


def test_summaries_list_every_game_with_its_counts(store: SqlStore) -> None:
    sessions = {store.create(s): s for s in (played_duel(1, 1), played_duel(2), played_duel(3, 3))}
    rows = {r.id: r for r in store.summaries()}
    assert set(rows) == set(sessions)
    for gid, s in sessions.items():
        assert rows[gid].moves == len(s.moves)
        assert rows[gid].status == ("over" if s.is_over() else "in play")
        assert rows[gid].seed == s.seed
        assert rows[gid].to_data()["options"] == s.options


def test_tampered_snapshot_is_used_as_cache_but_caught_by_verify(store: SqlStore) -> None:
    session = played_duel(4, 2)
    gid = store.create(session)
    state = session.current
    assert isinstance(state, DuelState)
    wrong = DuelState((state.hp[0] + 5, state.hp[1]), state.rerolls, state.phase, state.mine)
    text = json.dumps(DuelGame().state_to_json(wrong))
    raw(store, "UPDATE games SET snapshot = ? WHERE id = ?", text, int(gid))
    with pytest.raises(DamagedStoreError, match="check value"):
        store.load(gid)
    raw(store, "UPDATE games SET digest = NULL WHERE id = ?", int(gid))  # as a row from before digests
    assert store.load(gid).current == wrong
    with pytest.raises(SaveError, match="does not match"):
        store.load(gid, verify=True)


def test_an_unreadable_snapshot_is_rebuilt_from_the_moves(store: SqlStore) -> None:
    session = played_duel(4, 2)
    gid = store.create(session)
    raw(store, "UPDATE games SET snapshot = ?, digest = NULL WHERE id = ?", '{"nonsense": 1}', int(gid))
    assert store.load(gid).current == session.current


def test_a_game_of_an_unknown_system_lists_but_does_not_load(store: SqlStore) -> None:
    gid = store.create(played_duel(4, 1))
    raw(store, "UPDATE games SET system = 'nosuch', digest = NULL WHERE id = ?", int(gid))
    assert [s.system for s in store.summaries()] == ["nosuch"]
    with pytest.raises(SaveError, match="nosuch"):
        store.load(gid)


def test_the_database_is_in_wal_mode_with_foreign_keys(sqlite_store: SqliteStore, tmp_path: Path) -> None:
    store = sqlite_store
    assert store.path == tmp_path / STORE_FILE
    assert raw(store, "PRAGMA journal_mode") == [("wal",)]
    assert store._conn.execute("PRAGMA foreign_keys").fetchone() == (1,)


def test_open_store_uses_grognard_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "deep" / "home"
    monkeypatch.setenv("GROGNARD_HOME", str(home))
    with open_store() as s:
        s.create(played_duel(1, 1))
    assert (home / STORE_FILE).is_file()


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    (tmp_path / STORE_FILE).write_bytes(b"this is not sqlite at all, " * 100)
    with pytest.raises(SaveError, match="not a grognard saved-game database") as info:
        open_store(tmp_path)
    assert STORE_FILE in str(info.value)


def test_a_foreign_sqlite_database_is_refused(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / STORE_FILE)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    with pytest.raises(SaveError, match="recipes"):
        open_store(tmp_path)


# Migrations.


def _add_notes(conn: sqlite3.Connection) -> None:
    conn.execute("ALTER TABLE games ADD COLUMN notes TEXT NOT NULL DEFAULT ''")
    conn.execute("UPDATE games SET notes = 'migrated ' || title")


def _broken(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE TABLE half_done (x INTEGER)")
    conn.execute("ALTER TABLE no_such_table ADD COLUMN y TEXT")


NEXT = len(MIGRATIONS) + 1
V_NEXT = Migration(NEXT, "notes on games", _add_notes)


def test_a_version_0_file_is_migrated_to_the_current_schema(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / STORE_FILE)
    conn.execute("PRAGMA user_version = 0")
    conn.commit()
    assert current_version(conn) == 0
    conn.close()
    with open_store(tmp_path) as s:
        assert s.schema_version == SCHEMA_VERSION
        versions = raw(s, "SELECT version, description FROM schema_version ORDER BY version")
    assert versions == [(m.version, m.description) for m in MIGRATIONS]


def test_an_older_database_is_upgraded_keeping_its_games(tmp_path: Path) -> None:
    path = tmp_path / STORE_FILE
    session = played_duel(6, 3)
    with SqliteStore(path) as old:
        gid = old.create(session, title="old")
        assert old.schema_version == SCHEMA_VERSION
    with SqliteStore(path, (*MIGRATIONS, V_NEXT)) as new:
        assert new.schema_version == NEXT
        assert new.load(gid, verify=True).moves == session.moves
        assert raw(new, "SELECT notes FROM games WHERE id = ?", int(gid)) == [("migrated old",)]
        versions = [r[0] for r in raw(new, "SELECT version FROM schema_version ORDER BY version")]
        assert versions == list(range(1, NEXT + 1))


def test_a_version_1_store_gets_revisions_and_its_games_still_load(tmp_path: Path) -> None:
    path = tmp_path / STORE_FILE
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, MIGRATIONS[:1])
    conn.execute(
        "INSERT INTO games (system, game, options, seed, status, n_moves, snapshot, created, updated)"
        " VALUES ('toy', 'duel', '{\"hp\": 2, \"rerolls\": 1}', 5, 'in play', 0, '{}', 'x', 'x')"
    )
    conn.close()
    with SqliteStore(path) as s:
        loaded = s.load("1")
        assert loaded.revision == 0
        loaded.advance()
        s.save(loaded)
        assert s.load("1", verify=True).moves == loaded.moves


def test_reopening_a_current_database_applies_nothing(tmp_path: Path) -> None:
    path = tmp_path / STORE_FILE
    with SqliteStore(path, (*MIGRATIONS, V_NEXT)) as s:
        s.create(played_duel(1, 1), title="t")
    with SqliteStore(path, (*MIGRATIONS, V_NEXT)) as s:
        assert raw(s, "SELECT COUNT(*) FROM schema_version") == [(NEXT,)]
        assert raw(s, "SELECT notes FROM games") == [("",)]


def test_a_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    path = tmp_path / STORE_FILE
    SqliteStore(path, (*MIGRATIONS, V_NEXT)).close()
    with pytest.raises(SaveError, match="newer"):
        SqliteStore(path)


def test_a_failing_migration_leaves_the_database_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / STORE_FILE
    with SqliteStore(path) as s:
        gid = s.create(played_duel(2, 2))
    with pytest.raises(SaveError, match=f"migration to schema version {NEXT}"):
        SqliteStore(path, (*MIGRATIONS, Migration(NEXT, "broken", _broken)))
    conn = sqlite3.connect(path)
    assert current_version(conn) == SCHEMA_VERSION
    assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'half_done'").fetchall() == []
    conn.close()
    with SqliteStore(path) as s:
        assert s.load(gid, verify=True).game_id == gid


def test_migrations_must_be_numbered_in_order(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="numbered"):
        SqliteStore(tmp_path / STORE_FILE, (*MIGRATIONS, Migration(NEXT + 1, "skips one", _add_notes)))


# Crash safety.

WRITER = textwrap.dedent(
    """
    import json
    import sys
    from pathlib import Path
    from grognard.engine.session import Session
    from grognard.engine.store.factory import open_store
    from tests.toys import DuelGame

    store = open_store(Path(sys.argv[1]))
    session = Session.new("toy", DuelGame(), {"hp": 1000000}, 99)
    gid = store.create(session)
    print("game", gid, flush=True)
    while True:
        if session.current.actor() == 0:
            record = session.play("keep")
        else:
            record = session.roll()
        store.append(gid, record, ply=len(session.moves) - 1)
        print(len(session.moves), json.dumps(record.move), flush=True)
    """
)


def test_a_killed_writer_leaves_every_committed_move_intact(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(tmp_path)], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT
    )
    assert proc.stdout is not None
    confirmed: list[object] = []
    try:
        first = proc.stdout.readline().split()
        assert first[0] == "game", first
        gid = first[1]
        while len(confirmed) < 150:
            line = proc.stdout.readline()
            assert line, "the writer stopped early"
            count, move = line.split(" ", 1)
            confirmed.append(json.loads(move))
            assert int(count) == len(confirmed)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    conn = sqlite3.connect(tmp_path / STORE_FILE)
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()
    with open_store(tmp_path) as s:
        loaded = s.load(gid, verify=True)
        assert len(loaded.moves) >= len(confirmed)
        assert [m.move for m in loaded.moves[: len(confirmed)]] == confirmed
        assert s.summary(gid).moves == len(loaded.moves)
        assert loaded.current == loaded.replay()


# Both backends: the same schema, one move per position, clear refusals.


def test_an_older_database_is_upgraded_on_either_backend(store_url: str) -> None:
    session = played_duel(6, 3)
    with open_url(store_url) as old:
        gid = old.create(session, title="old")
        assert old.schema_version == SCHEMA_VERSION
    if store_url.startswith("postgresql://"):
        from grognard.engine.store.postgres import PostgresStore

        upgraded: SqlStore = PostgresStore(store_url, (*MIGRATIONS, V_NEXT))
    else:
        upgraded = SqliteStore(Path(store_url), (*MIGRATIONS, V_NEXT))
    with upgraded as new:
        assert new.schema_version == NEXT
        assert new.load(gid, verify=True).moves == session.moves
        assert raw(new, "SELECT notes FROM games WHERE id = ?", int(gid)) == [("migrated old",)]
        versions = raw(new, "SELECT version FROM schema_version ORDER BY version")
    assert versions == [(v,) for v in range(1, NEXT + 1)]


def test_a_second_move_at_one_position_is_refused_by_the_key_and_the_driver_calls_it_stale(
    store: SqlStore,
) -> None:
    from grognard.engine.match import Match, MatchError
    from tests.toys import register_toys

    register_toys()
    match = Match.new("toy", "duel", {"hp": 50}, ("human",), seed=5, store=store)
    match.advance()
    gid = match.session.game_id
    assert gid is not None and match.humans_to_act() == [0]
    n = match.ply
    # Another writer's move at ply n is in the table, though the game's row does not count it yet.
    insert = "INSERT INTO moves (game_id, ply, move, player, rolls) VALUES (?, ?, '\"keep\"', 0, '[]')"
    raw(store, insert, int(gid), n)
    with pytest.raises(MatchError, match="stale move"):
        match.act(0, str(match.state.legal_actions()[0]), n)
    assert raw(store, "SELECT COUNT(*) FROM moves WHERE game_id = ? AND ply = ?", int(gid), n) == [(1,)]
    assert store.summary(gid).moves == n
    assert match.ply == n


def test_many_writers_racing_for_one_position_keep_exactly_one_move(store: SqlStore) -> None:
    import threading

    session = played_duel(9, 1)
    gid = store.create(session)
    n = len(session.moves)
    record = session.play(duel_choice(session.current))
    writers = 6
    results: list[str] = []
    gate = threading.Barrier(writers)

    def write() -> None:
        with open_url(url_of(store)) as mine:
            gate.wait()
            try:
                mine.append(gid, record, ply=n)
                results.append("kept")
            except SaveError as e:
                results.append(str(e))

    threads = [threading.Thread(target=write) for _ in range(writers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert results.count("kept") == 1, results
    assert len(results) == writers
    assert raw(store, "SELECT COUNT(*) FROM moves WHERE game_id = ? AND ply = ?", int(gid), n) == [(1,)]
    assert store.load(gid, verify=True).moves == session.moves


def test_an_unreachable_server_is_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("GROGNARD_DATABASE_URL", f"postgresql://someone:hunter2@127.0.0.1:{port}/games")
    with pytest.raises(SaveError, match=r"cannot reach the PostgreSQL server") as info:
        open_store()
    assert "hunter2" not in str(info.value)
    assert "\n" not in str(info.value)


def test_a_missing_psycopg_is_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    monkeypatch.setenv("GROGNARD_DATABASE_URL", "postgresql://127.0.0.1/games")
    with pytest.raises(SaveError, match=r"psycopg is not installed: pip install 'grognard\[postgres\]'"):
        open_store()


def test_copying_a_whole_store_keeps_ids_moves_and_titles(store_url: str, tmp_path: Path) -> None:
    from grognard.engine.store.factory import copy_store

    with SqliteStore(tmp_path / "source.sqlite3") as source:
        ids = [source.create(played_duel(seed, seed % 4 + 1), title=f"game {seed}") for seed in range(4)]
        source.delete(ids[1])
        with open_url(store_url) as target:
            copied = copy_store(source, target)
            assert copied == [ids[0], ids[2], ids[3]]
            for gid in copied:
                assert target.export_game(gid) == source.export_game(gid)
            fresh = target.create(played_duel(99, 1))
            assert int(fresh) > int(ids[3])
            with pytest.raises(SaveError, match="already holds"):
                copy_store(source, target)


def test_games_copy_moves_a_whole_store_and_export_import_work_on_postgresql(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.cli.helpers import grognard

    home = tmp_path / "home"
    with open_store(home) as source:
        ids = [source.create(played_duel(seed, 2), title=f"duel {seed}") for seed in range(3)]
    monkeypatch.delenv("GROGNARD_DATABASE_URL", raising=False)
    copied = grognard("games", "copy", "--to", postgres_url, home=home, toys=True)
    assert copied.code == 0, copied.err
    assert "Copied 3 saved games" in copied.out
    again = grognard("games", "copy", "--to", postgres_url, home=home, toys=True)
    assert again.code == 2 and "already holds game(s) 1, 2, 3" in again.err
    monkeypatch.setenv("GROGNARD_DATABASE_URL", postgres_url)
    exported = grognard("games", "export", ids[1], str(tmp_path / "g.json"), home=home, toys=True)
    assert exported.code == 0, exported.err
    imported = grognard("games", "import", str(tmp_path / "g.json"), home=home, toys=True)
    assert imported.code == 0, imported.err
    assert "as game 4" in imported.out
    with open_url(postgres_url) as target:
        assert target.export_game("4").moves == target.export_game(ids[1]).moves
        assert {s.title for s in target.summaries()} == {"duel 0", "duel 1", "duel 2"}


def test_a_lost_server_connection_is_one_line_and_the_store_says_it_is_not_alive(postgres_url: str) -> None:
    with open_url(postgres_url) as store:
        gid = store.create(played_duel(2, 2))
        assert store.alive()
        raw(
            store,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid()"
            " AND datname = current_database()",
        )
        with pytest.raises(SaveError, match="connection to the PostgreSQL server was lost") as info:
            store.load(gid)
        assert "\n" not in str(info.value)
        assert not store.alive()
    with open_url(postgres_url) as again:
        assert again.summary(gid).moves == len(played_duel(2, 2).moves)


# The seats column (schema version 3).


def test_seats_are_a_column_and_saved_game_files_still_carry_them(store: SqlStore) -> None:
    gid = store.create(played_duel(3, 2), title="a duel", seats=("human", "bot"))
    summary = store.summary(gid)
    assert (summary.title, summary.seats) == ("a duel", ("human", "bot"))
    assert raw(store, "SELECT title, seats FROM games WHERE id = ?", int(gid)) == [("a duel", "human,bot")]
    saved = store.export_game(gid)
    assert saved.title == "a duel [seats: human,bot]"  # the file format is unchanged
    again = store.import_game(saved)
    assert (store.summary(again).title, store.summary(again).seats) == ("a duel", ("human", "bot"))
    with pytest.raises(SaveError, match="each seat is human, bot or random"):
        store.create(played_duel(3, 2), seats=("human", "robot"))
    plain = store.create(played_duel(4, 1), title="no seats")
    assert store.summary(plain).seats == ()
    assert store.export_game(plain).title == "no seats"


def _v2_only() -> tuple[Migration, ...]:
    return MIGRATIONS[:2]


def test_migration_3_moves_the_seats_out_of_the_titles_and_keeps_damage_visible(store_url: str) -> None:
    from grognard.engine.store.migrations import GAME_SEALED_V2, digest

    if store_url.startswith("postgresql://"):
        from grognard.engine.store.postgres import PostgresStore

        def opened(migrations: tuple[Migration, ...]) -> SqlStore:
            return PostgresStore(store_url, migrations)
    else:

        def opened(migrations: tuple[Migration, ...]) -> SqlStore:
            return SqliteStore(Path(store_url), migrations)

    old = opened(_v2_only())
    try:
        assert old.schema_version == 2
        titles = ((1, "talisman/game [seats: human,bot]"), (2, "plain"), (3, "x [seats: bot,human]"))
        insert = (
            "INSERT INTO games (system, game, options, seed, title, status, n_moves, snapshot, created,"
            " updated) VALUES ('toy', 'duel', ?, ?, ?, 'in play', 0, ?, 't', 't')"
        )
        for seed, title in titles:
            fresh = Session.new("toy", DuelGame(), {"hp": 3}, seed)
            snapshot = canonical(DuelGame().state_to_json(fresh.current))
            raw(old, insert, json.dumps(fresh.options), seed, title, snapshot)
        for r in raw(old, f"SELECT {GAME_SEALED_V2} FROM games"):
            raw(old, "UPDATE games SET digest = ? WHERE id = ?", digest(r), r[0])
        raw(old, "UPDATE games SET seed = 33 WHERE title LIKE 'x%'")  # damaged before the upgrade
    finally:
        old.close()
    with opened(MIGRATIONS) as new:
        assert new.schema_version == SCHEMA_VERSION
        got = {s.seed: (s.title, s.seats) for s in new.summaries()}
        assert got[1] == ("talisman/game", ("human", "bot"))
        assert got[2] == ("plain", ())
        damaged_id = raw(new, "SELECT id FROM games WHERE seed = 33")[0][0]
        with pytest.raises(DamagedStoreError, match="does not match its check value"):
            new.load(str(damaged_id))
        ok_id = raw(new, "SELECT id FROM games WHERE seed = 1")[0][0]
        assert new.load(str(ok_id)).moves == []
