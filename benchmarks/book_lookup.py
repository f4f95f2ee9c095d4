"""A reader's look-up of a solved book (`gamebook.solve_reader`, `gamebook.solve_cache`): the chance to
finish from here and after each choice, read from the table kept on disk, as the web server's odds worker
does it (a fresh process each time: the file read, checked and searched) and as the terminal does it
(the table already in memory).

Cases: the Fighting Fantasy sample from section 50 on (the catacombs, 278,000 states solved) and from 67
on, one hero, in floats. Each table is solved once and kept in a temporary folder (the solve is timed too,
and the file's size and entries given); a look-up is then timed cold in a forked child (a new
`BookChances`, nothing in memory, as a worker starts) and warm (the same `BookChances` again), each the
median of repeats. A table's size is what a cold look-up pays for (reading the file and hashing it):
`SIZES` gives synthetic tables of 1 and 8 million states (the most a table keeps), looked up by key cold
and warm the same way. The issue asks for look-ups under 50 ms.
"""

from __future__ import annotations

import multiprocessing
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import Row, median_seconds
from grognard.engine.game import CHANCE
from grognard.gamebook.load import load_book
from grognard.gamebook.model import Book
from grognard.gamebook.runner import GamebookGame, GamebookState
from grognard.gamebook.solve_cache import SolvedBooks, SolvedTable, key_id
from grognard.gamebook.solve_reader import BookChances, solve_here

NAME = "book_lookup"
HERO = {"hero": "10/20/9", "potion": "skill"}
COLD_REPEATS = 7
SIZES = (1_000_000, 8_000_000)


def decision(book: Book) -> GamebookState:
    """The reader's first decision outside a fight (every roll its likeliest outcome)."""
    from grognard.systems.fighting_fantasy.ruleset import FF_RULES

    state = GamebookGame(FF_RULES, book, "bench").new_initial_state({"book": "bench", **HERO})
    while state.actor() is CHANCE or state.fight is not None:
        if state.actor() is CHANCE:
            moves = sorted(state.chance_outcomes(), key=lambda pair: -pair[1])
            after = state.apply(moves[0][0])
        else:
            after = state.apply(state.legal_actions()[0])
        assert isinstance(after, GamebookState)
        state = after
    return state


def _cold(folder: Path, state: GamebookState, view: Any, queue: Any) -> None:
    start = time.perf_counter()
    found = BookChances(lambda: folder).at(state, view)
    queue.put((time.perf_counter() - start, found is not None and found.status == "known"))


def cold_lookup(folder: Path, state: GamebookState, view: Any) -> float:
    """The median seconds of a look-up in a forked child with nothing in memory."""
    context = multiprocessing.get_context("fork")
    times = []
    for _ in range(COLD_REPEATS):
        queue = context.Queue()
        child = context.Process(target=_cold, args=(folder, state, view, queue))
        child.start()
        seconds, known = queue.get()
        child.join()
        if not known:
            raise RuntimeError("the kept table did not answer the look-up")
        times.append(seconds)
    return statistics.median(times)


def _cold_key(folder: Path, book: str, root: str, key: object, queue: Any) -> None:
    start = time.perf_counter()
    table = SolvedBooks(folder).load(book, root)
    found = isinstance(table, SolvedTable) and table.value(key) is not None
    queue.put((time.perf_counter() - start, found))


def synthetic(size: int) -> list[Row]:
    """A table of `size` states with random keys, one of them a real key: its cold and warm look-up."""
    import random
    from array import array

    case = f"synthetic table of {size:,} states"
    rng = random.Random(size)
    key = ("choose", "a state")
    keys = sorted({key_id(key), *(rng.getrandbits(64) for _ in range(size - 1))})
    table = SolvedTable(
        "a" * 32, "b" * 32, 0.5, size, False, 0.0, array("Q", keys), array("d", [0.5] * len(keys))
    )
    with tempfile.TemporaryDirectory() as where:
        folder = Path(where)
        SolvedBooks(folder).save(table)
        (path,) = folder.rglob("*.solved")
        context = multiprocessing.get_context("fork")
        times = []
        for _ in range(COLD_REPEATS):
            queue = context.Queue()
            child = context.Process(target=_cold_key, args=(folder, table.book, table.root, key, queue))
            child.start()
            seconds, found = queue.get()
            child.join()
            if not found:
                raise RuntimeError("the synthetic table did not answer")
            times.append(seconds)
        loaded = SolvedBooks(folder).load(table.book, table.root)
        assert isinstance(loaded, SolvedTable)
        return [
            Row(NAME, case, "table file", path.stat().st_size / 1e6, "MB"),
            Row(NAME, case, "look-up, cold (new process)", statistics.median(times) * 1000, "ms"),
            Row(NAME, case, "look-up, warm", median_seconds(lambda: loaded.value(key)) * 1000, "ms"),
        ]


def real_case(book: Book, case: str, view: Any) -> list[Row]:
    """A solved book's table kept and looked up from the reader's first decision in `book`."""
    state = decision(book)
    with tempfile.TemporaryDirectory() as where:
        folder = Path(where)
        began = time.process_time()
        _, kept = solve_here(state, view, budget=2_000_000, seconds=None)
        solved = time.process_time() - began
        SolvedBooks(folder).save(kept)
        (path,) = folder.rglob("*.solved")
        entries = len(getattr(kept, "keys", ()))
        warm = BookChances(lambda: folder)
        warm.at(state, view)
        return [
            Row(NAME, case, "solve and keep (CPU)", solved, "s"),
            Row(NAME, case, "table entries", float(entries), "states"),
            Row(NAME, case, "table file", path.stat().st_size / 1e6, "MB"),
            Row(NAME, case, "look-up, cold (new process)", cold_lookup(folder, state, view) * 1000, "ms"),
            Row(NAME, case, "look-up, warm", median_seconds(lambda: warm.at(state, view)) * 1000, "ms"),
        ]


def run() -> list[Row]:
    """The rows of the report (see the module docstring)."""
    from grognard.systems.fighting_fantasy.books import BOOKS as FF_BOOKS
    from grognard.systems.fighting_fantasy.ruleset import FF_RULES
    from grognard.systems.fighting_fantasy.solve_view import FightingFantasySheetView

    view = FightingFantasySheetView()
    sample = load_book(FF_BOOKS.path("sample"), FF_RULES.id)
    rows: list[Row] = []
    for start in ("50", "67"):
        book = sample.model_copy(update={"book": sample.book.model_copy(update={"start": start})})
        rows += real_case(book, f"FF sample from {start}, one hero, floats", view)
    for size in SIZES:
        rows += synthetic(size)
    return rows
