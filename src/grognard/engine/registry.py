"""The registry of rule systems. Systems register themselves; the engine names none of them."""

from __future__ import annotations

from grognard.engine.errors import UsageError
from grognard.engine.game import Game, SystemInfo
from grognard.engine.view import GameViews, plain_views

_SYSTEMS: dict[str, SystemInfo] = {}
_VIEWS: dict[tuple[str, str], GameViews] = {}


def register(system: SystemInfo) -> SystemInfo:
    """Register a system (idempotent for the same id); returns it so modules can keep a handle."""
    _SYSTEMS[system.id] = system
    return system


def systems() -> list[SystemInfo]:
    """Every registered system, in registration order."""
    return list(_SYSTEMS.values())


def get_system(name: str) -> SystemInfo:
    """A system by id, command or alias; a `UsageError` lists the known ones otherwise."""
    for system in _SYSTEMS.values():
        if name in (system.id, system.command, *system.aliases):
            return system
    raise UsageError(f"unknown system {name!r}; known: {sorted(_SYSTEMS) or 'none registered'}")


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
    return views if views is not None else plain_views(game.info.max_players)
