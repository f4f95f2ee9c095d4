"""The store under stress: two sessions on one game, a damaged file, a full disk, a read-only store,
backups and recovery. Each test fails on a store that overwrites, loses or misreports."""

from __future__ import annotations

import hashlib
import json
import os
import random
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from grognard.engine.errors import DamagedStoreError, SaveError, StaleGameError
from grognard.engine.session import Session
from grognard.engine.store import salvage
from grognard.engine.store.factory import STORE_FILE, SqliteStore, database_error, open_store, open_url
from grognard.engine.store.sql import SqlStore
from tests.stores import raw, url_of
from tests.toys import DuelGame, duel_choice, played_duel, register_toys

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def store(store_url: str) -> Iterator[SqlStore]:
    """A new store, once on SQLite and once on PostgreSQL."""
    with open_url(store_url) as s:
        yield s


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[SqliteStore]:
    with open_store(tmp_path) as s:
        assert isinstance(s, SqliteStore)
        yield s


def step(session: Session) -> None:
    """One player decision and the dice after it."""
    session.play(duel_choice(session.current))
    session.advance()


def long_duel(seed: int = 7) -> Session:
    register_toys()
    session = Session.new("toy", DuelGame(), {"hp": 1000}, seed)
    session.advance()
    return session


# Two sessions on one game.


def test_the_second_of_two_sessions_is_refused_and_the_first_keeps_its_moves(store: SqlStore) -> None:
    gid = store.save(long_duel())
    a, b = store.load(gid), store.load(gid)
    step(a)
    store.save(a)
    kept = list(a.moves)
    step(b)
    with pytest.raises(StaleGameError, match=f"game {gid} was changed elsewhere.*load the game again"):
        store.save(b)
    assert store.load(gid, verify=True).moves == kept
    again = store.load(gid)
    step(again)
    store.save(again)
    assert store.load(gid).moves[: len(kept)] == kept


def test_an_undo_from_another_terminal_is_not_reverted_by_an_open_session(store: SqlStore) -> None:
    session = long_duel()
    for _ in range(3):
        step(session)
    gid = store.save(session)
    open_play = store.load(gid)
    assert store.undo(gid) > 0
    after_undo = store.load(gid).moves
    step(open_play)
    with pytest.raises(StaleGameError):
        store.save(open_play)
    assert store.load(gid).moves == after_undo


def test_an_undo_in_the_session_itself_is_saved(store: SqlStore) -> None:
    session = long_duel()
    for _ in range(3):
        step(session)
    gid = store.save(session)
    session.undo()
    session.play("keep")
    session.advance()
    store.save(session)
    assert store.load(gid, verify=True).moves == session.moves


def test_a_session_not_from_the_store_must_extend_its_moves(store: SqlStore) -> None:
    session = long_duel()
    step(session)
    gid = store.save(session)
    stranger = Session("toy", DuelGame(), dict(session.options), session.seed, list(session.moves[:1]))
    stranger.game_id = gid
    with pytest.raises(StaleGameError):
        store.save(stranger)
    longer = Session("toy", DuelGame(), dict(session.options), session.seed, list(session.moves))
    longer.game_id = gid
    step(longer)
    store.save(longer)
    assert store.load(gid).moves == longer.moves


