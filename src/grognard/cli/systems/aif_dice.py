"""`--rolls N,N,...` for every random Adventures in Fantasy command: the dice thrown at the table.

`table_dice(seed, rolls)` is the random source a command hands its procedure (`TableDice`: the given
dice first, in the order the procedure throws them, then the seed's); `given_data(dice)` refuses dice
left unused and lists, for the JSON, each given value and the die it was used for.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy.table_dice import TableDice, check_spent, parse_rolls

RollsOpt = Annotated[
    str,
    typer.Option(
        "--rolls",
        help="The dice thrown at the table, in the order the procedure throws them: faces (4,12) or"
        " two-d20 readings with % (73%); the rest are rolled.",
    ),
]
"""The `--rolls` option of every random command."""


def table_dice(seed: int, rolls: str) -> TableDice:
    """The random source for one command: the `rolls` given, then the dice of `seed`."""
    return TableDice(seed, parse_rolls(rolls))


def given_data(dice: TableDice) -> dict[str, Any]:
    """`{"given": [...]}`: each value the referee gave and the die it decided; unused values refused."""
    check_spent(dice)
    return {"given": [{"value": g.text, "die": f"d{g.sides}", "face": g.face} for g in dice.given_dice]}


def calculator_dice(seed: int, rolls: str, *single: object) -> TableDice:
    """The random source of a calculator that also takes the older single `--roll`: not both at once."""
    if rolls.strip() and any(value not in (None, (), []) for value in single):
        raise UsageError("give the dice with --rolls or with --roll, not both")
    return table_dice(seed, rolls)
