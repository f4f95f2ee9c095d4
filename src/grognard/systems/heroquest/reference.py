"""HeroQuest's catalogue as the rules help shows it beside its How to play page (`/rules/heroquest`).

Every text and number is read from the catalogue (`content.catalog.catalog()`: races, classes, skills,
weapons, armour, usable items, artifacts, spells by group, monsters with their skills, mercenaries);
nothing is retyped here. Each entry is (name, text, citation), the citation being the rulebook line the
entry's `source` names ("line 195", "lines 184-189"). Every word is said in the reader's language when
`sections()` is called: the names and texts of the rules data through `content.words`, the rest as messages.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from grognard.engine.reference import Entry, Section
from grognard.i18n import N_, ngettext
from grognard.i18n import gettext as _
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
from grognard.systems.heroquest.content.words import said, text_said

SCHOOLS = {
    "earth": N_("Spells: Earth"),
    "fire": N_("Spells: Fire"),
    "air": N_("Spells: Air"),
    "water": N_("Spells: Water"),
    "elf": N_("Spells: Elf"),
    "chaos": N_("Spells: Chaos"),
    "other": N_("Spells: Other"),
}
"""The spell groups in the rulebook's order, as headings name them."""


LINES = re.compile(r"\d+(?:-\d+)?$")
"""The line or lines a validated source ends with (`catalog.Source`: "file:195", "file:184-189")."""


def cite(source: str) -> str:
    """A catalogue source ("file:195", "file:184-189") as the page cites it: "line 195", "lines 184-189"."""
    found = LINES.search(source)
    lines = found.group(0) if found else ""
    return _("lines {lines}").format(lines=lines) if "-" in lines else _("line {line}").format(line=lines)


USES = {
    "active": N_("active (declared on a turn, no action)"),
    "passive": N_("passive (always on)"),
    "action": N_("takes an action"),
}
"""How a skill is used (line 166), in words."""


def _stat(stat: str) -> str:
    return _(stat.capitalize())


def _dice(n: int, kind: str) -> str:
    if kind == "attack":
        if n == 0:
            return _("no extra attack dice")
        return ngettext("{count} more attack die", "{count} more attack dice", n).format(count=n)
    if n == 0:
        return _("no extra defend dice")
    return ngettext("{count} more defend die", "{count} more defend dice", n).format(count=n)


def _stats(values: Mapping[Stat, int]) -> str:
    return ", ".join(f"{_stat(stat)} {values[stat]}" for stat in STATS if stat in values)


def _gold(amount: int) -> str:
    return _("{amount} gold").format(amount=amount)


def race_entry(race: Race) -> Entry:
    """A race: its words and its bonus points."""
    bonus = ", ".join(f"+{n} {_stat(stat)}" for stat, n in race.bonus.items() if n)
    text = text_said(race.text)
    if bonus:
        text += _(" Bonus: {bonus}.").format(bonus=bonus)
    return said(race.name), text, cite(race.source)


def class_entry(cls: HeroClass) -> Entry:
    """A class: its words, starting attributes, the points to add and its weapon."""
    to = ", ".join(_stat(s) for s in cls.extra_to)
    weapons = _(" or ").join(said(w) for w in [cls.weapon, *cls.weapon_choices])
    text = _("{text} Starts with {stats}; {points} more points for {to}; weapon: {weapons}.").format(
        text=text_said(cls.text), stats=_stats(cls.start), points=cls.extra_points, to=to, weapons=weapons
    )
    return said(cls.name), text, cite(cls.source)


def skill_entry(skill: Skill) -> Entry:
    """A skill: its words, its cost and kind, and who may take it at which minimum attributes."""
    who = []
    for offer in skill.offers:
        needs = ", ".join(f"{_stat(stat)} {n}" for stat, n in offer.minimums.items())
        after = ", ".join(said(r) for r in offer.requires)
        told = "; ".join(
            filter(
                None,
                [
                    _("at least {needs}").format(needs=needs) if needs else "",
                    _("after {after}").format(after=after) if after else "",
                ],
            )
        )
        group = said(offer.group.replace("-", " ").title()) if offer.group != "weapon" else _("weapon")
        group = group if group != offer.group.replace("-", " ").title() else offer.group.replace("-", " ")
        who.append(f"{group} ({told})" if told else group)
    costs = ngettext("Costs {count} skill point", "Costs {count} skill points", skill.cost).format(
        count=skill.cost
    )
    use = _(USES[skill.use]) if skill.use in USES else skill.use
    text = _("{text} {costs}; {use}. For: {who}.").format(
        text=text_said(skill.text), costs=costs, use=use, who="; ".join(who)
    )
    return said(skill.name), text, cite(skill.source)


