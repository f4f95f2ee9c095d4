"""Every race, class, skill, weapon, armour piece, item, artifact, spell, monster and mercenary as data.

`catalog()` loads and validates the files of `data/` once; `race`, `hero_class`, `skill`, `weapon`, `armour`,
`item`, `artifact`, `spell`, `monster`, `monster_skill` and `mercenary` find an entry by name (any case) or
raise a `UsageError` naming the closest. Every entry cites its rulebook line (`source`, "file:line"; data
files may write a bare line 628 or range "628-635"). `Effect` holds the common parts of an effect; `text`
says the rest in our own words. Readings: docs/rulings/heroquest.md.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import cache, lru_cache
from importlib.resources.abc import Traversable
from typing import Annotated, Any, Literal, TypeAlias, TypeVar

from pydantic import BeforeValidator, Field, field_validator, model_validator

from grognard.engine.content import ContentModel, LocatedValueError, list_folder, load_model, package_file
from grognard.engine.errors import ContentError, UsageError
from grognard.i18n import N_, gettext

RULEBOOK = "004_24cd6f974fe6a1ee.txt"
"""The seed file every entry cites."""

RULEBOOK_LINES = 1697
"""The number of lines of the rulebook (the last has no newline), the highest line a source may cite."""

Stat: TypeAlias = Literal["attack", "defend", "body", "mind", "magic", "movement"]
"""The six attributes of a character (lines 152-164)."""

STATS: tuple[Stat, ...] = ("attack", "defend", "body", "mind", "magic", "movement")
"""The attributes in the order the rulebook prints them."""

SkillGroup: TypeAlias = Literal[
    "barbarian", "warrior", "rogue", "wizard", "rogue-mage", "human", "dwarf", "elf", "weapon"
]
"""Who may buy a skill: a class, a race, or anyone (`weapon`, the weapon skills of line 333)."""

SkillUse: TypeAlias = Literal["active", "passive", "action"]
"""Line 166: active skills are declared without an action, passive ones always apply, actions take one."""

School: TypeAlias = Literal["earth", "fire", "air", "water", "elf", "chaos", "other"]
"""The spell groups, in the rulebook's order (lines 493-603)."""

ELEMENTAL_SCHOOLS: tuple[School, ...] = ("earth", "fire", "air", "water")
"""The four elemental groups a wizard or rogue mage chooses from (lines 265, 288)."""

Target: TypeAlias = Literal[
    "self",
    "self-or-character",
    "self-or-ally",
    "self-or-enemy",
    "one-enemy",
    "one-character",
    "one-player",
    "adjacent-character",
    "spell-caster",
    "one-object",
    "one-enemy-or-door",
    "all-in-sight",
    "room",
    "line",
    "area",
]
"""Whom a spell is cast on, seen from its caster ("one-character" is a chaos spell's hero victim)."""

Duration: TypeAlias = Literal[
    "instant",
    "next-attack",
    "next-defend",
    "next-move",
    "one-turn",
    "until-damaged",
    "until-broken",
    "encounter",
    "while-in-sight",
    "while-equipped",
    "permanent",
]
"""How long an effect lasts."""

Limit: TypeAlias = Literal["once-per-turn", "once-per-encounter", "once-per-quest", "single-use"]
"""How often an effect may be used."""

_RANGE = re.compile(r"^(?:(?P<file>[^:]+):)?(?P<low>\d+)(?:-(?P<high>\d+))?$")
_DICE = re.compile(r"^\d*d6$")


