"""The people at the tables: player profiles, who sits at which seat by name, and each table's chat.

Schema version 6 (`engine.store.migrations`) adds three tables beside the games: `players` (a profile a
browser chose: its random id, a name, an e-mail address or none), `table_seats` (the player who sat at a
seat of a game: one per seat, the first to sit keeps it unless the seat is given again) and `chat` (the
messages of a table, in order, each with its author's seat and name as they were when it was said). A
game's seats and chat go with it when it is deleted (foreign keys).

`People(store)` reads and writes them, each operation in its own transaction of the store, on either
backend; a change a table's pages should see (a seat taken, a message) is announced like a move
(`SqlStore.changed`: PostgreSQL's NOTIFY), so every server process wakes the pages watching that table.
The engine knows nothing of who a person is: the web front end signs the profile into a cookie.

The people travel with their games: `copy_people` carries every profile and each game's seats, chat and
table marks from one store to another (`games copy`), `salvage` what it can still read of them, and a
saved-game file carries the names at the seats and the chat (`carried_data`, `carried_from`,
`keep_carried`: the names come back under new profiles, since a file names no one's id).
"""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, TypeGuard

from grognard.engine.errors import SaveError
from grognard.engine.store.savefile import IN_PLAY
from grognard.engine.store.sql import SqlStore, parse_id
from grognard.i18n import gettext as _

CHAT_KEPT = 500
"""The most messages a table keeps; an older one goes when a newer one comes."""
TEXT_LIMIT = 500
"""The longest chat message, in characters."""
NAME_LIMIT = 40
"""The longest name a player may choose."""
MOST_SEATS = 100
"""Seat numbers a file may name are below this."""


@dataclass(frozen=True)
class Player:
    """A profile: its id (random, given by the front end), the name it chose, its e-mail address ("")."""

    id: str
    name: str
    email: str = ""


@dataclass(frozen=True)
class Sitter:
    """Who sits at one seat of a game: the seat, the player's id and name now."""

    seat: int
    player: str
    name: str


@dataclass(frozen=True)
class Message:
    """One chat message: its number (rising within the store), the author's seat (None: a spectator),
    player id and name as they were when it was said, its text and when it was said (ISO 8601 UTC)."""

    n: int
    seat: int | None
    player: str
    name: str
    text: str
    posted: str

    def to_data(self) -> dict[str, Any]:
        """The message as JSON-safe data (an export carries it; the player's id is not in it)."""
        return {"seat": self.seat, "name": self.name, "text": self.text, "posted": self.posted}


class TooManyMessages(SaveError):
    """A message refused: its author said as many as allowed in the last moments."""


def stamp(moment: datetime | None = None) -> str:
    """A time as the chat keeps it: ISO 8601 UTC to the millisecond (so stamps sort as text)."""
    return (moment or datetime.now(UTC)).isoformat(timespec="milliseconds")


