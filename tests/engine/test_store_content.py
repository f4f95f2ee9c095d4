"""Carried content is stored once (issue #12): a custom book's text lives in the store's `contents`
table under its SHA-256 and each snapshot refers to it, so the bytes written per move do not grow with
the book; exported saved-game files still carry the text and replay identically. On both backends."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from grognard.engine import registry
from grognard.engine.embedded import embed, is_embedded
from grognard.engine.errors import DamagedStoreError
from grognard.engine.session import Session
from grognard.engine.store import savefile
from grognard.engine.store.content import REF_PREFIX, carried_in, carried_out
from grognard.engine.store.factory import open_store, open_url
from grognard.engine.store.sql import SqlStore
from grognard.systems.fighting_fantasy.books import BOOKS
from tests.stores import raw

SYSTEM = "fighting-fantasy"


@pytest.fixture
def store(store_url: str) -> Iterator[SqlStore]:
    with open_url(store_url) as s:
        yield s


def _book(folder: Path, padding: int) -> Path:
    """The sample book in `folder`, with `padding` bytes of TOML comments after it (read the same)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "my-book.toml"
    line = "# " + "x" * 97 + "\n"
    path.write_bytes(BOOKS.all()["sample"].read_bytes() + (line * (padding // len(line))).encode())
    return path


def _row_sizes(store: SqlStore, book: Path, moves: int = 10) -> list[int]:
    """Play `moves` moves of a game of `book` one at a time through the store; the size of what each
    move wrote (the snapshot and the move's row)."""
    game = registry.get_game(SYSTEM, "gamebook")
    session = Session.new(SYSTEM, game, {"book": str(book), "hero": "10/20/9", "potion": "fortune"}, 7)
    gid = store.create(session, "sizes")
    sizes = []
    for ply in range(moves):
        session.advance()
        if session.is_over():
            break
        session.play(session.current.legal_actions()[0])
        store.save(session)
        snapshot = raw(store, "SELECT LENGTH(snapshot) FROM games WHERE id = ?", int(gid))[0][0]
        moved = raw(
            store,
            "SELECT LENGTH(move) + LENGTH(rolls) FROM moves WHERE game_id = ? AND ply = ?",
            int(gid),
            ply,
        )
        sizes.append(int(str(snapshot)) + sum(int(str(r[0])) for r in moved))
    return sizes


def test_the_bytes_written_per_move_do_not_grow_with_the_book(store: SqlStore, tmp_path: Path) -> None:
    small = _book(tmp_path / "a", 0)
    big = _book(tmp_path / "b", 400_000)
    assert big.stat().st_size > 10 * small.stat().st_size
    small_sizes = _row_sizes(store, small)
    big_sizes = _row_sizes(store, big)
    assert len(small_sizes) >= 5
    assert small_sizes == big_sizes  # the same play writes the same bytes, whatever the book's size
    assert max(big_sizes) < small.stat().st_size  # not even the small book is written per move
    kept = raw(store, "SELECT sha256, LENGTH(body) FROM contents ORDER BY LENGTH(body)")
    assert [r[0] for r in kept] == [
        hashlib.sha256(p.read_bytes()).hexdigest() for p in (small, big)
    ]  # each book once, however many moves were made
    snapshots = [str(r[0]) for r in raw(store, "SELECT snapshot FROM games")]
    assert all(REF_PREFIX in s and "Cinderwick" not in s for s in snapshots)


def test_export_still_carries_the_book_and_replays_identically(store: SqlStore, tmp_path: Path) -> None:
    book = _book(tmp_path / "mine", 1000)
    game = registry.get_game(SYSTEM, "gamebook")
    session = Session.new(SYSTEM, game, {"book": str(book), "hero": "10/20/9", "potion": "fortune"}, 3)
    gid = store.create(session)
    for _ in range(8):
        session.advance()
        if session.is_over():
            break
        session.play(session.current.legal_actions()[0])
        store.save(session)
    out = tmp_path / "game.json"
    savefile.export_file(store, gid, out)
    saved = savefile.read_file(out)
    assert isinstance(saved.snapshot, dict) and is_embedded(saved.snapshot["book"])
    book.unlink()
    with open_store(tmp_path / "elsewhere") as other:
        again = other.load(savefile.import_file(other, out), verify=True)
        assert game.state_to_json(again.current) == game.state_to_json(session.current)
        assert len(raw(other, "SELECT sha256 FROM contents")) == 1
    loaded = store.load(gid)
    assert game.state_to_json(loaded.current) == game.state_to_json(session.current)
    assert store.load(gid, verify=True).moves == session.moves


def test_content_shared_by_two_games_is_kept_until_neither_needs_it(store: SqlStore, tmp_path: Path) -> None:
    book = _book(tmp_path / "mine", 0)
    game = registry.get_game(SYSTEM, "gamebook")
    ids = []
    for seed in (1, 2):
        session = Session.new(SYSTEM, game, {"book": str(book), "hero": "10/20/9"}, seed)
        session.advance()
        ids.append(store.create(session))
    assert raw(store, "SELECT COUNT(*) FROM contents") == [(1,)]
    store.delete(ids[0])
    assert raw(store, "SELECT COUNT(*) FROM contents") == [(1,)]
    assert store.load(ids[1], verify=True).moves is not None
    store.delete(ids[1])
    assert raw(store, "SELECT COUNT(*) FROM contents") == [(0,)]


def test_changed_stored_content_is_caught(store: SqlStore, tmp_path: Path) -> None:
    """A content row whose text no longer matches its hash: the snapshot is rebuilt from the moves (the
    game's options still carry the book) and an export refuses the damaged store in one line."""
    book = _book(tmp_path / "mine", 0)
    game = registry.get_game(SYSTEM, "gamebook")
    session = Session.new(SYSTEM, game, {"book": str(book), "hero": "10/20/9"}, 5)
    for _ in range(4):
        session.advance()
        session.play(session.current.legal_actions()[0])
    gid = store.create(session)
    raw(store, "UPDATE contents SET body = REPLACE(body, 'Cinderwick', 'Cinderwock')")
    loaded = store.load(gid)
    assert game.state_to_json(loaded.current) == game.state_to_json(session.current)
    with pytest.raises(DamagedStoreError, match="does not match its hash"):
        store.export_game(gid)


def test_references_swap_whole_strings_only() -> None:
    text = "line one\nline two\n"
    value = embed("/tmp/b.toml", text.encode())
    data = {"book": value, "log": ["grognard-content is a word", value], "n": 3}
    out, kept = carried_out(data)
    sha = hashlib.sha256(text.encode()).hexdigest()
    assert kept == {sha: text}
    assert out["book"] == f"{REF_PREFIX}sha256={sha} name=/tmp/b.toml" and out["n"] == 3
    assert out["log"][0] == "grognard-content is a word"
    assert carried_in(out, kept.get) == data
    with pytest.raises(ValueError, match="is missing"):
        carried_in(out, lambda sha: None)
    forged = value.replace("line one", "line 1")
    assert carried_out({"book": forged}) == ({"book": forged}, {})  # a text not matching its hash stays