def _cite(value: Any) -> Any:
    """A source as "file:line" or "file:low-high"; bare numbers and ranges are read in the rulebook."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        return value
    found = _RANGE.match(value.strip())
    if found is None:
        raise ValueError(f"source {value!r} is not a line or range: write 628, '628-635' or 'file:628'")
    low, high = int(found["low"]), int(found["high"] or found["low"])
    file = found["file"] or RULEBOOK
    if file == RULEBOOK and not 1 <= low <= high <= RULEBOOK_LINES:
        raise ValueError(f"source {value!r} is outside the rulebook's lines 1-{RULEBOOK_LINES}")
    return f"{file}:{low}" if low == high else f"{file}:{low}-{high}"


Source: TypeAlias = Annotated[str, BeforeValidator(_cite)]
"""A citation: "file:line" once validated."""


@lru_cache(maxsize=4096)
def key_of(name: str) -> str:
    """The lookup key of a name: lower case, apostrophes dropped, runs of other marks made one '-'."""
    plain = name.casefold().replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


class Effect(ContentModel):
    """The common parts of an effect; anything else is told in the entry's `text`.

    Dice bonuses are extra white combat dice; `body`, `mind` and `magic` change the totals while the
    effect lasts; `heal_*` restore lost points (a number, dice such as "1d6", or "all"); `damage` is body
    points dealt; `movement` is squares added to (or taken from) a move; `charges` counts uses.
    """

    attack_dice: int = 0
    defend_dice: int = 0
    ranged_defend_dice: int = 0
    body: int = 0
    mind: int = 0
    magic: int = 0
    movement: int = 0
    heal_body: int | str | None = None
    heal_mind: int | str | None = None
    heal_magic: int | str | None = None
    damage: int = 0
    extra_attacks: int = 0
    diagonal: bool = False
    ranged: bool = False
    undead_immune: bool = False
    duration: Duration | None = None
    limit: Limit | None = None
    charges: int | None = Field(default=None, ge=1)

    @field_validator("heal_body", "heal_mind", "heal_magic")
    @classmethod
    def _heal(cls, value: int | str | None) -> int | str | None:
        if isinstance(value, str) and value != "all" and not _DICE.match(value):
            raise ValueError(f"{value!r} is not a number of points, red dice such as '1d6', or 'all'")
        return value


class Entry(ContentModel):
    """What every entry has: a name, our short words for it, and the line it is printed on."""

    name: str = Field(min_length=1)
    text: str = Field(min_length=1)
    source: Source

    @property
    def key(self) -> str:
        """The lookup key of the name."""
        return key_of(self.name)


class Race(Entry):
    """A race (lines 170-176): its bonus points, creation limits, and whether it may use magic."""

    bonus: dict[Stat, int]
    creation_max: dict[Stat, int] = Field(default_factory=dict)
    magic: bool = True


class HeroClass(Entry):
    """A class: starting statistics, the two extra points and where they may go, weapon and skills."""

    start: dict[Stat, int]
    extra_points: int = Field(ge=0)
    extra_to: list[Stat] = Field(min_length=1)
    weapon: str
    weapon_choices: list[str] = Field(default_factory=list)
    magic: bool
    elemental_schools: int = Field(default=0, ge=0, le=4)
    skill_groups: list[SkillGroup] = Field(min_length=1)
    skill_points: int = Field(default=1, ge=0)
    stats_source: Source

    @model_validator(mode="after")
    def _all_stats(self) -> HeroClass:
        missing = [s for s in STATS if s not in self.start]
        if missing:
            raise LocatedValueError(("start",), f"every attribute needs a starting value; missing {missing}")
        return self


class Experience(ContentModel):
    """Experience and levels (lines 345-349): what is earned, and the default level thresholds."""

    default_step: int = Field(ge=1)
    kill_bonus: int
    quest_completion: int
    checkpoint_max: int
    non_combat_action: int
    points_per_level: int
    skill_points_per_level: int
    source: Source

    def threshold(self, level: int) -> int:
        """Experience needed to reach `level` on the default linear scale (40, 80, 120, ...)."""
        if level < 1:
            raise UsageError(gettext("level {level} is below 1").format(level=level))
        return self.default_step * (level - 1)

    def level_for(self, experience: int) -> int:
        """The level reached with `experience` points on the default scale."""
        if experience < 0:
            raise UsageError(gettext("experience {experience} is below 0").format(experience=experience))
        return experience // self.default_step + 1


class SkillOffer(ContentModel):
    """One place a skill is offered: to whom, with which minimum attributes and prerequisite skills."""

    group: SkillGroup
    minimums: dict[Stat, int] = Field(default_factory=dict)
    requires: list[str] = Field(default_factory=list)
    source: Source


class Skill(Entry):
    """A hero skill: its cost in skill points, who may take it and at what minimums, and its effect."""

    cost: int = Field(ge=1, le=4)
    use: SkillUse
    offers: list[SkillOffer] = Field(min_length=1)
    effect: Effect = Field(default_factory=Effect)

    @property
    def groups(self) -> list[SkillGroup]:
        """Every class, race or `weapon` group that offers the skill."""
        return [o.group for o in self.offers]

    def offer(self, group: SkillGroup) -> SkillOffer:
        """The terms under which `group` may take the skill; a `UsageError` when it is not offered."""
        for o in self.offers:
            if o.group == group:
                return o
        raise UsageError(
            gettext("skill {name!r} is not offered to {group}; offered to {groups}").format(
                name=self.name, group=group, groups=self.groups
            )
        )


class Weapon(Entry):
    """A hero weapon (lines 359-373): its attack dice, minimum body, handling and price in gold."""

    attack_dice: int = Field(ge=0)
    min_body: int | None = None
    two_handed: bool = False
    diagonal: bool = False
    ranged: bool = False
    thrown: bool = False
    shield: bool = True
    price: int = Field(ge=0)


class Armour(Entry):
    """A piece of armour (lines 377-383): its defend dice, minimum body, movement penalty and price."""

    slot: Literal["head", "body", "shield"]
    defend_dice: int = Field(ge=0)
    ranged_defend_dice: int | None = None
    min_body: int
    starting_body: bool = False
    movement_roll: int = 0
    price: int = Field(ge=0)


class Item(Entry):
    """A usable item (lines 387-427): its effect and price, or None when found in the treasure deck only."""

    price: int | None = Field(default=None, ge=0)
    effect: Effect = Field(default_factory=Effect)

    @property
    def treasure_deck_only(self) -> bool:
        """True when the item has no price and is found only in the treasure deck."""
        return self.price is None

    def sell_price(self) -> int | None:
        """Half the price (line 429); None for a treasure-deck item, whose price is the game master's."""
        return None if self.price is None else self.price // 2


