"""The server's settings, read from the environment and the command line."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from grognard.engine.errors import ContentError, UsageError
from grognard.engine.files import private_folder, read_file, write_private
from grognard.engine.store.factory import grognard_home
from grognard.i18n import gettext

LOOPBACK = "127.0.0.1"
"""Where the server listens unless told otherwise: this machine only."""

UPLOAD_LIMIT = 1_000_000
"""The largest file a page accepts (a book or a saved game), in bytes."""

SECRET_LIMIT = 4096
"""The largest web-secret file read (a kept secret is 64 characters)."""


@dataclass(frozen=True)
class Settings:
    """How a server runs: where it listens and the secret its form tokens are tied to."""

    host: str = LOOPBACK
    port: int = 8000
    secret: str = ""
    allowed_hosts: tuple[str, ...] = ()
    """Names the server answers to besides the loopback ones and `host` (the `Host` header is checked)."""

    @classmethod
    def from_environment(
        cls, host: str = LOOPBACK, port: int = 8000, allowed_hosts: tuple[str, ...] = ()
    ) -> Settings:
        """Settings for `grognard serve`: the secret from `GROGNARD_SECRET`, else one kept in
        `$GROGNARD_HOME/web-secret` (made on first use, readable by its owner only); the names to answer
        to from `GROGNARD_ALLOWED_HOSTS` and `allowed_hosts` (`--allow-host`)."""
        return cls(
            host=host,
            port=port,
            secret=os.environ.get("GROGNARD_SECRET") or _kept_secret(),
            allowed_hosts=environment_hosts() + allowed_hosts,
        )


ALLOWED_HOSTS_VAR = "GROGNARD_ALLOWED_HOSTS"
"""The environment variable naming the hosts the server answers to (comma- or space-separated)."""


def environment_hosts() -> tuple[str, ...]:
    """The host names in `GROGNARD_ALLOWED_HOSTS`, in order."""
    raw = os.environ.get(ALLOWED_HOSTS_VAR, "")
    return tuple(name for name in raw.replace(",", " ").split() if name)


def _kept_secret() -> str:
    path: Path = grognard_home() / "web-secret"
    if path.is_file():
        try:
            text = read_file(path, SECRET_LIMIT, "web secret").decode("ascii", "replace").strip()
        except ContentError as e:
            raise UsageError(
                gettext("%(reason)s: remove it, and a new secret is made") % {"reason": e}
            ) from None
        if len(text) >= 32:
            return text
    private_folder(path.parent)
    text = secrets.token_hex(32)
    write_private(path, text.encode("ascii"))
    return text
