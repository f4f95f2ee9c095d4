"""Players, seats and chat kept beside the games (schema version 6), on SQLite and on PostgreSQL: a seat
is the first sitter's unless given again, messages come back in order and are counted per player in the
store, the oldest go past the cap, and all of it goes with its game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from grognard.engine.errors import SaveError
from grognard.engine.store import people as people_module
from grognard.engine.store.factory import open_url
from grognard.engine.store.people import People, Player, TooManyMessages
from grognard.engine.store.sql import SqlStore
from tests.toys import played_duel

ALICE = Player("p-alice", "Alice")
BOB = Player("p-bob", "Bob")


@pytest.fixture
def store(store_url: str) -> Iterator[SqlStore]:
    with open_url(store_url) as s:
        yield s


def a_game(store: SqlStore) -> str:
    session = played_duel(3, 1)
    return store.create(session, "a duel", ("human", "human"))


def test_a_profile_is_kept_and_renamed(store: SqlStore) -> None:
    people = People(store)
    assert people.player("p-alice") is None
    people.save_player(ALICE)
    people.save_player(Player("p-alice", "Alice B.", "alice@example.org"))
    assert people.player("p-alice") == Player("p-alice", "Alice B.", "alice@example.org")


def test_a_seat_is_the_first_sitters_unless_given_again(store: SqlStore) -> None:
    people = People(store)
    gid = a_game(store)
    assert people.take_seat(gid, 0, ALICE)
    assert people.take_seat(gid, 0, ALICE)  # again: still hers
    assert not people.take_seat(gid, 0, BOB)  # taken
    assert people.take_seat(gid, 1, BOB)
    assert {s: p.name for s, p in people.sitters(gid).items()} == {0: "Alice", 1: "Bob"}
    assert people.take_seat(gid, 0, BOB, again=True)  # an invitation link gives the seat anew
    assert people.seats_of("p-bob") == {gid: [0, 1]}
    people.save_player(Player("p-bob", "Robert"))
    assert people.sitters(gid)[1].name == "Robert"  # the name now
    with pytest.raises(SaveError):
        people.take_seat("999999", 0, ALICE)  # no such game


def test_messages_in_order_counted_per_player_and_capped(
    store: SqlStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    people = People(store)
    gid = a_game(store)
    before = people.activity(gid)
    for n in range(3):
        people.say(gid, 0, ALICE, f"a{n}", most=3, seconds=60)
    with pytest.raises(TooManyMessages):
        people.say(gid, 0, ALICE, "one too many", most=3, seconds=60)
    people.say(gid, None, BOB, "<b>hi</b>", most=3, seconds=60)  # another player's own count
    said = people.chat(gid)
    assert [(m.name, m.text, m.seat) for m in said] == [
        ("Alice", "a0", 0),
        ("Alice", "a1", 0),
        ("Alice", "a2", 0),
        ("Bob", "<b>hi</b>", None),
    ]
    assert [m.text for m in people.chat(gid, last=2)] == ["a2", "<b>hi</b>"]
    assert people.activity(gid) != before
    assert said[0].to_data() == {"seat": 0, "name": "Alice", "text": "a0", "posted": said[0].posted}
    monkeypatch.setattr(people_module, "CHAT_KEPT", 3)
    people.say(gid, 1, BOB, "last", most=9, seconds=60)
    assert [m.text for m in people.chat(gid)] == ["a2", "<b>hi</b>", "last"]
    other = a_game(store)
    people.keep_chat(other, said)
    assert [m.text for m in people.chat(other)] == ["a1", "a2", "<b>hi</b>"]
    store.delete(gid)
    assert people.chat(other) and people.seats_of("p-alice") == {}
    with pytest.raises(SaveError):
        people.say(gid, 0, ALICE, "to a deleted game", most=3, seconds=60)


def test_a_claim_is_made_once_per_value_and_an_address_is_kept_or_forgotten(store: SqlStore) -> None:
    people = People(store)
    gid = a_game(store)
    assert people.claim(gid, "told:1", "7")
    assert not people.claim(gid, "told:1", "7")  # the same turn: told already
    assert people.claim(gid, "told:1", "9")
    assert store.marks(gid) == {"told:1": "9"}
    people.save_player(Player("p-alice", "Alice", "alice@example.org"))
    people.save_player(Player("p-alice", "Alys"), email=False)
    assert people.player("p-alice") == Player("p-alice", "Alys", "alice@example.org")
    people.forget_email("p-alice")
    assert people.player("p-alice") == Player("p-alice", "Alys", "")


def test_a_table_keeps_its_own_last_messages_whatever_the_other_tables_say(
    store: SqlStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cap counts a table's own messages, not the store's (the load benchmark found messages lost
    when other tables' messages numbered past it)."""
    monkeypatch.setattr(people_module, "CHAT_KEPT", 3)
    people = People(store)
    quiet, busy = a_game(store), a_game(store)
    people.say(quiet, 0, ALICE, "hello", most=99, seconds=60)
    for n in range(8):
        people.say(busy, 1, BOB, f"b{n}", most=99, seconds=60)
    people.say(quiet, 0, ALICE, "again", most=99, seconds=60)
    assert [m.text for m in people.chat(quiet)] == ["hello", "again"]
    assert [m.text for m in people.chat(busy)] == ["b5", "b6", "b7"]
