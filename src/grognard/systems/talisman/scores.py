"""Strength, Craft, the Spell limit and the Object limit of a character at any moment.

1:6 and 2:5: counters plus the bonuses of Followers, Magic Objects and Objects usable at that time; only
one weapon in Combat (16:4); nothing from Objects on the Cursed Glade (1:6 example); a Toad has its own
Strength and Craft and nothing else (19:3, 19:8). 2:6: the Spell limit by Craft, exceeded only with the
Wand. 5:3: four Objects unless a Mule.
"""

from __future__ import annotations

from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.characters import ability_bonus
from grognard.systems.talisman.content import Bonus
from grognard.systems.talisman.state import Hero, TalismanState

SPELL_LIMIT = {1: 0, 2: 0, 3: 1, 4: 2, 5: 2}
"""2:6: the most Spells a Craft allows (6 or more: 3)."""

OBJECT_LIMIT = 4
"""5:3."""

START_LIVES = 4
"""4:1; also the most Healing restores (4:6)."""


def _counts(bonus: Bonus, stat: str, context: str) -> bool:
    return bonus.stat == stat and (bonus.when == "always" or bonus.when == context)


def score(hero: Hero, stat: str, context: str = "always", two_weapons: bool | None = None) -> int:
    """The hero's Strength or Craft in `context` ("always", "combat" or "psychic")."""
    if hero.toad:
        return hero.toad_strength if stat == "strength" else hero.toad_craft
    cat = catalog()
    total = hero.strength if stat == "strength" else hero.craft
    for follower in hero.followers:
        total += sum(b.amount for b in cat.item(follower).bonuses if _counts(b, stat, context))
    space = cat.spaces.get(hero.space)
    if not (space and space.no_object_bonuses):
        weapons: list[int] = []
        for obj in hero.objects:
            item = cat.item(obj)
            amount = sum(b.amount for b in item.bonuses if _counts(b, stat, context))
            if item.weapon and context == "combat" and stat == "strength":
                weapons.append(amount)
            else:
                total += amount
        many = two_weapons if two_weapons is not None else _has_two_weapons(hero)
        total += sum(sorted(weapons, reverse=True)[: 2 if many else 1])
    total += ability_bonus(hero, stat, context)
    return total


def _has_two_weapons(hero: Hero) -> bool:
    from grognard.systems.talisman.characters import has_ability

    return has_ability(hero, "two_weapons")


def strength(hero: Hero, context: str = "always") -> int:
    """Strength (1:6)."""
    return score(hero, "strength", context)


def craft(hero: Hero, context: str = "always") -> int:
    """Craft (2:5)."""
    return score(hero, "craft", context)


def spell_limit(hero: Hero) -> int:
    """How many Spells the hero may hold (2:6), the Wand's extra included; a Toad none (19:5)."""
    if hero.toad:
        return 0
    c = craft(hero)
    base = SPELL_LIMIT.get(c, 3) if c >= 1 else 0
    extra = sum(catalog().item(o).extra_spells for o in hero.objects)
    return base + extra


def object_limit(hero: Hero) -> int | None:
    """How many Objects the hero may carry (5:3); None when a Mule carries any number."""
    if any(catalog().item(o).carry_any for o in hero.objects):
        return None
    return OBJECT_LIMIT


def keywords(hero: Hero) -> set[str]:
    """Ids and keywords of everything the hero carries and is followed by."""
    cat = catalog()
    out: set[str] = set()
    for card in (*hero.objects, *hero.followers):
        out.add(card)
        out.update(cat.item(card).keywords)
    return out


def may_use(hero: Hero, card: str) -> bool:
    """5:2, 7:3: a Magic Object with alignment limits is usable only by those alignments."""
    allowed = catalog().item(card).alignments
    return not allowed or hero.alignment in allowed


def region(state: TalismanState, i: int) -> str:
    """The region of the space seat `i` is on."""
    return catalog().spaces[state.heroes[i].space].region


def check_invariants(state: TalismanState) -> list[str]:
    """Broken invariants of a state, as sentences."""
    cat = catalog()
    bad: list[str] = []
    for i, h in enumerate(state.heroes):
        if not h.character:
            continue
        char = cat.characters[h.character]
        if h.strength < char.strength or h.craft < char.craft:
            bad.append(f"p{i} counters below the starting Strength/Craft (1:3, 2:3)")
        if h.lives < 0 or h.gold < 0:
            bad.append(f"p{i} has negative Lives or Gold")
        if h.toad and (h.objects or h.followers or h.gold):
            bad.append(f"p{i} is a Toad with possessions (19:2)")
        if h.space not in cat.spaces:
            bad.append(f"p{i} is on an unknown space {h.space!r}")
    for card, n in state.supply:
        if n < 0:
            bad.append(f"pile {card} below 0")
    if not state.over and not state.tasks:
        bad.append("no task on the stack")
    return bad
