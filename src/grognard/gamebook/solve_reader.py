"""The chance to finish a book from where a reader stands, and after each choice, read from solved books.

`BookChances` answers a reader's state (`at`): the chance of reaching a winning ending from here with the
best play and after each action open here, looked up in the tables kept by `solve_cache.SolvedBooks`
(by the book's hash and the rule options). A state no kept table holds is solved from where it stands
(`solve_here`: the rest of the book for this reader, within a budget of states and of seconds) and kept,
so the next look-up of this reader, or of any reader standing in the same state, is at once. A book too
large for the budget is kept as such, and said in words ("too large") rather than as a figure (a larger
budget tries again).

Who uses it decides where the solving runs: the web server's odds worker solves in the worker itself
(`background=False`: the worker is the background), the terminal in a thread of its own
(`background=True`: the look-up answers "pending" meanwhile). The front end hands the folder, and sets
the one `BookChances` the views read (`use`); with none set (the default, and a reader who plays blind)
the views show no chance to finish.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from grognard.engine.errors import OddsError
from grognard.gamebook.runner import GamebookState, Play
from grognard.gamebook.solve import TimeUp, solve_from
from grognard.gamebook.solve_cache import (
    Kept,
    SolvedBooks,
    SolvedTable,
    TooLarge,
    book_id,
    node_key,
    root_id,
    table_of,
)
from grognard.gamebook.solve_graph import FIGHT, TooManyStates
from grognard.gamebook.solve_state import Projector, SheetView, sheet_view

READER_BUDGET = 250_000
"""The most states solved for a reader (about 150 MB)."""

READER_SECONDS = 10.0
"""The most seconds spent finding a reader's states before the book is said to be too large."""

KEPT_GAMES = 8
"""Games whose book id and projector a `BookChances` keeps (the most recent)."""

Status = Literal["known", "pending", "too large", "cannot"]


@dataclass(frozen=True)
class Chances:
    """What a reader is told at a decision: `status` "known" with the chance of winning from here
    (`here`) and after each action (`actions`, by action id; an action whose state is not kept is left
    out), "pending" while it is worked out, "too large" when the book is too large to solve here,
    "cannot" when it cannot be solved at all (a state from which no ending can be reached)."""

    status: Status
    here: float | None = None
    actions: dict[str, float] = field(default_factory=dict)


def solve_here(
    state: GamebookState,
    view: SheetView | None,
    *,
    budget: int = READER_BUDGET,
    seconds: float | None = READER_SECONDS,
) -> tuple[str, Kept]:
    """Solve the rest of the book from `state` (floats) and return its book id and what to keep: the
    table, or `TooLarge` when it has more than `budget` states or takes more than `seconds` to explore."""
    play = state.play
    view = view if view is not None else sheet_view(play.ruleset)
    book = book_id(play.book, play.ruleset.id, view, play.ctx.options)
    projector = Projector.of(play.book, play.ruleset, view)
    root = root_id(node_key(projector, state))
    try:
        solution = solve_from(state, view, budget, seconds)
    except (TooManyStates, TimeUp) as e:
        return book, TooLarge(book, root, budget, str(e))
    except OddsError as e:  # a state from which no ending can be reached, whatever the budget
        return book, TooLarge(book, root, budget, str(e), size=False)
    return book, table_of(solution, book, root)


def _decision(state: GamebookState) -> bool:
    return state.phase != FIGHT and state.fight is None and state.actor() == 0


