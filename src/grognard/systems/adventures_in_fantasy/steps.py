"""The record of a procedure: each step's dice, the table row it landed on, and the source line.

Every encounter, evasion, hostility, terrain and foraging procedure returns its steps in order, so a
front end can show each roll and the row it used, and a referee can check it against the book.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from grognard.engine.content import Row
from grognard.engine.dice.core import DieRoll, Rng, Roll, percentile, roll_dice
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK, get_rollable


def cite(line: int | str) -> str:
    """A source in the rulebook: `cite(873)` is "002_8449cbd1010a37a5.txt:873"."""
    return f"{RULEBOOK}:{line}"


@dataclass(frozen=True)
class Step:
    """One step of a procedure: what was decided, the dice (if any), the row used (if any), the source."""

    label: str
    result: str
    source: str
    table: str = ""
    roll: Roll | None = None
    row: Row | None = None

    def line(self) -> str:
        """The step as one line of text: label, dice, table row, result."""
        dice = f" {self.roll.render()}" if self.roll else ""
        where = f" on {self.table} {self.row.span()}" if self.table and self.row else ""
        arrow = " ->" if dice or where else ""
        return f"{self.label}:{dice}{where}{arrow} {self.result} ({self.source})"

    def to_data(self) -> dict[str, Any]:
        """The step as JSON-ready data, every die included."""
        data: dict[str, Any] = {"label": self.label, "result": self.result, "source": self.source}
        if self.table:
            data["table"] = self.table
        if self.roll is not None:
            data["roll"] = roll_data(self.roll)
        if self.row is not None:
            data["row"] = {
                "roll": self.row.span(),
                "result": self.row.result,
                "source": self.row.source,
            }
        return data


def roll_data(roll: Roll) -> dict[str, Any]:
    """A roll as JSON-ready data: the expression, the total and every die with its face."""
    return {
        "expression": roll.expression,
        "total": roll.total,
        "dice": [
            {"die": d.die, "sides": d.sides, "value": d.value, "face": d.face or str(d.raw or d.value)}
            for d in roll.dice
        ],
    }


def fraction_data(value: Fraction) -> dict[str, Any]:
    """An exact probability as JSON: numerator and denominator as text, and a float for reading."""
    return {"exact": str(value), "float": float(value)}


def roll_on(rng: Rng, table: str, label: str) -> tuple[Step, Row]:
    """Roll a named rollable table of the book; the step records the dice and the row."""
    entry = get_rollable(table)
    thrown, row = entry.roll(rng)
    return Step(label, row.text, row.source, table, thrown, row), row


def percent_check(rng: Rng, label: str, chance: int, source: str, yes: str, no: str) -> tuple[Step, bool]:
    """Roll two d20 read 01-100: success when the roll does not exceed `chance` (a whole percent)."""
    thrown = percentile(rng)
    hit = thrown.total <= chance
    return Step(f"{label} ({chance}%)", yes if hit else no, source, roll=thrown), hit


def d20_one_to_ten(rng: Rng) -> Roll:
    """A d20 read 1-10 (line 873): 1-10 and 11-20 both read 1..10; the face thrown is kept as `raw`."""
    face = rng.randint(1, 20)
    value = face % 10 or 10
    return Roll("d20 read 1-10", (DieRoll("d20", 20, value, raw=face),), value)


def d10(rng: Rng) -> Roll:
    """One ten-sided die, 1-10."""
    return roll_dice(rng, 1, 10)


def chance_of(chance: int) -> Fraction:
    """The exact probability that two d20 read 01-100 roll at most `chance` (held within 0-100)."""
    return Fraction(max(0, min(100, chance)), 100)
