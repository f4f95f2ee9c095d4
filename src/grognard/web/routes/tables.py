"""A table: its page, its fragment and view as JSON, an invitation, moves, undo, "play again", listing it
for everyone, its live events, its odds, its replay and its export.

Every request loads the game from the store and plays through the match driver (`engine.match`), so
nothing that matters lives in one worker's memory: a move is kept only if it extends the stored moves (the
driver's ply check), and any worker can serve any table. The handlers are plain functions, which FastAPI
runs in its thread pool: one request's store work stays in one thread (SQLite connections must), and a
long bot turn never blocks the other requests. The live stream (`/games/<id>/events`) watches the stored
game (`web.live`: polling on SQLite, PostgreSQL's NOTIFY from any worker) and tells the pages at the
table to fetch their view again.

A POST that moves the game (`act`, `advance`, `undo`, `again`) answers as a form expects (back to the
table; htmx: its fragment), or, to a request sent with `Accept: application/json`, the table's new view
as `view.json` gives it.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import AsyncIterator, Mapping
from contextlib import suppress
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.concurrency import run_in_threadpool

from grognard.engine.errors import GrognardError, UsageError
from grognard.engine.match import Match, MatchError, StaleMoveError
from grognard.engine.store import savefile
from grognard.engine.store.people import People, Player, Sitter, carried_data
from grognard.engine.view import ActionView
from grognard.i18n import gettext
from grognard.web import live_odds
from grognard.web.access import PUBLIC_MARK, Visitor, export_data, is_over
from grognard.web.live import STOPPING, watch
from grognard.web.notices import TOLD_MARK, mail_on, remember_base, tell_turns
from grognard.web.pages import is_htmx
from grognard.web.people import (
    CHAT_LIMIT,
    LINKED_MARK,
    MUTED_MARK,
    OPEN_MARK,
    PACE_MARK,
    PACES,
    REMATCH_MARK,
    SPECTATOR_CHAT_MARK,
    chat_rights,
    linked,
    muted,
    pace,
)
from grognard.web.players import current
from grognard.web.routes.common import Page, TableAccess, back, json_answer, waits, wants_json, writing
from grognard.web.routes.deps import Form, Pages, Tables
from grognard.web.seats import host_token, keep, seat_token
from grognard.web.security import same
from grognard.web.stepping import bot_steps
from grognard.web.turns import BOT_MARK, LIMITS, bot_choices, late_moves, limit_of

ROUTER = APIRouter()

STREAM_SECONDS = 3600
"""How long one live stream stays open (the browser opens a new one after)."""

CHAT_MARKS = (MUTED_MARK, SPECTATOR_CHAT_MARK)
"""The table marks that change who may use the chat: a change of one is told on the stream (`rights`)."""

UNDO_MARK = "undo"
"""The table mark holding a request to take a move back: "<seat>/<ply>/<seats that agreed>"."""


def undo_request(marks: Mapping[str, str]) -> tuple[int, int, set[int]] | None:
    """A pending request to take a move back: the seat asking, the ply it stood at, who agreed."""
    raw = marks.get(UNDO_MARK, "")
    parts = raw.split("/")
    if len(parts) != 3 or not parts[0].isdigit() or not parts[1].isdigit():
        return None
    agreed = {int(p) for p in parts[2].split(",") if p.isdigit()}
    return int(parts[0]), int(parts[1]), agreed


def own_undo_allowed(match: Match, seat: int) -> bool:
    """Whether `seat` may take back its last decision alone: it has one, and no other person has
    decided since (a table of one person always may)."""
    moves = match.session.moves
    last = max((i for i, m in enumerate(moves) if m.player == seat), default=None)
    if last is None:
        return False
    others = {s for s, kind in enumerate(match.seats) if kind == "human" and s != seat}
    return not any(m.player in others for m in moves[last + 1 :])


def forget_undo_request(tables: TableAccess, match: Match) -> None:
    """Drop the table's pending request to take a move back, if it has one."""
    gid = match.session.game_id
    if gid is not None and undo_request(tables.store.marks(gid)) is not None:
        tables.store.set_mark(gid, UNDO_MARK, None)


