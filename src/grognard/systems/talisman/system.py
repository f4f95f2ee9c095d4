"""The Talisman system's registration: its `SystemInfo` (id "talisman", command "talisman"), built from
the declared facts with its game, registered with `engine.registry`, and its seats' views.

`engine.registry.get_system` imports this module the first time the system is used (the `module` of its
facts in `grognard.systems`); importing any other module of the package registers nothing.
"""

from __future__ import annotations

from grognard.engine import registry
from grognard.engine.game import SystemInfo
from grognard.systems.talisman import seat_view
from grognard.systems.talisman.game import TalismanGame

SYSTEM = registry.register(SystemInfo.of(registry.declared("talisman"), games=(TalismanGame(),)))
"""The registered system."""

seat_view.register()
