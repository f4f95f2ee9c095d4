"""HeroQuest (Revised System Rules 2.0): the races, classes, skills, equipment, spells and monsters.

Importing this package registers the system (`heroquest`, alias `hq`) with `engine.registry`. Rulebook:
004_24cd6f974fe6a1ee.txt; the data lives in `data/` and is read through `content.catalog`; readings are in
docs/rulings/heroquest.md. The modules are in one sub-package per layer, imports pointing down: `views`,
`policies`, `driver`, `features`, `rules`, `model`, `content` (with `campaign` and `importer` beside the
policies, and `game` and `simulate` here); docs/architecture.md draws them.
"""

from __future__ import annotations

from grognard.engine import registry
from grognard.engine.game import SystemInfo
from grognard.systems.heroquest.game import GAME
from grognard.systems.heroquest.views import seat_view

SYSTEM = registry.register(SystemInfo.of(registry.declared("heroquest"), games=(GAME,)))
"""The registered HeroQuest system."""

seat_view.register()
