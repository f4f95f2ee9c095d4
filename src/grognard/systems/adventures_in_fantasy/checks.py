"""Characteristic checks: Dexterity under a burden, Intelligence, Charisma influence, Health.

Every check throws two d20 read as 01-100 (00 = 100) and succeeds on a roll at or under its target
(002_8449cbd1010a37a5.txt:110-121). A referee who rolled at the table may hand the number in instead
(`given`). Every function returns the rolls it made; the optional rules are keyword arguments, and
`OPTIONS` declares them for a GameInfo. Readings are in docs/rulings/adventures-in-fantasy.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, TypeAlias

from grognard.engine.dice.core import Rng, Roll, d6, percentile
from grognard.engine.errors import UsageError
from grognard.engine.game import OptionInfo
from grognard.i18n import N_, gettext
from grognard.systems.adventures_in_fantasy.character import PHYSICAL, Character, effective_rating
from grognard.systems.adventures_in_fantasy.charts import Bands
from grognard.systems.adventures_in_fantasy.lookups import death_chance
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK, get_table

Aging: TypeAlias = Literal["yearly", "on-reaching"]
"""When old age takes its toll: every year of an asterisked age, or once on reaching each band."""

AGING_MODES: tuple[Aging, ...] = ("yearly", "on-reaching")

LB_PER_DEXTERITY_POINT = 2
"""One Dexterity point off for every two pounds carried while doing the feat (:112)."""

RECOVERY_WEEKS_DIVISOR = 10
"""Weeks recovering from poison or disease: Health divided by 10, rounded down (:180-182)."""

OPTIONS = (
    OptionInfo(
        "influence_status",
        "Influence: add own and subtract the other's Social Status (:131).",
        False,
        (True, False),
    ),
    OptionInfo(
        "influence_reputation",
        "Influence: add own and subtract the other's reputation (:144-154).",
        False,
        (True, False),
    ),
    OptionInfo(
        "sickness_health_loss",
        "Each week sick costs one Health point for good (lines 253-255).",
        False,
        (True, False),
    ),
    OptionInfo(
        "aging",
        "Old age losses every year of an asterisked age, or once on reaching each band (line 251).",
        "yearly",
        AGING_MODES,
    ),
)
"""The rule variants of the checks, for a GameInfo."""


def given_roll(value: int, what: str = N_("roll")) -> Roll:
    """A roll the referee made at the table, 1-100; anything else is a `UsageError` naming it."""
    if not 1 <= value <= 100:
        raise UsageError(
            gettext("{what} {value} is not a percentile roll (1-100)").format(what=gettext(what), value=value)
        )
    return Roll("d100", (), value, "(given)")


def _throw(rng: Rng, given: int | None, what: str = N_("roll")) -> Roll:
    return percentile(rng) if given is None else given_roll(given, what)


def chance(target: int) -> Fraction:
    """The exact chance that two d20 read 01-100 come at or under `target`."""
    return Fraction(max(0, min(100, target)), 100)


@dataclass(frozen=True)
class Check:
    """One roll against a target: what was checked, the target and how it was found, the roll, the outcome."""

    label: str
    target: int
    roll: Roll
    success: bool
    detail: str
    source: str

    @property
    def chance(self) -> Fraction:
        """The exact chance this check had."""
        return chance(self.target)


def check(rng: Rng, label: str, target: int, detail: str, source: str, given: int | None = None) -> Check:
    """Roll (or take `given`) against `target`: at or under succeeds."""
    roll = _throw(rng, given)
    return Check(label, target, roll, roll.total <= target, detail, source)


# ---------------------------------------------------------------------------------------------------
# Dexterity and Intelligence


def dexterity_target(dexterity: int, burden_lb: float = 0, trained: bool = True) -> int:
    """Dexterity for a feat: 75% when untrained (:117), less a point per full two pounds carried (:112),
    never below 0 (ruling "Dexterity under a burden")."""
    if burden_lb < 0:
        raise UsageError(gettext("burden {burden} lb cannot be negative").format(burden=burden_lb))
    usable = effective_rating(dexterity, "dexterity", trained)
    return max(0, usable - math.floor(burden_lb / LB_PER_DEXTERITY_POINT))


def dexterity_check(
    rng: Rng, dexterity: int, burden_lb: float = 0, *, trained: bool = True, given: int | None = None
) -> Check:
    """A feat of quickness or precision (:110-117)."""
    target = dexterity_target(dexterity, burden_lb, trained)
    usable = effective_rating(dexterity, "dexterity", trained)
    how = f"Dexterity {dexterity}" + ("" if trained else f", 75% untrained = {usable}")
    if burden_lb:
        how += f", - {math.floor(burden_lb / LB_PER_DEXTERITY_POINT)} for {burden_lb:g} lb carried"
    return check(rng, "Dexterity", target, how, f"{RULEBOOK}:110-117", given)


def character_dexterity_check(rng: Rng, character: Character, given: int | None = None) -> Check:
    """A Dexterity check for a character carrying everything it holds."""
    return dexterity_check(
        rng,
        character.characteristics.dexterity,
        character.burden_lb,
        trained=character.physically_trained,
        given=given,
    )


def intelligence_check(rng: Rng, intelligence: int, given: int | None = None) -> Check:
    """Solving a problem the referee poses (:121)."""
    return check(rng, "Intelligence", intelligence, f"Intelligence {intelligence}", f"{RULEBOOK}:121", given)


# ---------------------------------------------------------------------------------------------------
# Charisma: influence


@dataclass(frozen=True)
class Modifier:
    """One term of the influence modifier: what it is and its signed value."""

    label: str
    value: int


@dataclass(frozen=True)
class Influence:
    """An attempt to influence: the first roll (may he try?), the base, the modifiers, the chance and the
    second roll. `chance` and `second` are None when he may not try."""

    charisma: int
    target_charisma: int
    first: Roll
    may_try: bool
    base: int | None
    modifiers: tuple[Modifier, ...]
    chance: int | None
    second: Roll | None
    success: bool

    @property
    def modifier(self) -> int:
        """The sum of the modifiers."""
        return sum(m.value for m in self.modifiers)


def influence_modifiers(
    status: tuple[int, int] | None = None, reputation: tuple[int, int] | None = None
) -> tuple[Modifier, ...]:
    """Own status and reputation added, the other's subtracted (:131, :144-154); each pair is (own, other)."""
    found: list[Modifier] = []
    for name, pair in (("status", status), ("reputation", reputation)):
        if pair is None:
            continue
        own, other = pair
        found += [Modifier(f"own {name}", own), Modifier(f"other's {name}", -other)]
    return tuple(found)


