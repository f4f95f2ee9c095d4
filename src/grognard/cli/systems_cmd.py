"""`grognard systems`: the registered rule systems."""

from __future__ import annotations

from rich.table import Table

from grognard.cli.console import out, print_json
from grognard.cli.options import JsonOption
from grognard.engine import registry


def systems(json_out: JsonOption = False) -> None:
    """List the registered rule systems: id, name, rulebook file and what is playable."""
    rows = [
        {
            "id": s.id,
            "name": s.name,
            "command": s.command,
            "aliases": list(s.aliases),
            "rules": s.rules,
            "rulebook": s.rulebook,
            "playable": list(s.playable),
            "games": list(s.games),
        }
        for s in registry.facts()
    ]
    if json_out:
        print_json(rows)
        return
    if not rows:
        out.print("No rule systems are registered yet.")
        return
    table = Table(title="Rule systems")
    table.add_column("id", no_wrap=True)
    table.add_column("name")
    table.add_column("command", no_wrap=True)
    table.add_column("rulebook", overflow="fold")
    table.add_column("playable")
    for r in rows:
        cmd = min([str(r["command"]), *r["aliases"]], key=len)  # the shortest name; --json has them all
        table.add_row(str(r["id"]), str(r["name"]), cmd, str(r["rulebook"]), ", ".join(r["playable"]))
    out.print(table)
