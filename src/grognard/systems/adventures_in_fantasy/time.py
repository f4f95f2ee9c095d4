"""What passing time does to a kept character: a week's, a month's and a year's tasks.

The campaign (`campaign`) advances a week at a time. At the end of each week every character has a
list of tasks (`week_tasks`): illness and healing every week; course progress, practice and magical
service when a month ends; ageing, the Table of Death, income, the vacancy roll and forgetting old
losses when a Day of Tehuti passes. A task is either certain (`effect`) or a roll (`outcomes` gives
its exact outcomes, `throw` throws the real dice and names the outcome, `settle` applies it). Readings
are under "Campaign" in docs/rulings/adventures-in-fantasy.md. Rulebook: 002_8449cbd1010a37a5.txt.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, Field

from grognard.engine.dice.core import Rng, Roll
from grognard.engine.errors import UsageError
from grognard.engine.game import Outcome
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.apprenticeship import complete_course
from grognard.systems.adventures_in_fantasy.calendar import DAYS_IN_WEEK, Date
from grognard.systems.adventures_in_fantasy.character import Character
from grognard.systems.adventures_in_fantasy.chargen import CourseChoice
from grognard.systems.adventures_in_fantasy.checks import (
    Aging,
    chance,
    death_roll,
    grow_old,
    old_age_loss,
    recovery_week,
    sickness,
)
from grognard.systems.adventures_in_fantasy.education import (
    FORESTER,
    LearningOdds,
    attempt,
    facts,
    learning_odds,
    practice_month,
    required_months,
    waiting,
)
from grognard.systems.adventures_in_fantasy.experience import (
    Alignment,
    Reputation,
    next_rank,
    outside_the_ranks,
    promote,
    service_fees,
    vacancy_probability,
    vacancy_roll,
)
from grognard.systems.adventures_in_fantasy.hirelings import Band
from grognard.systems.adventures_in_fantasy.lands import Land, revenue
from grognard.systems.adventures_in_fantasy.lookups import death_chance
from grognard.systems.adventures_in_fantasy.tables import RULEBOOK

Task: TypeAlias = Literal[
    "ill", "heal", "study", "practice", "service", "age", "death", "income", "vacancy", "forget"
]
"""One thing passing time does to one character."""

ROLLED: frozenset[Task] = frozenset({"heal", "study", "death", "vacancy"})
"""The tasks that throw dice."""

ILL = "ill-"


class Model(BaseModel):
    """Frozen, unknown keys refused, exact JSON round trip."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Study(Model):
    """A course being studied: Table B's number (and craft), whole months studied, attempts thrown."""

    number: int = Field(ge=1, le=26)
    craft: str = ""
    months: int = Field(default=0, ge=0)
    attempts: int = Field(default=0, ge=0, le=2)
    repeat: bool = False

    @property
    def choice(self) -> CourseChoice:
        """The course as education's functions take it."""
        return CourseChoice(self.number, self.craft)


class Skill(Model):
    """A weapon skill kept up by practice: its base chance, and whether 12 hours a month are put in."""

    name: str
    base: int = Field(ge=0)
    practised: bool = True


class Member(Model):
    """A kept character and what the campaign knows beyond the sheet: alignment, exact experience,
    reputation, illness, the last promotion's year, a course, skills, magical service, silver and copper
    (gold is on the sheet), men, lands held."""

    character: Character
    alignment: Alignment = ""
    experience: Fraction = Fraction(0)
    reputation: Reputation = Reputation()
    ill_weeks: int = Field(default=0, ge=0)
    last_promotion_year: int | None = None
    study: Study | None = None
    skills: tuple[Skill, ...] = ()
    service_weeks: int = Field(default=0, ge=0, le=4)
    silver: int = Field(default=0, ge=0)
    copper: int = Field(default=0, ge=0)
    band: Band = Band()
    lands: tuple[Land, ...] = ()
    seed: int | None = None

    @property
    def name(self) -> str:
        """The character's name."""
        return self.character.name or "(unnamed)"

    @property
    def alive(self) -> bool:
        """False once dead."""
        return self.character.alive

    def with_character(self, character: Character) -> Member:
        """The member with the sheet replaced."""
        return self.model_copy(update={"character": character})


