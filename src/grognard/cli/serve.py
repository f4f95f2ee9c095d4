"""`grognard serve`: the browser front end on this machine (or, with --host 0.0.0.0, on the network)."""

from __future__ import annotations

import os
import shutil
import socket
from typing import Annotated

import typer

from grognard.cli.console import out
from grognard.engine.errors import UsageError
from grognard.i18n import N_, gettext

DEFAULT_PORT = 8000
"""The port tried first; when it is taken and none was asked for, the next free one of ten."""


def _free(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def _port(host: str, port: int | None) -> int:
    if port is not None:
        if not _free(host, port):
            raise UsageError(
                gettext("port %(port)s on %(host)s is taken: give another with --port")
                % {"port": port, "host": host}
            )
        return port
    for candidate in range(DEFAULT_PORT, DEFAULT_PORT + 10):
        if _free(host, candidate):
            return candidate
    raise UsageError(
        gettext("ports %(first)s-%(last)s are all taken: give a free one with --port")
        % {"first": DEFAULT_PORT, "last": DEFAULT_PORT + 9}
    )


def _has_browser() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or shutil.which("open"))


def serve(
    host: Annotated[
        str,
        typer.Option(
            "--host", help=N_("Where to listen: 127.0.0.1 (this machine) or 0.0.0.0 (the network).")
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int | None,
        typer.Option("--port", min=1, max=65535, help=N_("The port (default: 8000, else the next free).")),
    ] = None,
    open_browser: Annotated[
        bool | None,
        typer.Option("--open/--no-open", help=N_("Open the default browser (default: when there is one).")),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            max=64,
            help=N_("Worker processes (above 1 needs the saved games on PostgreSQL: GROGNARD_DATABASE_URL)."),
        ),
    ] = 1,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-host",
            metavar="NAME",
            help=N_(
                "A name browsers reach the server by (games.example.org, *.example.org), besides "
                "localhost, addresses in digits and --host; repeatable; also GROGNARD_ALLOWED_HOSTS."
            ),
        ),
    ] = None,
) -> None:
    """Serve grognard in the browser: tables with seats, gamebooks, the referee's desk and the tools."""
    from grognard.web.hardening import LOOPBACK_NAMES, trusted_names
    from grognard.web.server import serve as run
    from grognard.web.settings import ALLOWED_HOSTS_VAR, Settings
    from grognard.web.workers import check_workers, serve_workers

    check_workers(workers)
    chosen = _port(host, port)
    settings = Settings.from_environment(host, chosen, tuple(allow_host or ()))
    try:
        names = trusted_names(settings)
    except ValueError as error:
        raise UsageError(
            gettext("--allow-host / %(variable)s: %(error)s")
            % {"variable": ALLOWED_HOSTS_VAR, "error": error}
        ) from None
    if host not in ("127.0.0.1", "localhost", "::1"):
        out.print(f"Listening on {host}: anyone on the network can reach this server.", markup=False)
        named = [n for n in names if n not in LOOPBACK_NAMES]
        out.print(
            "Browsers open it by the machine's address in digits"
            + (f" or as {', '.join(named)}" if named else "")
            + "; a name they use for it must be given with --allow-host NAME.",
            markup=False,
        )
    if workers > 1:
        os.environ[ALLOWED_HOSTS_VAR] = ",".join(names)
        serve_workers(settings, workers, say=lambda line: out.print(line, markup=False))
        return
    run(
        settings,
        open_browser=_has_browser() if open_browser is None else open_browser,
        say=lambda line: out.print(line, markup=False),
    )