def table_context(
    request: Request,
    tables: TableAccess,
    key: str,
    spectate: bool,
    at: int | None = None,
    looking: Visitor | None = None,
) -> dict[str, Any]:
    """Everything the table page shows this visitor (`looking`: by default the request's own)."""
    match = tables.load(key)
    looking = looking or tables.visitor(request, key, match)
    mine = [] if spectate else list(looking.seats)
    acting = [s for s in mine if s in match.humans_to_act()]
    seat = acting[0] if acting else (mine[0] if mine else None)
    step = at is not None and 0 <= at < match.ply
    if step:  # one position of the bots' last moves, shown before the live table (web/stepping.py)
        acting, view = [], match.replay_view(at, seat)
    else:
        view = match.view(seat, odds=False)
    host = not spectate and looking.host
    gid = match.session.game_id
    assert gid is not None
    player = current(request, tables.secret)
    sitters = People(tables.store).sitters(gid)
    invitations = []
    base = str(request.base_url).rstrip("/")
    others = {s for s, p in sitters.items() if player is None or p.player != player.id}
    if host:  # a seat another player took by name (in the lobby, by its link) needs no invitation
        invitations = [
            (s, f"{base}/games/{key}/seat/{s}/{seat_token(tables.secret, key, s)}")
            for s, kind in enumerate(match.seats)
            if kind == "human" and s not in mine and s not in others
        ]
    marks = tables.store.marks(gid)
    bots = bot_choices(match.views)
    asked = undo_request(marks)
    rematch = marks.get(REMATCH_MARK, "")
    return {
        "game_id": key,
        "view": view,
        "seat": seat,
        "seats": match.seats,
        "mine": mine,
        "acting": bool(acting),
        "spectate": spectate,
        "invitations": invitations,
        "title": tables.title(key),
        "revision": match.session.revision or 0,
        "steps": bot_steps(match),
        "step": step,
        "odds_pending": bool(acting) and live_odds.has_heavy_odds(match),
        "spectator_link": f"{base}/games/{key}?spectate=1",
        "host": host,
        "public": marks.get(PUBLIC_MARK) == "1",
        "waits": bool(mine) and waits(match),
        "over": is_over(match),
        "undo_asks": any(m.player in mine for m in match.session.moves)
        and not any(own_undo_allowed(match, s) for s in mine if match.seats[s] == "human"),
        "undo_asked": asked,
        "undo_to_answer": asked is not None
        and any(s != asked[0] and s not in asked[2] and match.seats[s] == "human" for s in mine),
        "player": player,
        "names": {s: sitter.name for s, sitter in sitters.items()},
        "chat": chat_rights(looking, marks, player),
        "chat_limit": CHAT_LIMIT,
        "muted": muted(marks),
        "linked": linked(marks),
        "open": marks.get(OPEN_MARK) == "1",
        "spectator_chat": marks.get(SPECTATOR_CHAT_MARK) == "1",
        "pace": pace(marks),
        "paces": PACES,
        "rematch": tables.key(rematch) if rematch.isdigit() else "",
        "around": around(marks, sitters),
        "limit": str(limit[0]) if (limit := limit_of(marks)) else "",
        "limits": LIMITS,
        "limit_bot": marks.get(BOT_MARK, "bot") if marks.get(BOT_MARK) in bots else "bot",
        "bots": bots,
        "late": late_moves(marks),
    }


def around(marks: Mapping[str, str], sitters: Mapping[int, Sitter]) -> str:
    """A short stamp of what changes at a table besides its moves (its marks, who sits where by name): the
    page swaps in a live fetch of the same revision when this differs."""
    shown = sorted((n, v) for n, v in marks.items() if not n.startswith(TOLD_MARK))
    seen = shown, sorted((s, p.player, p.name) for s, p in sitters.items())
    return hashlib.sha256(repr(seen).encode()).hexdigest()[:12]


def view_body(context: Mapping[str, Any]) -> dict[str, Any]:
    """The table as JSON (`view.json`): the view of the visitor's seat, whose turn, the seats."""
    return {
        "address": context["game_id"],
        "view": context["view"].model_dump(mode="json"),
        "seat": context["seat"],
        "mine": context["mine"],
        "acting": context["acting"],
        "seats": context["seats"],
        "title": context["title"],
        "over": context["over"],
        "waits": context["waits"],
        "undo_request": context["undo_asked"] is not None,
        "undo_to_answer": context["undo_to_answer"],
    }