class People:
    """The players, seats and chat kept in one store."""

    def __init__(self, store: SqlStore) -> None:
        self.store = store

    # Players.

    def save_player(self, player: Player, *, email: bool = True) -> None:
        """Keep a profile (a new one, or its name changed, and its address unless `email` is False)."""
        now = stamp()
        address = ", email = excluded.email" if email else ""
        with self.store.writing("keeping the player's name") as conn:
            conn.execute(
                "INSERT INTO players (id, name, email, created, updated) VALUES (?, ?, ?, ?, ?)"
                f" ON CONFLICT (id) DO UPDATE SET name = excluded.name{address}, updated = excluded.updated",
                (player.id, player.name, player.email, now, now),
            )

    def forget_email(self, player_id: str) -> None:
        """Keep no e-mail address for `player_id` any more."""
        with self.store.writing("forgetting the e-mail address") as conn:
            conn.execute("UPDATE players SET email = '' WHERE id = ?", (player_id,))

    def player(self, player_id: str) -> Player | None:
        """The profile kept under `player_id`, or None."""
        with self.store.reading() as conn:
            row = conn.execute("SELECT id, name, email FROM players WHERE id = ?", (player_id,)).fetchone()
        return None if row is None else Player(str(row[0]), str(row[1]), str(row[2]))

    # Seats.

    def take_seat(self, game_id: str, seat: int, player: Player, *, again: bool = False) -> bool:
        """Sit `player` at `seat` of the game (the profile kept too); whether the seat is theirs now. A seat
        another player holds stays theirs, unless `again` gives it anew (an invitation link opened)."""
        rowid = parse_id(game_id)
        now = stamp()
        with self.store.writing("taking the seat") as conn:
            conn.execute(
                "INSERT INTO players (id, name, email, created, updated) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (id) DO NOTHING",
                (player.id, player.name, player.email, now, now),
            )
            found = conn.execute(
                "SELECT player FROM table_seats WHERE game_id = ? AND seat = ?", (rowid, seat)
            ).fetchone()
            if found is not None and (str(found[0]) == player.id or not again):
                return str(found[0]) == player.id
            conn.execute(
                "INSERT INTO table_seats (game_id, seat, player, taken) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, seat) DO UPDATE SET player = excluded.player, taken = excluded.taken",
                (rowid, seat, player.id, now),
            )
            self.store.changed(conn, rowid)
        return True

    def sitters(self, game_id: str) -> dict[int, Sitter]:
        """Who sits at the game's seats, by seat (a seat nobody took by name is not in it)."""
        with self.store.reading() as conn:
            rows = conn.execute(
                "SELECT s.seat, s.player, p.name FROM table_seats s JOIN players p ON p.id = s.player"
                " WHERE s.game_id = ? ORDER BY s.seat",
                (parse_id(game_id),),
            ).fetchall()
        return {int(seat): Sitter(int(seat), str(pid), str(name)) for seat, pid, name in rows}

    def seats_of(self, player_id: str) -> dict[str, list[int]]:
        """The games `player_id` sits at, each with its seats there."""
        with self.store.reading() as conn:
            rows = conn.execute(
                "SELECT game_id, seat FROM table_seats WHERE player = ? ORDER BY game_id, seat", (player_id,)
            ).fetchall()
        out: dict[str, list[int]] = {}
        for gid, seat in rows:
            out.setdefault(str(gid), []).append(int(seat))
        return out

    def claim(self, game_id: str, name: str, value: str) -> bool:
        """Set the game's table mark `name` to `value` unless it holds it already, in one transaction
        under the game's lock; whether this call set it (so of several server processes one does a thing
        once: one e-mail per turn). Nobody watching is told: it changes nothing a page shows."""
        rowid = parse_id(game_id)
        with self.store.writing("marking the table") as conn:
            self.store.lock_game(conn, rowid)
            found = conn.execute(
                "SELECT value FROM table_marks WHERE game_id = ? AND name = ?", (rowid, name)
            ).fetchone()
            if found is not None and str(found[0]) == value:
                return False
            conn.execute("DELETE FROM table_marks WHERE game_id = ? AND name = ?", (rowid, name))
            conn.execute(
                "INSERT INTO table_marks (game_id, name, value) VALUES (?, ?, ?)", (rowid, name, value)
            )
        return True

    def swap_mark(self, game_id: str, name: str, old: str | None, new: str | None) -> bool:
        """Set the game's table mark `name` to `new` (None: remove it) if it holds `old` (None: none), in
        one transaction under the game's lock; whether it was set (of several server processes, the one
        that sees the value it expects). Nobody watching is told: it changes nothing a page shows."""
        rowid = parse_id(game_id)
        with self.store.writing("marking the table") as conn:
            self.store.lock_game(conn, rowid)
            found = conn.execute(
                "SELECT value FROM table_marks WHERE game_id = ? AND name = ?", (rowid, name)
            ).fetchone()
            if (None if found is None else str(found[0])) != old:
                return False
            conn.execute("DELETE FROM table_marks WHERE game_id = ? AND name = ?", (rowid, name))
            if new is not None:
                conn.execute(
                    "INSERT INTO table_marks (game_id, name, value) VALUES (?, ?, ?)", (rowid, name, new)
                )
        return True

    def emailed_tables(self) -> list[str]:
        """The ids of the unfinished games where a player who gave an e-mail address sits."""
        with self.store.reading() as conn:
            rows = conn.execute(
                "SELECT DISTINCT s.game_id FROM table_seats s JOIN players p ON p.id = s.player"
                " JOIN games g ON g.id = s.game_id WHERE p.email <> '' AND g.status = ? ORDER BY s.game_id",
                (IN_PLAY,),
            ).fetchall()
        return [str(r[0]) for r in rows]

    def tables_marked(self, name: str) -> list[str]:
        """The ids of the games that have a table mark `name` (whatever its value)."""
        with self.store.reading() as conn:
            rows = conn.execute(
                "SELECT game_id FROM table_marks WHERE name = ? ORDER BY game_id", (name,)
            ).fetchall()
        return [str(r[0]) for r in rows]

    # Chat.

    def say(
        self, game_id: str, seat: int | None, player: Player, text: str, *, most: int, seconds: float
    ) -> Message:
        """Keep a message of `player` (at `seat`, or a spectator) at the game; `TooManyMessages` when they
        said `most` already in the last `seconds` (counted in the store, so in every server process)."""
        rowid = parse_id(game_id)
        moment = datetime.now(UTC)
        since = stamp(moment - timedelta(seconds=seconds))
        with self.store.writing("keeping the message") as conn:
            self.store.lock_game(conn, rowid)
            said = conn.execute(
                "SELECT COUNT(*) FROM chat WHERE game_id = ? AND player = ? AND posted > ?",
                (rowid, player.id, since),
            ).fetchone()
            if int(said[0]) >= most:
                raise TooManyMessages(
                    f"you have said {most} things in the last {seconds:g} seconds: wait a moment"
                )
            posted = stamp(moment)
            made = conn.execute(
                "INSERT INTO chat (game_id, seat, player, name, text, posted) VALUES (?, ?, ?, ?, ?, ?)"
                " RETURNING id",
                (rowid, seat, player.id, player.name, text, posted),
            ).fetchone()
            oldest = (
                conn.execute(  # the newest message past the table's last CHAT_KEPT (ids count every table's)
                    "SELECT id FROM chat WHERE game_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?",
                    (rowid, CHAT_KEPT),
                ).fetchone()
            )
            if oldest is not None:
                conn.execute("DELETE FROM chat WHERE game_id = ? AND id <= ?", (rowid, int(oldest[0])))
            self.store.changed(conn, rowid)
        return Message(int(made[0]), seat, player.id, player.name, text, posted)

    def chat(self, game_id: str, last: int = CHAT_KEPT) -> list[Message]:
        """The game's last `last` messages, oldest first."""
        with self.store.reading() as conn:
            rows = conn.execute(
                "SELECT id, seat, player, name, text, posted FROM chat WHERE game_id = ?"
                " ORDER BY id DESC LIMIT ?",
                (parse_id(game_id), last),
            ).fetchall()
        return [_message(r) for r in reversed(rows)]

    def activity(self, game_id: str) -> tuple[int, tuple[tuple[int, str], ...]]:
        """What a table's live stream compares to see the people change: the number of its last
        message (0: none) and who sits where."""
        rowid = parse_id(game_id)
        with self.store.reading() as conn:
            last = conn.execute("SELECT MAX(id) FROM chat WHERE game_id = ?", (rowid,)).fetchone()
            seats = conn.execute(
                "SELECT seat, player FROM table_seats WHERE game_id = ? ORDER BY seat", (rowid,)
            ).fetchall()
        return int(last[0] or 0), tuple((int(s), str(p)) for s, p in seats)

    def keep_chat(self, game_id: str, messages: Iterable[Message]) -> None:
        """Put messages (of an imported game) back at the game, in their order."""
        rowid = parse_id(game_id)
        with self.store.writing("keeping the chat") as conn:
            for m in list(messages)[-CHAT_KEPT:]:
                conn.execute(
                    "INSERT INTO chat (game_id, seat, player, name, text, posted) VALUES (?, ?, ?, ?, ?, ?)",
                    (rowid, m.seat, m.player, m.name, m.text, m.posted),
                )
            self.store.changed(conn, rowid)


