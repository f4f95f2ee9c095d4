"""When to look at a stored game again: what wakes a table's live stream.

On SQLite (one server process) a stream simply looks again every `POLL_SECONDS`. On PostgreSQL every
change of a game is announced with NOTIFY by whichever process made it (`engine.store.postgres`), so each
server process keeps one listening connection (a thread) and wakes the streams watching that game at
once; they still look every `FALLBACK_SECONDS`, so a lost listening connection only slows them.

Each open stream holds a connection and looks at the store every few tenths of a second, so `STREAMS`
counts them: a browser session keeps at most `STREAMS_PER_SESSION` open, a client address
`STREAMS_PER_ADDRESS` and the process `MAX_STREAMS` (`web.limits.StreamLimit` refuses one more with 429).
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections import Counter
from contextlib import suppress

from fastapi import Request

from grognard.engine.store.factory import database_url
from grognard.engine.store.postgres import listen
from grognard.web.security import session_cookie

STOPPING = threading.Event()
"""Set when this process's server is asked to stop (Ctrl+C, SIGTERM): every live stream then ends at its
next look, so the server stops at once instead of waiting for every open page to leave."""

POLL_SECONDS = 0.4
"""How often a stream looks at the stored game on SQLite."""
FALLBACK_SECONDS = 5.0
"""How often a stream looks at the stored game on PostgreSQL when no change is announced."""
STREAMS_PER_SESSION = 6
"""Live streams one browser session keeps open at once (`$GROGNARD_STREAMS_PER_SESSION`): a browser
opens at most 6 connections to a server over HTTP/1.1 anyway."""
STREAMS_PER_ADDRESS = 30
"""Live streams one client address keeps open at once (`$GROGNARD_STREAMS_PER_ADDRESS`): a household or a
club behind one address, or a reverse proxy that does not say whom it speaks for."""
MAX_STREAMS = 200
"""Live streams this process keeps open at once (`$GROGNARD_MAX_STREAMS`)."""


def _cap(var: str, default: int) -> int:
    raw = os.environ.get(var, "").strip()
    return int(raw) if raw.isdigit() and int(raw) > 0 else default


def stream_keys(request: Request) -> tuple[str, ...]:
    """What a live stream counts against: its client address and its browser session (when it has one)."""
    keys = [f"address:{request.client.host if request.client else '?'}"]
    session = session_cookie(request)
    if session:
        keys.append(f"session:{session[:64]}")
    return tuple(keys)


class LiveStreams:
    """The live streams open in this process, by client address and browser session."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.open_now = 0
        self.by_key: Counter[str] = Counter()

    def open(self, keys: tuple[str, ...]) -> str | None:
        """Count a new stream of `keys` in; or, when one of the caps is reached, why not (nothing is
        counted then)."""
        with self.lock:
            if self.open_now >= _cap("GROGNARD_MAX_STREAMS", MAX_STREAMS):
                return "this server has as many live tables open as it keeps: try again in a minute"
            for key in keys:
                by_session = key.startswith("session:")
                cap = (
                    _cap("GROGNARD_STREAMS_PER_SESSION", STREAMS_PER_SESSION)
                    if by_session
                    else _cap("GROGNARD_STREAMS_PER_ADDRESS", STREAMS_PER_ADDRESS)
                )
                if self.by_key[key] < cap:
                    continue
                who = "this browser" if by_session else "this address"
                return f"{who} already follows {cap} live tables here: close one's page to follow another"
            self.open_now += 1
            self.by_key.update(keys)
            return None

    def close(self, keys: tuple[str, ...]) -> None:
        """Count a stream of `keys` out."""
        with self.lock:
            self.open_now -= 1
            self.by_key.subtract(keys)
            self.by_key = +self.by_key


STREAMS = LiveStreams()
"""This process's open live streams."""


class Watch:
    """One stream's interest in one game, registered before it first looks, so no change is missed."""

    def __init__(self, hub: Hub | None, game_id: str) -> None:
        self.hub = hub
        self.game_id = game_id
        self.loop = asyncio.get_running_loop()
        self.event = asyncio.Event()

    async def wait(self) -> float:
        """Wait until the game may have changed; returns the seconds waited."""
        start = self.loop.time()
        if self.hub is None:
            await asyncio.sleep(POLL_SECONDS)
        else:
            with suppress(TimeoutError):
                await asyncio.wait_for(self.event.wait(), FALLBACK_SECONDS)
            self.event.clear()
        return self.loop.time() - start

    def wake(self) -> None:
        """Wake the stream (from any thread)."""
        self.loop.call_soon_threadsafe(self.event.set)

    def close(self) -> None:
        """Stop watching."""
        if self.hub is not None:
            self.hub.forget(self)


class Hub:
    """The streams of this process by game, woken by the changes PostgreSQL announces."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.lock = threading.Lock()
        self.watches: dict[str, set[Watch]] = {}
        self.stop = threading.Event()
        self.thread: threading.Thread | None = None

    def add(self, watch: Watch) -> None:
        """Register a stream, starting the listening thread on first use."""
        with self.lock:
            self.watches.setdefault(watch.game_id, set()).add(watch)
            if self.thread is None:
                self.thread = threading.Thread(
                    target=listen, args=(self.url, self.heard, self.stop), name="grognard-listen", daemon=True
                )
                self.thread.start()

    def forget(self, watch: Watch) -> None:
        """Unregister a stream."""
        with self.lock:
            found = self.watches.get(watch.game_id)
            if found is not None:
                found.discard(watch)
                if not found:
                    del self.watches[watch.game_id]

    def heard(self, game_id: str) -> None:
        """A change of `game_id` was announced: wake its streams."""
        with self.lock:
            found = list(self.watches.get(game_id, ()))
        for watch in found:
            watch.wake()


_HUBS: dict[str, Hub] = {}
_HUBS_LOCK = threading.Lock()


def watch(game_id: str) -> Watch:
    """A new watch of `game_id` for the stream running in this event loop."""
    url = database_url()
    if url is None:
        return Watch(None, game_id)
    with _HUBS_LOCK:
        hub = _HUBS.get(url)
        if hub is None:
            hub = _HUBS[url] = Hub(url)
    made = Watch(hub, game_id)
    hub.add(made)
    return made