def influence_chance(
    first_roll: int,
    charisma: int,
    target_charisma: int,
    status: tuple[int, int] | None = None,
    reputation: tuple[int, int] | None = None,
) -> tuple[int | None, int | None]:
    """(base, chance) after a first roll: (None, None) when the roll is over Charisma (:127); chance None
    when the modified number is under 01 (:129; ruling "Influence")."""
    if first_roll > charisma:
        return None, None
    base = first_roll + charisma - target_charisma
    final = base + sum(m.value for m in influence_modifiers(status, reputation))
    return base, (final if final >= 1 else None)


def influence(
    rng: Rng,
    charisma: int,
    target_charisma: int,
    *,
    status: tuple[int, int] | None = None,
    reputation: tuple[int, int] | None = None,
    first_roll: int | None = None,
    second_roll: int | None = None,
) -> Influence:
    """Influence another character (:125-158): roll at or under Charisma to try; the chance is that
    roll plus Charisma less the other's Charisma, with the optional modifiers; roll at or under it."""
    first = _throw(rng, first_roll, N_("first roll"))
    base, final = influence_chance(first.total, charisma, target_charisma, status, reputation)
    mods = influence_modifiers(status, reputation)
    second = None if final is None else _throw(rng, second_roll, N_("second roll"))
    return Influence(
        charisma=charisma,
        target_charisma=target_charisma,
        first=first,
        may_try=base is not None,
        base=base,
        modifiers=mods,
        chance=final,
        second=second,
        success=second is not None and final is not None and second.total <= final,
    )


def influence_probability(
    charisma: int,
    target_charisma: int,
    status: tuple[int, int] | None = None,
    reputation: tuple[int, int] | None = None,
) -> Fraction:
    """The exact chance that an attempt succeeds, both rolls to come."""
    total = Fraction(0)
    for first in range(1, 101):
        _, final = influence_chance(first, charisma, target_charisma, status, reputation)
        if final is not None:
            total += chance(final)
    return total / 100


# ---------------------------------------------------------------------------------------------------
# Health


def recovery_week(rng: Rng, health: int, given: int | None = None) -> Check:
    """A week of complete rest: at or under Health cures one hit point (:176-178)."""
    return check(rng, "Recovery", health, f"Health {health}: one hit point cured", f"{RULEBOOK}:178", given)


def rest(rng: Rng, character: Character, weeks: int) -> tuple[Character, tuple[Check, ...]]:
    """`weeks` of complete rest: one recovery roll a week while wounds remain."""
    if weeks < 0:
        raise UsageError(gettext("weeks {weeks} cannot be negative").format(weeks=weeks))
    checks: list[Check] = []
    for _ in range(weeks):
        if character.wounds == 0:
            break
        done = recovery_week(rng, character.characteristics.health)
        checks.append(done)
        if done.success:
            character = character.wounded(-1)
    return character, tuple(checks)


