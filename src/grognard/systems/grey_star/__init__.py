"""Lone Wolf: Grey Star the Wizard: the Action Chart, the Combat Results Table, combat and its odds.

Importing this package registers the system (`grey-star`, alias `gs`) with `engine.registry`.
Rulebook excerpt: 001_2055bbb054c2d265.txt (the combat summary); readings in docs/rulings/grey-star.md.
"""

from __future__ import annotations

from grognard.engine import registry
from grognard.engine.game import SystemInfo
from grognard.systems.grey_star.combat import CombatGame

SYSTEM = registry.register(
    SystemInfo(
        id="grey-star",
        name="Lone Wolf: Grey Star the Wizard",
        rulebook="001_2055bbb054c2d265.txt",
        command="grey-star",
        aliases=("gs",),
        summary="Gamebook fights with WILLPOWER spent through the Wizard's Staff, with exact odds.",
        playable=("combat",),
        games=(CombatGame(),),
    )
)
"""The registered Grey Star system."""