def moved(request: Request, tables: TableAccess, key: str, notice: str = "") -> Response:
    """The answer to a POST that moved the table: its new view as JSON to a request that asked for JSON
    (with the `notice` the page would show), else back to the table. The players whose turn it now is are
    told by e-mail where they asked to be (`web.notices`)."""
    if mail_on():
        match = tables.load(key)
        tell_turns(request, tables, match, tables.visitor(request, key, match))
    if wants_json(request):
        body = view_body(table_context(request, tables, key, False))
        return json_answer(body | ({"notice": notice} if notice else {}))
    return back(request, key)


def notice(
    request: Request,
    tables: TableAccess,
    page: Page,
    key: str,
    message: str,
    asking: ActionView | None = None,
    asking_to: str = "act",
) -> Response:
    """The table with a notice over it (htmx: its fragment; JSON: the view and the notice); with `asking`,
    the notice is that action's question, answered by posting it again to `asking_to` or not at all."""
    if wants_json(request):
        return moved(request, tables, key, message)
    context = table_context(request, tables, key, False)
    template = "fragments/table.html" if is_htmx(request) else "table.html"
    return page(request, template, **context, notice=message, asking=asking, asking_to=asking_to)


@ROUTER.get("/games/{key}/seat/{seat}/{token}")
def join(request: Request, key: str, seat: int, token: str, tables: Tables) -> Response:
    match = tables.load(key)
    if not 0 <= seat < len(match.seats) or not same(token, seat_token(tables.secret, key, seat)):
        raise HTTPException(403, gettext("this invitation link is not valid for this game"))
    response = RedirectResponse(f"/games/{key}", status_code=303)
    keep(request, response, key, {str(seat): token})
    player = current(request, tables.secret)
    gid = tables.game_id(key)
    if match.seats[seat] == "human":
        if player is not None:  # whoever opens the link plays the seat
            People(tables.store).take_seat(gid, seat, player, again=True)
        opened = linked(tables.store.marks(gid))
        if seat not in opened:  # someone's now, named or not: the lobby no longer offers it
            tables.store.set_mark(gid, LINKED_MARK, ",".join(str(s) for s in sorted(opened | {seat})))
    return response


def sit_by_name(request: Request, tables: TableAccess, key: str, seats: list[int]) -> None:
    """Sit this browser's player (when it chose a name) at the people's seats it holds and nobody took by
    name yet: the other players see the name there."""
    player = current(request, tables.secret)
    if player is None or not seats:
        return
    gid = tables.game_id(key)
    people = People(tables.store)
    taken = people.sitters(gid)
    for s in seats:
        if s not in taken:
            people.take_seat(gid, s, player)


@ROUTER.get("/games/{key}", response_class=HTMLResponse)
def table(request: Request, key: str, tables: Tables, page: Pages, spectate: bool = False) -> HTMLResponse:
    match = tables.load(key)
    held = tables.visitor(request, key, match).seats
    sit_by_name(request, tables, key, [s for s in held if match.seats[s] == "human"])
    if held and mail_on():  # the address its players reach the table at, for the e-mails' links
        remember_base(tables, tables.game_id(key), str(request.base_url).rstrip("/"))
    return page(request, "table.html", **table_context(request, tables, key, spectate))


@ROUTER.get("/games/{key}/table", response_class=HTMLResponse)
def table_fragment(
    request: Request, key: str, tables: Tables, page: Pages, spectate: bool = False, at: int | None = None
) -> HTMLResponse:
    return page(request, "fragments/table.html", **table_context(request, tables, key, spectate, at))


@ROUTER.get("/games/{key}/view.json")
def view_json(request: Request, key: str, tables: Tables, spectate: bool = False) -> JSONResponse:
    """The table as JSON: the view of this browser's seat (a spectator's, the public one)."""
    return json_answer(view_body(table_context(request, tables, key, spectate)))


@ROUTER.get("/games/{key}/odds")
async def odds(request: Request, key: str, ply: int, tables: Tables) -> JSONResponse:
    """The acting seat's solved odds at `ply` (`web.live_odds`), for the seat to act only."""
    match = await run_in_threadpool(tables.load, key)
    return await live_odds.answer(request, match, list(tables.visitor(request, key, match).seats), ply)


