"""A throwaway PostgreSQL server for the tests and the load benchmark, and a free loopback port.

`throwaway_server()` starts Debian's PostgreSQL 15 (`initdb` and `pg_ctl` from `$GROGNARD_PG_BIN`, by
default /usr/lib/postgresql/15/bin; as the `postgres` OS user when run as root) in a temporary folder on
a free loopback port, yields its URL (the `postgres` database) and stops and removes it after. It is
made for speed, not for keeping data: no fsync, no synchronous commit. Where it cannot run it raises
`PostgresMissing` with the reason (the tests turn that into a skip or, when PostgreSQL is required, a
failure); when a program it runs fails it raises `PostgresFailed` with the program's last words.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

PG_BIN = Path(os.environ.get("GROGNARD_PG_BIN", "/usr/lib/postgresql/15/bin"))
"""Where Debian keeps PostgreSQL 15's server programs."""


class PostgresMissing(Exception):
    """PostgreSQL cannot be started on this machine; the message says why."""


class PostgresFailed(Exception):
    """initdb or pg_ctl failed; the message has their last words."""


def free_port() -> int:
    """A port nobody listens on now, on the loopback address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _owner() -> str | None:
    """The OS user to run PostgreSQL as: `postgres` when run as root (it refuses root), else ourselves."""
    if os.geteuid() != 0:
        return None
    if shutil.which("runuser") is None:
        raise PostgresMissing(
            "running as root, but runuser is missing to start PostgreSQL as the postgres user"
        )
    import pwd

    try:
        pwd.getpwnam("postgres")
    except KeyError:
        raise PostgresMissing(
            "running as root, but there is no `postgres` OS user to run PostgreSQL as"
        ) from None
    return "postgres"


def _as_owner(owner: str | None, *args: str) -> list[str]:
    return ["runuser", "-u", owner, "--", *args] if owner else list(args)


def _last_words(done: subprocess.CompletedProcess[bytes], log: Path | None = None) -> str:
    said = done.stderr.decode(errors="replace").strip()[-500:]
    if log is not None and log.exists():
        said += " " + log.read_text(errors="replace")[-500:]
    return said


@contextlib.contextmanager
def throwaway_server(max_connections: int = 300) -> Iterator[str]:
    """A PostgreSQL server in a temporary folder on a free loopback port; yields its URL."""
    if not (PG_BIN / "initdb").is_file() or not (PG_BIN / "pg_ctl").is_file():
        raise PostgresMissing(
            f"initdb and pg_ctl are not in {PG_BIN} (on Debian: apt-get install postgresql-15)"
        )
    owner = _owner()
    top = Path(tempfile.mkdtemp(prefix="grognard-pg-"))
    try:
        if owner:
            shutil.chown(top, owner)
        data, log, port = top / "data", top / "log", free_port()
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "timeout": 120, "check": False}
        initdb = [str(PG_BIN / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"]
        made = subprocess.run(
            _as_owner(owner, *initdb, "-E", "UTF8", "--locale", "C"),
            **quiet,  # type: ignore[call-overload]
        )
        if made.returncode != 0:
            raise PostgresFailed(f"initdb failed: {_last_words(made)}")
        options = (
            f"-p {port} -k {top} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off"
            f" -c full_page_writes=off -c max_connections={max_connections}"
        )
        pg_ctl = str(PG_BIN / "pg_ctl")
        started = subprocess.run(
            _as_owner(
                owner, pg_ctl, "-D", str(data), "-o", options, "-l", str(log), "-w", "-t", "60", "start"
            ),
            **quiet,  # type: ignore[call-overload]
        )
        if started.returncode != 0:
            raise PostgresFailed(f"pg_ctl start failed: {_last_words(started, log)}")
        try:
            yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
        finally:
            subprocess.run(
                _as_owner(owner, pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"),
                **quiet,  # type: ignore[call-overload]
            )
    finally:
        shutil.rmtree(top, ignore_errors=True)
