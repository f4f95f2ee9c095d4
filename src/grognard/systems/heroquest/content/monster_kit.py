"""Monsters' weapons, armour and skills as a quest gives them (line 613), checked against the monster's
lists, and the numbers a placed monster plays with (`MonsterStats`): content read once per quest. The
dice they roll with them in play are in `monster_gear`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from pydantic import Field

from grognard.engine.content import ContentModel
from grognard.engine.errors import GrognardError
from grognard.i18n import gettext as _
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content.mercenary_foes import default_skills, default_weapon


class MonsterKind(ContentModel):
    """What every monster of a kind in the quest has, unless its placement says otherwise."""

    monster: str
    level: int | None = None
    weapon: str = ""
    off_hand: str = ""
    armour: list[str] = Field(default_factory=list)
    skills: list[str] | None = None


class Outfitted(Protocol):
    """A placement, a kind entry or the wandering monster: what a kit is read from."""

    @property
    def monster(self) -> str: ...

    @property
    def level(self) -> int | None: ...

    @property
    def weapon(self) -> str: ...

    @property
    def off_hand(self) -> str: ...

    @property
    def armour(self) -> list[str]: ...

    @property
    def skills(self) -> list[str] | None: ...


class PlacedMonster(Outfitted, Protocol):
    """A monster placed by the quest: a kit read from it, and its id."""

    @property
    def id(self) -> str: ...


class KitsOf(Protocol):
    """A quest file as its monsters' kits are read from it (`quest.QuestFile` is one): the kinds, the
    placed monsters and the wandering monster. Named here: the quest's module imports this one."""

    @property
    def monster_kinds(self) -> Sequence[MonsterKind]: ...

    @property
    def monsters(self) -> Sequence[PlacedMonster]: ...

    @property
    def wandering(self) -> Outfitted: ...


class KitQuest(Protocol):
    """A quest as `monster_stats` reads it (`quest.Quest` is one): its file."""

    @property
    def file(self) -> KitsOf: ...


@dataclass(frozen=True)
class Kit:
    """A monster's level, weapon, second weapon, armour and skills (catalogue names)."""

    kind: str
    level: int
    weapon: str = ""
    off_hand: str = ""
    armour: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()


def kit_of(quest: KitsOf, placed: Outfitted) -> Kit:
    """The kit of a placement (or the wandering monster): its own fields, what it leaves out from the
    quest's `monster_kinds` entry for its kind; no gear and no skills when neither says (an enemy
    mercenary's own arms and skill then, `mercenary_foes`)."""
    kind = next((k for k in quest.monster_kinds if hq.key_of(k.monster) == hq.key_of(placed.monster)), None)
    entry = hq.monster(placed.monster)
    level = placed.level if placed.level is not None else kind.level if kind is not None else None
    skills = placed.skills if placed.skills is not None else kind.skills if kind is not None else None
    if skills is None:  # an enemy mercenary's own skill (line 969), none for a monster
        skills = list(default_skills(entry.name))
    return Kit(
        entry.name,
        level if level is not None else entry.level_range[0],
        placed.weapon or (kind.weapon if kind is not None else "") or default_weapon(entry.name),
        placed.off_hand or (kind.off_hand if kind is not None else ""),
        tuple(placed.armour or (kind.armour if kind is not None else ())),
        tuple(skills or ()),
    )


def _gear(entry: hq.Monster, name: str) -> hq.Gear | None:
    return next((g for g in (*entry.weapons, *entry.armour) if hq.key_of(g.name) == hq.key_of(name)), None)


def _noted(entry: hq.Monster, name: str, word: str) -> bool:
    """True when the piece `name` has the rule `word`: a hero weapon's own (lines 359-373), else its note."""
    gear = _gear(entry, name) if name else None
    if gear is None:
        return False
    hero = hq.catalog().weapons.get(hq.key_of(name))
    if hero is not None and word in ("diagonal", "ranged", "two-handed"):
        return bool(getattr(hero, word.replace("-", "_")))
    return word in gear.note