@dataclass(frozen=True)
class Rules:
    """The optional rules of passing time: old age's toll, sickness costing Health, castles to award,
    and whether vacancies are rolled yearly."""

    aging: Aging = "yearly"
    sickness_health_loss: bool = False
    castles: bool = True
    vacancies: bool = True


@dataclass(frozen=True)
class Event:
    """One thing that happened: the date, the character (by index and name), what, and the book's line.
    `rolled` events are the outcome of a chance move, whose dice the move record keeps."""

    date: str
    member: int
    name: str
    label: str
    text: str
    source: str
    rolled: bool = False

    def line(self) -> str:
        """The event as one line of text."""
        where = f" ({self.source})" if self.source else ""
        return f"{self.date} {self.name}: {self.label}: {self.text}{where}"


def _src(lines: str) -> str:
    return f"{RULEBOOK}:{lines}"


def _month_key(ordinal: int) -> tuple[int, int]:
    date = Date.from_ordinal(ordinal)
    return date.year, max(date.month, 1)


def crossings(day: int) -> tuple[bool, bool]:
    """Whether the week from `day` ends a month and whether it passes a Day of Tehuti (a new year)."""
    end = day + DAYS_IN_WEEK
    return _month_key(day) != _month_key(end), Date.from_ordinal(day).year != Date.from_ordinal(end).year


def week_tasks(day: int, members: int) -> tuple[tuple[Task, int], ...]:
    """The tasks of the week that starts on `day`, in order, for `members` characters."""
    month, year = crossings(day)
    kinds: list[Task] = ["ill", "heal"]
    if month:
        kinds += ["study", "practice", "service"]
    if year:
        kinds += ["age", "death", "income", "vacancy", "forget"]
    return tuple((kind, i) for i in range(members) for kind in kinds)


# ---------------------------------------------------------------------------------------------------
# Rolled tasks


def _odds(member: Member) -> tuple[LearningOdds, int]:
    study = member.study
    assert study is not None
    forester = member.character.has_course(FORESTER)
    required = required_months(study.choice, repeat=study.repeat, forester=forester)
    number = 2 if study.attempts == 0 else 3
    months = required if number == 2 else Fraction(study.months)
    intelligence = min(100, member.character.characteristics.intelligence)
    return learning_odds(study.choice, intelligence, months, repeat=study.repeat, forester=forester), number


def _attempt_due(member: Member) -> bool:
    study = member.study
    if study is None:
        return False
    forester = member.character.has_course(FORESTER)
    required = required_months(study.choice, repeat=study.repeat, forester=forester)
    return (study.attempts == 0 and study.months >= required) or (
        study.attempts == 1 and study.months > required
    )


def _studied(member: Member) -> Member:
    """A month of study added (the course's month counter runs before its throw)."""
    assert member.study is not None
    return member.model_copy(
        update={"study": member.study.model_copy(update={"months": member.study.months + 1})}
    )


def _may_rise(member: Member, rules: Rules, year: int) -> bool:
    c = member.character
    return (
        rules.vacancies
        and next_rank(c) is not None
        and not outside_the_ranks(member.alignment, c.magician)
        and member.last_promotion_year != year
    )


