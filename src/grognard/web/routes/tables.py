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
from contextlib import AbstractContextManager, nullcontext, suppress
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, HTTPException, Request, UploadFile
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.concurrency import run_in_threadpool

from grognard.engine import registry, savefile
from grognard.engine.errors import GrognardError, UsageError
from grognard.engine.game import TERMINAL, OptionValue
from grognard.engine.match import Match, MatchError, plain_title
from grognard.engine.store import GameSummary, SqlStore, database_url, grognard_home, open_store
from grognard.web.access import (
    PUBLIC_MARK,
    Visitor,
    export_data,
    held_keys,
    is_over,
    store_id,
    table_key,
    visitor,
)
from grognard.web.content import content_reference
from grognard.web.live import STOPPING, watch
from grognard.web.live_odds import add_odds_route, has_heavy_odds
from grognard.web.seats import held, host_token, is_host, keep, seat_token
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


def summary_of(secret: str, key: str) -> GameSummary:
    """The summary of the table at address `key` (404 when there is none)."""
    try:
        return table_store().summary(store_id(secret, key))
    except (GrognardError, KeyError) as e:
        raise HTTPException(404, "there is no such game here") from e


def _title(summary: GameSummary) -> str:
    """What a table is called: its stored title, else its system and game."""
    title = plain_title(summary.title)
    if title in ("", f"{summary.system}/{summary.game}"):
        names = {f.id: f.name for f in registry.facts()}
        return f"{names.get(summary.system, summary.system)}: {summary.game}"
    return title


def load_table(secret: str, key: str) -> Match:
    """The game at table address `key` (404 when there is none)."""
    summary_of(secret, key)
    return Match.load(table_store(), store_id(secret, key))


def waits(match: Match) -> bool:
    """Whether the game waits for dice or a bot that nobody is moving (its server process stopped
    between a move and the moves after it): a seated player's "Continue" plays them; a look never does."""
    return not match.humans_to_act() and match.state.actor() is not TERMINAL


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


