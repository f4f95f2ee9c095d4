"""What every route and every system's page needs, public: the tables as a request reaches them
(`TableAccess`: a table by its address, who the visitor is, the table's title), the guard every move is
made inside (`writing`), the store of a handler's thread, the page renderer's type (`Page`), the answer
after a move (`back`), JSON answers and error answers (`wants_json`, `json_answer`, `problem`).

The dependencies a route takes (`routes.deps`) hand these out; this module holds no route.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

from fastapi import HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from grognard.engine import registry
from grognard.engine.errors import GrognardError, UsageError
from grognard.engine.game import TERMINAL
from grognard.engine.match import Match, plain_title
from grognard.engine.store.factory import database_url, grognard_home, open_store
from grognard.engine.store.sql import GameSummary, SqlStore
from grognard.i18n import N_, game_name, gettext
from grognard.web.access import Visitor, store_id, table_key, visitor
from grognard.web.pages import is_htmx

Page = Callable[..., HTMLResponse]
"""The page renderer: `page(request, template, status=200, **context)`, the browser's form token and
session cookie added (`web.pages.render` under the server's secret)."""

StoreOpener = Callable[[], SqlStore]
"""How a handler opens the store: its own thread's connection (`table_store`, unless a test gives another)."""

SEAT_CHOICES = ("here", "invite", "bot", "random", "heuristic", "search")
"""How a seat of a new game is filled: a human at this browser, a human by invitation link, or a bot: the
game's own ("bot", the "heuristic" strength; random moves where the game has none), one making random legal
moves, or one that looks ahead where the game has one (`engine.match.BOT_LEVELS`)."""
SEAT_WORDS = {
    "here": N_("you, in this browser"),
    "invite": N_("a friend, by an invitation link"),
    "random": N_("a bot (easy: random moves)"),
    "bot": N_("a bot (standard)"),
    "search": N_("a bot (strong: thinks ahead)"),
}
"""What a player reads for each way of filling a seat (a bot by its strength; "heuristic" is offered as
"bot", the standard one)."""

JSON_TYPE = "application/json"
NO_STORE = {"Cache-Control": "no-store"}

_LOCAL = threading.local()
WRITES = threading.Lock()
"""Moves made by this server process, one at a time: the threads of one process share one interpreter
lock, and a write transaction stretched by other threads' work would keep SQLite locked long enough for
the others' busy timeout to run out. Other processes (the command line) wait on SQLite's lock."""


def writing() -> AbstractContextManager[object]:
    """The guard of every move, on every page (the tables, the books, each system's own pages): `WRITES`
    on SQLite; none on PostgreSQL, where the game's row lock and the unique (game, ply) of the moves keep
    two moves at one position from both being kept, across workers."""
    return nullcontext() if database_url() else WRITES


def table_store() -> SqlStore:
    """This thread's store (SQLite connections stay in the thread that opened them), opened once."""
    where = database_url() or str(grognard_home())
    found: tuple[str, SqlStore] | None = getattr(_LOCAL, "store", None)
    if found is None or found[0] != where or not found[1].alive():
        if found is not None:
            found[1].close()
        found = (where, open_store())
        _LOCAL.store = found
    return found[1]


NAME_MARK = "name"
"""The table mark that keeps the name its host gave it."""


def table_title(summary: GameSummary) -> str:
    """What a table is called: its stored title, else its game's name in the reader's language ("Campaña
    de Adventures in Fantasy"), else its system's name and its game."""
    title = plain_title(summary.title)
    if title in ("", f"{summary.system}/{summary.game}"):
        try:
            return game_name(registry.get_game(summary.system, summary.game).info.name)
        except UsageError:
            names = {f.id: f.name for f in registry.facts()}
            return f"{names.get(summary.system, summary.system)}: {summary.game}"
    return title


@dataclass(frozen=True)
class TableAccess:
    """The tables as one request reaches them: by their addresses under the server's `secret`, kept in
    the store `opener` gives. The store is opened where it is asked for (`store`), in the handler's own
    thread: a sync handler may run in another thread than its dependencies, and an SQLite connection
    stays in the thread that opened it."""

    secret: str
    opener: StoreOpener

    @property
    def store(self) -> SqlStore:
        """This thread's store."""
        return self.opener()

    def game_id(self, key: str) -> str:
        """The stored game's id of table address `key` (404 for an address this server did not make)."""
        return store_id(self.secret, key)

    def key(self, game_id: str) -> str:
        """The table address of stored game `game_id`."""
        return table_key(self.secret, game_id)

    def summary(self, key: str) -> GameSummary:
        """The summary of the table at address `key` (404 when there is none)."""
        try:
            return self.store.summary(self.game_id(key))
        except (GrognardError, KeyError) as e:
            raise HTTPException(404, gettext("there is no such game here")) from e

    def load(self, key: str) -> Match:
        """The game at table address `key`, in the match driver (404 when there is none)."""
        self.summary(key)
        return Match.load(self.store, self.game_id(key))

    def title(self, key: str) -> str:
        """What the table at `key` is called (`named`)."""
        return self.named(self.summary(key))

    def named(self, summary: GameSummary) -> str:
        """A table's name: the one its host gave it, else `table_title`."""
        return self.store.marks(summary.id).get(NAME_MARK) or table_title(summary)

    def visitor(self, request: Request, key: str, match: Match) -> Visitor:
        """Who is looking at the table: the seats this browser holds there, whether it started it."""
        return visitor(request, self.secret, key, len(match.seats))

    def visitor_of(self, request: Request, key: str, seats: int) -> Visitor:
        """Who is looking at a table of `seats` seats, without loading its game."""
        return visitor(request, self.secret, key, seats)


def waits(match: Match) -> bool:
    """Whether the game waits for dice or a bot that nobody is moving (its server process stopped
    between a move and the moves after it): a seated player's "Continue" plays them; a look never does."""
    return not match.humans_to_act() and match.state.actor() is not TERMINAL


def wants_json(request: Request) -> bool:
    """Whether the request asks for JSON: a `.json` address, or `Accept: application/json` (not htmx)."""
    if request.url.path.endswith(".json"):
        return True
    accept = request.headers.get("accept", "")
    return not is_htmx(request) and JSON_TYPE in accept and "text/html" not in accept


def json_answer(body: Mapping[str, Any] | list[Any], status: int = 200) -> JSONResponse:
    """A JSON answer no cache keeps (a table's view changes with every move)."""
    return JSONResponse(body, status_code=status, headers=NO_STORE)


def back(request: Request, key: str) -> Response:
    """After a move: htmx swaps the table in place; a plain form goes back to the table page."""
    if is_htmx(request):
        return RedirectResponse(f"/games/{key}/table", status_code=303)
    return RedirectResponse(f"/games/{key}", status_code=303)


def problem(request: Request, page: Page, status: int, message: str) -> Response:
    """The answer to a request that cannot be served: one message with its 4xx status, as a page, an
    htmx fragment, or `{"error": message}` to a request that asked for JSON."""
    if wants_json(request):
        return json_answer({"error": message, "status": status}, status)
    template = "fragments/error.html" if is_htmx(request) else "error.html"
    return page(request, template, status, message=message, code=status)
