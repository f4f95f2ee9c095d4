"""How fast the command line and the server start: each light command, and `grognard serve` answering its
first page, against a bare `python -c pass`, in one run.

Every command runs as a new process (`python -m grognard ...`, the way a user starts it), 11 times, each
run followed by a run of the bare interpreter: the median wall time is reported with its ratio to the
median of the bare runs taken between its own, so that a load coming and going on the machine reaches
both sides of a ratio alike; and the same for the CPU time of the process (user and system, as
`resource.getrusage` counts its children), which other jobs on the machine change much less. The first
rows are the medians of those bare medians. The light commands must
import no rule system (a test checks that); a system's own `--help` imports that system's command line
only. The server is started 5 times in a child process on a free loopback port with a new, empty
GROGNARD_HOME (`load_tables.ServeProcess`), and timed from its start until `GET /` answers 200 (asked
every 10 ms), each start followed by a bare run. Every process runs without `GROGNARD_PLUGINS`, with a
temporary GROGNARD_HOME and a temporary cache folder (`XDG_CACHE_HOME`, where d20's parser is kept:
`engine.dice.parser_cache`), and keeps its compiled modules as an installed grognard does
(`tests.bytecode`: where `PYTHONDONTWRITEBYTECODE` is set, in a cache folder outside the tree); each command
and the server are run once, untimed, before they are timed, so no timed run compiles a module or builds
d20's parser. `roll 3d6` is timed again with a cache folder that cannot be made (`NO_CACHE`): every run
then builds d20's parser, as every run did before the cache, which shows what the cache saves.

    python -m benchmarks startup
"""

from __future__ import annotations

import os
import resource
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
NO_CACHE = ("roll", "3d6")
"""The command timed again without d20's parser cache."""
REPEATS = 11
SERVE_REPEATS = 5
DROP = ("GROGNARD_PLUGINS", "GROGNARD_DATABASE_URL", "GROGNARD_SECRET", "GROGNARD_SOLVE_SECONDS")
"""What the measured processes run without: no test plugins, the default store, a fresh secret."""
BARE = [sys.executable, "-c", "pass"]


def environment() -> dict[str, str]:
    """The measured processes' environment: this one's, less `DROP`, keeping compiled modules."""
    env = {k: v for k, v in os.environ.items() if k not in DROP}
    keep_compiled_modules(env)
    return env


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The wall time and the CPU time of one run of `argv`, output discarded."""
    cpu = _cpu()
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    return time.perf_counter() - start, _cpu() - cpu


def _medians(runs: list[tuple[float, float]]) -> tuple[float, float]:
    """The median wall and CPU times of `runs`, less the first (untimed) one."""
    return statistics.median(r[0] for r in runs[1:]), statistics.median(r[1] for r in runs[1:])


def walls(argv: list[str], home: Path, cache: Path) -> tuple[tuple[float, float], tuple[float, float]]:
    """The median (wall, CPU) times of `argv` and of the bare interpreter, run in turn REPEATS times each
    (after one untimed run of each); `home` is GROGNARD_HOME and `cache` the cache folder."""
    env = dict(environment(), GROGNARD_HOME=str(home), XDG_CACHE_HOME=str(cache))
    ours, bare = [], []
    for _ in range(REPEATS + 1):
        ours.append(_run(argv, env))
        bare.append(_run(BARE, env))
    return _medians(ours), _medians(bare)


def first_page(cache: Path) -> tuple[float, float]:
    """The median wall time from starting `grognard serve` to its home page answering 200, over
    SERVE_REPEATS starts (after one untimed start), each with a new GROGNARD_HOME and followed by a run of
    the bare interpreter, and the median of those; `cache` is the cache folder."""
    env = {k: v for k, v in environment().items() if k != "GROGNARD_HOME"}  # ServeProcess sets its own
    env["XDG_CACHE_HOME"] = str(cache)
    drop = tuple(k for k in os.environ if k not in env and k != "GROGNARD_HOME")
    times, bare = [], []
    for _ in range(SERVE_REPEATS + 1):
        with tempfile.TemporaryDirectory() as home:
            start = time.perf_counter()
            server = ServeProcess(Path(home), [], env, 120, drop, poll=0.01)
            times.append(time.perf_counter() - start)
            server.stop()
            bare.append(_run(BARE, dict(env, GROGNARD_HOME=home))[0])
    return statistics.median(times[1:]), statistics.median(bare[1:])


def run() -> list[Row]:
    """The bare interpreter, then every light command, every system's help, `roll` without d20's parser
    cache (each its wall and CPU time) and the server's first page (its wall time), each with its ratio
    to the bare interpreter run alongside it."""
    rows = []
    bares, bare_cpus = [], []
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        blocked = home / "not-a-folder"  # a cache folder inside a plain file cannot be made
        blocked.write_text("")
        cases = [(args, home / "cache", "") for args in (*LIGHT, *SYSTEM_HELP)]
        cases.append((NO_CACHE, blocked, ", d20's parser built (no cache)"))
        for args, cache, note in cases:
            case = "grognard " + " ".join(args) + note
            (ours, cpu), (bare, bare_cpu) = walls([sys.executable, "-m", "grognard", *args], home, cache)
            bares.append(bare)
            bare_cpus.append(bare_cpu)
            rows += [
                timed(NAME, case, "median wall", ours),
                ratio(NAME, case, "vs python -c pass", ours, bare),
                timed(NAME, case, "median CPU", cpu),
                ratio(NAME, case, "CPU vs python -c pass", cpu, bare_cpu),
            ]
        served, bare = first_page(home / "cache")
    bares.append(bare)
    case = "grognard serve: GET / answers 200"
    rows += [timed(NAME, case, "median wall", served), ratio(NAME, case, "vs python -c pass", served, bare)]
    return [
        timed(NAME, "python -c pass", "median wall", statistics.median(bares)),
        timed(NAME, "python -c pass", "median CPU", statistics.median(bare_cpus)),
        *rows,
    ]
