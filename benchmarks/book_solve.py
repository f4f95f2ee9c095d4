"""The whole book solved (`gamebook.solve`): the Fighting Fantasy sample, and generated books of 100 and
400 sections shaped like a Grey Star book.

Cases: the FF sample from section 67 on (the antechamber, Vessik and the way home) for one hero, exact
and in floats; from section 50 on (the catacombs: the ossuary's two skeletons together, the flooded way,
the shaft, Vessik), in floats; the whole FF sample for one hero (only with `GROGNARD_BENCH_FULL=1`: it
has millions of states, see docs/solving.md); and `grey_star_shaped_book`, 100 and 400 sections in the
manner of a Project Aon book (most sections one to three choices forward, random-number tests with a Power's
adjustment, fights against one creature with an evasion now and then, items and codewords gained and
tested later, Meals, ENDURANCE lost along the way, a few deaths and one victory), solved for one
character. Each case is solved once in a child process, timing its CPU and reading its peak memory; a case
past the budget (`BUDGET`) is reported with the time and memory it took to get there. `states` counts the
book's states and the fights' positions (each walked once, `gamebook.solve_fights`); `fight positions
valued` the positions valued once per reader around a fight (the old walk's fight states).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import resource
import time
from typing import Any

from benchmarks import Row
from grognard.engine.errors import OddsError
from grognard.gamebook.load import book_from_data, load_book
from grognard.gamebook.model import Book
from grognard.gamebook.ruleset import Ruleset
from grognard.gamebook.solve import solve_book

NAME = "book_solve"
FF_HERO = {"hero": "10/20/9", "potion": "skill"}
GS_HERO = {
    "hero": "15/25/24",
    "magicks": "Sorcery,Alchemy,Prophecy,Psychomancy,Evocation",
    "gift": "Jewelled Dagger",
}
GS_SECTIONS = 400
BUDGET = 2_000_000
"""States solved before a case gives up (`GROGNARD_BENCH_BUDGET` to change it); a case that gives up is
reported with its time and memory so far and a chance of winning of nan."""


def grey_star_shaped_book(sections: int = GS_SECTIONS, seed: int = 0) -> Book:
    """A book of `sections` sections for Grey Star, shaped like a Project Aon book (see the module)."""
    rng = random.Random(seed)
    last = sections
    data: dict[str, Any] = {}
    deaths = set(rng.sample(range(20, last - 1), max(1, sections // 40)))
    codewords = [f"codeword-{k}" for k in range(4)]
    items = ["Rope", "Lantern", "Silver Key", "Amulet"]
    gained: dict[str, int] = {}
    for i in range(1, last + 1):
        if i == last:
            data[str(i)] = {"ending": "victory"}
            continue
        if i in deaths:
            data[str(i)] = {"ending": "death"}
            continue

        def ahead(span: int = 12, at: int = i) -> str:
            return str(min(last, at + rng.randint(1, span)))

        section: dict[str, Any] = {}
        effects: list[dict[str, Any]] = []
        roll = rng.random()
        if roll < 0.06:
            effects.append({"stat": "ENDURANCE", "add": -rng.randint(1, 3)})
        elif roll < 0.10:
            word = rng.choice(codewords)
            gained.setdefault(word, i)
            effects.append({"flag": word})
        elif roll < 0.14:
            item = rng.choice(items)
            gained.setdefault(item, i)
            effects.append({"item": item, "once": True})
        elif roll < 0.16:
            effects.append({"special": "meal", "value": 3})
        if effects:
            section["effects"] = effects
        kind = rng.random()
        if kind < 0.04:
            creature = {"name": "FOE", "COMBAT_SKILL": rng.randint(11, 16), "ENDURANCE": rng.randint(8, 16)}
            fight: dict[str, Any] = {"creatures": [creature], "win": ahead()}
            if rng.random() < 0.3:
                fight["escape"] = ahead()
            section["fight"] = fight
        elif kind < 0.14:
            test: dict[str, Any] = {
                "kind": "random",
                "ranges": [
                    {"max": 3, "target": ahead()},
                    {"min": 4, "max": 6, "target": ahead()},
                    {"min": 7, "target": ahead()},
                ],
            }
            if rng.random() < 0.4:
                test["adjust"] = [{"when": {"power": "Prophecy"}, "add": 2}]
            section["test"] = test
        else:
            choices: list[dict[str, Any]] = [{"text": "On", "target": ahead()}]
            for k in range(rng.choice([0, 1, 1, 2])):
                choice: dict[str, Any] = {"text": f"Way {k + 1}", "target": ahead()}
                gate = rng.random()
                known = [name for name, at in gained.items() if at < i]
                if gate < 0.3 and known:
                    name = rng.choice(known)
                    choice["condition"] = {"flag": name} if name in codewords else {"item": name}
                elif gate < 0.5:
                    choice["condition"] = {"power": rng.choice(["Sorcery", "Elementalism", "Prophecy"])}
                choices.append(choice)
            section["choices"] = choices
        data[str(i)] = section
    book = {
        "book": {
            "title": f"A Grey Star book of {sections} sections",
            "system": "grey-star",
            "start": "1",
            "items": {item: {} for item in items},
        },
        "sections": data,
    }
    return book_from_data(book, f"generated-{sections}")


def _view(ruleset: Ruleset) -> Any:
    """The system's view of its sheet, as `grognard ff solve` and `gs solve` are given it."""
    from grognard.systems.fighting_fantasy.solve_view import FightingFantasySheetView
    from grognard.systems.grey_star.solve_view import GreyStarSheetView

    return {"fighting-fantasy": FightingFantasySheetView(), "grey-star": GreyStarSheetView()}.get(ruleset.id)