def add_table_routes(app: FastAPI, secret: str, page: Page) -> None:
    """Mount the game routes on `app`."""
    app.state.secret = secret

    def load(key: str) -> Match:
        return load_table(secret, key)

    def who(request: Request, key: str, match: Match) -> Visitor:
        return visitor(request, secret, key, len(match.seats))

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
        fronts = [registry.get_views(system.id, g.id).front for g in games]
        uploads = list(dict.fromkeys(f.upload for f in fronts if f.upload[0]))
        return page(
            request, "new_game.html", system=system, games=games, seat_words=SEAT_WORDS, uploads=uploads
        )

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
        fills = [f for f in (form.get(f"seat:{i}", "") for i in range(8)) if f]
        for fill in fills:
            if fill not in SEAT_CHOICES:
                raise UsageError(f"seat {fill!r} is not one of {', '.join(SEAT_CHOICES)}")
        game = system.game(info.id)
        views = registry.get_views(system.id, info.id)
        first = game.new_initial_state(info.resolve_options(options))
        count = views.seats(first)
        title = f"{info.name}: {what}" if (what := views.front.what(views.view(first, None).public)) else ""
        fills = (fills or ["here"])[:count]
        kinds = [f if f in ("bot", "random") else "human" for f in fills]
        people = kinds.count("human")
        if people == 0:
            raise UsageError(
                "a table here needs at least one person: make a seat 'human here' or 'human by invitation'"
                " (a game of bots only is played on the command line: grognard games new ... --seat bot)"
            )
        if seed_text and people > 1:
            raise UsageError(
                "a table of several people cannot choose its seed: whoever knew it would know every die"
                " in advance; leave the seed empty"
            )
        seed = int(seed_text) if seed_text else secrets.randbelow(1_000_000_000)
        with writing():
            match = Match.new(system.id, info.id, options, kinds, seed, table_store(), title)
        match.advance(guard=writing)
        game_id = match.session.game_id
        assert game_id is not None
        key = table_key(secret, game_id)
        tokens = {"host": host_token(secret, key)}
        tokens |= {str(s): seat_token(secret, key, s) for s, f in enumerate(fills) if f == "here"}
        response = RedirectResponse(f"/games/{key}", status_code=303)
        keep(request, response, key, tokens)
        return response

    @app.get("/games/{key}/seat/{seat}/{token}")
    def join(request: Request, key: str, seat: int, token: str) -> Response:
        match = load(key)
        if not 0 <= seat < len(match.seats) or not same(token, seat_token(secret, key, seat)):
            raise HTTPException(403, "this invitation link is not valid for this game")
        response = RedirectResponse(f"/games/{key}", status_code=303)
        keep(request, response, key, {str(seat): token})
        return response

    def table_context(request: Request, key: str, spectate: bool, at: int | None = None) -> dict[str, Any]:
        match = load(key)
        looking = who(request, key, match)
        mine = [] if spectate else list(looking.seats)
        acting = [s for s in mine if s in match.humans_to_act()]
        seat = acting[0] if acting else (mine[0] if mine else None)
        step = at is not None and 0 <= at < match.ply
        if step:  # one position of the bots' last moves, shown before the live table (web/stepping.py)
            acting, view = [], match.replay_view(at, seat)
        else:
            view = match.view(seat, odds=False)
        host = not spectate and looking.host
        invitations = []
        base = str(request.base_url).rstrip("/")
        if host:
            invitations = [
                (s, f"{base}/games/{key}/seat/{s}/{seat_token(secret, key, s)}")
                for s, kind in enumerate(match.seats)
                if kind == "human" and s not in mine
            ]
        gid = match.session.game_id
        assert gid is not None
        marks = table_store().marks(gid)
        asked = undo_request(marks)
        return {
            "game_id": key,
            "view": view,
            "seat": seat,
            "seats": match.seats,
            "mine": mine,
            "acting": bool(acting),
            "spectate": spectate,
            "invitations": invitations,
            "title": _title(summary_of(secret, key)),
            "revision": match.session.revision or 0,
            "steps": bot_steps(match),
            "step": step,
            "odds_pending": bool(acting) and has_heavy_odds(match),
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
        }

    @app.get("/games/{key}", response_class=HTMLResponse)
    def table(request: Request, key: str, spectate: bool = False) -> HTMLResponse:
        return page(request, "table.html", **table_context(request, key, spectate))

    @app.get("/games/{key}/table", response_class=HTMLResponse)
    def table_fragment(
        request: Request, key: str, spectate: bool = False, at: int | None = None
    ) -> HTMLResponse:
        return page(request, "fragments/table.html", **table_context(request, key, spectate, at))

    @app.get("/games/{key}/view.json")
    def view_json(request: Request, key: str, spectate: bool = False) -> JSONResponse:
        """The table as JSON: the view of this browser's seat (a spectator's, the public one)."""
        context = table_context(request, key, spectate)
        body = {
            "view": context["view"].model_dump(mode="json"),
            "seat": context["seat"],
            "mine": context["mine"],
            "acting": context["acting"],
            "seats": context["seats"],
            "title": context["title"],
            "over": context["over"],
        }
        return JSONResponse(body, headers={"Cache-Control": "no-store"})

    add_odds_route(app, secret, load)

    @app.post("/games/{key}/act")
    def act(request: Request, key: str, form: Form) -> Response:
        action = form.get("action", "")[:500]
        ply = form.get("ply", "")
        if not ply.isdigit() or len(ply) > 9:
            raise UsageError("the move names no position (ply): reload the page")
        match = load(key)
        mine = who(request, key, match).seats
        if not mine:
            raise HTTPException(403, "you hold no seat at this table: open your invitation link first")
        acting = [s for s in mine if s in match.humans_to_act()]
        if not acting:
            raise HTTPException(409, "it is not your turn: the table shows who is to act")
        try:
            match.act(acting[0], action, int(ply), guard=writing)
        except MatchError as e:
            raise HTTPException(409, f"{e} (reload the table to see the move that was made)") from e
        _forget_undo_request(match)
        return _back(request, key)

    @app.post("/games/{key}/advance")
    def advance(request: Request, key: str, form: Form) -> Response:
        """Play the dice and bots a stopped server left unplayed (a seated player's "Continue")."""
        match = load(key)
        if not who(request, key, match).seated:
            raise HTTPException(403, "you hold no seat at this table")
        with suppress(MatchError):  # another request played them first: the table shows where it is
            match.advance(guard=writing)
        return _back(request, key)

    @app.post("/games/{key}/undo")
    def undo(request: Request, key: str, form: Form) -> Response:
        match = load(key)
        mine = who(request, key, match).seats
        humans_here = [s for s in mine if match.seats[s] == "human"]
        if not humans_here:
            raise HTTPException(403, "you hold no seat at this table")
        seat = next((s for s in humans_here if own_undo_allowed(match, s)), None)
        if seat is None:
            if not any(m.player in humans_here for m in match.session.moves):
                return _notice(request, key, "You have made no move yet: there is nothing to take back.")
            return _ask_undo(request, key, match, humans_here[0])
        _undo(match, seat)
        return _back(request, key)

    def _undo(match: Match, seat: int) -> None:
        try:
            with writing():
                match.undo(seat)
            match.advance(guard=writing)
        except MatchError as e:
            raise HTTPException(409, str(e)) from e
        _forget_undo_request(match)

    def _ask_undo(request: Request, key: str, match: Match, seat: int) -> Response:
        gid = match.session.game_id
        assert gid is not None
        table_store().set_mark(gid, UNDO_MARK, f"{seat}/{match.ply}/")
        return _notice(
            request, key, "Another player has moved since your last move: they are asked to agree to undo it."
        )

    @app.post("/games/{key}/undo/answer")
    def answer_undo(request: Request, key: str, form: Form) -> Response:
        """Another person at the table agrees to (or refuses) a request to take a move back."""
        match = load(key)
        mine = [s for s in who(request, key, match).seats if match.seats[s] == "human"]
        gid = match.session.game_id
        assert gid is not None
        asked = undo_request(table_store().marks(gid))
        if asked is None or asked[1] != match.ply:
            _forget_undo_request(match)
            return _notice(request, key, "That request to take a move back is no longer open.")
        seat, _, agreed = asked
        answering = [s for s in mine if s != seat]
        if not answering:
            raise HTTPException(403, "only the other players at this table answer this request")
        if form.get("answer") != "agree":
            _forget_undo_request(match)
            return _back(request, key)
        agreed |= set(answering)
        others = {s for s, kind in enumerate(match.seats) if kind == "human" and s != seat}
        if others <= agreed:
            _undo(match, seat)
        else:
            joined = ",".join(str(s) for s in sorted(agreed))
            table_store().set_mark(gid, UNDO_MARK, f"{seat}/{match.ply}/{joined}")
        return _back(request, key)

    def _notice(request: Request, key: str, message: str) -> Response:
        if request.headers.get("hx-request") == "true":
            context = table_context(request, key, False)
            return page(request, "fragments/table.html", **context, notice=message)
        return page(request, "table.html", **table_context(request, key, False), notice=message)

    @app.post("/games/{key}/again")
    def again(request: Request, key: str, form: Form) -> Response:
        """A finished game played again: the same game, options and seats, a new seed; this browser takes
        the seats it played, and the other people get new invitation links."""
        match = load(key)
        looking = who(request, key, match)
        if not looking.seats:
            raise HTTPException(403, "only the players of this table may start it again")
        if not is_over(match):
            raise HTTPException(409, "this game is not over yet")
        summary = summary_of(secret, key)
        session = match.session
        seed = secrets.randbelow(1_000_000_000)
        with writing():
            made = Match.new(
                session.system,
                session.game.info.id,
                session.options,
                match.seats,
                seed,
                table_store(),
                summary.title,
            )
        made.advance(guard=writing)
        stored = made.session.game_id
        assert stored is not None
        fresh = table_key(secret, stored)
        tokens = {"host": host_token(secret, fresh)}
        tokens |= {str(s): seat_token(secret, fresh, s) for s in looking.seats}
        response = RedirectResponse(f"/games/{fresh}", status_code=303)
        keep(request, response, fresh, tokens)
        return response

    @app.post("/games/{key}/public")
    def set_public(request: Request, key: str, form: Form) -> Response:
        """The host lists the table for everyone to find and watch, or takes it off the list."""
        match = load(key)
        if not who(request, key, match).host:
            raise HTTPException(403, "only the browser that started this game may list it")
        gid = match.session.game_id
        assert gid is not None
        table_store().set_mark(gid, PUBLIC_MARK, "1" if form.get("public") == "1" else None)
        return _back(request, key)

    @app.get("/games/{key}/events")
    async def events(request: Request, key: str) -> StreamingResponse:
        gid = store_id(secret, key)

        def stamp() -> tuple[int, str, str]:
            summary = summary_of(secret, key)
            return summary.moves, summary.updated, table_store().marks(gid).get(UNDO_MARK, "")

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
                        seen, quiet = now, 0.0
                        yield f"event: changed\ndata: {now[0]}\n\n"
                    elif quiet >= 15:
                        quiet = 0.0
                        yield ": still here\n\n"
            finally:
                looking.close()

        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    @app.get("/games/{key}/replay", response_class=HTMLResponse)
    def replay(request: Request, key: str, ply: int | None = None) -> HTMLResponse:
        match = load(key)
        mine = who(request, key, match).seats
        seat = mine[0] if mine else None
        upto = match.ply if ply is None else ply
        if not 0 <= upto <= match.ply:
            raise UsageError(f"move {upto} is outside 0 to {match.ply}")
        view = match.replay_view(upto, seat)
        return page(
            request,
            "replay.html",
            game_id=key,
            title=_title(summary_of(secret, key)),
            view=view,
            upto=upto,
            last=match.ply,
            seat=seat,
            spectate=not mine,
        )

    def listed(request: Request) -> list[tuple[GameSummary, str, str]]:
        """The tables this browser may list: those it holds a token at, and the public ones."""
        store = table_store()
        keys = {store_id(secret, k): k for k in held_keys(request, secret)}
        found: dict[str, str] = {}
        for gid, key in keys.items():
            tokens = held(request, key)
            if tokens:  # checked: a forged cookie names no table
                try:
                    count = len(store.summary(gid).seats) or 8
                except (GrognardError, KeyError):
                    continue
                if visitor(request, secret, key, count).seated:
                    found[gid] = key
        for gid in store.marked(PUBLIC_MARK, "1"):
            found.setdefault(gid, table_key(secret, gid))
        out = [(g, _title(g), found[g.id]) for g in store.summaries() if g.id in found]
        return out

    @app.get("/games", response_class=HTMLResponse)
    def saved_games(request: Request) -> HTMLResponse:
        return page(request, "games.html", games=listed(request))

    @app.get("/games.json")
    def saved_games_json(request: Request) -> JSONResponse:
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
            for g, title, key in listed(request)
        ]
        return JSONResponse(body, headers={"Cache-Control": "no-store"})

    @app.post("/games/{key}/delete")
    def delete(request: Request, key: str, form: Form) -> Response:
        gid = store_id(secret, key)
        summary_of(secret, key)
        if not is_host(request, secret, key):
            raise HTTPException(403, "only the browser that started this game may delete it")
        table_store().delete(gid)
        return RedirectResponse("/games", status_code=303)

    @app.get("/games/{key}/export")
    def export(request: Request, key: str) -> Response:
        match = load(key)
        gid = match.session.game_id
        assert gid is not None
        saved = table_store().export_game(gid)
        data = export_data(match, saved, who(request, key, match))
        body = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        headers = {
            "Content-Disposition": f'attachment; filename="grognard-game-{gid}.json"',
            "Cache-Control": "no-store",
        }
        return Response(body, media_type="application/json", headers=headers)

    @app.post("/games/import")
    def import_game(request: Request, form: Form, file: UploadFile) -> Response:
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
        game_id = table_store().import_game(saved, source)
        key = table_key(secret, game_id)
        match = load(key)
        tokens = {"host": host_token(secret, key)}
        tokens |= {str(s): seat_token(secret, key, s) for s, k in enumerate(match.seats) if k == "human"}
        response = RedirectResponse(f"/games/{key}", status_code=303)
        keep(request, response, key, tokens)
        return response


def _forget_undo_request(match: Match) -> None:
    gid = match.session.game_id
    if gid is not None and undo_request(table_store().marks(gid)) is not None:
        table_store().set_mark(gid, UNDO_MARK, None)
