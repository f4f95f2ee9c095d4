"""A browser for the security tests, without a browser: FastAPI's TestClient with its own cookies, the
form token read from the page it last opened."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from grognard.web.app import create_app
from grognard.web.settings import Settings

SECRET = "security-test-secret-" + "z" * 32
BASE = "http://127.0.0.1"
JSON = {"Accept": "application/json"}
"""The header a client sends for a JSON answer to a POST that moves a game."""
_TOKEN = re.compile(r'name="csrf-token" content="([0-9a-f]+)"')


class Visitor:
    """One browser: its cookies, and the form token of its session."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def token(self) -> str:
        """The form token of this browser (opening the home page for a session when it has none)."""
        found = _TOKEN.search(self.client.get("/").text)
        assert found is not None, "the page carries no form token"
        return found.group(1)

    def post(self, url: str, data: dict[str, str] | None = None, **kwargs: Any) -> Any:
        """POST a form with this browser's token, following no redirect."""
        form = {"csrf": self.token()} | (data or {})
        return self.client.post(url, data=form, follow_redirects=False, **kwargs)

    def start(self, system: str, game: str, seats: list[str], **options: str) -> str:
        """Start a table; its address (`/games/<key>`)."""
        form = {"system": system, "game": game} | {f"seat:{i}": s for i, s in enumerate(seats)}
        form |= {f"option:{k}": v for k, v in options.items()}
        made = self.post("/games", form)
        assert made.status_code == 303, made.text[-500:]
        return str(made.headers["location"])

    def json(self, url: str) -> Any:
        """A JSON twin's answer (200 expected)."""
        got = self.client.get(url)
        assert got.status_code == 200, got.text[-300:]
        assert got.headers["content-type"] == "application/json", got.headers["content-type"]
        return got.json()

    def view(self, table: str) -> dict[str, Any]:
        """The table's JSON twin as this browser sees it."""
        got = self.client.get(f"{table}/view.json")
        assert got.status_code == 200, got.text[-300:]
        data: dict[str, Any] = got.json()
        return data


def browser(app: Any | None = None) -> Visitor:
    """A fresh browser on the app (a new app when none is given)."""
    return Visitor(TestClient(app or create_app(Settings(secret=SECRET)), base_url=BASE))
