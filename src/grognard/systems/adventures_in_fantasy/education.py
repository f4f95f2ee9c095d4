"""Education in play: the Basic Learning Formula, the three attempts, breaks, apprenticeships, weapons.

Pure functions of plain numbers, a `Character` and a seeded `Rng`; every die thrown is kept as a
`Roll`, every chance is exact (`Fraction`), and every result names the book's line. The course data is
Table B (`chargen.courses_chart`); starting education, which needs no learning roll, is in `chargen`.
Readings of the book are under "Education" in docs/rulings/adventures-in-fantasy.md.
Rulebook: 002_8449cbd1010a37a5.txt, lines 269-422.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pydantic import BaseModel, ConfigDict, Field

from grognard.engine.dice import Rng, Roll, percentile
from grognard.engine.errors import UsageError
from grognard.systems.adventures_in_fantasy.character import LANGUAGE_COURSES, Character
from grognard.systems.adventures_in_fantasy.chargen import (
    MONTHS_PER_YEAR,
    CourseChoice,
    Position,
    course,
    courses_chart,
    crafts_chart,
    ladder,
    missing_requisites,
    rank_for,
)
from grognard.systems.adventures_in_fantasy.checks import given_roll, round_half_up
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK, get_rollable

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

FORESTER = 25
FORESTER_HALF_TIME = (10, 14, 18)
"""A Forester learns bow, spear and dagger in half the time (:456)."""

LONGEST_BREAK_WEEKS = 2
YEARLY_BREAK_WEEKS = 2 * WEEKS_PER_MONTH
"""No break over two weeks running, nor over two months in a year (:281)."""

BREAK_LOSS = Fraction(1, 2)
"""A student past the limits loses half his accumulated time (:281)."""

RESTART_PAY = Fraction(1, 2)
"""A returned apprentice earns half the normal pay (:317)."""

KNOWLEDGE_KEPT = Fraction(1, 2)
"""Knowledge is kept while the time away is under half the time studied (:315)."""

REDEEM_PER_STATUS = 3
"""Buying forgiveness redeems the lost rank on status level x 3 % (:319)."""

FORGIVENESS_DIVISOR = 10
FORGIVENESS_FACTOR = 2
"""Forgiveness costs time required x yearly guild income / 10 x 2 (:321-327; ruling)."""

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


def required_months(choice: CourseChoice, *, repeat: bool = False, forester: bool = False) -> Fraction:
    """T: Table B's average time, halved for a Forester's bow, spear or dagger (:456) and halved
    again for a second time through the course (:293)."""
    months = Fraction(facts(choice).months)
    if forester and choice.number in FORESTER_HALF_TIME:
        months *= Fraction(1, 2)
    if repeat:
        months *= REPEAT_SHARE
    return months


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
        """The formula with its numbers, as the referee would write it."""
        extra = f" + {_num(self.penalty)} (waiting years)" if self.penalty else ""
        return (
            f"({_num(self.required)} / {_num(self.months)} x {self.course.complexity}) - "
            f"{self.intelligence}{extra} = {_num(self.formula)} -> {self.failure}% to fail"
        )


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
) -> LearningOdds:
    """The chance of failing a course after `months` of study (A) with Intelligence P.

    The formula's result is rounded half up (:415) and held within 0-100 (ruling "Education: the
    formula"); a second time through halves T and adds the first wait's penalty if it passed ten years.
    """
    if not 0 <= intelligence <= 100:
        raise UsageError(f"intelligence {intelligence} is not a rating from 0 to 100")
    spent = Fraction(months)
    if spent <= 0:
        raise UsageError(f"months {months} of study must be more than 0")
    info = facts(choice)
    required = required_months(choice, repeat=repeat, forester=forester)
    first = required_months(choice, forester=forester)
    penalty = waiting(first).penalty if repeat else Fraction(0)
    formula = required / spent * info.complexity - intelligence + penalty
    failure = max(0, min(100, round_half_up(formula)))
    return LearningOdds(info, required, spent, intelligence, penalty, formula, failure)


def attempt_problem(number: int, months: Fraction, required: Fraction, apprenticeship: bool) -> str:
    """Why attempt `number` may not be thrown after `months` of a course of T months ("" if it may):
    the first before T, the second at T, the third after it (:293); never an apprenticeship before T
    (:297)."""
    if number not in range(1, ATTEMPTS + 1):
        return f"attempt {number}: there are three attempts (1-3)"
    if number == 1 and months >= required:
        return f"attempt 1 comes before the average time ({_num(required)} months), not at {_num(months)}"
    if number == 1 and apprenticeship:
        return "attempt 1: an apprenticeship is never completed before its average time (line 297)"
    if number == 2 and months != required:
        return f"attempt 2 comes when the average time is reached ({_num(required)} months)"
    if number == 3 and months <= required:
        return f"attempt 3 comes after the average time ({_num(required)} months), not at {_num(months)}"
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
            f"breaks of {longest_weeks} weeks running and {year_weeks} in the year do not fit together"
        )
    spent = Fraction(accumulated)
    if spent < 0:
        raise UsageError(f"accumulated months {accumulated} cannot be negative")
    info = facts(choice)
    if info.apprenticeship and outside_activity and year_weeks > 0:
        return BreakRuling("apprenticeship broken", spent, Fraction(0), 0, _source("297, 305-311"))
    if longest_weeks > LONGEST_BREAK_WEEKS or year_weeks > YEARLY_BREAK_WEEKS:
        return BreakRuling("penalised", spent, spent * BREAK_LOSS, info.income_gp, _source("281"))
    return BreakRuling("allowed", spent, Fraction(0), 0, _source("281"))


# ---------------------------------------------------------------------------------------------------
# Ranks and the guild record


def _royal_ladder() -> tuple[Position, ...]:
    rows = get_rollable("social-status-100").rows
    found = []
    for row in rows:
        level = row.field("rank")
        assert isinstance(level, int)
        found.append(Position(str(row.field("position")), level, None, False, True, row.source))
    return tuple(sorted(found, key=lambda p: p.level))


def position_of(character: Character) -> Position:
    """The rank of Table A the character holds (matched by its number and royalty)."""
    for position in _royal_ladder() if character.royal else ladder():
        if position.level == character.rank:
            return position
    raise UsageError(f"rank {character.rank} of {character.position!r} is not a rank of Table A")


def rank_below(held: Position) -> Position:
    """One full rank lower: the next rank down Table A; a royal steps down the royal ranks and the
    lowest royal to the highest common rank beneath (ruling "Education: one full class"). A Serf
    stays a Serf."""
    common = ladder()
    if held.royal:
        lower = [p for p in _royal_ladder() if p.level < held.level]
        if lower:
            return lower[-1]
        beneath = [p for p in common if p.level < held.level]
        return beneath[-1] if beneath else common[0]
    beneath = [p for p in common if p.level < held.level]
    return beneath[-1] if beneath else held


def with_position(character: Character, position: Position, status_level: int) -> Character:
    """The character holding `position` at `status_level` (its side kept for a civilian/soldier pair)."""
    return character.model_copy(
        update={
            "status_level": status_level,
            "position": position.side(character.soldier),
            "rank": position.level,
            "royal": position.royal,
            "castle": position.castle,
            "rank_income_gp": position.income_gp,
        }
    )


class Model(BaseModel):
    """Frozen, unknown keys refused, exact JSON round trip."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Blackball(Model):
    """A broken apprenticeship not yet resolved: the course, the months studied, the rank before."""

    number: int = Field(ge=19, le=26)
    craft: str = ""
    months: int = Field(ge=0)
    status_level: int
    rank: int
    royal: bool = False


