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
from grognard.engine.content import Row, Scalar, Table
from grognard.engine.dice.core import Roll
from grognard.engine.errors import UsageError
from grognard.i18n import N_, NP_, number, pgettext
from grognard.i18n import gettext as _
from grognard.systems.adventures_in_fantasy.charts import Band, Bands, Chart
from grognard.systems.adventures_in_fantasy.reference import cost_said
from grognard.systems.adventures_in_fantasy.tables import get_table, kind, listing
from grognard.systems.adventures_in_fantasy.words import any_word, roll_told, word

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


FIELDS = (
    NP_("aif table", "age"),
    NP_("aif table", "aging"),
    NP_("aif table", "applies to"),
    NP_("aif table", "apprenticeship"),
    NP_("aif table", "armour"),
    NP_("aif table", "attacker"),
    NP_("aif table", "availability"),
    NP_("aif table", "average 41-60"),
    NP_("aif table", "bird"),
    NP_("aif table", "boats chance"),
    NP_("aif table", "castle"),
    NP_("aif table", "chance"),
    NP_("aif table", "chaos"),
    NP_("aif table", "class"),
    NP_("aif table", "complexity"),
    NP_("aif table", "condition"),
    NP_("aif table", "cost"),
    NP_("aif table", "cost factor"),
    NP_("aif table", "cost gp"),
    NP_("aif table", "course"),
    NP_("aif table", "craft"),
    NP_("aif table", "creature"),
    NP_("aif table", "creatures"),
    NP_("aif table", "curtain wall ft"),
    NP_("aif table", "damage"),
    NP_("aif table", "damage factor"),
    NP_("aif table", "day"),
    NP_("aif table", "days"),
    NP_("aif table", "death chance"),
    NP_("aif table", "deployment"),
    NP_("aif table", "dexterity"),
    NP_("aif table", "dice"),
    NP_("aif table", "effect"),
    NP_("aif table", "encounter"),
    NP_("aif table", "factor"),
    NP_("aif table", "foot share"),
    NP_("aif table", "force"),
    NP_("aif table", "gatehouses"),
    NP_("aif table", "guards"),
    NP_("aif table", "highest level"),
    NP_("aif table", "horse or mule"),
    NP_("aif table", "human"),
    NP_("aif table", "in stock chance"),
    NP_("aif table", "income gp"),
    NP_("aif table", "item"),
    NP_("aif table", "julian"),
    NP_("aif table", "keep"),
    NP_("aif table", "law"),
    NP_("aif table", "lion"),
    NP_("aif table", "long"),
    NP_("aif table", "medium"),
    NP_("aif table", "modifier"),
    NP_("aif table", "month"),
    NP_("aif table", "months"),
    NP_("aif table", "multiplier"),
    NP_("aif table", "name"),
    NP_("aif table", "neutral"),
    NP_("aif table", "never in"),
    NP_("aif table", "note"),
    NP_("aif table", "number"),
    NP_("aif table", "per boat"),
    NP_("aif table", "pierces plate at medium"),
    NP_("aif table", "place"),
    NP_("aif table", "position"),
    NP_("aif table", "rank"),
    NP_("aif table", "rations"),
    NP_("aif table", "reconstructed"),
    NP_("aif table", "remarks"),
    NP_("aif table", "reptile"),
    NP_("aif table", "requisites"),
    NP_("aif table", "retry"),
    NP_("aif table", "scaled"),
    NP_("aif table", "searchers"),
    NP_("aif table", "season"),
    NP_("aif table", "short"),
    NP_("aif table", "snake"),
    NP_("aif table", "social levels"),
    NP_("aif table", "status bonus"),
    NP_("aif table", "strength"),
    NP_("aif table", "strong 61-80"),
    NP_("aif table", "super strong 101+"),
    NP_("aif table", "supplier"),
    NP_("aif table", "target"),
    NP_("aif table", "then"),
    NP_("aif table", "time"),
    NP_("aif table", "time factor"),
    NP_("aif table", "towers"),
    NP_("aif table", "type"),
    NP_("aif table", "value"),
    NP_("aif table", "very long"),
    NP_("aif table", "very strong 81-100"),
    NP_("aif table", "very weak 1-20"),
    NP_("aif table", "weak 21-40"),
    NP_("aif table", "wealth multiplier"),
    NP_("aif table", "weapon"),
    NP_("aif table", "week"),
    NP_("aif table", "weeks"),
    NP_("aif table", "weight carried"),
    NP_("aif table", "weight lb"),
    NP_("aif table", "work"),
    NP_("aif table", "year"),
)
"""The names of the book's tables' columns and of a row's facts (their keys, spaces for underscores)."""


KINDS = (N_("rollable"), N_("chart"), N_("bands"))
"""The kinds of a table (`tables.kind`), said in a refusal."""


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
    grid = RichTable(title=_("Adventures in Fantasy: the tables of the Book of Adventure"))
    for heading in (_("name"), _("title"), _("dice"), _("source")):
        grid.add_column(heading)
    for t in lines:
        grid.add_row(t.name, escape(_(t.title)), escape(_dice(t.dice)), t.source)
    out.print(grid)
    out.print(
        _("%(count)s tables. `grognard aif table NAME` rolls or shows one.") % {"count": number(len(lines))},
        markup=False,
    )


