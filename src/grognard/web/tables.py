"""The tables: new games with seats, the table page, moves, undo, live updates, replay and saved games.

Every request loads the game from the store and plays through the match driver (`engine.match`), so
nothing that matters lives in one worker's memory: a move is kept only if it extends the stored moves (the
driver's ply check), and any worker can serve any table. The handlers are plain functions, which FastAPI
runs in its thread pool: one request's store work stays in one thread (SQLite connections must), and a
long bot turn never blocks the other requests. The live stream (`/games/<id>/events`) watches the stored
game (`web.live`: polling on SQLite, PostgreSQL's NOTIFY from any worker) and tells the pages at the
table to fetch their view again.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from typing import Annotated, Any

from fastapi import Depends, FastAPI, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.concurrency import run_in_threadpool

from grognard.engine import registry, savefile
from grognard.engine.errors import GrognardError, UsageError
from grognard.engine.game import TERMINAL, OptionValue
from grognard.engine.match import Match, MatchError, plain_title
from grognard.engine.store import GameSummary, SqlStore, database_url, grognard_home, open_store
from grognard.web.content import content_reference
from grognard.web.live import STOPPING, watch
from grognard.web.live_odds import add_odds_route, has_heavy_odds
from grognard.web.seats import host_token, is_host, keep, seat_token, seats_held
from grognard.web.security import checked_form, same
from grognard.web.settings import UPLOAD_LIMIT
from grognard.web.stepping import bot_steps

Page = Callable[..., HTMLResponse]

SEAT_CHOICES = ("here", "invite", "bot", "random")
"""How a seat of a new game is filled: a human at this browser, a human by invitation link, a bot playing the
game's heuristic (or random moves where the game has none), or a bot making random legal moves."""
SEAT_WORDS = {
    "here": "human here",
    "invite": "human by invitation",
    "bot": "bot",
    "random": "bot (random moves)",
}

STREAM_SECONDS = 3600
"""How long one live stream stays open (the browser opens a new one after)."""

_LOCAL = threading.local()
WRITES = threading.Lock()
"""Moves made by this server process, one at a time: the threads of one process share one interpreter
lock, and a write transaction stretched by other threads' work would keep SQLite locked long enough for
the others' busy timeout to run out. Other processes (the command line) wait on SQLite's lock."""


def writing() -> AbstractContextManager[object]:
    """The guard of a move: `WRITES` on SQLite; none on PostgreSQL, where the game's row lock and the
    unique (game, ply) of the moves keep two moves at one position from both being kept, across workers."""
    return nullcontext() if database_url() else WRITES


PRIVATE_IN_SIDE = {("talisman", "game"), ("heroquest", "quest")}
"""The games whose board and side panel show the seat's own secrets in their place (a Talisman character's
Spells on its sheet; the HeroQuest game master's monsters and traps on the board, the rest beside it):
the table does not show them again as "Yours alone"."""


def table_store() -> SqlStore:
    """This thread's store (SQLite connections stay in the thread that opened them), opened once."""
    where = database_url() or str(grognard_home())
    found: tuple[str, SqlStore] | None = getattr(_LOCAL, "store", None)
    if found is None or found[0] != where or not found[1].alive():
        if found is not None:
            found[1].close()
        found = (where, open_store())
        _LOCAL.store = found
    return found[1]


def _game_id(game_id: str) -> str:
    if not game_id.isdigit() or len(game_id) > 12:
        raise HTTPException(404, f"there is no game {game_id!r}")
    return game_id


def _summary(game_id: str) -> GameSummary:
    try:
        return table_store().summary(_game_id(game_id))
    except (GrognardError, KeyError) as e:
        raise HTTPException(404, f"there is no game {game_id!r}") from e


def _title(summary: GameSummary) -> str:
    """What a table is called: its stored title, else its system and game."""
    title = plain_title(summary.title)
    if title in ("", f"{summary.system}/{summary.game}"):
        names = {f.id: f.name for f in registry.facts()}
        return f"{names.get(summary.system, summary.system)}: {summary.game}"
    return title