@ROUTER.post("/games/{key}/act")
def act(request: Request, key: str, form: Form, tables: Tables, page: Pages) -> Response:
    action = form.get("action", "")[:500]
    ply = form.get("ply", "")
    if not ply.isdigit() or len(ply) > 9:
        raise UsageError(gettext("the move names no position (ply): reload the page"))
    match = tables.load(key)
    mine = tables.visitor(request, key, match).seats
    if not mine:
        raise HTTPException(403, gettext("you hold no seat at this table: open your invitation link first"))
    acting = [s for s in mine if s in match.humans_to_act()]
    if not acting:
        raise HTTPException(409, gettext("it is not your turn: the table shows who is to act"))
    if form.get("confirmed") != "yes" and int(ply) == match.ply:
        offered = next((a for a in match.view(acting[0], odds=False).actions if a.id == action), None)
        if offered is not None and offered.confirm:  # asked first; nothing is moved until answered
            if wants_json(request):
                asked = gettext("{question} (post the move again with confirmed=yes)")
                raise HTTPException(409, asked.format(question=offered.confirm))
            return notice(request, tables, page, key, offered.confirm, asking=offered)
    try:
        match.act(acting[0], action, int(ply), guard=writing)
    except StaleMoveError as e:
        raise HTTPException(409, gettext("another move was made first: reload the table to see it")) from e
    except MatchError as e:
        raise HTTPException(
            409, gettext("that choice is not offered now: reload the table to see what is")
        ) from e
    forget_undo_request(tables, match)
    return moved(request, tables, key)


@ROUTER.post("/games/{key}/advance")
def advance(request: Request, key: str, form: Form, tables: Tables) -> Response:
    """Play the dice and bots a stopped server left unplayed (a seated player's "Continue")."""
    match = tables.load(key)
    if not tables.visitor(request, key, match).seated:
        raise HTTPException(403, gettext("you hold no seat at this table"))
    with suppress(MatchError):  # another request played them first: the table shows where it is
        match.advance(guard=writing)
    return moved(request, tables, key)


def take_back(tables: TableAccess, match: Match, seat: int) -> None:
    """Take `seat`'s last decision back, play the dice and bots up to the next human decision again."""
    try:
        with writing():
            match.undo(seat)
        match.advance(guard=writing)
    except MatchError as e:
        raise HTTPException(409, str(e)) from e
    forget_undo_request(tables, match)


@ROUTER.post("/games/{key}/undo")
def undo(request: Request, key: str, form: Form, tables: Tables, page: Pages) -> Response:
    match = tables.load(key)
    mine = tables.visitor(request, key, match).seats
    humans_here = [s for s in mine if match.seats[s] == "human"]
    if not humans_here:
        raise HTTPException(403, gettext("you hold no seat at this table"))
    seat = next((s for s in humans_here if own_undo_allowed(match, s)), None)
    if seat is not None and is_over(match) and form.get("confirmed") != "yes":
        question = gettext("The game is over. Take back your last move and play on from there?")
        if wants_json(request):
            raise HTTPException(
                409, gettext("{question} (post again with confirmed=yes)").format(question=question)
            )
        taking = ActionView(id="", label=gettext("take back my last move"), confirm=question)
        return notice(request, tables, page, key, question, asking=taking, asking_to="undo")
    if seat is None:
        if not any(m.player in humans_here for m in match.session.moves):
            return notice(
                request, tables, page, key, "You have made no move yet: there is nothing to take back."
            )
        gid = match.session.game_id
        assert gid is not None
        tables.store.set_mark(gid, UNDO_MARK, f"{humans_here[0]}/{match.ply}/")
        asking = "Another player has moved since your last move: they are asked to agree to undo it."
        return notice(request, tables, page, key, asking)
    take_back(tables, match, seat)
    return moved(request, tables, key)


