"""The registry of rule systems. Systems declare their facts and register themselves; the engine names none.

A system is declared (its `SystemFacts`, cheap) before it is loaded: `facts()` lists every system without
importing one, and `get_system` imports a declared system's registering module (`SystemFacts.module`) the
first time it is asked for, so a command that does not use a system never imports it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from grognard.engine.errors import UsageError
from grognard.engine.game import Game, SystemFacts, SystemInfo
from grognard.i18n import gettext as _

if TYPE_CHECKING:
    from grognard.engine.view import GameViews

_SYSTEMS: dict[str, SystemInfo] = {}
_DECLARED: dict[str, SystemFacts] = {}
_VIEWS: dict[tuple[str, str], GameViews] = {}


def declare(facts: SystemFacts) -> SystemFacts:
    """Declare a system by its facts; its `module` is imported when the system is first used."""
    _DECLARED[facts.id] = facts
    return facts


def declared(system_id: str) -> SystemFacts:
    """The declared facts of one system (for its registering module to build its `SystemInfo` from)."""
    return _DECLARED[system_id]


def register(system: SystemInfo) -> SystemInfo:
    """Register a loaded system (idempotent for the same id); returns it so modules can keep a handle."""
    _SYSTEMS[system.id] = system
    return system


def facts() -> list[SystemFacts]:
    """Every known system's facts, declared or registered, in order; loads nothing."""
    known = dict(_DECLARED)
    for system_id, system in _SYSTEMS.items():
        known.setdefault(system_id, system.facts())
    return list(known.values())


def _load(facts: SystemFacts) -> SystemInfo:
    if facts.id not in _SYSTEMS:
        importlib.import_module(facts.module)
    if facts.id not in _SYSTEMS:
        raise RuntimeError(f"importing {facts.module} did not register the system {facts.id!r}")
    return _SYSTEMS[facts.id]


def systems() -> list[SystemInfo]:
    """Every system, loaded, in declaration order then registration order."""
    return [_load(f) for f in facts()]


def get_system(name: str) -> SystemInfo:
    """A system by id, command or alias, loaded on first use; a `UsageError` lists the known ones."""
    for f in facts():
        if name in (f.id, f.command, *f.aliases):
            return _load(f)
    raise UsageError(
        _("unknown system {name!r}; known: {value}").format(
            name=name, value=sorted(f.id for f in facts()) or "none registered"
        )
    )


def get_game(system_id: str, game_id: str) -> Game:
    """One game of one system."""
    return get_system(system_id).game(game_id)


def register_views(system_id: str, game_id: str, views: GameViews) -> GameViews:
    """Register how one game of a system is shown to a seat and played by its bots (idempotent)."""
    _VIEWS[(system_id, game_id)] = views
    return views


def get_views(system_name: str, game_id: str) -> GameViews:
    """The registered views of a game (system by id, command or alias); a game whose system registered
    none gets the plain view (its description, its actions by id)."""
    system = get_system(system_name)
    game = system.game(game_id)
    views = _VIEWS.get((system.id, game_id))
    if views is not None:
        return views
    from grognard.engine.view import plain_views  # inner import: the light commands never load pydantic

    return plain_views(game.info.max_players)
