"""Reproducible speed measurements, reported as ratios taken in one run (never asserted in tests).

Run them all from the repository root with `python -m benchmarks` (or `make bench`); name modules to run
only those: `python -m benchmarks duel`.

Adding a benchmark: put a module in this package with a function `run() -> list[Row]`. `__main__` finds
every module that has one, calls it, and prints the rows as one table. Time with `median_seconds`, so
every figure is a median of repeats measured with `time.perf_counter`. Report a time as a row with unit
"ms" and a comparison as a row with unit "x" (ours divided by the reference: below 1 means faster).
`walk` visits every reachable state through the game protocol and nothing else: timing it separates the
cost of a game's own State methods from the solver's work on top of them.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from grognard.engine.game import CHANCE, TERMINAL, State


@dataclass(frozen=True)
class Row:
    """One line of the report: a benchmark, its case, what was measured, the figure and its unit."""

    benchmark: str
    case: str
    measure: str
    value: float
    unit: str


def median_seconds(work: Callable[[], object], repeats: int = 5, budget: float = 2.0) -> float:
    """The median wall time of `work()` over `repeats` runs (fewer when a run exceeds `budget` seconds)."""
    times: list[float] = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
        if times[-1] > budget:
            break
    return statistics.median(times)


def timed(benchmark: str, case: str, measure: str, seconds: float) -> Row:
    """A time row, in milliseconds."""
    return Row(benchmark, case, measure, seconds * 1000.0, "ms")


def ratio(benchmark: str, case: str, measure: str, ours: float, reference: float) -> Row:
    """A ratio row: `ours / reference`."""
    return Row(benchmark, case, measure, ours / reference if reference > 0 else float("inf"), "x")


def walk(root: State) -> int:
    """Visit every state reachable from `root` through the protocol (no solving); returns how many."""
    seen = {root}
    todo = [root]
    while todo:
        state = todo.pop()
        who = state.actor()
        if who is TERMINAL:
            state.result()
            continue
        moves = [o for o, _ in state.chance_outcomes()] if who is CHANCE else list(state.legal_actions())
        for move in moves:
            child = state.apply(move)
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return len(seen)
