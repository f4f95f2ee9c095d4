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
from typing import Annotated, Any

import typer
from rich.progress import Progress, SpinnerColumn, TextColumn
from rich.table import Table

from grognard.cli.book_files import BOOK_HELP, book_problems
from grognard.cli.console import err, help_with, out, print_json
from grognard.cli.options import JsonOption
from grognard.engine.errors import OddsError, UsageError
from grognard.engine.game import OptionValue
from grognard.engine.odds.solver import DEFAULT_BUDGET, MAX_BUDGET
from grognard.engine.store.factory import grognard_home
from grognard.gamebook.ruleset import Ruleset
from grognard.gamebook.runner import GamebookGame
from grognard.gamebook.solve import BookSolution, solve_book
from grognard.gamebook.solve_cache import SolvedBooks, book_id, node_key, root_id, table_of
from grognard.gamebook.solve_report import OddsReport, odds_report
from grognard.gamebook.solve_state import Projector, SheetView, sheet_view
from grognard.i18n import N_

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


def _render(data: dict[str, Any]) -> list[str | Table]:
    """The text report of a solve from its JSON (`BookSolution.to_json`); a report that is not whole
    (a kept file forged or cut) is a `KeyError`, `TypeError` or `ValueError`."""
    lines: list[str | Table] = []
    how = "exact" if data["exact"] else f"floats, error at most {float(data['error_bound']):.1e}"
    lines.append(
        f"{data['book']}: {int(data['states']):,} states ({int(data['fight_states']):,} in fights), {how}"
    )
    lines.append(f"Chance of winning with the best play: {_pct(data['p_win'])}")
    lines.append(f"Chance of winning choosing at random: {_pct(data['p_win_random'])}")
    for name, by in data["by_start_score"].items():
        if len(by) > 1:
            shown = ", ".join(f"{k}: {_pct(p)}" for k, p in by.items())
            lines.append(f"  by starting {name}: {shown}")
    walk = data["walkthrough"]
    if walk["steps"]:
        lines.append(f"The most likely way to win ({_pct(walk['p'])} of readers go this way):")
        for step in walk["steps"]:
            where = f"section {step['section']}" if step["section"] else "creation"
            lines.append(f"  {where}: {step['kind']} {step['label']} (win {_pct(step['p_win'])})")
    endings = Table(title="Endings", show_header=True)
    for column in ("section", "outcome", "best play", "at random"):
        endings.add_column(column)
    for e in data["endings"]:
        endings.add_row(e["section"], e["outcome"], _pct(e["p_best"]), _pct(e["p_random"]))
    lines.append(endings)
    if data["mistakes"]:
        mistakes = Table(title="Costliest choices", show_header=True)
        for column in ("section", "choice", "win", "best choice", "win", "cost"):
            mistakes.add_column(column)
        for m in data["mistakes"]:
            mistakes.add_row(
                m["section"], m["choice"], _pct(m["p_choice"]), m["best"], _pct(m["p_best"]), _pct(m["loss"])
            )
        lines.append(mistakes)
    sections = Table(title="Sections", show_header=True)
    for column in ("section", "win from here", "best choice", "win"):
        sections.add_column(column)
    for sid, s in list(data["sections"].items())[:SECTIONS_SHOWN]:
        best = s["best"] or "-"
        sections.add_row(sid, _pct(s["p_win"]), best, "-" if s["p_best"] is None else _pct(s["p_best"]))
    lines.append(sections)
    if len(data["sections"]) > SECTIONS_SHOWN:
        lines.append(f"({len(data['sections']) - SECTIONS_SHOWN} more sections in --json)")
    return lines


SOLVED_FOLDER = "solved"
"""The folder of `$GROGNARD_HOME` solved books are kept in (`gamebook.solve_cache`)."""

_VIEWS: dict[str, SheetView | None] = {}
"""Each gamebook system's sheet view, as `add_solve_command` was given it (read by `check --odds`)."""


