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
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from grognard.engine.errors import SaveError
from grognard.engine.store.sql import SqlStore, parse_id

CHAT_KEPT = 500
"""The most messages a table keeps; an older one goes when a newer one comes."""


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
            conn.execute("DELETE FROM chat WHERE game_id = ? AND id <= ?", (rowid, int(made[0]) - CHAT_KEPT))
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


def _message(row: Any) -> Message:
    n, seat, player, name, text, posted = row
    return Message(
        int(n), None if seat is None else int(seat), str(player), str(name), str(text), str(posted)
    )
