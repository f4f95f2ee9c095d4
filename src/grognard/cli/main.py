"""The `grognard` command: the menu, the tools, and every system's sub-command."""

from __future__ import annotations

import os
import sys
from typing import NoReturn

import click
import typer

from grognard import __version__
from grognard.cli import frontends
from grognard.cli.console import InputEnded, err
from grognard.engine.errors import GrognardError

app = typer.Typer(
    name="grognard",
    help="Plays classic adventure-game rule systems, with exact odds for every risky choice.",
    add_completion=False,
    no_args_is_help=False,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"grognard {__version__}")
        raise typer.Exit()


@app.callback(invoke_without_command=True)
def main(
    ctx: typer.Context,
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version."
    ),
) -> None:
    """With no command, open the menu."""
    if ctx.invoked_subcommand is None:
        from grognard.cli.menu import main_menu

        main_menu()


def _build() -> typer.Typer:
    import grognard.cli.aif
    import grognard.cli.ff
    import grognard.cli.grey_star
    import grognard.cli.heroquest
    import grognard.cli.talisman
    import grognard.systems  # noqa: F401  (registers every system and its front end)
    from grognard.cli import games, roll, systems_cmd

    app.command("systems")(systems_cmd.systems)
    app.command("roll")(roll.roll)
    app.add_typer(games.app, name="games")
    for fe in frontends.FRONTENDS.values():
        app.add_typer(fe.app, name=fe.command)
        for alias in fe.aliases:
            app.add_typer(fe.app, name=alias, hidden=True)
    return app


INTERNAL_ERROR = 70
"""The exit status of a bug in grognard (EX_SOFTWARE); user errors exit with 2."""


def _fail(message: str) -> NoReturn:
    err.print(f"grognard: error: {message}", markup=False, soft_wrap=True)
    sys.exit(2)


def run(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI; a user error prints one line on stderr and exits with status 2."""
    command = typer.main.get_command(_build())
    try:
        code = command.main(args=argv, prog_name="grognard", standalone_mode=False)
    except click.exceptions.NoSuchOption as e:
        _fail(e.format_message())
    except click.exceptions.UsageError as e:
        _fail(e.format_message())
    except click.exceptions.Abort:
        _fail("aborted")
    except InputEnded:
        err.print("grognard: standard input ended; anything played so far is saved.")
        sys.exit(0)
    except (GrognardError, ValueError, OSError) as e:
        _fail(str(e))
    except KeyboardInterrupt:
        _fail("interrupted")
    except Exception as e:  # a bug: one line (the game is saved after every move), traceback on demand
        if os.environ.get("GROGNARD_TRACEBACK"):
            raise
        err.print(
            f"grognard: internal error: {type(e).__name__}: {e} (a bug in grognard; please report it "
            "with the command; GROGNARD_TRACEBACK=1 shows the traceback)",
            markup=False,
            soft_wrap=True,
        )
        sys.exit(INTERNAL_ERROR)
    sys.exit(code if isinstance(code, int) else 0)