def solved_books() -> SolvedBooks:
    """The solved books kept in the user's data folder (`$GROGNARD_HOME/solved`)."""
    return SolvedBooks(grognard_home() / SOLVED_FOLDER)


def _solve(
    ruleset: Ruleset,
    path: Path,
    options: dict[str, OptionValue],
    *,
    exact: bool | None,
    budget: int,
    view: SheetView | None,
    progress: bool,
) -> BookSolution:
    """The book at `path` checked and solved (its problems, a book too large, out of memory: one
    `UsageError`)."""
    if not 1 <= budget <= MAX_BUDGET:
        raise UsageError(f"--budget must be from 1 to {MAX_BUDGET:,}, not {budget}")
    loaded, problems = book_problems(path, ruleset)
    if loaded is None or problems:
        raise UsageError(f"{path} has problems; run `check` on it: {problems[0].render()}")
    try:
        with _progress(progress) as step:
            return solve_book(
                ruleset, loaded, options, ref=str(path), exact=exact, budget=budget, progress=step, view=view
            )
    except OddsError as e:
        raise UsageError(str(e)) from None
    except MemoryError:
        raise UsageError(
            "out of memory while solving the book: give a smaller --budget, or solve for one character "
            "(--hero)"
        ) from None


def _ids(
    ruleset: Ruleset, path: Path, options: dict[str, OptionValue], view: SheetView | None
) -> tuple[str, str]:
    """The book id and root id a solve of the book at `path` is kept under (`solve_cache`)."""
    loaded, problems = book_problems(path, ruleset)
    if loaded is None or problems:
        raise UsageError(f"{path} has problems; run `check` on it: {problems[0].render()}")
    game = GamebookGame(ruleset, loaded, str(path))
    root = game.new_initial_state(game.info.resolve_options({"book": str(path), **options}))
    seen = view if view is not None else sheet_view(ruleset)
    projector = Projector.of(loaded, ruleset, seen)
    return book_id(loaded, ruleset.id, seen, root.play.ctx.options), root_id(node_key(projector, root))


def _kept_report(
    kept: SolvedBooks, book: str, root: str, how: str
) -> tuple[dict[str, Any], list[str | Table]] | None:
    """A report kept from an earlier solve, with its text, when it is whole (anything else: None)."""
    data = kept.load_report(book, root, how)
    if data is None:
        return None
    try:
        return data, _render(data)
    except Exception:  # a kept file forged or cut short: solved again
        return None


def _print(lines: list[str | Table]) -> None:
    for line in lines:
        if isinstance(line, str):
            out.print(line, markup=False)
        else:
            out.print(line)


def add_solve_command(
    app: typer.Typer, ruleset: Ruleset, resolve: Callable[[str], Path], view: SheetView | None = None
) -> None:
    """Add `solve BOOK` to a system's Typer app (`resolve` turns a book argument into a file; `view`: what
    of the system's sheet the rest of a book can read, None to tell every sheet apart)."""
    hero_help = next((o.help for o in ruleset.options if o.name == "hero"), "the character to play")
    _VIEWS[ruleset.id] = view

    @app.command(
        "solve",
        help=N_(
            "The whole book solved: the chance of winning from the start and from every section, the "
            "best\nchoice at each, the costliest choices, the most likely way to win, and each ending's "
            "chance\nunder the best play and choosing at random. A solve is kept by the book's hash and "
            "the options\n(in the user's data folder), so solving the same book again, or reading it, "
            "is at once."
        ),
    )
    def solve_command(
        book: Annotated[str, typer.Argument(help=BOOK_HELP)],
        hero: str | None = typer.Option(
            None, "--hero", help=help_with(N_("Solve for one character: %(heroes)s."), heroes=hero_help)
        ),
        option: Annotated[
            list[str] | None,
            typer.Option("--option", help=N_("A rule option NAME=VALUE (as `play` takes them); repeatable.")),
        ] = None,
        budget: Annotated[
            int,
            typer.Option(
                "--budget", help=N_("The most states solved before giving up (memory grows with it).")
            ),
        ] = DEFAULT_BUDGET,
        exact: Annotated[
            bool | None,
            typer.Option(
                "--exact/--float", help=N_("Exact fractions or floats (default: exact for small books).")
            ),
        ] = None,
        fresh: Annotated[
            bool,
            typer.Option("--fresh", help=N_("Solve again, not reading a solve kept from an earlier run.")),
        ] = False,
        as_json: JsonOption = False,
    ) -> None:
        if not 1 <= budget <= MAX_BUDGET:
            raise UsageError(f"--budget must be from 1 to {MAX_BUDGET:,}, not {budget}")
        path = resolve(book)
        options = _options(ruleset, hero, option or [])
        book_key, root_key = _ids(ruleset, path, options, view)
        how = "auto" if exact is None else "exact" if exact else "float"
        kept = solved_books()
        found = None if fresh else _kept_report(kept, book_key, root_key, how)
        if found is None:
            solution = _solve(
                ruleset, path, options, exact=exact, budget=budget, view=view, progress=not as_json
            )
            data = solution.to_json()
            found = data, _render(data)
            kept.save(table_of(solution, book_key, root_key))
            kept.save_report(book_key, root_key, how, data)
        if as_json:
            print_json(found[0])
        else:
            _print(found[1])


