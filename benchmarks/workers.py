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
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from functools import partial

from benchmarks import Row, ratio, timed
from grognard.engine.parallel import run_indexed

NAME = "workers"
"""The benchmark's name in the report."""

GAMES = {"talisman 4 heuristic": 96, "heroquest quest 1": 160}
"""Games per timed run, per case."""


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
        t1, one = _wall(partial(play, games, 1))
        t2, two = _wall(partial(play, games, 2))
        if one != two:
            raise AssertionError(f"{case}: results differ between 1 and 2 workers")
        rows += [
            Row(NAME, case, f"{games} games, 1 worker: games per second", games / t1, "games/s"),
            Row(NAME, case, f"{games} games, 2 workers: games per second", games / t2, "games/s"),
            ratio(NAME, case, "speed-up: 2 workers' games/s over 1 worker's (goal >= 1.6)", t1, t2),
        ]
    rows.append(Row(NAME, "machine", "load average (1 min) before the run", load_before, "procs"))
    rows.append(Row(NAME, "machine", "load average (1 min) after the run", os.getloadavg()[0], "procs"))
    return rows
