"""The rule systems, declared by their facts; each system's registration is imported when it is first used.

Importing this package loads no system: `engine.registry.get_system` imports one on demand (its facts'
`module`, the system's `system` module, which registers it), so a command that lists the systems or
rolls dice stays fast. A system's package `__init__` imports nothing: importing one of its modules loads
that module's own imports, never the whole system. `GROGNARD_PLUGINS` (comma-separated module names) loads
further systems, for example test games.
"""

from __future__ import annotations

import importlib
import os

from grognard.engine import registry
from grognard.engine.game import SystemFacts

registry.declare(
    SystemFacts(
        id="adventures-in-fantasy",
        name="Adventures in Fantasy",
        rulebook="002_8449cbd1010a37a5.txt",
        rules="Adventures in Fantasy, Book of Adventure (1978)",
        command="aif",
        aliases=("adventures-in-fantasy",),
        summary="The 1978 role-playing game: its tables and procedures, and a kept campaign.",
        playable=("tables", "characters", "encounters", "education", "combat", "campaign"),
        module="grognard.systems.adventures_in_fantasy.system",
        games=("melee", "campaign"),
        pages=(("/aif", "The referee's desk: campaigns kept week by week"),),
    )
)

registry.declare(
    SystemFacts(
        id="fighting-fantasy",
        name="Fighting Fantasy",
        rulebook="000_13d85f0bd5b613c5.txt",
        rules="the Fighting Fantasy gamebook rules",
        command="ff",
        aliases=("fighting-fantasy",),
        summary="Gamebooks: SKILL, STAMINA and LUCK; fights with exact odds and Luck advice.",
        playable=("gamebook", "fight"),
        module="grognard.systems.fighting_fantasy.system",
        games=("fight", "gamebook"),
        pages=(("/books/fighting-fantasy", "Open your own book (TOML, Twee or Twine)"),),
    )
)

registry.declare(
    SystemFacts(
        id="grey-star",
        name="Lone Wolf: Grey Star the Wizard",
        rulebook="001_2055bbb054c2d265.txt",
        rules="Grey Star the Wizard's combat rules",
        command="grey-star",
        aliases=("gs",),
        summary="Gamebooks with the Action Chart, WILLPOWER spent through the Wizard's Staff, exact odds.",
        playable=("gamebook", "combat", "import"),
        module="grognard.systems.grey_star.system",
        games=("combat", "gamebook"),
        pages=(("/books/grey-star", "Open your own book (TOML, Twee or Twine)"),),
    )
)

registry.declare(
    SystemFacts(
        id="heroquest",
        name="HeroQuest (Revised System Rules 2.0)",
        rulebook="004_24cd6f974fe6a1ee.txt",
        rules="HeroQuest, Revised System Rules 2.0",
        command="heroquest",
        aliases=("hq",),
        summary="The fan-revised HeroQuest rules: every race, class, skill, item, spell and monster as data.",
        playable=("monster", "catalog", "quest"),
        module="grognard.systems.heroquest.system",
        games=("quest",),
        pages=(("/quests", "Play your own HeroScribe quest"),),
    )
)

registry.declare(
    SystemFacts(
        id="talisman",
        name="Talisman",
        rulebook="003_1ead471cbf19a248.txt",
        rules="Talisman, 2nd edition",
        command="talisman",
        summary="The board game of the Crown of Command: 2-6 players, bots, exact combat odds.",
        playable=("game",),
        module="grognard.systems.talisman.system",
        games=("game",),
    )
)


for _name in filter(None, (p.strip() for p in os.environ.get("GROGNARD_PLUGINS", "").split(","))):
    importlib.import_module(_name)