def odds_check(
    ruleset: Ruleset,
    path: Path,
    hero: str | None,
    given: list[str],
    budget: int,
    exact: bool | None,
    as_json: bool,
) -> None:
    """`check --odds BOOK`: the author's report (`gamebook.solve_report`) on the book solved."""
    options = _options(ruleset, hero, given)
    solution = _solve(
        ruleset, path, options, exact=exact, budget=budget, view=_VIEWS.get(ruleset.id), progress=not as_json
    )
    report = odds_report(solution)
    if as_json:
        print_json(report.to_json())
        return
    _print(_report_lines(report))


def _report_lines(report: OddsReport) -> list[str | Table]:
    how = "exact" if report.exact else f"floats, error at most {report.error_bound:.1e}"
    lines: list[str | Table] = [f"{report.book}: {report.states:,} states, {how}"]
    lines.append(f"Chance of winning with the best play: {_pct(report.p_win)}")
    lines.append(f"Chance of winning choosing at random: {_pct(report.p_win_random)}")
    if report.flag:
        lines.append(f"Warning: {report.flag}")
    endings = Table(title="Endings", show_header=True)
    for column in ("section", "outcome", "best play", "at random"):
        endings.add_column(column)
    for e in report.endings:
        endings.add_row(e.section, e.outcome, _pct(float(e.p_best)), _pct(float(e.p_random)))
    lines.append(endings)
    if report.fights:
        fights = Table(title="Deadliest fights (choosing at random, fights played best)", show_header=True)
        for column in ("section", "killed of those who fight", "of all readers", "with the best play"):
            fights.add_column(column)
        for d in report.fights:
            fights.add_row(d.section, _pct(d.share), _pct(d.killed), _pct(d.killed_best))
        lines.append(fights)
    if report.sections:
        deaths = Table(title="Deadliest sections (readers who die there)", show_header=True)
        for column in ("section", "choosing at random", "with the best play"):
            deaths.add_column(column)
        for d in report.sections:
            deaths.add_row(d.section, _pct(d.killed), _pct(d.killed_best))
        lines.append(deaths)
    if report.rare:
        lines.append("Sections reachable only through rolls below 1% (the best chance of getting there):")
        lines += [f"  section {r.section}: {_pct(r.p)}" for r in report.rare]
    else:
        lines.append("No section needs rolls below 1% to reach.")
    if report.unchecked:
        lines.append(f"({report.unchecked} more sections seldom reached were not checked)")
    if report.pointless:
        lines.append("Choices that can never matter (every choice leaves the same chance to finish):")
        lines += [f"  section {p.section}: {', '.join(p.choices)}" for p in report.pointless]
    else:
        lines.append("Every section's choices matter to some reader.")
    return lines
