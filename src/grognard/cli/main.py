"""The `grognard` command: the menu, the tools, and every system's sub-command.

A sub-command's module is imported only when it runs, and the systems are declared (`grognard.systems`:
their facts, no system loaded) only for what uses them, so `grognard roll` imports no more than rolling
needs (the fast start of `docs/performance.md`).
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import NoReturn

import click
import typer
from typer.core import TyperGroup

from grognard import __version__, i18n
from grognard.cli.console import InputEnded, err
from grognard.engine.errors import GrognardError, UsageError


@dataclass(frozen=True)
class _Lazy:
    """A sub-command known by name and help before its module is imported."""

    help: str
    load: Callable[[], click.Command]
    hidden: bool = False
    systems: bool = True
    """Whether the command uses the registry of systems (declared before it is loaded)."""


def _declare_systems() -> None:
    """Declare every system by its facts (loading none) and import `GROGNARD_PLUGINS`, once."""
    import grognard.systems  # noqa: F401


def _function_command(module: str, name: str) -> Callable[[], click.Command]:
    def load() -> click.Command:
        sub = typer.Typer(add_completion=False, pretty_exceptions_enable=False)
        sub.command(name)(getattr(importlib.import_module(module), name))
        return typer.main.get_command(sub)

    return load


def _app_command(module: str) -> Callable[[], click.Command]:
    return lambda: typer.main.get_command(importlib.import_module(module).app)


def _frontend_command(system_id: str) -> Callable[[], click.Command]:
    def load() -> click.Command:
        from grognard.cli import frontends

        frontend = frontends.load(system_id)
        if frontend is None:
            raise UsageError(f"the system {system_id!r} has no command line")
        return typer.main.get_command(frontend.app)

    return load


_TOOLS = {
    "systems": _Lazy(
        "List the registered rule systems: id, name, rulebook file and what is playable.",
        _function_command("grognard.cli.systems_cmd", "systems"),
    ),
    "roll": _Lazy(
        "Roll dice from notation (3d6+2, 4d6kh3, lw, pct, 3hq) and show every die.",
        _function_command("grognard.cli.roll", "roll"),
        systems=False,
    ),
    "games": _Lazy(
        "Saved games: list, show, undo, export, import, delete.", _app_command("grognard.cli.games")
    ),
    "serve": _Lazy(
        "Serve grognard in the browser: tables with seats, gamebooks, the referee's desk and the tools.",
        _function_command("grognard.cli.serve", "serve"),
    ),
}
"""The tools: the top-level sub-commands that are not a system's."""


def _commands() -> dict[str, _Lazy]:
    """Every top-level sub-command: the tools, then each system's command and (hidden) aliases."""
    from grognard.cli import frontends, systems
    from grognard.engine import registry

    _declare_systems()
    commands = dict(_TOOLS)
    for facts in registry.facts():
        if facts.id not in frontends.FRONTENDS and facts.id not in systems.MODULES:
            continue
        load = _frontend_command(facts.id)
        commands[facts.command] = _Lazy(facts.summary, load)
        for alias in facts.aliases:
            commands.setdefault(alias, _Lazy(facts.summary, load, hidden=True))
    return commands


class _LazyGroup(TyperGroup):
    """The `grognard` command: a sub-command's module is imported only when that sub-command runs.

    Listing the commands (`--help`) shows each one's help from `_commands` without importing it.
    """

    listing = False

    def _lazy(self) -> dict[str, _Lazy]:
        if not hasattr(self, "_lazy_commands"):
            self._lazy_commands = _commands()
        return self._lazy_commands

    def list_commands(self, ctx: click.Context) -> list[str]:
        """The commands in the order of `_commands`."""
        return [*super().list_commands(ctx), *(n for n in self._lazy() if n not in self.commands)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command, imported now unless only its help is being listed."""
        command = super().get_command(ctx, cmd_name)
        entry = _TOOLS.get(cmd_name) or self._lazy().get(cmd_name)
        if command is not None or entry is None:
            return command
        if self.listing:
            return click.Command(cmd_name, help=entry.help, hidden=entry.hidden)
        if entry.systems:
            _declare_systems()
        command = entry.load()
        command.hidden = entry.hidden
        self.add_command(command, cmd_name)
        return command

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The help page, listing sub-commands without importing them."""
        self.listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self.listing = False


app = typer.Typer(
    name="grognard",
    help="Plays classic adventure-game rule systems, with exact odds for every risky choice.",
    cls=_LazyGroup,
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
    lang: str = typer.Option(
        "",
        "--lang",
        help="The language grognard speaks: en or es (default: $GROGNARD_LANG, else English).",
        show_default=False,
    ),
) -> None:
    """With no command, open the menu."""
    i18n.use(i18n.language_named(lang) if lang else i18n.from_environment())
    if ctx.invoked_subcommand is None:
        from grognard.cli.menu import main_menu

        _declare_systems()
        main_menu()


def _build() -> typer.Typer:
    """The `grognard` app (a seam for the tests)."""
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
