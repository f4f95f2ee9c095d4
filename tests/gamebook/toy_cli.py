"""The toy gamebook system registered with a command-line front end (`grognard toy-gb ...`).

Loaded by the CLI tests, and by `grognard` itself when GROGNARD_PLUGINS names this module.
"""

from __future__ import annotations

import typer

from grognard.cli.frontends import Frontend, register
from grognard.cli.gamebook import add_gamebook_commands
from grognard.engine import registry
from grognard.engine.game import SystemInfo
from grognard.gamebook.runner import GamebookGame
from tests.gamebook.toy import TOY_RULES

SYSTEM = registry.register(
    SystemInfo(
        id="toy-gb",
        name="Toy gamebook",
        rulebook="(none)",
        command="toy-gb",
        playable=("gamebook",),
        games=(GamebookGame(TOY_RULES),),
    )
)

app = typer.Typer(help="The toy gamebook system.", no_args_is_help=True)
add_gamebook_commands(app, TOY_RULES, "toy-gb", "toy-gb")
FRONTEND = register(Frontend(system="toy-gb", command="toy-gb", app=app))
