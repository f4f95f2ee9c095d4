"""The HeroQuest system's registration: its `SystemInfo` (`heroquest`, alias `hq`), built from the declared
facts with its quest game, registered with `engine.registry`, and its seats' views.

`engine.registry.get_system` imports this module the first time the system is used (the `module` of its
facts in `grognard.systems`); importing any other module of the package registers nothing. The game
(`game.GAME`) installs the rules, the features and the automatic game master when it is imported.
"""

from __future__ import annotations

from grognard.engine import registry
from grognard.engine.game import SystemInfo
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.views import seat_view

SYSTEM = registry.register(SystemInfo.of(registry.declared("heroquest"), games=(GAME,)))
"""The registered HeroQuest system."""

seat_view.register()
