"""The Grey Star system's registration: its `SystemInfo` (`grey-star`, alias `gs`), built from the declared
facts with its combat game and its gamebook game, registered with `engine.registry`, and its seats' views.

`engine.registry.get_system` imports this module the first time the system is used (the `module` of its
facts in `grognard.systems`); importing any other module of the package registers nothing.
"""

from __future__ import annotations

from grognard.engine import registry
from grognard.engine.game import SystemInfo
from grognard.gamebook.runner import GamebookGame
from grognard.systems.grey_star import seat_view
from grognard.systems.grey_star.combat import CombatGame
from grognard.systems.grey_star.ruleset import GS_RULES

SYSTEM = registry.register(
    SystemInfo.of(registry.declared("grey-star"), games=(CombatGame(), GamebookGame(GS_RULES)))
)
"""The registered Grey Star system."""

seat_view.register()