@ROUTER.post("/games/{key}/undo/answer")
def answer_undo(request: Request, key: str, form: Form, tables: Tables, page: Pages) -> Response:
    """Another person at the table agrees to (or refuses) a request to take a move back."""
    match = tables.load(key)
    mine = [s for s in tables.visitor(request, key, match).seats if match.seats[s] == "human"]
    gid = match.session.game_id
    assert gid is not None
    asked = undo_request(tables.store.marks(gid))
    if asked is None or asked[1] != match.ply:
        forget_undo_request(tables, match)
        return notice(request, tables, page, key, "That request to take a move back is no longer open.")
    seat, _, agreed = asked
    answering = [s for s in mine if s != seat]
    if not answering:
        raise HTTPException(403, gettext("only the other players at this table answer this request"))
    if form.get("answer") != "agree":
        forget_undo_request(tables, match)
        return moved(request, tables, key)
    agreed |= set(answering)
    others = {s for s, kind in enumerate(match.seats) if kind == "human" and s != seat}
    if others <= agreed:
        take_back(tables, match, seat)
    else:
        joined = ",".join(str(s) for s in sorted(agreed))
        tables.store.set_mark(gid, UNDO_MARK, f"{seat}/{match.ply}/{joined}")
    return moved(request, tables, key)


@ROUTER.post("/games/{key}/again")
def again(request: Request, key: str, form: Form, tables: Tables) -> Response:
    """A finished game played again with the same seats: the same game, options and seats, a new seed,
    the same players at them by name. The first player to ask starts it (and is its host); the old table
    then names the new one, and each other player who asks takes their own seats there."""
    match = tables.load(key)
    looking = tables.visitor(request, key, match)
    if not looking.seats:
        raise HTTPException(403, gettext("only the players of this table may start it again"))
    if not is_over(match):
        raise HTTPException(409, gettext("this game is not over yet"))
    old = match.session.game_id
    assert old is not None
    started = tables.store.marks(old).get(REMATCH_MARK, "")
    tokens: dict[str, str] = {}
    if started.isdigit() and exists(tables, started):
        stored, host = started, False  # another player started it: take this browser's seats there
    else:
        stored, host = start_again(tables, match), True
    fresh = tables.key(stored)
    if host:
        tokens["host"] = host_token(tables.secret, fresh)
    tokens |= {str(s): seat_token(tables.secret, fresh, s) for s in looking.seats}
    player = current(request, tables.secret)
    if player is not None:
        people = People(tables.store)
        for s in looking.seats:
            if match.seats[s] == "human":
                people.take_seat(stored, s, player)
    if host:
        tell_turns(request, tables, tables.load(fresh), looking)
    response: Response = RedirectResponse(f"/games/{fresh}", status_code=303)
    if wants_json(request):  # the new table as this browser will see it, with the tokens it now holds
        context = table_context(request, tables, fresh, False, looking=Visitor(looking.seats, host))
        response = json_answer(view_body(context))
    keep(request, response, fresh, tokens)
    return response


def exists(tables: TableAccess, game_id: str) -> bool:
    """Whether the store holds game `game_id`."""
    try:
        tables.store.summary(game_id)
    except (GrognardError, KeyError):
        return False
    return True


def start_again(tables: TableAccess, match: Match) -> str:
    """Store a new game of `match`'s game, options and seats with a new seed, played up to the first
    person's decision, the same players sitting by name, the old table's pace and chat settings kept and
    the old table naming it (`REMATCH_MARK`); the new game's id."""
    old = match.session.game_id
    assert old is not None
    session = match.session
    seed = secrets.randbelow(1_000_000_000)
    title = tables.summary(tables.key(old)).title
    with writing():
        made = Match.new(
            session.system, session.game.info.id, session.options, match.seats, seed, tables.store, title
        )
    made.advance(guard=writing)
    stored = made.session.game_id
    assert stored is not None
    people = People(tables.store)
    for s, sitter in people.sitters(old).items():
        people.take_seat(stored, s, Player(sitter.player, sitter.name))
    marks = tables.store.marks(old)
    for mark in (PACE_MARK, SPECTATOR_CHAT_MARK):
        if mark in marks:
            tables.store.set_mark(stored, mark, marks[mark])
    tables.store.set_mark(old, REMATCH_MARK, stored)
    return stored


@ROUTER.post("/games/{key}/public")
def set_public(request: Request, key: str, form: Form, tables: Tables) -> Response:
    """The host lists the table for everyone to find and watch, or takes it off the list."""
    match = tables.load(key)
    if not tables.visitor(request, key, match).host:
        raise HTTPException(403, gettext("only the browser that started this game may list it"))
    gid = match.session.game_id
    assert gid is not None
    tables.store.set_mark(gid, PUBLIC_MARK, "1" if form.get("public") == "1" else None)
    return back(request, key)