class GuildRecord(Model):
    """What the guilds remember of a character: an unresolved broken apprenticeship and the courses
    bought out by forgiveness, never to be taken again (:329)."""

    blackball: Blackball | None = None
    forgiven: tuple[str, ...] = ()

    def forbidden(self, choice: CourseChoice) -> bool:
        """True when forgiveness was bought for this course (and craft)."""
        return _key(choice) in self.forgiven


def _key(choice: CourseChoice) -> str:
    return f"{choice.number}:{choice.craft}" if choice.craft else str(choice.number)


def enrolment_problems(character: Character, record: GuildRecord, choice: CourseChoice) -> tuple[str, ...]:
    """Every reason the character may not begin `choice` now (empty: he may): requisites (:295),
    courses done (languages and crafts may repeat), blackballing from apprenticeships (:311), and
    courses bought out by forgiveness (:329)."""
    info = facts(choice)
    problems: list[str] = []
    done = [c.number for c in character.courses]
    missing = missing_requisites(choice.number, done)
    if missing:
        problems.append(f"needs course(s) {', '.join(map(str, missing))} first (line 295)")
    repeat = any(c.number == choice.number and c.craft == choice.craft for c in character.courses)
    if repeat and choice.number not in LANGUAGE_COURSES:
        problems.append(f"{info.label} is already mastered")
    if info.apprenticeship and record.blackball is not None:
        problems.append("blackballed by the guilds until the broken apprenticeship is resolved (line 311)")
    if record.forbidden(choice):
        problems.append(f"forgiveness was bought for {info.label}: never again (line 329)")
    return tuple(problems)


