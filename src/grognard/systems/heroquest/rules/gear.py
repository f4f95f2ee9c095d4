"""A hero's equipment: carrying, wielding and wearing, combat dice, buying and selling.

Lines 355-433 of 004_24cd6f974fe6a1ee.txt: a hero may hold one weapon, a shield (not with a two-handed
weapon or a bow) or, with Dual-Wielding, a second one-handed weapon, a helmet and body armour, each with
its minimum Body; artifacts have their own limits (class, race, magic-users, starting Magic). Weapons,
armour and priced items are bought at their price and sold back at half, rounded down (line 429);
artifacts and treasure-deck items have no fixed price. Every function returns a new `Hero`.
"""

from __future__ import annotations

from typing import Literal, TypeAlias, TypeVar

from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content import combat_dice
from grognard.systems.heroquest.content.catalog import Armour, Artifact, Item, Weapon
from grognard.systems.heroquest.content.hero import Equipped, Hero

Kind: TypeAlias = Literal["weapon", "armour", "item", "artifact"]
"""The four kinds of thing a hero carries."""

Thing: TypeAlias = Weapon | Armour | Item | Artifact
"""A catalogue entry a hero can carry."""

_CARRIED = {"weapon": "weapons", "armour": "armour", "item": "items", "artifact": "artifacts"}
_W = TypeVar("_W", Weapon, Armour)

WEAPON_ARTIFACTS_WITHOUT_BASE = ("wand-of-magic",)
"""Artifacts held in the weapon hand though no weapon is named as their base (line 483)."""

UNDEAD_BONUS = {"spirit-blade": 1}

FOOTWEAR = ("elven-boots", "rabbit-boots", "snowshoes-of-speed")
"""Artifacts worn on the feet (lines 453, 465, 473): one pair at a time (our ruling)."""
"""Extra attack dice against undead over the weapon's rating (Spirit Blade: 3 rather than 2, line 479)."""


def find_thing(name: str) -> tuple[Kind, Thing]:
    """A weapon, armour piece, item or artifact by name; a `UsageError` suggests close names."""
    cat = hq.catalog()
    key = hq.key_of(name)
    kinds: tuple[tuple[Kind, dict[str, Thing]], ...] = (
        ("weapon", dict(cat.weapons)),
        ("armour", dict(cat.armour)),
        ("item", dict(cat.items)),
        ("artifact", dict(cat.artifacts)),
    )
    for kind, entries in kinds:
        if key in entries:
            return kind, entries[key]
    everything: dict[str, Thing] = {}
    for _, entries in kinds:
        everything.update(entries)
    return _kind_of(hq.find(everything, name, "weapon, armour, item or artifact"))


def _kind_of(entry: Thing) -> tuple[Kind, Thing]:
    kinds: dict[type, Kind] = {Weapon: "weapon", Armour: "armour", Item: "item", Artifact: "artifact"}
    return kinds[type(entry)], entry


# ---------------------------------------------------------------------------------------------------
# Prices


def price(name: str) -> int | None:
    """The buying price in gold; None when the thing is not for sale (artifacts, treasure-deck items)."""
    _, entry = find_thing(name)
    if isinstance(entry, Artifact):
        return None
    return entry.price


def sell_price(name: str) -> int | None:
    """Half the price, rounded down (line 429); None when the game master names the price."""
    full = price(name)
    return None if full is None else full // 2


def buy(hero: Hero, name: str) -> Hero:
    """The hero with the thing bought and its price paid; artifacts and treasure-deck items are refused."""
    kind, entry = find_thing(name)
    cost = price(entry.name)
    if cost is None:
        why = (
            gettext("artifacts are never for sale (line 433)")
            if kind == "artifact"
            else gettext("found in the treasure deck only")
        )
        raise UsageError(
            gettext("{entry_name} cannot be bought: {why}").format(entry_name=gettext(entry.name), why=why)
        )
    if cost > hero.gold:
        raise UsageError(
            gettext("{entry_name} costs {cost} gold; {hero_name} has {hero_gold}").format(
                entry_name=gettext(entry.name), cost=cost, hero_name=hero.name, hero_gold=hero.gold
            )
        )
    return _add(hero, kind, entry).model_copy(update={"gold": hero.gold - cost})


