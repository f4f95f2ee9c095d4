"""How fast the command line and the server start: each light command, and `grognard serve` answering its
first page, against a bare `python -c pass`, in one run.

Every command runs as a new process (`python -m grognard ...`, the way a user starts it), 11 times; the
median wall time is reported with its ratio to the bare interpreter's median measured in the same run.
The light commands must import no rule system (a test checks that); a system's own `--help` imports that
system's command line only. The server is started 5 times in a child process on a free loopback port
with a new, empty GROGNARD_HOME (`load_tables.ServeProcess`), and timed from its start until `GET /`
answers 200 (asked every 10 ms). Every process runs without `GROGNARD_PLUGINS` and with a temporary
GROGNARD_HOME, and keeps its compiled modules as an installed grognard does (`tests.bytecode`: where
`PYTHONDONTWRITEBYTECODE` is set, in a cache folder outside the tree); each command and the server are
run once, untimed, before they are timed, so no timed run compiles a module.

    python -m benchmarks startup
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import Row, ratio, timed
from benchmarks.load_tables import ServeProcess
from tests.bytecode import keep_compiled_modules

NAME = "startup"
"""The benchmark's name in the report."""
LIGHT = (("--help",), ("roll", "3d6"), ("systems",), ("games", "list"))
"""Commands that load no system."""
SYSTEM_HELP = tuple((name, "--help") for name in ("ff", "gs", "aif", "talisman", "hq"))
"""Each system's own help."""
REPEATS = 11
SERVE_REPEATS = 5
DROP = ("GROGNARD_PLUGINS", "GROGNARD_DATABASE_URL", "GROGNARD_SECRET", "GROGNARD_SOLVE_SECONDS")
"""What the measured processes run without: no test plugins, the default store, a fresh secret."""


def environment() -> dict[str, str]:
    """The measured processes' environment: this one's, less `DROP`, keeping compiled modules."""
    env = {k: v for k, v in os.environ.items() if k not in DROP}
    keep_compiled_modules(env)
    return env


def wall(argv: list[str], home: Path) -> float:
    """The median wall time of running `argv` REPEATS times (after one untimed run), output discarded."""
    env = dict(environment(), GROGNARD_HOME=str(home))
    times = []
    for _ in range(REPEATS + 1):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times[1:])


def first_page() -> float:
    """The median wall time from starting `grognard serve` to its home page answering 200, over
    SERVE_REPEATS starts (after one untimed start), each with a new GROGNARD_HOME."""
    env = {k: v for k, v in environment().items() if k != "GROGNARD_HOME"}  # ServeProcess sets its own
    drop = tuple(k for k in os.environ if k not in env and k != "GROGNARD_HOME")
    times = []
    for _ in range(SERVE_REPEATS + 1):
        with tempfile.TemporaryDirectory() as home:
            start = time.perf_counter()
            server = ServeProcess(Path(home), [], env, 120, drop, poll=0.01)
            times.append(time.perf_counter() - start)
            server.stop()
    return statistics.median(times[1:])


def run() -> list[Row]:
    """The bare interpreter, then every light command, every system's help and the server's first page,
    each with its ratio to the bare interpreter."""
    with tempfile.TemporaryDirectory() as home:
        bare = wall([sys.executable, "-c", "pass"], Path(home))
        rows = [timed(NAME, "python -c pass", "median wall", bare)]
        for args in (*LIGHT, *SYSTEM_HELP):
            case = "grognard " + " ".join(args)
            ours = wall([sys.executable, "-m", "grognard", *args], Path(home))
            rows += [
                timed(NAME, case, "median wall", ours),
                ratio(NAME, case, "vs python -c pass", ours, bare),
            ]
    served = first_page()
    case = "grognard serve: GET / answers 200"
    rows += [timed(NAME, case, "median wall", served), ratio(NAME, case, "vs python -c pass", served, bare)]
    return rows
