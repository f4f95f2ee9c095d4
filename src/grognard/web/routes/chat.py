"""A table's chat: `GET /games/<id>/chat` (the messages, as a fragment; `chat.json` its twin; `chat/box` the
whole chat with its form, as this visitor may use it), `POST
/games/<id>/chat` (a message, the form field `text`) and `POST /games/<id>/mute` (the host mutes a seat or
lets it speak again).

Who may read and write is `web.people.chat_rights`: the seated players and the host; spectators only
where the host allowed it; a stranger never. A message is one to `CHAT_LIMIT` characters, kept with the
game in the store (`engine.store.people`), at most `CHAT_BURST` per player per `CHAT_WINDOW` seconds at a
table (counted in the store: every server process counts the same), and shown escaped like every value
on a page. Saying something announces a change of the table, as a move does, so the pages at the table
(in any server process) fetch the messages again (`/games/<id>/events` sends `chat`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from grognard.engine.errors import UsageError
from grognard.engine.store.people import Message, People, TooManyMessages
from grognard.i18n import gettext, number
from grognard.web.pages import is_htmx
from grognard.web.people import (
    CHAT_BURST,
    CHAT_LIMIT,
    CHAT_SHOWN,
    CHAT_WINDOW,
    MUTED_MARK,
    ChatRights,
    chat_rights,
    muted,
)
from grognard.web.players import current
from grognard.web.routes.common import TableAccess, json_answer, wants_json
from grognard.web.routes.deps import Form, Pages, Tables

ROUTER = APIRouter()


def rights(request: Request, tables: TableAccess, key: str) -> tuple[str, ChatRights]:
    """The stored game's id of table `key` and what this visitor may do with its chat (403 when they may
    not read it)."""
    gid = tables.game_id(key)
    summary = tables.summary(key)
    seats = len(summary.seats) or 8
    who = tables.visitor_of(request, key, seats)
    allowed = chat_rights(who, tables.store.marks(gid), current(request, tables.secret))
    if not allowed.read:
        raise HTTPException(403, gettext(allowed.why_not))
    return gid, allowed


def chat_context(request: Request, tables: TableAccess, key: str) -> dict[str, Any]:
    """What the chat fragment shows this visitor: the last messages, whether and why they may write."""
    gid, allowed = rights(request, tables, key)
    player = current(request, tables.secret)
    return {
        "game_id": key,
        "messages": People(tables.store).chat(gid, CHAT_SHOWN),
        "chat": allowed,
        "me": player.id if player else "",
    }


def said(m: Message) -> dict[str, Any]:
    """A message as the JSON twin gives it."""
    return {"name": m.name, "text": m.text, "posted": m.posted, "seat": m.seat}


@ROUTER.get("/games/{key}/chat", response_class=HTMLResponse)
def chat(request: Request, key: str, tables: Tables, page: Pages) -> HTMLResponse:
    return page(request, "fragments/chat.html", **chat_context(request, tables, key))


@ROUTER.get("/games/{key}/chat/box", response_class=HTMLResponse)
def chat_box(request: Request, key: str, tables: Tables, page: Pages, spectate: bool = False) -> HTMLResponse:
    """The chat's place on the table page as this visitor may use it now: nothing when they may not read
    it, the messages, and the form when they may write (fetched again when the host mutes a seat or lets
    spectators in: the table's stream sends `rights`)."""
    gid = tables.game_id(key)
    summary = tables.summary(key)
    who = tables.visitor_of(request, key, len(summary.seats) or 8)
    allowed = chat_rights(who, tables.store.marks(gid), current(request, tables.secret))
    context = {"game_id": key, "chat": allowed, "chat_limit": CHAT_LIMIT, "spectate": spectate}
    return page(request, "fragments/chat_box.html", **context)


@ROUTER.get("/games/{key}/chat.json")
def chat_json(request: Request, key: str, tables: Tables) -> JSONResponse:
    """The table's last messages as JSON, for the people who may read them."""
    context = chat_context(request, tables, key)
    return json_answer({"messages": [said(m) for m in context["messages"]], "write": context["chat"].write})


@ROUTER.post("/games/{key}/chat")
def say(request: Request, key: str, form: Form, tables: Tables, page: Pages) -> Response:
    """Say something at the table: back to the table (htmx: the messages; JSON: them as JSON)."""
    gid, allowed = rights(request, tables, key)
    if not allowed.write:
        raise HTTPException(403, gettext(allowed.why_not))
    text = " ".join(form.get("text", "")[: CHAT_LIMIT * 8].split())
    if not text:
        raise UsageError(gettext("write something to say"))
    if len(text) > CHAT_LIMIT:
        raise UsageError(
            gettext("a message of at most {limit} characters, please ({given} given)").format(
                limit=number(CHAT_LIMIT), given=number(len(text))
            )
        )
    player = current(request, tables.secret)
    assert player is not None  # chat_rights gives `write` only to a named player
    summary = tables.summary(key)
    seats = tables.visitor_of(request, key, len(summary.seats) or 8).seats
    try:
        People(tables.store).say(
            gid, seats[0] if seats else None, player, text, most=CHAT_BURST, seconds=CHAT_WINDOW
        )
    except TooManyMessages as e:
        said = gettext("you have said {count} things in the last {seconds} seconds: wait a moment")
        raise HTTPException(429, said.format(count=number(CHAT_BURST), seconds=number(CHAT_WINDOW))) from e
    if wants_json(request):
        return chat_json(request, key, tables)
    if is_htmx(request):
        return chat(request, key, tables, page)
    return RedirectResponse(f"/games/{key}#chat", status_code=303)


@ROUTER.post("/games/{key}/mute")
def mute(request: Request, key: str, form: Form, tables: Tables) -> Response:
    """The host mutes a seat in the chat (`muted=1`), or lets it speak again."""
    gid = tables.game_id(key)
    summary = tables.summary(key)
    if not tables.visitor_of(request, key, len(summary.seats) or 8).host:
        raise HTTPException(403, gettext("only the host of this table may mute a seat"))
    seat = form.get("seat", "")
    if not seat.isdigit() or int(seat) >= max(len(summary.seats), 1):
        raise UsageError(gettext("there is no seat {seat} at this table").format(seat=repr(seat[:20])))
    silent = muted(tables.store.marks(gid))
    silent = silent | {int(seat)} if form.get("muted") == "1" else silent - {int(seat)}
    tables.store.set_mark(gid, MUTED_MARK, ",".join(str(s) for s in sorted(silent)) or None)
    if wants_json(request):
        return json_answer({"muted": sorted(silent)})
    return RedirectResponse(f"/games/{key}", status_code=303)
