"""The browser tests: the real server on a free loopback port, driven by Debian's Chromium through
Playwright. Every page a test opens fails the test on any console error."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import pytest
import uvicorn
from playwright.sync_api import Browser, ConsoleMessage, Page, Playwright, sync_playwright

from grognard.web.app import create_app
from grognard.web.live import STOPPING
from grognard.web.settings import Settings
from tests.pgserver import free_port

SECRET = "test-secret-" + "x" * 32
"""The secret the live server's tokens and table addresses are made with."""
CHROMIUM = os.environ.get("GROGNARD_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


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


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The server, for every test of a module, with a fresh GROGNARD_HOME."""
    with serving(LiveServer, tmp_path_factory.mktemp("web-home")) as server:
        yield server


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Playwright]:
    """Playwright, started once per test process."""
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_session: Playwright) -> Iterator[Browser]:
    """Debian's Chromium (`make test` installs it when missing)."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing: `apt-get install chromium` (make test does it)")
    found = playwright_session.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield found
    found.close()


class Console:
    """Every console error of the pages a test opened."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.allowed: list[str] = []

    def allow(self, status: int) -> None:
        """Let the browser's own log line for one expected error answer (a refused form) pass."""
        self.allowed.append(f"the server responded with a status of {status}")

    def unexpected(self) -> list[str]:
        """The errors no test allowed; each allowance covers one error."""
        left = list(self.allowed)
        out = []
        for error in self.errors:
            hit = next((a for a in left if a in error), None)
            if hit is None:
                out.append(error)
            else:
                left.remove(hit)
        return out

    def watch(self, page: Page) -> Page:
        """Record `page`'s console errors and uncaught exceptions."""

        def on_console(message: ConsoleMessage) -> None:
            if message.type == "error":
                self.errors.append(message.text)

        page.on("console", on_console)
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        return page


@pytest.fixture
def console() -> Iterator[Console]:
    """The console errors of the test's pages; the test fails if there are any."""
    seen = Console()
    yield seen
    assert seen.unexpected() == [], f"console errors: {seen.unexpected()}"


@pytest.fixture
def page(browser: Browser, console: Console) -> Iterator[Page]:
    """A page of a fresh browser context (its own cookies) at 1280 by 800."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    yield console.watch(context.new_page())
    context.close()
