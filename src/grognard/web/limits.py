"""The limits every request meets before a route sees it, and how long the server waits for a request.

- `BodyLimit`: a body over `MAX_BODY` bytes is refused with 413 before any of it is read when its
  `Content-Length` says so, and as soon as the bytes streamed pass the cap otherwise. Nothing past the
  cap is read, and the cap stays below the size at which the multipart parser moves a file part from
  memory to a temporary file, so a refused upload is never written anywhere.
- `StreamLimit`: a browser session, and a client address, keep at most so many live streams
  (`/games/<id>/events`) open, and the server at most `live.MAX_STREAMS`; one more is refused with 429.
- `GuardedH11Protocol`: uvicorn's HTTP/1.1 protocol, which on its own waits for ever for a request's
  headers and body (its keep-alive timeout only covers the quiet time between requests), with deadlines:
  `HEADER_SECONDS` for a request's headers from the connection's opening or the previous answer,
  `BODY_SECONDS` for its body; then the connection is closed. A client address other than loopback (a
  reverse proxy on this machine speaks for many) keeps at most `CONNECTIONS_PER_ADDRESS` connections, and
  past `MAX_CONNECTIONS` in all a new connection is closed at once, so half-sent requests cannot pile up
  until the file handles run out.
- `server_options()`: the `uvicorn.Config` arguments that put these in place (`web.server`), with
  `limit_concurrency` (503 past `MAX_CONNECTIONS` connections and requests in progress).

Each figure can be changed through the environment variable named beside it (the tests shrink them).
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import re
from typing import Any

import h11
from fastapi import FastAPI, Request
from starlette.datastructures import Headers
from starlette.formparsers import MultiPartParser
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from grognard import __version__, i18n
from grognard.web.live import STREAMS, stream_keys
from grognard.web.pages import TEMPLATES
from grognard.web.settings import UPLOAD_LIMIT

MULTIPART_ROOM = 32 * 1024
"""Bytes a form needs beside its file: the parts' headers and boundaries, the form token, a few fields."""
MAX_BODY = min(UPLOAD_LIMIT + MULTIPART_ROOM, MultiPartParser.spool_max_size)
"""The largest request body read, in bytes: an upload of `UPLOAD_LIMIT` and its form, and no more than
the multipart parser keeps in memory (past `spool_max_size` it would write the file part to disk)."""
HEADER_SECONDS = 10.0
"""Seconds a client has to send a request's headers (`$GROGNARD_HEADER_SECONDS`)."""
BODY_SECONDS = 60.0
"""Seconds a client has to send a request's body (`$GROGNARD_BODY_SECONDS`): an upload of `UPLOAD_LIMIT`
at 20 KB a second."""
KEEP_ALIVE_SECONDS = 5
"""Seconds a connection may stay quiet between requests (uvicorn's default, said here)."""
MAX_CONNECTIONS = 500
"""Connections open at once in all (`$GROGNARD_MAX_CONNECTIONS`): past it a request is answered 503 and
a new connection closed."""
CONNECTIONS_PER_ADDRESS = 64
"""Connections open at once from one client address other than loopback
(`$GROGNARD_CONNECTIONS_PER_ADDRESS`); a browser opens at most 6 to a server."""

_LENGTH = re.compile(r"[0-9]{1,18}")
_EVENTS = re.compile(r"/games/[^/]+/events")


def setting(var: str, default: float) -> float:
    """A positive figure from the environment variable `var`, else `default`."""
    raw = os.environ.get(var, "").strip()
    try:
        found = float(raw) if raw else default
    except ValueError:
        return default
    return found if found > 0 else default


def refusal(scope: Scope, status: int, message: str) -> Any:
    """The error page (or htmx fragment) for a request refused before any route saw it."""
    request = Request(scope)
    template = "fragments/error.html" if request.headers.get("hx-request") == "true" else "error.html"
    context = {"message": message, "code": status, "csrf": "", "version": __version__}
    response = TEMPLATES.TemplateResponse(request, template, context, status_code=status)
    response.headers["connection"] = "close"
    return response


class BodyTooLarge(Exception):
    """Raised into the app when the body it reads passes the cap (it is answered 413 instead)."""


