"""Bulk simulations on one process and on two: games per second and the speed-up, in one run.

Talisman (4 heuristic bots) and HeroQuest (quest 1, the party of its level) are simulated with the same
seed on 1 and on 2 worker processes, as `talisman simulate --workers N` and `hq simulate --workers N` do
(`engine.parallel.run_indexed`); the results are checked equal before anything is reported. The speed-up
is (2-worker games per second) / (1-worker games per second); on a 2-core machine the goal is at least 1.6
(issue 18), which only a quiet machine can show: the load average before and after the run is reported
with the figures.

So that the figure is the games' and not the pool's: one game of each kind is played first in this
process (imports, catalogues and caches warm before either timed run, and a forked worker inherits
them); each timed run is long enough (`GAMES`: about 20 s on one core) that the pool's start-up, timed
on its own below, is a small part of it; the pool is started once per run and hands the games out in
batches small enough (`parallel.batch_size`) that the workers finish together.

So that a busy machine shows as such and not as a slow pool: the runs alternate (1 worker, 2 workers,
`REPEATS` times) and the fastest of each is kept (the one least disturbed by other programs), and each
run's CPU time (this process's and its reaped workers') is measured with its wall time. "Cores used" is
CPU seconds per wall second: about 1 for one worker, and about 2 for two on a machine with two free
cores; when the machine is shared it falls below 2, and the speed-up with it. The "per CPU second" ratio
(2 workers' games per CPU second over 1 worker's) is the pool's own cost, which the load hardly moves:
near 1, the speed-up on a quiet 2-core machine is near 2 times it.
"""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Callable
from functools import partial

from benchmarks import Row, ratio, timed
from grognard.engine.parallel import run_indexed

NAME = "workers"
"""The benchmark's name in the report."""

GAMES = {"talisman 4 heuristic": 96, "heroquest quest 1": 160}
"""Games per timed run, per case."""

REPEATS = 2
"""Timed runs per case and number of workers (alternating); the fastest of each counts."""


def _talisman(games: int, workers: int) -> object:
    from grognard.systems.talisman.simulate import simulate

    return simulate(["heuristic"] * 4, games, seed=1, workers=workers).to_json()


def _heroquest(games: int, workers: int) -> object:
    from grognard.systems.heroquest.simulate import simulate

    return simulate("1-the-smugglers-stair", None, games, seed=1, workers=workers).to_data()


def _wall(work: Callable[[], object]) -> tuple[float, object]:
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def _cpu_seconds() -> float:
    """CPU time of this process and of its children reaped so far (a pool's workers, once it is shut)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _one_run(work: Callable[[], object]) -> tuple[float, float, object]:
    """One timed run of `work`: its wall time, its CPU time and its result."""
    cpu = _cpu_seconds()
    wall, result = _wall(work)
    return wall, _cpu_seconds() - cpu, result


def _first(run: tuple[float, float, object]) -> float:
    return run[0]


def _nothing(index: int) -> int:
    return index


def run() -> list[Row]:
    """Talisman and HeroQuest simulations on 1 and 2 workers: games per second and their ratio."""
    load_before = os.getloadavg()[0]
    cases: dict[str, Callable[[int, int], object]] = {
        "talisman 4 heuristic": _talisman,
        "heroquest quest 1": _heroquest,
    }
    rows: list[Row] = []
    for play in cases.values():
        play(1, 1)  # warm-up: imports and caches, in this process before any fork
    pool, _ = _wall(lambda: list(run_indexed(_nothing, 2, 2)))
    rows.append(timed(NAME, "pool", "start and stop a 2-process pool (2 trivial tasks)", pool))
    for case, play in cases.items():
        games = GAMES[case]
        runs: dict[int, list[tuple[float, float, object]]] = {1: [], 2: []}
        for _ in range(REPEATS):
            for workers in (1, 2):
                runs[workers].append(_one_run(partial(play, games, workers)))
        results = [result for workers in (1, 2) for _, _, result in runs[workers]]
        if any(result != results[0] for result in results):
            raise AssertionError(f"{case}: results differ between runs or between 1 and 2 workers")
        (t1, cpu1, _), (t2, cpu2, _) = min(runs[1], key=_first), min(runs[2], key=_first)
        rows += [
            Row(NAME, case, f"{games} games, 1 worker: games per second", games / t1, "games/s"),
            Row(NAME, case, f"{games} games, 2 workers: games per second", games / t2, "games/s"),
            ratio(NAME, case, "speed-up: 2 workers' games/s over 1 worker's (goal >= 1.6)", t1, t2),
            Row(NAME, case, "1 worker: cores used (CPU seconds per wall second)", cpu1 / t1, "cores"),
            Row(NAME, case, "2 workers: cores used (CPU seconds per wall second)", cpu2 / t2, "cores"),
            ratio(NAME, case, "per CPU second: 2 workers' games over 1 worker's (pool cost)", cpu1, cpu2),
        ]
    rows.append(Row(NAME, "machine", "load average (1 min) before the run", load_before, "procs"))
    rows.append(Row(NAME, "machine", "load average (1 min) after the run", os.getloadavg()[0], "procs"))
    return rows
