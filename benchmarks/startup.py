"""How fast the command line starts: each light command against a bare `python -c pass`, in one run.

Every command runs as a new process (`python -m grognard ...`, the way a user starts it), 11 times; the
median wall time is reported with its ratio to the bare interpreter's median measured in the same run.
The light commands must import no rule system (a test checks that); a system's own `--help` imports that
system's command line only.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

from benchmarks import Row, ratio, timed

NAME = "startup"
"""The benchmark's name in the report."""
LIGHT = (("--help",), ("roll", "3d6"), ("systems",), ("games", "list"))
"""Commands that load no system."""
SYSTEM_HELP = tuple((name, "--help") for name in ("ff", "gs", "aif", "talisman", "hq"))
"""Each system's own help."""
REPEATS = 11


def wall(argv: list[str]) -> float:
    """The median wall time of running `argv` REPEATS times, output discarded."""
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run() -> list[Row]:
    """The bare interpreter, then every light command and every system's help, with ratios."""
    bare = wall([sys.executable, "-c", "pass"])
    rows = [timed(NAME, "python -c pass", "median wall", bare)]
    for args in (*LIGHT, *SYSTEM_HELP):
        case = "grognard " + " ".join(args)
        ours = wall([sys.executable, "-m", "grognard", *args])
        rows += [timed(NAME, case, "median wall", ours), ratio(NAME, case, "vs python -c pass", ours, bare)]
    return rows
