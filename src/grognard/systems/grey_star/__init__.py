"""Lone Wolf: Grey Star the Wizard: the Action Chart, the Combat Results Table, combat and its odds, and
gamebooks played section by section.

Importing this package registers the system (`grey-star`, alias `gs`), its gamebook game and its
combat game with `engine.registry`. Rulebook excerpt: 001_2055bbb054c2d265.txt (the combat summary);
readings in docs/rulings/grey-star.md.
"""

from __future__ import annotations

from grognard.engine import registry
from grognard.engine.game import SystemInfo
from grognard.gamebook.runner import GamebookGame
from grognard.systems.grey_star import seat_view
from grognard.systems.grey_star.combat import CombatGame
from grognard.systems.grey_star.ruleset import GS_RULES, GreyStarRuleset

SYSTEM = registry.register(
    SystemInfo.of(registry.declared("grey-star"), games=(CombatGame(), GamebookGame(GS_RULES)))
)
"""The registered Grey Star system."""

seat_view.register()

__all__ = ["GS_RULES", "SYSTEM", "GreyStarRuleset"]
