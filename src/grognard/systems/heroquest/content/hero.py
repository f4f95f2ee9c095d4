"""A HeroQuest hero: the model, its creation, skills, levels and spells.

`Hero` is a frozen pydantic model that round-trips through JSON exactly; every change returns a new hero.
`create_hero` applies every rule of character creation (lines 150-305 of 004_24cd6f974fe6a1ee.txt): the
class's starting statistics, the two extra points and where they may go, the race bonus, the elf's Body
cap, the dwarf's ban on magic, the starting weapon, the chosen spell groups and the one starting skill
point. `learn_skill`, `gain_experience`, `level_up`, `cross_train` and `learn_from_scroll` advance a hero
(lines 345-349, 491, 525, 605, 477). Equipment (carrying, wielding, buying, selling) is in `gear`.
Readings of the rulebook are in docs/rulings/heroquest.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from pydantic import BaseModel, ConfigDict, Field, model_validator

from grognard.engine.errors import UsageError
from grognard.i18n import gettext as _
from grognard.i18n import pgettext
from grognard.systems.heroquest.content import catalog as hq
from grognard.systems.heroquest.content import spec_text
from grognard.systems.heroquest.content.catalog import (
    ELEMENTAL_SCHOOLS,
    STATS,
    HeroClass,
    Race,
    School,
    Spell,
    Stat,
)
from grognard.systems.heroquest.content.combat_dice import more_skulls_chance

MAX_MOVEMENT = 12
"""Line 164: a hero's steps never exceed twelve, so neither does the Movement attribute."""

STARTING_GOLD = 0
"""The rulebook gives no starting gold (ruling): the game master grants any."""


class Attributes(BaseModel):
    """The six attributes (lines 152-164)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    attack: int = Field(ge=0)
    defend: int = Field(ge=0)
    body: int = Field(ge=0)
    mind: int = Field(ge=0)
    magic: int = Field(ge=0)
    movement: int = Field(ge=0)

    def get(self, stat: Stat) -> int:
        """One attribute by name."""
        value: int = getattr(self, stat)
        return value

    def plus(self, stat: Stat, amount: int) -> Attributes:
        """A copy with `amount` added to `stat`."""
        return self.model_copy(update={stat: self.get(stat) + amount})

    def as_dict(self) -> dict[Stat, int]:
        """Every attribute, in the rulebook's order."""
        return {s: self.get(s) for s in STATS}


