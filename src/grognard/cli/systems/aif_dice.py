"""The dice of every random Adventures in Fantasy command: its seed, the `--rolls N,N,...` thrown at the
table, and the dice as JSON.

`table_dice(seed, rolls)` is the random source a command hands its procedure (`TableDice`: the given
dice first, in the order the procedure throws them, then the seed's); `given_data(dice)` refuses dice
left unused and lists, for the JSON, each given value and the die it was used for. `chosen_seed` picks
the seed when none is given and `seed_line` shows it again; `dice_data` is a roll's dice in the JSON.
"""

from __future__ import annotations

import secrets
from typing import Annotated, Any

import typer

from grognard.cli.console import out
from grognard.engine.dice.core import Roll
from grognard.engine.errors import UsageError
from grognard.i18n import N_
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy.table_dice import TableDice, check_spent, parse_rolls
from grognard.systems.adventures_in_fantasy.words import told

RollsOpt = Annotated[
    str,
    typer.Option(
        "--rolls",
        help=N_(
            "The dice thrown at the table, in the order the procedure throws them: faces (4,12) or"
            " two-d20 readings with % (73%); the rest are rolled."
        ),
    ),
]
"""The `--rolls` option of every random command."""

RollOption = Annotated[int | None, typer.Option("--roll", help=N_("A roll made at the table (1-100)."))]
"""The older single `--roll` of a calculator (`calculator_dice`): one roll made at the table."""


def chosen_seed(seed: int | None) -> int:
    """The `--seed` given, or a new random one when none is."""
    return secrets.randbelow(1_000_000_000) if seed is None else seed


def seed_line(seed: int) -> None:
    """The closing line of a random command: its seed, and that the seed rolls the same dice again."""
    out.print("[dim]" + _("seed %(seed)s (--seed %(seed)s rolls the same again)") % {"seed": seed} + "[/dim]")


def table_dice(seed: int, rolls: str) -> TableDice:
    """The random source for one command: the `rolls` given, then the dice of `seed`."""
    return TableDice(seed, parse_rolls(rolls))


def given_data(dice: TableDice) -> dict[str, Any]:
    """`{"given": [...]}`: each value the referee gave and the die it decided; unused values refused."""
    check_spent(dice)
    return {"given": [{"value": g.text, "die": f"d{g.sides}", "face": g.face} for g in dice.given_dice]}


def given_if_any(dice: TableDice, rolls: str) -> dict[str, Any]:
    """`given_data(dice)` when `--rolls` was given, else nothing (for a calculator's JSON, which lists
    the given dice only when there were some); unused values refused either way."""
    spent = given_data(dice)
    return spent if rolls.strip() else {}


def calculator_dice(seed: int, rolls: str, *single: object) -> TableDice:
    """The random source of a calculator that also takes the older single `--roll`: not both at once."""
    if rolls.strip() and any(value not in (None, (), []) for value in single):
        raise UsageError(_("give the dice with --rolls or with --roll, not both"))
    return table_dice(seed, rolls)


def dice_data(roll: Roll) -> list[dict[str, Any]]:
    """A roll's dice as JSON data: each die with its sides, face and value."""
    return [
        {"die": d.die, "sides": d.sides, "face": d.face or str(d.value), "value": d.value} for d in roll.dice
    ]


def said(text: str) -> str:
    """A text of the rules in the reader's language: an event's sentence or a rules word (`told`), else
    the catalogue's message of that English text (a label or a data name), else as the rules wrote it."""
    found = told(text)
    return _(text) if found == text and text else found
