"""Heavy work a request starts (a calculator, a table's odds), each in a worker process of its own.

`run_now(job, args, ...)` and `run_queued(...)` run `job(*args)` in a new process forked from a clean
server process (multiprocessing's "forkserver", which imports the calculators once; "spawn" where there is
no forkserver): it inherits no request, no lock, no open store, only the plain data it is handed. The
request's coroutine awaits the answer on the event loop, so no request thread is held meanwhile. Each
worker has a budget: `SECONDS` of wall-clock time and `MEMORY_MB` of address space (`RLIMIT_AS`, set in the
worker); past either, or when the client leaves (`until` returns), the worker is killed and the answer is
`OverBudget` ("over budget: ...") or `ClientGone`. Workers run at a lower CPU priority than the pages.

At most `slot_count()` workers run at once in a server process (its cores, at least 2), the calculators one
fewer, so a table's odds always find a slot calculators cannot take. Each client, its browser session
and its address counted apart, runs at most one worker of a kind: `run_now` (the calculators) answers
`Busy` at once (429 for the client's second, 503 when every slot is taken); `run_queued` (the odds)
waits its turn, first come first served. The budgets come from the environment (`GROGNARD_SOLVE_SECONDS`,
`GROGNARD_SOLVE_MEMORY_MB`, `GROGNARD_SOLVE_SLOTS`), read at each use, so tests can shrink them.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import resource
import signal
import threading
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar

from fastapi import Request

from grognard.engine.errors import GrognardError, UsageError
from grognard.engine.parallel import default_workers
from grognard.i18n import gettext as _
from grognard.i18n import number
from grognard.web.security import session_cookie

T = TypeVar("T")

SECONDS = 30.0
"""The wall-clock seconds a worker may run (`$GROGNARD_SOLVE_SECONDS`)."""
MEMORY_MB = 1024
"""The address space a worker may use, in MB (`$GROGNARD_SOLVE_MEMORY_MB`)."""
SECONDS_VAR = "GROGNARD_SOLVE_SECONDS"
"""The environment variable overriding `SECONDS`."""
MEMORY_VAR = "GROGNARD_SOLVE_MEMORY_MB"
"""The environment variable overriding `MEMORY_MB`."""
SLOTS_VAR = "GROGNARD_SOLVE_SLOTS"
"""The environment variable overriding the number of workers running at once (default: the cores, at
least 2)."""
NICE = 10
"""How much lower a worker's CPU priority is than the server's: pages keep answering while it works."""
PRELOAD = ["grognard.web.tools", "grognard.web.live_odds"]
"""What the forkserver imports once, so that a worker starts in milliseconds."""
RETRY_SECONDS = 5
"""The `Retry-After` a refused calculation is given."""

Until = Callable[[], Awaitable[object]]
"""A coroutine function that returns when the work is no longer wanted (the client has left)."""


class OverBudget(UsageError):
    """The work ran out of its time or memory budget and was stopped."""


class ClientGone(GrognardError):
    """The client stopped waiting (it disconnected, or no page asks for the odds any more); the work was
    stopped."""


class Busy(GrognardError):
    """The work was refused at once: the client already runs some, or every slot is taken."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        super().__init__(message)


@dataclass(frozen=True)
class Budget:
    """What one worker may use: seconds of wall-clock time and megabytes of address space."""

    seconds: float
    memory_mb: int


def budget() -> Budget:
    """The budget of a worker now (the defaults, or the environment's)."""
    return Budget(_number(SECONDS_VAR, SECONDS, 0.1), int(_number(MEMORY_VAR, MEMORY_MB, 64)))


def slot_count() -> int:
    """How many workers may run at once in this process."""
    return int(_number(SLOTS_VAR, max(2, default_workers()), 1))


def _number(var: str, default: float, low: float) -> float:
    raw = os.environ.get(var, "").strip()
    try:
        return max(low, float(raw)) if raw else default
    except ValueError:
        return default


def client_keys(request: Request, kind: str) -> tuple[str, ...]:
    """Who a request's work counts against: its browser session (when it has one) and its address, per
    kind of work."""
    keys = [f"{kind}:address:{request.client.host if request.client else '?'}"]
    session = session_cookie(request)
    if session:
        keys.append(f"{kind}:session:{session[:64]}")
    return tuple(keys)


# --- slots ---------------------------------------------------------------------------------------------


@dataclass
class _Waiter:
    owners: tuple[str, ...]
    cap: int
    loop: asyncio.AbstractEventLoop
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    granted: bool = False


