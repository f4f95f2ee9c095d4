"""The saved games: the tables this browser may list (`/games` and its JSON twin `/games.json`), a
saved-game file imported as a new table, and a table deleted by its host."""

from __future__ import annotations

import secrets
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from grognard.engine.errors import GrognardError, UsageError
from grognard.engine.store import savefile
from grognard.engine.store.sql import GameSummary
from grognard.web.access import PUBLIC_MARK, held_keys, visitor
from grognard.web.routes.common import TableAccess, json_answer, table_title
from grognard.web.routes.deps import Form, Pages, Tables
from grognard.web.seats import held, host_token, is_host, keep, seat_token
from grognard.web.settings import UPLOAD_LIMIT

ROUTER = APIRouter()


def listed(request: Request, tables: TableAccess) -> list[tuple[GameSummary, str, str]]:
    """The tables this browser may list: those it holds a token at, and the public ones (each with its
    title and address)."""
    store = tables.store
    keys = {tables.game_id(k): k for k in held_keys(request, tables.secret)}
    found: dict[str, str] = {}
    for gid, key in keys.items():
        tokens = held(request, key)
        if tokens:  # checked: a forged cookie names no table
            try:
                count = len(store.summary(gid).seats) or 8
            except (GrognardError, KeyError):
                continue
            if visitor(request, tables.secret, key, count).seated:
                found[gid] = key
    for gid in store.marked(PUBLIC_MARK, "1"):
        found.setdefault(gid, tables.key(gid))
    return [(g, table_title(g), found[g.id]) for g in store.summaries() if g.id in found]


@ROUTER.get("/games", response_class=HTMLResponse)
def saved_games(request: Request, tables: Tables, page: Pages) -> HTMLResponse:
    return page(request, "games.html", games=listed(request, tables))


@ROUTER.get("/games.json")
def saved_games_json(request: Request, tables: Tables) -> JSONResponse:
    """The tables this browser may list, as JSON (no seed, no options)."""
    body = [
        {
            "address": key,
            "title": title,
            "system": g.system,
            "game": g.game,
            "status": g.status,
            "moves": g.moves,
            "updated": g.updated,
        }
        for g, title, key in listed(request, tables)
    ]
    return json_answer(body)


@ROUTER.post("/games/{key}/delete")
def delete(request: Request, key: str, form: Form, tables: Tables) -> Response:
    gid = tables.game_id(key)
    tables.summary(key)
    if not is_host(request, tables.secret, key):
        raise HTTPException(403, "only the browser that started this game may delete it")
    tables.store.delete(gid)
    return RedirectResponse("/games", status_code=303)


@ROUTER.post("/games/import")
def import_game(request: Request, form: Form, file: UploadFile, tables: Tables) -> Response:
    data = file.file.read(UPLOAD_LIMIT + 1)
    source = Path(file.filename or "upload").name[:200] or "upload"
    if len(data) > UPLOAD_LIMIT:
        raise UsageError(f"{source}: over {UPLOAD_LIMIT // 1000} KB, more than a saved game here may be")
    parsed = savefile.parse_json(data, source)
    dice = True
    if isinstance(parsed, dict) and parsed.get("seed") is None and "seed_withheld" in parsed:
        # an unfinished game exported without its seed: its recorded dice are kept, later ones new
        parsed = {k: v for k, v in parsed.items() if k != "seed_withheld"}
        parsed["seed"] = secrets.randbelow(1_000_000_000)
        dice = False
    saved = savefile.load_checked(parsed, source, dice=dice)
    game_id = tables.store.import_game(saved, source)
    key = tables.key(game_id)
    match = tables.load(key)
    tokens = {"host": host_token(tables.secret, key)}
    tokens |= {str(s): seat_token(tables.secret, key, s) for s, k in enumerate(match.seats) if k == "human"}
    response = RedirectResponse(f"/games/{key}", status_code=303)
    keep(request, response, key, tokens)
    return response