@dataclass(frozen=True)
class Carried:
    """What a saved-game file carries of the people at its table: the name at each seat taken by name,
    and the chat."""

    names: dict[int, str] = field(default_factory=dict)
    chat: tuple[Message, ...] = ()


def carried_data(people: People, game_id: str) -> dict[str, Any]:
    """The people of a game as a saved-game file carries them: `seated` (seat and name) and `chat`."""
    return {
        "seated": [{"seat": s.seat, "name": s.name} for s in people.sitters(game_id).values()],
        "chat": [m.to_data() for m in people.chat(game_id)],
    }


def carried_from(data: Any, source: str) -> Carried:
    """The people a saved-game file's data carries (none: nothing), each name and message checked: a
    `SaveError` naming `source` and the entry when one is not a name, a text and a time of the lengths
    a table allows."""
    if not isinstance(data, Mapping):
        return Carried()
    seated, chat = data.get("seated"), data.get("chat")
    names: dict[int, str] = {}
    if seated is not None:
        if not isinstance(seated, list) or len(seated) > MOST_SEATS:
            raise SaveError(
                _("%(source)s: 'seated' must be a list of at most %(most)s seats")
                % {"source": source, "most": MOST_SEATS}
            )
        for n, entry in enumerate(seated, 1):
            fields = entry if isinstance(entry, Mapping) else {}
            seat, name = fields.get("seat"), fields.get("name")
            if type(seat) is not int or not 0 <= seat < MOST_SEATS or not _name(name) or seat in names:
                raise SaveError(
                    _("%(source)s: seated entry %(number)s is not a seat (0 to 99, once) and a name")
                    % {"source": source, "number": n}
                )
            names[seat] = name
    messages = []
    if chat is not None:
        if not isinstance(chat, list) or len(chat) > CHAT_KEPT:
            raise SaveError(
                _("%(source)s: 'chat' must be a list of at most %(most)s messages")
                % {"source": source, "most": CHAT_KEPT}
            )
        for n, entry in enumerate(chat, 1):
            fields = entry if isinstance(entry, Mapping) else {}
            name, text, posted, seat = (fields.get(k) for k in ("name", "text", "posted", "seat"))
            if not (
                _name(name)
                and isinstance(text, str)
                and 0 < len(text) <= TEXT_LIMIT
                and isinstance(posted, str)
                and len(posted) <= 40
                and (seat is None or (type(seat) is int and 0 <= seat < MOST_SEATS))
            ):
                raise SaveError(
                    _(
                        "%(source)s: chat message %(number)s is not a name, a text and a time of the lengths "
                        "allowed"
                    )
                    % {"source": source, "number": n}
                )
            messages.append(Message(0, seat, "imported", name, text, posted))
    return Carried(names, tuple(messages))