def _what(public: Mapping[str, Any]) -> str:
    """What a new table plays, as its saved-games list names it: the quest or the book, else the
    characters chosen or how many players ("" when its view says none of these)."""
    for key in ("quest", "book"):
        if isinstance(public.get(key), str) and public[key]:
            return str(public[key])
    heroes = public.get("heroes")
    if isinstance(heroes, list) and heroes:
        chosen = [str(h.get("character_name") or "") for h in heroes if isinstance(h, dict)]
        return ", ".join(chosen) if all(chosen) else f"{len(heroes)} players"
    return ""


def _load(game_id: str) -> Match:
    _summary(game_id)
    return Match.load(table_store(), game_id)


def _finish_advance(match: Match) -> Match:
    """A game left at chance or a bot's turn (its server process died between a move and the dice
    after it) is advanced to the next human decision by whoever looks at it next; if another process
    does so first, the game as it stored it."""
    if match.humans_to_act() or match.state.actor() is TERMINAL:
        return match
    try:
        with writing():
            match.advance()
    except MatchError:
        gid = match.session.game_id
        assert gid is not None
        return Match.load(table_store(), gid)
    return match


def _back(request: Request, game_id: str) -> Response:
    """After a move: htmx swaps the table in place; a plain form goes back to the table page."""
    if request.headers.get("hx-request") == "true":
        return RedirectResponse(f"/games/{game_id}/table", status_code=303)
    return RedirectResponse(f"/games/{game_id}", status_code=303)


async def posted(request: Request) -> dict[str, str]:
    """The posted form's text fields, its form token checked against the app's secret."""
    return await checked_form(request, str(request.app.state.secret))


Form = Annotated[dict[str, str], Depends(posted)]
"""A handler's parameter for a checked form."""


