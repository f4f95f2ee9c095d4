"""Running the server: `serve(host, port)` starts uvicorn on the app, opening a browser if asked."""

from __future__ import annotations

import threading
import webbrowser
from collections.abc import Callable

import uvicorn

from grognard.web.app import create_app
from grognard.web.settings import Settings


def serve(settings: Settings, *, open_browser: bool = False, say: Callable[[str], None] = print) -> None:
    """Serve the app until interrupted; `say` prints the address people open."""
    app = create_app(settings)
    shown = "localhost" if settings.host in ("127.0.0.1", "localhost") else settings.host
    url = f"http://{shown}:{settings.port}/"
    config = uvicorn.Config(app, host=settings.host, port=settings.port, log_level="warning")
    server = uvicorn.Server(config)
    say(f"grognard is served at {url} (Ctrl+C stops it)")
    if open_browser:
        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    server.run()
