"""Education in play: the Basic Learning Formula, the three attempts, breaks in study, weapons.

Pure functions of plain numbers, a `Character` and a seeded `Rng`; every die thrown is kept as a
`Roll`, every chance is exact (`Fraction`), and every result names the book's line. The course data is
Table B (`chargen.courses_chart`); starting education, which needs no learning roll, is in `chargen`;
ranks, the guild record and broken apprenticeships (restart, forgiveness) are in `apprenticeship`.
Readings of the book are under "Education" in docs/rulings/adventures-in-fantasy.md.
Rulebook: 002_8449cbd1010a37a5.txt, lines 269-422.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from grognard.engine.dice.core import Rng, Roll, percentile
from grognard.engine.errors import UsageError
from grognard.i18n import N_, gettext
from grognard.systems.adventures_in_fantasy.character import Character
from grognard.systems.adventures_in_fantasy.chargen import (
    MONTHS_PER_YEAR,
    CourseChoice,
    course,
    courses_chart,
    crafts_chart,
)
from grognard.systems.adventures_in_fantasy.checks import given_roll, round_half_up
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK

WEEKS_PER_MONTH = 4
"""Four seven-day weeks in a 28-day month of the game calendar (:654)."""

ATTEMPTS = 3
"""Three attempts at a course (:293)."""

WAIT_FACTOR = 3
"""After three failures, wait three times the course's average time (:293)."""

WAIT_LIMIT_YEARS = 10
"""A wait of more than ten years is added to the failure chance instead (:293)."""

REPEAT_SHARE = Fraction(1, 2)
"""A course taken a second time takes half as long (:293)."""

ENGINEER = 20
SECOND_ENGINEER_SHARE = Fraction(3, 4)
"""Course 20 has two classes, civil and military; with one mastered, the other takes 75% of the time
(:430)."""

LANGUAGE_COURSES = (3, 4)
LANGUAGE_ERROR_BASE = 15
LANGUAGE_INTELLIGENCE_DIVISOR = 3
"""A non-native language is spoken, read and written with 15% less a third of Intelligence of error
(:374, :376; ruling "Education: a language's chance of error")."""

FORESTER = 25
FORESTER_HALF_TIME = (10, 14, 18)
"""A Forester learns bow, spear and dagger in half the time (:456)."""

LONGEST_BREAK_WEEKS = 2
YEARLY_BREAK_WEEKS = 2 * WEEKS_PER_MONTH
"""No break over two weeks running, nor over two months in a year (:281)."""

BREAK_LOSS = Fraction(1, 2)
"""A student past the limits loses half his accumulated time (:281)."""

WEAPON_COURSES = range(10, 19)
"""Courses 10-18 are the weapons (:410)."""

UNTRAINED_SHARE = Fraction(1, 3)
HALF_TRAINED_SHARE = Fraction(2, 3)
"""An untrained fighter hits at 1/3 of the base; from half the course done, 2/3 (:412-413)."""

PRACTICE_HOURS_PER_MONTH = 12
"""Under 12 hours of practice in a month costs 10% of the skill (:414)."""

DETERIORATION = Fraction(1, 10)

WEAPON_COURSE = {
    **dict.fromkeys(("bow", "composite bow", "crossbow", "long bow"), 10),
    **dict.fromkeys(("shield", "shield (heavy)", "shield (light)"), 11),
    "sword": 12,
    **dict.fromkeys(("two-handed sword", "two-handed axe"), 13),
    **dict.fromkeys(("spear", "flail"), 14),
    "club": 15,
    "axe": 16,
    "pike": 17,
    "dagger": 18,
}
"""The course that trains each weapon, with the book's equivalents (:344-352, :416-422)."""


def _source(lines: str) -> str:
    return f"{RULEBOOK}:{lines}"


# ---------------------------------------------------------------------------------------------------
# Courses


@dataclass(frozen=True)
class CourseFacts:
    """What Table B says of a course: name, average time T, complexity C, apprenticeship, income."""

    choice: CourseChoice
    label: str
    months: int
    complexity: int
    apprenticeship: bool
    income_gp: int
    source: str


