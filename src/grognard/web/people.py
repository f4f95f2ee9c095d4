"""The people at a table, as the web front end sees them: the names at its seats, the host's settings for
the lobby and the chat (table marks), and who may read and write its chat.

A table's host decides, in table marks kept beside the game: whether its free seats are offered in the
lobby (`OPEN_MARK`), whether anyone may find it and watch (`access.PUBLIC_MARK`), its pace (`PACE_MARK`:
live, a move a day, a move a week), whether spectators may read and write its chat (`SPECTATOR_CHAT_MARK`)
and which seats may not write there (`MUTED_MARK`). A finished table that was played again names the new
game (`REMATCH_MARK`), so the other players find their seats there.

Chat: the seated players (and the host) read and write it; spectators only where the host allowed it; a
stranger, who holds no seat, never (the table's address alone, which a spectator link carries, does not
let anyone read it unless the host allowed spectators). Writing needs a name (`web.players`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from grognard.engine.store.people import TEXT_LIMIT, Player
from grognard.i18n import N_
from grognard.web.access import PUBLIC_MARK, Visitor

OPEN_MARK = "open"
"""The table mark of a table whose free seats the lobby offers ("1")."""
PACE_MARK = "pace"
"""The table mark of a table's pace: one of `PACES`."""
SPECTATOR_CHAT_MARK = "spectator-chat"
"""The table mark letting spectators read and write the chat ("1")."""
MUTED_MARK = "muted"
"""The table mark of the seats the host muted: their numbers, comma-separated."""
LINKED_MARK = "linked"
"""The table mark of the seats whose invitation link was opened: their numbers, comma-separated. Such a
seat is someone's even when they chose no name, so the lobby never offers it."""
REMATCH_MARK = "rematch"
"""The table mark of a finished table played again: the new game's id."""

PACES = {
    "live": N_("live: a move every few minutes"),
    "day": N_("a move a day"),
    "week": N_("a move a week"),
}
"""A table's pace, as the host picks it and the lobby says it."""
DEFAULT_PACE = "live"

CHAT_LIMIT = TEXT_LIMIT
"""The longest chat message, in characters (what a saved-game file may carry too)."""
CHAT_BURST = 5
"""How many messages one player may say at one table within `CHAT_WINDOW` seconds."""
CHAT_WINDOW = 20.0
"""The seconds `CHAT_BURST` counts over."""
CHAT_SHOWN = 100
"""How many of a table's last messages its page shows."""


def pace(marks: Mapping[str, str]) -> str:
    """A table's pace (`PACES`)."""
    found = marks.get(PACE_MARK, DEFAULT_PACE)
    return found if found in PACES else DEFAULT_PACE


def seat_list(marks: Mapping[str, str], name: str) -> set[int]:
    """The seats a table mark of seat numbers (`MUTED_MARK`, `LINKED_MARK`) names."""
    return {int(p) for p in marks.get(name, "").split(",") if p.isdigit() and len(p) < 4}


def muted(marks: Mapping[str, str]) -> set[int]:
    """The seats the host muted."""
    return seat_list(marks, MUTED_MARK)


def linked(marks: Mapping[str, str]) -> set[int]:
    """The seats whose invitation link was opened (taken, even by a player who chose no name)."""
    return seat_list(marks, LINKED_MARK)


@dataclass(frozen=True)
class ChatRights:
    """What one visitor may do with a table's chat, and why not when they may not write."""

    read: bool
    write: bool
    why_not: str = ""


def chat_rights(who: Visitor, marks: Mapping[str, str], player: Player | None) -> ChatRights:
    """What `who` (with their `player` profile, if any) may do with the chat of a table with `marks`."""
    spectators = marks.get(SPECTATOR_CHAT_MARK) == "1"
    if not who.seated and not spectators:
        return ChatRights(False, False, N_("the chat of this table is for the people who play at it"))
    if not who.host and who.seats and set(who.seats) <= muted(marks):
        return ChatRights(True, False, N_("the host has muted your seat in this chat"))
    if player is None:
        return ChatRights(True, False, N_("choose a name to chat"))
    return ChatRights(True, True)


def listed_to_all(marks: Mapping[str, str]) -> bool:
    """Whether the lobby lists the table: its free seats are offered, or anyone may watch it."""
    return marks.get(OPEN_MARK) == "1" or marks.get(PUBLIC_MARK) == "1"
