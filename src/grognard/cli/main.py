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
from grognard.cli.console import InputEnded, err, said_help
from grognard.engine.errors import GrognardError, UsageError
from grognard.i18n import N_
from grognard.i18n import gettext as _


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
        found = importlib.import_module(module)
        sub.command(name, help=getattr(found, "HELP", None))(getattr(found, name))
        return typer.main.get_command(sub)

    return load


def _app_command(module: str) -> Callable[[], click.Command]:
    return lambda: typer.main.get_command(importlib.import_module(module).app)


def _frontend_command(system_id: str) -> Callable[[], click.Command]:
    def load() -> click.Command:
        from grognard.cli import frontends

        frontend = frontends.load(system_id)
        if frontend is None:
            raise UsageError(_("the system %(system)s has no command line") % {"system": repr(system_id)})
        return typer.main.get_command(frontend.app)

    return load


_TOOLS = {
    "systems": _Lazy(
        N_("List the registered rule systems: id, name, rulebook file and what is playable."),
        _function_command("grognard.cli.systems_cmd", "systems"),
    ),
    "roll": _Lazy(
        N_("Roll dice from notation (3d6+2, 4d6kh3, lw, pct, 3hq) and show every die."),
        _function_command("grognard.cli.roll", "roll"),
        systems=False,
    ),
    "games": _Lazy(
        N_("Saved games: list, show, undo, export, import, delete."), _app_command("grognard.cli.games")
    ),
    "serve": _Lazy(
        N_("Serve grognard in the browser: tables with seats, gamebooks, the referee's desk and the tools."),
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
            return click.Command(cmd_name, help=_(entry.help), hidden=entry.hidden)
        if entry.systems:
            _declare_systems()
        command = entry.load()
        command.hidden = entry.hidden
        spoken(command)
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
    help=N_("Plays classic adventure-game rule systems, with exact odds for every risky choice."),
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
        False, "--version", callback=_version, is_eager=True, help=N_("Show the version.")
    ),
    lang: str = typer.Option(
        "",
        "--lang",
        help=N_("The language grognard speaks: en or es (default: $GROGNARD_LANG, else English)."),
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


SUMMARIES = (
    N_("The 1978 role-playing game: its tables and procedures, and a kept campaign."),
    N_("Gamebooks: SKILL, STAMINA and LUCK; fights with exact odds and Luck advice."),
    N_("Gamebooks with the Action Chart, WILLPOWER spent through the Wizard's Staff, exact odds."),
    N_("The fan-revised HeroQuest rules: every race, class, skill, item, spell and monster as data."),
    N_("The board game of the Crown of Command: 2-6 players, bots, exact combat odds."),
)
"""The systems' one-line summaries (`grognard.systems`, which marks no words), marked here so that
`grognard --help` lists them in the reader's language; a test checks they are the systems' own."""
CLICK_WORDS = (
    N_("Usage:"),
    N_("Options"),
    N_("Arguments"),
    N_("Commands"),
    N_("Positional arguments"),
    N_("Error"),
    N_("Error: {message}"),
    N_("Aborted."),
    N_("Aborted!"),
    N_("[required]"),
    N_("[default: {}]"),
    N_("default: {default}"),
    N_("[env var: {}]"),
    N_("(deprecated) "),
    N_("Show this message and exit."),
    N_("Try '{command} {option}' for help."),
    N_("Try [blue]'{command_path} {help_option}'[/] for help."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Missing command."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("Option {name!r} does not take a value."),
    N_("{name} {filename!r} does not exist."),
    N_("Install completion for the current shell."),
    N_("Show completion for the current shell, to copy it or customize the installation."),
    N_("[OPTIONS]"),
    N_("COMMAND [ARGS]..."),
    N_("[COMMAND] [ARGS]..."),
)
"""The words of click and typer that a reader of `--help` and of a usage error reads. Both say them
through `from gettext import gettext as _` (Python's own gettext, the default domain, for which grognard
installs no `.mo` file): `_speak_click` points those modules' `_` at grognard's catalogue and sets
typer's help panels' titles again (typer words them once, when imported). Formatting the help
ourselves would mean copying typer's whole rich layout; pointing their `_` at our catalogue keeps
their layout and costs a few lines, and in English it returns their words unchanged."""
TYPER_WORDS = {
    "DEPRECATED_STRING": N_("(deprecated) "),
    "DEFAULT_STRING": N_("[default: {}]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
}
"""The words `typer.rich_utils` keeps as module constants (worded once, when it is imported), by name."""
CLICK_COUNTS = (
    lambda n: i18n.ngettext(
        "Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", n
    ),
    lambda n: i18n.ngettext(
        "Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", n
    ),
    lambda n: i18n.ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", n),
)
"""Click's words said with a count (`ngettext`), marked here for the catalogue (never called)."""
TYPE_NAMES = {
    "TEXT": N_("TEXT"),
    "INTEGER": N_("INTEGER"),
    "FLOAT": N_("FLOAT"),
    "PATH": N_("PATH"),
    "FILE": N_("FILE"),
    "FILENAME": N_("FILENAME"),
    "BOOLEAN": N_("BOOLEAN"),
}
"""The kinds of value an option takes, as the help names them (`--seed INTEGER`)."""


def _language_asked(argv: list[str]) -> str:
    """The language of `--lang` before the sub-command (also for `grognard --lang es --help`, which
    click answers before the main callback runs), else the environment's."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return i18n.language_named(argv[i + 1])
        if arg.startswith("--lang="):
            return i18n.language_named(arg.removeprefix("--lang="))
        if not arg.startswith("-"):
            break
    return i18n.from_environment()


def _said(message: str) -> str:
    return _(message)


def _said_n(singular: str, plural: str, n: int) -> str:
    return i18n.ngettext(singular, plural, n)


def _speak_click() -> None:
    """Make click's and typer's own words (`CLICK_WORDS`) the reader's language."""
    if i18n.current() == i18n.SOURCE:
        return
    # inner import: typer's rich help is loaded only to be told the language, not at every start
    import click.core
    import click.decorators
    import click.exceptions
    import click.formatting
    import click.parser
    import click.types
    import typer.core
    import typer.rich_utils as rich

    for module in (
        click.core,
        click.decorators,
        click.exceptions,
        click.formatting,
        click.parser,
        click.types,
        typer.core,
        rich,
    ):
        if hasattr(module, "_"):
            module._ = _said  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = _said_n  # type: ignore[attr-defined]
    for name, english in TYPER_WORDS.items():
        setattr(rich, name, _(english))
    highlights = rich.OptionHighlighter.highlights  # the usage line's style, on its word in this language
    rich.OptionHighlighter.highlights = [h.replace("Usage: ", _("Usage:") + " ") for h in highlights]


def spoken(command: click.Command) -> click.Command:
    """`command` and its sub-commands with their help in the reader's language: each help text marked
    with `N_` where it is written (a command's `help=`, an option's `help=`) is said by the catalogue."""
    if i18n.current() == i18n.SOURCE:
        return command
    if command.help:
        command.help = said_help(command.help)
    if command.short_help:
        command.short_help = said_help(command.short_help)
    command.options_metavar = _(command.options_metavar or "[OPTIONS]")
    if isinstance(command, click.Group):
        command.subcommand_metavar = _(command.subcommand_metavar or "COMMAND [ARGS]...")
        for sub in command.commands.values():
            spoken(sub)
    for param in command.params:
        text = getattr(param, "help", None)  # an option's, or a typer argument's
        if text:
            param.help = said_help(text)
        if isinstance(param, click.Option) and param.metavar is None and not param.is_flag:
            kind = param.type.name.upper()
            if kind in TYPE_NAMES:
                param.metavar = _(TYPE_NAMES[kind])
    return command


INTERNAL_ERROR = 70
"""The exit status of a bug in grognard (EX_SOFTWARE); user errors exit with 2."""


def _fail(message: str) -> NoReturn:
    err.print(f"grognard: error: {message}", markup=False, soft_wrap=True)
    sys.exit(2)


def run(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI; a user error prints one line on stderr and exits with status 2."""
    try:
        i18n.use(_language_asked(sys.argv[1:] if argv is None else argv))
        _speak_click()
        command = spoken(typer.main.get_command(_build()))
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
