"""Strength, Craft, the Spell limit and the Object limit of a character at any moment.

1:6 and 2:5: counters plus the bonuses of Followers, Magic Objects and Objects usable at that time; only
one weapon in Combat (16:4); nothing from Objects on the Cursed Glade (1:6 example); a Toad has its own
Strength and Craft and nothing else (19:3, 19:8). 2:6: the Spell limit by Craft, exceeded only with the
Wand. 5:3: four Objects unless a Mule.
"""

from __future__ import annotations

from functools import cache, lru_cache

from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.characters import ability_bonus, has_ability
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


@cache
def _bonus(card: str, stat: str, context: str) -> int:
    """What one carried card adds to `stat` in `context` (read once per card from the catalog)."""
    return sum(b.amount for b in catalog().item(card).bonuses if _counts(b, stat, context))


@cache
def _weapon(card: str) -> bool:
    return catalog().item(card).weapon


@cache
def _no_object_bonuses(space_id: str) -> bool:
    space = catalog().spaces.get(space_id)
    return bool(space and space.no_object_bonuses)


@cache
def _ability_bonus(character: str, space: str, stat: str, context: str) -> int:
    return ability_bonus(Hero(character=character, space=space), stat, context)


@cache
def _two_weapons(character: str) -> bool:
    return has_ability(Hero(character=character), "two_weapons")


def score(hero: Hero, stat: str, context: str = "always", two_weapons: bool | None = None) -> int:
    """The hero's Strength or Craft in `context` ("always", "combat" or "psychic")."""
    if hero.toad:
        return hero.toad_strength if stat == "strength" else hero.toad_craft
    total = hero.strength if stat == "strength" else hero.craft
    for follower in hero.followers:
        total += _bonus(follower, stat, context)
    if hero.objects and not _no_object_bonuses(hero.space):
        if context == "combat" and stat == "strength":
            weapons: list[int] = []
            for obj in hero.objects:
                if _weapon(obj):
                    weapons.append(_bonus(obj, stat, context))
                else:
                    total += _bonus(obj, stat, context)
            if weapons:
                many = two_weapons if two_weapons is not None else _two_weapons(hero.character)
                total += sum(sorted(weapons, reverse=True)[: 2 if many else 1])
        else:
            for obj in hero.objects:
                total += _bonus(obj, stat, context)
    if hero.character:
        total += _ability_bonus(hero.character, hero.space, stat, context)
    return total


def strength(hero: Hero, context: str = "always") -> int:
    """Strength (1:6)."""
    return score(hero, "strength", context)


def craft(hero: Hero, context: str = "always") -> int:
    """Craft (2:5)."""
    return score(hero, "craft", context)


@cache
def _extra_spells(card: str) -> int:
    return catalog().item(card).extra_spells


@cache
def _carry_any(card: str) -> bool:
    return catalog().item(card).carry_any


def spell_limit(hero: Hero) -> int:
    """How many Spells the hero may hold (2:6), the Wand's extra included; a Toad none (19:5)."""
    if hero.toad:
        return 0
    c = craft(hero)
    base = SPELL_LIMIT.get(c, 3) if c >= 1 else 0
    return base + sum(_extra_spells(o) for o in hero.objects)


def object_limit(hero: Hero) -> int | None:
    """How many Objects the hero may carry (5:3); None when a Mule carries any number."""
    for o in hero.objects:
        if _carry_any(o):
            return None
    return OBJECT_LIMIT


@cache
def card_keywords(card: str) -> frozenset[str]:
    """A carried card's id and keywords."""
    return frozenset((card, *catalog().item(card).keywords))


def keywords(hero: Hero) -> frozenset[str]:
    """Ids and keywords of everything the hero carries and is followed by."""
    return _keywords(hero.objects, hero.followers)


@lru_cache(maxsize=4096)
def _keywords(objects: tuple[str, ...], followers: tuple[str, ...]) -> frozenset[str]:
    out: set[str] = set()
    for card in objects:
        out |= card_keywords(card)
    for card in followers:
        out |= card_keywords(card)
    return frozenset(out)


@cache
def _alignments(card: str) -> frozenset[str]:
    return frozenset(catalog().item(card).alignments)


def may_use(hero: Hero, card: str) -> bool:
    """5:2, 7:3: a Magic Object with alignment limits is usable only by those alignments."""
    return usable_by(hero.alignment, card)


def usable_by(alignment: str, card: str) -> bool:
    """5:2, 7:3: whether a character of `alignment` may use `card`."""
    allowed = _alignments(card)
    return not allowed or alignment in allowed


@lru_cache(maxsize=4096)
def unusable(objects: tuple[str, ...], alignment: str) -> tuple[str, ...]:
    """The Objects among `objects` that a character of `alignment` may not use (5:2, 7:3)."""
    return tuple(o for o in objects if _alignments(o) and alignment not in _alignments(o))


def region(state: TalismanState, i: int) -> str:
    """The region of the space seat `i` is on."""
    return catalog().spaces[state.heroes[i].space].region


def check_invariants(state: TalismanState) -> list[str]:
    """Broken invariants of a state, as sentences."""
    bad: list[str] = []
    sound = _SOUND
    heroes = state.heroes
    supply = state.supply
    if sound.get(id(heroes)) is heroes and sound.get(id(supply)) is supply:
        if not state.over and not state.tasks:
            bad.append("no task on the stack")
        return bad
    cat = catalog()
    for i, h in enumerate(heroes):
        if not h.character or sound.get(id(h)) is h:
            continue
        before = len(bad)
        char = cat.characters[h.character]
        if h.strength < char.strength or h.craft < char.craft:
            bad.append(f"p{i} counters below the starting Strength/Craft (1:3, 2:3)")
        if h.lives < 0 or h.gold < 0:
            bad.append(f"p{i} has negative Lives or Gold")
        if h.toad and (h.objects or h.followers or h.gold):
            bad.append(f"p{i} is a Toad with possessions (19:2)")
        if h.space not in cat.spaces:
            bad.append(f"p{i} is on an unknown space {h.space!r}")
        if len(bad) == before:
            _remember_sound(h)
    if not bad:
        _remember_sound(heroes)
    if sound.get(id(supply)) is not supply:
        before = len(bad)
        for card, n in supply:
            if n < 0:
                bad.append(f"pile {card} below 0")
        if len(bad) == before:
            _remember_sound(supply)
    if not state.over and not state.tasks:
        bad.append("no task on the stack")
    return bad


_SOUND: dict[int, object] = {}
"""Heroes and supplies lately found without a broken invariant, by identity (each kept, so its id is not
reused): an unchanged hero or supply is not checked again."""


def _remember_sound(value: object) -> None:
    if len(_SOUND) > 2048:
        _SOUND.clear()
    _SOUND[id(value)] = value
