"""The app served for real on a free loopback port: uvicorn in a thread, with its own saved-games home.
The browser tests (`tests/browser/`) drive it with Chromium; the limits and deadlines tests
(`tests/web/security/`) talk to it with plain HTTP."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import uvicorn

from grognard.web.app import create_app
from grognard.web.live import STOPPING
from grognard.web.settings import Settings
from tests.pgserver import free_port

SECRET = "test-secret-" + "x" * 32
"""The secret the live server's tokens and table addresses are made with."""


class LiveServer:
    """The app served by uvicorn in a thread, with its own saved-games home."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        app = create_app(Settings(port=self.port, secret=SECRET))
        self.server = uvicorn.Server(
            uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        )
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> None:
        """Start serving and wait until it answers."""
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return
            time.sleep(0.05)
        raise RuntimeError("the test server did not start")

    def stop(self) -> None:
        """Stop serving as Ctrl+C does: the open live streams end at their next look (`live.STOPPING`),
        instead of the server waiting for them until the join gives up."""
        STOPPING.set()
        try:
            self.server.should_exit = True
            self.thread.join(timeout=10)
        finally:
            STOPPING.clear()
        if self.thread.is_alive():
            raise RuntimeError("the test server did not stop within 10 s")


Served = TypeVar("Served", bound=LiveServer)


@contextmanager
def serving(
    make: Callable[[Path], Served], home: Path, env: Mapping[str, str] | None = None
) -> Iterator[Served]:
    """`make(home)` started with GROGNARD_HOME (and `env`) set while it serves; stopped, and the
    environment put back, after."""
    names = {"GROGNARD_HOME": str(home), **(env or {})}
    saved = {k: os.environ.get(k) for k in names}
    os.environ.update(names)
    try:
        server = make(home)
        server.start()
        try:
            yield server
        finally:
            server.stop()
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
