"""HeroQuest's catalogue as the rules help shows it beside its How to play page (`/rules/heroquest`).

Every text and number is read from the catalogue (`content.catalog.catalog()`: races, classes, skills,
weapons, armour, usable items, artifacts, spells by group, monsters with their skills, mercenaries);
nothing is retyped here. Each entry is (name, text, citation), the citation being the rulebook line the
entry's `source` names ("line 195", "lines 184-189").
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from grognard.engine.reference import Entry, Section
from grognard.systems.heroquest.content.catalog import (
    STATS,
    Armour,
    Artifact,
    Catalog,
    HeroClass,
    Item,
    Mercenary,
    Monster,
    Race,
    Skill,
    Spell,
    Stat,
    StatLine,
    Weapon,
    catalog,
)

SCHOOLS = {
    "earth": "Earth",
    "fire": "Fire",
    "air": "Air",
    "water": "Water",
    "elf": "Elf",
    "chaos": "Chaos",
    "other": "Other",
}
"""The spell groups in the rulebook's order, as headings name them."""


LINES = re.compile(r"\d+(?:-\d+)?$")
"""The line or lines a validated source ends with (`catalog.Source`: "file:195", "file:184-189")."""


def cite(source: str) -> str:
    """A catalogue source ("file:195", "file:184-189") as the page cites it: "line 195", "lines 184-189"."""
    found = LINES.search(source)
    lines = found.group(0) if found else ""
    return f"lines {lines}" if "-" in lines else f"line {lines}"


USES = {
    "active": "active (declared on a turn, no action)",
    "passive": "passive (always on)",
    "action": "takes an action",
}
"""How a skill is used (line 166), in words."""


def _dice(n: int, kind: str) -> str:
    if n == 0:
        return f"no extra {kind} dice"
    return f"{n} more {kind} {'die' if n == 1 else 'dice'}"


def _stats(values: Mapping[Stat, int]) -> str:
    return ", ".join(f"{stat.capitalize()} {values[stat]}" for stat in STATS if stat in values)


def race_entry(race: Race) -> Entry:
    """A race: its words and its bonus points."""
    bonus = ", ".join(f"+{n} {stat.capitalize()}" for stat, n in race.bonus.items() if n)
    return race.name, f"{race.text}{f' Bonus: {bonus}.' if bonus else ''}", cite(race.source)


def class_entry(cls: HeroClass) -> Entry:
    """A class: its words, starting attributes, the points to add and its weapon."""
    to = ", ".join(s.capitalize() for s in cls.extra_to)
    weapons = " or ".join([cls.weapon, *cls.weapon_choices])
    text = (
        f"{cls.text} Starts with {_stats(cls.start)}; {cls.extra_points} more points for {to}; "
        f"weapon: {weapons}."
    )
    return cls.name, text, cite(cls.source)


def skill_entry(skill: Skill) -> Entry:
    """A skill: its words, its cost and kind, and who may take it at which minimum attributes."""
    who = []
    for offer in skill.offers:
        needs = ", ".join(f"{stat.capitalize()} {n}" for stat, n in offer.minimums.items())
        after = ", ".join(offer.requires)
        told = "; ".join(
            filter(None, [f"at least {needs}" if needs else "", f"after {after}" if after else ""])
        )
        who.append(f"{offer.group.replace('-', ' ')}{f' ({told})' if told else ''}")
    text = (
        f"{skill.text} Costs {skill.cost} skill point{'s' if skill.cost > 1 else ''}; "
        f"{USES.get(skill.use, skill.use)}. For: {'; '.join(who)}."
    )
    return skill.name, text, cite(skill.source)


def weapon_entry(weapon: Weapon) -> Entry:
    """A weapon: its words, extra attack dice, hands, minimum Body and price."""
    facts = [_dice(weapon.attack_dice, "attack"), "two hands" if weapon.two_handed else "one hand"]
    if weapon.min_body:
        facts.append(f"Body {weapon.min_body} at least")
    facts.append(f"{weapon.price} gold")
    return weapon.name, f"{weapon.text} ({', '.join(facts)}.)", cite(weapon.source)


