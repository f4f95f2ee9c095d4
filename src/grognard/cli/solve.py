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
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import Progress, SpinnerColumn, TextColumn
from rich.table import Table

from grognard import i18n
from grognard.cli.book_files import BOOK_HELP, book_problems
from grognard.cli.console import err, help_with, out, print_json
from grognard.cli.options import JsonOption
from grognard.engine.errors import OddsError, UsageError
from grognard.engine.game import OptionValue
from grognard.engine.odds.solver import DEFAULT_BUDGET, MAX_BUDGET
from grognard.engine.store.factory import grognard_home
from grognard.gamebook.ruleset import Problem, Ruleset
from grognard.gamebook.runner import GamebookGame
from grognard.gamebook.solve import BookSolution, solve_book
from grognard.gamebook.solve_cache import SolvedBooks, book_id, node_key, root_id, table_of
from grognard.gamebook.solve_report import OddsReport, ending_said, flag_of, odds_report
from grognard.gamebook.solve_state import Projector, SheetView, sheet_view
from grognard.i18n import N_, NP_, number, percent, pgettext
from grognard.i18n import gettext as _

SECTIONS_SHOWN = 40
"""Sections listed in the text report (all of them are in the JSON)."""


def _options(ruleset: Ruleset, hero: str | None, given: list[str]) -> dict[str, OptionValue]:
    known = {o.name: o for o in ruleset.options}
    options: dict[str, OptionValue] = {}
    for text in given:
        name, sep, value = text.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or name not in known:
            names = ", ".join(sorted(known)) or _("none")
            raise UsageError(
                _("--option %(given)s is not NAME=VALUE with a rule option of %(system)s (%(names)s)")
                % {"given": repr(text), "system": ruleset.name, "names": names}
            )
        options[name] = known[name].parse(value.strip())
    if hero is not None:
        if "hero" not in known:
            raise UsageError(_("%(system)s has no hero option") % {"system": ruleset.name})
        options["hero"] = hero
    return options


@contextmanager
def _progress(show: bool) -> Iterator[Callable[[int], None] | None]:
    if not (show and err.is_terminal):
        yield None
        return
    with Progress(SpinnerColumn(), TextColumn("{task.description}"), transient=True, console=err) as bar:
        task = bar.add_task(_("Solving the book: %(states)s states") % {"states": number(0)})

        def step(states: int) -> None:
            bar.update(
                task, description=_("Solving the book: %(states)s states") % {"states": number(states)}
            )

        yield step


def _pct(x: float) -> str:
    return percent(x, 2)


STEP_WORDS = {
    "choose": NP_("solve step", "choose"),
    "roll": NP_("solve step", "roll"),
    "fight": NP_("solve step", "fight"),
    "create": NP_("solve step", "create"),
}
"""What happens at a step of the way to win, as the report says it (the data keeps the ids)."""


def _step_said(kind: str) -> str:
    return pgettext("solve step", STEP_WORDS[kind]) if kind in STEP_WORDS else kind


def _how(exact: bool, error_bound: float) -> str:
    """How a book was solved: "exact", or in floats with the error bound."""
    if exact:
        return _("exact")
    return _("floats, error at most %(bound)s") % {"bound": f"{error_bound:.1e}"}


def _table(title: str, columns: tuple[str, ...]) -> Table:
    table = Table(title=title, show_header=True)
    for column in columns:
        table.add_column(column)
    return table


def _endings_table(rows: list[tuple[str, str, float, float]]) -> Table:
    """The endings with their chance under the best play and at random."""
    endings = _table(_("Endings"), (_("section"), _("outcome"), _("best play"), _("at random")))
    for section, outcome, best, random in rows:
        endings.add_row(section, ending_said(outcome), _pct(best), _pct(random))
    return endings


