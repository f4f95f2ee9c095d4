"""The Adventures in Fantasy character: characteristics, status, age, education, funds, kit and hits.

A `Character` is a frozen pydantic model with an exact JSON round trip (`to_json` / `from_json`); every
change returns a new character. It knows the rules that follow from what it holds and nothing random:
the 75% rule for the physically untrained, the hit point formula, and the yearly income of its rank and
courses. Generation (`chargen`) and checks (`checks`) build on it; readings of the book are in
docs/rulings/adventures-in-fantasy.md. Rulebook: 002_8449cbd1010a37a5.txt.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, Field

from grognard.engine.errors import UsageError
from grognard.i18n import gettext, pgettext

Name: TypeAlias = Literal["strength", "dexterity", "intelligence", "charisma", "stamina", "health"]
"""The name of one characteristic."""

BASIC: tuple[Name, ...] = ("strength", "dexterity", "intelligence", "charisma", "health")
"""The five basic characteristics (002_8449cbd1010a37a5.txt:86-100; ruling "Basic and optional")."""

OPTIONAL: tuple[Name, ...] = ("stamina",)
"""The optional characteristic the book describes: Stamina, aka Constitution (:96)."""

ROLL_ORDER: tuple[Name, ...] = ("strength", "dexterity", "intelligence", "charisma", "stamina", "health")
"""The order the book describes them in (:88-98), which is the order they are rolled."""

PHYSICAL: tuple[Name, ...] = ("strength", "dexterity", "stamina", "health")
"""The physical characteristics old age wears down: all but Intelligence and Charisma (:251)."""

UNTRAINED: tuple[Name, ...] = ("strength", "dexterity", "stamina")
"""The ratings used at 75% without physical training (:104-106, :117, :164)."""

UNTRAINED_SHARE = Fraction(3, 4)
"""Without physical training only 75% of the rating is used (:106)."""

PHYSICAL_TRAINING = (5, 19, 22)
"""Courses that lift the 75% rule: Physical Training I (:378-382), Blacksmithing (:426), Sailor (:447)."""

HIT_POINT_DIVISORS = (2, 3, 4, 5)
"""Hit points: (Strength/2 + Stamina/3 + Dexterity/4) / 5, rounded up (:166-170; ruling "Hit points")."""

LANGUAGE_COURSES = (3, 4)
"""Courses that may be taken more than once, one language each (Count Horace's two languages, :303)."""


class Model(BaseModel):
    """Base of the character models: frozen, unknown keys refused, exact JSON round trip."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=False)


class Characteristics(Model):
    """The ratings, 01-100 when rolled (:100). `stamina` is None when the optional Stamina is not used."""

    strength: int = Field(ge=0)
    dexterity: int = Field(ge=0)
    intelligence: int = Field(ge=0)
    charisma: int = Field(ge=0)
    health: int = Field(ge=0)
    stamina: int | None = Field(default=None, ge=0)

    def get(self, name: Name) -> int | None:
        """One rating by name (None only for an unused Stamina)."""
        value: int | None = getattr(self, name)
        return value

    def value(self, name: Name) -> int:
        """One rating by name; a `UsageError` when it is Stamina and Stamina is not used."""
        found = self.get(name)
        if found is None:
            raise UsageError(
                gettext("this character has no {name} (the optional rule is not used)").format(
                    name=pgettext("sheet", name)
                )
            )
        return found

    def with_value(self, name: Name, value: int) -> Characteristics:
        """The ratings with one changed (never below 0)."""
        if name not in ROLL_ORDER:
            raise UsageError(
                gettext("no characteristic {name}; the names are {names}").format(
                    name=repr(name), names=", ".join(ROLL_ORDER)
                )
            )
        return self.model_copy(update={name: max(0, value)})

    def items(self) -> list[tuple[Name, int]]:
        """(name, rating) in the book's order, leaving out an unused Stamina."""
        return [(n, v) for n in ROLL_ORDER if (v := self.get(n)) is not None]


class Course(Model):
    """A course of Table B completed (:331-364): its number, name, months spent, and craft for course 26."""

    number: int = Field(ge=1, le=26)
    name: str
    months: int = Field(ge=0)
    craft: str = ""
    income_gp: int = 0
    social_levels: int = 0

    @property
    def label(self) -> str:
        """The course as shown: its name, and the craft in brackets."""
        return f"{self.name} ({self.craft})" if self.craft else self.name


class Item(Model):
    """An item carried: its name as the price list spells it, its weight in pounds, where it is listed."""

    name: str
    weight_lb: float = Field(ge=0)
    source: str = ""


class Character(Model):
    """An Adventures in Fantasy player character.

    Social standing: `status_level` is the number of Table A's RANK column plus any additions (age, crafts,
    quests); `position` is the rank held, `rank` that rank's own number (:192-237; ruling "Status level and
    rank"). `rolled_position`/`rolled_level` keep what Table A gave before the age bonus. `royal` marks the
    royal second roll (:210-213), `castle` a starred rank that holds land (:190), `soldier` a fighting
    position (ruling "Soldiers"). `rank_income_gp` is Table A's yearly income, None where it prints none.
    """

    name: str = ""
    characteristics: Characteristics
    age: int = Field(ge=0)
    rolled_position: str
    rolled_level: int = Field(ge=1)
    status_level: int = Field(ge=0)
    position: str
    rank: int = Field(ge=0)
    royal: bool = False
    castle: bool = False
    soldier: bool = False
    rank_income_gp: int | None = None
    courses: tuple[Course, ...] = ()
    magic_years: int = Field(default=0, ge=0)
    funds_gp: int = 0
    equipment: tuple[Item, ...] = ()
    hit_points: int = Field(default=0, ge=0)
    wounds: int = Field(default=0, ge=0)
    reputation: int = 0
    experience_level: int = 0
    alive: bool = True

    # -- JSON ---------------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The character as JSON text that `from_json` reads back exactly."""
        return self.model_dump_json()

    @classmethod
    def from_json(cls, text: str | bytes) -> Character:
        """The character `to_json` wrote; a malformed text is a pydantic `ValidationError` (a ValueError)."""
        return cls.model_validate_json(text)

    # -- training and effective ratings --------------------------------------------------------------

    def has_course(self, number: int) -> bool:
        """True when course `number` of Table B has been completed."""
        return any(c.number == number for c in self.courses)

    @property
    def physically_trained(self) -> bool:
        """Physical Training I or a course that counts as it (`PHYSICAL_TRAINING`)."""
        return any(self.has_course(n) for n in PHYSICAL_TRAINING)

    def effective(self, name: Name) -> int:
        """The rating the character can use: 75% of Strength, Dexterity or Stamina, rounded down, when
        physically untrained (ruling "The 75% rule"); every other rating in full."""
        return effective_rating(self.characteristics.value(name), name, self.physically_trained)

    @property
    def max_hit_points(self) -> int:
        """Hit points from the effective ratings (physical conditioning counts, :172)."""
        return hit_points(
            self.effective("strength"),
            self.effective("stamina") if self.characteristics.stamina is not None else None,
            self.effective("dexterity"),
        )

    @property
    def current_hit_points(self) -> int:
        """Hit points less wounds, never below 0."""
        return max(0, self.hit_points - self.wounds)

    # -- money --------------------------------------------------------------------------------------

    @property
    def course_income_gp(self) -> int:
        """Yearly income from completed courses and crafts (Table B, the craftsmen)."""
        return sum(c.income_gp for c in self.courses)

    @property
    def magician(self) -> bool:
        """True when some of the starting education went to magic (:299)."""
        return self.magic_years > 0

    @property
    def yearly_income_gp(self) -> int:
        """Rank income (none for a magician, :1860) plus course income; a rank without a printed
        income counts 0 here and is the referee's to set."""
        rank_income = 0 if self.magician else (self.rank_income_gp or 0)
        return rank_income + self.course_income_gp

    @property
    def burden_lb(self) -> float:
        """The weight of everything carried, in pounds."""
        return sum(item.weight_lb for item in self.equipment)

    @property
    def lifting_lb(self) -> int:
        """Normal lifting ability: 2 lb per point of effective Strength (:104)."""
        return 2 * self.effective("strength")

    # -- changes ------------------------------------------------------------------------------------

    def with_rating(self, name: Name, value: int) -> Character:
        """The character with one rating changed (never below 0); hit points follow the new ratings
        only through `recompute_hit_points`, so wounds already taken are kept."""
        return self.model_copy(update={"characteristics": self.characteristics.with_value(name, value)})

    def recompute_hit_points(self) -> Character:
        """The character with `hit_points` set from its current effective ratings."""
        return self.model_copy(update={"hit_points": self.max_hit_points})

    def wounded(self, hits: int) -> Character:
        """The character after taking `hits` hits of damage (negative heals, never below 0 wounds)."""
        return self.model_copy(update={"wounds": max(0, self.wounds + hits)})


def effective_rating(rating: int, name: Name, trained: bool) -> int:
    """`rating` as usable: 75% rounded down for Strength, Dexterity and Stamina when untrained."""
    if trained or name not in UNTRAINED:
        return rating
    return math.floor(rating * UNTRAINED_SHARE)


def hit_points(strength: int, stamina: int | None, dexterity: int) -> int:
    """(A/2 + B/3 + C/4) / 5 rounded up, with A Strength, B Stamina, C Dexterity (:166-170).

    The whole sum is divided by 5 and rounded up once (ruling "Hit points"); without the optional
    Stamina its term is left out.
    """
    a, b, c, whole = HIT_POINT_DIVISORS
    total = Fraction(strength, a) + Fraction(stamina or 0, b) + Fraction(dexterity, c)
    return math.ceil(total / whole)