def _name(name: object) -> TypeGuard[str]:
    return (
        isinstance(name, str) and 0 < len(name) <= NAME_LIMIT and name.strip() == name and name.isprintable()
    )


def keep_carried(people: People, game_id: str, carried: Carried, seats: Sequence[str]) -> None:
    """Put what a file carried back at the game, whose seats are `seats` (their kinds: "human", a bot):
    each name under a new profile of its own (one per name) at its seat when that is a person's (a game
    that keeps no seats has one, seat 0), and the chat."""
    people_seats = {s for s, kind in enumerate(seats) if kind == "human"} if seats else {0}
    made: dict[str, Player] = {}
    for seat, name in sorted(carried.names.items()):
        if seat in people_seats:
            player = made.setdefault(name, Player(f"imported-{secrets.token_urlsafe(12)}", name))
            people.take_seat(game_id, seat, player)
    if carried.chat:
        people.keep_chat(game_id, carried.chat)


PEOPLE_TABLES = ("players", "table_seats", "chat", "table_marks")
"""The tables the people of a store are kept in, besides its games."""
_COLUMNS = {
    "players": ("id", "name", "email", "created", "updated"),
    "table_seats": ("game_id", "seat", "player", "taken"),
    "chat": ("game_id", "seat", "player", "name", "text", "posted"),
    "table_marks": ("game_id", "name", "value"),
}


