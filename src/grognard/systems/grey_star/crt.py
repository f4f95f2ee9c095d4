"""The Combat Results Table: loaded from `data/crt.toml` into a typed model, and looked up.

Each cell holds two losses of ENDURANCE points, the enemy's and Grey Star's; either may be `KILLED`
("K" in the book: automatically killed). The table is read once, on first use.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import cache
from typing import Literal, TypeAlias

from pydantic import Field, field_validator, model_validator

from grognard.engine.content import ContentModel, LocatedValueError, load_model, package_file
from grognard.engine.errors import UsageError
from grognard.i18n import gettext as _

KILLED: Literal["K"] = "K"
"""The table's K: the side is automatically killed, whatever its ENDURANCE."""

Loss: TypeAlias = int | Literal["K"]
"""A loss of ENDURANCE points read from the table, or `KILLED`."""

_CELL = re.compile(r"^(K|0|[1-9][0-9]?)/(K|0|[1-9][0-9]?)$")


def _loss(text: str) -> Loss:
    return KILLED if text == KILLED else int(text)


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of the table: the enemy's loss and Grey Star's loss, before any WILLPOWER multiplier."""

    enemy: Loss
    grey_star: Loss

    def text(self) -> str:
        """The cell as the book prints it, "enemy/Grey Star"."""
        return f"{self.enemy}/{self.grey_star}"


class Column(ContentModel):
    """A column of Combat Ratios, `low` to `high` inclusive; a missing bound is open."""

    low: int | None = None
    high: int | None = None

    def covers(self, ratio: int) -> bool:
        """True when `ratio` falls in this column."""
        return (self.low is None or ratio >= self.low) and (self.high is None or ratio <= self.high)

    def label(self) -> str:
        """How the column is headed: "-11 or less", "-10/-9", "0", "+11 or more"."""
        if self.low is None:
            return f"{self.high:+d} or less" if self.high else "0 or less"
        if self.high is None:
            return f"{self.low:+d} or more"
        if self.low == self.high:
            return f"{self.low:+d}" if self.low else "0"
        return f"{self.low:+d}/{self.high:+d}"

    def said(self) -> str:
        """The heading in the reader's language ("-11 o menos"); `label` is the data's, in English."""
        if self.low is None:
            return _("{ratio} or less").format(ratio=f"{self.high:+d}" if self.high else "0")
        if self.high is None:
            return _("{ratio} or more").format(ratio=f"{self.low:+d}")
        return self.label()


class Row(ContentModel):
    """One row: the random number and its cells, left to right, citing its source."""

    number: int = Field(ge=0, le=9)
    source: str = Field(min_length=1)
    cells: list[str]

    @field_validator("cells")
    @classmethod
    def _cells(cls, value: list[str]) -> list[str]:
        for i, text in enumerate(value):
            if not _CELL.match(text):
                raise LocatedValueError((i,), f'cell {text!r} is not "enemy/Grey Star" (numbers or K)')
        return value


class CrtFile(ContentModel):
    """The whole table file: columns of Combat Ratio and one row per random number 0-9."""

    source: str = Field(min_length=1)
    columns: list[Column]
    rows: list[Row]

    @model_validator(mode="after")
    def _shape(self) -> CrtFile:
        cols = self.columns
        if len(cols) < 2 or cols[0].low is not None or cols[-1].high is not None:
            raise LocatedValueError(("columns",), "the first column must be open below and the last above")
        for i, (left, right) in enumerate(itertools.pairwise(cols), 1):
            if left.high is None or right.low is None or right.low != left.high + 1:
                raise LocatedValueError(("columns", i), "columns must follow one another without gap")
            if right.high is not None and right.high < right.low:
                raise LocatedValueError(("columns", i), "high is below low")
        numbers = [r.number for r in self.rows]
        if sorted(numbers) != list(range(10)):
            raise LocatedValueError(("rows",), f"need one row for each random number 0-9, got {numbers}")
        for i, row in enumerate(self.rows):
            if len(row.cells) != len(cols):
                raise LocatedValueError(
                    ("rows", i, "cells"), f"{len(row.cells)} cells for {len(cols)} columns"
                )
        return self


@dataclass(frozen=True)
class CombatResultsTable:
    """The table ready for lookups."""

    columns: tuple[Column, ...]
    cells: dict[int, tuple[Cell, ...]]
    source: str

    def column_index(self, ratio: int) -> int:
        """The index of the column holding Combat Ratio `ratio`."""
        for i, col in enumerate(self.columns):
            if col.covers(ratio):
                return i
        raise AssertionError(f"no column for ratio {ratio}")  # the file's validator rules this out

    def lookup(self, ratio: int, number: int) -> Cell:
        """The cell for Combat Ratio `ratio` and random number `number` (0-9)."""
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= 9:
            raise UsageError(_("random number {number!r} is not one of 0-9").format(number=number))
        return self.cells[number][self.column_index(ratio)]


def from_file(data: CrtFile) -> CombatResultsTable:
    """The lookup table of a validated file."""
    cells = {
        row.number: tuple(Cell(_loss(a), _loss(b)) for a, b in (c.split("/") for c in row.cells))
        for row in data.rows
    }
    return CombatResultsTable(tuple(data.columns), cells, data.source)


@cache
def table() -> CombatResultsTable:
    """The Combat Results Table shipped with the package (loaded once)."""
    data = load_model(package_file("grognard.systems.grey_star", "data").joinpath("crt.toml"), CrtFile)
    return from_file(data)


def lookup(ratio: int, number: int) -> Cell:
    """The cell of the shipped table for Combat Ratio `ratio` and random number `number`."""
    return table().lookup(ratio, number)


def enemy_damage(cell: Cell, willpower_spent: int) -> Loss:
    """The enemy's loss after the Staff's multiplier: times the WILLPOWER spent (at least 1).

    A K stays a kill whatever was spent; a round with no WILLPOWER spent multiplies by 1 (the Staff used
    as a plain weapon; see docs/rulings/grey-star.md).
    """
    if willpower_spent < 0:
        raise UsageError(
            _("WILLPOWER spent {willpower_spent} is below 0").format(willpower_spent=willpower_spent)
        )
    if cell.enemy == KILLED:
        return KILLED
    return cell.enemy * max(1, willpower_spent)