def armour_slot(name: str) -> str:
    """Where a monster wears a piece: "shield", "head" (a helmet or helm) or "body"."""
    key = hq.key_of(name)
    return "shield" if key == "shield" else "head" if "helm" in key else "body"


def kit_problems(kit: Kit) -> list[tuple[str, str]]:
    """Every (field, reason) that makes a kit wrong for its monster's lists (line 613)."""
    entry = hq.monster(kit.kind)
    out: list[tuple[str, str]] = []
    weapons = {hq.key_of(g.name) for g in entry.weapons}
    for field, name in (("weapon", kit.weapon), ("off_hand", kit.off_hand)):
        if name and hq.key_of(name) not in weapons:
            listed = ", ".join(g.name for g in entry.weapons) or "none"
            out.append(
                (
                    field,
                    _("a {entry_name} carries no {name!r} (its weapons: {listed})").format(
                        entry_name=_(entry.name), name=name, listed=listed
                    ),
                )
            )
    if kit.off_hand:
        if "Dual-Wielding" not in entry.skills:
            out.append(
                (
                    "off_hand",
                    _("a {entry_name} does not wield two weapons (no Dual-Wielding)").format(
                        entry_name=_(entry.name)
                    ),
                )
            )
        elif not kit.weapon:
            out.append(("off_hand", _("a second weapon needs a first")))
        elif any(
            _noted(entry, w, "two-handed") or _noted(entry, w, "ranged") for w in (kit.weapon, kit.off_hand)
        ):
            out.append(("off_hand", _("two weapons must both be one-handed melee weapons (line 343)")))
    armour = {hq.key_of(g.name) for g in entry.armour}
    slots: dict[str, str] = {}
    for name in kit.armour:
        if hq.key_of(name) not in armour:
            listed = ", ".join(g.name for g in entry.armour) or "none"
            out.append(
                (
                    "armour",
                    _("a {entry_name} wears no {name!r} (its armour: {listed})").format(
                        entry_name=_(entry.name), name=name, listed=listed
                    ),
                )
            )
            continue
        slot = armour_slot(name)
        if slot in slots:
            out.append(
                (
                    "armour",
                    _("{name!r} and {slots!r} are both worn as {slot}").format(
                        name=name, slots=slots[slot], slot=slot
                    ),
                )
            )
        slots[slot] = name
    if len(kit.armour) > 1 and any(_noted(entry, a, "one piece") for a in kit.armour):
        out.append(
            ("armour", _("a {entry_name} wears one piece of armour only").format(entry_name=_(entry.name)))
        )
    if "shield" in slots and (kit.off_hand or _noted(entry, kit.weapon, "two-handed")):
        out.append(("armour", _("a shield needs a one-handed weapon and no second weapon (line 383)")))
    listed_skills = {hq.key_of(s) for s in entry.skills}
    for name in kit.skills:
        if hq.key_of(name) not in listed_skills:
            out.append(
                (
                    "skills",
                    _("a {entry_name} has no skill {name!r} (its skills: {value})").format(
                        entry_name=_(entry.name), name=name, value=", ".join(entry.skills)
                    ),
                )
            )
    needs = {
        "sweep-attack": (
            _noted(entry, kit.weapon, "two-handed") and not _noted(entry, kit.weapon, "ranged"),
            "Sweep Attack needs a two-handed melee weapon (lines 335, 647)",
        ),
        "dual-wielding": (bool(kit.off_hand), "Dual-Wielding needs two weapons (line 343)"),
        "ranged-accuracy": (_noted(entry, kit.weapon, "ranged"), "Ranged Accuracy needs a bow (line 337)"),
        "shield-bash": ("shield" in slots, "Shield Bash needs a shield (line 341)"),
    }
    for name in kit.skills:
        ok, reason = needs.get(hq.key_of(name), (True, ""))
        if not ok:
            out.append(("skills", reason))
    return out