def _render(data: dict[str, Any]) -> list[str | Table]:
    """The text report of a solve from its JSON (`BookSolution.to_json`) in the reader's language; a
    report that is not whole (a kept file forged or cut) is a `KeyError`, `TypeError` or `ValueError`."""
    lines: list[str | Table] = []
    lines.append(
        _("%(book)s: %(states)s states (%(fight_states)s in fights), %(how)s")
        % {
            "book": data["book"],
            "states": number(int(data["states"])),
            "fight_states": number(int(data["fight_states"])),
            "how": _how(bool(data["exact"]), float(data["error_bound"])),
        }
    )
    lines.append(_("Chance of winning with the best play: %(chance)s") % {"chance": _pct(data["p_win"])})
    lines.append(
        _("Chance of winning choosing at random: %(chance)s") % {"chance": _pct(data["p_win_random"])}
    )
    for name, by in data["by_start_score"].items():
        if len(by) > 1:
            shown = ", ".join(f"{k}: {_pct(p)}" for k, p in by.items())
            lines.append(_("  by starting %(score)s: %(chances)s") % {"score": name, "chances": shown})
    walk = data["walkthrough"]
    if walk["steps"]:
        lines.append(
            _("The most likely way to win (%(share)s of readers go this way):") % {"share": _pct(walk["p"])}
        )
        for step in walk["steps"]:
            where = (
                _("section {section}").format(section=step["section"]) if step["section"] else _("creation")
            )
            said = {"where": where, "kind": _step_said(str(step["kind"])), "label": step["label"]}
            lines.append(
                _("  %(where)s: %(kind)s %(label)s (win %(chance)s)")
                % {**said, "chance": _pct(step["p_win"])}
            )
    rows = [(e["section"], e["outcome"], e["p_best"], e["p_random"]) for e in data["endings"]]
    lines.append(_endings_table(rows))
    if data["mistakes"]:
        win = pgettext("report column", "win")
        mistakes = _table(
            _("Costliest choices"), (_("section"), _("choice"), win, _("best choice"), win, _("cost"))
        )
        for m in data["mistakes"]:
            mistakes.add_row(
                m["section"], m["choice"], _pct(m["p_choice"]), m["best"], _pct(m["p_best"]), _pct(m["loss"])
            )
        lines.append(mistakes)
    columns = (_("section"), _("win from here"), _("best choice"), pgettext("report column", "win"))
    sections = _table(_("Sections"), columns)
    for sid, s in list(data["sections"].items())[:SECTIONS_SHOWN]:
        best = s["best"] or "-"
        sections.add_row(sid, _pct(s["p_win"]), best, "-" if s["p_best"] is None else _pct(s["p_best"]))
    lines.append(sections)
    if len(data["sections"]) > SECTIONS_SHOWN:
        lines.append(
            _("(%(count)s more sections in --json)") % {"count": len(data["sections"]) - SECTIONS_SHOWN}
        )
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
        raise UsageError(_budget_refused(budget))
    loaded, problems = book_problems(path, ruleset)
    if loaded is None or problems:
        raise UsageError(_has_problems(path, problems))
    try:
        with _progress(progress) as step:
            return solve_book(
                ruleset, loaded, options, ref=str(path), exact=exact, budget=budget, progress=step, view=view
            )
    except OddsError as e:
        raise UsageError(str(e)) from None
    except MemoryError:
        raise UsageError(
            _(
                "out of memory while solving the book: give a smaller --budget, or solve for one character "
                "(--hero)"
            )
        ) from None


def _budget_refused(budget: int) -> str:
    return _("--budget must be from 1 to %(most)s, not %(budget)s") % {
        "most": number(MAX_BUDGET),
        "budget": budget,
    }


def _has_problems(path: Path, problems: list[Problem]) -> str:
    return _("%(path)s has problems; run `check` on it: %(first)s") % {
        "path": path,
        "first": problems[0].render(),
    }


def _ids(
    ruleset: Ruleset, path: Path, options: dict[str, OptionValue], view: SheetView | None
) -> tuple[str, str]:
    """The book id and root id a solve of the book at `path` is kept under (`solve_cache`)."""
    loaded, problems = book_problems(path, ruleset)
    if loaded is None or problems:
        raise UsageError(_has_problems(path, problems))
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
            raise UsageError(_budget_refused(budget))
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
            with i18n.speaking("en"):  # the data, printed with --json and kept, is language-neutral
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
    with i18n.speaking("en"):  # the data (its flag) is language-neutral
        neutral = odds_report(solution)
    report = replace(neutral, flag=flag_of(neutral.p_win))
    if as_json:
        print_json(neutral.to_json())
        return
    _print(_report_lines(report))


def _report_lines(report: OddsReport) -> list[str | Table]:
    """The author's report as text, in the reader's language."""
    said = {
        "book": report.book,
        "states": number(report.states),
        "how": _how(report.exact, report.error_bound),
    }
    lines: list[str | Table] = [_("%(book)s: %(states)s states, %(how)s") % said]
    lines.append(_("Chance of winning with the best play: %(chance)s") % {"chance": _pct(report.p_win)})
    lines.append(
        _("Chance of winning choosing at random: %(chance)s") % {"chance": _pct(report.p_win_random)}
    )
    if report.flag:
        lines.append(_("Warning: %(flag)s") % {"flag": report.flag})
    lines.append(
        _endings_table([(e.section, e.outcome, float(e.p_best), float(e.p_random)) for e in report.endings])
    )
    if report.fights:
        fights = _table(
            _("Deadliest fights (choosing at random, fights played best)"),
            (_("section"), _("killed of those who fight"), _("of all readers"), _("with the best play")),
        )
        for d in report.fights:
            fights.add_row(d.section, _pct(d.share), _pct(d.killed), _pct(d.killed_best))
        lines.append(fights)
    if report.sections:
        deaths = _table(
            _("Deadliest sections (readers who die there)"),
            (_("section"), _("choosing at random"), _("with the best play")),
        )
        for d in report.sections:
            deaths.add_row(d.section, _pct(d.killed), _pct(d.killed_best))
        lines.append(deaths)
    if report.rare:
        lines.append(_("Sections reachable only through rolls below 1% (the best chance of getting there):"))
        lines += [
            _("  section %(section)s: %(chance)s") % {"section": r.section, "chance": _pct(r.p)}
            for r in report.rare
        ]
    else:
        lines.append(_("No section needs rolls below 1% to reach."))
    if report.unchecked:
        lines.append(
            _("(%(count)s more sections seldom reached were not checked)") % {"count": report.unchecked}
        )
    if report.pointless:
        lines.append(_("Choices that can never matter (every choice leaves the same chance to finish):"))
        lines += [
            _("  section %(section)s: %(choices)s") % {"section": p.section, "choices": ", ".join(p.choices)}
            for p in report.pointless
        ]
    else:
        lines.append(_("Every section's choices matter to some reader."))
    return lines