class Slots:
    """The workers running in this process, by owner, and the work waiting for a slot (thread-safe: a
    server may run several event loops, as the tests do)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running = 0
        self.owners: Counter[str] = Counter()
        self.waiting: deque[_Waiter] = deque()

    def _free(self, owners: Sequence[str], cap: int) -> bool:
        return self.running < min(cap, slot_count()) and not any(self.owners[o] for o in owners)

    def _hold(self, owners: Sequence[str]) -> None:
        self.running += 1
        self.owners.update(owners)

    def try_take(self, owners: tuple[str, ...], cap: int) -> None:
        """Take a slot now, or raise `Busy`: 429 when one of `owners` already holds one, 503 when `cap`
        (or every) slot is taken."""
        with self.lock:
            if any(self.owners[o] for o in owners):
                raise Busy(
                    429,
                    _("you already have a calculation running here: wait for its answer, then try again"),
                )
            if not self._free(owners, cap):
                raise Busy(
                    503,
                    _(
                        "the server is busy working out {running} other calculations: "
                        "try again in {seconds} seconds"
                    ).format(running=number(self.running), seconds=number(RETRY_SECONDS)),
                )
            self._hold(owners)

    async def take(self, owners: tuple[str, ...], cap: int) -> None:
        """Take a slot, waiting (first come, first served) while none is free for `owners`."""
        waiter = _Waiter(owners, cap, asyncio.get_running_loop())
        with self.lock:
            if self._free(owners, cap):  # a waiter before this one could not take it: its owner is busy
                self._hold(owners)
                return
            self.waiting.append(waiter)
        try:
            await waiter.ready.wait()
        except BaseException:
            with self.lock:
                granted = waiter.granted
                if not granted:
                    self.waiting.remove(waiter)
            if granted:
                self.give_back(owners)
            raise

    def give_back(self, owners: tuple[str, ...]) -> None:
        """Free a slot, handing it to the first waiting work that may take it."""
        with self.lock:
            self._release(owners)
            for waiter in list(self.waiting):
                if not self._free(waiter.owners, waiter.cap):
                    continue
                self.waiting.remove(waiter)
                self._hold(waiter.owners)
                waiter.granted = True
                try:
                    waiter.loop.call_soon_threadsafe(waiter.ready.set)
                except RuntimeError:  # its event loop has closed: nobody is waiting there any more
                    self._release(waiter.owners)

    def _release(self, owners: Sequence[str]) -> None:
        self.running -= 1
        self.owners.subtract(owners)
        self.owners = +self.owners


SLOTS = Slots()
"""This process's slots."""


def tool_cap() -> int:
    """The most calculators running at once: one slot fewer than all, so a table's odds find one."""
    return max(1, slot_count() - 1)


async def run_now(
    job: Callable[..., T], args: tuple[Any, ...], owners: tuple[str, ...], until: Until | None, what: str
) -> T:
    """`job(*args)` in a worker, if a slot is free for `owners` now (else `Busy`)."""
    SLOTS.try_take(owners, tool_cap())
    try:
        return await run_in_worker(job, args, budget(), until, what)
    finally:
        SLOTS.give_back(owners)


async def run_queued(
    job: Callable[..., T], args: tuple[Any, ...], owners: tuple[str, ...], until: Until | None, what: str
) -> T:
    """`job(*args)` in a worker, once a slot is free for `owners` (the wait ends too if `until` returns:
    `ClientGone`)."""
    taking = asyncio.ensure_future(SLOTS.take(owners, slot_count()))
    stop = asyncio.ensure_future(until()) if until is not None else None
    try:
        await asyncio.wait([taking] if stop is None else [taking, stop], return_when="FIRST_COMPLETED")
    except BaseException:
        _drop(taking, owners)
        raise
    finally:
        if stop is not None:
            stop.cancel()
    if not taking.done():
        _drop(taking, owners)
        raise ClientGone(f"{what}: no longer wanted")
    taking.result()
    try:
        return await run_in_worker(job, args, budget(), until, what)
    finally:
        SLOTS.give_back(owners)


def _drop(taking: asyncio.Future[None], owners: tuple[str, ...]) -> None:
    """Give up waiting for a slot (giving it back if it was just granted)."""
    if not taking.done():
        taking.cancel()  # `Slots.take` gives back a slot granted meanwhile
    elif not taking.cancelled() and taking.exception() is None:
        SLOTS.give_back(owners)


# --- the worker ----------------------------------------------------------------------------------------

_context_lock = threading.Lock()
_context: ForkServerContext | SpawnContext | None = None
_reaping: set[asyncio.Task[None]] = set()


def context() -> ForkServerContext | SpawnContext:
    """The multiprocessing context workers start from: a forkserver importing `PRELOAD`, else spawn."""
    global _context
    with _context_lock:
        if _context is None:
            if "forkserver" in multiprocessing.get_all_start_methods():
                made = multiprocessing.get_context("forkserver")
                made.set_forkserver_preload(PRELOAD)
                _context = made
            else:
                _context = multiprocessing.get_context("spawn")
        return _context


def warm() -> None:
    """Start the forkserver now (it imports the calculators once), so the first request does not wait."""
    made = context()
    if made.get_start_method() == "forkserver":
        from multiprocessing import forkserver

        forkserver.ensure_running()