@ROUTER.get("/games/{key}/events")
async def events(request: Request, key: str, tables: Tables) -> StreamingResponse:
    gid = tables.game_id(key)

    def stamp() -> tuple[tuple[object, ...], int, tuple[tuple[str, str], ...]]:
        """What the pages show of the table (moves, marks, who sits where), its last message and the
        settings of its chat (who is muted, whether spectators may chat)."""
        summary = tables.summary(key)
        said, seated = People(tables.store).activity(gid)
        marks = tuple(
            sorted((n, v) for n, v in tables.store.marks(gid).items() if not n.startswith(TOLD_MARK))
        )
        rights = tuple((n, v) for n, v in marks if n in CHAT_MARKS)
        return (summary.moves, summary.updated, marks, seated), said, rights

    looking = watch(gid)
    try:
        start = await run_in_threadpool(stamp)
    except HTTPException:
        looking.close()
        raise

    async def stream() -> AsyncIterator[str]:
        seen = start
        yield ": live\n\n"
        waited = quiet = 0.0
        try:
            while waited < STREAM_SECONDS:
                if STOPPING.is_set() or await request.is_disconnected():
                    return
                slept = await looking.wait()
                waited += slept
                quiet += slept
                try:
                    now = await run_in_threadpool(stamp)
                except HTTPException:
                    yield "event: gone\ndata: deleted\n\n"
                    return
                if now != seen:
                    if now[0] != seen[0]:
                        yield f"event: changed\ndata: {now[0][0]}\n\n"
                    if now[1] != seen[1]:
                        yield f"event: chat\ndata: {now[1]}\n\n"
                    if now[2] != seen[2]:
                        yield "event: rights\ndata: chat\n\n"
                    seen, quiet = now, 0.0
                elif quiet >= 15:
                    quiet = 0.0
                    yield ": still here\n\n"
        finally:
            looking.close()

    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)


def replay_context(request: Request, tables: TableAccess, key: str, ply: int | None) -> dict[str, Any]:
    """The table at move `ply` (the last by default) as this visitor's seat saw it (a spectator: the
    public view), with every move up to it."""
    match = tables.load(key)
    mine = tables.visitor(request, key, match).seats
    seat = mine[0] if mine else None
    upto = match.ply if ply is None else ply
    if not 0 <= upto <= match.ply:
        raise UsageError(gettext("move {number} is outside 0 to {last}").format(number=upto, last=match.ply))
    return {
        "game_id": key,
        "title": tables.title(key),
        "view": match.replay_view(upto, seat),
        "upto": upto,
        "last": match.ply,
        "seat": seat,
        "spectate": not mine,
    }


@ROUTER.get("/games/{key}/replay", response_class=HTMLResponse)
def replay(request: Request, key: str, tables: Tables, page: Pages, ply: int | None = None) -> HTMLResponse:
    return page(request, "replay.html", **replay_context(request, tables, key, ply))


@ROUTER.get("/games/{key}/replay.json")
def replay_json(request: Request, key: str, tables: Tables, ply: int | None = None) -> JSONResponse:
    """The replay as JSON: the view at move `ply` for this visitor, and how many moves there are."""
    context = replay_context(request, tables, key, ply)
    body = {
        "address": key,
        "title": context["title"],
        "view": context["view"].model_dump(mode="json"),
        "ply": context["upto"],
        "last": context["last"],
        "seat": context["seat"],
        "spectate": context["spectate"],
    }
    return json_answer(body)


@ROUTER.get("/games/{key}/export")
def export(request: Request, key: str, tables: Tables) -> Response:
    match = tables.load(key)
    gid = match.session.game_id
    assert gid is not None
    saved = tables.store.export_game(gid)
    who = tables.visitor(request, key, match)
    data = export_data(match, saved, who)
    carried = carried_data(People(tables.store), gid)
    if data.get("format") == savefile.FORMAT:  # the whole record (not one seat's view) names the players
        data["seated"] = carried["seated"]
    if chat_rights(who, tables.store.marks(gid), current(request, tables.secret)).read:
        data["chat"] = carried["chat"]
    body = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    headers = {
        "Content-Disposition": f'attachment; filename="grognard-game-{gid}.json"',
        "Cache-Control": "no-store",
    }
    return Response(body, media_type="application/json", headers=headers)