def weapon_entry(weapon: Weapon) -> Entry:
    """A weapon: its words, extra attack dice, hands, minimum Body and price."""
    facts = [_dice(weapon.attack_dice, "attack"), _("two hands") if weapon.two_handed else _("one hand")]
    if weapon.min_body:
        facts.append(_("Body {body} at least").format(body=weapon.min_body))
    facts.append(_gold(weapon.price))
    return said(weapon.name), f"{text_said(weapon.text)} ({', '.join(facts)}.)", cite(weapon.source)


def armour_entry(armour: Armour) -> Entry:
    """A piece of armour: its words, defend dice, minimum Body and price."""
    facts = [
        _dice(armour.defend_dice, "defend"),
        _("Body {body} at least").format(body=armour.min_body),
        _gold(armour.price),
    ]
    return said(armour.name), f"{text_said(armour.text)} ({', '.join(facts)}.)", cite(armour.source)


def item_entry(item: Item) -> Entry:
    """A usable item: its words and price (or only found in the treasure deck)."""
    price = _gold(item.price) if item.price is not None else _("treasure deck only")
    return said(item.name), f"{text_said(item.text)} ({price}.)", cite(item.source)


def artifact_entry(artifact: Artifact) -> Entry:
    """An artifact: its words, and who alone may use it."""
    text = text_said(artifact.text)
    if artifact.only_for:
        text += _(" Only for: {who}.").format(who=", ".join(said(w) for w in artifact.only_for))
    return said(artifact.name), text, cite(artifact.source)


def spell_entry(spell: Spell) -> Entry:
    """A spell: its words and level."""
    text = text_said(spell.text)
    if spell.level is not None:
        text += _(" (level {level})").format(level=spell.level)
    return said(spell.name), text, cite(spell.source)


def _line(stats: StatLine) -> str:
    attack = f"{stats.attack}/{stats.close_attack}" if stats.close_attack is not None else f"{stats.attack}"
    return _(
        "moves {low}-{high}, Attack {attack}, Defend {defend}, Body {body}, Mind {mind}, Magic {magic}"
    ).format(
        low=stats.move_min,
        high=stats.move_max,
        attack=attack,
        defend=stats.defend,
        body=stats.body,
        mind=stats.mind,
        magic=stats.magic,
    )


def _level(stats: StatLine) -> str:
    return _("Level {level}: {figures}.").format(level=stats.level, figures=_line(stats))


def monster_entry(monster: Monster) -> Entry:
    """A monster: its words, its figures at its lowest and highest printed level, and its skills."""
    low, high = monster.levels[0], monster.levels[-1]
    figures = _level(low)
    if high is not low:
        figures += " " + _level(high)
    skills = (
        _(" Skills: {skills}.").format(skills=", ".join(said(s) for s in monster.skills))
        if monster.skills
        else ""
    )
    undead = _(" Undead.") if monster.undead else ""
    return said(monster.name), f"{text_said(monster.text)} {figures}{skills}{undead}", cite(monster.source)


def mercenary_entry(mercenary: Mercenary) -> Entry:
    """A mercenary: his words, his price per quest and his figures at level 1."""
    first = mercenary.levels[0]
    text = _("{text} {gold} gold a quest. {level}").format(
        text=text_said(mercenary.text), gold=mercenary.price_per_quest, level=_level(first)
    )
    return said(mercenary.name), text, cite(mercenary.source)


def sections(cat: Catalog | None = None) -> list[Section]:
    """Every entry of the catalogue by kind, in the rulebook's order; the spells by group."""
    cat = cat or catalog()
    out: list[Section] = [
        (_("Races"), [race_entry(r) for r in cat.races.values()]),
        (_("Classes"), [class_entry(c) for c in cat.classes.values()]),
        (_("Skills"), [skill_entry(s) for s in cat.skills.values()]),
        (_("Weapons"), [weapon_entry(w) for w in cat.weapons.values()]),
        (_("Armour"), [armour_entry(a) for a in cat.armour.values()]),
        (_("Usable items"), [item_entry(i) for i in cat.items.values()]),
        (_("Artifacts"), [artifact_entry(a) for a in cat.artifacts.values()]),
    ]
    for school, heading in SCHOOLS.items():
        spells = [spell_entry(s) for s in cat.spells.values() if s.school == school]
        out.append((_(heading), spells))
    out.append((_("Monsters"), [monster_entry(m) for m in cat.monsters.values()]))
    monster_skills = [(said(s.name), text_said(s.text), cite(s.source)) for s in cat.monster_skills.values()]
    out.append((_("Monster skills"), monster_skills))
    out.append((_("Mercenaries"), [mercenary_entry(m) for m in cat.mercenaries.values()]))
    return [(heading, entries) for heading, entries in out if entries]
