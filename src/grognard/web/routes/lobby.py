"""The lobby: `/lobby` (and `/lobby.json`) lists the tables their host opened to everyone, with the system,
the game, the seats free and the pace; `POST /lobby/<id>/join` seats a named player at a free seat, and a
table anyone may watch has a link to watch it. `POST /games/<id>/lobby` is the host's form: open the free
seats to the lobby, let anyone watch, the pace, and whether spectators may chat.

A table nobody opened is never listed (issue 29: tables are not listed to strangers): it stays reached by
its invitation links only. A seat is free when it is a person's seat, nobody sits at it by name and its
invitation link was never opened (`web.people.LINKED_MARK`: whoever opened it holds the seat, even before
choosing a name); two players who ask for one seat at once get it once (the store's unique seat), the
other is told it went.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from grognard.engine.errors import GrognardError, UsageError
from grognard.engine.match import Match
from grognard.engine.store.people import People
from grognard.i18n import game_name, gettext
from grognard.web.access import PUBLIC_MARK, is_over
from grognard.web.pages import front_of
from grognard.web.people import (
    OPEN_MARK,
    PACE_MARK,
    PACES,
    SPECTATOR_CHAT_MARK,
    linked,
    listed_to_all,
    pace,
)
from grognard.web.players import current
from grognard.web.routes.common import TableAccess, json_answer
from grognard.web.routes.deps import Form, Pages, Tables
from grognard.web.routes.players import system_name
from grognard.web.seats import keep, seat_token
from grognard.web.turns import BOT_MARK, LIMIT_MARK, LIMITS, bot_choices, limit_mark, limit_of

ROUTER = APIRouter()

LISTED = 100
"""The most tables the lobby lists (the latest first)."""


@dataclass(frozen=True)
class Seat:
    """One seat of a listed table: its number, its name in the game, who sits there by name, whether a
    bot plays it and whether its invitation link was opened (someone's, even without a name)."""

    seat: int
    name: str
    sitter: str
    bot: bool
    linked: bool = False


@dataclass(frozen=True)
class Open:
    """One table of the lobby: its address, names, pace, seats, whether a seat may be joined and whether
    it may be watched."""

    key: str
    title: str
    system: str
    game: str
    pace: str
    seats: tuple[Seat, ...]
    joinable: bool
    watchable: bool

    @property
    def free(self) -> list[Seat]:
        """The seats a player may take."""
        return [s for s in self.seats if not s.bot and not s.sitter and not s.linked] if self.joinable else []


def pace_words(marks: dict[str, str]) -> str:
    """A table's pace as the lobby says it, with its time per move when it has one."""
    limit = limit_of(marks)
    words = gettext(PACES[pace(marks)])
    if not limit:
        return words
    return gettext("%(pace)s, %(limit)s per move at most") % {
        "pace": words,
        "limit": gettext(LIMITS[str(limit[0])]),
    }


def lobby_tables(tables: TableAccess) -> list[Open]:
    """The tables their hosts listed, unfinished ones only, the latest first."""
    store = tables.store
    ids = set(store.marked(OPEN_MARK, "1")) | set(store.marked(PUBLIC_MARK, "1"))
    people = People(store)
    found: list[Open] = []
    for g in store.summaries():
        if g.id not in ids or len(found) >= LISTED:
            continue
        marks = store.marks(g.id)
        if not listed_to_all(marks):
            continue
        try:
            match = Match.load(store, g.id)
        except GrognardError:
            continue
        if is_over(match):
            continue
        view = match.view(None, odds=False)
        sitters = people.sitters(g.id)
        opened = linked(marks)
        seats = tuple(
            Seat(
                s,
                front_of(view).seat_name(view.public, s),
                sitters[s].name if s in sitters else "",
                kind != "human",
                s in opened,
            )
            for s, kind in enumerate(match.seats)
        )
        listed = Open(
            tables.key(g.id),
            tables.named(g),
            system_name(g.system),
            game_name(match.session.game.info.name),
            pace_words(marks),
            seats,
            marks.get(OPEN_MARK) == "1",
            marks.get(PUBLIC_MARK) == "1",
        )
        if listed.free or listed.watchable:  # a full table nobody may watch has nothing to offer
            found.append(listed)
    return found


@ROUTER.get("/lobby", response_class=HTMLResponse)
def lobby(request: Request, tables: Tables, page: Pages) -> HTMLResponse:
    player = current(request, tables.secret)
    return page(request, "lobby.html", tables=lobby_tables(tables), player=player)


@ROUTER.get("/lobby.json")
def lobby_json(tables: Tables) -> JSONResponse:
    """The lobby as JSON: each listed table with its free seats."""
    body = [
        {
            "address": t.key,
            "title": t.title,
            "system": t.system,
            "game": t.game,
            "pace": t.pace,
            "seats": [
                {"seat": s.seat, "name": s.name, "player": s.sitter or None, "bot": s.bot, "taken": s.linked}
                for s in t.seats
            ],
            "free": [s.seat for s in t.free],
            "watch": t.watchable,
        }
        for t in lobby_tables(tables)
    ]
    return json_answer(body)


@ROUTER.post("/lobby/{key}/join")
def join(request: Request, key: str, form: Form, tables: Tables) -> Response:
    """Take a free seat of a table opened in the lobby (a name chosen first): the seat's token is kept
    in this browser, as an invitation link's is."""
    player = current(request, tables.secret)
    if player is None:
        raise HTTPException(
            403, gettext("choose a name first (your page, at the top), so the others know who joined")
        )
    gid = tables.game_id(key)
    match = tables.load(key)
    marks = tables.store.marks(gid)
    if marks.get(OPEN_MARK) != "1" or is_over(match):
        raise HTTPException(403, gettext("this table does not take players from the lobby"))
    seat = form.get("seat", "")
    if not seat.isdigit() or int(seat) >= len(match.seats) or match.seats[int(seat)] != "human":
        raise UsageError(
            gettext("there is no seat {seat} for a player at this table").format(seat=repr(seat[:20]))
        )
    if int(seat) in linked(marks) and int(seat) not in People(tables.store).seats_of(player.id).get(gid, []):
        raise HTTPException(
            409, gettext("someone took that seat first, by the host's invitation: pick another")
        )
    if not People(tables.store).take_seat(gid, int(seat), player):
        raise HTTPException(409, gettext("someone took that seat first: pick another"))
    response = RedirectResponse(f"/games/{key}", status_code=303)
    keep(request, response, key, {seat: seat_token(tables.secret, key, int(seat))})
    return response


@ROUTER.post("/games/{key}/lobby")
def settings(request: Request, key: str, form: Form, tables: Tables) -> Response:
    """The host's settings of who may find the table: its free seats offered in the lobby (a name chosen
    first, and the host's own seats taken under it), anyone may watch, the pace, spectators in the chat."""
    gid = tables.game_id(key)
    match = tables.load(key)
    host = tables.visitor(request, key, match)
    if not host.host:
        raise HTTPException(403, gettext("only the browser that started this game may list it"))
    opened = form.get("open") == "1"
    player = current(request, tables.secret)
    if opened and player is None:
        raise HTTPException(
            403, gettext("choose a name first (your page, at the top), so the players who join know you")
        )
    chosen = form.get("pace", "")
    if chosen and chosen not in PACES:
        raise UsageError(
            gettext("a pace is one of: {paces}").format(paces=", ".join(gettext(w) for w in PACES.values()))
        )
    store = tables.store
    if player is not None:
        for s in host.seats:
            People(store).take_seat(gid, s, player)
    store.set_mark(gid, OPEN_MARK, "1" if opened else None)
    if "public" in form:
        store.set_mark(gid, PUBLIC_MARK, "1" if form.get("public") == "1" else None)
    store.set_mark(gid, SPECTATOR_CHAT_MARK, "1" if form.get("spectator_chat") == "1" else None)
    if chosen:
        store.set_mark(gid, PACE_MARK, chosen)
    marks = store.marks(gid)
    limit = form.get("limit")
    if limit is not None:
        if limit not in LIMITS:
            said = ", ".join(gettext(w) for w in LIMITS.values())
            raise UsageError(gettext("a time per move is one of: {limits}").format(limits=said))
        kept = limit_of(marks)
        if (str(kept[0]) if kept else "") != limit:  # a new limit counts from now
            store.set_mark(gid, LIMIT_MARK, limit_mark(limit))
    bot = form.get("limit_bot")
    if bot is not None:
        bots = bot_choices(match.views)
        if bot not in bots:
            said = gettext(" or ").join(gettext(w) for w in bots.values())
            raise UsageError(gettext("a timed-out move is played by {bots}").format(bots=said))
        store.set_mark(gid, BOT_MARK, None if bot == "bot" else bot)
    return RedirectResponse(f"/games/{key}", status_code=303)
