"""The home page and the calculators: `/`, `/tools`, `/tools/<tool>` (a calculation worked out in a worker
process within its budget, `web.solving`)."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from grognard.engine import registry
from grognard.i18n import gettext as _
from grognard.web.pages import is_htmx
from grognard.web.routes.common import problem
from grognard.web.routes.deps import Form, Pages
from grognard.web.solving import RETRY_SECONDS, Busy, ClientGone
from grognard.web.tools import TOOLS, calculate, read_values

ROUTER = APIRouter()


@ROUTER.get("/favicon.ico", include_in_schema=False)
async def favicon() -> RedirectResponse:
    return RedirectResponse("/static/favicon.svg", status_code=308)


@ROUTER.get("/", response_class=HTMLResponse)
async def home(request: Request, page: Pages) -> HTMLResponse:
    return page(request, "home.html", systems=registry.facts(), tools=TOOLS.values())


@ROUTER.get("/tools", response_class=HTMLResponse)
async def tools(request: Request, page: Pages) -> HTMLResponse:
    return page(request, "tools.html", tools=TOOLS.values())


@ROUTER.get("/tools/{tool_id}", response_class=HTMLResponse)
async def tool(request: Request, tool_id: str, page: Pages) -> HTMLResponse:
    found = TOOLS.get(tool_id)
    if found is None:
        raise HTTPException(404, _("there is no tool {tool}").format(tool=repr(tool_id)))
    return page(request, "tool.html", tool=found, values={}, result=None)


@ROUTER.post("/tools/{tool_id}", response_class=HTMLResponse)
async def run_tool(request: Request, tool_id: str, form: Form, page: Pages) -> Response:
    found = TOOLS.get(tool_id)
    if found is None:
        raise HTTPException(404, _("there is no tool {tool}").format(tool=repr(tool_id)))
    try:  # in a worker process, within its budget (web.solving)
        result = await calculate(request, found, read_values(found, form))
    except Busy as e:
        refused = problem(request, page, e.status, str(e))
        refused.headers["Retry-After"] = str(RETRY_SECONDS)
        return refused
    except ClientGone:
        return Response(status_code=499)  # nobody reads it: the browser has gone
    if is_htmx(request):
        return page(request, "fragments/tool_result.html", tool=found, result=result)
    return page(request, "tool.html", tool=found, values=form, result=result)
