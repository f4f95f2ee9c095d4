"""Every table of the Book of Adventure as data: loaded once, listed, and found by name.

Rollable tables (a die range to a result) are `engine.content.Table`s in `data/tables/`; tables that are
read rather than rolled (price lists, matrices, score bands, the calendar) are `charts.Chart` and
`charts.Bands` in `data/charts/`. Where the book prints one table per terrain, level or body type, each
column is its own named table (`outdoor-general-forest`, `hit-location-snake`).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib.resources.abc import Traversable
from typing import Literal, TypeAlias

from grognard.engine.content import Table, list_folder, load_model, load_tables, package_file
from grognard.engine.errors import ContentError, UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.charts import Bands, Chart, ChartFile

RULEBOOK = "002_8449cbd1010a37a5.txt"
"""The seed file every table cites."""

Entry: TypeAlias = Table | Chart | Bands
"""Any table of the book: rollable, a chart, or score bands."""

Kind: TypeAlias = Literal["rollable", "chart", "bands"]


def _data(folder: str) -> Traversable:
    return package_file("grognard.systems.adventures_in_fantasy", "data").joinpath(folder)


@cache
def rollable_tables() -> dict[str, Table]:
    """The rollable tables by name (every file of data/tables, loaded and validated once)."""
    return load_tables(_data("tables"))


@cache
def chart_entries() -> dict[str, Chart | Bands]:
    """The charts and score bands by name (every file of data/charts, loaded and validated once)."""
    found: dict[str, Chart | Bands] = {}
    for path in list_folder(_data("charts")):
        book = load_model(path, ChartFile)
        entries: list[Chart | Bands] = [*book.charts, *book.bands]
        for entry in entries:
            if entry.name in found:
                raise ContentError(
                    str(path),
                    "name",
                    gettext("chart %(chart)s is defined twice") % {"chart": repr(entry.name)},
                )
            found[entry.name] = entry
    return found


@cache
def all_tables() -> dict[str, Entry]:
    """Every table of the book by name, sorted by name; a name used twice is a `ContentError`."""
    rollable = rollable_tables()
    charts = chart_entries()
    for name in charts:
        if name in rollable:
            raise ContentError(
                "adventures_in_fantasy/data", name, gettext("name used by a table and a chart")
            )
    merged: dict[str, Entry] = {**rollable, **charts}
    return dict(sorted(merged.items()))


def kind(entry: Entry) -> Kind:
    """Whether a table is rolled, read as a chart, or looked up by a score."""
    if isinstance(entry, Table):
        return "rollable"
    return "chart" if isinstance(entry, Chart) else "bands"


def get_table(name: str) -> Entry:
    """A table by name; an unknown name is a `UsageError` listing the closest names."""
    tables = all_tables()
    key = name.strip().lower()
    if key in tables:
        return tables[key]
    close = [n for n in tables if n.startswith(key)] if key else []
    close = close or difflib.get_close_matches(key, list(tables), n=6, cutoff=0.5)
    if close:
        raise UsageError(
            gettext("no table %(table)s; did you mean: %(close)s")
            % {"table": repr(name), "close": ", ".join(close[:12])}
        )
    raise UsageError(gettext("no table %(table)s; see `grognard aif table --list`") % {"table": repr(name)})


def get_rollable(name: str) -> Table:
    """A rollable table by name; a `UsageError` when the name is unknown or names a chart."""
    entry = get_table(name)
    if not isinstance(entry, Table):
        raise UsageError(
            gettext("table %(table)s is a %(kind)s table that is read, not rolled")
            % {"table": repr(name), "kind": kind(entry)}
        )
    return entry


@dataclass(frozen=True)
class Listing:
    """One line of the table list: name, title, how it is used, and where the book prints it."""

    name: str
    title: str
    kind: Kind
    dice: str
    source: str


def listing() -> Iterator[Listing]:
    """Every table, in name order, as a line of the list."""
    for name, entry in all_tables().items():
        if isinstance(entry, Table):
            dice = entry.dice
        elif isinstance(entry, Bands):
            dice = f"by {entry.score}"
        else:
            dice = "-"
        yield Listing(name, entry.heading, kind(entry), dice, entry.source)