def monster_stats(quest: KitQuest, mid: str, kind: str, level: int | None, name: str) -> MonsterStats:
    """The numbers of monster `mid` in play: its placement's kit (or the wandering monster's), with the
    dice its weapons and armour add."""
    placed = next((m for m in quest.file.monsters if m.id == mid), None)
    if placed is not None:
        kit = kit_of(quest.file, placed)
    elif mid.startswith("wandering-"):
        kit = kit_of(quest.file, quest.file.wandering)
    else:
        entry = hq.monster(kind)
        kit = Kit(entry.name, level if level is not None else entry.level_range[0])
    entry = hq.monster(kit.kind)
    line = entry.at(kit.level)

    def dice(gear_name: str) -> int:
        gear = _gear(entry, gear_name) if gear_name else None
        return gear.dice if gear is not None else 0

    ranged = _noted(entry, kit.weapon, "ranged")
    close = line.close_attack if line.close_attack is not None else line.attack
    attack = (line.attack if ranged else close) + dice(kit.weapon)  # the archer's first number shoots
    second = 0
    if kit.off_hand and "Dual-Wielding" in kit.skills:
        lesser = min(dice(kit.weapon), dice(kit.off_hand))
        second = (close + lesser + 1) // 2
    elif "Claw Swipe" in kit.skills:
        second = close
    plate = any(hq.key_of(a) == "plate-mail" for a in kit.armour)
    return MonsterStats(
        mid,
        name or entry.name,
        entry.name,
        attack,
        line.defend + sum(dice(a) for a in kit.armour),
        line.body,
        line.mind,
        line.magic,
        line.move_min,
        line.move_max,
        entry.undead,
        plate and entry.plate_mail_slows is not False,
        _noted(entry, kit.weapon, "diagonal"),
        kit.skills,
        min(line.attack, line.defend),
        base_attack=close,
        base_defend=line.defend,
        ranged=ranged,
        second=second,
        shield=any(armour_slot(a) == "shield" for a in kit.armour),
        plate_worn=plate,
        weapon=kit.weapon,
        off_hand=kit.off_hand,
        armour=kit.armour,
        level=kit.level,
    )


def quest_kit_problems(quest: KitsOf) -> list[tuple[str, str]]:
    """Every (place, reason) that makes a quest's monster kinds, monsters or wandering monster carry or
    use what their lists do not allow; entries with an unknown monster or level are left to the caller."""
    out: list[tuple[str, str]] = []
    entries: list[tuple[str, Outfitted]] = [
        (f"monster_kinds[{i}]", k) for i, k in enumerate(quest.monster_kinds)
    ]
    entries += [(f"monsters[{i}]", m) for i, m in enumerate(quest.monsters)]
    entries.append(("wandering", quest.wandering))
    for place, placed in entries:
        try:
            kit = kit_of(quest, placed)
            hq.monster(kit.kind).at(kit.level)
        except GrognardError as exc:
            if place.startswith("monster_kinds"):
                out.append((f"{place}.monster", str(exc)))
            continue
        out.extend((f"{place}.{field}", reason) for field, reason in kit_problems(kit))
    return out


@dataclass(frozen=True)
class MonsterStats:
    """A monster's numbers in play: its name, dice with weapon and armour, Body, Mind and movement.

    `attack` is the dice of its usual attack (a shot with a bow when `ranged`), `second` those of a
    second attack a turn (0: none), `base_attack` and `base_defend` the printed numbers at its level
    (Bite, Stomp, Toss, Kidnap, line 711); `skills` are those its quest gives it (`monster_gear`).
    """

    id: str
    name: str
    kind: str
    attack: int
    defend: int
    body: int
    mind: int
    magic: int
    move_min: int
    move_max: int
    undead: bool
    plate: bool
    diagonal: bool
    skills: tuple[str, ...]
    kill_value: int
    base_attack: int = 0
    base_defend: int = 0
    ranged: bool = False
    second: int = 0
    shield: bool = False
    plate_worn: bool = False
    weapon: str = ""
    off_hand: str = ""
    armour: tuple[str, ...] = ()
    level: int = 0
