"""`grognard roll`: dice notation typed by people (being built)."""

from __future__ import annotations

import typer

from grognard.engine.errors import RuleNotImplementedError


def roll(expression: str = typer.Argument(..., help="Dice expression, e.g. 3d6+2.")) -> None:
    """Roll a dice expression."""
    raise RuleNotImplementedError("dice notation is not built yet")
