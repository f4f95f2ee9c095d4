"""HeroQuest (Revised System Rules 2.0): the races, classes, skills, equipment, spells and monsters.

Importing this package registers the system (`heroquest`, alias `hq`) with `engine.registry`. Rulebook:
004_24cd6f974fe6a1ee.txt; the data lives in `data/` and is read through `catalog`; readings are in
docs/rulings/heroquest.md.
"""

from __future__ import annotations

from grognard.engine import registry
from grognard.engine.game import SystemInfo
from grognard.systems.heroquest import seat_view
from grognard.systems.heroquest.game import GAME

SYSTEM = registry.register(
    SystemInfo.of(registry.declared("heroquest"), games=(GAME,))
)
"""The registered HeroQuest system."""

seat_view.register()
