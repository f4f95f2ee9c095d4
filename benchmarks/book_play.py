"""The solved book checked by playing it (`gamebook.solve_play`, issue 33): a bot takes the best choice of
the solution at every decision, fights included, over `RUNS` seeded games (100,000 by default,
`GROGNARD_BENCH_RUNS` to change it), and its share of wins is set against the solved chance with the
share's 95% Wilson interval.

Cases: the Fighting Fantasy sample from section 67 on (the antechamber, Vessik and the way home) for one
hero, and a small book of a fight or a Luck test then a second fight (`DUEL`). Rows: the games won, the
share with its interval, the solved chance, whether it lies in the interval (1 yes, 0 no) and the CPU time
of the games.
"""

from __future__ import annotations

import os
import time

from benchmarks import Row
from grognard.gamebook.load import load_book, parse_book
from grognard.gamebook.model import Book
from grognard.gamebook.solve import solve_book
from grognard.gamebook.solve_play import play_many

NAME = "book_play"
RUNS = 100_000
HERO = {"hero": "10/20/9", "potion": "skill"}
DUEL_HERO = {"hero": "8/10/7", "potion": "skill"}

DUEL = """
[book]
title = "The Ogre and the Pit"
system = "fighting-fantasy"
start = "1"

[sections.1]
choices = [{ text = "Fight the ogre", target = 2 }, { text = "Leap the pit", target = 3 }]

[sections.2]
fight = { creatures = [{ name = "OGRE", SKILL = 9, STAMINA = 10 }], win = "4" }

[sections.3]
test = { kind = "luck", branches = { lucky = { target = "6" }, unlucky = { target = "5" } } }

[sections.6]
fight = { creatures = [{ name = "RAT", SKILL = 6, STAMINA = 6 }], win = "4" }

[sections.4]
ending = "victory"

[sections.5]
ending = "death"
"""


def run() -> list[Row]:
    """The rows of the report (see the module docstring)."""
    from grognard.systems.fighting_fantasy.books import BOOKS as FF_BOOKS
    from grognard.systems.fighting_fantasy.ruleset import FF_RULES

    runs = int(os.environ.get("GROGNARD_BENCH_RUNS", RUNS))
    sample = load_book(FF_BOOKS.path("sample"), FF_RULES.id)
    late = sample.model_copy(update={"book": sample.book.model_copy(update={"start": "67"})})
    cases: list[tuple[str, Book, dict[str, str]]] = [
        ("FF sample from 67, one hero", late, HERO),
        ("the ogre and the pit, one hero", parse_book(DUEL), DUEL_HERO),
    ]
    rows: list[Row] = []
    for case, book, options in cases:
        solution = solve_book(FF_RULES, book, options, ref="bench", exact=False)
        start = time.process_time()
        played = play_many(solution, runs, seed=NAME)
        seconds = time.process_time() - start
        low, high = played.won.interval
        rows += [
            Row(NAME, case, "games won", float(played.won.count), f"of {runs:,}"),
            Row(NAME, case, "share won", played.won.rate, "p"),
            Row(NAME, case, "95% interval, low", low, "p"),
            Row(NAME, case, "95% interval, high", high, "p"),
            Row(NAME, case, "solved chance", played.solved, "p"),
            Row(NAME, case, "solved chance in the interval", float(played.agrees), "yes=1"),
            Row(NAME, case, "CPU time of the games", seconds, "s"),
        ]
    return rows