def outcomes(task: Task, member: Member, rules: Rules, year: int) -> tuple[tuple[Outcome, Fraction], ...]:
    """The exact outcomes of a rolled task (empty when it does not apply to this member now). For
    "study" the month is taken as already added."""
    if not member.alive:
        return ()
    c = member.character
    pairs: list[tuple[Outcome, Fraction]] = []
    if task == "heal" and c.wounds > 0:
        p = chance(c.characteristics.health)
        pairs = [("cured", p), ("not-cured", 1 - p)]
    elif task == "study" and _attempt_due(_studied(member) if member.study else member):
        odds, _ = _odds(_studied(member))
        pairs = [("mastered", odds.success_chance), ("failed", odds.failure_chance)]
    elif task == "death":
        risk = Fraction(death_chance(c.age), 100)
        save = chance(c.characteristics.health)
        pairs = [("safe", 1 - risk), *((f"{ILL}{k}", risk * save / 6) for k in range(1, 7))]
        pairs.append(("died", risk * (1 - save)))
    elif task == "vacancy" and _may_rise(member, rules, year):
        p = vacancy_probability()
        pairs = [("vacancy", p), ("no-vacancy", 1 - p)]
    return tuple((o, p) for o, p in pairs if p > 0)


def throw(task: Task, member: Member, rules: Rules, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
    """Throw the real dice of a rolled task and name its outcome, by the rule `outcomes` counts."""
    c = member.character
    if task == "heal":
        done = recovery_week(rng, c.characteristics.health)
        return ("cured" if done.success else "not-cured"), (done.roll,)
    if task == "study":
        odds, number = _odds(_studied(member))
        tried = attempt(rng, odds, number)
        return ("mastered" if tried.success else "failed"), (tried.roll,)
    if task == "death":
        year = death_roll(rng, c.age, c.characteristics.health, aging=rules.aging)
        if year.died:
            return "died", year.rolls
        if year.illness is not None:
            return f"{ILL}{year.illness.total}", year.rolls
        return "safe", year.rolls
    if task == "vacancy":
        found = vacancy_roll(rng)
        return ("vacancy" if found.open else "no-vacancy"), (found.roll,)
    raise UsageError(gettext("task {task} throws no dice").format(task=repr(task)))


def settle(
    task: Task, member: Member, outcome: Outcome, rules: Rules, date: Date
) -> tuple[Member, tuple[str, str, str]]:
    """Apply a rolled task's outcome: the member after it and (label, text, source) to show."""
    c = member.character
    if task == "heal":
        if outcome == "cured":
            healed = c.wounded(-1)
            return member.with_character(healed), (
                "Recovery",
                f"one hit point cured, {healed.wounds} wounds left",
                _src("176-178"),
            )
        return member, ("Recovery", f"not cured, {c.wounds} wounds remain", _src("176-178"))
    if task == "study":
        return _settle_study(_studied(member), outcome == "mastered")
    if task == "death":
        return _settle_death(member, str(outcome), rules)
    if task == "vacancy":
        done = promote(
            c,
            vacancy=outcome == "vacancy",
            year=date.year,
            last_promotion_year=member.last_promotion_year,
            alignment=member.alignment,
            castles=rules.castles,
        )
        moved = member.with_character(done.character)
        if done.promoted:
            moved = moved.model_copy(update={"last_promotion_year": date.year})
        return moved, ("Vacancy", done.reason, done.source)
    raise UsageError(gettext("task {task} throws no dice").format(task=repr(task)))


def _settle_study(member: Member, mastered: bool) -> tuple[Member, tuple[str, str, str]]:
    study = member.study
    assert study is not None
    odds, number = _odds(member)
    label = f"Course {facts(study.choice).label}, attempt {number}"
    if mastered:
        done = complete_course(member.character, study.choice, study.months)
        text = f"{odds.written()}: mastered after {study.months} months"
        return member.with_character(done).model_copy(update={"study": None}), (label, text, odds.source)
    if number == 2:
        tried = study.model_copy(update={"attempts": 1})
        return member.model_copy(update={"study": tried}), (label, f"{odds.written()}: failed", odds.source)
    wait = waiting(required_months(study.choice, forester=member.character.has_course(FORESTER)))
    text = f"{odds.written()}: failed the third time; wait {float(wait.months):g} months before trying again"
    return member.model_copy(update={"study": None}), (label, text, wait.source)


def _settle_death(member: Member, outcome: str, rules: Rules) -> tuple[Member, tuple[str, str, str]]:
    c = member.character
    label = f"Table of Death at {c.age}"
    if outcome == "died":
        return member.with_character(c.model_copy(update={"alive": False})), (label, "died", _src("239-241"))
    text = "safe"
    if outcome.startswith(ILL):
        weeks = int(outcome.removeprefix(ILL))
        text = f"saved against Health: ill {weeks} week(s)"
        if rules.sickness_health_loss:
            c = sickness(c, weeks)
            text += f", Health falls to {c.characteristics.health}"
        member = member.model_copy(update={"ill_weeks": member.ill_weeks + weeks})
    loss = old_age_loss(c.age, rules.aging)
    if loss:
        c = grow_old(c, loss)
        text += f"; old age: -{loss} to every physical characteristic"
    return member.with_character(c), (label, text, _src("239-255"))


# ---------------------------------------------------------------------------------------------------
# Certain tasks


def effect(
    task: Task, member: Member, rules: Rules, date: Date
) -> tuple[Member, tuple[str, str, str] | None]:
    """Apply a task without dice: the member after it and what to show (None when nothing happened).
    "study" here is a month of study with no throw due."""
    if not member.alive:
        return member, None
    c = member.character
    if task == "ill" and member.ill_weeks:
        left = member.ill_weeks - 1
        return member.model_copy(update={"ill_weeks": left}), (
            "Illness",
            f"{left} week(s) still to go",
            _src("241"),
        )
    if task == "study" and member.study is not None:
        studied = _studied(member)
        assert studied.study is not None
        return studied, (
            "Course",
            f"{facts(studied.study.choice).label}: {studied.study.months} months",
            _src("281"),
        )
    if task == "practice" and member.skills:
        return _practice(member)
    if task == "service" and member.service_weeks and c.magician:
        fee = service_fees(c.experience_level, c.status_level, member.service_weeks)
        text = f"{member.service_weeks} week(s) of magical service: {fee} SP"
        return member.model_copy(update={"silver": member.silver + fee}), ("Fees", text, _src("1862"))
    if task == "age":
        return member.with_character(c.model_copy(update={"age": c.age + 1})), (
            "Age",
            f"now {c.age + 1}",
            _src("251"),
        )
    if task == "income" and (c.yearly_income_gp or revenue(member.lands)):
        paid = c.yearly_income_gp + revenue(member.lands)
        funds = c.funds_gp + paid
        parts = [f"{c.yearly_income_gp} GP by his rank and courses"] if c.yearly_income_gp else []
        parts += [f"{k.revenue_gp:,} GP from {k.name}" for k in member.lands]
        text = f"{paid:,} GP for the year ({'; '.join(parts)}), funds {funds:,} GP"
        lines = "194-213, 1860, 1411" if member.lands else "194-213, 1860"
        return member.with_character(c.model_copy(update={"funds_gp": funds})), ("Income", text, _src(lines))
    if task == "forget":
        band = member.band.forget(date.ordinal)
        if band != member.band:
            return member.model_copy(update={"band": band}), ("Hirelings", "losses forgotten", _src("1898"))
    return member, None


def _practice(member: Member) -> tuple[Member, tuple[str, str, str] | None]:
    kept: list[Skill] = []
    changed: list[str] = []
    for skill in member.skills:
        if skill.practised:
            kept.append(skill)
            continue
        after = practice_month(skill.base, 0)
        changed.append(f"{skill.name} {skill.base} -> {after}")
        kept.append(skill.model_copy(update={"base": after}))
    if not changed:
        return member, None
    return member.model_copy(update={"skills": tuple(kept)}), (
        "Practice",
        "unpractised: " + ", ".join(changed),
        _src("414-415"),
    )
