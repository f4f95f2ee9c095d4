"""Coming back to a table: `GET /games/<id>/missed?since=<move>` (a fragment; `missed.json` its twin) tells
what happened at the table since the move a page last showed, as this visitor's seat may see it (a
spectator: the public view).

The page remembers, per table and per seat (in the browser's local storage), the last move it showed;
when the tab is opened again, or its live stream comes back after the network was lost, it asks for the
moves made since then and shows them above the table ("Since you were last here"), the table itself
being fetched as it is now. The events are the replay's (`Match.replay_view`): a secret move of another
seat says only that it was made. At most `MISSED_SHOWN` are listed, the latest; the replay has the rest.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse

from grognard.engine.errors import UsageError
from grognard.i18n import gettext as _
from grognard.web.routes.common import TableAccess, json_answer
from grognard.web.routes.deps import Pages, Tables

ROUTER = APIRouter()

MISSED_SHOWN = 40
"""The most events the catch-up lists (the latest ones)."""


def missed_context(
    request: Request, tables: TableAccess, key: str, since: int, spectate: bool
) -> dict[str, Any]:
    """What this visitor missed at table `key` since move `since`: the events of the moves made since
    (the latest `MISSED_SHOWN`), how many moves that was and how many events are left out."""
    if since < 0:
        raise UsageError(_("a move number is 0 or more, not {number}").format(number=since))
    match = tables.load(key)
    mine = [] if spectate else list(tables.visitor(request, key, match).seats)
    acting = [s for s in mine if s in match.humans_to_act()]
    seat = acting[0] if acting else (mine[0] if mine else None)
    moves = max(0, match.ply - since)
    view = match.replay_view(None, seat) if moves else match.view(seat, odds=False)
    events = [e for e in view.events if moves and e.ply is not None and since <= e.ply < match.ply]
    shown = events[-MISSED_SHOWN:]
    return {
        "game_id": key,
        "view": view.model_copy(update={"events": shown}),
        "mine": mine,
        "seat": seat,
        "since": since,
        "moves": moves,
        "more": len(events) - len(shown),
    }


@ROUTER.get("/games/{key}/missed", response_class=HTMLResponse)
def missed(
    request: Request, key: str, tables: Tables, page: Pages, since: int = 0, spectate: bool = False
) -> HTMLResponse:
    return page(request, "fragments/missed.html", **missed_context(request, tables, key, since, spectate))


@ROUTER.get("/games/{key}/missed.json")
def missed_json(
    request: Request, key: str, tables: Tables, since: int = 0, spectate: bool = False
) -> JSONResponse:
    """What this visitor missed since move `since`, as JSON: the moves made since and their events."""
    context = missed_context(request, tables, key, since, spectate)
    view = context["view"]
    body = {
        "address": key,
        "since": since,
        "now": view.ply,
        "moves": context["moves"],
        "events": [e.model_dump(mode="json") for e in view.events],
        "more": context["more"],
    }
    return json_answer(body)
