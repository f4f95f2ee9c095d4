"""The saved games: the tables this browser may list (`/games` and its JSON twin `/games.json`), a
saved-game file imported as a new table, and a table deleted by its host."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from grognard.engine.errors import GrognardError, UsageError
from grognard.engine.store import savefile
from grognard.engine.store.people import People, carried_from
from grognard.engine.store.savefile import IN_PLAY
from grognard.engine.store.sql import GameSummary
from grognard.i18n import gettext, number
from grognard.web.access import PUBLIC_MARK, held_keys, visitor
from grognard.web.routes.common import NAME_MARK, TableAccess, json_answer, wants_json
from grognard.web.routes.deps import Form, Pages, Tables
from grognard.web.seats import held, host_token, is_host, keep, seat_token
from grognard.web.settings import UPLOAD_LIMIT

ROUTER = APIRouter()


NAME_LIMIT = 80
"""The longest name a table is given."""
TURN_LOOKS = 50
"""How many of a browser's own tables are looked into for whose turn it is (each is loaded)."""


@dataclass(frozen=True)
class Listed:
    """One table on the saved-games page: its summary, name, address, whether this browser started it
    and whether one of its seats is to act now."""

    summary: GameSummary
    title: str
    key: str
    host: bool
    your_turn: bool


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
    return [(g, tables.named(g), found[g.id]) for g in store.summaries() if g.id in found]


def with_turns(request: Request, tables: TableAccess) -> list[Listed]:
    """The listed tables with whether this browser started each and whether one of its seats is to act
    (looked into for its own tables only, at most `TURN_LOOKS`), those where it is to act first."""
    rows = []
    looked = 0
    for g, title, key in listed(request, tables):
        seats: set[int] = set()
        if g.status == IN_PLAY and looked < TURN_LOOKS and held(request, key):
            looked += 1
            match = tables.load(key)
            seats = set(tables.visitor(request, key, match).seats) & set(match.humans_to_act())
        rows.append(Listed(g, title, key, is_host(request, tables.secret, key), bool(seats)))
    return sorted(rows, key=lambda r: not r.your_turn)


@ROUTER.get("/games", response_class=HTMLResponse)
def saved_games(request: Request, tables: Tables, page: Pages) -> HTMLResponse:
    return page(request, "games.html", games=with_turns(request, tables), name_limit=NAME_LIMIT)


@ROUTER.get("/games.json")
def saved_games_json(request: Request, tables: Tables) -> JSONResponse:
    """The tables this browser may list, as JSON (no seed, no options)."""
    body = [
        {
            "address": r.key,
            "title": r.title,
            "system": r.summary.system,
            "game": r.summary.game,
            "status": r.summary.status,
            "moves": r.summary.moves,
            "updated": r.summary.updated,
            "your_turn": r.your_turn,
            "host": r.host,
        }
        for r in with_turns(request, tables)
    ]
    return json_answer(body)


@ROUTER.post("/games/{key}/delete")
def delete(request: Request, key: str, form: Form, tables: Tables, page: Pages) -> Response:
    """Delete a table (its host only), asked first: the page asks, and the table goes when the form is
    posted again with `confirmed=yes`."""
    gid = tables.game_id(key)
    summary = tables.summary(key)
    if not is_host(request, tables.secret, key):
        raise HTTPException(403, gettext("only the browser that started this game may delete it"))
    if form.get("confirmed") != "yes":
        name = tables.named(summary)
        question = gettext("Delete “{name}”? Its moves are gone for good (export it first to keep it).")
        question = question.format(name=name)
        if wants_json(request):
            raise HTTPException(
                409, gettext("{question} (post again with confirmed=yes)").format(question=question)
            )
        return page(
            request,
            "confirm.html",
            question=question,
            yes=gettext("delete it"),
            fields=[],
            post_to=f"/games/{key}/delete",
            back="/games",
        )
    tables.store.delete(gid)
    return RedirectResponse("/games", status_code=303)


@ROUTER.post("/games/{key}/name")
def rename(request: Request, key: str, form: Form, tables: Tables) -> Response:
    """Give a table a name (its host only; empty: its title again)."""
    gid = tables.game_id(key)
    tables.summary(key)
    if not is_host(request, tables.secret, key):
        raise HTTPException(403, gettext("only the browser that started this game may name it"))
    name = " ".join(form.get("name", "").split())
    if len(name) > NAME_LIMIT:
        raise UsageError(
            gettext("a name of at most {limit} characters, please ({given} given)").format(
                limit=number(NAME_LIMIT), given=number(len(name))
            )
        )
    tables.store.set_mark(gid, NAME_MARK, name or None)
    return RedirectResponse("/games", status_code=303)


@ROUTER.post("/games/import")
def import_game(request: Request, form: Form, file: UploadFile, tables: Tables) -> Response:
    data = file.file.read(UPLOAD_LIMIT + 1)
    source = Path(file.filename or "upload").name[:200] or "upload"
    if len(data) > UPLOAD_LIMIT:
        raise UsageError(
            gettext("{name}: over {size} KB, more than a saved game here may be").format(
                name=source, size=UPLOAD_LIMIT // 1000
            )
        )
    parsed = savefile.parse_json(data, source)
    dice = True
    if isinstance(parsed, dict) and parsed.get("seed") is None and "seed_withheld" in parsed:
        # an unfinished game exported without its seed: its recorded dice are kept, later ones new
        parsed = {k: v for k, v in parsed.items() if k != "seed_withheld"}
        parsed["seed"] = secrets.randbelow(1_000_000_000)
        dice = False
    saved = savefile.load_checked(parsed, source, dice=dice)
    said = carried_from(parsed, source).chat  # the names at the seats stay free for this server's players
    game_id = tables.store.import_game(saved, source)
    if said:
        People(tables.store).keep_chat(game_id, said)
    key = tables.key(game_id)
    match = tables.load(key)
    tokens = {"host": host_token(tables.secret, key)}
    tokens |= {str(s): seat_token(tables.secret, key, s) for s, k in enumerate(match.seats) if k == "human"}
    response = RedirectResponse(f"/games/{key}", status_code=303)
    keep(request, response, key, tokens)
    return response
