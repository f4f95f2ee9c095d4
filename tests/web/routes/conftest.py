"""The routes without a browser: each test talks to the app through FastAPI's TestClient
(`tests.web.security.tables_client`), in a saved-games home of its own, on SQLite unless it asks for
PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Each test keeps its tables in a saved-games home of its own."""
    monkeypatch.setenv("GROGNARD_HOME", str(tmp_path))
    monkeypatch.delenv("GROGNARD_DATABASE_URL", raising=False)
    yield tmp_path