class Artifact(Entry):
    """An artifact (lines 435-487): its effect, charges and who may use it; never bought or sold."""

    effect: Effect = Field(default_factory=Effect)
    base: str | None = None
    only_for: list[str] = Field(default_factory=list)
    min_body: int | None = None
    min_starting_magic: int | None = None


class LevelAmount(ContentModel):
    """How much a spell does from a caster level on."""

    level: int = Field(ge=1)
    amount: int = Field(ge=1)


class Spell(Entry):
    """A spell: its group, level (None for the scroll-only spells), target, effect and how it is broken."""

    school: School
    level: int | None = Field(default=None, ge=1)
    target: Target
    effect: Effect = Field(default_factory=Effect)
    by_level: list[LevelAmount] = Field(default_factory=list)
    broken_by: str = ""
    undead_immune: bool = False

    def amount_at(self, caster_level: int) -> int | None:
        """The amount (points healed or dealt) at `caster_level`, or None for a spell without a scale."""
        if not self.by_level:
            return None
        if caster_level < self.by_level[0].level:
            raise UsageError(
                gettext("{name} is not cast below level {level}").format(
                    name=self.name, level=self.by_level[0].level
                )
            )
        return [s.amount for s in self.by_level if s.level <= caster_level][-1]


class Gear(ContentModel):
    """A weapon or armour piece a monster may carry, with its dice bonus as printed ("+1")."""

    name: str = Field(min_length=1)
    dice: int = Field(ge=0)
    note: str = ""


class StatLine(ContentModel):
    """One level of a monster or mercenary table: least and most squares moved (line 611) and attributes.

    The Elven Archer prints two Attack numbers ("4,1"): `attack` is the first (with the bow) and
    `close_attack` the second (hand to hand); see the rulings.
    """

    level: int = Field(ge=1)
    move_min: int = Field(ge=0)
    move_max: int = Field(ge=0)
    attack: int = Field(ge=0)
    close_attack: int | None = None
    defend: int = Field(ge=0)
    body: int = Field(ge=1)
    mind: int = Field(ge=0)
    magic: int = Field(ge=0)
    source: Source