def _solve(ruleset: Ruleset, book: Book, options: dict[str, Any], exact: bool, queue: Any) -> None:
    start = time.process_time()
    budget = int(os.environ.get("GROGNARD_BENCH_BUDGET", BUDGET))
    try:
        solved = solve_book(ruleset, book, options, exact=exact, budget=budget, view=_view(ruleset))
        solved.to_json()  # the reports too
        states, valued, p_win = solved.states, solved.fight_values, float(solved.p_win)
    except OddsError:  # past the budget: the time and memory it took to get there
        states, valued, p_win = budget, 0, math.nan
    seconds = time.process_time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    queue.put((seconds, peak, states, valued, p_win))


def measure(
    ruleset: Ruleset, book: Book, options: dict[str, Any], exact: bool
) -> tuple[float, float, int, int, float]:
    """Solve once in a child process: CPU seconds, peak memory (MB), states, fight positions valued,
    chance of winning."""
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_solve, args=(ruleset, book, options, exact, queue))
    child.start()
    result: tuple[float, float, int, int, float] = queue.get()
    child.join()
    return result


def run() -> list[Row]:
    """The rows of the report (see the module docstring)."""
    from grognard.systems.fighting_fantasy.books import BOOKS as FF_BOOKS
    from grognard.systems.fighting_fantasy.ruleset import FF_RULES
    from grognard.systems.grey_star.ruleset import GS_RULES

    sample = load_book(FF_BOOKS.path("sample"), FF_RULES.id)
    late = sample.model_copy(update={"book": sample.book.model_copy(update={"start": "67"})})
    catacombs = sample.model_copy(update={"book": sample.book.model_copy(update={"start": "50"})})
    cases: list[tuple[str, Ruleset, Book, dict[str, Any], bool]] = [
        ("FF sample from 67, one hero, exact", FF_RULES, late, FF_HERO, True),
        ("FF sample from 67, one hero, floats", FF_RULES, late, FF_HERO, False),
        ("FF sample from 50, one hero, floats", FF_RULES, catacombs, FF_HERO, False),
        (
            "Grey Star shaped, 100 sections, one hero, floats",
            GS_RULES,
            grey_star_shaped_book(100),
            GS_HERO,
            False,
        ),
        (
            f"Grey Star shaped, {GS_SECTIONS} sections, one hero, floats",
            GS_RULES,
            grey_star_shaped_book(),
            GS_HERO,
            False,
        ),
    ]
    if os.environ.get("GROGNARD_BENCH_FULL") == "1":
        cases.append(("FF sample, one hero, floats", FF_RULES, sample, FF_HERO, False))
    rows: list[Row] = []
    for case, ruleset, book, options, exact in cases:
        seconds, peak, states, valued, p_win = measure(ruleset, book, options, exact)
        rows += [
            Row(NAME, case, "CPU time", seconds, "s"),
            Row(NAME, case, "peak memory", peak, "MB"),
            Row(NAME, case, "states", float(states), "states"),
            Row(NAME, case, "fight positions valued", float(valued), "positions"),
            Row(NAME, case, "chance of winning", p_win, "p"),
        ]
    return rows
