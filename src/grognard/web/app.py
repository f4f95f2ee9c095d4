"""The web application: `create_app(settings)` builds the FastAPI app with its routes and error pages.

Routes are thin: read the request, call the systems or the store, render a template (`web.routes`, one
router per feature, and each system's own routers). Every POST checks the browser's form token first. Any
error a user can cause (a bad value, an unknown game, a refused move) is a page with one clear message and
a 4xx status (to a request for JSON, `{"error": message}` with that status), never a traceback.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

import grognard.systems  # noqa: F401  (declares every system; loads none)
from grognard.engine.content import pydantic_reason
from grognard.engine.errors import GrognardError
from grognard.i18n import gettext as _
from grognard.web import systems
from grognard.web.hardening import add_hardening
from grognard.web.language import add_language
from grognard.web.limits import add_limits
from grognard.web.pages import TEMPLATES, render
from grognard.web.routes import (
    books,
    catch_up,
    chat,
    home,
    language,
    lobby,
    luck,
    new_game,
    players,
    rules,
    saved_games,
    tables,
)
from grognard.web.routes.common import problem, table_store
from grognard.web.routes.deps import install
from grognard.web.settings import Settings
from grognard.web.turns import start_sweeper

STATIC = Path(__file__).parent / "static"

ROUTERS = (
    home.ROUTER,
    rules.ROUTER,
    new_game.ROUTER,
    saved_games.ROUTER,
    tables.ROUTER,
    books.ROUTER,
    players.ROUTER,
    lobby.ROUTER,
    chat.ROUTER,
    catch_up.ROUTER,
    luck.ROUTER,
    language.ROUTER,
)
"""The generic routers, in the order their paths are tried (`/games/new` before `/games/<id>`)."""


@asynccontextmanager
async def sweeping(app: FastAPI) -> AsyncIterator[None]:
    """While the server runs, a thread of this process plays the moves whose turn limit ran out and
    tells by e-mail the turns nobody told."""
    sweeper = start_sweeper(table_store, str(getattr(app.state, "secret", "")))
    yield
    sweeper.stop.set()


def create_app(settings: Settings) -> FastAPI:
    """The app, serving the pages and `/static`: the routers of `web.routes` and of each system
    (`web.systems.routers`), given the secret, the page renderer and the store through `app.state`."""
    app = FastAPI(title="grognard", docs_url=None, redoc_url=None, openapi_url=None, lifespan=sweeping)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    secret = settings.secret

    def page(request: Request, template: str, status: int = 200, **context: object) -> HTMLResponse:
        return render(request, template, secret, status, **context)

    install(app, secret, page, table_store)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        message = exc.detail if isinstance(exc.detail, str) else _("that page does not exist")
        if exc.status_code == 404 and exc.detail == "Not Found":
            message = _("there is no page at %(path)s") % {"path": request.url.path}
        return problem(request, page, exc.status_code, message)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ())[1:]) or _("the request")
        reason = pydantic_reason(first) if first else _("not understood")
        return problem(request, page, 400, f"{where}: {reason}")

    @app.exception_handler(GrognardError)
    async def grognard_error(request: Request, exc: GrognardError) -> Response:
        return problem(request, page, 400, str(exc))

    @app.exception_handler(ValueError)
    async def value_error(request: Request, exc: ValueError) -> Response:
        return problem(request, page, 400, str(exc))

    for router in (*ROUTERS, *systems.routers()):
        app.include_router(router)
    systems.install(TEMPLATES.env)
    add_limits(app)
    add_hardening(app, settings)
    add_language(app)
    return app
