"""The Adventures in Fantasy system's registration: its `SystemInfo` (`adventures-in-fantasy`, command
`aif`), built from the declared facts with its melee and campaign games, registered with
`engine.registry`, and its seats' views.

`engine.registry.get_system` imports this module the first time the system is used (the `module` of its
facts in `grognard.systems`); importing any other module of the package registers nothing.
"""

from __future__ import annotations

from grognard.engine import registry
from grognard.engine.game import SystemInfo
from grognard.systems.adventures_in_fantasy import seat_view
from grognard.systems.adventures_in_fantasy.campaign import CAMPAIGN_GAME
from grognard.systems.adventures_in_fantasy.melee import MELEE_GAME

SYSTEM = registry.register(
    SystemInfo.of(registry.declared("adventures-in-fantasy"), games=(MELEE_GAME, CAMPAIGN_GAME))
)
"""The registered Adventures in Fantasy system."""

seat_view.register()
