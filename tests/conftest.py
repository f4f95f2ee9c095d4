"""Fixtures shared by every test folder: a throwaway PostgreSQL server for the store's second backend.

`postgres_server` (one per test process) is `$GROGNARD_TEST_POSTGRES` when that names a server
(`postgresql://user@host:port/db`; the tests create and drop databases in it); otherwise it starts
Debian's PostgreSQL 15 (`initdb` and `pg_ctl` from /usr/lib/postgresql/15/bin, as the `postgres` OS user
when run as root) in a temporary folder on a free loopback port, and stops it when the tests end. Where
those programs are missing the PostgreSQL variants of the tests are skipped with the reason, unless
`GROGNARD_REQUIRE_POSTGRES=1` (as `.ci/run` sets), and then they fail. `postgres_url` is a new, empty
database of that server for one test.

The commands the tests start in subprocesses keep their compiled modules between runs (`tests/bytecode.py`).

The garbage collector runs less often in the test processes (`collect_less`): the games allocate
millions of short-lived frozen states, and with Python's default thresholds (700, 10, 10) the collector
took some 12% of Talisman's rules time, most of it walking long-lived objects (the catalog, the caches)
that will never be garbage. `GROGNARD_TEST_GC=default` keeps the defaults (docs/performance.md).
"""

from __future__ import annotations

import gc
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from tests.bytecode import keep_compiled_modules

keep_compiled_modules(os.environ)

GC_THRESHOLDS = (50_000, 20, 100)
"""The collector's thresholds in the test processes: a young collection after 50,000 new containers
instead of 700, an old one after 100 middle ones instead of 10."""


def collect_less(environ: Mapping[str, str]) -> tuple[int, int, int]:
    """Freeze what is loaded so far (never garbage: the collector skips it from now on) and raise the
    thresholds, unless `GROGNARD_TEST_GC=default`; returns the thresholds in force."""
    if environ.get("GROGNARD_TEST_GC") != "default":
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
    low, middle, old = gc.get_threshold()
    return low, middle, old


collect_less(os.environ)

PG_BIN = Path(os.environ.get("GROGNARD_PG_BIN", "/usr/lib/postgresql/15/bin"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _missing(why: str) -> None:
    if os.environ.get("GROGNARD_REQUIRE_POSTGRES") == "1":
        pytest.fail(f"PostgreSQL is required (GROGNARD_REQUIRE_POSTGRES=1) but {why}")
    pytest.skip(f"PostgreSQL tests skipped: {why} (set GROGNARD_TEST_POSTGRES to a server's URL)")


def _as_owner(owner: str | None, *args: str) -> list[str]:
    return ["runuser", "-u", owner, "--", *args] if owner else list(args)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server the tests may create databases in (its `postgres` database)."""
    given = os.environ.get("GROGNARD_TEST_POSTGRES", "").strip()
    if given:
        yield given
        return
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _missing("psycopg is not installed (pip install -e '.[dev]')")
    if not (PG_BIN / "initdb").is_file() or not (PG_BIN / "pg_ctl").is_file():
        _missing(f"initdb and pg_ctl are not in {PG_BIN} (on Debian: apt-get install postgresql-15)")
    owner: str | None = None
    if os.geteuid() == 0:
        owner = "postgres"
        if shutil.which("runuser") is None:
            _missing("running as root, but runuser is missing to start PostgreSQL as the postgres user")
        try:
            import pwd

            pwd.getpwnam(owner)
        except KeyError:
            _missing("running as root, but there is no `postgres` OS user to run PostgreSQL as")
    top = Path(tempfile.mkdtemp(prefix="grognard-pg-"))
    data = top / "data"
    if owner:
        shutil.chown(top, owner)
    port = _free_port()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "timeout": 120, "check": False}
    made = subprocess.run(
        _as_owner(
            owner,
            str(PG_BIN / "initdb"),
            "-D",
            str(data),
            "-A",
            "trust",
            "-U",
            "postgres",
            "--no-sync",
            "-E",
            "UTF8",
            "--locale",
            "C",
        ),
        **quiet,  # type: ignore[call-overload]
    )
    if made.returncode != 0:
        shutil.rmtree(top, ignore_errors=True)
        pytest.fail(f"initdb failed: {made.stderr.decode(errors='replace').strip()[-500:]}")
    options = (
        f"-p {port} -k {top} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off"
        " -c full_page_writes=off -c max_connections=300"
    )
    started = subprocess.run(
        _as_owner(
            owner,
            str(PG_BIN / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            options,
            "-l",
            str(top / "log"),
            "-w",
            "-t",
            "60",
            "start",
        ),
        **quiet,  # type: ignore[call-overload]
    )
    if started.returncode != 0:
        log = (top / "log").read_text(errors="replace")[-500:] if (top / "log").exists() else ""
        shutil.rmtree(top, ignore_errors=True)
        pytest.fail(f"pg_ctl start failed: {started.stderr.decode(errors='replace').strip()} {log}")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_owner(owner, str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"),
            **quiet,  # type: ignore[call-overload]
        )
        shutil.rmtree(top, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A new empty database on the test server, dropped after the test."""
    import psycopg

    name = f"grognard_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(postgres_server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    base, _, _ = postgres_server.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(postgres_server, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store test keeps its games, once per backend: an SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    return str(request.getfixturevalue("postgres_url"))