class BookChances:
    """Chances to finish for readers (see the module docstring): tables kept in `folder()` (None: kept
    nowhere, every look-up solves), solved within `budget` states and `seconds`, in a thread of its own
    when `background`."""

    def __init__(
        self,
        folder: Callable[[], Path | None],
        *,
        background: bool = False,
        budget: int = READER_BUDGET,
        seconds: float | None = READER_SECONDS,
    ) -> None:
        self.folder = folder
        self.background = background
        self.budget = budget
        self.seconds = seconds
        self._books: dict[Path, SolvedBooks] = {}
        self._lock = threading.Lock()
        self._working: dict[tuple[str, str], threading.Thread] = {}
        self._made: dict[str, list[Kept]] = {}
        self._plays: dict[int, tuple[Play, SheetView, str, Projector]] = {}

    def _store(self) -> SolvedBooks | None:
        where = self.folder()
        if where is None:
            return None
        with self._lock:
            books = self._books.get(where)
            if books is None:
                books = self._books[where] = SolvedBooks(where)
            return books

    def at(self, state: GamebookState, view: SheetView | None = None) -> Chances | None:
        """The chances at a reader's decision outside a fight (None elsewhere)."""
        if not _decision(state):
            return None
        play = state.play
        view = view if view is not None else sheet_view(play.ruleset)
        book, projector = self._of(play, view)
        key = node_key(projector, state)
        store = self._store()
        kept = self._made.get(book, []) + (store.of_book(book) if store is not None else [])
        found = _look_up(kept, key, state, projector)
        if found is not None:
            return found
        for k in kept:
            if isinstance(k, TooLarge) and not k.size:
                return Chances("cannot")
        if any(isinstance(k, TooLarge) and k.budget >= self.budget for k in kept):
            return Chances("too large")
        root = root_id(key)
        if self.background:
            self._start(state, view, book, root, store)
            return Chances("pending")
        _, made = solve_here(state, view, budget=self.budget, seconds=self.seconds)
        self._keep(store, book, made)
        found = _look_up([made], key, state, projector)
        if found is not None:
            return found
        return Chances("too large" if not isinstance(made, TooLarge) or made.size else "cannot")

    def _of(self, play: Play, view: SheetView) -> tuple[str, Projector]:
        """The book id and projector of a game (worked out once per game: every state shares its play)."""
        memo = self._plays.get(id(play))
        if memo is None or memo[0] is not play or memo[1] is not view:
            book = book_id(play.book, play.ruleset.id, view, play.ctx.options)
            memo = (play, view, book, Projector.of(play.book, play.ruleset, view))
            with self._lock:
                self._plays[id(play)] = memo
                while len(self._plays) > KEPT_GAMES:
                    del self._plays[next(iter(self._plays))]
        return memo[2], memo[3]

    def _keep(self, store: SolvedBooks | None, book: str, made: Kept) -> None:
        if store is None or not store.save(made):
            with self._lock:
                self._made.setdefault(book, []).insert(0, made)

    def _start(
        self, state: GamebookState, view: SheetView, book: str, root: str, store: SolvedBooks | None
    ) -> None:
        with self._lock:
            if any(t.is_alive() for t in self._working.values()):
                return  # one solve at a time: the others wait for the next look-up

            def work() -> None:
                try:
                    _, made = solve_here(state, view, budget=self.budget, seconds=self.seconds)
                except MemoryError:
                    made = TooLarge(book, root, self.budget, "out of memory")
                self._keep(store, book, made)

            thread = threading.Thread(target=work, name="grognard-book-solve", daemon=True)
            self._working[(book, root)] = thread
            thread.start()

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the solves under way in the background (for tests and a clean exit)."""
        for thread in list(self._working.values()):
            thread.join(timeout)


def _look_up(kept: list[Kept], key: Hashable, state: GamebookState, projector: Projector) -> Chances | None:
    for table in kept:
        if not isinstance(table, SolvedTable):
            continue
        here = table.value(key)
        if here is None:
            continue
        actions: dict[str, float] = {}
        for action in state.legal_actions():
            after = state.apply(action)
            assert isinstance(after, GamebookState)
            value = table.value(node_key(projector, after))
            if value is not None:
                actions[str(action)] = value
        return Chances("known", here, actions)
    return None


_current: BookChances | None = None


def use(chances: BookChances | None) -> None:
    """Set the `BookChances` the reader's views read (None: no chance to finish is shown)."""
    global _current
    _current = chances


def current() -> BookChances | None:
    """The `BookChances` the reader's views read now (None when no front end set one)."""
    return _current


__all__ = [
    "READER_BUDGET",
    "READER_SECONDS",
    "BookChances",
    "Chances",
    "TimeUp",
    "current",
    "solve_here",
    "use",
]