class Equipped(BaseModel):
    """What a hero holds and wears: a weapon, the off hand (a shield or a second weapon), head, body, and
    accessories (worn artifacts). Names are catalogue names; each is also in the hero's carried lists."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    weapon: str | None = None
    off_hand: str | None = None
    head: str | None = None
    body: str | None = None
    accessories: tuple[str, ...] = ()

    def names(self) -> list[str]:
        """Everything equipped."""
        return [n for n in (self.weapon, self.off_hand, self.head, self.body) if n] + list(self.accessories)


class Hero(BaseModel):
    """A hero: who it is, its attributes (base and current), level, experience, gold, gear, skills, spells.

    `base` holds the permanent attributes (class start, extra points, race bonus, level points). `current`
    holds what is left in play: the game state lowers Body, Mind and Magic and restores them. `spells` are
    "school/Name" strings. Carried gear is listed by catalogue name (an item may appear more than once); a
    spell scroll names its spell ("Spell Scroll: other/Warmth", `scroll_name`). `spent` counts the charges
    used of the artifacts and items with a limited number of uses, as sorted (key, count) pairs, kept from
    quest to quest.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    race: str
    hero_class: str
    base: Attributes
    current: Attributes
    level: int = Field(default=1, ge=1)
    experience: int = Field(default=0, ge=0)
    gold: int = Field(default=STARTING_GOLD, ge=0)
    skill_points: int = Field(default=0, ge=0)
    skills: tuple[str, ...] = ()
    elements: tuple[School, ...] = ()
    spells: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    armour: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    artifacts: tuple[str, ...] = ()
    equipped: Equipped = Field(default_factory=Equipped)
    spent: tuple[tuple[str, int], ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> Hero:
        hq.race(self.race)
        hq.hero_class(self.hero_class)
        carried = [*self.weapons, *self.armour, *self.artifacts]
        for name in self.equipped.names():
            if hq.key_of(name) not in {hq.key_of(c) for c in carried}:
                raise ValueError(f"{name!r} is equipped but not carried")
        return self

    @property
    def race_entry(self) -> Race:
        """The hero's race in the catalogue."""
        return hq.race(self.race)

    @property
    def class_entry(self) -> HeroClass:
        """The hero's class in the catalogue."""
        return hq.hero_class(self.hero_class)

    @property
    def magic_user(self) -> bool:
        """True for a wizard or rogue mage (a dwarf never is: line 176)."""
        return self.class_entry.magic and self.race_entry.magic

    def bonus(self, stat: Stat) -> int:
        """What worn artifacts add to an attribute's total (Amulet of the North, Elven Bracers, ...)."""
        total = 0
        for name in self.equipped.accessories:
            effect = hq.artifact(name).effect
            total += {"body": effect.body, "mind": effect.mind, "magic": effect.magic}.get(stat, 0)
        return total

    def maximum(self, stat: Stat) -> int:
        """The attribute's full value: base plus worn bonuses (the "starting number" of line 497)."""
        return self.base.get(stat) + self.bonus(stat)

    def knows_skill(self, name: str) -> bool:
        """True when the hero has the skill."""
        return hq.key_of(name) in {hq.key_of(s) for s in self.skills}

    def knows_spell(self, spell: Spell) -> bool:
        """True when the spell is in the hero's spell pool."""
        return spell_id(spell) in self.spells

    def carries(self, name: str) -> int:
        """How many of the thing called `name` the hero carries."""
        key = hq.key_of(name)
        return sum(
            1 for n in (*self.weapons, *self.armour, *self.items, *self.artifacts) if hq.key_of(n) == key
        )

    def with_current(self, stat: Stat, value: int) -> Hero:
        """A copy with `current` of `stat` set to `value`, held between 0 and the attribute's maximum."""
        held = max(0, min(value, self.maximum(stat)))
        return self.model_copy(update={"current": self.current.model_copy(update={stat: held})})

    def restored(self) -> Hero:
        """A copy with every current attribute back at its maximum (a rest, or the start of a quest)."""
        full = {s: self.maximum(s) for s in STATS}
        return self.model_copy(update={"current": Attributes(**full)})


def spell_id(spell: Spell) -> str:
    """How a hero's spell pool names a spell: "school/Name"."""
    return f"{spell.school}/{spell.name}"


# ---------------------------------------------------------------------------------------------------
# Creation


@dataclass(frozen=True)
class CreationNeeds:
    """The choices a race and class leave open at creation: how many extra points and where they may go,
    the weapons to choose from (one entry: no choice), and how many spell groups to choose."""

    extra_points: int
    extra_to: tuple[Stat, ...]
    weapons: tuple[str, ...]
    elements: int


def classes_open_to(race: str | None) -> list[str]:
    """The names of the classes a hero of `race` may take (every class when no race is chosen yet): a
    race that cannot use magic takes no magic-using class (the dwarf; `creation_needs` refuses it)."""
    classes = [c.name for c in hq.catalog().classes.values()]
    if race is not None and not hq.race(race).magic:
        classes = [c for c in classes if not hq.hero_class(c).magic]
    return classes


def creation_needs(race: str, hero_class: str) -> CreationNeeds:
    """What `create_hero` needs chosen for this race and class (a dwarf may not put points into Magic)."""
    r, c = _check_race_and_class(race, hero_class)
    to = tuple(s for s in c.extra_to if r.magic or s != "magic")
    return CreationNeeds(c.extra_points, to, (c.weapon, *c.weapon_choices), c.elemental_schools)


def _a(word: str, *, race: bool = False) -> str:
    """The word with its article: "a dwarf", "an elf"; a race's or class's name in the reader's language
    ("un enano")."""
    said = pgettext("race", word) if race else _(word)
    article = _("an {word}") if word[:1].lower() in "aeiou" else _("a {word}")
    return article.format(word=said.lower())


def _check_race_and_class(race: str, hero_class: str) -> tuple[Race, HeroClass]:
    r, c = hq.race(race), hq.hero_class(hero_class)
    if c.magic and not r.magic:
        raise UsageError(
            _("{value} cannot use magic, so cannot be {value2} ({r_source})").format(
                value=_a(r.name, race=True), value2=_a(c.name), r_source=r.source
            )
        )
    return r, c


def starting_attributes(race: str, hero_class: str, extra: Sequence[Stat]) -> Attributes:
    """The class's starting statistics plus the extra points and the race bonus, every limit checked."""
    r, c = _check_race_and_class(race, hero_class)
    needs = creation_needs(race, hero_class)
    if len(extra) != needs.extra_points:
        raise UsageError(
            _(
                "{value} allots {needs_extra_points} extra points, not {extra_count} "
                "({c_stats_source}); they may go to {value2}"
            ).format(
                value=_a(c.name),
                needs_extra_points=needs.extra_points,
                extra_count=len(extra),
                c_stats_source=c.stats_source,
                value2=", ".join(needs.extra_to),
            )
        )
    values = dict(c.start)
    for stat in extra:
        if stat not in needs.extra_to:
            why = (
                _("{race} may not allot magic points ({source})").format(
                    race=_a(r.name, race=True), source=r.source
                )
                if stat == "magic"
                else ""
            )
            raise UsageError(
                _(
                    "extra point to {stat!r}: {value}'s extra points go to {value2} "
                    "({c_stats_source}){value3}"
                ).format(
                    stat=stat,
                    value=_a(c.name),
                    value2=", ".join(needs.extra_to),
                    c_stats_source=c.stats_source,
                    value3="; " + why if why else "",
                )
            )
        values[stat] += 1
    for stat, cap in r.creation_max.items():
        if values[stat] > cap:
            raise UsageError(
                _("{value} starts with at most {cap} {stat} ({r_source}), not {values}").format(
                    value=_a(r.name, race=True), cap=cap, stat=stat, r_source=r.source, values=values[stat]
                )
            )
    for stat, amount in r.bonus.items():
        values[stat] += amount
    if values["movement"] > MAX_MOVEMENT:
        raise UsageError(
            _("movement {values} is above {MAX_MOVEMENT} (line 164)").format(
                values=values["movement"], MAX_MOVEMENT=MAX_MOVEMENT
            )
        )
    return Attributes(**values)


def create_hero(
    name: str,
    race: str,
    hero_class: str,
    extra: Sequence[Stat],
    *,
    skill: str | None = None,
    weapon: str | None = None,
    elements: Sequence[str] = (),
    gold: int = STARTING_GOLD,
) -> Hero:
    """A new level-1 hero; every rule of creation is checked and a `UsageError` names the one broken.

    `extra` lists where the extra points go (a stat may repeat). `weapon` defaults to the class's standard
    weapon. `elements` are the spell groups of a wizard (three) or rogue mage (one). `skill` spends the one
    starting skill point on a skill of the hero's race or class (line 166); without it the point is kept.
    The level-1 spells of the chosen groups are learned at once (line 491).
    """
    if not name.strip():
        raise UsageError(_("a hero needs a name"))
    if gold < 0:
        raise UsageError(_("gold {gold} is below 0").format(gold=gold))
    r, c = _check_race_and_class(race, hero_class)
    needs = creation_needs(race, hero_class)
    attrs = starting_attributes(race, hero_class, extra)
    chosen_weapon = hq.weapon(weapon or c.weapon).name
    if chosen_weapon not in needs.weapons:
        raise UsageError(
            _("{value} starts with {value2} ({c_source}), not {chosen_weapon}").format(
                value=_a(c.name),
                value2=" or ".join(needs.weapons),
                c_source=c.source,
                chosen_weapon=chosen_weapon,
            )
        )
    schools = _elements(c, elements)
    hero = Hero(
        name=name.strip(),
        race=r.name,
        hero_class=c.name,
        base=attrs,
        current=attrs,
        gold=gold,
        skill_points=c.skill_points,
        elements=schools,
        weapons=(chosen_weapon,),
        equipped=Equipped(weapon=chosen_weapon),
    )
    hero = learn_level_spells(hero)
    if skill is not None:
        hero = learn_skill(hero, skill, starting=True)
    return hero


def _elements(c: HeroClass, chosen: Sequence[str]) -> tuple[School, ...]:
    wanted = [s.strip().lower() for s in chosen if s.strip()]
    if c.elemental_schools == 0:
        if wanted:
            raise UsageError(
                _("{value} casts no spells and chooses no spell groups ({c_source})").format(
                    value=_a(c.name), c_source=c.source
                )
            )
        return ()
    unknown = [s for s in wanted if s not in ELEMENTAL_SCHOOLS]
    if unknown:
        raise UsageError(
            _("no elemental spell group {unknown!r}; the groups are {value}").format(
                unknown=unknown[0], value=", ".join(ELEMENTAL_SCHOOLS)
            )
        )
    if len(set(wanted)) != len(wanted) or len(wanted) != c.elemental_schools:
        raise UsageError(
            _(
                "{value} chooses {c_elemental_schools} different spell group(s) of {value2} "
                "({c_source}), not {wanted}"
            ).format(
                value=_a(c.name),
                c_elemental_schools=c.elemental_schools,
                value2=", ".join(ELEMENTAL_SCHOOLS),
                c_source=c.source,
                wanted=wanted,
            )
        )
    return tuple(s for s in ELEMENTAL_SCHOOLS if s in wanted)


# ---------------------------------------------------------------------------------------------------
# Skills


def _groups(hero: Hero, *, starting: bool) -> list[str]:
    groups = [*hero.class_entry.skill_groups, hq.key_of(hero.race)]
    return groups if starting else [*groups, "weapon"]


def skill_problem(hero: Hero, name: str, *, starting: bool = False) -> str | None:
    """Why the hero may not take the skill now, or None when it may (cost, offer, minimums, prerequisite)."""
    entry = hq.skill(name)
    if hero.knows_skill(entry.name):
        return _("{hero_name} already has {entry_name}").format(hero_name=hero.name, entry_name=_(entry.name))
    groups = _groups(hero, starting=starting)
    offers = [o for o in entry.offers if o.group in groups]
    if not offers:
        whose = _("race or class") if starting else _("race, class or the weapon skills")
        offered = ", ".join(entry.groups)
        return _(
            "{entry_name} is offered to {offered}, not to {hero_name}'s {whose} ({entry_source})"
        ).format(
            entry_name=_(entry.name),
            offered=offered,
            hero_name=hero.name,
            whose=whose,
            entry_source=entry.source,
        )
    if entry.cost > hero.skill_points:
        return _("{entry_name} costs {entry_cost} skill points; {hero_name} has {hero_skill_points}").format(
            entry_name=_(entry.name),
            entry_cost=entry.cost,
            hero_name=hero.name,
            hero_skill_points=hero.skill_points,
        )
    reasons = []
    for o in offers:
        short = [f"{s} {v}" for s, v in o.minimums.items() if hero.base.get(s) < v]
        missing = [r for r in o.requires if not hero.knows_skill(r)]
        if not short and not missing:
            return None
        need = [f"at least {x}" for x in short] + [f"the skill {m}" for m in missing]
        reasons.append(f"{', '.join(need)} ({o.source})")
    return f"{entry.name} needs " + "; or ".join(reasons)


def learn_skill(hero: Hero, name: str, *, starting: bool = False) -> Hero:
    """The hero with the skill bought for its cost in skill points (a `UsageError` says why not).

    `starting` limits the offer to the hero's race and class, as the starting point is (line 166).
    Minimums are checked against base attributes.
    """
    problem = skill_problem(hero, name, starting=starting)
    if problem is not None:
        raise UsageError(problem)
    entry = hq.skill(name)
    return hero.model_copy(
        update={"skills": (*hero.skills, entry.name), "skill_points": hero.skill_points - entry.cost}
    )


def skill_options(hero: Hero, *, starting: bool = False) -> list[str]:
    """Every skill the hero could take now."""
    return [
        s.name for s in hq.catalog().skills.values() if skill_problem(hero, s.name, starting=starting) is None
    ]


# ---------------------------------------------------------------------------------------------------
# Experience and levels


@dataclass(frozen=True)
class Thresholds:
    """The experience needed for each level, which the game master sets (line 349).

    `points` are the totals needed to reach levels 2, 3, ...; past the list each level needs the last
    step again. Empty: the rulebook's example, a linear scale of 40, 80, 120, ...
    """

    points: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if any(p < 1 for p in self.points) or any(
            b <= a for a, b in zip(self.points, self.points[1:], strict=False)
        ):
            raise UsageError(
                _("thresholds {value} must be positive and rising").format(value=list(self.points))
            )

    @classmethod
    def parse(cls, text: str) -> Thresholds:
        """Thresholds from "80,100,120"; an empty text is the default scale."""
        parts = [p.strip() for p in text.split(",") if p.strip()]
        if not all(p.isdigit() for p in parts):
            raise UsageError(
                _("thresholds {text!r} are not whole numbers separated by commas").format(text=text)
            )
        return cls(tuple(int(p) for p in parts))

    def needed(self, level: int) -> int:
        """The experience needed to reach `level` (0 for level 1)."""
        if level < 1:
            raise UsageError(_("level {level} is below 1").format(level=level))
        if not self.points:
            return hq.catalog().experience.threshold(level)
        if level == 1:
            return 0
        if level - 2 < len(self.points):
            return self.points[level - 2]
        last = self.points[-1]
        step = last - self.points[-2] if len(self.points) > 1 else last
        return last + step * (level - 1 - len(self.points))

    def level_for(self, experience: int) -> int:
        """The highest level `experience` reaches."""
        level = 1
        while self.needed(level + 1) <= experience:
            level += 1
        return level


DEFAULT_THRESHOLDS = Thresholds()
"""The rulebook's example scale: 40 to reach level 2, 80 for level 3, 120 for level 4 (line 349)."""


def gain_experience(hero: Hero, points: int) -> Hero:
    """The hero with `points` more experience (levels are taken with `level_up`)."""
    if points < 0:
        raise UsageError(_("experience points {points} are below 0").format(points=points))
    return hero.model_copy(update={"experience": hero.experience + points})


def gain_gold(hero: Hero, amount: int) -> Hero:
    """The hero with `amount` more gold (found, or granted by the game master)."""
    if amount < 0 and hero.gold + amount < 0:
        raise UsageError(
            _("{hero_name} has {hero_gold} gold, not {value}").format(
                hero_name=hero.name, hero_gold=hero.gold, value=-amount
            )
        )
    return hero.model_copy(update={"gold": hero.gold + amount})


def levels_due(hero: Hero, thresholds: Thresholds = DEFAULT_THRESHOLDS) -> int:
    """How many levels the hero's experience has earned and not yet taken."""
    return max(0, thresholds.level_for(hero.experience) - hero.level)


def attribute_problem(hero: Hero, stat: Stat) -> str | None:
    """Why the level's attribute point may not go to `stat`, or None."""
    if stat not in STATS:
        return _("no attribute {stat!r}; the attributes are {value}").format(
            stat=stat, value=", ".join(STATS)
        )
    if stat == "magic" and not hero.magic_user:
        return _("{hero_name} cannot use magic, so a point in Magic is refused (lines 176, 180, 209)").format(
            hero_name=hero.name
        )
    if stat == "movement" and hero.base.movement >= MAX_MOVEMENT:
        return _("movement is at most {MAX_MOVEMENT} (line 164)").format(MAX_MOVEMENT=MAX_MOVEMENT)
    return None


def level_up(hero: Hero, stat: Stat, thresholds: Thresholds = DEFAULT_THRESHOLDS) -> Hero:
    """The next level: an attribute point to `stat`, a skill point, and the new level's spells (line 349)."""
    due = levels_due(hero, thresholds)
    if due < 1:
        need = thresholds.needed(hero.level + 1)
        raise UsageError(
            _("{hero_name} has {hero_experience} experience; level {value} needs {need} (line 349)").format(
                hero_name=hero.name, hero_experience=hero.experience, value=hero.level + 1, need=need
            )
        )
    problem = attribute_problem(hero, stat)
    if problem is not None:
        raise UsageError(problem)
    raised = hero.model_copy(
        update={
            "level": hero.level + 1,
            "base": hero.base.plus(stat, 1),
            "current": hero.current.plus(stat, 1),
            "skill_points": hero.skill_points + hq.catalog().experience.skill_points_per_level,
        }
    )
    return learn_level_spells(raised)


# ---------------------------------------------------------------------------------------------------
# Spells


def level_spells(hero: Hero) -> list[Spell]:
    """The spells the hero learns by level (line 491): its chosen groups, and the elf spells for an elf."""
    if not hero.magic_user:
        return []
    schools: set[str] = set(hero.elements)
    if hq.key_of(hero.race) == "elf":
        schools.add("elf")
    return [
        s
        for s in hq.catalog().spells.values()
        if s.school in schools and s.level is not None and s.level <= hero.level
    ]


def learn_level_spells(hero: Hero) -> Hero:
    """The hero with every spell its level and groups allow added to its pool (learning is free)."""
    new = [spell_id(s) for s in level_spells(hero) if not hero.knows_spell(s)]
    return hero.model_copy(update={"spells": (*hero.spells, *new)}) if new else hero


def casting_level(hero: Hero, spell: Spell) -> int:
    """The level at which the hero may cast `spell`: its level, +1 for a non-elf's elf spell (line 525)."""
    if spell.level is None:
        return 1
    extra = 1 if spell.school == "elf" and hq.key_of(hero.race) != "elf" else 0
    return spell.level + extra


def can_cast(hero: Hero, spell: Spell) -> bool:
    """True when the spell is in the hero's pool and the hero's level allows it (lines 477, 605)."""
    return hero.knows_spell(spell) and hero.level >= casting_level(hero, spell)


def castable_spells(hero: Hero) -> list[Spell]:
    """Every spell of the hero's pool it may cast at its level."""
    return [s for s in (hq.spell(n) for n in hero.spells) if can_cast(hero, s)]


def _learner(hero: Hero, spell: Spell) -> None:
    if not hero.magic_user:
        raise UsageError(
            _("{hero_name} is not a magic-user and learns no spells (line 491)").format(hero_name=hero.name)
        )
    if hero.knows_spell(spell):
        raise UsageError(
            _("{hero_name} already knows {spell_name}").format(hero_name=hero.name, spell_name=_(spell.name))
        )


def cross_training_chance(learner: Hero, teacher_mind: int) -> Fraction:
    """The chance the learner rolls more skulls than the teacher, each rolling starting Mind (line 605)."""
    return more_skulls_chance(learner.maximum("mind"), teacher_mind)


def cross_train(
    learner: Hero,
    spell: str,
    *,
    learner_skulls: int,
    teacher_skulls: int,
    teacher: Hero | None = None,
    teacher_is_elf: bool = False,
) -> tuple[Hero, bool]:
    """Spell cross-training between quests (line 605): the learner keeps the spell when it rolls more skulls.

    `teacher` is a fellow hero (it must know the spell) or None for a friendly NPC, whose word the game
    master gives (`teacher_is_elf`). An elf spell is taught to a non-elf only by an elf (line 525).
    Returns the hero and whether the spell was learned.
    """
    entry = hq.spell(spell)
    _learner(learner, entry)
    if teacher is not None:
        if not teacher.knows_spell(entry):
            raise UsageError(
                _("{teacher_name} does not know {entry_name}, so cannot teach it").format(
                    teacher_name=teacher.name, entry_name=_(entry.name)
                )
            )
        teacher_is_elf = hq.key_of(teacher.race) == "elf"
    if entry.school == "elf" and hq.key_of(learner.race) != "elf" and not teacher_is_elf:
        raise UsageError(
            _("{entry_name} is an elf spell: only an elf may teach it to a {learner_race} (line 525)").format(
                entry_name=_(entry.name), learner_race=learner.race
            )
        )
    if min(learner_skulls, teacher_skulls) < 0:
        raise UsageError(_("skulls are counted from 0"))
    if learner_skulls > learner.maximum("mind") or (
        teacher is not None and teacher_skulls > teacher.maximum("mind")
    ):
        raise UsageError(
            _("more skulls than dice: each side rolls its starting Mind in combat dice (line 605)")
        )
    if learner_skulls <= teacher_skulls:
        return learner, False
    return learner.model_copy(update={"spells": (*learner.spells, spell_id(entry))}), True


SCROLL = "Spell Scroll"
"""The catalogue name of a spell scroll (line 477); a carried one names its spell after a colon."""


def scroll_name(spell: Spell) -> str:
    """How a scroll of `spell` is carried: "Spell Scroll: school/Name"."""
    return f"{SCROLL}: {spell_id(spell)}"


def scroll_spell(name: str) -> Spell | None:
    """The spell a carried scroll names; None for anything else, or a scroll that names none."""
    head, rest = spec_text.thing_head(name), spec_text.thing_detail(name)
    if hq.key_of(head) != hq.key_of(SCROLL) or not rest.strip():
        return None
    return hq.spell(rest.strip())


def learn_from_scroll(hero: Hero, spell: str) -> Hero:
    """A magic-user adds a scroll's unknown spell to its pool, using the scroll up (line 477): a scroll
    naming that spell, or one that names none."""
    entry = hq.spell(spell)
    _learner(hero, entry)
    artifacts = list(hero.artifacts)
    named = [a for a in artifacts if scroll_spell(a) == entry]
    blank = [a for a in artifacts if hq.key_of(a) == hq.key_of(SCROLL)]
    if not named and not blank:
        raise UsageError(
            _("{hero_name} carries no spell scroll of {entry_name}").format(
                hero_name=hero.name, entry_name=_(entry.name)
            )
        )
    artifacts.remove((named or blank)[0])
    return hero.model_copy(update={"spells": (*hero.spells, spell_id(entry)), "artifacts": tuple(artifacts)})