def _worker(
    answer: Connection, memory_mb: int, seconds: float, job: Callable[..., Any], args: tuple[Any, ...]
) -> None:
    """A worker's body: its limits, the job, and one message back (what came of it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the server, which stops its workers
    _limit(resource.RLIMIT_AS, memory_mb * 1024 * 1024)
    _limit(resource.RLIMIT_CPU, int(seconds * 2) + 5)  # a backstop, should the server die without killing it
    with suppress(OSError):
        os.nice(NICE)
    outcome: tuple[str, Any]
    try:
        outcome = ("done", job(*args))
    except MemoryError:
        outcome = ("memory", "")
    except (GrognardError, ValueError) as e:
        outcome = ("refused", str(e))
    except Exception as e:
        outcome = ("failed", f"{type(e).__name__}: {e}")
    try:
        answer.send(outcome)
    except MemoryError:
        answer.send(("memory", ""))
    except Exception as e:  # an answer that cannot be pickled is a bug: say which
        answer.send(("failed", f"the answer could not be sent back: {type(e).__name__}: {e}"))
    answer.close()


def _limit(which: int, value: int) -> None:
    """Lower a resource limit of this process to `value` (or to the hard limit already lower)."""
    _soft, hard = resource.getrlimit(which)
    value = value if hard == resource.RLIM_INFINITY else min(value, hard)
    resource.setrlimit(which, (value, value))


async def run_in_worker(
    job: Callable[..., T], args: tuple[Any, ...], limits: Budget, until: Until | None, what: str
) -> T:
    """`job(*args)` in a new worker process within `limits`; stopped when `until` returns. A user's error
    the job raises (`GrognardError`, `ValueError`) comes back as a `UsageError` with its message."""
    loop = asyncio.get_running_loop()
    made = context()
    reader, writer = made.Pipe(duplex=False)
    process = made.Process(
        target=_worker, args=(writer, limits.memory_mb, limits.seconds, job, args), daemon=True
    )
    started = loop.run_in_executor(None, process.start)
    try:
        await asyncio.shield(started)
    except BaseException:
        started.add_done_callback(lambda _: _stop(process))
        reader.close()
        raise
    finally:
        writer.close()
    try:
        message = await _answer(loop, process, reader, limits, until, what)
    finally:
        _stop(process)
        reader.close()
    kind, value = message
    if kind == "done":
        result: T = value
        return result
    if kind == "refused":
        raise UsageError(str(value))
    if kind == "memory":
        raise OverBudget(
            _("over budget: {what} needed more than {megabytes} MB of memory here").format(
                what=what, megabytes=number(limits.memory_mb)
            )
        )
    raise RuntimeError(f"{what} failed in its worker: {value}")


def _over_time(what: str, limits: Budget) -> str:
    """Why work was stopped at its deadline, in the reader's language."""
    return _("over budget: {what} took more than {seconds} seconds here").format(
        what=what, seconds=number(limits.seconds)
    )


async def _answer(
    loop: asyncio.AbstractEventLoop,
    process: BaseProcess,
    reader: Connection,
    limits: Budget,
    until: Until | None,
    what: str,
) -> tuple[str, Any]:
    """The worker's message, awaited on the event loop until the deadline or `until`."""
    ready: asyncio.Future[None] = loop.create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    watched = [reader.fileno(), process.sentinel]
    for fd in watched:
        loop.add_reader(fd, wake)
    stop = asyncio.ensure_future(until()) if until is not None else None
    try:
        waits: list[asyncio.Future[Any]] = [ready] if stop is None else [ready, stop]
        await asyncio.wait(waits, timeout=limits.seconds, return_when="FIRST_COMPLETED")
    finally:
        for fd in watched:
            loop.remove_reader(fd)
        if stop is not None:
            stop.cancel()
    if ready.done() and reader.poll():
        try:
            message: tuple[str, Any] = reader.recv()
            return message
        except (EOFError, OSError):
            pass  # it died writing: below
    if ready.done():
        process.join(1.0)
        code = process.exitcode
        if code in (-signal.SIGKILL, -signal.SIGSEGV, -signal.SIGABRT, -signal.SIGBUS):
            return "memory", ""
        if code == -signal.SIGXCPU:
            raise OverBudget(_over_time(what, limits))
        return "failed", f"the worker stopped (exit code {code})"
    if stop is not None and stop.done():
        raise ClientGone(f"{what}: no longer wanted")
    raise OverBudget(_over_time(what, limits))


def _stop(process: BaseProcess) -> None:
    """Kill a worker still running, and let its end be collected without holding anyone up."""
    with suppress(Exception):  # a worker that never started, or has ended, has nothing to kill
        if process.exitcode is None:
            process.kill()
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        threading.Thread(target=process.join, args=(10,), daemon=True).start()
        return
    task = loop.create_task(_reap(process))
    _reaping.add(task)
    task.add_done_callback(_reaping.discard)


async def _reap(process: BaseProcess) -> None:
    """Wait (without blocking the loop) until the killed worker's end is known, then free its handles."""
    for _attempt in range(500):
        if process.exitcode is not None:
            with suppress(ValueError):
                process.close()
            return
        await asyncio.sleep(0.02)


async def client_left(request: Request) -> None:
    """Return when the client of `request` (whose body was read) disconnects."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            return
