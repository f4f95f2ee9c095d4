"""Bulk simulations on one process and on two: games per second and the speed-up, in one run.

Talisman (4 heuristic bots) and HeroQuest (quest 1, the party of its level) are simulated with the same
seed on 1 and on 2 worker processes; the results are checked equal before the times are reported. The
speed-up is (2-worker games per second) / (1-worker games per second); on a 2-core machine the goal is
at least 1.6.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from benchmarks import Row, ratio, timed

NAME = "workers"
"""The benchmark's name in the report."""


def _timed(work: Callable[[int], object]) -> tuple[float, object, float]:
    start = time.perf_counter()
    one = work(1)
    mid = time.perf_counter()
    two = work(2)
    end = time.perf_counter()
    return mid - start, (one, two), end - mid


def run() -> list[Row]:
    """Talisman and HeroQuest simulations on 1 and 2 workers."""
    from grognard.systems.heroquest.simulate import simulate as hq
    from grognard.systems.talisman.simulate import simulate as talisman

    cases: dict[str, tuple[int, Callable[[int], object]]] = {
        "talisman 4 heuristic": (
            16,
            lambda w: talisman(["heuristic"] * 4, 16, seed=1, workers=w).to_json(),
        ),
        "heroquest quest 1": (
            16,
            lambda w: hq("1-the-smugglers-stair", None, 16, seed=1, workers=w).to_data(),
        ),
    }
    rows: list[Row] = []
    for case, (games, work) in cases.items():
        t1, (a, b), t2 = _timed(work)
        if a != b:
            raise AssertionError(f"{case}: results differ between 1 and 2 workers")
        rows += [
            timed(NAME, case, f"{games} games, 1 worker", t1),
            timed(NAME, case, f"{games} games, 2 workers", t2),
            ratio(NAME, case, "speed-up (1 worker time / 2 workers time)", t1, t2),
        ]
    return rows