def complete_course(character: Character, choice: CourseChoice, months: int) -> Character:
    """The character with a course mastered: recorded, its social levels added and the rank following."""
    taken = course(choice).model_copy(update={"months": months})
    level = character.status_level + taken.social_levels
    held = position_of(character)
    raised = with_position(character, rank_for(level, held), level)
    return raised.model_copy(update={"courses": (*character.courses, taken)})


# ---------------------------------------------------------------------------------------------------
# Breaking an apprenticeship


@dataclass(frozen=True)
class Broken:
    """An apprenticeship broken: the throw to master it anyway, the rank lost, the guilds' blackball."""

    attempt: Attempt
    before: Position
    after: Position
    character: Character
    record: GuildRecord
    source: str = _source("305-311")


def break_apprenticeship(
    rng: Rng,
    character: Character,
    record: GuildRecord,
    choice: CourseChoice,
    months: int,
    *,
    given: int | None = None,
) -> Broken:
    """Leave an apprenticeship early: one throw of the formula with the months so far (:307); win or
    lose, the rank falls one class (:309) and the guilds blackball him (:311)."""
    info = facts(choice)
    if not info.apprenticeship:
        raise UsageError(f"{info.label} is not an apprenticeship (courses 19-26 are)")
    if record.blackball is not None:
        raise UsageError("an earlier broken apprenticeship is still unresolved")
    forester = character.has_course(FORESTER)
    odds = learning_odds(choice, character.characteristics.intelligence, months, forester=forester)
    thrown = attempt(rng, odds, 1, given=given, leaving=True)
    before = position_of(character)
    after = rank_below(before)
    changed = with_position(character, after, after.level if after != before else character.status_level)
    if thrown.success:
        changed = changed.model_copy(
            update={"courses": (*changed.courses, course(choice).model_copy(update={"months": months}))}
        )
    mark = Blackball(
        number=choice.number,
        craft=choice.craft,
        months=months,
        status_level=character.status_level,
        rank=character.rank,
        royal=character.royal,
    )
    return Broken(thrown, before, after, changed, record.model_copy(update={"blackball": mark}))


@dataclass(frozen=True)
class Restart:
    """Back to the master from day one: guild time starts again, knowledge kept or not, half pay."""

    studied: int
    away: int
    retained: bool
    pay_share: Fraction = RESTART_PAY
    source: str = _source("315-317")

    @property
    def knowledge_months(self) -> int:
        """Months that still count as study (A in the formula)."""
        return self.studied if self.retained else 0


def restart(studied: int, away: int) -> Restart:
    """Option 1: the guild counts him a novice again; his knowledge stays while the time away is
    under half the time studied (13 months studied: 6 away keeps it, :315)."""
    if studied < 0 or away < 0:
        raise UsageError(f"months studied {studied} and away {away} cannot be negative")
    return Restart(studied, away, Fraction(away) < Fraction(studied) * KNOWLEDGE_KEPT)