@dataclass
class PeopleRows:
    """The rows of the people's tables, read from one store, to be written into another."""

    rows: dict[str, list[tuple[Any, ...]]] = field(default_factory=dict)


def read_people(conn: Any, damaged: bool = False) -> PeopleRows:
    """The rows of the people's tables through `conn` (a store's read transaction, or a plain SQLite
    connection to a damaged file); with `damaged`, a table that cannot be read is left out and a row of
    the wrong shape skipped."""
    out = PeopleRows()
    for table in PEOPLE_TABLES:
        columns = _COLUMNS[table]
        order = " ORDER BY id" if table == "chat" else ""
        try:
            rows = conn.execute(f"SELECT {', '.join(columns)} FROM {table}{order}").fetchall()
        except sqlite3.Error:
            if not damaged:
                raise
            continue
        out.rows[table] = [tuple(r) for r in rows if not damaged or _sound(table, tuple(r))]
    return out


def _sound(table: str, row: tuple[Any, ...]) -> bool:
    texts = {"players": (0, 1, 2, 3, 4), "table_seats": (2, 3), "chat": (2, 3, 4, 5), "table_marks": (1, 2)}
    ints = {"players": (), "table_seats": (0, 1), "chat": (0,), "table_marks": (0,)}
    return (
        len(row) == len(_COLUMNS[table])
        and all(isinstance(row[i], str) for i in texts[table])
        and all(type(row[i]) is int for i in ints[table])
        and (table != "chat" or row[1] is None or type(row[1]) is int)
    )


def write_people(target: SqlStore, found: PeopleRows, games: Iterable[str]) -> None:
    """Write rows read by `read_people` into `target`, for the games `games` (ids the target holds) only:
    every profile, then those games' seats, chat and table marks, in one transaction. A profile the
    target holds already keeps its own."""
    keep = {parse_id(g) for g in games}
    with target.writing("copying the players, seats and chat") as conn:
        for row in found.rows.get("players", []):
            conn.execute(
                "INSERT INTO players (id, name, email, created, updated) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (id) DO NOTHING",
                row,
            )
        known = {str(r[0]) for r in conn.execute("SELECT id FROM players").fetchall()}
        for table in ("table_seats", "chat", "table_marks"):
            columns = _COLUMNS[table]
            marks = ", ".join("?" for _ in columns)
            for row in found.rows.get(table, []):
                if row[0] not in keep or (table == "table_seats" and str(row[2]) not in known):
                    continue
                conn.execute(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks}) ON CONFLICT DO NOTHING", row
                )


def copy_people(source: SqlStore, target: SqlStore, games: Iterable[str]) -> None:
    """Copy every profile of `source`, and the seats, chat and table marks of `games`, into `target`."""
    with source.reading() as conn:
        found = read_people(conn)
    write_people(target, found, games)


def _message(row: Any) -> Message:
    n, seat, player, name, text, posted = row
    return Message(
        int(n), None if seat is None else int(seat), str(player), str(name), str(text), str(posted)
    )
