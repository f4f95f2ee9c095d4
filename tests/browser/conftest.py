"""The browser tests: the real server on a free loopback port (`tests.live_server`), driven by Debian's
Chromium through Playwright. Every page a test opens fails the test on any console error. Only the tests
in this folder import Playwright (`tests/web/test_no_browser_outside.py` checks it); the routes
themselves are tested without a browser in `tests/web/`."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Playwright, sync_playwright

from tests.browser.walking import Audit, Walking, auditor, walker
from tests.live_server import LiveServer, serving

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


@pytest.fixture(scope="module")
def audit(live: LiveServer, browser: Browser, request: pytest.FixtureRequest) -> Iterator[Audit]:
    """The axe audit of a walk's file (`tests/browser/walking.py`): its pages audited, their shapes."""
    yield from auditor(live, browser, request)


@pytest.fixture
def walking(audit: Audit, live: LiveServer, monkeypatch: pytest.MonkeyPatch) -> Walking:
    """The engine-words crawler's walks, their pages audited by axe (`tests/browser/walking.py`)."""
    return walker(audit, live, monkeypatch)
