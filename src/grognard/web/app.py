"""The web application: `create_app(settings)` builds the FastAPI app with its routes and error pages.

Routes are thin: read the request, call the systems or the store, render a template. Every POST checks
the browser's form token first. Any error a user can cause (a bad value, an unknown game, a refused move)
is a page with one clear message and a 4xx status, never a traceback.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

import grognard.systems  # noqa: F401  (declares every system; loads none)
from grognard.engine import registry
from grognard.engine.errors import GrognardError
from grognard.web import systems
from grognard.web.books import add_book_routes
from grognard.web.hardening import add_hardening
from grognard.web.limits import add_limits
from grognard.web.pages import TEMPLATES, is_htmx, render
from grognard.web.security import check_form
from grognard.web.settings import Settings
from grognard.web.solving import RETRY_SECONDS, Busy, ClientGone
from grognard.web.tables import add_table_routes
from grognard.web.tools import TOOLS, calculate, read_values

STATIC = Path(__file__).parent / "static"


def create_app(settings: Settings) -> FastAPI:
    """The app, serving the pages and `/static`."""
    app = FastAPI(title="grognard", docs_url=None, redoc_url=None, openapi_url=None)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    secret = settings.secret

    def page(request: Request, template: str, status: int = 200, **context: object) -> HTMLResponse:
        return render(request, template, secret, status, **context)

    def problem(request: Request, status: int, message: str) -> HTMLResponse:
        template = "fragments/error.html" if is_htmx(request) else "error.html"
        return page(request, template, status, message=message, code=status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        message = exc.detail if isinstance(exc.detail, str) else "that page does not exist"
        if exc.status_code == 404 and exc.detail == "Not Found":
            message = f"there is no page at {request.url.path}"
        return problem(request, exc.status_code, message)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ())[1:]) or "the request"
        return problem(request, 400, f"{where}: {first.get('msg', 'not understood')}")

    @app.exception_handler(GrognardError)
    async def grognard_error(request: Request, exc: GrognardError) -> Response:
        return problem(request, 400, str(exc))

    @app.exception_handler(ValueError)
    async def value_error(request: Request, exc: ValueError) -> Response:
        return problem(request, 400, str(exc))

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> RedirectResponse:
        return RedirectResponse("/static/favicon.svg", status_code=308)

    @app.get("/", response_class=HTMLResponse)
    async def home(request: Request) -> HTMLResponse:
        return page(request, "home.html", systems=registry.facts(), tools=TOOLS.values())

    @app.get("/tools", response_class=HTMLResponse)
    async def tools(request: Request) -> HTMLResponse:
        return page(request, "tools.html", tools=TOOLS.values())

    @app.get("/tools/{tool_id}", response_class=HTMLResponse)
    async def tool(request: Request, tool_id: str) -> HTMLResponse:
        found = TOOLS.get(tool_id)
        if found is None:
            raise HTTPException(404, f"there is no tool {tool_id!r}")
        return page(request, "tool.html", tool=found, values={}, result=None)

    @app.post("/tools/{tool_id}", response_class=HTMLResponse)
    async def run_tool(request: Request, tool_id: str) -> Response:
        await check_form(request, secret)
        found = TOOLS.get(tool_id)
        if found is None:
            raise HTTPException(404, f"there is no tool {tool_id!r}")
        form = {k: v for k, v in (await request.form()).items() if isinstance(v, str)}
        try:  # in a worker process, within its budget (web.solving)
            result = await calculate(request, found, read_values(found, form))
        except Busy as e:
            refused = problem(request, e.status, str(e))
            refused.headers["Retry-After"] = str(RETRY_SECONDS)
            return refused
        except ClientGone:
            return Response(status_code=499)  # nobody reads it: the browser has gone
        if is_htmx(request):
            return page(request, "fragments/tool_result.html", tool=found, result=result)
        return page(request, "tool.html", tool=found, values=form, result=result)

    add_table_routes(app, secret, page)
    add_book_routes(app, secret, page)
    systems.mount(app, secret, page)
    systems.install(TEMPLATES.env)
    add_limits(app)
    add_hardening(app, settings)
    return app
