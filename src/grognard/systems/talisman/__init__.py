"""Talisman (003_1ead471cbf19a248.txt), 2nd edition rules: the whole board game for 2-6 players with
exact chance at every die and card, secret Spells, and exact combat odds.

Importing this package registers the system (id "talisman", command "talisman") with `engine.registry`.
"""

from __future__ import annotations

from grognard.engine import registry
from grognard.engine.game import SystemInfo
from grognard.systems.talisman import seat_view
from grognard.systems.talisman.catalog import Catalog, catalog, load_catalog
from grognard.systems.talisman.game import TalismanGame, initial_state
from grognard.systems.talisman.odds import CombatOddsState, combat_odds
from grognard.systems.talisman.state import TalismanState
from grognard.systems.talisman.views import describe_action, legal_moves, view

SYSTEM = registry.register(
    SystemInfo.of(registry.declared("talisman"), games=(TalismanGame(),))
)
"""The registered system."""

seat_view.register()

__all__ = [
    "SYSTEM",
    "Catalog",
    "CombatOddsState",
    "TalismanGame",
    "TalismanState",
    "catalog",
    "combat_odds",
    "describe_action",
    "initial_state",
    "legal_moves",
    "load_catalog",
    "view",
]
