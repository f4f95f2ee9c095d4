"""`grognard aif`: Adventures in Fantasy at the table — every table of the Book of Adventure.

`grognard aif table --list` lists them; `grognard aif table NAME` rolls a rollable table (every die shown)
or shows a chart; `--roll N` looks up a given roll; `--json` prints machine-readable results.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table as RichTable

from grognard.cli.console import out, print_json
from grognard.cli.frontends import Frontend, MenuEntry, register
from grognard.cli.options import JsonOption, SeedOption
from grognard.cli.systems.aif_dice import (
    RollsOpt,
    calculator_dice,
    chosen_seed,
    dice_data,
    given_if_any,
    seed_line,
    table_dice,
)
from grognard.engine.content import Row, Table
from grognard.engine.dice.core import Roll
from grognard.engine.errors import UsageError
from grognard.i18n import N_
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy.charts import Bands, Chart
from grognard.systems.adventures_in_fantasy.tables import get_table, kind, listing

if TYPE_CHECKING:
    from collections.abc import Sequence

    from grognard.cli.play_loop import Presenter
    from grognard.engine.match import Match


app = typer.Typer(
    name="aif",
    help=N_("Adventures in Fantasy (1978): every table of the Book of Adventure, listed, shown and rolled."),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)


@app.callback()
def main() -> None:
    """Adventures in Fantasy (1978): every table of the Book of Adventure."""


def _row_data(row: Row) -> dict[str, Any]:
    return {"roll": row.span(), "low": row.low, "high": row.high, "result": row.result, "source": row.source}


def _list(json_out: bool) -> None:
    lines = list(listing())
    if json_out:
        print_json(
            [
                {"name": t.name, "title": t.title, "kind": t.kind, "dice": t.dice, "source": t.source}
                for t in lines
            ]
        )
        return
    grid = RichTable(title="Adventures in Fantasy: the tables of the Book of Adventure")
    for heading in ("name", "title", "dice", "source"):
        grid.add_column(heading)
    for t in lines:
        grid.add_row(t.name, escape(t.title), t.dice, t.source)
    out.print(grid)
    out.print(f"{len(lines)} tables. `grognard aif table NAME` rolls or shows one.", markup=False)


def _chart_data(entry: Chart | Bands) -> dict[str, Any]:
    if isinstance(entry, Chart):
        rows: list[dict[str, Any]] = [
            {"key": r.key, "cells": r.cells, "source": r.source} for r in entry.rows
        ]
        return {
            "table": entry.name,
            "title": entry.heading,
            "kind": "chart",
            "columns": entry.columns,
            "rows": rows,
            "source": entry.source,
            "notes": entry.notes,
        }
    bands = [{"low": b.low, "high": b.high, "result": b.result, "source": b.source} for b in entry.rows]
    return {
        "table": entry.name,
        "title": entry.heading,
        "kind": "bands",
        "score": entry.score,
        "rows": bands,
        "source": entry.source,
        "notes": entry.notes,
    }


def _show_chart(entry: Chart | Bands) -> None:
    grid = RichTable(title=escape(entry.heading), caption=escape(entry.source))
    if isinstance(entry, Chart):
        grid.add_column(escape(entry.key_label))
        for column in entry.columns:
            grid.add_column(escape(column))
        for row in entry.rows:
            grid.add_row(escape(row.key), *(escape(_cell(row.get(c))) for c in entry.columns))
    else:
        fields = list(dict.fromkeys(k for band in entry.rows for k in band.result))
        grid.add_column(escape(entry.score))
        for name in fields:
            grid.add_column(escape(name))
        for band in entry.rows:
            grid.add_row(band.span(), *(escape(_cell(band.result.get(f))) for f in fields))
    out.print(grid)
    if entry.notes:
        out.print(entry.notes, markup=False)


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _show_rollable(table: Table) -> None:
    grid = RichTable(title=escape(f"{table.heading} ({table.dice})"), caption=escape(table.source))
    grid.add_column("roll")
    grid.add_column("result")
    for row in table.rows:
        grid.add_row(row.span(), escape(row.text))
    out.print(grid)


def _result(table: Table, number: int, roll: Roll | None) -> dict[str, Any]:
    row = table.lookup(number)
    return {
        "table": table.name,
        "roll": number,
        "dice": dice_data(roll) if roll else [],
        "row": _row_data(row),
        "source": table.source,
    }


def _print_result(table: Table, data: dict[str, Any], roll: Roll | None) -> None:
    how = roll.render() if roll else f"given roll {data['roll']}"
    row = data["row"]
    text = (
        row["result"]
        if isinstance(row["result"], str)
        else ", ".join(f"{k}: {_cell(v)}" for k, v in row["result"].items())
    )
    out.print(f"{table.heading}: {how}", markup=False)
    out.print(f"  {row['roll']}: {text}  ({row['source']})", markup=False)


def _look_up_bands(entry: Bands, scores: list[int], json_out: bool) -> None:
    """Each given score read in a table of bands (`--roll 47` on the Table of Death reads age 47)."""
    found = [(score, entry.lookup(score)) for score in scores]
    if json_out:
        print_json(
            {
                "table": entry.name,
                "score": entry.score,
                "looked_up": [
                    {"score": score, "band": band.span(), "result": band.result, "source": band.source}
                    for score, band in found
                ],
            }
        )
        return
    for score, band in found:
        said = ", ".join(f"{k.replace('_', ' ')} {_cell(v)}" for k, v in band.result.items())
        out.print(f"{entry.score} {score} ({band.span()}): {said}  ({band.source})", markup=False)


@app.command(
    "table", help=N_("Roll on a table, look up given rolls, or show a chart; --list lists every table.")
)
def table_command(
    name: Annotated[str | None, typer.Argument(help=N_("The table's name (see --list)."))] = None,
    list_: Annotated[bool, typer.Option("--list", help=N_("List every table."))] = False,
    looked_up: Annotated[
        list[int] | None,
        typer.Option("--roll", help=N_("Look up this roll instead of rolling (repeatable).")),
    ] = None,
    rolls: RollsOpt = "",
    seed: SeedOption = None,
    show: Annotated[
        bool, typer.Option("--show", help=N_("Show a rollable table's rows instead of rolling."))
    ] = False,
    json_out: JsonOption = False,
) -> None:
    if list_:
        _list(json_out)
        return
    if name is None:
        raise UsageError("name a table, or use --list to see them")
    entry = get_table(name)
    if isinstance(entry, Bands) and looked_up and not rolls.strip():
        _look_up_bands(entry, looked_up, json_out)
        return
    if not isinstance(entry, Table):
        if looked_up or rolls.strip():
            raise UsageError(
                f"table {entry.name!r} is a {kind(entry)} table: it is read, not rolled; drop --roll/--rolls"
            )
        if json_out:
            print_json(_chart_data(entry))
        else:
            _show_chart(entry)
        return
    if show:
        if json_out:
            print_json(
                {
                    "table": entry.name,
                    "title": entry.heading,
                    "kind": "rollable",
                    "dice": entry.dice,
                    "rows": [_row_data(r) for r in entry.rows],
                    "source": entry.source,
                }
            )
        else:
            _show_rollable(entry)
        return
    results: list[tuple[dict[str, Any], Roll | None]] = []
    if looked_up:
        calculator_dice(0, rolls, looked_up)
        low, high = entry.range
        for number in looked_up:
            if not low <= number <= high:
                raise UsageError(
                    f"roll {number} is outside {entry.dice} ({low}-{high}) for table {entry.name}"
                )
            results.append((_result(entry, number, None), None))
    else:
        chosen = chosen_seed(seed)
        dice = table_dice(chosen, rolls)
        thrown, _row = entry.roll(dice)
        data = _result(entry, thrown.total, thrown)
        data["seed"] = chosen
        data |= given_if_any(dice, rolls)
        results.append((data, thrown))
    if json_out:
        print_json(results[0][0] if len(results) == 1 else [d for d, _ in results])
        return
    for data, thrown_roll in results:
        _print_result(entry, data, thrown_roll)
    if "seed" in results[0][0]:
        seed_line(results[0][0]["seed"])


def _menu_entries() -> list[MenuEntry]:
    from grognard.cli.systems.aif_menu import menu_entries  # it imports the campaign commands, mounted below

    return menu_entries()


def _resume(game_id: str) -> None:
    """Continue a kept campaign from the main menu."""
    from grognard.cli.systems.aif_menu import play_campaign

    play_campaign(game_id)


def _tools() -> list[MenuEntry]:
    return [MenuEntry(_("Adventures in Fantasy: list the tables"), lambda: _list(False))]


def _desk(match: Match, kinds: Sequence[str], width: int) -> Presenter:
    """The referee's desk of a kept campaign."""
    from grognard.cli.systems.board_aif import AifPresenter

    return AifPresenter(match.session.game_id or "")


FRONTEND = register(
    Frontend(
        system="adventures-in-fantasy",
        command="aif",
        app=app,
        aliases=("adventures-in-fantasy",),
        tools=_tools,
        menu=_menu_entries,
        resume=_resume,
        presenters={"campaign": _desk},
    )
)
"""The registered `grognard aif` front end."""


def _mount_extensions() -> None:
    """Mount the command groups kept in their own modules (characters, world, trades, combat)."""
    from grognard.cli.systems.aif_campaign import mount as mount_campaign
    from grognard.cli.systems.aif_character import mount as mount_character
    from grognard.cli.systems.aif_combat import add_combat_commands
    from grognard.cli.systems.aif_education import mount as mount_education
    from grognard.cli.systems.aif_trades import mount as mount_trades
    from grognard.cli.systems.aif_world import mount as mount_world

    mount_character(app)
    mount_world(app)
    mount_education(app)
    mount_campaign(app)
    mount_trades(app)
    add_combat_commands(app)


_mount_extensions()
