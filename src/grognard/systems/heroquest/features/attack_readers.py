"""What wounds and declared attacks read from the features above `wounds` (a hero's healing spell as he
falls, the attack and defence dice, a bodyguard, an attack's potions and Berserker's hits, a battle axe),
installed into `wounds` when this module is imported (`rules_index` imports it), so that `wounds` imports
none of those features.
"""

from __future__ import annotations

from grognard.systems.heroquest.features.items import items, weapons
from grognard.systems.heroquest.features.skills import skill_combat, skills
from grognard.systems.heroquest.model.state import QuestState
from grognard.systems.heroquest.rules import effects
from grognard.systems.heroquest.rules.wounds import AttackReaders, install_attack_readers


def hero_ref(state: QuestState, i: int) -> str:
    """What hero `i`'s attack carries to its chance node: his potions, and the hits Berserker guarantees."""
    return items.with_least(items.attack_ref(state.heroes[i].effects), skills.guaranteed_hits(state, i))


def hero_defend(state: QuestState, i: int, ranged: bool) -> int:
    """Hero `i`'s defence dice, against a shot when `ranged`."""
    return effects.hero_defend_dice(state, i, ranged=ranged)


def monster_attack(state: QuestState, j: int, hero: int) -> int:
    """Monster `j`'s attack dice against hero `hero` (-1: a thrall's blow)."""
    return effects.monster_attack_dice(state, j, hero)


def monster_defend(state: QuestState, j: int, ranged: bool) -> int:
    """Monster `j`'s defence dice, against a shot when `ranged`."""
    return effects.monster_defend_dice(state, j, ranged=ranged)


READERS = AttackReaders(
    self_heal_spell=effects.self_heal_spell,
    hero_attack_dice=effects.hero_attack_dice,
    hero_defend_dice=hero_defend,
    monster_attack_dice=monster_attack,
    monster_defend_dice=monster_defend,
    guarded_by=skill_combat.guarded_by,
    unward=skill_combat.unward,
    hero_ref=hero_ref,
    hero_axe=weapons.hero_axe,
    monster_axe=weapons.monster_axe,
    with_axe=weapons.with_axe,
)
"""The readers installed into `wounds`."""

install_attack_readers(READERS)