def resume(record: GuildRecord) -> GuildRecord:
    """The record once he is back at his apprenticeship: the blackball is lifted."""
    return record.model_copy(update={"blackball": None})


def forgiveness_cost(choice: CourseChoice) -> Fraction:
    """Time required x (the guild member's yearly income / 10) x 2, in GP (:321-327; ruling
    "Education: forgiveness")."""
    info = facts(choice)
    return Fraction(info.months) * Fraction(info.income_gp, FORGIVENESS_DIVISOR) * FORGIVENESS_FACTOR


@dataclass(frozen=True)
class Forgiveness:
    """Option 2: the master's forgiveness bought; the chance and throw to win the lost rank back."""

    course: CourseFacts
    cost_gp: Fraction
    status_level: int
    chance: int
    roll: Roll
    redeemed: bool
    source: str = _source("319-329")

    @property
    def redeem_chance(self) -> Fraction:
        """The exact chance of redeeming the rank."""
        return Fraction(min(100, self.chance), 100)


def forgiveness(
    rng: Rng, choice: CourseChoice, status_level: int, *, given: int | None = None
) -> Forgiveness:
    """Buy forgiveness: pay the cost; status level x 3 % (at or under on 01-100) redeems the rank."""
    info = facts(choice)
    if not info.apprenticeship:
        raise UsageError(f"{info.label} is not an apprenticeship (courses 19-26 are)")
    if status_level < 0:
        raise UsageError(f"status level {status_level} cannot be negative")
    roll = percentile(rng) if given is None else given_roll(given)
    chance = status_level * REDEEM_PER_STATUS
    return Forgiveness(info, forgiveness_cost(choice), status_level, chance, roll, roll.total <= chance)


def buy_forgiveness(
    rng: Rng, character: Character, record: GuildRecord, *, given: int | None = None
) -> tuple[Forgiveness, Character, GuildRecord]:
    """Resolve the blackball by forgiveness: funds paid (rounded up to whole GP), rank restored if
    redeemed, the blackball lifted and the course barred for ever (:319-329)."""
    mark = record.blackball
    if mark is None:
        raise UsageError("no broken apprenticeship to buy forgiveness for")
    choice = CourseChoice(mark.number, mark.craft)
    bought = forgiveness(rng, choice, character.status_level, given=given)
    cost = -(-bought.cost_gp.numerator // bought.cost_gp.denominator)
    if cost > character.funds_gp:
        raise UsageError(f"forgiveness costs {cost} GP; the character has {character.funds_gp}")
    changed = character.model_copy(update={"funds_gp": character.funds_gp - cost})
    if bought.redeemed:
        ranks = _royal_ladder() if mark.royal else ladder()
        old = next(p for p in ranks if p.level == mark.rank)
        changed = with_position(changed, old, mark.status_level)
    cleared = record.model_copy(update={"blackball": None, "forgiven": (*record.forgiven, _key(choice))})
    return bought, changed, cleared


# ---------------------------------------------------------------------------------------------------
# Weapons: training and practice


def weapon_course(weapon: str) -> int:
    """The course that trains a weapon (its equivalents included); a `UsageError` names an unknown one."""
    key = " ".join(weapon.casefold().replace("2-hd", "two-handed").split())
    if key in WEAPON_COURSE:
        return WEAPON_COURSE[key]
    raise UsageError(f"weapon {weapon!r} has no training course; the weapons are {', '.join(WEAPON_COURSE)}")


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
        raise UsageError(f"value {base} and months {months} cannot be negative")
    values = [base]
    for _ in range(months):
        current = values[-1]
        values.append(current - round_half_up(current * DETERIORATION))
    return tuple(values)


def practice_month(base: int, hours: float) -> int:
    """The skill after a month with `hours` of practice: kept at 12 hours or more, else 10% lost."""
    if hours < 0:
        raise UsageError(f"hours {hours} of practice cannot be negative")
    return base if hours >= PRACTICE_HOURS_PER_MONTH else deterioration(base, 1)[-1]
