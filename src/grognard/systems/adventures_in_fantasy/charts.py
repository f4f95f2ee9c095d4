"""The tables of the book that are read, not rolled: charts indexed by a key and a column, and score bands.

A chart file holds `[[charts]]` (rows named by a key, cells named by column: a price list, the Combat
Matrix by body type, the calendar) and `[[bands]]` (a score looked up in ranges: the Table of Death by
age, the missile dexterity modifiers of Chart P). Every row cites its source line, as a rollable table's
rows do: "file:line", or just the line number read in the file of the chart's own `source`.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator, model_validator

from grognard.engine.content import ContentModel, LocatedValueError, Scalar, resolve_line_sources
from grognard.engine.errors import UsageError
from grognard.i18n import gettext

_NAME = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"


def _cited(value: str) -> str:
    if not value.strip():
        raise ValueError("every entry must cite its source (file:line)")
    return value


class ChartRow(ContentModel):
    """One row of a chart: its key (the first column as printed), its cells by column, its source."""

    key: str = Field(min_length=1)
    cells: dict[str, Scalar]
    source: str

    @field_validator("source")
    @classmethod
    def _source(cls, value: str) -> str:
        return _cited(value)

    def get(self, column: str) -> Scalar | None:
        """The cell under `column`, or None where the book leaves it blank."""
        return self.cells.get(column)


class _Sheet(ContentModel):
    """What a chart and a band list share: a name, a title, a cited source, rows citing their lines."""

    name: str = Field(pattern=_NAME)
    title: str = ""
    source: str

    @model_validator(mode="before")
    @classmethod
    def _lines(cls, data: Any) -> Any:
        return resolve_line_sources(data)

    @field_validator("source")
    @classmethod
    def _source(cls, value: str) -> str:
        return _cited(value)

    @property
    def heading(self) -> str:
        """The title, or the name where no title is given."""
        return self.title or self.name


class Chart(_Sheet):
    """A table read by row key and column; cells the book leaves blank are simply absent."""

    key_label: str = "entry"
    columns: list[str] = Field(min_length=1)
    rows: list[ChartRow] = Field(min_length=1)
    notes: str = ""

    @model_validator(mode="after")
    def _check(self) -> Chart:
        seen: dict[str, int] = {}
        for i, row in enumerate(self.rows):
            if row.key in seen:
                raise LocatedValueError(
                    ("rows", i, "key"), f"duplicate key {row.key!r} (also rows[{seen[row.key]}])"
                )
            seen[row.key] = i
            for column in row.cells:
                if column not in self.columns:
                    raise LocatedValueError(
                        ("rows", i, "cells", column), f"no such column; the columns are {self.columns}"
                    )
        return self

    def row(self, key: str) -> ChartRow:
        """The row named `key` (case-insensitive); a `UsageError` lists the keys otherwise."""
        for row in self.rows:
            if row.key.casefold() == key.casefold():
                return row
        raise UsageError(
            gettext("chart %(chart)s: no row %(row)s; rows: %(rows)s")
            % {"chart": self.name, "row": repr(key), "rows": [r.key for r in self.rows]}
        )

    def cell(self, key: str, column: str) -> Scalar:
        """The cell at row `key` and `column`; a `UsageError` when the column is unknown or blank."""
        row = self.row(key)
        if column not in self.columns:
            raise UsageError(
                gettext("chart %(chart)s: no column %(column)s; columns: %(columns)s")
                % {"chart": self.name, "column": repr(column), "columns": self.columns}
            )
        value = row.get(column)
        if value is None:
            raise UsageError(
                gettext("chart %(chart)s: %(row)s / %(column)s is blank in the book")
                % {"chart": self.name, "row": key, "column": column}
            )
        return value


class Band(ContentModel):
    """One range of a score (`high` None: and above) and what it gives."""

    low: int
    high: int | None = None
    result: dict[str, Scalar] = Field(min_length=1)
    source: str

    @field_validator("source")
    @classmethod
    def _source(cls, value: str) -> str:
        return _cited(value)

    def covers(self, score: int) -> bool:
        """True when `score` falls in this band."""
        return self.low <= score and (self.high is None or score <= self.high)

    def span(self) -> str:
        """The band as printed: "17-25", "61 and up"."""
        if self.high is None:
            return f"{self.low} and up"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


class Bands(_Sheet):
    """A score (age, dexterity, strength) looked up in ascending bands without gaps or overlaps."""

    score: str = Field(min_length=1)
    rows: list[Band] = Field(min_length=1)
    notes: str = ""

    @model_validator(mode="after")
    def _order(self) -> Bands:
        for i, band in enumerate(self.rows):
            if band.high is not None and band.high < band.low:
                raise LocatedValueError(("rows", i, "high"), f"high {band.high} is below low {band.low}")
            if band.high is None and i != len(self.rows) - 1:
                raise LocatedValueError(("rows", i, "high"), "only the last band may be open-ended")
            if i and band.low != (self.rows[i - 1].high or 0) + 1:
                raise LocatedValueError(
                    ("rows", i, "low"),
                    f"{band.low} does not follow rows[{i - 1}] ({self.rows[i - 1].span()})",
                )
        return self

    def lookup(self, score: int) -> Band:
        """The band holding `score`; a `UsageError` when the score lies outside every band."""
        for band in self.rows:
            if band.covers(score):
                return band
        raise UsageError(
            gettext("%(chart)s: no band for %(score_name)s %(score)s (bands start at %(low)s)")
            % {"chart": self.name, "score_name": self.score, "score": score, "low": self.rows[0].low}
        )


class ChartFile(ContentModel):
    """A data file of charts and bands."""

    charts: list[Chart] = Field(default_factory=list)
    bands: list[Bands] = Field(default_factory=list)