def _dice(dice: str) -> str:
    """A table's dice as the list shows them, in the reader's language: "by age" is read by a score."""
    if dice.startswith("by "):
        return _("by %(score)s") % {"score": _field(dice.removeprefix("by "))}
    return dice


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
    grid = RichTable(title=escape(_(entry.heading)), caption=escape(entry.source))
    if isinstance(entry, Chart):
        grid.add_column(escape(_field(entry.key_label)))
        for column in entry.columns:
            grid.add_column(escape(_field(column)))
        for row in entry.rows:
            grid.add_row(escape(_(row.key)), *(escape(_chart_cell(c, row.get(c))) for c in entry.columns))
    else:
        fields = list(dict.fromkeys(k for band in entry.rows for k in band.result))
        grid.add_column(escape(_field(entry.score)))
        for name in fields:
            grid.add_column(escape(_field(name)))
        for band in entry.rows:
            grid.add_row(_span(band), *(escape(_cell(band.result.get(f))) for f in fields))
    out.print(grid)
    if entry.notes:
        out.print(_(entry.notes), markup=False)


def _cell(value: object) -> str:
    """A cell of the book's tables in the reader's language: yes or no, a number, a word or a row's text
    (`gettext`: the rules data's names are the catalogue's under their English text)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return word("aif", "yes") if value else word("aif", "no")
    if isinstance(value, str):
        said = any_word(value)
        return said if said != value else _(value) if value else value
    return str(value)


def _chart_cell(column: str, value: Scalar | None) -> str:
    """A chart's cell in the reader's language: a price of the general supplies as the Reference says it
    ("5 CP", "free"), any other as `_cell` says it."""
    return cost_said(value) if column == "cost" and value is not None and value != "" else _cell(value)


def _span(band: Band) -> str:
    """A band as the book prints it ("17-25", "61 and up"), in the reader's language."""
    if band.high is None:
        return _("%(low)s and up") % {"low": band.low}
    return band.span()


def _field(name: str) -> str:
    """A field of a row's result (its key, "income_gp"), spaces for underscores, in the reader's language."""
    return pgettext("aif table", name.replace("_", " "))


def _show_rollable(table: Table) -> None:
    grid = RichTable(title=escape(f"{_(table.heading)} ({table.dice})"), caption=escape(table.source))
    grid.add_column(_("roll"))
    grid.add_column(_("result"))
    for row in table.rows:
        grid.add_row(row.span(), escape(_(row.text)))
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
    how = roll_told(roll) if roll else _("given roll %(roll)s") % {"roll": data["roll"]}
    row = data["row"]
    text = (
        _cell(row["result"])
        if isinstance(row["result"], str)
        else ", ".join(f"{_field(k)}: {_cell(v)}" for k, v in row["result"].items())
    )
    out.print(f"{_(table.heading)}: {how}", markup=False)
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
        said = ", ".join(f"{_field(k)} {_cell(v)}" for k, v in band.result.items())
        out.print(f"{_field(entry.score)} {score} ({_span(band)}): {said}  ({band.source})", markup=False)


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
        raise UsageError(_("name a table, or use --list to see them"))
    entry = get_table(name)
    if isinstance(entry, Bands) and looked_up and not rolls.strip():
        _look_up_bands(entry, looked_up, json_out)
        return
    if not isinstance(entry, Table):
        if looked_up or rolls.strip():
            raise UsageError(
                _("table %(table)r is a %(kind)s table: it is read, not rolled; drop --roll/--rolls")
                % {"table": entry.name, "kind": _(kind(entry))}
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
        for given in looked_up:
            if not low <= given <= high:
                raise UsageError(
                    _("roll %(roll)s is outside %(dice)s (%(low)s-%(high)s) for table %(table)s")
                    % {"roll": given, "dice": entry.dice, "low": low, "high": high, "table": entry.name}
                )
            results.append((_result(entry, given, None), None))
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


def _melee_tool() -> None:
    """A melee's exact odds from the menu: two ready-made fighters and a place picked by number (any
    other fighter is written at `grognard aif fight --a ... --b ...`)."""
    from grognard.cli.console import choose
    from grognard.cli.systems.aif_combat import fight_command
    from grognard.systems.adventures_in_fantasy.fighters import READY_FIGHTERS
    from grognard.systems.adventures_in_fantasy.melee import MeleeGame

    fighters = [f"{_(f.name)}: {_(f.blurb)}" for f in READY_FIGHTERS]
    first = READY_FIGHTERS[fighters.index(choose(fighters, _("First fighter")))]
    second = READY_FIGHTERS[fighters.index(choose(fighters, _("Second fighter")))]
    place = next(o for o in MeleeGame.info.options if o.name == "place")
    said = [_(words) for _value, words in place.choice_words()]
    picked = said.index(choose(said, _(place.title)))
    fight_command(first.text, second.text, place=str(place.choices[picked]))


def _tools() -> list[MenuEntry]:
    return [
        MenuEntry(_("Adventures in Fantasy: list the tables"), lambda: _list(False)),
        MenuEntry(_("Adventures in Fantasy: a melee's odds"), _melee_tool),
    ]


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
