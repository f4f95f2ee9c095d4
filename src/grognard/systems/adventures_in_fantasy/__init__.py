"""Adventures in Fantasy (1978, Book of Adventure): every table of the book as data, listable and rollable.

Importing this package registers the system (`adventures-in-fantasy`, command `aif`) with
`engine.registry`. Rulebook: 002_8449cbd1010a37a5.txt; readings in docs/rulings/adventures-in-fantasy.md.
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
