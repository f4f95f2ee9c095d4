"""HeroQuest (Revised System Rules 2.0): the races, classes, skills, equipment, spells and monsters.

Importing this package imports nothing else: the system (`heroquest`, alias `hq`) is registered with
`engine.registry` by `system`, which the registry imports when the system is first used. Rulebook:
004_24cd6f974fe6a1ee.txt; the data lives in `data/` and is read through `content.catalog`; readings are in
docs/rulings/heroquest.md. The modules are in one sub-package per layer, imports pointing down: `views`,
`policies`, `driver`, `features`, `rules`, `model`, `content` (with `campaign` and `importer` beside the
policies, and `system`, `game` and `simulate` here); docs/architecture.md draws them.
"""
