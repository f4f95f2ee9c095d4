"""The terminal's per-system parts: each system's command group (`grognard talisman ...`), its menu
entries, and the boards and maps its games are drawn with at the terminal, one module per system and
purpose. The generic command line (`cli/*.py`) names no system: it reaches them through `MODULES` and
the `cli.frontends.Frontend` each module registers (`tests/web/test_no_system_names.py` keeps it so).
Importing this package imports no system.
"""

from __future__ import annotations

MODULES: dict[str, str] = {
    "adventures-in-fantasy": "grognard.cli.systems.aif",
    "fighting-fantasy": "grognard.cli.systems.ff",
    "grey-star": "grognard.cli.systems.grey_star",
    "heroquest": "grognard.cli.systems.heroquest",
    "talisman": "grognard.cli.systems.talisman",
}
"""The module that registers each shipped system's front end; imported only when that system is used."""