@dataclass(frozen=True)
class Recovery:
    """Poison or disease: the single recovery roll and, on a success, the weeks spent recovering."""

    check: Check
    weeks: int | None


def poison_or_disease(rng: Rng, health: int, given: int | None = None) -> Recovery:
    """One roll against Health; a success spends Health // 10 weeks recovering (:180-182). What a
    failure does is the poison's or the disease's (the book does not say here)."""
    done = check(rng, "Poison or disease", health, f"Health {health}", f"{RULEBOOK}:180-182", given)
    return Recovery(done, health // RECOVERY_WEEKS_DIVISOR if done.success else None)


def sickness(character: Character, weeks: int, *, magic_cured: bool = False) -> Character:
    """Optional: each week sick costs one Health point for good, unless magic cured it (:253-255)."""
    if weeks < 0:
        raise UsageError(gettext("weeks {weeks} cannot be negative").format(weeks=weeks))
    if magic_cured:
        return character
    return character.with_rating("health", character.characteristics.health - weeks)


def round_half_up(value: Fraction) -> int:
    """The book's rounding: to the nearest whole number, .5 up (:415)."""
    return math.floor(value + Fraction(1, 2))


def old_age_loss(age: int, mode: Aging = "yearly") -> int:
    """Points off every physical characteristic at `age`: half the death chance, rounded half up, in
    the asterisked bands (46 and over); with `on-reaching`, only at each band's first age (:251)."""
    if mode not in AGING_MODES:
        raise UsageError(
            gettext("aging {mode} is not one of {modes}").format(
                mode=repr(mode), modes=", ".join(AGING_MODES)
            )
        )
    entry = get_table("table-of-death")
    assert isinstance(entry, Bands)
    band = entry.lookup(age)
    if not band.result.get("aging"):
        return 0
    if mode == "on-reaching" and age != band.low:
        return 0
    return round_half_up(Fraction(death_chance(age), 2))


def grow_old(character: Character, loss: int) -> Character:
    """`loss` points off every physical rating the character has; hit points follow (:172, :251)."""
    if loss == 0:
        return character
    for name in PHYSICAL:
        value = character.characteristics.get(name)
        if value is not None:
            character = character.with_rating(name, value - loss)
    return character.recompute_hit_points()


@dataclass(frozen=True)
class DeathRoll:
    """The yearly roll on the Table of Death (:239-251) and what followed it."""

    age: int
    death_chance: int
    roll: Roll
    save: Check | None
    illness: Roll | None
    died: bool
    aging_loss: int

    @property
    def rolls(self) -> tuple[Roll, ...]:
        """Every roll thrown, in order."""
        found = [self.roll]
        if self.save:
            found.append(self.save.roll)
        if self.illness:
            found.append(self.illness)
        return tuple(found)


def death_roll(
    rng: Rng,
    age: int,
    health: int,
    *,
    aging: Aging = "yearly",
    given: int | None = None,
    given_save: int | None = None,
) -> DeathRoll:
    """The year's roll at `age`: at or under the death chance, save against Health or die; a save
    means 1-6 weeks ill (a d6; ruling "Natural death"). A survivor of an asterisked age loses
    `old_age_loss` from each physical characteristic."""
    if age < 0:
        raise UsageError(gettext("age {age} cannot be negative").format(age=age))
    risk = death_chance(age)
    roll = _throw(rng, given)
    save: Check | None = None
    illness: Roll | None = None
    died = False
    if roll.total <= risk:
        save = check(rng, "Health save", health, f"Health {health}", f"{RULEBOOK}:241", given_save)
        if save.success:
            illness = d6(rng)
        else:
            died = True
    loss = 0 if died else old_age_loss(age, aging)
    return DeathRoll(age, risk, roll, save, illness, died, loss)


@dataclass(frozen=True)
class NaturalDeath:
    """A character's year on the Table of Death: the roll and the character after it."""

    year: DeathRoll
    character: Character


def natural_death_year(
    rng: Rng,
    character: Character,
    *,
    aging: Aging = "yearly",
    sickness_health_loss: bool = False,
    given: int | None = None,
    given_save: int | None = None,
) -> NaturalDeath:
    """`death_roll` at the character's age, applied: death, weeks of illness (costing Health when the
    optional sickness rule is used) and old age's losses. The caller advances the age."""
    year = death_roll(
        rng, character.age, character.characteristics.health, aging=aging, given=given, given_save=given_save
    )
    if year.died:
        return NaturalDeath(year, character.model_copy(update={"alive": False}))
    if year.illness is not None and sickness_health_loss:
        character = sickness(character, year.illness.total)
    return NaturalDeath(year, grow_old(character, year.aging_loss))
