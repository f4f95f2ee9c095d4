"""The main menu shown by `grognard` alone: the systems, saved games to continue, and the tools."""

from __future__ import annotations

from collections.abc import Callable

from grognard import __version__
from grognard.cli import frontends
from grognard.cli.console import choose, out, read_line
from grognard.engine import registry
from grognard.engine.errors import GrognardError
from grognard.i18n import gettext, number
from grognard.i18n import gettext as _


def _roll_tool() -> None:
    from grognard.cli.roll import roll

    expression = read_line(_("Dice expression (e.g. 3d6+2, 4d6kh3, lw, pct, 3hq): "))
    if expression:
        roll(expression, seed=None, json_out=False, table="uniform")


def _systems_tool() -> None:
    from grognard.cli.systems_cmd import systems

    systems(json_out=False)


def _continue_menu() -> None:
    from grognard.engine.store.factory import open_store

    store = open_store()
    known = frontends.load_all()
    games = [g for g in store.summaries() if g.system in known]
    if not games:
        out.print(_("No saved games yet."))
        return
    labels = [
        _("#%(id)s %(system)s — %(title)s (%(status)s, %(moves)s moves)")
        % {
            "id": g.id,
            "system": gettext(registry.get_system(g.system).name),
            "title": g.title,
            "status": _("in play") if g.status == "in play" else _("over"),
            "moves": number(g.moves),
        }
        for g in games
    ]
    back = _("Back")
    picked = choose([*labels, back], _("Continue which game"))
    if picked == back:
        return
    summary = games[labels.index(picked)]
    resume = frontends.FRONTENDS[summary.system].resume
    if resume is None:
        out.print(
            _("%(system)s games cannot be continued from the menu yet; see `grognard games`.")
            % {"system": gettext(registry.get_system(summary.system).name)}
        )
        return
    resume(summary.id)


def _tools_menu() -> None:
    entries: dict[str, Callable[[], None]] = {
        _("Roll dice"): _roll_tool,
        _("List the rule systems"): _systems_tool,
    }
    for fe in frontends.load_all().values():
        for entry in fe.tools():
            entries[entry.label] = entry.run
    back = _("Back")
    picked = choose([*entries, back], _("Tool"))
    if picked != back:
        entries[picked]()


def main_menu() -> None:
    """Show the menu until the user quits: new games per system, continue a saved game, tools."""
    out.print(f"[bold]grognard {__version__}[/bold] — " + _("classic adventure games, with exact odds"))
    while True:
        entries: dict[str, Callable[[], None]] = {}
        for system in registry.systems():
            fe = frontends.load(system.id)
            if fe is None:
                continue
            for entry in fe.menu():
                entries[f"{system.name}: {entry.label}"] = entry.run
        entries[_("Continue a saved game")] = _continue_menu
        entries[_("Tools")] = _tools_menu
        out.print()
        quit_ = _("Quit")
        picked = choose([*entries, quit_], _("Menu"), extra=("q",))
        if picked in (quit_, "q"):
            return
        try:
            entries[picked]()
        except GrognardError as e:
            out.print(f"[red]{e}[/red]")