def facts(choice: CourseChoice) -> CourseFacts:
    """Table B's row for a course (the craft's income for course 26)."""
    row = courses_chart().row(str(choice.number))
    months, complexity = row.get("months"), row.get("complexity")
    assert isinstance(months, int) and isinstance(complexity, int)
    taken = course(choice)
    income = taken.income_gp
    if choice.craft:
        craft_income = crafts_chart().row(choice.craft).get("income_gp")
        income = craft_income if isinstance(craft_income, int) else 0
    return CourseFacts(
        choice, taken.label, months, complexity, bool(row.get("apprenticeship")), income, row.source
    )


def required_months(
    choice: CourseChoice, *, repeat: bool = False, forester: bool = False, second_engineer: bool = False
) -> Fraction:
    """T: Table B's average time, halved for a Forester's bow, spear or dagger (:456), cut to 75% for
    the second engineer class by one who has mastered the first (:430), and halved again for a second
    time through the course (:293)."""
    months = Fraction(facts(choice).months)
    if forester and choice.number in FORESTER_HALF_TIME:
        months *= Fraction(1, 2)
    if second_engineer:
        if choice.number != ENGINEER:
            raise UsageError(
                gettext("the second engineer class is course {engineer}, not {course} (line 430)").format(
                    engineer=ENGINEER, course=choice.number
                )
            )
        months *= SECOND_ENGINEER_SHARE
    if repeat:
        months *= REPEAT_SHARE
    return months


