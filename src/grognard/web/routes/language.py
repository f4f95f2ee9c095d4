"""The language choice in every page's header: `POST /language` keeps the reader's choice in a cookie
and goes back to the page it was made on; "" forgets it (the browser's languages decide again)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from grognard import i18n
from grognard.web.language import LANGUAGE_COOKIE
from grognard.web.routes.deps import Form
from grognard.web.routes.players import local
from grognard.web.security import cookie_named, set_kept_cookie

ROUTER = APIRouter()


@ROUTER.post("/language")
def choose_language(request: Request, form: Form) -> Response:
    """Keep the language chosen (`language`: one grognard speaks, or "" for the browser's) and go back
    to `next`, a page of this server (the home page otherwise); an unknown language is refused (400)."""
    chosen = form.get("language", "")
    then = form.get("next", "")
    response = RedirectResponse(then if local(then) else "/", status_code=303)
    if chosen:
        set_kept_cookie(request, response, LANGUAGE_COOKIE, i18n.language_named(chosen[:20]))
    else:
        response.delete_cookie(cookie_named(request, LANGUAGE_COOKIE), path="/")
    return response