def armour_entry(armour: Armour) -> Entry:
    """A piece of armour: its words, defend dice, minimum Body and price."""
    facts = [_dice(armour.defend_dice, "defend"), f"Body {armour.min_body} at least", f"{armour.price} gold"]
    return armour.name, f"{armour.text} ({', '.join(facts)}.)", cite(armour.source)


def item_entry(item: Item) -> Entry:
    """A usable item: its words and price (or only found in the treasure deck)."""
    price = f"{item.price} gold" if item.price is not None else "treasure deck only"
    return item.name, f"{item.text} ({price}.)", cite(item.source)


def artifact_entry(artifact: Artifact) -> Entry:
    """An artifact: its words, and who alone may use it."""
    only = f" Only for: {', '.join(artifact.only_for)}." if artifact.only_for else ""
    return artifact.name, f"{artifact.text}{only}", cite(artifact.source)


def spell_entry(spell: Spell) -> Entry:
    """A spell: its words and level."""
    level = f" (level {spell.level})" if spell.level is not None else ""
    return spell.name, f"{spell.text}{level}", cite(spell.source)


def _line(stats: StatLine) -> str:
    attack = f"{stats.attack}/{stats.close_attack}" if stats.close_attack is not None else f"{stats.attack}"
    return (
        f"moves {stats.move_min}-{stats.move_max}, Attack {attack}, Defend {stats.defend}, "
        f"Body {stats.body}, Mind {stats.mind}, Magic {stats.magic}"
    )


def monster_entry(monster: Monster) -> Entry:
    """A monster: its words, its figures at its lowest and highest printed level, and its skills."""
    low, high = monster.levels[0], monster.levels[-1]
    figures = f"Level {low.level}: {_line(low)}."
    if high is not low:
        figures += f" Level {high.level}: {_line(high)}."
    skills = f" Skills: {', '.join(monster.skills)}." if monster.skills else ""
    undead = " Undead." if monster.undead else ""
    return monster.name, f"{monster.text} {figures}{skills}{undead}", cite(monster.source)


def mercenary_entry(mercenary: Mercenary) -> Entry:
    """A mercenary: his words, his price per quest and his figures at level 1."""
    first = mercenary.levels[0]
    text = f"{mercenary.text} {mercenary.price_per_quest} gold a quest. Level {first.level}: {_line(first)}."
    return mercenary.name, text, cite(mercenary.source)


def sections(cat: Catalog | None = None) -> list[Section]:
    """Every entry of the catalogue by kind, in the rulebook's order; the spells by group."""
    cat = cat or catalog()
    out: list[Section] = [
        ("Races", [race_entry(r) for r in cat.races.values()]),
        ("Classes", [class_entry(c) for c in cat.classes.values()]),
        ("Skills", [skill_entry(s) for s in cat.skills.values()]),
        ("Weapons", [weapon_entry(w) for w in cat.weapons.values()]),
        ("Armour", [armour_entry(a) for a in cat.armour.values()]),
        ("Usable items", [item_entry(i) for i in cat.items.values()]),
        ("Artifacts", [artifact_entry(a) for a in cat.artifacts.values()]),
    ]
    for school, name in SCHOOLS.items():
        spells = [spell_entry(s) for s in cat.spells.values() if s.school == school]
        out.append((f"Spells: {name}", spells))
    out.append(("Monsters", [monster_entry(m) for m in cat.monsters.values()]))
    out.append(("Monster skills", [(s.name, s.text, cite(s.source)) for s in cat.monster_skills.values()]))
    out.append(("Mercenaries", [mercenary_entry(m) for m in cat.mercenaries.values()]))
    return [(heading, entries) for heading, entries in out if entries]
