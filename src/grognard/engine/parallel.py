"""Bulk runs on every core or on a cluster: `run_indexed(work, count, workers)` computes `work(i)` for each
index.

The results come back in index order whatever the number of workers, so a run seeded from its seed and
each game's index gives the same results on one process, on many, or on a Dask cluster. `work` must be
picklable (a module-level function, or a `functools.partial` of one) and so must its results. With
`workers` 1 nothing is spawned.

Inside `with on_cluster("tcp://HOST:PORT"):` every `run_indexed` sends its work to that Dask distributed
scheduler instead (the optional extra `grognard[cluster]`; its workers must have grognard installed);
`workers` is then not used. The indexes go in batches, so that a cheap piece of work is not swamped by the
cost of a task; results are fetched batch by batch in index order. A missing Dask, an unreachable
scheduler or one with no workers is a `UsageError` within `CONNECT_TIMEOUT` seconds (each).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

from grognard.engine.errors import UsageError
from grognard.i18n import gettext as _

if TYPE_CHECKING:
    from types import ModuleType

R = TypeVar("R")

MAX_WORKERS = 256
"""The most worker processes a run may ask for."""

CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a Dask scheduler before giving up."""

TASKS_PER_WORKER = 32
"""About how many tasks each worker gets: the indexes are batched only past that many."""

MAX_BATCH = 64
"""The most indexes one cluster task computes."""

CLUSTER_ADDRESS = re.compile(r"(tcp|tls)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):([0-9]{1,5})")
"""What `--cluster` accepts: `tcp://HOST:PORT` (or `tls://`), the address a Dask scheduler prints."""

_CLUSTER: ContextVar[str | None] = ContextVar("grognard_cluster", default=None)


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
        raise UsageError(
            _("workers={workers}: give 1 to {MAX_WORKERS} worker processes").format(
                workers=workers, MAX_WORKERS=MAX_WORKERS
            )
        )
    return workers


def check_cluster(address: str) -> str:
    """`address` if it reads `tcp://HOST:PORT` (or `tls://`) with a port 1-65535, else a `UsageError`."""
    match = CLUSTER_ADDRESS.fullmatch(address.strip())
    if match is None or not 1 <= int(match.group(3)) <= 65535:
        raise UsageError(
            _("cluster {address!r}: give the Dask scheduler's address as tcp://HOST:PORT").format(
                address=address
            )
        )
    return address.strip()


@contextmanager
def on_cluster(address: str | None) -> Iterator[None]:
    """Within the block, `run_indexed` runs its work on the Dask scheduler at `address` (None: locally).

    The address is checked at once; the scheduler is reached when a run starts.
    """
    token = _CLUSTER.set(None if address is None else check_cluster(address))
    try:
        yield
    finally:
        _CLUSTER.reset(token)


def current_cluster() -> str | None:
    """The scheduler address `run_indexed` would use here (None: local processes)."""
    return _CLUSTER.get()


def run_indexed(work: Callable[[int], R], count: int, workers: int | None = 1) -> Iterator[R]:
    """`work(0)`, ..., `work(count - 1)` in that order, computed on `workers` processes (None: every core),
    or on the Dask cluster of the enclosing `on_cluster`.

    A generator: each result is yielded as soon as it and all before it are done (for a progress bar).
    """
    address = _CLUSTER.get()
    if address is not None:
        yield from _run_on_cluster(work, count, address)
        return
    workers = min(check_workers(workers), max(count, 1))
    if workers == 1:
        for index in range(count):
            yield work(index)
        return
    import multiprocessing  # inner import: importing this module for its other names stays light
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        yield from pool.map(work, range(count), chunksize=batch_size(count, workers, 16))


def batch_size(count: int, workers: int, most: int) -> int:
    """Indexes per task: about `TASKS_PER_WORKER` tasks per worker (so that the workers finish together:
    the last task is a small part of the run), at least 1 and at most `most`."""
    return max(1, min(most, count // (workers * TASKS_PER_WORKER)))


def work_batch(work: Callable[[int], R], start: int, stop: int) -> list[R]:
    """`work(i)` for `start <= i < stop`: one cluster task."""
    return [work(index) for index in range(start, stop)]


def _distributed() -> ModuleType:
    try:
        import distributed
    except ImportError:
        raise UsageError(
            _("--cluster needs Dask's distributed scheduler: pip install 'grognard[cluster]'")
        ) from None
    return distributed


def _run_on_cluster(work: Callable[[int], R], count: int, address: str) -> Iterator[R]:
    distributed = _distributed()
    try:
        client: Any = distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        raise UsageError(
            _("cluster {address}: no Dask scheduler answered within {CONNECT_TIMEOUT:g} s ({name})").format(
                address=address, CONNECT_TIMEOUT=CONNECT_TIMEOUT, name=type(e).__name__
            )
        ) from None
    try:
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError):
            raise UsageError(
                _(
                    "cluster {address}: the scheduler has no workers (none joined within "
                    "{CONNECT_TIMEOUT:g} s)"
                ).format(address=address, CONNECT_TIMEOUT=CONNECT_TIMEOUT)
            ) from None
        threads = max(1, sum(client.nthreads().values()))
        size = batch_size(count, threads, MAX_BATCH)
        starts = range(0, count, size)
        futures: Sequence[Any] = client.map(
            work_batch,
            [work] * len(starts),
            list(starts),
            [min(s + size, count) for s in starts],
            pure=False,
        )
        for index in range(len(futures)):
            results: list[R] = futures[index].result()
            futures[index].release()
            yield from results
    finally:
        client.close()
