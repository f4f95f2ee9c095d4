"""What a visitor of a table may see and do: the table's address that cannot be guessed, the tables a
browser may list, and what of a game its export may carry.

A table's address (`table_key`) is its store id and an HMAC of that id under the server's secret: the
same in every worker, and worthless to guess without the secret, so a stranger cannot walk the tables
by counting. A browser lists the tables it holds a seat or the host's token at (its cookies say which)
and the tables their host marked public. An unfinished game's export never carries its seed (every
future die and card follows from it): the host's export carries the rest only while no other person sits
at the table, a seated player's export is what that seat sees, and once the game is over the whole
record is everyone's at the table. See docs/security.md.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from fastapi import HTTPException, Request

from grognard.engine.game import TERMINAL
from grognard.engine.match import Match
from grognard.engine.store import savefile
from grognard.engine.store.savefile import SavedGame
from grognard.i18n import gettext
from grognard.web.seats import held_games, is_host, seats_held

KEY_MAC_CHARS = 20
"""Hex digits of a table address's HMAC (80 bits)."""
PUBLIC_MARK = "public"
"""The table mark a host sets to list a table for everyone to find and watch."""


def table_key(secret: str, game_id: str) -> str:
    """The address of stored game `game_id` in the browser: its id and the id's HMAC."""
    mac = hmac.new(secret.encode(), f"table:{game_id}".encode(), hashlib.sha256).hexdigest()
    return f"{game_id}-{mac[:KEY_MAC_CHARS]}"


def store_id(secret: str, key: str) -> str:
    """The stored game's id of a table address; 404 for an address this server did not make."""
    game_id, _, _ = key.partition("-")
    if not game_id.isdigit() or len(game_id) > 12 or len(key) > 40:
        raise HTTPException(404, gettext("there is no such game here"))
    if not hmac.compare_digest(key.encode(), table_key(secret, game_id).encode()):
        raise HTTPException(404, gettext("there is no such game here"))
    return game_id


def held_keys(request: Request, secret: str) -> list[str]:
    """The table addresses this browser's cookies name (each address checked, tokens not yet)."""
    found = []
    for key in held_games(request):
        try:
            store_id(secret, key)
        except HTTPException:
            continue
        found.append(key)
    return found


@dataclass(frozen=True)
class Visitor:
    """Who is looking at a table: the seats this browser plays there and whether it started it."""

    seats: tuple[int, ...]
    host: bool

    @property
    def seated(self) -> bool:
        """Whether this browser plays a seat at the table or started it."""
        return bool(self.seats) or self.host


def visitor(request: Request, secret: str, key: str, seat_count: int) -> Visitor:
    """The visitor a request comes from, its tokens checked."""
    return Visitor(tuple(seats_held(request, secret, key, seat_count)), is_host(request, secret, key))


def humans(match: Match) -> int:
    """How many seats of a table people play."""
    return sum(1 for kind in match.seats if kind == "human")


def is_over(match: Match) -> bool:
    """Whether the game has ended."""
    return match.state.actor() is TERMINAL


def without_seed(data: dict[str, Any]) -> dict[str, Any]:
    """A saved game's data with the seed taken out (an unfinished game's future dice stay unknown)."""
    out = dict(data)
    out["seed"] = None
    out["seed_withheld"] = "the game is not over: its seed, from which every later roll follows, stays secret"
    return out


def export_data(match: Match, saved: SavedGame, who: Visitor) -> dict[str, Any]:
    """What the export of a game gives this visitor (403 when it gives nothing): the whole record once
    the game is over; before, the host's record without the seed while no other person sits at the
    table; else the seat's own view of the game."""
    data = savefile.to_data(saved)
    if is_over(match) and who.seated:
        return data
    alone = who.host and len(who.seats) >= humans(match)
    if alone:
        return without_seed(data)
    if not who.seats:
        raise HTTPException(403, gettext("the record of an unfinished game is for the people who play it"))
    seat = who.seats[0]
    view = match.view(seat, odds=False)
    return {
        "format": "grognard seat view",
        "note": "what one seat of an unfinished game sees; the whole record is given when the game is over",
        "system": data.get("system"),
        "game": data.get("game"),
        "title": data.get("title"),
        "seat": seat,
        "view": view.model_dump(mode="json"),
    }