class _Levelled(Entry):
    """An entry with one statistics line per level, levels consecutive."""

    levels: list[StatLine] = Field(min_length=1)

    @model_validator(mode="after")
    def _consecutive(self) -> _Levelled:
        first = self.levels[0].level
        for i, line in enumerate(self.levels):
            if line.level != first + i:
                raise LocatedValueError(("levels", i, "level"), f"expected level {first + i}")
        return self

    @property
    def level_range(self) -> tuple[int, int]:
        """The lowest and highest printed level."""
        return self.levels[0].level, self.levels[-1].level

    def at(self, level: int) -> StatLine:
        """The statistics at `level`; a `UsageError` outside the printed levels."""
        low, high = self.level_range
        if not low <= level <= high:
            raise UsageError(
                gettext("{name} has statistics for levels {low}-{high}, not {level}").format(
                    name=self.name, low=low, high=high, level=level
                )
            )
        return self.levels[level - low]


class MonsterSkill(Entry):
    """A skill a monster may use; `hero_skill` names the hero skill it is when the book refers to one."""

    hero_skill: str | None = None
    effect: Effect = Field(default_factory=Effect)


class Monster(_Levelled):
    """A monster: its statistics by level, the weapons, armour and skills it may be given."""

    undead: bool = False
    weapons: list[Gear] = Field(default_factory=list)
    armour: list[Gear] = Field(default_factory=list)
    equipment_note: str = ""
    plate_mail_slows: bool | None = None
    skills: list[str] = Field(default_factory=list)
    skill_notes: dict[str, str] = Field(default_factory=dict)


class Mercenary(_Levelled):
    """A mercenary: price per quest, statistics by level (the hiring hero's level), arms and abilities."""

    price_per_quest: int = Field(ge=0)
    weapons: list[str] = Field(default_factory=list)
    diagonal: bool = False
    sweep: bool = False
    disarm_traps: bool = False


# ---------------------------------------------------------------------------------------------------
# Files


class DataFile(ContentModel):
    """One data file: any of the kinds below; the catalogue gathers every file of `data/`."""

    races: list[Race] = Field(default_factory=list)
    classes: list[HeroClass] = Field(default_factory=list)
    experience: Experience | None = None
    skills: list[Skill] = Field(default_factory=list)
    weapons: list[Weapon] = Field(default_factory=list)
    armour: list[Armour] = Field(default_factory=list)
    items: list[Item] = Field(default_factory=list)
    sell_fraction_source: Source | None = None
    artifacts: list[Artifact] = Field(default_factory=list)
    spells: list[Spell] = Field(default_factory=list)
    monster_skills: list[MonsterSkill] = Field(default_factory=list)
    monsters: list[Monster] = Field(default_factory=list)
    mercenaries: list[Mercenary] = Field(default_factory=list)


E = TypeVar("E", bound=Entry)


@dataclass(frozen=True)
class Catalog:
    """Every entry of the rulebook, by kind and lookup key. Spells are keyed "school/name"."""

    races: dict[str, Race]
    classes: dict[str, HeroClass]
    experience: Experience
    skills: dict[str, Skill]
    weapons: dict[str, Weapon]
    armour: dict[str, Armour]
    items: dict[str, Item]
    artifacts: dict[str, Artifact]
    spells: dict[str, Spell]
    monster_skills: dict[str, MonsterSkill]
    monsters: dict[str, Monster]
    mercenaries: dict[str, Mercenary]

    def kinds(self) -> dict[str, Sequence[Entry]]:
        """Every kind of entry by its plural name ("monster-skills"), entries in the rulebook's order."""
        return {
            f.name.replace("_", "-"): list(getattr(self, f.name).values())
            for f in fields(self)
            if f.name != "experience"
        }


def _data() -> Traversable:
    return package_file("grognard.systems.heroquest", "data")