def add_table_routes(app: FastAPI, secret: str, page: Page) -> None:
    """Mount the game routes on `app`."""
    app.state.secret = secret

    @app.get("/games/new", response_class=HTMLResponse)
    def choose_system(request: Request) -> HTMLResponse:
        return page(request, "new_system.html", systems=registry.facts())

    @app.get("/games/new/{system_id}", response_class=HTMLResponse)
    def new_game_form(request: Request, system_id: str) -> HTMLResponse:
        try:
            system = registry.get_system(system_id)
        except UsageError as e:
            raise HTTPException(404, str(e)) from e
        games = [g.info for g in system.games]
        return page(request, "new_game.html", system=system, games=games, seat_words=SEAT_WORDS)

    @app.post("/games")
    def create_game(request: Request, form: Form) -> Response:
        system = registry.get_system(form.get("system", ""))
        info = system.game(form.get("game", "")).info
        options: dict[str, OptionValue] = {}
        for option in info.options:
            raw = form.get(f"option:{option.name}")
            if raw is not None and raw.strip() != "":
                value = option.parse(raw.strip()[:1000])
                if option.file and isinstance(value, str):
                    value = content_reference(system.id, value)
                options[option.name] = value
            elif isinstance(option.default, bool) and f"option-present:{option.name}" in form:
                options[option.name] = False
        seed_text = form.get("seed", "").strip()
        if seed_text and not (seed_text.isdigit() and len(seed_text) <= 18):
            raise UsageError(f"seed {seed_text!r}: give a whole number of at most 18 digits, or nothing")
        seed = int(seed_text) if seed_text else secrets.randbelow(1_000_000_000)
        fills = [f for f in (form.get(f"seat:{i}", "") for i in range(8)) if f]
        for fill in fills:
            if fill not in SEAT_CHOICES:
                raise UsageError(f"seat {fill!r} is not one of {', '.join(SEAT_CHOICES)}")
        game = system.game(info.id)
        views = registry.get_views(system.id, info.id)
        first = game.new_initial_state(info.resolve_options(options))
        count = views.seats(first)
        title = f"{info.name}: {what}" if (what := _what(views.view(first, None).public)) else ""
        fills = (fills or ["here"])[:count]
        kinds = [f if f in ("bot", "random") else "human" for f in fills]
        with writing():
            match = Match.new(system.id, info.id, options, kinds, seed, table_store(), title)
            match.advance()
        game_id = match.session.game_id
        assert game_id is not None
        tokens = {"host": host_token(secret, game_id)}
        tokens |= {str(s): seat_token(secret, game_id, s) for s, f in enumerate(fills) if f == "here"}
        response = RedirectResponse(f"/games/{game_id}", status_code=303)
        keep(request, response, game_id, tokens)
        return response

    @app.get("/games/{game_id}/seat/{seat}/{token}")
    def join(request: Request, game_id: str, seat: int, token: str) -> Response:
        match = _load(game_id)
        if not 0 <= seat < len(match.seats) or not same(token, seat_token(secret, game_id, seat)):
            raise HTTPException(403, "this invitation link is not valid for this game")
        response = RedirectResponse(f"/games/{game_id}", status_code=303)
        keep(request, response, game_id, {str(seat): token})
        return response

    def table_context(
        request: Request, game_id: str, spectate: bool, at: int | None = None
    ) -> dict[str, Any]:
        match = _finish_advance(_load(game_id))
        mine = [] if spectate else seats_held(request, secret, game_id, len(match.seats))
        acting = [s for s in mine if s in match.humans_to_act()]
        seat = acting[0] if acting else (mine[0] if mine else None)
        step = at is not None and 0 <= at < match.ply
        if step:  # one position of the bots' last moves, shown before the live table (web/stepping.py)
            acting, view = [], match.replay_view(at, seat)
        else:
            view = match.view(seat, odds=False)
        invitations = []
        if not spectate and is_host(request, secret, game_id):
            base = str(request.base_url).rstrip("/")
            invitations = [
                (s, f"{base}/games/{game_id}/seat/{s}/{seat_token(secret, game_id, s)}")
                for s, kind in enumerate(match.seats)
                if kind == "human" and s not in mine
            ]
        return {
            "game_id": game_id,
            "view": view,
            "seat": seat,
            "seats": match.seats,
            "mine": mine,
            "acting": bool(acting),
            "spectate": spectate,
            "invitations": invitations,
            "title": _title(_summary(game_id)),
            "revision": match.session.revision or 0,
            "steps": bot_steps(match),
            "step": step,
            "odds_pending": bool(acting) and has_heavy_odds(match),
            "spectator_link": f"{str(request.base_url).rstrip('/')}/games/{game_id}?spectate=1",
            "private_in_side": (view.system, view.game) in PRIVATE_IN_SIDE,
        }

    @app.get("/games/{game_id}", response_class=HTMLResponse)
    def table(request: Request, game_id: str, spectate: bool = False) -> HTMLResponse:
        return page(request, "table.html", **table_context(request, game_id, spectate))

    @app.get("/games/{game_id}/table", response_class=HTMLResponse)
    def table_fragment(
        request: Request, game_id: str, spectate: bool = False, at: int | None = None
    ) -> HTMLResponse:
        return page(request, "fragments/table.html", **table_context(request, game_id, spectate, at))

    add_odds_route(app, secret, _load)

    @app.post("/games/{game_id}/act")
    def act(request: Request, game_id: str, form: Form) -> Response:
        action = form.get("action", "")[:500]
        ply = form.get("ply", "")
        if not ply.isdigit() or len(ply) > 9:
            raise UsageError("the move names no position (ply): reload the page")
        match = _load(game_id)
        mine = seats_held(request, secret, game_id, len(match.seats))
        if not mine:
            raise HTTPException(403, "you hold no seat at this table: open your invitation link first")
        acting = [s for s in mine if s in match.humans_to_act()]
        if not acting:
            raise HTTPException(409, "it is not your turn: the table shows who is to act")
        try:
            with writing():
                match.act(acting[0], action, int(ply))
        except MatchError as e:
            raise HTTPException(409, f"{e} (reload the table to see the move that was made)") from e
        return _back(request, game_id)

    @app.post("/games/{game_id}/undo")
    def undo(request: Request, game_id: str, form: Form) -> Response:
        match = _load(game_id)
        mine = seats_held(request, secret, game_id, len(match.seats))
        humans = [s for s in mine if match.seats[s] == "human"]
        if not humans:
            raise HTTPException(403, "you hold no seat at this table")
        seat = next((s for s in humans if s in match.humans_to_act()), humans[0])
        try:
            with writing():
                match.undo(seat)
                match.advance()
        except MatchError as e:
            raise HTTPException(409, str(e)) from e
        return _back(request, game_id)

    @app.get("/games/{game_id}/events")
    async def events(request: Request, game_id: str) -> StreamingResponse:
        def stamp() -> tuple[int, str]:
            summary = _summary(game_id)
            return summary.moves, summary.updated

        looking = watch(game_id)
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
                        seen, quiet = now, 0.0
                        yield f"event: changed\ndata: {now[0]}\n\n"
                    elif quiet >= 15:
                        quiet = 0.0
                        yield ": still here\n\n"
            finally:
                looking.close()

        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    @app.get("/games/{game_id}/replay", response_class=HTMLResponse)
    def replay(request: Request, game_id: str, ply: int | None = None) -> HTMLResponse:
        match = _load(game_id)
        mine = seats_held(request, secret, game_id, len(match.seats))
        seat = mine[0] if mine else None
        upto = match.ply if ply is None else ply
        if not 0 <= upto <= match.ply:
            raise UsageError(f"move {upto} is outside 0 to {match.ply}")
        view = match.replay_view(upto, seat)
        return page(
            request,
            "replay.html",
            game_id=game_id,
            view=view,
            upto=upto,
            last=match.ply,
            seat=seat,
            spectate=not mine,
            private_in_side=(view.system, view.game) in PRIVATE_IN_SIDE,
        )

    @app.get("/games", response_class=HTMLResponse)
    def saved_games(request: Request) -> HTMLResponse:
        games = [(g, _title(g)) for g in table_store().summaries()]
        return page(request, "games.html", games=games)

    @app.post("/games/{game_id}/delete")
    def delete(request: Request, game_id: str, form: Form) -> Response:
        _summary(game_id)
        if not is_host(request, secret, game_id):
            raise HTTPException(403, "only the browser that started this game may delete it")
        table_store().delete(game_id)
        return RedirectResponse("/games", status_code=303)

    @app.get("/games/{game_id}/export")
    def export(game_id: str) -> Response:
        _summary(game_id)
        saved = table_store().export_game(game_id)
        body = json.dumps(savefile.to_data(saved), indent=2, ensure_ascii=False) + "\n"
        headers = {"Content-Disposition": f'attachment; filename="grognard-game-{game_id}.json"'}
        return Response(body, media_type="application/json", headers=headers)

    @app.post("/games/import")
    def import_game(request: Request, form: Form, file: UploadFile) -> Response:
        data = file.file.read(UPLOAD_LIMIT + 1)
        source = (file.filename or "upload")[:200]
        if len(data) > UPLOAD_LIMIT:
            raise UsageError(f"{source}: over {UPLOAD_LIMIT // 1000} KB, more than a saved game here may be")
        try:
            parsed = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            raise UsageError(f"{source}: not a grognard saved game (not JSON: {e})") from e
        saved = savefile.load_checked(parsed, source)
        game_id = table_store().import_game(saved, source)
        match = _load(game_id)
        tokens = {"host": host_token(secret, game_id)}
        tokens |= {str(s): seat_token(secret, game_id, s) for s, k in enumerate(match.seats) if k == "human"}
        response = RedirectResponse(f"/games/{game_id}", status_code=303)
        keep(request, response, game_id, tokens)
        return response
