"""Each system's command-line front end registers here: its sub-command, menu entries and resume hook."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import typer

from grognard.cli.systems import MODULES

if TYPE_CHECKING:
    from grognard.cli.play_loop import Presenter
    from grognard.engine.match import Match

PresenterFactory = Callable[["Match", Sequence[str], int], "Presenter"]
"""How a system's front end makes the terminal presenter of one of its games, from the match, who sits at
each seat and the terminal's width."""


@dataclass(frozen=True)
class MenuEntry:
    """One line of the main menu under a system: a label and what to run."""

    label: str
    run: Callable[[], None]


@dataclass(frozen=True)
class Frontend:
    """A system's command line: the Typer app, its names, menu entries, and how to continue a saved game."""

    system: str
    command: str
    app: typer.Typer
    aliases: tuple[str, ...] = ()
    menu: Callable[[], list[MenuEntry]] = field(default=lambda: [])
    resume: Callable[[str], None] | None = None
    tools: Callable[[], list[MenuEntry]] = field(default=lambda: [])
    presenters: Mapping[str, PresenterFactory] = field(default_factory=dict)
    """The presenter of each game that has a board or map of its own, by game id."""


FRONTENDS: dict[str, Frontend] = {}


def register(frontend: Frontend) -> Frontend:
    """Register a system's front end."""
    FRONTENDS[frontend.system] = frontend
    return frontend


def load(system_id: str) -> Frontend | None:
    """A system's front end, importing its module on first use; None for a system without one."""
    if system_id not in FRONTENDS and system_id in MODULES:
        importlib.import_module(MODULES[system_id])
    return FRONTENDS.get(system_id)


def load_all() -> dict[str, Frontend]:
    """Every front end, each module imported (the menu shows them all)."""
    for system_id in MODULES:
        load(system_id)
    return FRONTENDS
