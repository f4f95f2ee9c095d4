"""Each system's command-line front end registers here: its sub-command, menu entries and resume hook."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import typer


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


FRONTENDS: dict[str, Frontend] = {}


def register(frontend: Frontend) -> Frontend:
    """Register a system's front end."""
    FRONTENDS[frontend.system] = frontend
    return frontend