def _check_references(cat: Catalog) -> None:
    """Names that point at other entries must exist: prerequisites, monster skills, weapons."""
    for skill in cat.skills.values():
        for o in skill.offers:
            for needed in o.requires:
                if key_of(needed) not in cat.skills:
                    raise ContentError(
                        "skills.toml",
                        f"{skill.name}.requires",
                        gettext("no skill {needed!r}").format(needed=needed),
                    )
    for ms in cat.monster_skills.values():
        if ms.hero_skill is not None and key_of(ms.hero_skill) not in cat.skills:
            raise ContentError(
                "monsters.toml",
                f"{ms.name}.hero_skill",
                gettext("no hero skill {ms_hero_skill!r}").format(ms_hero_skill=ms.hero_skill),
            )
    for monster in cat.monsters.values():
        for name in [*monster.skills, *monster.skill_notes]:
            if key_of(name) not in cat.monster_skills:
                raise ContentError(
                    "monsters.toml",
                    f"{monster.name}.skills",
                    gettext("no monster skill {name!r}").format(name=name),
                )
    for cls in cat.classes.values():
        for name in [cls.weapon, *cls.weapon_choices]:
            if key_of(name) not in cat.weapons:
                raise ContentError(
                    "heroes.toml", f"{cls.name}.weapon", gettext("no weapon {name!r}").format(name=name)
                )
    for art in cat.artifacts.values():
        if art.base is not None and key_of(art.base) not in {**cat.weapons, **cat.armour}:
            raise ContentError(
                "artifacts.toml",
                f"{art.name}.base",
                gettext("no weapon or armour {art_base!r}").format(art_base=art.base),
            )


@cache
def catalog() -> Catalog:
    """Every data file, loaded and validated once; a bad file or a dangling name is a `ContentError`."""
    files = [(path.name, load_model(path, DataFile)) for path in list_folder(_data())]

    def gather(kind: str) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for file, data in files:
            for i, entry in enumerate(getattr(data, kind)):
                key = f"{entry.school}/{entry.key}" if isinstance(entry, Spell) else entry.key
                if key in found:
                    raise ContentError(
                        file,
                        f"{kind}[{i}].name",
                        gettext("{entry_name!r} is listed twice").format(entry_name=gettext(entry.name)),
                    )
                found[key] = entry
        return found

    experience = [data.experience for _, data in files if data.experience is not None]
    if len(experience) != 1:
        raise ContentError(
            "heroquest/data",
            "experience",
            gettext("expected one [experience], found {experience_count}").format(
                experience_count=len(experience)
            ),
        )
    kinds = ("races", "classes", "skills", "weapons", "armour", "items", "artifacts", "spells")
    cat = Catalog(
        experience=experience[0],
        **{kind: gather(kind) for kind in (*kinds, "monster_skills", "monsters", "mercenaries")},
    )
    _check_references(cat)
    return cat


# ---------------------------------------------------------------------------------------------------
# Lookups


def find(entries: dict[str, E], name: str, kind: str) -> E:
    """The entry called `name` (any case, spacing or apostrophes); a `UsageError` lists close names."""
    key = key_of(name)
    if key in entries:
        return entries[key]
    names = {e.key: e.name for e in entries.values()}
    close = [k for k in names if key and k.startswith(key)]
    close = close or difflib.get_close_matches(key, list(names), n=6, cutoff=0.5)
    hint = (
        gettext("; did you mean: {names}").format(names=", ".join(names[k] for k in close[:8]))
        if close
        else ""
    )
    said = gettext(NOT_FOUND[kind]) if kind in NOT_FOUND else gettext("no {kind} {name!r}{hint}")
    raise UsageError(said.format(kind=kind, name=name, hint=hint))


NOT_FOUND = {
    "race": N_("no race {name!r}{hint}"),
    "class": N_("no class {name!r}{hint}"),
    "skill": N_("no skill {name!r}{hint}"),
    "monster skill": N_("no monster skill {name!r}{hint}"),
    "weapon": N_("no weapon {name!r}{hint}"),
    "armour": N_("no armour {name!r}{hint}"),
    "item": N_("no item {name!r}{hint}"),
    "artifact": N_("no artifact {name!r}{hint}"),
    "spell": N_("no spell {name!r}{hint}"),
    "monster": N_("no monster {name!r}{hint}"),
    "mercenary": N_("no mercenary {name!r}{hint}"),
    "weapon, armour, item or artifact": N_("no weapon, armour, item or artifact {name!r}{hint}"),
}
"""What `find` says when no entry of a kind has the name asked for, one message per kind (the kind's
word agrees with the rest of the sentence in another language)."""


