"""Every feature module of HeroQuest, imported once so that each has registered its skills, items, spells,
chaos spells, monster skills, chance kinds and turn hooks (`feature_hooks`, `engine.features.Registry`)
before the driver reads them. The driver imports this module; no rule depends on the order of the imports
below (a key is registered once, hooks run by rank).
"""

from __future__ import annotations

from grognard.systems.heroquest.content import chaos_lists, mercenaries
from grognard.systems.heroquest.driver import chaos_turns, monster_turns, resolve
from grognard.systems.heroquest.features import artifacts, attack_readers, destiny, effect_readers, rest
from grognard.systems.heroquest.features.chaos import (
    chaos_area,
    chaos_counters,
    chaos_dice,
    chaos_flight,
    chaos_hero_ice,
    chaos_heroes,
    chaos_hits,
    chaos_spells,
)
from grognard.systems.heroquest.features.dungeon import challenge_play, pit_climb, traps
from grognard.systems.heroquest.features.items import artifacts_env, items, weapons
from grognard.systems.heroquest.features.monsters import (
    monster_blows,
    monster_flight,
    monster_pursuit,
    monster_skills,
)
from grognard.systems.heroquest.features.skills import skill_combat, skill_moves, skills
from grognard.systems.heroquest.features.spells import (
    spell_choice,
    spells,
    spells_elf,
    spells_scroll,
    spells_time,
)
from grognard.systems.heroquest.rules import (
    artifacts_gear,
    chaos,
    chaos_effects,
    fallen,
    goals,
    monster_gear,
    monster_wounds,
    wounds,
)

FEATURES = (
    artifacts,
    artifacts_env,
    artifacts_gear,
    attack_readers,
    challenge_play,
    chaos,
    chaos_area,
    chaos_counters,
    chaos_dice,
    chaos_effects,
    chaos_flight,
    chaos_hero_ice,
    chaos_heroes,
    chaos_hits,
    chaos_lists,
    chaos_spells,
    chaos_turns,
    destiny,
    effect_readers,
    fallen,
    goals,
    items,
    mercenaries,
    monster_blows,
    monster_flight,
    monster_gear,
    monster_pursuit,
    monster_skills,
    monster_turns,
    monster_wounds,
    pit_climb,
    resolve,
    rest,
    skill_combat,
    skill_moves,
    skills,
    spell_choice,
    spells,
    spells_elf,
    spells_scroll,
    spells_time,
    traps,
    weapons,
    wounds,
)
"""The feature modules, each registered once imported (`resolve` registers the core chance kinds)."""
