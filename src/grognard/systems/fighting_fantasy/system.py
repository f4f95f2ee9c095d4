"""The Fighting Fantasy system's registration: its `SystemInfo`, built from the declared facts with its
fight game and its gamebook game, registered with `engine.registry`, and its seats' views.

`engine.registry.get_system` imports this module the first time the system is used (the `module` of its
facts in `grognard.systems`); importing any other module of the package registers nothing.
"""

from __future__ import annotations

from grognard.engine import registry
from grognard.engine.game import SystemInfo
from grognard.gamebook.runner import GamebookGame
from grognard.systems.fighting_fantasy import seat_view
from grognard.systems.fighting_fantasy.game import FightGame
from grognard.systems.fighting_fantasy.ruleset import FF_RULES

SYSTEM = registry.register(
    SystemInfo.of(registry.declared("fighting-fantasy"), games=(FightGame(), GamebookGame(FF_RULES)))
)
"""The registered system."""

seat_view.register()