def sell(hero: Hero, name: str, agreed: int | None = None) -> tuple[Hero, int]:
    """The hero without one of the thing and the gold it fetched: half its price (line 429), or, for an
    artifact or treasure-deck item, the `agreed` price negotiated with the game master."""
    _, entry = find_thing(name)
    if not hero.carries(entry.name):
        raise UsageError(
            gettext("{hero_name} does not carry {entry_name}").format(
                hero_name=hero.name, entry_name=gettext(entry.name)
            )
        )
    fixed = sell_price(entry.name)
    if fixed is None and agreed is None:
        raise UsageError(
            gettext(
                "{entry_name} has no fixed price: give the price agreed with the game master (line 429)"
            ).format(entry_name=gettext(entry.name))
        )
    if fixed is not None and agreed is not None and agreed != fixed:
        raise UsageError(
            gettext("{entry_name} sells for half its price, {fixed} gold (line 429), not {agreed}").format(
                entry_name=gettext(entry.name), fixed=fixed, agreed=agreed
            )
        )
    if agreed is not None and agreed < 0:
        raise UsageError(gettext("price {agreed} is below 0").format(agreed=agreed))
    got = fixed if fixed is not None else agreed
    assert got is not None
    return drop(hero, entry.name).model_copy(update={"gold": hero.gold + got}), got


def gain(hero: Hero, name: str) -> Hero:
    """The hero carrying one more of the thing (found, given, or granted by the game master)."""
    kind, entry = find_thing(name)
    return _add(hero, kind, entry)


def _add(hero: Hero, kind: Kind, entry: Thing) -> Hero:
    field = _CARRIED[kind]
    carried: tuple[str, ...] = getattr(hero, field)
    return hero.model_copy(update={field: (*carried, entry.name)})


def drop(hero: Hero, name: str) -> Hero:
    """The hero without one of the thing (used up, sold or given away); unequipped if it was the last."""
    kind, entry = find_thing(name)
    field = _CARRIED[kind]
    carried = list(getattr(hero, field))
    if entry.name not in carried:
        raise UsageError(
            gettext("{hero_name} does not carry {entry_name}").format(
                hero_name=hero.name, entry_name=gettext(entry.name)
            )
        )
    carried.remove(entry.name)
    hero = hero.model_copy(update={field: tuple(carried)})
    if entry.name not in carried and entry.name in hero.equipped.names():
        hero = unequip(hero, entry.name)
    return hero


# ---------------------------------------------------------------------------------------------------
# Wielding and wearing


def _based(name: str, kind: type[_W], table: dict[str, _W]) -> _W | None:
    _, entry = find_thing(name)
    if isinstance(entry, kind):
        return entry
    if isinstance(entry, Artifact) and entry.base is not None:
        return table.get(hq.key_of(entry.base))
    return None


def weapon_of(name: str) -> Weapon | None:
    """The weapon a weapon or weapon artifact is (its base); None for anything else."""
    return _based(name, Weapon, hq.catalog().weapons)


def armour_of(name: str) -> Armour | None:
    """The armour an armour piece or armour artifact is (its base); None for anything else."""
    return _based(name, Armour, hq.catalog().armour)


def slot_of(name: str) -> Literal["weapon", "off_hand", "head", "body", "accessories"]:
    """Where the thing is equipped; a `UsageError` for things that are used rather than equipped."""
    _, entry = find_thing(name)
    if weapon_of(name) is not None or entry.key in WEAPON_ARTIFACTS_WITHOUT_BASE:
        return "weapon"
    piece = armour_of(name)
    if piece is not None:
        return "off_hand" if piece.slot == "shield" else piece.slot
    if isinstance(entry, Artifact) and entry.effect.duration == "while-equipped":
        return "accessories"
    raise UsageError(
        gettext("{entry_name} is used, not equipped: it works when played ({entry_source})").format(
            entry_name=gettext(entry.name), entry_source=entry.source
        )
    )


