"""`grognard heroquest import FILE.xml -o QUEST.toml`: a HeroScribe quest file as a grognard quest.

The import (`systems.heroquest.heroscribe`) places the file's objects on our standard board and reports
what it placed and what it could not map; `-o` writes the quest as TOML (`quest_toml.quest_toml`), which
`play` and `simulate` then take like any quest file. `play` and `simulate` also take the `.xml` itself:
`imported_quest` imports it, shows the report and keeps the quest in
`$GROGNARD_HOME/heroquest/imported/ID.toml`, the file the saved game names.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from grognard.cli.console import out, print_json
from grognard.engine.errors import UsageError
from grognard.engine.store import grognard_home
from grognard.systems.heroquest.quest_toml import import_file, quest_toml, report_lines


def mount(app: typer.Typer) -> None:
    """Add `import` to the heroquest command."""
    app.command("import")(import_command)


def is_heroscribe(quest: str) -> bool:
    """True when `quest` names a HeroScribe file (by its `.xml` suffix)."""
    return quest.casefold().endswith(".xml")


def imported_quest(path: Path, show: Console | None = out) -> str:
    """Import the HeroScribe file, show the report on `show`, and return the path of the saved quest."""
    if not path.is_file():
        raise UsageError(f"no HeroScribe file {str(path)!r}")
    result = import_file(path)
    if show is not None:
        for line in report_lines(result):
            show.print(line, markup=False)
    folder = grognard_home() / "heroquest" / "imported"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{result.file.id}.toml"
    target.write_text(quest_toml(result.file), encoding="utf-8")
    return str(target.resolve())


def import_command(
    file: Annotated[Path, typer.Argument(help="A HeroScribe quest file (.xml).")],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the quest here as TOML.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Import a HeroScribe quest onto the standard board: what was placed, and what could not be mapped."""
    if not file.is_file():
        raise UsageError(f"no HeroScribe file {str(file)!r}")
    result = import_file(file)
    if output is not None:
        output.write_text(quest_toml(result.file), encoding="utf-8")
    if as_json:
        print_json(
            {
                "quest": result.file.id,
                "title": result.file.title,
                "output": None if output is None else str(output),
                "monsters": len(result.file.monsters),
                "furniture": len(result.file.furniture),
                "doors": len(result.file.doors),
                "traps": len(result.file.traps),
                "unmapped": [str(u) for u in result.unmapped],
            }
        )
        return
    for line in report_lines(result):
        out.print(line, markup=False)
    if output is not None:
        out.print(f"Written to {output}; play it with: grognard heroquest play {output}", markup=False)
