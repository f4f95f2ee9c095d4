"""Special Abilities (8:1): read from the character data; a Toad has none (19:8).

The abilities are data (`content.Ability`); this module answers the questions the rules ask of them:
does the hero have an ability, what bonus it gives here, which enemies it may Evade.
"""

from __future__ import annotations

from functools import cache

from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.content import Ability
from grognard.systems.talisman.state import Hero


def abilities(hero: Hero) -> list[Ability]:
    """The hero's Special Abilities; none while a Toad (19:8) or without a character."""
    if hero.toad or not hero.character:
        return []
    return list(catalog().characters[hero.character].abilities)


def has_ability(hero: Hero, kind: str) -> bool:
    """True when the hero has an ability of `kind`."""
    if hero.toad or not hero.character:
        return False
    return kind in _kinds(hero.character)


@cache
def _kinds(character: str) -> frozenset[str]:
    return frozenset(a.kind for a in catalog().characters[character].abilities)


def ability_bonus(hero: Hero, stat: str, context: str) -> int:
    """The Strength or Craft that "bonus" abilities add here, in `context`."""
    total = 0
    space = catalog().spaces.get(hero.space)
    here = {hero.space, *(space.tags if space else ())}
    for a in abilities(hero):
        if a.kind != "bonus" or a.stat != stat:
            continue
        if a.when not in ("always", context):
            continue
        if a.tags and not here.intersection(a.tags):
            continue
        total += a.amount
    return total


def evades_type(hero: Hero, card_type: str) -> bool:
    """True when an "evade" ability lets the hero Evade enemies of `card_type` (18:1)."""
    if hero.toad or not hero.character:
        return False
    return _evades(hero.character, card_type)


@cache
def _evades(character: str, card_type: str) -> bool:
    return any(a.kind == "evade" and card_type in a.types for a in catalog().characters[character].abilities)


def start_spells(character: str) -> int:
    """How many Spells a character draws at the start (9:4)."""
    return sum(a.amount for a in catalog().characters[character].abilities if a.kind == "start_spells")


def turn_start_abilities(hero: Hero) -> list[int]:
    """Indexes of the hero's "turn_start" abilities."""
    if hero.toad or not hero.character:
        return []
    return list(_turn_start(hero.character))


@cache
def _turn_start(character: str) -> tuple[int, ...]:
    return tuple(i for i, a in enumerate(catalog().characters[character].abilities) if a.kind == "turn_start")