def equip_problem(hero: Hero, name: str, off_hand: bool = False) -> str | None:
    """Why the hero may not equip the thing now (minimums, hands, limits), or None."""
    _, entry = find_thing(name)
    if not hero.carries(entry.name):
        return gettext("{hero_name} does not carry {entry_name}").format(
            hero_name=hero.name, entry_name=gettext(entry.name)
        )
    slot = slot_of(entry.name)
    problem = _limits(hero, entry)
    if problem:
        return problem
    held = hero.equipped
    if slot == "weapon":
        weapon = weapon_of(entry.name)
        if off_hand:
            return _second_weapon(hero, entry.name, weapon)
        other = held.off_hand
        if weapon is not None and other is not None and not _fits_beside(weapon, other):
            return gettext(
                "{weapon_name} is two-handed or takes no shield: put away {other} first ({weapon_source})"
            ).format(weapon_name=gettext(weapon.name), other=other, weapon_source=weapon.source)
        return None
    if off_hand and slot != "off_hand":  # a shield is held in the off hand anyway: the flag changes nothing
        return gettext(
            "only a second weapon (Dual-Wielding) or a shield is held in the off hand, not {entry_name}"
        ).format(entry_name=gettext(entry.name))
    feet = [n for n in held.accessories if hq.key_of(n) in FOOTWEAR]
    if entry.key in FOOTWEAR and feet:
        return gettext("{hero_name} already wears {feet}: take them off first").format(
            hero_name=hero.name, feet=feet[0]
        )
    if slot == "off_hand" and held.weapon is not None:
        weapon = weapon_of(held.weapon)
        if weapon is not None and not _fits_beside(weapon, entry.name):
            shield = hq.armour("shield").source
            return gettext("a shield cannot be used with {held_weapon} ({shield}); put it away first").format(
                held_weapon=held.weapon, shield=shield
            )
    return None


def _fits_beside(weapon: Weapon, other: str) -> bool:
    """Whether `other` (a shield or a second weapon) may be held beside `weapon`."""
    if weapon.two_handed:
        return False
    return weapon.shield or armour_of(other) is None


def _second_weapon(hero: Hero, name: str, weapon: Weapon | None) -> str | None:
    if not hero.knows_skill("Dual-Wielding"):
        return gettext("a second weapon needs the Dual-Wielding skill ({source})").format(
            source=hq.skill("Dual-Wielding").source
        )
    main = weapon_of(hero.equipped.weapon) if hero.equipped.weapon else None
    for w in (weapon, main):
        if w is None or w.two_handed or w.ranged:
            what = "no weapon" if w is None else w.name
            return gettext("dual-wielding takes two one-handed melee weapons, not {what} (line 343)").format(
                what=what
            )
    if hero.equipped.weapon == name and hero.carries(name) < 2:
        return gettext("{hero_name} carries only one {name}").format(hero_name=hero.name, name=name)
    return None


def _limits(hero: Hero, entry: Thing) -> str | None:
    """Minimum Body, starting Magic, and who may use an artifact."""
    minimum = entry.min_body if isinstance(entry, Weapon | Armour | Artifact) else None
    base_weapon = weapon_of(entry.name)
    base_armour = armour_of(entry.name)
    if isinstance(entry, Artifact) and minimum is None:
        minimum = (base_weapon.min_body if base_weapon else None) or (
            base_armour.min_body if base_armour else None
        )
    if minimum is not None and hero.base.body < minimum:
        return f"{entry.name} needs {minimum} Body points; {hero.name} has {hero.base.body} ({entry.source})"
    if isinstance(entry, Artifact):
        if entry.min_starting_magic is not None and hero.base.magic < entry.min_starting_magic:
            return (
                f"{entry.name} needs {entry.min_starting_magic} starting Magic points; "
                f"{hero.name} has {hero.base.magic} ({entry.source})"
            )
        if entry.only_for:
            who = {hq.key_of(hero.hero_class), hq.key_of(hero.race)} | (
                {"magic-user"} if hero.magic_user else set()
            )
            if not who & {hq.key_of(o) for o in entry.only_for}:
                return f"{entry.name} is only for {', '.join(entry.only_for)} ({entry.source})"
    return None


def equip(hero: Hero, name: str, off_hand: bool = False) -> Hero:
    """The hero holding or wearing the thing (whatever was in that place stays carried).

    Changing weapons (a shield included) is free; changing armour takes an action (line 357): the game
    state charges it. `off_hand` puts a second weapon in the off hand (Dual-Wielding, line 343).
    """
    problem = equip_problem(hero, name, off_hand)
    if problem is not None:
        raise UsageError(problem)
    _, entry = find_thing(name)
    slot = "off_hand" if off_hand else slot_of(entry.name)
    held = hero.equipped
    if slot == "accessories":
        if entry.name in held.accessories:
            raise UsageError(
                gettext("{hero_name} already wears {entry_name}").format(
                    hero_name=hero.name, entry_name=gettext(entry.name)
                )
            )
        update: dict[str, object] = {"accessories": (*held.accessories, entry.name)}
    else:
        update = {slot: entry.name}
    hero = hero.model_copy(update={"equipped": held.model_copy(update=update)})
    return _held_to_maximum(hero)


