"""`grognard roll`: dice notation typed by people, rolled with a seeded RNG and shown die by die."""

from __future__ import annotations

import secrets
from typing import Annotated, Any

import typer
from rich.markup import escape

from grognard.cli.console import out, print_json
from grognard.cli.options import JsonOption, SeedOption
from grognard.engine.dice.core import DieRoll, Rng, Roll
from grognard.engine.dice.notation import roll_data, roll_expression
from grognard.engine.errors import UsageError
from grognard.i18n import N_, gettext

HELP = N_(
    "Roll dice notation and show every die, the total and the seed.\n"
    "\n"
    "\b\n"
    "Dice:      3d6+2, d20, d% (= d100), (2d6+1)*2, 10//3 and 7/2 round down, -1d4\n"
    "Keep/drop: 4d6kh3 (keep highest 3), 4d6pl1 (drop lowest 1), (1d20,1d20)kh1\n"
    "Selectors: hN highest N, lN lowest N, <N, >N, or N for dice showing exactly N\n"
    "Rerolls:   2d6rr1 (reroll 1s until none), 2d6ro<3 (reroll once)\n"
    "Explode:   3d6e6 (each 6 adds a die), 1d10ra10 (explode once); at most 100 extra dice per die\n"
    "Limits:    4d6mi2 (count dice below 2 as 2), 4d6ma5\n"
    "Named:     lw (Lone Wolf random number 0-9; --table book uses Grey Star's printed table),\n"
    "           pct (Adventures in Fantasy: two d20 read as digits, 00 = 100),\n"
    "           1hq, 3hq or hq3 (HeroQuest combat dice; the total is skulls), red, 2red (red d6)\n"
    "Start an expression that begins with a minus sign after --, e.g. grognard roll -- -1+1d6."
)
"""`grognard roll --help` (said in the reader's language: `cli.main.spoken`)."""
TABLES = ("uniform", "book")


def _styled(d: DieRoll) -> str:
    text = escape(d.label())
    if d.face.isdigit() and int(d.face) != d.value:
        text = escape(f"{d.face} (reads {d.value})")
    if d.rerolled or not d.kept:
        return f"[dim strike]{text}[/]"
    return f"[bold]{text}[/]" if d.exploded else text


def _term_name(entries: list[dict[str, Any]], index: int) -> str:
    """A dice term's name, told apart from others with the same text by its die or its place."""
    term = entries[index]["term"]
    same = [e for e in entries if e["term"] == term]
    if len(same) == 1:
        return str(term)
    if len({e["die"] for e in same}) == len(same):
        return f"{term} {entries[index]['die']}"
    return f"{term} #{same.index(entries[index]) + 1}"


def show(roll: Roll, seed: int) -> None:
    """Print a roll for people: the total, each dice term with every die, named counts, the seed."""
    detail = f" {escape(roll.detail)}" if roll.detail else ""
    out.print(f"[bold]{escape(roll.expression)}[/bold] = [bold green]{roll.total}[/]{detail}")
    entries = roll_data(roll)["dice"]
    for g in range(len(entries)):
        members = [d for d in roll.dice if d.group == g]
        shown = "  ".join(_styled(d) for d in members) or "(no dice)"
        out.print(f"  {escape(_term_name(entries, g))}: {shown}")
    if roll.extras:
        out.print("  " + ", ".join(f"{name} {count}" for name, count in roll.extras))
    out.print(f"[dim]seed {seed} (--seed {seed} rolls the same again)[/dim]")


def roll(
    expression: Annotated[
        str, typer.Argument(help=N_("What to roll, e.g. 3d6+2, 4d6kh3, lw, pct, 3hq, 2red."))
    ],
    seed: SeedOption = None,
    json_out: JsonOption = False,
    table: Annotated[
        str, typer.Option("--table", help=N_("The table `lw` reads: uniform or book."))
    ] = "uniform",
) -> None:
    if table not in TABLES:
        raise UsageError(gettext("--table must be uniform or book, not %(table)s") % {"table": repr(table)})
    chosen = secrets.randbelow(1_000_000_000) if seed is None else seed
    result = roll_expression(expression, Rng(chosen), table)
    if json_out:
        print_json(roll_data(result, seed=chosen))
        return
    show(result, chosen)
