"""The reader's language in the browser: their setting (the `grognard_lang` cookie the page header's
language choice keeps), else their browser's `Accept-Language`, else English; put in force for the whole
request (`grognard.i18n.current`), so pages, fragments, error pages and the server's own messages all
speak it, and said in `<html lang>`."""

from __future__ import annotations

from fastapi import FastAPI, Request
from starlette.types import ASGIApp, Receive, Scope, Send

from grognard import i18n
from grognard.web.security import SECURE_PREFIX

LANGUAGE_COOKIE = "grognard_lang"
"""The cookie keeping the language a reader chose on the page (none: their browser's)."""


def reader_language(request: Request) -> str:
    """The language of this request's reader: the setting, then `Accept-Language`, then English.

    The setting is read under either of its names (`__Host-` prefixed over HTTPS): this runs outside the
    proxy-headers layer, before the scheme a proxy forwarded is known, and a language is no secret (a
    cookie a sibling site planted could only change the page's language)."""
    setting = request.cookies.get(SECURE_PREFIX + LANGUAGE_COOKIE) or request.cookies.get(LANGUAGE_COOKIE)
    return i18n.choose(setting, request.headers.get("accept-language"))


class LanguageMiddleware:
    """Puts the reader's language in force for everything the request runs (a context variable, copied
    into the threads that run the routes)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve the request in its reader's language."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with i18n.speaking(reader_language(Request(scope))):
            await self.app(scope, receive, send)


def add_language(app: FastAPI) -> None:
    """Serve every request of `app` in its reader's language (the outermost layer, added last)."""
    app.add_middleware(LanguageMiddleware)
