"""Saved games are self-contained (issue #12): a game started from a file of the player's own (a custom
book, a quest file) carries that file's content and hash, so its export replays identically where the
file does not exist, and content changed in the file is refused with one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grognard.engine import registry
from grognard.engine.embedded import embed, is_embedded, open_embedded, shown
from grognard.engine.errors import ContentError, SaveError
from grognard.engine.session import Session
from grognard.engine.store import savefile
from grognard.engine.store.factory import open_store
from grognard.systems.fighting_fantasy.books import BOOKS

SYSTEM = "fighting-fantasy"


def _played(book: Path, moves: int = 12) -> Session:
    game = registry.get_game(SYSTEM, "gamebook")
    session = Session.new(SYSTEM, game, {"book": str(book), "hero": "10/20/9", "potion": "fortune"}, 7)
    for _ in range(moves):
        session.advance()
        if session.is_over():
            break
        session.play(session.current.legal_actions()[0])
    return session


def test_a_custom_book_travels_with_its_game(tmp_path: Path) -> None:
    """Start from a book in a temporary folder, export, delete the book, import into another home:
    the replay ends on the same state."""
    book = tmp_path / "mine" / "my-book.toml"
    book.parent.mkdir()
    book.write_bytes(BOOKS.all()["sample"].read_bytes())
    session = _played(book)
    carried = session.options["book"]
    assert is_embedded(carried)
    assert open_embedded(str(carried)).data == book.read_bytes()
    assert shown(carried).startswith("my-book.toml (carried")  # its name, never the folder it was in
    assert str(book.parent) not in str(carried)
    home = tmp_path / "home-a"
    with open_store(home) as store:
        game_id = store.save(session, "mine")
        out = tmp_path / "game.json"
        savefile.export_file(store, game_id, out)
    book.unlink()
    with open_store(tmp_path / "home-b") as other:
        new_id = savefile.import_file(other, out)
        again = other.load(new_id)
    assert [m.move for m in again.moves] == [m.move for m in session.moves]
    game = session.game
    assert game.state_to_json(again.replay()) == game.state_to_json(session.current)


def _exported(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    book = tmp_path / "my-book.toml"
    book.write_bytes(BOOKS.all()["sample"].read_bytes())
    saved = savefile.from_session(_played(book, 4))
    out = tmp_path / "game.json"
    savefile.write_file(out, saved)
    book.unlink()
    data = json.loads(out.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return out, data


@pytest.mark.parametrize("change", ["text", "hash"])
def test_changed_content_is_refused_in_one_line(tmp_path: Path, change: str) -> None:
    """A carried book whose text or hash was edited does not match: the import says so in one line."""
    out, data = _exported(tmp_path)
    options = data["options"]
    assert isinstance(options, dict)
    value = str(options["book"])
    if change == "text":
        value = value.replace("Cinderwick", "Cinderwock", 1)
    else:
        head, _, text = value.partition("\n")
        digest = head.split("sha256=")[1][:64]
        value = head.replace(digest, "0" * 64) + "\n" + text
    options["book"] = value
    out.write_text(json.dumps(data), encoding="utf-8")
    with open_store(tmp_path / "home") as store, pytest.raises(SaveError) as refused:
        savefile.import_file(store, out)
    message = str(refused.value)
    assert "\n" not in message and "does not match its hash" in message


def test_embedded_values_are_checked() -> None:
    """The carried form reads back exactly; a malformed first line or non-UTF-8 bytes are refused."""
    value = embed("/x/book.twee", b":: Start\nHello\n")
    opened = open_embedded(value)
    assert (opened.name, opened.data) == ("/x/book.twee", b":: Start\nHello\n")
    with pytest.raises(ContentError, match="sha256= and name="):
        open_embedded("grognard-content nothing here\ntext")
    with pytest.raises(ContentError, match="not UTF-8"):
        embed("/x/book.toml", b"\xff\xfe")


def test_shipped_books_are_still_named_not_carried() -> None:
    """A shipped book stays a name: it is part of every install."""
    game = registry.get_game(SYSTEM, "gamebook")
    session = Session.new(SYSTEM, game, {"book": "sample", "hero": "10/20/9"}, 3)
    assert session.options["book"] == "sample"


def test_a_quest_file_travels_with_its_game(tmp_path: Path) -> None:
    """A HeroQuest quest read from a file: exported, the file deleted, imported into another home, the
    replay ends on the same state."""
    from grognard.systems.heroquest.content.quest_setup import quest_source

    quest = tmp_path / "my-quest.toml"
    shipped = quest_source("1-the-smugglers-stair")
    quest.write_bytes(shipped.read_bytes())
    game = registry.get_game("heroquest", "quest")
    session = Session.new("heroquest", game, {"quest": str(quest)}, 11)
    assert is_embedded(session.options["quest"])
    for _ in range(6):
        session.advance()
        if session.is_over():
            break
        session.play(session.current.legal_actions()[0])
    out = tmp_path / "quest.json"
    savefile.write_file(out, savefile.from_session(session))
    quest.unlink()
    with open_store(tmp_path / "home") as store:
        again = store.load(savefile.import_file(store, out))
    assert game.state_to_json(again.replay()) == game.state_to_json(session.current)


def test_an_old_game_naming_its_book_by_path_carries_it_once_exported(tmp_path: Path) -> None:
    """A game saved before content was carried names its book by path; it still loads (the book is read
    from that path), and its export reads the file once and carries it, so it imports where the file is
    gone, replaying to the same state."""
    book = tmp_path / "old-book.toml"
    book.write_bytes(BOOKS.all()["sample"].read_bytes())
    game = registry.get_game(SYSTEM, "gamebook")
    options = game.info.resolve_options({"book": str(book), "hero": "10/20/9"})
    old = Session(SYSTEM, game, options, 5)
    for _ in range(5):
        old.advance()
        old.play(old.current.legal_actions()[0])
    assert old.options["book"] == str(book)
    out = tmp_path / "old.json"
    with open_store(tmp_path / "home-a") as store:
        game_id = store.save(old, "old")
        assert store.load(game_id).options["book"] == str(book)
        written = savefile.export_file(store, game_id, out)
    assert is_embedded(written.options["book"])
    book.unlink()
    with open_store(tmp_path / "home-b") as other:
        again = other.load(savefile.import_file(other, out))
    replayed, before = game.state_to_json(again.replay()), game.state_to_json(old.current)
    assert isinstance(replayed, dict) and isinstance(before, dict)
    assert is_embedded(replayed.pop("book")) and before.pop("book") == str(book)
    assert replayed == before


def test_a_twee_story_is_carried_and_read_as_twee(tmp_path: Path) -> None:
    """A Twee story (the sample book written as Twee) is carried with its name, so it is read back as
    Twee, not TOML, where the file is gone."""
    from grognard.gamebook.load import load_book
    from grognard.gamebook.twee import export_twee

    story = tmp_path / "story.twee"
    story.write_text(export_twee(load_book(BOOKS.all()["sample"])), encoding="utf-8")
    session = _played(story, 5)
    assert open_embedded(str(session.options["book"])).name.endswith("story.twee")
    saved = savefile.from_session(session)
    story.unlink()
    again = savefile.replay(saved, "story game")
    assert session.game.state_to_json(again.current) == session.game.state_to_json(session.current)
