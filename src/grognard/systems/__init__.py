"""The rule systems. Importing this package registers every system and its command-line front end.

`GROGNARD_PLUGINS` (comma-separated module names) loads further systems, for example test games.
"""

from __future__ import annotations

import importlib
import os

from grognard.systems import (  # noqa: F401
    adventures_in_fantasy,
    fighting_fantasy,
    grey_star,
    heroquest,
    talisman,
)

for _name in filter(None, (p.strip() for p in os.environ.get("GROGNARD_PLUGINS", "").split(","))):
    importlib.import_module(_name)
