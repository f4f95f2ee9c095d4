"""Running the server: `serve(host, port)` starts uvicorn on the app, opening a browser if asked.

The server runs with the limits of `web.limits` (read deadlines for a request's headers and body, caps on
connections) and starts the worker processes' forkserver at once (`web.solving.warm`), so the first
calculation does not wait for it."""

from __future__ import annotations

import threading
import webbrowser
from collections.abc import Callable
from types import FrameType

import uvicorn
from fastapi import FastAPI

from grognard.web.app import create_app
from grognard.web.limits import server_options
from grognard.web.live import STOPPING
from grognard.web.notices import startup_line
from grognard.web.settings import Settings
from grognard.web.solving import warm

SHUTDOWN_GRACE = 10
"""Seconds Ctrl+C waits for open requests before the server stops them (the live streams end by
themselves at once, `live.STOPPING`; this bounds anything else still running)."""


class StoppingServer(uvicorn.Server):
    """uvicorn's server, telling the live streams of its process to end when it is asked to stop."""

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        """Mark the process as stopping, then stop as uvicorn does."""
        STOPPING.set()
        super().handle_exit(sig, frame)


def server_config(app: FastAPI, host: str, port: int) -> uvicorn.Config:
    """uvicorn's configuration of a server of `app`, with the limits of `web.limits`."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=SHUTDOWN_GRACE,
        **server_options(),
    )


def serve(settings: Settings, *, open_browser: bool = False, say: Callable[[str], None] = print) -> None:
    """Serve the app until interrupted; `say` prints the address people open."""
    app = create_app(settings)
    shown = "localhost" if settings.host in ("127.0.0.1", "localhost") else settings.host
    url = f"http://{shown}:{settings.port}/"
    server = StoppingServer(server_config(app, settings.host, settings.port))
    threading.Thread(target=warm, name="grognard-warm", daemon=True).start()
    say(f"grognard is served at {url} (Ctrl+C stops it)")
    say(startup_line())
    if open_browser:
        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    server.run()
