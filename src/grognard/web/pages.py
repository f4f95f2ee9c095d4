"""Rendering pages: the Jinja2 environment (every value escaped), the page context, and error pages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from grognard import __version__
from grognard.systems.heroquest.event_text import view_sentence
from grognard.web.heroquest_board import quest_board
from grognard.web.security import browser_session, form_token, remember
from grognard.web.talisman_board import COLOURS, card_name, seat_label, seat_said, talisman_board

TEMPLATES = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))
"""The page templates; Jinja2 escapes every value put into an .html template."""
TEMPLATES.env.globals.update(talisman_board=talisman_board, token_colours=COLOURS)
TEMPLATES.env.filters["talisman_name"] = card_name
TEMPLATES.env.filters["talisman_seats"] = seat_said
TEMPLATES.env.globals["seat_label"] = seat_label
TEMPLATES.env.globals["heroquest_board"] = quest_board
TEMPLATES.env.globals["event_sentence"] = view_sentence


def render(request: Request, template: str, secret: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A page (or an htmx fragment) with the browser's form token, setting its session cookie if new."""
    session = browser_session(request)
    context |= {"csrf": form_token(secret, session), "version": __version__}
    response = TEMPLATES.TemplateResponse(request, template, context, status_code=status)
    remember(request, response)
    return response


def is_htmx(request: Request) -> bool:
    """Whether the request came from htmx (answered with a fragment, not a whole page)."""
    return request.headers.get("hx-request") == "true"
