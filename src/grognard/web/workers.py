"""`grognard serve --workers N`: several uvicorn worker processes sharing one PostgreSQL store.

Nothing that matters lives in one worker's memory: every request loads its game from the store, the
secret behind the form, seat and host tokens is fixed in the parent before the workers start (passed
to them as `GROGNARD_SECRET`), two moves at one position are refused by the store itself, and a change
made by one worker wakes the live streams of every worker (PostgreSQL's NOTIFY, `web.live`). uvicorn's
supervisor starts a new worker when one dies; the others go on serving meanwhile.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from fastapi import FastAPI

from grognard.engine.errors import UsageError
from grognard.engine.store.factory import database_url, open_store
from grognard.i18n import gettext
from grognard.web.app import create_app
from grognard.web.limits import server_options
from grognard.web.notices import startup_line
from grognard.web.server import SHUTDOWN_GRACE
from grognard.web.settings import Settings, environment_hosts

SECRET_VAR = "GROGNARD_SECRET"
"""The environment variable the workers read the shared secret from."""


def worker_app() -> FastAPI:
    """The app of one worker process (uvicorn's factory), with the secret its parent fixed."""
    secret = os.environ.get(SECRET_VAR, "")
    if len(secret) < 32:
        raise UsageError(
            gettext("a grognard worker needs the shared secret in %(variable)s (32 characters or more)")
            % {"variable": SECRET_VAR}
        )
    return create_app(Settings(secret=secret, allowed_hosts=environment_hosts()))


def check_workers(workers: int) -> None:
    """Refuse several workers on SQLite, with the reason."""
    if workers > 1 and database_url() is None:
        raise UsageError(
            gettext(
                "--workers %(workers)s needs the saved games on PostgreSQL "
                "(GROGNARD_DATABASE_URL=postgresql://...): SQLite keeps them in one file that one process "
                "at a time may write, so several workers would queue on its lock; one worker serves a home "
                "or a small club well"
            )
            % {"workers": workers}
        )


def serve_workers(settings: Settings, workers: int, say: Callable[[str], None] = print) -> None:
    """Serve the app from `workers` processes until interrupted (the store is opened and migrated here
    first, so a wrong URL or an unreachable server is one line before any worker starts)."""
    import uvicorn

    check_workers(workers)
    with open_store():
        pass
    os.environ[SECRET_VAR] = settings.secret
    shown = "localhost" if settings.host in ("127.0.0.1", "localhost") else settings.host
    say(f"grognard is served at http://{shown}:{settings.port}/ by {workers} workers (Ctrl+C stops them)")
    say(startup_line())
    uvicorn.run(
        "grognard.web.workers:worker_app",
        factory=True,
        host=settings.host,
        port=settings.port,
        workers=workers,
        log_level="warning",
        timeout_graceful_shutdown=SHUTDOWN_GRACE,
        **server_options(),
    )