class BodyLimit:
    """Refuse (413) a request whose body is over `limit` bytes, reading none of it past the cap."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    def message(self) -> str:
        """What a refused request is told."""
        said = i18n.gettext(
            "this request is over {size} KB: an upload here (a book, a saved game, a quest) may be at most "
            "{most} KB"
        )
        return said.format(size=self.limit // 1000, most=UPLOAD_LIMIT // 1000)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass a request on with its body counted, or refuse it."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length")
        if declared is not None and (not _LENGTH.fullmatch(declared.strip()) or int(declared) > self.limit):
            await refusal(scope, 413, self.message())(scope, receive, send)
            return
        counted = 0
        over = started = False

        async def counted_receive() -> Message:
            nonlocal counted, over
            message = await receive()
            if message["type"] == "http.request":
                counted += len(message.get("body", b""))
                if counted > self.limit:
                    over = True
                    raise BodyTooLarge(self.message())
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if over:
                return  # the app's answer to a body it could not read: the 413 below goes instead
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted_receive, guarded_send)
        except Exception:
            if not over:
                raise
        if over and not started:
            await refusal(scope, 413, self.message())(scope, receive, send)


class StreamLimit:
    """Refuse (429) a live stream past the caps of `live.STREAMS`; count it while it is open."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass a request on; a live stream only within the caps."""
        if scope["type"] != "http" or not _EVENTS.fullmatch(str(scope.get("path", ""))):
            await self.app(scope, receive, send)
            return
        keys = stream_keys(Request(scope))
        refused = STREAMS.open(keys)
        if refused is not None:
            await refusal(scope, 429, refused)(scope, receive, send)
            return
        try:
            await self.app(scope, receive, send)
        finally:
            STREAMS.close(keys)


def add_limits(app: FastAPI) -> None:
    """Put the body and live stream limits on `app`."""
    app.add_middleware(StreamLimit)
    app.add_middleware(BodyLimit)


def is_loopback(host: str) -> bool:
    """Whether a client address is this machine's own."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with deadlines for reading a request, and caps on open connections."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.header_seconds = setting("GROGNARD_HEADER_SECONDS", HEADER_SECONDS)
        self.body_seconds = setting("GROGNARD_BODY_SECONDS", BODY_SECONDS)
        self.reading: type[h11.IDLE] | type[h11.SEND_BODY] | None = None
        self.read_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Accept a connection, unless there are too many; its headers' deadline starts."""
        super().connection_made(transport)
        if self.too_many():
            transport.close()
            return
        self.watch_reading()

    def too_many(self) -> bool:
        """Whether this new connection is one too many, in all or from its address."""
        if len(self.connections) > setting("GROGNARD_MAX_CONNECTIONS", MAX_CONNECTIONS):
            return True
        host = self.client[0] if self.client else None
        if host is None or is_loopback(host):
            return False
        cap = setting("GROGNARD_CONNECTIONS_PER_ADDRESS", CONNECTIONS_PER_ADDRESS)
        same = sum(1 for c in self.connections if (getattr(c, "client", None) or ("",))[0] == host)
        return same > cap

    def data_received(self, data: bytes) -> None:
        """Take the bytes in, then watch the part of the request still to come."""
        super().data_received(data)
        self.watch_reading()

    def on_response_complete(self) -> None:
        """After an answer, the next request's headers are due within the deadline."""
        super().on_response_complete()
        if not self.transport.is_closing():
            self.watch_reading()

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the deadline of a closed connection."""
        self.stop_timer()
        super().connection_lost(exc)

    def watch_reading(self) -> None:
        """Start the deadline of the part of a request now awaited (headers or body), keep the one
        running if that part is still awaited, or stop it when the request has been read."""
        state = self.conn.their_state
        reading = state if state is h11.IDLE or state is h11.SEND_BODY else None
        if reading is self.reading:
            return
        self.stop_timer()
        self.reading = reading
        if reading is not None:
            seconds = self.header_seconds if reading is h11.IDLE else self.body_seconds
            self.read_timer = self.loop.call_later(seconds, self.too_slow)

    def stop_timer(self) -> None:
        """Cancel the running deadline, if any."""
        if self.read_timer is not None:
            self.read_timer.cancel()
            self.read_timer = None

    def too_slow(self) -> None:
        """The deadline passed with the request unread: close the connection (the app, if it waits for
        the body, is told the client has gone)."""
        self.read_timer = None
        if not self.transport.is_closing():
            self.transport.close()


def server_options() -> dict[str, Any]:
    """The `uvicorn.Config` arguments that apply the limits above."""
    return {
        "http": GuardedH11Protocol,
        "limit_concurrency": int(setting("GROGNARD_MAX_CONNECTIONS", MAX_CONNECTIONS)),
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
    }
