"""Bulk runs on every core: `run_indexed(work, count, workers)` computes `work(i)` for each index.

The results come back in index order whatever the number of workers, so a run seeded from its seed and
each game's index gives the same results on one process or many. `work` must be picklable (a module-level
function, or a `functools.partial` of one) and so must its results. With `workers` 1 nothing is spawned.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

from grognard.engine.errors import UsageError

R = TypeVar("R")

MAX_WORKERS = 256
"""The most worker processes a run may ask for."""


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def check_workers(workers: int | None) -> int:
    """`workers`, or the machine's cores when None; a `UsageError` outside 1..MAX_WORKERS."""
    if workers is None:
        return default_workers()
    if not 1 <= workers <= MAX_WORKERS:
        raise UsageError(f"workers={workers}: give 1 to {MAX_WORKERS} worker processes")
    return workers


def run_indexed(work: Callable[[int], R], count: int, workers: int | None = 1) -> Iterator[R]:
    """`work(0)`, ..., `work(count - 1)` in that order, computed on `workers` processes (None: every core).

    A generator: each result is yielded as soon as it and all before it are done (for a progress bar).
    """
    workers = min(check_workers(workers), max(count, 1))
    if workers == 1:
        for index in range(count):
            yield work(index)
        return
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    chunk = max(1, min(16, count // (workers * 8)))
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        yield from pool.map(work, range(count), chunksize=chunk)
