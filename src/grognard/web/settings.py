"""The server's settings, read from the environment and the command line."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from grognard.engine.store import grognard_home

LOOPBACK = "127.0.0.1"
"""Where the server listens unless told otherwise: this machine only."""

UPLOAD_LIMIT = 1_000_000
"""The largest file a page accepts (a book or a saved game), in bytes."""


@dataclass(frozen=True)
class Settings:
    """How a server runs: where it listens and the secret its form tokens are tied to."""

    host: str = LOOPBACK
    port: int = 8000
    secret: str = ""

    @classmethod
    def from_environment(cls, host: str = LOOPBACK, port: int = 8000) -> Settings:
        """Settings for `grognard serve`: the secret from `GROGNARD_SECRET`, else one kept in
        `$GROGNARD_HOME/web-secret` (made on first use, readable by its owner only)."""
        return cls(host=host, port=port, secret=os.environ.get("GROGNARD_SECRET") or _kept_secret())


def _kept_secret() -> str:
    path: Path = grognard_home() / "web-secret"
    if path.is_file():
        text = path.read_text(encoding="ascii").strip()
        if len(text) >= 32:
            return text
    path.parent.mkdir(parents=True, exist_ok=True)
    text = secrets.token_hex(32)
    path.write_text(text, encoding="ascii")
    path.chmod(0o600)
    return text
