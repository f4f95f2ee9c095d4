"""The people travel with their games (issue 35): `games copy` carries every profile and each game's seats,
chat and table marks into another store (SQLite to PostgreSQL too); `games recover` carries what it can
still read of them; `games export` writes the names at the seats and the chat into the file and `games
import` brings them back (under new profiles), while a file carrying a bad name or message is refused in
one line before anything is stored; any data a file holds there gives people or one clean refusal
(hypothesis)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grognard.engine.errors import SaveError
from grognard.engine.store.factory import SqliteStore, copy_store, open_store, open_url
from grognard.engine.store.people import Carried, People, Player, carried_data, carried_from
from grognard.engine.store.sql import SqlStore
from tests.cli.helpers import grognard
from tests.toys import played_duel

ALICE = Player("p-alice-0123456789", "Alice", "alice@example.org")
BOB = Player("p-bob-0123456789ab", "Bob")


def a_table(store: SqlStore, seed: int = 3) -> str:
    """A duel of two people with Alice and Bob at its seats, a chat and table marks."""
    gid = store.create(played_duel(seed, 1), f"duel {seed}", ("human", "human"))
    people = People(store)
    people.save_player(ALICE)
    people.take_seat(gid, 0, ALICE)
    people.take_seat(gid, 1, BOB)
    people.say(gid, 0, ALICE, "good luck", most=10, seconds=10)
    people.say(gid, 1, BOB, "you too", most=10, seconds=10)
    store.set_mark(gid, "open", "1")
    store.set_mark(gid, "muted", "1")
    return gid


def the_people(store: SqlStore, gid: str) -> tuple[object, ...]:
    """What a table keeps of its people: who sits where, what was said, its marks, Alice's address."""
    people = People(store)
    kept = people.player(ALICE.id)
    return (
        {s: (p.player, p.name) for s, p in people.sitters(gid).items()},
        [(m.seat, m.name, m.text, m.posted) for m in people.chat(gid)],
        store.marks(gid),
        kept.email if kept else None,
    )


def test_games_copy_carries_the_players_seats_chat_and_marks(store_url: str, tmp_path: Path) -> None:
    with open_store(tmp_path / "home") as source, open_url(store_url) as target:
        if source.path == target.path:
            pytest.skip("the source is the target")
        gids = [a_table(source, 3), a_table(source, 4)]
        assert copy_store(source, target) == gids
        for gid in gids:
            assert the_people(target, gid) == the_people(source, gid)
        fresh = People(target).say(gids[0], 1, BOB, "after the copy", most=10, seconds=10)
        assert [m.text for m in People(target).chat(gids[0])][-1] == "after the copy"
        assert fresh.n > 0


def test_games_recover_carries_the_people_it_can_still_read(tmp_path: Path) -> None:
    with open_store(tmp_path / "home") as source:
        gid = a_table(source)
        expected = the_people(source, gid)
    damaged = tmp_path / "home" / "games.sqlite3"
    new = tmp_path / "new.sqlite3"
    ran = grognard("games", "recover", str(new), "--from", str(damaged), home=tmp_path / "home", toys=True)
    assert ran.code == 0, ran.err
    with SqliteStore(new) as recovered:
        assert the_people(recovered, gid) == expected


def test_recover_skips_the_people_it_cannot_read(tmp_path: Path) -> None:
    with open_store(tmp_path / "home") as source:
        gid = a_table(source)
    damaged = tmp_path / "home" / "games.sqlite3"
    with sqlite3.connect(damaged) as conn:
        conn.execute("DROP TABLE chat")
        conn.execute("UPDATE table_marks SET value = x'00ff' WHERE name = 'open'")  # bytes, not a text
    new = tmp_path / "new.sqlite3"
    ran = grognard("games", "recover", str(new), "--from", str(damaged), home=tmp_path / "home", toys=True)
    assert ran.code == 0, ran.err
    with SqliteStore(new) as recovered:
        seats, chat, marks, _ = the_people(recovered, gid)
        assert seats == {0: (ALICE.id, "Alice"), 1: (BOB.id, "Bob")} and chat == []
        assert marks == {"muted": "1"}


