"""Fixtures shared by every test folder: a throwaway PostgreSQL server for the store's second backend.

`postgres_server` (one per test process) is `$GROGNARD_TEST_POSTGRES` when that names a server
(`postgresql://user@host:port/db`; the tests create and drop databases in it); otherwise it starts
Debian's PostgreSQL 15 in a temporary folder on a free loopback port (`tests/pgserver.py`), and stops it
when the tests end. Where
those programs are missing the PostgreSQL variants of the tests are skipped with the reason, unless
`GROGNARD_REQUIRE_POSTGRES=1` (as `.ci/run` sets), and then they fail. `postgres_url` is a new, empty
database of that server for one test.

The commands the tests start in subprocesses keep their compiled modules between runs (`tests/bytecode.py`).

Every test process has a home of its own (`GROGNARD_HOME`, a temporary folder removed when the process
ends): the saved games, uploaded books and quests the tests make never land in the user's
`~/.local/share/grognard`, and no run reads what an earlier run (of another version) left there. A test
that needs a home of its own still sets one.

The garbage collector runs less often in the test processes (`collect_less`): the games allocate
millions of short-lived frozen states, and with Python's default thresholds (700, 10, 10) the collector
took some 12% of Talisman's rules time, most of it walking long-lived objects (the catalog, the caches)
that will never be garbage. `GROGNARD_TEST_GC=default` keeps the defaults (docs/performance.md).

Hypothesis runs with no deadline: a per-example time limit is a time asserted in a test, and on a busy
machine a first example that loads a table takes longer than the default 200 ms (seen as a "flaky"
failure of a parser round trip under a load of 17 on 2 cores).
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from hypothesis import settings

from tests.bytecode import keep_compiled_modules
from tests.pgserver import PostgresFailed, PostgresMissing, throwaway_server

keep_compiled_modules(os.environ)
TEST_HOME = Path(tempfile.mkdtemp(prefix="grognard-test-home-"))
"""This test process's grognard home."""
os.environ["GROGNARD_HOME"] = str(TEST_HOME)
atexit.register(shutil.rmtree, TEST_HOME, True)
settings.register_profile("grognard", deadline=None)
settings.load_profile("grognard")

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


def _missing(why: str) -> None:
    if os.environ.get("GROGNARD_REQUIRE_POSTGRES") == "1":
        pytest.fail(f"PostgreSQL is required (GROGNARD_REQUIRE_POSTGRES=1) but {why}")
    pytest.skip(f"PostgreSQL tests skipped: {why} (set GROGNARD_TEST_POSTGRES to a server's URL)")


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
    with contextlib.ExitStack() as stack:
        try:
            url = stack.enter_context(throwaway_server())
        except PostgresMissing as missing:
            _missing(str(missing))
        except PostgresFailed as failed:
            pytest.fail(str(failed))
        yield url


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
