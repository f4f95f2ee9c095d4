"""`grognard <gamebook system> solve BOOK`: the whole book solved (thin: the solving is
`gamebook.solve`), mounted on a system's Typer app by `add_solve_command`.

Prints the chance of winning from the start (over the starting rolls, and for each starting score, or for
the character `--hero` gives), each section's chance and best choice, the choices that cost most, the most
likely way to win, and each ending's chance under the best play and under choices taken at random;
`--json` prints the same as data. A long solve shows its progress on a terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import Progress, SpinnerColumn, TextColumn
from rich.table import Table

from grognard.cli.console import err, out, print_json
from grognard.cli.gamebook import BOOK_HELP, book_problems
from grognard.cli.options import JsonOption
from grognard.engine.errors import OddsError, UsageError
from grognard.engine.game import OptionValue
from grognard.engine.odds.solver import DEFAULT_BUDGET, MAX_BUDGET
from grognard.gamebook.ruleset import Ruleset
from grognard.gamebook.solve import BookSolution, solve_book
from grognard.gamebook.solve_state import SheetView

SECTIONS_SHOWN = 40
"""Sections listed in the text report (all of them are in the JSON)."""


def _options(ruleset: Ruleset, hero: str | None, given: list[str]) -> dict[str, OptionValue]:
    known = {o.name: o for o in ruleset.options}
    options: dict[str, OptionValue] = {}
    for text in given:
        name, sep, value = text.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or name not in known:
            names = ", ".join(sorted(known)) or "none"
            raise UsageError(
                f"--option {text!r} is not NAME=VALUE with a rule option of {ruleset.name} ({names})"
            )
        options[name] = known[name].parse(value.strip())
    if hero is not None:
        if "hero" not in known:
            raise UsageError(f"{ruleset.name} has no hero option")
        options["hero"] = hero
    return options


@contextmanager
def _progress(show: bool) -> Iterator[Callable[[int], None] | None]:
    if not (show and err.is_terminal):
        yield None
        return
    with Progress(SpinnerColumn(), TextColumn("{task.description}"), transient=True, console=err) as bar:
        task = bar.add_task("Solving the book: 0 states")

        def step(states: int) -> None:
            bar.update(task, description=f"Solving the book: {states:,} states")

        yield step


def _pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def _render(solution: BookSolution) -> None:
    data = solution.to_json()
    how = "exact" if solution.exact else f"floats, error at most {solution.error_bound:.1e}"
    out.print(f"{data['book']}: {solution.states:,} states ({solution.fight_states:,} in fights), {how}")
    out.print(f"Chance of winning with the best play: {_pct(data['p_win'])}", markup=False)
    out.print(f"Chance of winning choosing at random: {_pct(data['p_win_random'])}", markup=False)
    for name, by in data["by_start_score"].items():
        if len(by) > 1:
            shown = ", ".join(f"{k}: {_pct(p)}" for k, p in by.items())
            out.print(f"  by starting {name}: {shown}", markup=False)
    walk = data["walkthrough"]
    if walk["steps"]:
        out.print(f"The most likely way to win ({_pct(walk['p'])} of readers go this way):", markup=False)
        for step in walk["steps"]:
            where = f"section {step['section']}" if step["section"] else "creation"
            out.print(f"  {where}: {step['kind']} {step['label']} (win {_pct(step['p_win'])})", markup=False)
    endings = Table(title="Endings", show_header=True)
    for column in ("section", "outcome", "best play", "at random"):
        endings.add_column(column)
    for e in data["endings"]:
        endings.add_row(e["section"], e["outcome"], _pct(e["p_best"]), _pct(e["p_random"]))
    out.print(endings)
    if data["mistakes"]:
        mistakes = Table(title="Costliest choices", show_header=True)
        for column in ("section", "choice", "win", "best choice", "win", "cost"):
            mistakes.add_column(column)
        for m in data["mistakes"]:
            mistakes.add_row(
                m["section"], m["choice"], _pct(m["p_choice"]), m["best"], _pct(m["p_best"]), _pct(m["loss"])
            )
        out.print(mistakes)
    sections = Table(title="Sections", show_header=True)
    for column in ("section", "win from here", "best choice", "win"):
        sections.add_column(column)
    for sid, s in list(data["sections"].items())[:SECTIONS_SHOWN]:
        best = s["best"] or "-"
        sections.add_row(sid, _pct(s["p_win"]), best, "-" if s["p_best"] is None else _pct(s["p_best"]))
    out.print(sections)
    if len(data["sections"]) > SECTIONS_SHOWN:
        out.print(f"({len(data['sections']) - SECTIONS_SHOWN} more sections in --json)", markup=False)


def add_solve_command(
    app: typer.Typer, ruleset: Ruleset, resolve: Callable[[str], Path], view: SheetView | None = None
) -> None:
    """Add `solve BOOK` to a system's Typer app (`resolve` turns a book argument into a file; `view`: what
    of the system's sheet the rest of a book can read, None to tell every sheet apart)."""
    hero_help = next((o.help for o in ruleset.options if o.name == "hero"), "the character to play")

    @app.command("solve")
    def solve_command(
        book: Annotated[str, typer.Argument(help=BOOK_HELP)],
        hero: str | None = typer.Option(None, "--hero", help=f"Solve for one character: {hero_help}."),
        option: Annotated[
            list[str] | None,
            typer.Option("--option", help="A rule option NAME=VALUE (as `play` takes them); repeatable."),
        ] = None,
        budget: Annotated[
            int,
            typer.Option("--budget", help="The most states solved before giving up (memory grows with it)."),
        ] = DEFAULT_BUDGET,
        exact: Annotated[
            bool | None,
            typer.Option(
                "--exact/--float", help="Exact fractions or floats (default: exact for small books)."
            ),
        ] = None,
        as_json: JsonOption = False,
    ) -> None:
        """The whole book solved: the chance of winning from the start and from every section, the best
        choice at each, the costliest choices, the most likely way to win, and each ending's chance
        under the best play and choosing at random."""
        if not 1 <= budget <= MAX_BUDGET:
            raise UsageError(f"--budget must be from 1 to {MAX_BUDGET:,}, not {budget}")
        path = resolve(book)
        loaded, problems = book_problems(path, ruleset)
        if loaded is None or problems:
            raise UsageError(f"{path} has problems; run `check` on it: {problems[0].render()}")
        options = _options(ruleset, hero, option or [])
        try:
            with _progress(not as_json) as progress:
                solution = solve_book(
                    ruleset,
                    loaded,
                    options,
                    ref=str(path),
                    exact=exact,
                    budget=budget,
                    progress=progress,
                    view=view,
                )
        except OddsError as e:
            raise UsageError(str(e)) from None
        except MemoryError:
            raise UsageError(
                "out of memory while solving the book: give a smaller --budget, or solve for one character "
                "(--hero)"
            ) from None
        if as_json:
            print_json(solution.to_json())
        else:
            _render(solution)