def unequip(hero: Hero, name: str) -> Hero:
    """The hero no longer holding or wearing the thing (it stays carried)."""
    _, entry = find_thing(name)
    held = hero.equipped
    if entry.name in held.accessories:
        left = list(held.accessories)
        left.remove(entry.name)
        new = held.model_copy(update={"accessories": tuple(left)})
    else:
        slots = [s for s in ("weapon", "off_hand", "head", "body") if getattr(held, s) == entry.name]
        if not slots:
            raise UsageError(
                gettext("{hero_name} has not equipped {entry_name}").format(
                    hero_name=hero.name, entry_name=gettext(entry.name)
                )
            )
        new = held.model_copy(update={slots[-1]: None})
    return _held_to_maximum(hero.model_copy(update={"equipped": new}))


def _held_to_maximum(hero: Hero) -> Hero:
    """Current Body, Mind and Magic no higher than their new maximum (a bonus taken off is lost)."""
    for stat in ("body", "mind", "magic"):
        if hero.current.get(stat) > hero.maximum(stat):
            hero = hero.with_current(stat, hero.maximum(stat))
    return hero


def equip_all_legal(hero: Hero) -> list[str]:
    """Every broken rule among what the hero has equipped (empty for a legal hero)."""
    problems = []
    bare = hero.model_copy(update={"equipped": Equipped()})
    for slot in ("weapon", "off_hand", "head", "body"):
        name = getattr(hero.equipped, slot)
        if name is None:
            continue
        problem = equip_problem(bare, name, off_hand=slot == "off_hand" and weapon_of(name) is not None)
        if problem is None and slot != "off_hand" and slot_of(name) != slot:
            problem = f"{name} is not worn as {slot}"
        if problem:
            problems.append(problem)
        else:
            bare = equip(bare, name, off_hand=slot == "off_hand" and weapon_of(name) is not None)
    for name in hero.equipped.accessories:
        problem = equip_problem(bare, name)
        problems.extend([problem] if problem else [])
    return problems


# ---------------------------------------------------------------------------------------------------
# Dice


def weapon_dice(hero: Hero, against_undead: bool = False) -> int:
    """The extra attack dice of the weapon held (line 84).

    An artifact weapon's dice are its own rating in place of its base weapon's (Orc's Bane 1, Spirit
    Blade 2, or 3 against undead); see the rulings.
    """
    name = hero.equipped.weapon
    if name is None:
        return 0
    _, entry = find_thing(name)
    if isinstance(entry, Weapon):
        return entry.attack_dice
    assert isinstance(entry, Artifact)
    base = weapon_of(name)
    rating = entry.effect.attack_dice or (base.attack_dice if base else 0)
    return rating + (UNDEAD_BONUS.get(entry.key, 0) if against_undead else 0)


def armour_dice(hero: Hero, ranged: bool = False) -> int:
    """The extra defend dice of everything worn: helmet, body armour, shield (2 against ranged), cloak."""
    total = 0
    for name in (hero.equipped.head, hero.equipped.body, hero.equipped.off_hand):
        if name is None:
            continue
        _, entry = find_thing(name)
        if isinstance(entry, Armour):
            total += entry.ranged_defend_dice if ranged and entry.ranged_defend_dice else entry.defend_dice
        elif isinstance(entry, Artifact) and armour_of(name) is not None:
            total += entry.effect.defend_dice
    for name in hero.equipped.accessories:
        effect = hq.artifact(name).effect
        total += effect.ranged_defend_dice if ranged and effect.ranged_defend_dice else effect.defend_dice
    return total


def attack_dice(hero: Hero, modifiers: int = 0, against_undead: bool = False) -> int:
    """Base Attack + the weapon + modifiers (line 84)."""
    return combat_dice.attack_dice(hero.base.attack, weapon_dice(hero, against_undead), modifiers)


def defend_dice(hero: Hero, modifiers: int = 0, ranged: bool = False, gave_up_action: bool = False) -> int:
    """Base Defend + armour + modifiers (+1 for giving up the action, line 84); 0 when comatose (line 92)."""
    if hero.current.mind == 0:
        return 0
    return combat_dice.defend_dice(
        hero.base.defend, armour_dice(hero, ranged), modifiers, gave_up_action=gave_up_action
    )


def movement_roll_modifier(hero: Hero) -> int:
    """What body armour does to every movement roll: plate mail -2 (line 381); Borin's Armor does not slow."""
    name = hero.equipped.body
    if name is None:
        return 0
    _, entry = find_thing(name)
    return entry.movement_roll if isinstance(entry, Armour) else 0