def language_error(intelligence: int) -> int:
    """The percent chance of an error in a non-native language, spoken (course 3) or read and
    written (course 4): 15 less Intelligence divided by three, fractions of the division dropped,
    never below 0 (:374, :376; ruling "Education: a language's chance of error")."""
    if not 0 <= intelligence <= 100:
        raise UsageError(
            gettext("intelligence {intelligence} is not a rating from 0 to 100").format(
                intelligence=intelligence
            )
        )
    return max(0, LANGUAGE_ERROR_BASE - intelligence // LANGUAGE_INTELLIGENCE_DIVISOR)


def language_error_chance(intelligence: int) -> Fraction:
    """The exact chance that a throw of two d20 read 01-100 comes at or under `language_error`."""
    return Fraction(language_error(intelligence), 100)


# ---------------------------------------------------------------------------------------------------
# The Basic Learning Formula and the attempts


@dataclass(frozen=True)
class Waiting:
    """After three failed attempts: the wait, and whether it is long enough to become a penalty."""

    months: Fraction
    years: Fraction
    penalty: Fraction
    source: str = _source("293")

    @property
    def barred(self) -> bool:
        """True when the wait passes ten years: the years are added to the failure chance instead."""
        return self.penalty > 0


def waiting(first_months: Fraction) -> Waiting:
    """Three times the course's average time; past ten 13-month years the player need not wait, but
    the years are added to his failure chance on every later throw (:293; ruling "Education: waiting")."""
    months = first_months * WAIT_FACTOR
    years = months / MONTHS_PER_YEAR
    return Waiting(months, years, years if years > WAIT_LIMIT_YEARS else Fraction(0))


@dataclass(frozen=True)
class LearningOdds:
    """The Basic Learning Formula worked out: (T / A x C) - P, plus any waiting penalty (:283-289)."""

    course: CourseFacts
    required: Fraction
    months: Fraction
    intelligence: int
    penalty: Fraction
    formula: Fraction
    failure: int
    source: str = _source("283-293")

    @property
    def failure_chance(self) -> Fraction:
        """The exact chance that a throw of two d20 read 01-100 comes at or under the failure chance."""
        return Fraction(self.failure, 100)

    @property
    def success_chance(self) -> Fraction:
        """The exact chance of mastering the course with one throw."""
        return 1 - self.failure_chance

    def detail(self) -> str:
        """The formula with its numbers, as the referee would write it, in the reader's language."""
        return gettext(self._sentence()).format(**self._places())

    def written(self) -> str:
        """`detail` in English, as the campaign's log keeps it (said again by `words.told`)."""
        return self._sentence().format(**self._places())

    def _sentence(self) -> str:
        if self.penalty:
            return N_(
                "({required} / {months} x {complexity}) - {intelligence} + {penalty} (waiting years) ="
                " {formula} -> {failure}% to fail"
            )
        return N_("({required} / {months} x {complexity}) - {intelligence} = {formula} -> {failure}% to fail")

    def _places(self) -> dict[str, str | int]:
        return {
            "required": _num(self.required),
            "months": _num(self.months),
            "complexity": self.course.complexity,
            "intelligence": self.intelligence,
            "penalty": _num(self.penalty),
            "formula": _num(self.formula),
            "failure": self.failure,
        }


def _num(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def learning_odds(
    choice: CourseChoice,
    intelligence: int,
    months: Fraction | int,
    *,
    repeat: bool = False,
    forester: bool = False,
    second_engineer: bool = False,
) -> LearningOdds:
    """The chance of failing a course after `months` of study (A) with Intelligence P.

    The formula's result is rounded half up (:415) and held within 0-100 (ruling "Education: the
    formula"); a second time through halves T and adds the first wait's penalty if it passed ten years.
    """
    if not 0 <= intelligence <= 100:
        raise UsageError(
            gettext("intelligence {intelligence} is not a rating from 0 to 100").format(
                intelligence=intelligence
            )
        )
    spent = Fraction(months)
    if spent <= 0:
        raise UsageError(gettext("months {months} of study must be more than 0").format(months=months))
    info = facts(choice)
    required = required_months(choice, repeat=repeat, forester=forester, second_engineer=second_engineer)
    first = required_months(choice, forester=forester, second_engineer=second_engineer)
    penalty = waiting(first).penalty if repeat else Fraction(0)
    formula = required / spent * info.complexity - intelligence + penalty
    failure = max(0, min(100, round_half_up(formula)))
    return LearningOdds(info, required, spent, intelligence, penalty, formula, failure)


def attempt_problem(number: int, months: Fraction, required: Fraction, apprenticeship: bool) -> str:
    """Why attempt `number` may not be thrown after `months` of a course of T months ("" if it may):
    the first before T, the second at T, the third after it (:293); never an apprenticeship before T
    (:297)."""
    if number not in range(1, ATTEMPTS + 1):
        return gettext("attempt {number}: there are three attempts (1-3)").format(number=number)
    if number == 1 and months >= required:
        return gettext("attempt 1 comes before the average time ({required} months), not at {months}").format(
            required=_num(required), months=_num(months)
        )
    if number == 1 and apprenticeship:
        return gettext("attempt 1: an apprenticeship is never completed before its average time (line 297)")
    if number == 2 and months != required:
        return gettext("attempt 2 comes when the average time is reached ({required} months)").format(
            required=_num(required)
        )
    if number == 3 and months <= required:
        return gettext("attempt 3 comes after the average time ({required} months), not at {months}").format(
            required=_num(required), months=_num(months)
        )
    return ""


@dataclass(frozen=True)
class Attempt:
    """One throw to master a course: the odds, which attempt, the roll and the outcome."""

    odds: LearningOdds
    number: int
    roll: Roll
    success: bool

    @property
    def last(self) -> bool:
        """True when this was the third and failed: the waiting period begins."""
        return self.number == ATTEMPTS and not self.success


def attempt(
    rng: Rng,
    odds: LearningOdds,
    number: int,
    *,
    given: int | None = None,
    leaving: bool = False,
) -> Attempt:
    """Throw two d20 read 01-100: at or under the failure chance fails (ruling "Education: the roll").

    `leaving` is the throw an apprentice gets when he leaves early (:307); it is not held to the timing.
    """
    if not leaving:
        problem = attempt_problem(number, odds.months, odds.required, odds.course.apprenticeship)
        if problem:
            raise UsageError(problem)
    roll = percentile(rng) if given is None else given_roll(given)
    return Attempt(odds, number, roll, roll.total > odds.failure)


def mastery_chance(failure_chances: list[Fraction]) -> Fraction:
    """The exact chance that at least one of these throws succeeds."""
    fail_all = Fraction(1)
    for chance in failure_chances:
        fail_all *= chance
    return 1 - fail_all


# ---------------------------------------------------------------------------------------------------
# Breaks


@dataclass(frozen=True)
class BreakRuling:
    """What a break in study costs: nothing, half the time and a year's income, or the apprenticeship."""

    outcome: str
    accumulated: Fraction
    lost: Fraction
    fine_gp: int
    source: str

    @property
    def kept(self) -> Fraction:
        """Months of study that still count."""
        return self.accumulated - self.lost


def study_break(
    choice: CourseChoice,
    accumulated: Fraction | int,
    longest_weeks: int,
    year_weeks: int,
    *,
    outside_activity: bool = False,
) -> BreakRuling:
    """Time lost from study: at most two weeks running and two months (8 weeks) in a year; past them,
    half the accumulated time is lost and a year of the course's income is owed (:281). An apprentice
    who takes up an outside activity (adventuring, leaving the area) breaks his apprenticeship at once
    (:297, :307); time lost to injury follows the limits, as the jeweler of the example does (ruling
    "Education: breaks in an apprenticeship")."""
    if longest_weeks < 0 or year_weeks < longest_weeks:
        raise UsageError(
            gettext("breaks of {longest} weeks running and {year} in the year do not fit together").format(
                longest=longest_weeks, year=year_weeks
            )
        )
    spent = Fraction(accumulated)
    if spent < 0:
        raise UsageError(gettext("accumulated months {months} cannot be negative").format(months=accumulated))
    info = facts(choice)
    if info.apprenticeship and outside_activity and year_weeks > 0:
        return BreakRuling("apprenticeship broken", spent, Fraction(0), 0, _source("297, 305-311"))
    if longest_weeks > LONGEST_BREAK_WEEKS or year_weeks > YEARLY_BREAK_WEEKS:
        return BreakRuling("penalised", spent, spent * BREAK_LOSS, info.income_gp, _source("281"))
    return BreakRuling("allowed", spent, Fraction(0), 0, _source("281"))


# ---------------------------------------------------------------------------------------------------
# Weapons: training and practice


def weapon_course(weapon: str) -> int:
    """The course that trains a weapon (its equivalents included); a `UsageError` names an unknown one."""
    key = " ".join(weapon.casefold().replace("2-hd", "two-handed").split())
    if key in WEAPON_COURSE:
        return WEAPON_COURSE[key]
    raise UsageError(
        gettext("weapon {weapon} has no training course; the weapons are {weapons}").format(
            weapon=repr(weapon), weapons=", ".join(WEAPON_COURSE)
        )
    )


def training_share(required: Fraction | int, months: Fraction | int, mastered: bool) -> Fraction:
    """The share of the base chance a fighter uses: all once mastered, 2/3 from half the course's time,
    1/3 before (:412-413)."""
    if mastered:
        return Fraction(1)
    if Fraction(months) >= Fraction(required) / 2:
        return HALF_TRAINED_SHARE
    return UNTRAINED_SHARE


def trained_base(base: int, share: Fraction) -> int:
    """The base chance at a share, fractions dropped: 40 gives 13 and 26 (:412-413; ruling
    "Education: weapon training")."""
    return int(base * share)


def character_weapon_share(character: Character, weapon: str, months: Fraction | int = 0) -> Fraction:
    """The share for a character: mastered if the weapon's course is done, else by the months studied."""
    number = weapon_course(weapon)
    choice = CourseChoice(number)
    required = required_months(choice, forester=character.has_course(FORESTER))
    return training_share(required, months, character.has_course(number))


def deterioration(base: int, months: int) -> tuple[int, ...]:
    """The skill month by month without practice: 10% of the current value lost each month, rounded
    to the nearest whole number, .5 up (40, 36, 32: :414-415)."""
    if base < 0 or months < 0:
        raise UsageError(
            gettext("value {value} and months {months} cannot be negative").format(value=base, months=months)
        )
    values = [base]
    for _ in range(months):
        current = values[-1]
        values.append(current - round_half_up(current * DETERIORATION))
    return tuple(values)


def practice_month(base: int, hours: float) -> int:
    """The skill after a month with `hours` of practice: kept at 12 hours or more, else 10% lost."""
    if hours < 0:
        raise UsageError(gettext("hours {hours} of practice cannot be negative").format(hours=hours))
    return base if hours >= PRACTICE_HOURS_PER_MONTH else deterioration(base, 1)[-1]