PLAYER = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from grognard.engine.errors import StaleGameError
    from grognard.engine.store.factory import open_store
    from tests.toys import duel_choice

    from grognard.engine.store.factory import open_url

    store = open_url(sys.argv[1])
    gid, turns = sys.argv[2], int(sys.argv[3])
    session = store.load(gid)
    done = refused = 0
    while done < turns:
        session.play(duel_choice(session.current))
        session.advance()
        try:
            store.save(session)
        except StaleGameError:
            refused += 1
            session = store.load(gid)
            continue
        done += 1
        print(json.dumps([len(session.moves), [m.move for m in session.moves]]), flush=True)
    print(json.dumps(["refused", refused]), flush=True)
    """
)


def test_two_processes_playing_one_game_never_drop_an_acknowledged_move(store: SqlStore) -> None:
    gid = store.save(long_duel(3))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", PLAYER, url_of(store), gid, "40"],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=ROOT,
        )
        for _ in range(2)
    ]
    outputs = [p.communicate(timeout=300)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0]
    final = [m.move for m in store.load(gid, verify=True).moves]
    acknowledged = 0
    for text in outputs:
        lines = [json.loads(line) for line in text.splitlines()]
        assert lines[-1][0] == "refused"
        for count, moves in lines[:-1]:
            assert final[:count] == moves  # every acknowledged move is still there, in its place
            acknowledged += 1
    assert acknowledged == 80


# Damage.


def test_rows_lost_from_the_moves_table_are_noticed(store: SqlStore) -> None:
    session = played_duel(4, 6)
    gid = store.create(session)
    raw(store, "DELETE FROM moves WHERE game_id = ? AND ply >= ?", int(gid), len(session.moves) - 2)
    for read in (lambda: store.load(gid), lambda: store.export_game(gid)):
        with pytest.raises(DamagedStoreError, match=r"should have \d+ moves but \d+ can be read.*recover"):
            read()


def test_a_move_row_that_is_not_json_is_damage(store: SqlStore) -> None:
    session = played_duel(4, 3)
    gid = store.create(session)
    raw(store, "UPDATE moves SET rolls = '[{\"expr', digest = NULL WHERE game_id = ? AND ply = 0", int(gid))
    with pytest.raises(DamagedStoreError, match="move 1 cannot be read"):
        store.load(gid)


def test_an_edited_move_or_game_row_does_not_match_its_check_value(store: SqlStore) -> None:
    session = played_duel(4, 3)
    gid = store.create(session)
    raw(store, "UPDATE moves SET player = 0 WHERE game_id = ? AND ply = 0", int(gid))
    with pytest.raises(DamagedStoreError, match="move 1 does not match its check value"):
        store.load(gid)
    raw(store, "UPDATE moves SET player = NULL WHERE game_id = ? AND ply = 0", int(gid))
    raw(store, "UPDATE games SET seed = seed + 1 WHERE id = ?", int(gid))
    with pytest.raises(DamagedStoreError, match="record does not match its check value"):
        store.load(gid)


def _flip(path: Path, rng: random.Random) -> None:
    data = bytearray(path.read_bytes())
    at = rng.randrange(100, len(data))
    data[at] ^= 1 << rng.randrange(8)
    path.write_bytes(bytes(data))


def test_a_flipped_bit_anywhere_gives_every_move_or_a_clean_refusal(tmp_path: Path) -> None:
    sessions = [played_duel(seed, 8, hp=6) for seed in range(5)]
    pristine = tmp_path / "pristine"
    pristine.mkdir()
    with open_store(pristine) as s:
        ids = [s.create(x) for x in sessions]
    rng = random.Random(20)
    outcomes = {"whole": 0, "refused": 0}
    for trial in range(40):
        home = tmp_path / f"t{trial}"
        home.mkdir()
        (home / STORE_FILE).write_bytes((pristine / STORE_FILE).read_bytes())
        _flip(home / STORE_FILE, rng)
        try:
            with open_store(home) as s:
                for gid, session in zip(ids, sessions, strict=True):
                    assert s.load(gid).moves == session.moves
                    assert s.export_game(gid).moves == tuple(session.moves)
            outcomes["whole"] += 1
        except SaveError:
            outcomes["refused"] += 1
    assert sum(outcomes.values()) == 40


def test_an_empty_database_file_is_damage_not_an_empty_store(tmp_path: Path) -> None:
    (tmp_path / STORE_FILE).write_bytes(b"")
    with pytest.raises(DamagedStoreError, match=r"empty.*games recover"):
        open_store(tmp_path)


def _garble_page(path: Path, page: int) -> None:
    data = bytearray(path.read_bytes())
    size = int.from_bytes(data[16:18], "big")
    start = (page - 1) * size
    data[start + 8 : start + size] = bytes((i * 37 + 11) % 256 for i in range(size - 8))
    path.write_bytes(bytes(data))


def test_after_an_unclean_shutdown_the_store_is_checked_when_it_opens(tmp_path: Path) -> None:
    with open_store(tmp_path) as s:
        for seed in range(12):
            s.create(played_duel(seed, 10, hp=8))
    path = tmp_path / STORE_FILE
    pages = path.stat().st_size // int.from_bytes(path.read_bytes()[16:18], "big")
    _garble_page(path, pages - 1)
    (tmp_path / (STORE_FILE + "-wal")).write_bytes(b"\0" * 64)  # a crash left its log behind
    with pytest.raises(DamagedStoreError, match="damaged"):
        open_store(tmp_path)


# Store errors.


def test_a_full_disk_is_one_true_line_and_nothing_saved_is_touched(sqlite_store: SqliteStore) -> None:
    store = sqlite_store
    gid = store.save(long_duel())
    before = store.load(gid).moves
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")
    session = store.load(gid)
    for _ in range(400):
        step(session)
    with pytest.raises(SaveError, match=r"the disk is full.*untouched"):
        store.save(session)
    assert store.load(gid, verify=True).moves == before
    with pytest.raises(SaveError, match="the disk is full"):
        store.create(played_duel(9, 300, hp=400))


def test_a_read_only_store_is_called_read_only(sqlite_store: SqliteStore) -> None:
    store = sqlite_store
    gid = store.save(long_duel())
    session = store.load(gid)
    step(session)
    store._conn.execute("PRAGMA query_only = ON")
    with pytest.raises(SaveError, match="read-only") as info:
        store.save(session)
    assert "not a grognard" not in str(info.value)
    conn = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True)
    try:
        conn.execute("DELETE FROM games")
    except sqlite3.Error as e:
        assert "read-only" in str(database_error(store.path, e, "deleting"))
    else:
        raise AssertionError("a read-only connection wrote")
    finally:
        conn.close()


def test_a_file_that_is_not_sqlite_is_still_not_a_grognard_database(tmp_path: Path) -> None:
    (tmp_path / STORE_FILE).write_bytes(b"plain text, not a database\n" * 50)
    with pytest.raises(SaveError, match="not a grognard saved-game database"):
        open_store(tmp_path)


# Backup and recovery.


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_backup_holds_what_the_write_ahead_log_holds(tmp_path: Path) -> None:
    home = tmp_path / "home"
    writer = open_store(home)
    sessions = {writer.create(played_duel(seed, 3)): played_duel(seed, 3) for seed in range(4)}
    assert (home / (STORE_FILE + "-wal")).stat().st_size > 0  # the games are still in the log
    naive = tmp_path / "naive.sqlite3"
    naive.write_bytes((home / STORE_FILE).read_bytes())
    conn = sqlite3.connect(naive)
    assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'games'").fetchall() == []
    conn.close()
    with open_store(home) as reader:
        reader.backup(tmp_path / "copy.sqlite3")
    writer.close()
    assert not (tmp_path / "copy.sqlite3-wal").exists()
    with SqliteStore(tmp_path / "copy.sqlite3") as copy:
        for gid, session in sessions.items():
            assert copy.load(gid, verify=True).moves == session.moves


def test_recover_salvages_every_game_that_replays_and_leaves_the_damaged_file(tmp_path: Path) -> None:
    home = tmp_path / "home"
    sessions = [played_duel(seed, 5, hp=5) for seed in range(3)]
    with open_store(home) as s:
        ids = [s.create(x, title=f"t{i}") for i, x in enumerate(sessions)]
    path = home / STORE_FILE
    conn = sqlite3.connect(path)
    conn.execute("DELETE FROM moves WHERE game_id = ? AND ply >= 4", (int(ids[1]),))
    conn.execute("UPDATE moves SET move = '\"bogus\"' WHERE game_id = ? AND ply = 2", (int(ids[2]),))
    conn.commit()
    conn.close()
    before = _digest(path)
    report = salvage.recover(path, tmp_path / "new.sqlite3")
    assert _digest(path) == before
    kept = {r.id: r.kept for r in report}
    assert kept == {ids[0]: len(sessions[0].moves), ids[1]: 4, ids[2]: 2}
    with SqliteStore(tmp_path / "new.sqlite3") as new:
        assert new.load(ids[0], verify=True).moves == sessions[0].moves
        assert new.load(ids[1], verify=True).moves == sessions[1].moves[:4]
        assert new.summary(ids[2]).title == "t2"
    with pytest.raises(SaveError, match="already exists"):
        salvage.recover(path, tmp_path / "new.sqlite3")


def test_a_move_record_with_a_face_outside_its_die_is_not_salvaged(tmp_path: Path) -> None:
    home = tmp_path / "home"
    session = played_duel(2, 3)
    with open_store(home) as s:
        gid = s.create(session)
    first = next(i for i, m in enumerate(session.moves) if m.rolls)
    conn = sqlite3.connect(home / STORE_FILE)
    rolls = json.loads(conn.execute("SELECT rolls FROM moves WHERE ply = ?", (first,)).fetchone()[0])
    rolls[0]["dice"][0]["value"] = 7
    conn.execute("UPDATE moves SET rolls = ?, digest = NULL WHERE ply = ?", (json.dumps(rolls), first))
    conn.commit()
    conn.close()
    report = salvage.recover(home / STORE_FILE, tmp_path / "new.sqlite3")
    assert [(r.id, r.kept) for r in report] == [(gid, first)]
    assert "not a face" in report[0].reason