def test_export_and_import_carry_the_names_at_the_seats_and_the_chat(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with open_store(home) as store:
        gid = a_table(store)
    file = tmp_path / "game.json"
    ran = grognard("games", "export", gid, str(file), home=home, toys=True)
    assert ran.code == 0, ran.err
    assert "2 chat messages" in ran.out
    data = json.loads(file.read_text())
    assert data["seated"] == [{"seat": 0, "name": "Alice"}, {"seat": 1, "name": "Bob"}]
    assert [m["text"] for m in data["chat"]] == ["good luck", "you too"]
    assert ALICE.id not in file.read_text() and "alice@example.org" not in file.read_text()
    other = tmp_path / "other"
    ran = grognard("games", "import", str(file), home=other, toys=True)
    assert ran.code == 0, ran.err
    with open_store(other) as store:
        people = People(store)
        sitters = people.sitters("1")
        assert {s: p.name for s, p in sitters.items()} == {0: "Alice", 1: "Bob"}
        assert ALICE.id not in {p.player for p in sitters.values()}  # a file names no one's id
        assert [(m.name, m.text) for m in people.chat("1")] == [("Alice", "good luck"), ("Bob", "you too")]


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("chat", [{"name": "x" * 41, "text": "hi", "posted": "", "seat": 0}], "chat message 1"),
        ("chat", [{"name": "Ann", "text": "", "posted": "", "seat": 0}], "chat message 1"),
        ("chat", [{"name": "Ann", "text": "hi", "posted": "", "seat": True}], "chat message 1"),
        ("chat", "hello", "'chat' must be a list"),
        ("seated", [{"seat": 0, "name": "Ann"}, {"seat": 0, "name": "Bo"}], "seated entry 2"),
        ("seated", [{"seat": -1, "name": "Ann"}], "seated entry 1"),
        ("seated", [{"seat": 0, "name": "Ann\nB"}], "seated entry 1"),
        ("seated", {"0": "Ann"}, "'seated' must be a list"),
    ],
)
def test_a_file_carrying_a_bad_name_or_message_is_refused_before_anything_is_stored(
    tmp_path: Path, field: str, value: object, said: str
) -> None:
    home = tmp_path / "home"
    with open_store(home) as store:
        data = json.loads(json.dumps(carried_data(People(store), a_table(store))))
        exported = store.export_game("1")
    from grognard.engine.store import savefile

    file = tmp_path / "bad.json"
    file.write_text(json.dumps(savefile.to_data(exported) | data | {field: value}))
    ran = grognard("games", "import", str(file), home=tmp_path / "other", toys=True)
    assert ran.code == 2 and said in ran.err and len(ran.err.strip().splitlines()) == 1, ran.err
    with open_store(tmp_path / "other") as store:
        assert store.summaries() == []
    with pytest.raises(SaveError, match=said.replace("'", ".")):
        carried_from(savefile.to_data(exported) | {field: value}, "bad.json")


def test_a_file_without_people_carries_none() -> None:
    assert carried_from({"format": "grognard-saved-game"}, "f") == Carried()
    assert carried_from([1, 2], "f") == Carried()


def test_a_mark_is_swapped_only_from_the_value_expected_and_emailed_tables_are_found(store_url: str) -> None:
    with open_url(store_url) as store:
        gid = a_table(store)
        people = People(store)
        assert people.emailed_tables() == [gid]  # Alice gave an address
        assert people.swap_mark(gid, "told:0", None, "4/sending/x")
        assert not people.swap_mark(gid, "told:0", None, "4/sending/y")  # another process claimed it
        assert people.swap_mark(gid, "told:0", "4/sending/x", "4/sent")
        assert store.marks(gid)["told:0"] == "4/sent"
        assert people.swap_mark(gid, "told:0", "4/sent", None)
        assert "told:0" not in store.marks(gid)
        people.forget_email(ALICE.id)
        assert people.emailed_tables() == []


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=60),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=6),
    max_leaves=40,
)


@settings(max_examples=300, deadline=None)
@given(
    seated=json_values
    | st.lists(st.fixed_dictionaries({"seat": json_values, "name": json_values}), max_size=4),
    chat=json_values
    | st.lists(
        st.fixed_dictionaries(
            {"seat": json_values, "name": json_values, "text": json_values, "posted": json_values}
        ),
        max_size=4,
    ),
)
def test_any_people_a_file_carries_give_people_or_one_clean_refusal(seated: object, chat: object) -> None:
    try:
        found = carried_from({"seated": seated, "chat": chat}, "f.json")
    except SaveError as e:
        assert str(e).startswith("f.json: ") and "\n" not in str(e)
        return
    assert all(0 <= s < 100 and 0 < len(n) <= 40 for s, n in found.names.items())
    assert all(0 < len(m.text) <= 500 for m in found.chat)
