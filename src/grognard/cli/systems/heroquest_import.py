"""`grognard heroquest import FILE.xml -o QUEST.toml` and `grognard heroquest check QUEST`.

The import (`systems.heroquest.importer.heroscribe`) places a HeroScribe file's objects on our standard
board and reports what it placed, the goal and what it read from the notes, and what it could not map;
`--goal` sets the goal (`heroscribe_notes.goal_from_spec`); `-o` writes the quest as TOML
(`quest_toml.quest_toml`), which `play` and `simulate` then take like any quest file. A quest that cannot
be played is refused with what is missing. `play` and `simulate` also take the `.xml` itself:
`imported_quest` imports it, shows the report and keeps the quest in
`$GROGNARD_HOME/heroquest/imported/ID.toml`, the file the saved game names. `check` loads a quest (a
shipped id, a quest file or a HeroScribe file) and refuses it when it is wrong or won before the heroes
act (`goals.met_at_start`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from grognard.cli.console import out, print_json
from grognard.cli.options import JsonOption
from grognard.engine.errors import ContentError, UsageError
from grognard.engine.store.factory import grognard_home
from grognard.i18n import N_
from grognard.i18n import gettext as _
from grognard.systems.heroquest.importer.quest_toml import import_file, quest_toml, report_lines

GOAL_HELP = N_(
    "The goal: kill:MONSTER, find:ITEM[@LETTER or @x,y], rescue:MONSTER or rescue:KIND@WHERE, "
    "reach:WHERE (the room of a note letter or x,y), hold:WHERE (kept free of monsters for a turn), "
    "slay-all, reach-exit, or exit-after:GOAL (the deed, then out by the stairs); kill:A+B, rescue:A+B "
    "and reach:A+B name several, every one to be met. Default: read from the notes, "
    "else every monster slain and the heroes back out by the stairs."
)

START_HELP = N_(
    "Where the heroes start: a note letter on the map or a square x,y (counted from 0); they take the four "
    "free squares nearest it. Default: the door in, the hero figures, the room the notes name, or the stairs."
)


def mount(app: typer.Typer) -> None:
    """Add `import` and `check` to the heroquest command."""
    app.command(
        "import",
        help=N_(
            "Import a HeroScribe quest onto the standard board: what was placed, the goal, what was "
            "not placed."
        ),
    )(import_command)
    app.command(
        "check",
        help=N_("Check a quest: every placement on its board, and a goal the heroes must still work for."),
    )(check_command)


def is_heroscribe(quest: str) -> bool:
    """True when `quest` names a HeroScribe file (by its `.xml` suffix)."""
    return quest.casefold().endswith(".xml")


def imported_quest(
    path: Path, show: Console | None = out, goal: str | None = None, start: str | None = None
) -> str:
    """Import the HeroScribe file, show the report on `show`, and return the path of the saved quest."""
    if not path.is_file():
        raise UsageError(_("no HeroScribe file %(file)r") % {"file": str(path)})
    result = import_file(path, goal, start)
    if show is not None:
        for line in report_lines(result):
            show.print(line, markup=False)
    folder = grognard_home() / "heroquest" / "imported"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{result.file.id}.toml"
    target.write_text(quest_toml(result.file), encoding="utf-8")
    return str(target.resolve())


def import_command(
    file: Annotated[Path, typer.Argument(help=N_("A HeroScribe quest file (.xml)."))],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help=N_("Write the quest here as TOML."))
    ] = None,
    goal: Annotated[str | None, typer.Option("--goal", help=GOAL_HELP)] = None,
    start: Annotated[str | None, typer.Option("--start", help=START_HELP)] = None,
    as_json: JsonOption = False,
) -> None:
    if not file.is_file():
        raise UsageError(_("no HeroScribe file %(file)r") % {"file": str(file)})
    result = import_file(file, goal, start)
    if output is not None:
        output.write_text(quest_toml(result.file), encoding="utf-8")
    if as_json:
        print_json(
            {
                "quest": result.file.id,
                "title": result.file.title,
                "output": None if output is None else str(output),
                "goal": result.file.goal.model_dump(mode="json"),
                "start": [list(s) for s in result.file.start],
                "monsters": len(result.file.monsters),
                "furniture": len(result.file.furniture),
                "doors": len(result.file.doors),
                "traps": len(result.file.traps),
                "guesses": result.guesses,
                "unmapped": [str(u) for u in result.unmapped],
            }
        )
        return
    for line in report_lines(result):
        out.print(line, markup=False)
    if output is not None:
        out.print(_("Written to %(file)s.") % {"file": output}, markup=False)


def check_command(
    quest: Annotated[
        str, typer.Argument(help=N_("A shipped quest id, a quest file (.toml) or a HeroScribe file."))
    ],
    as_json: JsonOption = False,
) -> None:
    from grognard.systems.heroquest.content.quest import load_quest
    from grognard.systems.heroquest.content.quest_setup import quest_source
    from grognard.systems.heroquest.rules.goals import describe, met_at_start

    if is_heroscribe(quest):
        path = Path(quest)
        if not path.is_file():
            raise UsageError(_("no HeroScribe file %(file)r") % {"file": quest})
        loaded = import_file(path).quest()
    else:
        loaded = load_quest(quest_source(quest))
    why = met_at_start(loaded)
    if why is not None:
        raise ContentError(quest, "goal", _("won before the heroes act: %(why)s") % {"why": why})
    goal = describe(loaded.file.goal)
    if as_json:
        print_json({"quest": loaded.id, "ok": True, "goal": goal})
        return
    checked = _("%(title)s (%(id)s): checked; goal: %(goal)s.")
    out.print(checked % {"title": loaded.file.title, "id": loaded.id, "goal": goal}, markup=False)