def race(name: str) -> Race:
    """A race by name."""
    return find(catalog().races, name, "race")


def hero_class(name: str) -> HeroClass:
    """A character class by name ("rogue mage" or "rogue-mage")."""
    return find(catalog().classes, name, "class")


def skill(name: str) -> Skill:
    """A hero skill by name."""
    return find(catalog().skills, name, "skill")


def weapon(name: str) -> Weapon:
    """A hero weapon by name."""
    return find(catalog().weapons, name, "weapon")


def armour(name: str) -> Armour:
    """A piece of armour by name."""
    return find(catalog().armour, name, "armour")


def item(name: str) -> Item:
    """A usable item by name."""
    return find(catalog().items, name, "item")


def artifact(name: str) -> Artifact:
    """An artifact by name."""
    return find(catalog().artifacts, name, "artifact")


def spell(name: str, school: str | None = None) -> Spell:
    """A spell by name, or "school/name"; a name two groups share (Tempest, Sleep) needs its school."""
    if school is None and "/" in name:
        school, name = name.split("/", 1)
    if school is not None:
        return find(_spells_by_key(school.strip().lower()), name, f"{school.strip().lower()} spell")
    matches = _spells_named().get(key_of(name), ())
    if len(matches) > 1:
        options = ", ".join(f"{s.school}/{s.key}" for s in matches)
        raise UsageError(
            gettext("spell {name!r} is in more than one group; say which: {options}").format(
                name=name, options=options
            )
        )
    return find(_spells_by_key(None), name, "spell")


@cache
def _spells_by_key(school: str | None) -> dict[str, Spell]:
    """The spells of `school` (None: every spell, the last of a shared key winning) by key."""
    return {s.key: s for s in catalog().spells.values() if school is None or s.school == school}


@cache
def _spells_named() -> dict[str, tuple[Spell, ...]]:
    found: dict[str, list[Spell]] = {}
    for s in catalog().spells.values():
        found.setdefault(s.key, []).append(s)
    return {k: tuple(v) for k, v in found.items()}


FOE_GEAR_NOTES = {"halberd": "diagonal two-handed"}
"""The rules of a mercenary's arms that are no hero weapon: the halberd strikes diagonally and sweeps as a
staff does (line 969; the staff is two-handed, line 361)."""

FOE_SKILLS = {"halberdier": ("Sweep Attack",)}
"""The monster skills an enemy mercenary uses when his quest names none (line 969)."""


@lru_cache(maxsize=16)
def _foe(key: str) -> Monster | None:
    merc = catalog().mercenaries.get(key)
    if merc is None:
        return None
    weapons = [Gear(name=w, dice=0, note=FOE_GEAR_NOTES.get(key_of(w), "")) for w in merc.weapons]
    return Monster(
        name=merc.name,
        text=merc.text,
        source=merc.source,
        levels=merc.levels,
        weapons=weapons,
        skills=list(FOE_SKILLS.get(merc.key, ())),
    )


def foe(name: str) -> Monster | None:
    """The mercenary `name` as a monster, or None when no mercenary is so called ("Swordsmen" finds the
    Swordsman, as line 1185 names him)."""
    key = key_of(name)
    return _foe("swordsman" if key == "swordsmen" else key)


def monster(name: str) -> Monster:
    """A monster by name; a mercenary is one too, as the game master's enemy (line 953, `mercenary_foes`)."""
    return foe(name) or find(catalog().monsters, name, "monster")


def monster_skill(name: str) -> MonsterSkill:
    """A monster skill by name."""
    return find(catalog().monster_skills, name, "monster skill")


def mercenary(name: str) -> Mercenary:
    """A mercenary by name ("Swordsmen" finds the Swordsman, as the reprint at line 1185 names him)."""
    return find(catalog().mercenaries, "Swordsman" if key_of(name) == "swordsmen" else name, "mercenary")
